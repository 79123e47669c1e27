"""A sample's cards put in the place of the game's: a game copied for a seat's sample holds
the host's cards (shared handles) until each place in its state that names a card names the
sample's card of that number instead (``knowledge.Sampler``: the cards dealt new faces)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from interpreter.runtime.values import Card, Keyed, Row, Value

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game


def remap(v: Value, table: dict[int, Card]) -> Value:
    """``v`` with every card whose number is in ``table`` replaced by the sample's card."""
    t = type(v)
    if t is Card:
        return table.get(v.id, v)
    if t is list:
        return [remap(x, table) for x in v]
    if t is tuple:
        return tuple([remap(x, table) for x in v])
    if t is Keyed:
        return Keyed(v.name, ((remap(k, table), remap(x, table)) for k, x in v.items()))
    if t is Row or t is dict:
        return t((k, remap(x, table)) for k, x in v.items())
    return v


def remap_all(values: Iterable[Value], table: dict[int, Card]) -> list[Value]:
    """A list of values remapped; the common case (no container, no card) stays cheap."""
    out = list(values)
    for i, x in enumerate(out):
        t = type(x)
        if t is Card:
            out[i] = table.get(x.id, x)
        elif t in CONTAINERS:
            out[i] = remap(x, table)
    return out


CONTAINERS = (list, tuple, Keyed, Row, dict)
CARDISH = frozenset((Card,) + CONTAINERS)  # the types of values that may hold a card


def remap_state(s: Game, table: dict[int, Card], linked: bool | list[Card],
                 cv_cards: list[str]) -> None:
    """Every place in a game's state that holds cards now holds the sample's cards.
    ``linked``: whether some card's fields name cards (they then become the sample's too);
    ``cv_cards``: the var fields that hold cards somewhere."""
    cards = s.cards
    if linked:
        linked = [c for c in cards if c.f and any(holds_card(x) for x in c.f.values())]
        for card in linked:
            if card.id not in table:
                table[card.id] = cards[card.id] = Card(card.id, card.kind, card.f, card.label)
        for card in linked:
            table[card.id].f = {k: remap(x, table) for k, x in card.f.items()}
    get = table.get
    s.zc = [[get(c.id, c) for c in z] if z else z for z in s.zc]
    s.zg = [{cell: tuple([get(c.id, c) for c in on]) for cell, on in z.items()}
            if z else z for z in s.zg]
    for name in cv_cards:
        s.cv[name] = remap_all(s.cv[name], table)
    s.vars = {k: remap(v, table) for k, v in s.vars.items()}
    s.consts = {k: remap(v, table) for k, v in s.consts.items()}
    for frame in s.frames:
        frame.L = remap_all(frame.L, table)
    for pending in (s.group.decisions if s.group is not None
                    else [s.pending] if s.pending is not None else []):
        pending.values = remap_all(pending.values, table)
        if s.group is not None:  # each seat's decision has a frame of its own (shared with
            frame = pending.frame  # the host's game: replaced, never changed)
            pending.frame = type(frame).of(frame.unit, frame.pc, remap_all(frame.L, table))
        if pending._prompt is not None:
            pending._prompt = remap(pending._prompt, table)


def holds_card(v: Value) -> bool:
    t = type(v)
    if t is Card:
        return True
    if t is list or t is tuple:
        return any(holds_card(x) for x in v)
    if t is Row or t is dict or t is Keyed:
        return any(holds_card(x) for x in v.values())
    return False
