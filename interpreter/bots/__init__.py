"""Players that need no person: each picks one of its seat's legal moves.

A bot is handed what its seat may know (``interpreter.runtime.knowledge.SeatKnowledge``: its
moves, its view and ``sample(rng)``), never the host's game: look-ahead plays on samples,
games consistent with that seat's knowledge, so no bot can see a hidden card. A host may
still pass the game itself to ``choose``: the bot turns it into its seat's knowledge before
anything else reads it.

Kinds (``make_bot``): ``random``, ``first``, ``advice`` (the rules' advice alone), ``greedy``
(one look at each move, on a few samples, aiming at the rules' ``heuristic``) and ``mcts``
(information-set Monte Carlo tree search). In a cooperative game every kind that looks ahead
plays for the team's result.
"""
from __future__ import annotations

from collections.abc import Callable

from interpreter.bots.advised import AdviceBot
from interpreter.bots.greedy import GreedyBot
from interpreter.bots.mcts import MctsBot
from interpreter.bots.scoring import heuristic
from interpreter.bots.simple import Bot, FirstBot, RandomBot, knowledge_of
from interpreter.bots.spec import BotSpec, BotSpecError, parse_bot
from rulelang.language.errors import RulesError

__all__ = ["KINDS", "PARTNER", "THINKING", "AdviceBot", "BotSpec", "BotSpecError", "FirstBot",
           "GreedyBot", "MctsBot", "RandomBot", "heuristic", "knowledge_of", "make_bot", "parse_bot",
           "thinks"]

KINDS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "first": FirstBot, "greedy": GreedyBot,
                                        "mcts": MctsBot, "advice": AdviceBot}
THINKING = ("greedy", "mcts")  # kinds that look ahead: --think SECONDS applies to them
PARTNER = "mcts"  # the default partner in a cooperative game (see rulelang.play.cli.common)


def thinks(kind: str) -> bool:
    """Whether the bot written ``kind`` (``mcts``, ``mcts:16``) looks ahead."""
    return kind.partition(":")[0].strip() in THINKING


def make_bot(kind: str, seed: int, think: float | None = None) -> Bot:
    """A bot of ``kind`` with its own generator: a kind, or a thinking kind with its budget
    per decision (``mcts:16``, ``greedy:100``: ``spec.parse_bot``); ``think`` (seconds per
    decision) replaces a thinking bot's budget by a time limit (then its games are no longer
    reproducible)."""
    spec = parse_bot(kind, tuple(KINDS))  # (a BotSpecError, a ValueError, says what to write)
    if spec.kind == "first":
        return FirstBot()
    budget = {} if spec.budget is None else \
        {"playouts" if spec.kind == "mcts" else "budget": spec.budget}
    if spec.kind in THINKING and think is not None:
        if not isinstance(think, (int, float)) or not 0 < think < float("inf"):
            # nan passes every comparison of a deadline: the bot would think for ever
            raise RulesError(f"a bot thinks for a number of seconds above 0, not {think!r}")
        return KINDS[spec.kind](seed, think=think, **budget)
    return KINDS[spec.kind](seed, **budget)
