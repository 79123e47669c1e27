"""What a name resolved to: the checker puts one of these in an expression's ``ref``.

Each kind of referent is its own small record, so a reader asks ``isinstance(e.ref,
refs.Var)`` (or matches on it) and reads ``e.ref.name``, never a tag at ``ref[0]``.
Records of the same kind and fields are equal (``e.ref == refs.Builtin("random")``).
"""
from __future__ import annotations

from typing import TypeAlias

import attrs


# -- names local to a rule, a function or a block
@attrs.frozen  # slots, hashable, equal by value
class Local:
    """A local name (a parameter, a ``let``, a loop's or a lambda's name): its frame slot."""
    slot: int


@attrs.frozen
class LocalFn:
    """A call of a local name that holds a function (``f(x)`` where ``f`` is a lambda)."""
    slot: int


# -- the language's own names
@attrs.frozen
class Builtin:
    """A value or a function the language gives (``current``, ``players``, ``size``...)."""
    name: str


@attrs.frozen
class Seat:
    """A player's seat written ``P1``, ``P2``...: its index (0 for P1)."""
    index: int


# -- names the rules declare
@attrs.frozen
class Var:
    name: str


@attrs.frozen
class VarFamily:
    """A variable kept per key (``var bid[player]``), read as ``bid[p]``."""
    name: str


@attrs.frozen
class Zone:
    name: str


@attrs.frozen
class ZoneFamily:
    """A family of zones (``zone hand[player]``): its name, or one zone of it, ``hand[p]``."""
    name: str


@attrs.frozen
class Const:
    name: str


@attrs.frozen
class Option:
    name: str


@attrs.frozen
class Enum:
    """An enum's name used as a value: the list of its members."""
    name: str


@attrs.frozen
class Member:
    """An enum member (``water`` or ``Colour.water``)."""
    enum: str
    name: str


@attrs.frozen
class Table:
    name: str


@attrs.frozen
class Dummy:
    """A dummy seat the rules declare."""
    name: str


@attrs.frozen
class Fn:
    name: str


@attrs.frozen
class Rule:
    """A rule, called as a statement."""
    name: str


# -- what ``x.name`` and ``x[i]`` read on a value
@attrs.frozen
class Field:
    """A card's field."""
    name: str


@attrs.frozen
class Column:
    """A table row's column."""
    name: str


@attrs.frozen
class CellPart:
    """A cell's ``.x`` (index 0) or ``.y`` (index 1)."""
    index: int


@attrs.frozen
class Dynamic:
    """``.name`` on a value whose type is known only when the game runs."""
    name: str


@attrs.frozen
class Item:
    """An item of a list or a tuple, ``xs[i]``."""


Ref: TypeAlias = (Local | LocalFn | Builtin | Seat | Var | VarFamily | Zone | ZoneFamily | Const | Option
                  | Enum | Member | Table | Dummy | Fn | Rule | Field | Column | CellPart
                  | Dynamic | Item)

# A declared name's symbol kind (``Symbol.kind`` in the checker) -> the record it resolves to.
DECLARED: dict[str, type] = {
    "var": Var, "varfam": VarFamily, "zone": Zone, "family": ZoneFamily, "const": Const,
    "option": Option, "enum": Enum, "table": Table, "dummy": Dummy, "fn": Fn, "rule": Rule,
}

# The records of names the rules declare at the top level, each with its ``name``.
GLOBAL = (Var, VarFamily, Zone, ZoneFamily, Const, Option, Enum, Table, Dummy, Fn, Rule)
