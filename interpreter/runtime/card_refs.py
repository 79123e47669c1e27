"""A sample's cards put in the place of the game's: a game copied for a seat's sample holds
the host's cards (shared handles) until each place in its state that names a card names the
sample's card of that number instead (``knowledge.Sampler``: the cards dealt new faces)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

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


@attrs.frozen
class CardHolders:
    """Where a game's state may name cards, worked out once for the samples of a decision
    (they copy one game, so they hold cards in the same places): ``linked``, whether some
    card's fixed fields name cards; ``cv``, the var fields that do somewhere; ``vars`` and
    ``consts``, the variables and constants that do (None: any may)."""
    linked: bool
    cv: list[str]
    vars: list[str] | None = None
    consts: list[str] | None = None

    @staticmethod
    def of(g: Game) -> CardHolders:
        """Where ``g`` names cards (the types held looked at first, in C: a card or a
        container among them is rare)."""
        fixed = {type(x) for c in g.cards for x in c.f.values()}
        linked = not CARDISH.isdisjoint(fixed) and any(
            names_card(x) for c in g.cards for x in c.f.values())
        return CardHolders(linked, [name for name, values in g.cv.items()
                                    if not CARDISH.isdisjoint(map(type, values))],
                           [name for name, v in g.vars.items() if names_card(v)],
                           [name for name, v in g.consts.items() if names_card(v)])

    @staticmethod
    def anywhere(g: Game) -> CardHolders:
        """Every place that may name a card, looked at in turn."""
        return CardHolders(True, list(g.cv))


def remap_state(s: Game, table: dict[int, Card], holders: CardHolders) -> None:
    """Every place in a game's state that holds cards now holds the sample's cards: the
    cards of the zones where one of ``table``'s cards lies, and the places ``holders``
    names (a card that names cards is given a new card, with those names remapped)."""
    cards = s.cards
    if holders.linked:
        linked = [c for c in cards if c.f and any(names_card(x) for x in c.f.values())]
        for card in linked:
            if card.id not in table:
                table[card.id] = cards[card.id] = Card(card.id, card.kind, card.f, card.label)
        for card in linked:
            table[card.id].f = {k: remap(x, table) for k, x in card.f.items()}
    get, where, zc, zg = table.get, s.where, s.zc, s.zg  # (the game's own lists: a copy's)
    for i in {zone.i for cid in table if (zone := where[cid]) is not None}:
        zc[i] = [get(c.id, c) for c in zc[i]]
        grid = zg[i]
        if grid:
            zg[i] = {cell: tuple([get(c.id, c) for c in on]) for cell, on in grid.items()}
    for name in holders.cv:
        s.cv[name] = remap_all(s.cv[name], table)
    variables = s.vars  # (a copy's own dict: Game.copy copies it)
    for name in holders.vars if holders.vars is not None else list(variables):
        variables[name] = remap(variables[name], table)
    named = holders.consts if holders.consts is not None else list(s.consts)
    if named:  # (the constants are shared by a game's copies: a dict of the sample's own)
        consts = s.consts = dict(s.consts)
        for name in named:
            consts[name] = remap(consts[name], table)
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


def names_card(v: Value) -> bool:
    """Whether ``remap`` could find a card in ``v`` (a key of a variable kept per key too)."""
    t = type(v)
    if t is Card:
        return True
    if t is list or t is tuple:
        return any(names_card(x) for x in v)
    if t is Keyed:
        return any(names_card(k) or names_card(x) for k, x in v.items())
    if t is Row or t is dict:
        return any(names_card(x) for x in v.values())
    return False
