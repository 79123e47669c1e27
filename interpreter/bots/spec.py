"""A bot as the command line and the browser name it: a kind, and for a kind that looks
ahead, its budget per decision (``mcts:16``: 16 playouts; ``greedy:100``: 100 looks).

One parser for every front (``run``, ``simulate``, ``compare``, ``serve``, the lobby): a
budget is a count, not a time, so a game played with it still replays from its seed (unlike
``--think``). A spec that is not one says what to write instead.
"""
from __future__ import annotations

import attrs

# kinds that look ahead, and what a number after their name counts (README, Bots)
BUDGETS = {"mcts": "playouts", "greedy": "looks"}
MOST = 1_000_000  # a budget above this is a typing slip (hours a decision), not a choice


class BotSpecError(ValueError):
    """A bot spec that names no bot: its message says what to write."""


@attrs.frozen
class BotSpec:
    kind: str  # a kind of bot: "mcts"
    budget: int | None = None  # its playouts (mcts) or looks (greedy) per decision; None: its own

    @property
    def text(self) -> str:
        """As written on the command line: ``mcts`` or ``mcts:16``."""
        return self.kind if self.budget is None else f"{self.kind}:{self.budget}"


def parse_bot(text: str, kinds: tuple[str, ...], noun: str = "a bot") -> BotSpec:
    """``text`` (``mcts``, ``mcts:16``) as a bot among ``kinds`` (which may hold other words
    a front takes, ``human``: ``noun`` says what they are together); a ``BotSpecError`` saying
    what to write if it is none."""
    written = str(text).strip()
    kind, sep, number = written.partition(":")
    kind = kind.strip()
    if kind not in kinds:
        raise BotSpecError(f"'{written}' is not {noun}: write one of {', '.join(kinds)}"
                           f"{budget_hint(kinds)}")
    if not sep:
        return BotSpec(kind)
    if kind not in BUDGETS:
        article = "an" if kind[:1] in "aeiou" else "a"
        raise BotSpecError(f"'{written}': {article} {kind} bot takes no budget (it does not look "
                           f"ahead): write {kind}{budget_hint(kinds)}")
    number = number.strip()
    if not number.isdecimal() or not 1 <= int(number) <= MOST:
        raise BotSpecError(f"'{written}': after '{kind}:' write its {BUDGETS[kind]} per "
                           f"decision, a whole number from 1 to {MOST:,} ({kind}:16)")
    return BotSpec(kind, int(number))


def budget_hint(kinds: tuple[str, ...]) -> str:
    """How a budget is written, where ``kinds`` has a kind that takes one."""
    able = [k for k in BUDGETS if k in kinds]
    if not able:
        return ""
    return (f"; {' and '.join(able)} take a budget per decision after a colon: "
            + ", ".join(f"{k}:N for N {BUDGETS[k]}" for k in able))
