"""Players that need no person: each picks one of its seat's legal moves.

A bot is handed what its seat may know (``interpreter.knowledge.SeatKnowledge``: its
moves, its view and ``sample(rng)``), never the host's game: look-ahead plays on samples,
games consistent with that seat's knowledge, so no bot can see a hidden card. A host may
still pass the game itself to ``choose``: the bot turns it into its seat's knowledge before
anything else reads it.

Kinds (``make_bot``): ``random``, ``first``, ``greedy`` (one look at each move, on a few
samples, aiming at the rules' ``heuristic``) and ``mcts`` (information-set Monte Carlo tree
search). In a cooperative game every kind that looks ahead plays for the team's result.
"""
from __future__ import annotations

import random

from interpreter.knowledge import SeatKnowledge, seat_knowledge


def knowledge_of(given) -> SeatKnowledge:
    """The seat's knowledge, from a host that handed the game itself."""
    return given if isinstance(given, SeatKnowledge) else seat_knowledge(given)


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, given):
        moves = knowledge_of(given).moves
        return moves[self.rng.randrange(len(moves))]


class FirstBot:
    """Always the first legal move: fully predictable, handy for demos and tests."""

    def choose(self, given):
        return knowledge_of(given).moves[0]


from interpreter.bots.greedy import GreedyBot  # noqa: E402 (they use knowledge_of above)
from interpreter.bots.mcts import MctsBot  # noqa: E402
from interpreter.bots.scoring import heuristic  # noqa: E402,F401 (where callers find it)

KINDS = {"random": RandomBot, "first": FirstBot, "greedy": GreedyBot, "mcts": MctsBot}
THINKING = ("greedy", "mcts")  # kinds that look ahead: --think SECONDS applies to them
PARTNER = "mcts"  # the default partner in a cooperative game (see rulelang.cli.common)


def make_bot(kind: str, seed: int, think: float | None = None):
    """A bot of ``kind`` with its own generator; ``think`` (seconds per decision) replaces a
    thinking bot's fixed budget by a time limit (then its games are no longer reproducible)."""
    if kind == "first":
        return FirstBot()
    if kind not in KINDS:
        raise ValueError(f"no bot kind {kind!r}: the kinds are {', '.join(KINDS)}")
    if kind in THINKING and think is not None:
        return KINDS[kind](seed, think=think)
    return KINDS[kind](seed)
