"""What each seat knows of a stated position, card by card: cards face up (every seat
knows them), face down (none does), and the cards each seat has looked at. A line names
cards as a zone (all of its cards), a place as moves name a card (``deck#1`` the top card,
``hand[P2]#3``, ``table@E5`` every card on that cell) or a card's name (the only card of
that name lying in a zone; ``Token("Ace")`` where kinds share the name)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from interpreter.runtime.values import Card, Cell, Seat
from rulelang.language.errors import RulesError, did_you_mean

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.layout import Layout
    from interpreter.runtime.values import Zone


class PositionError(RulesError):
    """A position that cannot be, saying which of its parts is wrong (``part``: ``set
    hand[P1]``, ``face up``, ``seen P2``, ``phase``...) so a scenario can point at its line."""

    def __init__(self, message: str, part: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.part, self.hint = part, hint


class About:
    """``with About(part):`` a RulesError raised inside names that part of the position."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if isinstance(error, PositionError):
            error.part = error.part or self.part
        elif isinstance(error, RulesError):
            message = error.diagnostics[0].message if error.diagnostics else str(error)
            raise PositionError(message, self.part,
                                getattr(error, "hint", None)) from None


class StatedKnowledge:
    """The part of a position's builder that states who knows which card (after the zones,
    whose visibility set who knows what first)."""
    g: Game
    layout: Layout

    if TYPE_CHECKING:  # the builder's own
        def zone(self, name: Any) -> Zone: ...
        def seat(self, value: Any, what: str) -> Seat: ...
        @staticmethod
        def cell(text: Any, zone: Zone) -> Cell: ...

    def knowledge(self, face_up: Sequence[Any], face_down: Sequence[Any],
                  seen: dict[Any, Sequence[Any]]) -> None:
        """Cards turned face up (known to every seat) or face down (to none), then the
        cards each seat has looked at: stated after the zones, whose visibility set who
        knows what first."""
        g = self.g
        for ref in face_up:
            with About(f"face up {ref}"):
                for card in self.cards_at(ref):
                    g.known[card.id] = g.everyone
        for ref in face_down:
            with About(f"face down {ref}"):
                for card in self.cards_at(ref):
                    zone = g.where[card.id]
                    if zone is not None and zone.vis in ("public", "top", "owner", "others") \
                            and (zone.vis != "top" or g.zc[zone.i][-1] is card):
                        shows = {"public": "everyone", "top": "everyone (it is on top)",
                                 "owner": "its owner", "others": "the other seats"}[zone.vis]
                        raise PositionError(
                            f"{card.label} lies in {zone.name}, which shows it to {shows}: it "
                            "cannot be face down there", f"face down {ref}",
                            "put it in a hidden zone, or leave out this face down line")
                    g.known[card.id] = 0
        for who, refs in seen.items():
            try:
                bit = 1 << self.seat(who, f"{who} has seen")
            except RulesError as error:
                raise PositionError(error.diagnostics[0].message, f"seen {who}",
                                    f"name a seat of this game: {g.seats[0].name} has seen "
                                    "...") from None
            for ref in refs:
                with About(f"seen {who} {ref}"):
                    for card in self.cards_at(ref):
                        g.known[card.id] |= bit

    def cards_at(self, ref: Any) -> list[Card]:
        """The cards a position's line names: a zone (all its cards), a place as moves
        name a card (``deck#1`` the top card, ``hand[P2]#3``, ``table@E5`` every card on that
        cell), or a card by name (``Token("Ace")`` where kinds share it), which must then
        be the only card of that name in a zone."""
        g = self.g
        text = str(ref.label if isinstance(ref, Card) else ref).strip()
        zone = self.layout.zone_named.get(zone_key(text)) if "#" not in text else None
        if zone is not None and "@" not in text:
            return list(g.zc[zone.i])
        if "#" in text or "@" in text:
            return self.placed_at(text)
        kind, label = kind_and_name(text)
        cards = [c for c in g.cards if c.label == label and (kind is None or c.kind == kind)
                 and g.where[c.id] is not None]
        if not cards:
            labels = sorted({c.label for c in g.cards if g.where[c.id] is not None})
            hint = did_you_mean(label, labels)
            raise RulesError(f"no card named '{label}' lies in a zone"
                             + (f" ({hint})" if hint else ""))
        if len(cards) > 1:
            places = ", ".join(g.position(c) for c in cards[:6]) + (", ..." if len(cards) > 6
                                                                     else "")
            raise PositionError(f"{len(cards)} cards are named '{label}' ({places})", "",
                                f"name one by its place, as a move does: \"{g.position(cards[0])}\"")
        return cards

    def placed_at(self, text: str) -> list[Card]:
        g = self.g
        if "@" in text:
            name, _, where = text.partition("@")
            zone = self.zone(name)
            if not zone.grid:
                raise PositionError(f"{zone.name} is not a grid: name its cards by number, like "
                                    f"\"{zone.name}#1\"", "")
            cell = self.cell(where, zone)
            cards = list((g.zg[zone.i] or {}).get(cell, ()))
            if not cards:
                raise RulesError(f"no card lies at {where} on {zone.name}")
            return cards
        name, _, number = text.rpartition("#")
        zone = self.zone(name)
        cards = g.zc[zone.i]
        if zone.grid:
            raise PositionError(f"{zone.name} is a grid: name a card by its cell, like "
                                f"\"{zone.name}@E5\"", "")
        if not number.isdigit() or not 1 <= int(number) <= len(cards):
            raise RulesError(f"{zone.name} holds {len(cards)} cards: '{text}' names none of them"
                             f" (#1 is {'the top' if zone.kind == 'pile' else 'the first'})")
        n = int(number)
        return [cards[-n] if zone.kind == "pile" else cards[n - 1]]


_KIND_AND_NAME = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)\("(.*)"\)', re.S)


def kind_and_name(text: str) -> tuple[str | None, str]:
    """``Tile("red 2")`` -> ("Tile", "red 2"): a card named with its kind, where cards of
    two kinds share a name; ``red 2`` -> (None, "red 2")."""
    match = _KIND_AND_NAME.fullmatch(text)
    return (match.group(1), match.group(2)) if match else (None, text)


def zone_key(name: Any) -> str:
    """``side[water, P1]`` as the layout names it: ``side[water,P1]``."""
    name = str(name).strip()
    base, keys = split_key(name)
    return f"{base}[{','.join(keys)}]" if keys else base


def split_key(name: str) -> tuple[str, tuple[str, ...]]:
    """``bid[P1]`` -> ("bid", ("P1",)); ``round`` -> ("round", ())."""
    if "[" in name and name.endswith("]"):
        base, _, inner = name[:-1].partition("[")
        return base.strip(), tuple(k.strip() for k in inner.split(","))
    return name.strip(), ()
