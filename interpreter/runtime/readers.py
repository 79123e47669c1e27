"""Who reads a view or a message, and a message's parts as one reader may read them: a
card it does not know by its kind only (``render_parts``); a choice's ``shown`` texts as its
chooser reads them (``shown_texts``)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from interpreter.runtime.log import SeenCard
from interpreter.runtime.values import Card, Value

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game


class Public:
    """The seat of a spectator's view: it sees what every seat sees, and no more."""
    def __init__(self, everyone: int):
        self.everyone = everyone


Reader = int | Public | None  # a seat, a spectator, or None: the host, who reads everything


def sees(mask: int, seat: Reader) -> bool:
    """Whether ``seat`` (None: the host) may read what the seats in ``mask`` may read."""
    if seat is None:
        return True
    if isinstance(seat, Public):
        return mask & seat.everyone == seat.everyone
    return bool(mask >> seat & 1)


def knows(g: Game, card: Card, seat: Reader) -> bool:
    return sees(g.known[card.id], seat)


def shown_texts(g: Any, decision: Any) -> dict[str, str]:
    """Each option's ``shown`` text as its chooser may read it (a card it does not know by
    its kind only, as in a log line), by its move's notation; worked out when a screen
    asks: nothing of the game changes, not even the work counted towards the rule's bound."""
    work, steps = g.work, g.steps
    try:
        parts_of = decision.site.shown(g, decision.frame.L)
        return {notation: render_parts(g, parts_of(value), decision.seat) for notation, value
                in zip(decision.notations, decision.values) if value is not None}
    finally:
        g.work, g.steps = work, steps


def render_parts(g: Game, parts: Sequence[Value], seat: Reader) -> str:
    """A logged message as ``seat`` may read it: unknown cards by kind only, and a run
    of them counted ("3 hidden Tile cards" rather than "a Tile, a Tile, a Tile")."""
    out: list[str] = []
    i, n = 0, len(parts)
    while i < n:
        p = parts[i]
        if type(p) is str:  # the commonest part, never a card
            out.append(p)
            i += 1
            continue
        kind = _hidden_kind(g, p, seat)
        if kind is None:
            out.append(p if isinstance(p, str) else p.card.label if type(p) is SeenCard else p.label)
            i += 1
            continue
        count, j = 1, i + 1
        while j + 1 < n and parts[j] == ", " and _hidden_kind(g, parts[j + 1], seat) == kind:
            count, j = count + 1, j + 2
        if count == 1:
            out.append(f"a {kind}")
        else:
            out.append(f"{count} hidden cards" if kind.lower() == "card"
                       else f"{count} hidden {kind} cards")
        i = j
    return "".join(out)


def _hidden_kind(g: Game, part: Value, seat: Reader) -> str | None:
    """The kind of a message part that is a card ``seat`` cannot see, else None."""
    t = type(part)
    if t is SeenCard:  # who knew it when it was logged
        return None if sees(part.mask, seat) else part.card.kind
    if t is Card:
        return None if knows(g, part, seat) else part.kind
    return None
