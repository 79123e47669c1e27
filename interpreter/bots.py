"""Players that need no person: each picks one of the legal moves.

A bot sees the game only through ``legal_moves()`` and what its own moves lead
to. The greedy bot looks ahead by playing each move on a copy of the game
(``game.copy``, which keeps no log); in that copy all chance to come is redrawn
from the bot's own generator, so it cannot peek at a shuffle that has not
happened yet; and in a simultaneous choice, the other seats' answers are dropped
from the copy and drawn at random, so it cannot peek at them either.
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


class GreedyBot:
    """Plays the move after which the ruleset's ``heuristic`` is best for its seat.

    A win counts above everything, a loss below (the heuristic then breaks ties
    between wins, or between losses). When its move leads straight
    to another decision of its own (a card, then where to play it), it looks
    through that one too, within a budget of copies. Ties are broken at random.
    Without a heuristic in the ruleset it plays like the random bot.
    """

    def __init__(self, seed: int = 0, depth: int = 3, budget: int = 400):
        self.rng = random.Random(seed)
        self.depth, self.budget = depth, budget

    def choose(self, game):
        moves = game.legal_moves()
        if len(moves) == 1 or game.rules.heuristic is None:
            return moves[self.rng.randrange(len(moves))]
        self.left = self.budget
        seat = game.to_move
        scored = [(self.value_after(game, move, seat, self.depth), i) for i, move in enumerate(moves)]
        best = max(v for v, _ in scored)
        return moves[self.rng.choice([i for v, i in scored if v == best])]

    def value_after(self, game, move, seat, depth):
        copy = game.copy(logging=False, seed=self.rng.getrandbits(64))
        group = copy.group
        if group is None:
            copy.apply(move.index)
        else:  # a simultaneous choice: what the others chose is not the bot's to know
            copy.forget_choices(seat)
            copy.apply(move.index, seat)
            while copy.group is group:
                moves = copy.legal_moves()
                copy.apply(self.rng.randrange(len(moves)))
        self.left -= 1
        if copy.is_over:
            return (_result(copy, seat), heuristic(copy, seat))
        if depth > 1 and copy.to_move == seat and self.left > 0:
            moves = copy.legal_moves()
            if len(moves) <= self.left:
                return max(self.value_after(copy, m, seat, depth - 1) for m in moves)
        return (1, heuristic(copy, seat))


def heuristic(game, seat) -> int:
    expr, per_seat = game.rules.heuristic
    return game.guard(lambda: expr(game, game.players[seat]) if per_seat else expr(game)) or 0


def _result(game, seat) -> int:
    """2 for a win, 1 for a draw (as good as a game still going), 0 for a loss."""
    outcome = game.outcome
    if outcome["result"] == "draw":
        return 1
    return 2 if seat in outcome["winners"] else 0


KINDS = {"random": RandomBot, "first": FirstBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int):
    if kind == "first":
        return FirstBot()
    return KINDS[kind](seed)
