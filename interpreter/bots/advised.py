"""The advice bot: plays what the rules advise (``prefer``), from its seat's knowledge.

It asks the advice of one sample of its seat's knowledge (a sample, never the host's game,
so advice that reads a hidden card reads a guess at it, as for every bot) and plays one of
the best advised moves, at random among them; with no advice at a decision, a move at
random. It does not look ahead: a decision costs one sample and the advice. It is the
rules' advice alone, for an author to see what the advice is worth and for a designer's
quick simulation of a cooperative game (``--bots advice``).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from interpreter.bots.policy import Policy
from interpreter.bots.simple import knowledge_of

# the best advised of every move, not of 40 taken at random as a playout's policy does: of a
# bid of 0 to 100, the bid the rules advise
EVERY = 1 << 30

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Move
    from interpreter.runtime.engine import Game
    from interpreter.runtime.knowledge import SeatKnowledge


class AdviceBot:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.policy = Policy(self.rng, explore=0.0, most=EVERY)

    def choose(self, given: SeatKnowledge | Game) -> Move:
        knowledge = knowledge_of(given)
        moves = knowledge.moves
        if len(moves) == 1:
            return moves[0]
        move = advised(knowledge, self.rng, self.policy)
        return moves[self.rng.randrange(len(moves))] if move is None else move


def advised(knowledge: SeatKnowledge, rng: random.Random, policy: Policy | None = None
            ) -> Move | None:
    """One of the best advised moves at the seat's decision (at random among equals), worked
    out on one sample of its knowledge; None where the rules give that decision no advice
    (no ``prefer``). What the advice bot plays, and what a person asking for a suggestion
    is told."""
    world = knowledge.sample(rng)
    assert world.pending is not None  # (the seat's decision waits in its sample)
    if world.pending.site.prefer is None:
        return None
    notation = world.pending.notations[(policy or Policy(rng, explore=0.0, most=EVERY)).pick(world)]
    return next(m for m in knowledge.moves if m.notation == notation)
