"""Static types the checker gives to expressions.

Types are deliberately forgiving: ``any`` matches everything and ``none`` is a
value of every type, so the checker catches real mistakes (a number where a
zone is needed, a field a card kind does not have) without making authors
write type annotations everywhere.
"""
from __future__ import annotations

import re
from typing import Any

import attrs

_SEAT_LITERAL = re.compile(r"P(0|[1-9][0-9]{0,30})")


@attrs.frozen
class Type:
    name: str
    arg: Any = None  # enum name, card kind, element type, table or zone name

    def __str__(self) -> str:
        if self.name == "list":
            return f"list of {self.arg}" if self.arg != ANY else "list"
        if self.name == "card":
            return self.arg or "card"
        if self.name == "enum":
            name: str = self.arg
            return name
        if self.name == "zone":
            return f"zone of {self.arg}" if self.arg else "zone"
        if self.name == "family":
            return f"zone family '{self.arg}'"
        if self.name == "row":
            return f"row of table '{self.arg}'"
        if self.name == "tuple":
            return "(" + ", ".join(map(str, self.arg or ())) + ")"
        return self.name


ANY = Type("any")
NONE = Type("none")
INT = Type("int")
BOOL = Type("bool")
TEXT = Type("text")
SEAT = Type("seat")
CELL = Type("cell")
SHAPE = Type("shape")
PLACEMENT = Type("placement")
FN = Type("fn")
CARD = Type("card")
ZONE = Type("zone")

SIMPLE = {"int": INT, "bool": BOOL, "text": TEXT, "player": SEAT, "seat": SEAT, "cell": CELL,
          "shape": SHAPE, "placement": PLACEMENT, "card": CARD, "zone": ZONE, "any": ANY,
          "fn": FN}


_SPOKEN = {"int": ("a number", "numbers"), "bool": ("a true/false value", "true/false values"),
           "text": ("text", "texts"), "seat": ("a player", "players"), "none": ("none", "nones"),
           "any": ("any value", "values"), "cell": ("a cell", "cells"),
           "shape": ("a shape", "shapes"), "placement": ("a placement", "placements"),
           "fn": ("a function", "functions")}


def spoken(t: Type) -> str:
    """A type as messages name it for authors: 'a number', 'a list of players', 'a Tile'."""
    if t.name in _SPOKEN:
        return _SPOKEN[t.name][0]
    if t.name in ("card", "enum"):
        return _article(t.arg) if t.arg else "a card"
    if t.name == "list":
        return "a list" if t.arg in (ANY, None) else f"a list of {_plural(t.arg)}"
    if t.name == "tuple":
        return "a tuple (" + ", ".join(spoken(x) for x in t.arg or ()) + ")"
    if t.name == "zone":
        return f"a zone of {t.arg}" if t.arg else "a zone"
    if t.name == "family":
        return f"the zone family '{t.arg}'"
    if t.name == "row":
        return f"a row of table '{t.arg}'"
    return str(t)


def _plural(t: Type) -> str:
    if t.name in _SPOKEN:
        return _SPOKEN[t.name][1]
    if t.name == "card":
        return f"{t.arg} cards" if t.arg else "cards"
    if t.name == "enum":
        return f"{t.arg} values"
    if t.name in ("list", "zone", "tuple"):
        return t.name + "s"
    return f"{spoken(t)} values"


def _article(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def seat_literal(name: str) -> int | None:
    """The number of the seat a name writes (``P1`` -> 1; ``P0``, which no seat is, -> 0),
    or None: P1, P2... are the players' seats in the rules, as the transcript prints them."""
    match = _SEAT_LITERAL.fullmatch(name)
    return int(match.group(1)) if match else None


def list_of(t: Type) -> Type:
    return Type("list", t)


def card(kind: str | None) -> Type:
    return Type("card", kind)


def enum(name: str) -> Type:
    return Type("enum", name)


def zone(kind: str | None) -> Type:
    return Type("zone", kind)


def element(t: Type) -> Type:
    """What iterating over a value of type t gives."""
    if t.name == "list":
        item: Type = t.arg
        return item
    if t.name == "zone":
        return card(t.arg)
    if t.name == "family":
        return CARD
    return ANY


def iterable(t: Type) -> bool:
    return t.name in ("list", "zone", "family", "any", "none")


def fits(actual: Type, expected: Type) -> bool:
    """Can a value of type ``actual`` be used where ``expected`` is wanted?"""
    if actual in (expected, NONE) or ANY in (actual, expected):
        return True
    a, e = actual.name, expected.name
    if a == e == "card":
        return actual.arg is None or expected.arg is None or actual.arg == expected.arg
    if a == e == "zone":
        return actual.arg is None or expected.arg is None or actual.arg == expected.arg
    if a == e == "list":
        return fits(actual.arg, expected.arg)
    if a == "text" and e in ("shape", "cell"):
        return True  # shapes and cells can be written as text: "##/.#", "E5"
    return a == e == "tuple"


def join(a: Type, b: Type) -> Type:
    """The type of a value that may be either a or b (an if-expression, a list literal)."""
    if a == NONE:
        return b
    if b == NONE or a == b:
        return a
    if a.name == b.name == "card":
        return card(a.arg if a.arg == b.arg else None)
    if a.name == b.name == "list":
        return list_of(join(a.arg, b.arg))
    return ANY
