"""What a bot's sample is dealt from (knowledge.py's ``Sampler``): the faces a view hides
(``Face``), what a seat was told of a card (``Told``), each kind's unknown cards with the
faces they may have (``Pool``), the faces the rules deal (``Composition``), a card made by
chance to make again (``Remade``) and cards shuffled together (``Grouped``)."""
from __future__ import annotations

from typing import Any

import attrs

from interpreter.runtime.facts import Knowledge
from interpreter.runtime.values import Card, Value


@attrs.frozen
class Face:
    """What a view hides of a card the seat does not know: name, fields, ``var`` fields."""
    label: str
    fields: dict[str, Value]
    cvars: tuple[tuple[str, Value], ...]  # (field name, value) for each var field
    key: tuple[Any, ...]  # the canonical order among faces of one kind: their text


@attrs.frozen
class FieldTold:
    """What a seat was told of one field of a card."""
    field: str
    knowledge: Knowledge


# What a seat was told of a card, field by field: a sequence, not a record, since how many
# (empty: nothing told) is what the dealing reads (the cards told most are dealt first)
Told = tuple[FieldTold, ...]


@attrs.frozen
class Pool:
    """One kind's cards the seat does not know and the faces they may have."""
    kind: str
    ids: list[int]  # the unknown cards (by number), in the order they lie
    faces: list[Face]  # their faces, in canonical order
    told: dict[int, Told]  # card id -> what the seat was told of it (the cards told anything)


@attrs.frozen
class Composition:
    """The faces the rules deal, by kind, and how many cards a game has when it starts."""
    faces: dict[str, list[Face]]
    cards: int


@attrs.frozen
class Remade:
    """A card made by chance that the seat does not know, and what it was told of it."""
    card: Card
    told: Told


@attrs.frozen
class Grouped:
    """A group's cards of one kind the seat does not know, and the faces (``face_key``s)
    known to be among them (no more than there are cards)."""
    ids: list[int]
    keys: list[tuple[Any, ...]]
