"""Cells and shapes on a grid: neighbours, groups, placements, matching."""
from __future__ import annotations

from collections.abc import Iterable, Sized
from itertools import chain, compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import (
    Cell,
    Fail,
    Placement,
    Shape,
    Value,
    cell,
    cell_name,
    grid_cells,
    normalize,
)

if TYPE_CHECKING:
    from interpreter.runtime.values import Card, Zone

Pair = tuple[int, int]  # a cell, or a plain (x, y) pair that hashes and compares as one
Line = tuple[Cell, ...]

READING = itemgetter(1, 0)  # a cell's place in reading order: row, then column (in C)
# The eight directions, clockwise from up (y grows downwards): the built-in `directions`.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

# (width, height, cell, step) -> the cells of that ray (none: empty)
RAYS_OF: dict[tuple[int, int, Cell, Pair], Line] = {}


def ray_cells(width: int, height: int, start: Value, step: Value) -> Line:
    """The cells from next to ``start``, ``step`` after ``step``, while on a width x height
    grid. Worked out once per grid size, start and step: a game walks the same rays
    again and again (a flanking rule asks for eight from every empty cell at every move)."""
    key = (width, height, start, step)
    found = RAYS_OF.get(key)
    if found is None:
        if type(step) is not tuple or len(step) != 2 or not all(type(d) is int for d in step) \
                or step == (0, 0):
            raise Fail(f"a ray's direction is a step (dx, dy) of whole numbers, not {text_of(step)}")
        if type(start) is not Cell:
            raise Fail(f"a ray starts from a cell, not {text_of(start)}")
        x, y = start
        dx, dy = step
        out: list[Cell] = []
        x, y = x + dx, y + dy
        while 0 <= x < width and 0 <= y < height:
            out.append(cell(x, y))
            x, y = x + dx, y + dy
        found = tuple(out)
        if len(RAYS_OF) < 500_000:
            RAYS_OF[key] = found
    return found


# (width, height, steps, cell) -> its rays, one per step, none empty; (width, height, cell)
# for the eight directions (``DIRECTIONS`` itself: found without hashing its eight steps)
LINES_OF: dict[tuple[object, ...], tuple[Line, ...]] = {}


def lines_of(width: int, height: int, steps: tuple[Pair, ...], start: Value
             ) -> tuple[Line, ...]:
    """The rays from ``start`` on a width x height grid in each of ``steps`` (the empty
    ones left out), worked out once per grid size, steps and cell, when first asked
    for (a 100 x 100 grid's every ray would be millions of cells)."""
    key = (width, height, start) if steps is DIRECTIONS else (width, height, steps, start)
    found = LINES_OF.get(key)
    if found is None:
        found = tuple(line for line in (ray_cells(width, height, start, step) for step in steps)
                      if line)
        if len(LINES_OF) < 200_000:
            LINES_OF[key] = found
    return found


def flanked_in(lines: Iterable[Line], through: set[Cell], ends: set[Cell]) -> list[Cell]:
    """The cells of each line from its start while they are in ``through``, when the
    first cell not in ``through`` is in ``ends`` (a run closed at both ends)."""
    out: list[Cell] = []
    for line in lines:
        if line[0] not in through:
            continue
        for i, c in enumerate(line):
            if c not in through:
                if c in ends:
                    out.extend(line[:i])
                break
    return out


def flanked_on(lines: Iterable[Line], taken: dict[Cell, tuple[Card, ...]], through: set[Card],
               ends: set[Card]) -> list[Cell]:
    """``flanked_in`` where ``through`` and ``ends`` are cards: a cell is in ``through``
    when a card of it lies there (``taken``, the grid's map: each cell's cards), so only
    the cells the lines reach are looked up, no set of cells made first
    (tests/runtime/test_flanking_cards.py compares the two)."""
    out: list[Cell] = []
    get = taken.get
    for line in lines:
        here = get(line[0])
        if not here or through.isdisjoint(here):
            continue
        for i in range(1, len(line)):  # (its first cell is in ``through``)
            here = get(line[i])
            if not here or through.isdisjoint(here):
                if here and not ends.isdisjoint(here):
                    out.extend(line[:i])
                break
    return out


def flanking_in(width: int, height: int, steps: tuple[Pair, ...], starts: Iterable[Cell],
                through: set[Cell], ends: set[Cell]) -> list[Cell]:
    """The cells of ``starts`` from which some line has a run in ``through`` closed by
    ``ends``."""
    out = []
    for start in starts:
        for line in lines_of(width, height, steps, start):
            if line[0] not in through:
                continue
            for c in line:
                if c not in through:
                    break
            else:
                continue
            if c in ends:
                out.append(start)
                break
    return out


def as_cells(value: Value) -> list[Cell]:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return [cell(*value)]
    return [c if type(c) is Cell else cell(*c) for c in value]


class Around(dict[Pair, tuple[Cell, Cell, Cell, Cell]]):
    """A cell (or its plain pair) -> its four orthogonal neighbours as cells (right, left,
    down, up): made once per cell, not four each time a flood fill or a region's border
    passes by. ``AROUND[c]`` finds them in C (so ``map`` can), making them when missing
    (kept within as many cells as the table of cells keeps)."""
    __slots__ = ()

    def __missing__(self, c: Pair) -> tuple[Cell, Cell, Cell, Cell]:
        x, y = c
        found = (cell(x + 1, y), cell(x - 1, y), cell(x, y + 1), cell(x, y - 1))
        if len(self) < 100_000:
            self[c] = found
        return found


AROUND = Around()
_around = AROUND.__getitem__
_flat = chain.from_iterable
_CELL_ONLY = {Cell}


def _first_cell(group: list[Pair]) -> Pair:
    return READING(group[0])  # type: ignore[no-any-return]


# neighbours, groups and connected take a list of cells (or plain pairs) as it is: no list of
# Cells made first (``as_cells``), and the work done a layer at a time by set operations in C.
# Anything else, or an item that is no cell, goes to the general forms below (``*_of_cells``),
# which give the same answers, or raise as they always have (tests/runtime/
# test_geometry_regions.py compares the two on random regions and on items that are no cells).

def neighbours(cells: Value, grid: Zone | None = None) -> list[Cell]:
    """Orthogonal neighbours of a region that are not in it, in reading order."""
    if type(cells) is list:
        try:
            region = set(cells)
            out = set(_flat(map(_around, region)))
        except (TypeError, ValueError):
            return neighbours_of_cells(cells, grid)
        out -= region
        if grid is not None and grid.width is not None:  # (none: every cell is in bounds)
            out &= _inside(grid.width, grid.height)  # type: ignore[arg-type]  # a width: a height
        return sorted(out, key=READING)
    return neighbours_of_cells(cells, grid)


_INSIDE: dict[tuple[int, int], frozenset[Cell]] = {}


def _inside(width: int, height: int) -> frozenset[Cell]:
    """The cells of a width x height grid, as a set (``Zone.in_bounds`` asked of them all at
    once, in C; made once per size)."""
    found = _INSIDE.get((width, height))
    if found is None:
        found = frozenset(grid_cells(width, height))
        if len(_INSIDE) < 1_000:  # (bounded, as every cache that lives as long as a process)
            _INSIDE[(width, height)] = found
    return found


def groups(cells: Value) -> list[list[Pair]]:  # cells (a cell is its pair)
    """Orthogonally connected groups, each in reading order, groups by first cell: each
    grown from its first cell in the list, a layer of neighbours at a time, then the
    groups put in order of their first cells (the order of the general form's starts)."""
    if type(cells) is list:
        try:
            todo = set(cells)
            result: list[list[Pair]] = []
            for first in cells:
                if first not in todo:
                    continue
                if type(first) is not Cell:
                    return groups_of_cells(cells)  # (plain pairs, or items that are no cells)
                todo.remove(first)
                group: list[Pair] = [first]
                layer: Iterable[Pair] = group
                while todo:
                    layer = todo.intersection(_flat(map(_around, layer)))  # cells of AROUND's
                    if not layer:
                        break
                    todo.difference_update(layer)
                    group.extend(layer)
                group.sort(key=READING)
                result.append(group)
        except (TypeError, ValueError):
            return groups_of_cells(cells)
        if len(result) > 1:
            result.sort(key=_first_cell)
        return result
    return groups_of_cells(cells)


def connected(cells: Value) -> bool:
    """One flood fill from any cell, a layer of neighbours at a time, no sorting."""
    if type(cells) is list:
        try:
            todo = set(cells)
            if not todo:
                return True
            first = todo.pop()
            layer: Iterable[Pair] = (first,)
            while layer and todo:
                layer = todo.intersection(_flat(map(_around, layer)))
                todo.difference_update(layer)
        except (TypeError, ValueError):
            return connected_of_cells(cells)
        if type(first) is not Cell or (todo and not {*map(type, todo)} <= _CELL_ONLY):
            return connected_of_cells(cells)  # (plain pairs, or items that are no cells)
        return not todo
    return connected_of_cells(cells)


def neighbours_of_cells(cells: Value, grid: Zone | None = None) -> list[Cell]:
    """``neighbours`` made general: the cells as a list of Cells first."""
    region = set(as_cells(cells))
    out: set[Pair] = set()
    for c in region:
        out.update(AROUND[c])
    out -= region
    if grid is not None:
        out = set(filter(grid.in_bounds, out))
    return [cell(x, y) for x, y in sorted(out, key=READING)]


def groups_of_cells(cells: Value) -> list[list[Pair]]:  # cells (a cell is its pair)
    """``groups`` made general: one flood fill from each cell in reading order."""
    todo: dict[Pair, Cell] = {c: c for c in as_cells(cells)}  # a cell found by its plain pair
    around = AROUND
    result = []
    for start in sorted(todo, key=READING):
        if start not in todo:
            continue
        del todo[start]
        group, stack = [start], [start]
        while stack:
            c = stack.pop()
            for n in around[c]:
                found = todo.pop(n, None)
                if found is not None:
                    group.append(found)
                    stack.append(found)
        group.sort(key=READING)
        result.append(group)
    return result


def connected_of_cells(cells: Value) -> bool:
    """``connected`` made general: one flood fill over a set of Cells."""
    todo = set(as_cells(cells))
    if not todo:
        return True
    around = AROUND
    stack = [todo.pop()]
    while stack:
        c = stack.pop()
        for n in around[c]:
            if n in todo:
                todo.discard(n)
                stack.append(n)
    return not todo


def adjacent(a: Pair, b: Pair) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# (shape's cells, allowed cells) -> its placements: oldest first
PLACEMENTS_OF: dict[tuple[object, tuple[Cell, ...]], list[Placement]] = {}
MAX_PLACEMENTS_KEPT = 50_000  # placements kept in all (about 10 MB); the oldest lists go first
_placements_kept = [0]  # placements in PLACEMENTS_OF
# (shape's cells, a box's left, top, right, bottom) -> the shape's placements on every cell of
# the box: the placements on most of its cells are these, filtered (see ``placements``)
IN_BOX: dict[tuple[object, int, int, int, int], _Box] = {}
_in_box_kept = [0]  # placements in IN_BOX, kept within MAX_PLACEMENTS_KEPT too
MAX_BOX = 1024  # cells: a larger box's placements are fitted board by board, as before
# a byte -> its eight bits, lowest first, a byte each (0 or 1): a board of bits as selectors
_BITS_OF_BYTE = [bytes((b >> j) & 1 for j in range(8)) for b in range(256)]


class _Box:
    """A shape's placements on every cell of a box, and for each cell of the box those that
    cover it (a number: bit i for the i-th placement). The placements on some of the box's
    cells are those that cover none of the others (the holes): found by a few ``|`` of
    numbers and a ``compress`` in C, not by looking at each placement's cells."""
    __slots__ = ("placements", "cells", "covering")

    def __init__(self, placements: list[Placement], cells: list[Cell]):
        self.placements, self.cells = placements, frozenset(cells)
        covering = dict.fromkeys(self.cells, 0)
        for i, p in enumerate(placements):
            bit = 1 << i
            for c in p.cells:
                covering[c] |= bit
        self.covering = covering

    def __len__(self) -> int:
        return len(self.placements)

    def on(self, given: list[Cell]) -> list[Placement]:
        """The placements whose cells are all in ``given`` (cells of the box), in order."""
        covered = 0
        for hole in self.cells.difference(given):
            covered |= self.covering[hole]
        if not covered:
            return list(self.placements)
        count = len(self.placements)
        kept = ~covered & ((1 << count) - 1)
        chosen = b"".join(map(_BITS_OF_BYTE.__getitem__, kept.to_bytes((count + 7) // 8, "little")))
        return list(compress(self.placements, chosen))


def _keep(table: dict[Any, Any], kept: list[int], key: object, found: Sized) -> None:
    """Keeps ``found`` (placements) in ``table`` within ``MAX_PLACEMENTS_KEPT`` placements
    (``kept``, one item, counts them), dropping the oldest first."""
    if len(found) > MAX_PLACEMENTS_KEPT:
        return
    count = kept[0]
    while count + len(found) > MAX_PLACEMENTS_KEPT:
        count -= len(table.pop(next(iter(table))))
    table[key] = found
    kept[0] = count + len(found)


def forget_placements() -> None:
    """Drops every placement kept (benchmarks measure games as new ones would play)."""
    for table, kept in ((PLACEMENTS_OF, _placements_kept), (IN_BOX, _in_box_kept)):
        table.clear()
        kept[0] = 0


def placements(shape: Shape, allowed: Value) -> list[Placement]:
    """Every placement of the shape whose cells are all allowed (``fitting``), worked out
    once per shape and board: a bot's samples of one position, and every game's first
    tiles, ask for the same again and again. Kept within ``MAX_PLACEMENTS_KEPT``.

    A board not met before whose cells fill at least half of the box around them (a board
    filling up: the box is the grid's) keeps the placements of the whole box that fall on
    its cells: the same placements in the same order, made once per box (a playout places
    tiles on boards no one has met, and making each placement again cost 3.4 times as much
    as finding it among the box's; tests/runtime/test_placements_in_box.py)."""
    given = as_cells(allowed)
    key = (shape.cells, tuple(given))
    found = PLACEMENTS_OF.get(key)
    if found is None:
        found = _in_box(shape, given) if given else []
        if found is None:
            found = fitting(shape, given)
        _keep(PLACEMENTS_OF, _placements_kept, key, found)
    return list(found)  # the caller's own list (placements never change)


def _in_box(shape: Shape, given: list[Cell]) -> list[Placement] | None:
    """``fitting(shape, given)`` found among the placements on every cell of the box around
    ``given``, or None when ``given`` fills less than half of it (then the box's placements
    are many more than its own: making them costs less) or the box is larger than
    ``MAX_BOX`` (its placements would be too many to keep)."""
    xs, ys = [c[0] for c in given], [c[1] for c in given]  # (min and max of the cells
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)  # themselves: 2.5x slower)
    area = (right - left + 1) * (bottom - top + 1)
    if 2 * len(given) < area or area > MAX_BOX:
        return None
    key = (shape.cells, left, top, right, bottom)
    box = IN_BOX.get(key)
    if box is None:
        cells = [cell(x, y) for y in range(top, bottom + 1) for x in range(left, right + 1)]
        box = _Box(fitting(shape, cells), cells)
        _keep(IN_BOX, _in_box_kept, key, box)
    return box.on(given)


def fitting(shape: Shape, allowed: Value) -> list[Placement]:
    """Every placement of the shape, in any orientation, whose cells are all allowed: by
    anchor cell in reading order, then by orientation.

    The allowed cells are bits of one integer, row after row, each row padded by as many
    columns as the shape reaches sideways (so a shape running off a row's end lands in
    the padding, never on the next row's cells). An orientation is then a mask of bits,
    and it fits at an anchor when ``(free >> anchor) & mask == mask``: one test in C per
    anchor and orientation, where looking up its cells one by one took a dozen steps each.
    """
    given = as_cells(allowed)
    if not given:
        return []
    orientations = shape.orientations
    reach = max((abs(dx) for _, offsets in orientations for dx, _ in offsets), default=0)
    x0 = min(c[0] for c in given)
    y0 = min(c[1] for c in given)
    width = max(c[0] for c in given) - x0 + 1 + reach
    at: dict[int, Cell] = {}  # bit -> its cell (the last given, as a dict of the cells would keep)
    for c in given:
        at[(c[0] - x0) + (c[1] - y0) * width] = c
    free = 0
    for bit in at:
        free |= 1 << bit
    # (" " + label, or "" unlabelled; mask; the bits of its cells, first the anchor's)
    fits: list[tuple[str, int, list[int]]] = []
    for label, offsets in orientations:
        steps = [dx + dy * width for dx, dy in offsets]  # offsets[0] is (0, 0)
        mask = 0
        for step in steps:
            mask |= 1 << step
        fits.append((" " + label if label else "", mask, steps))
    out: list[Placement] = []
    append = out.append
    new = object.__new__
    cell_at = at.__getitem__
    for bit in sorted(at):  # a bit's order is the reading order of its cell
        window = free >> bit
        name = None
        for suffix, mask, steps in fits:
            if window & mask == mask:
                if name is None:
                    name = cell_name(at[bit])
                # Placement(cells, label) without its __init__'s frame; the cells by C's map
                made = new(Placement)
                made.cells = tuple(map(cell_at, map(bit.__add__, steps)))
                made.label = name + suffix
                append(made)
    return out


def placement(shape: Shape, anchor: Cell, turn: int = 0, flipped: bool = False) -> Placement:
    """The shape laid with its anchor (its first cell in reading order, once turned) on
    ``anchor``, turned ``turn`` degrees clockwise, face down if ``flipped``: the placement
    ``placements`` lists with the label this one has (``E5 r90``)."""
    if turn not in (0, 90, 180, 270):
        raise Fail(f"a shape is turned 0, 90, 180 or 270 degrees, not {turn}")
    cells: list[tuple[int, int]] = [(-x, y) for x, y in shape.cells] if flipped \
        else list(shape.cells)
    for _ in range(turn // 90):
        cells = [(-y, x) for x, y in cells]  # a quarter turn clockwise (y grows downwards)
    offsets = normalize(cells)
    label = next(name for name, kept in shape.orientations if kept == offsets)
    ax, ay = anchor
    name = cell_name(anchor)
    return Placement(tuple(cell(ax + dx, ay + dy) for dx, dy in offsets),
                     f"{name} {label}" if label else name)


def matches(cells: Value, shape: Shape) -> bool:
    """True if the cells are the shape, moved and turned (mirror images do not count)."""
    cells = as_cells(cells)
    return len(cells) == len(shape.cells) and normalize(cells) in shape.rotations
