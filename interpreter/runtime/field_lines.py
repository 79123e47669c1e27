"""``flanking`` and ``flanked`` on a grid when both lists are the grid's cards whose one
field holds a value (``[c for c in Z if c.F == v]``, or a function whose body is that): the
compiler writes these calls for them (compiler/builtin_calls.py, ``field_lines``).

No list is made. ``flanking_fields`` goes once through the grid's cards and makes both bit
boards at once (``flanking_empty`` made each list, then went through each again for its
board); ``flanked_fields`` asks only the cells its lines reach which value the card there
holds (``flanked_cards`` made both lists and a set of each). Each list's making is charged
as its comprehension charges it (``charged``, in the order the lists were made), so the
work, the answers and the failures are the general code's
(tests/runtime/test_field_lines.py plays both).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.runtime import bitboard
from interpreter.runtime.builtin_functions import _grid_steps, _lines_from
from interpreter.runtime.values import MAX_WORK
from interpreter.runtime.work import overwork

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.values import Card, Cell, Value, Zone


def charged(g: Game, grid: Zone, each: int, value: Value) -> Value:
    """``value`` (a list's field value, worked out), once the work of making the list of the
    grid's cards that hold it is charged: ``each`` per card, as its comprehension counts."""
    g.work += len(g.zc[grid.i]) * each
    if g.work > MAX_WORK:
        overwork(g)
    return value


def flanking_fields(g: Game, grid: Any, field: str, var: bool, same: bool, through: Value,
                    ends: Value, each_through: int, each_ends: int,
                    steps: Value = None) -> list[Cell]:
    """``flanking_empty(g, grid, A, B, steps)`` where ``A`` is the grid's cards whose
    ``field`` (a var field if ``var``) holds ``through`` and ``B`` those holding ``ends``;
    ``same``: the values are compared by identity (enum members), else by ``==``.
    ``each_through``, ``each_ends``: the work each list's comprehension charges per card,
    charged here where neither value can fail or count work (else 0: ``charged`` did)."""
    if each_through or each_ends:  # both lists' making (one sum: no step between them)
        g.work += len(g.zc[grid.i]) * (each_through + each_ends)
        if g.work > MAX_WORK:
            overwork(g)
    steps = _grid_steps(g, grid, steps)  # (a grid with edges, else a Fail: hence Any)
    width, height = grid.width, grid.height
    bit, cells = bitboard.bits(width, height), g.cells
    inside = outside = others = 0  # (others: cells of cards holding neither value)
    if var and same and through is not ends:  # the common case, written out: a member in a
        held = g.cv[field]  # var field, each card on one cell
        for card in g.zc[grid.i]:
            i = card.id
            v = held[i]
            if v is through:
                try:
                    (c,) = cells[i]
                except ValueError:  # a card on more cells (or none): each of them
                    for c in cells[i]:
                        inside |= bit[c]
                    continue
                inside |= bit[c]
            elif v is ends:
                try:
                    (c,) = cells[i]
                except ValueError:
                    for c in cells[i]:
                        outside |= bit[c]
                    continue
                outside |= bit[c]
            else:
                for c in cells[i]:
                    others |= bit[c]
    else:
        values = g.cv[field] if var else None
        for card in g.zc[grid.i]:
            i = card.id
            v = values[i] if values is not None else card.f[field]
            for c in cells[i]:  # (a card may be in both lists, or in neither)
                others |= bit[c]
            if v is through or (not same and v == through):
                for c in cells[i]:
                    inside |= bit[c]
            if v is ends or (not same and v == ends):
                for c in cells[i]:
                    outside |= bit[c]
    hits = bitboard.flanking_hits(width, height, steps, inside, outside)
    # the cells the grid's cards lie on are taken: those of every card gone through above
    return bitboard.cells_of(hits & ~(inside | outside | others), width, height)


def flanked_fields(g: Game, grid: Any, start: Value, field: str, var: bool, same: bool,
                   through: Value, ends: Value, each_through: int, each_ends: int,
                   steps: Value = None) -> list[Cell]:
    """``flanked_cards(g, grid, start, A, B, steps)`` for the lists ``flanking_fields``
    reads: a cell is in ``A`` when a card on it holds ``through``, else in ``B`` when one
    holds ``ends``."""
    if each_through or each_ends:  # both lists' making (one sum: no step between them)
        g.work += len(g.zc[grid.i]) * (each_through + each_ends)
        if g.work > MAX_WORK:
            overwork(g)
    lines = _lines_from(g, grid, start, steps)  # (a grid with edges, else a Fail)
    get = g.zg[grid.i].get
    values = g.cv[field] if var else None

    def holds(here: tuple[Card, ...], wanted: Value) -> bool:
        for card in here:
            v = values[card.id] if values is not None else card.f[field]
            if v is wanted or (not same and v == wanted):
                return True
        return False

    out: list[Cell] = []
    if var and same:  # the common case, written out: a member in a var field, one card a cell
        held = g.cv[field]
        for line in lines:
            here = get(line[0])
            if not here or (held[here[0].id] is not through if len(here) == 1
                            else not holds(here, through)):
                continue
            for i in range(1, len(line)):
                here = get(line[i])
                if not here:
                    break
                if len(here) == 1:
                    v = held[here[0].id]
                    if v is through:
                        continue
                    if v is ends:
                        out.extend(line[:i])
                elif not holds(here, through):
                    if holds(here, ends):
                        out.extend(line[:i])
                else:
                    continue
                break
        return out
    for line in lines:
        here = get(line[0])
        if not here or not holds(here, through):
            continue
        for i in range(1, len(line)):  # (its first cell is in ``through``)
            here = get(line[i])
            if not here or not holds(here, through):
                if here and holds(here, ends):
                    out.extend(line[:i])
                break
    return out
