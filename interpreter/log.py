"""What the game log holds: one immutable record per line.

A log line is never changed once written (a choice line's readers are settled by
writing a new record in its place), so copies of a game share their log lines.
Cards in a message stay cards, so each reader sees only what they may: a
``SeenCard`` remembers who knew the card when the line was written; a bare card
(in a decision's prompt) is shown to whoever knows it when the line is read.
"""
from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class SeenCard:
    card: object
    mask: int  # the seats that knew its face when the line was written


@attrs.frozen(slots=True)
class Header:
    """``-- turn 3: P1 --``"""
    text: str


@attrs.frozen(slots=True)
class Message:
    """A ``log`` statement's line: texts and ``SeenCard`` parts."""
    parts: tuple


@attrs.frozen(slots=True)
class Choice:
    """A decision taken: who, the prompt, the move's notation, the cards it names, and
    the seats that may read the move (its chooser alone until it is settled)."""
    seat: int
    prompt: tuple
    notation: str
    named: tuple
    mask: int


@attrs.frozen(slots=True)
class Ending:
    """``== game over: ...``"""
    text: str
