"""Facts of cards told to seats that cannot see them (``tell c.colour to p``, and
``tell whether c.colour == blue to p``).

A game keeps, for each field some ``reveal`` tells (``rules.program.told_fields``), one
tuple of facts per card: ``g.told[field][card.id]``. A fact is ``(mask, value, yes)``:
the seats in ``mask`` know whether the field equals ``value``, and the answer is ``yes``.
``tell c.colour to p`` tells the value itself, which is the fact (p, its colour, yes);
``tell whether c.colour == blue to p`` the fact (p, blue, whether it is blue). A shuffle
forgets the facts of the cards it shuffles, as it forgets their faces.

What one seat knows of a card is what its facts say (``known_to``): the value, or the
values it is not. Views, bots and tests read it through here.
"""
from __future__ import annotations

from collections.abc import Callable

import attrs

from interpreter.runtime.values import Value

Facts = tuple[tuple[int, Value, bool], ...]  # (mask, value, yes) each
NOTHING: Facts = ()  # a card no one was told anything of


@attrs.frozen
class Knowledge:
    """What one seat knows of one field of a card it cannot see."""
    known: bool  # it knows the value
    value: object  # the value, when known
    not_values: tuple[Value, ...]  # values it knows the field does not have (when the value is not known)


def add_fact(facts: Facts, mask: int, value: Value, yes: bool) -> Facts:
    """The facts with one more: seats told the same answer about the same value merge."""
    out: list[tuple[int, Value, bool]] = []
    merged = False
    for m, v, y in facts:
        if y == yes and v == value and type(v) is type(value):
            out.append((m | mask, v, y))
            merged = True
        else:
            out.append((m, v, y))
    if not merged:
        out.append((mask, value, yes))
    return tuple(out)


def known_to(facts: Facts, reads: Callable[[int], int]) -> Knowledge | None:
    """What a reader knows of a field from its facts (``reads(mask)``: whether the reader
    may read what the seats in ``mask`` may: ``views.sees``); None if nothing."""
    not_values: list[Value] = []
    for mask, value, yes in facts:
        if not reads(mask):
            continue
        if yes:
            return Knowledge(True, value, ())
        if value not in not_values:
            not_values.append(value)
    return Knowledge(False, None, tuple(not_values)) if not_values else None
