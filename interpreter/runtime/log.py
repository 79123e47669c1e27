"""What the game log holds: one immutable record per line.

A log line is never changed once written, but for a choice line's readers (settled
once its effects are known; a copy of a game gets its own unsettled lines), so copies
of a game share their log lines.
Cards in a message stay cards, so each reader sees only what they may: a
``SeenCard`` remembers who knew the card when the line was written; a bare card
(in a decision's prompt) is shown to whoever knows it when the line is read, until the
line is settled: then it is kept as a ``SeenCard`` too.

Plain ``__slots__`` classes rather than attrs: the log is written on every decision.

Every line but a card's ``SeenCard`` knows where in the rules it comes from: ``at`` is the
index of that place in the compiled rules' ``origins`` (the ``log``, ``choose``, ``win``...
statement, the ``turn`` or the ``end when``), or None (an older save). That is what
"why?" explains.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import final

from interpreter.runtime.values import Card, Seat, Value


class _Record:
    __slots__: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, f) == getattr(other, f) for f in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, f) for f in self.__slots__))

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__slots__)
        return f"{type(self).__name__}({fields})"


@final
class SeenCard(_Record):
    """A card in a message, and the seats that knew its face when the line was written."""
    __slots__ = ("card", "mask")

    def __init__(self, card: Card, mask: int):
        self.card, self.mask = card, mask


@final  # so ``type(line) is Header`` tells the rest apart too (views.render)
class Header(_Record):
    """``-- turn 3: P1 --``. Made blank and filled in (``Header.of(text)``): a class
    with no ``__init__`` is made without a Python call, once a turn."""
    __slots__ = ("text", "at")
    text: str
    at: int | None  # its place among the compiled rules' origins ("why?")

    @staticmethod
    def of(text: str, at: int | None = None) -> Header:
        line = Header()
        line.text, line.at = text, at
        return line


@final
class Message(_Record):
    """A ``log`` statement's line: texts and ``SeenCard`` parts. Made blank and filled in
    (``Message.of(parts)``, or field by field in generated code), as ``Header``."""
    __slots__ = ("parts", "at")
    parts: Sequence[str | SeenCard]
    at: int | None

    @staticmethod
    def of(parts: Sequence[str | SeenCard], at: int | None = None) -> Message:
        line = Message()
        line.parts, line.at = parts, at
        return line


@final
class Choice(_Record):
    """A decision taken: who, the prompt, the move's notation, the cards it names, and
    the seats that may read the move (its chooser alone until it is settled).

    The one record that changes: its ``mask`` (and its prompt's cards, kept with who knew
    them) when it is settled. Only a game's unsettled
    lines do, and a copy of a game gets its own of those (``copied``), so no two games
    ever share a line that can still change.

    Made blank and filled in (``Choice.of(...)``, or field by field where a move is
    played): a class with no ``__init__`` is made without a Python call."""
    __slots__ = ("seat", "prompt", "notation", "named", "mask", "at")
    seat: Seat
    prompt: tuple[Value, ...]  # texts and cards (bare: shown to whoever knows them when read)
    notation: str
    named: tuple[Card, ...]
    mask: int
    at: int | None

    @staticmethod
    def of(seat: Seat, prompt: tuple[Value, ...], notation: str, named: tuple[Card, ...],
           mask: int, at: int | None = None) -> Choice:
        line = Choice()
        line.seat, line.prompt, line.notation, line.named, line.mask = (
            seat, prompt, notation, named, mask)
        line.at = at
        return line

    def copied(self) -> Choice:
        return Choice.of(self.seat, self.prompt, self.notation, self.named, self.mask, self.at)


@final
class Ending(_Record):
    """``== game over: ...``"""
    __slots__ = ("text", "at")

    def __init__(self, text: str, at: int | None = None):
        self.text, self.at = text, at
