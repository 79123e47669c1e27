"""The bots that do not look ahead, and how any bot reads what it is handed."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from interpreter.runtime.knowledge import SeatKnowledge, seat_knowledge

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Move
    from interpreter.runtime.engine import Game


class Bot(Protocol):
    """What every bot is: it chooses one of its seat's legal moves."""

    def choose(self, given: SeatKnowledge | Game) -> Move: ...


def knowledge_of(given: SeatKnowledge | Game) -> SeatKnowledge:
    """The seat's knowledge, from a host that handed the game itself."""
    return given if isinstance(given, SeatKnowledge) else seat_knowledge(given)


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, given: SeatKnowledge | Game) -> Move:
        moves = knowledge_of(given).moves
        return moves[self.rng.randrange(len(moves))]


class FirstBot:
    """Always the first legal move: fully predictable, handy for demos and tests."""

    def choose(self, given: SeatKnowledge | Game) -> Move:
        return knowledge_of(given).moves[0]
