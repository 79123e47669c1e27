"""Players that need no person: each picks one of the legal moves.

Bots only ever look at ``game.legal_moves()`` (and, for smarter bots later, the
seat's own ``view``), never at hidden state.
"""
from __future__ import annotations

import random


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game):
        moves = game.legal_moves()
        return moves[self.rng.randrange(len(moves))]


class FirstBot:
    """Always the first legal move: fully predictable, handy for demos and tests."""

    def choose(self, game):
        return game.legal_moves()[0]


KINDS = {"random": RandomBot, "first": FirstBot}


def make_bot(kind: str, seed: int):
    if kind == "random":
        return RandomBot(seed)
    return KINDS[kind]()
