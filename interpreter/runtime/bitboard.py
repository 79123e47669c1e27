"""Lines across a grid on bit boards: ``flanking`` for every start at once.

A grid with edges, width x height, is a Python int with one bit per cell (cell (x, y) is bit
y * width + x). Moving every cell of a board one ``step`` is a mask (the cells whose step
stays on the grid) and a shift, so ``flanking`` runs each direction for all the starts
together: from the cells that close a run (``ends`` not in ``through``), back along the
step while the cells are in ``through``, then one step more onto the starts. It gives
what ``geometry.flanking_in`` gives, walking each start's rays cell by cell (the general
code; tests/runtime/test_bitboard.py plays both on random boards): a start off the grid
(its rays may enter the grid) is left to that code. ``flanked`` (one start's rays) stays on
sets: walking eight short rays costs less than making the two boards.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.runtime.geometry import DIRECTIONS
from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import Card, Cell, Fail, cell, grid_cells

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.geometry import Pair
    from interpreter.runtime.values import Value, Zone

# (width, height, steps) -> the steps, backwards: (those moving bits up, those moving them
# down), each (the cells a step back lands on from a cell of the grid, how far the bits move);
# (width, height) for the eight directions (``DIRECTIONS`` itself: found without hashing its
# eight steps)
Shifts = tuple[tuple[int, int], ...]
SHIFTS: dict[tuple[object, ...], tuple[Shifts, Shifts]] = {}
# (width, height) -> each cell of the grid: its bit
BITS: dict[tuple[int, int], dict[Cell, int]] = {}


def shifts_back(width: int, height: int, steps: tuple[Pair, ...]) -> tuple[Shifts, Shifts]:
    """Each step, backwards: moving a board's bits up (``<<``) or down (``>>``) ``by`` and
    keeping those in ``lands`` moves each cell one step back, leaving out the cells it takes
    off the grid. The steps that move bits up, then those that move them down."""
    key = (width, height) if steps is DIRECTIONS else (width, height, steps)
    found = SHIFTS.get(key)
    if found is None:
        up, down = [], []
        for step_x, step_y in steps:
            dx, dy = -step_x, -step_y  # back along the step
            lands = 0
            for y in range(max(0, dy), min(height, height + dy)):
                for x in range(max(0, dx), min(width, width + dx)):
                    lands |= 1 << (y * width + x)
            by = dy * width + dx
            if by >= 0:
                up.append((lands, by))
            else:
                down.append((lands, -by))
        found = (tuple(up), tuple(down))
        if len(SHIFTS) < 10_000:
            SHIFTS[key] = found
    return found


def bits(width: int, height: int) -> dict[Cell, int]:
    """Each cell of a width x height grid -> its bit. Keyed by the cells themselves (the
    table's, as the grid's cards lie on them): a look-up finds its key by identity, with no
    pairs compared (a plain pair finds it too, a cell hashing and comparing as its pair)."""
    found = BITS.get((width, height))
    if found is None:
        found = {cell(x, y): 1 << (y * width + x) for y in range(height) for x in range(width)}
        if len(BITS) < 1_000:
            BITS[(width, height)] = found
    return found


def bits_of(g: Game, grid: Zone, items: list[Value], width: int, height: int) -> int:
    """Cells, and the cells of cards lying on ``grid``, as a board (cells off it left out:
    no line on the grid reaches them); ``builtin_functions._cell_set`` as a board."""
    return board_of(g, grid, items, width, height)[0]


def board_of(g: Game, grid: Zone, items: list[Value], width: int, height: int
             ) -> tuple[int, bool]:
    """``bits_of``, and whether every item was a card (then each cell of the board holds
    a card of ``items``: none of them is empty)."""
    where, cells, bit = g.where, g.cells, bits(width, height)
    board = 0  # (one loop: 18% fewer instructions than a set of the bits summed, as it was)
    try:  # the common case: cards only (a cell, none or a number has no id): no type asked
        for x in items:
            i = x.id
            if where[i] is grid:
                try:
                    (c,) = cells[i]  # one cell (a card on more: each of them)
                except ValueError:
                    for c in cells[i]:
                        board |= bit[c]
                    continue
                board |= bit[c]
        return board, True
    except AttributeError:
        board = 0  # (from the start again, each item by its type)
    for x in items:
        if type(x) is Card:
            i = x.id
            if where[i] is grid:
                for c in cells[i]:
                    board |= bit[c]
        elif type(x) is Cell:
            board |= bit.get(x, 0)
        elif x is not None:
            raise Fail(f"a line runs through cells or cards on a grid, not {text_of(x)}")
    return board, False


def flanking_bits(width: int, height: int, steps: tuple[Pair, ...], starts: list[Cell],
                  through: int, ends: int) -> list[Cell] | None:
    """The cells of ``starts`` from which some line has a run in ``through`` closed by
    ``ends`` (in their order); None when a start is off the grid (for the general code)."""
    hits = flanking_hits(width, height, steps, through, ends)
    bit = bits(width, height)
    try:
        return [start for start in starts if hits & bit[start]]
    except KeyError:  # a start off the grid
        return None


def flanking_hits(width: int, height: int, steps: tuple[Pair, ...], through: int, ends: int) -> int:
    """The board of the cells of the grid from which some line has a run in ``through``
    closed by ``ends`` (any cell of the grid, empty or not)."""
    closing = ends & ~through
    hits = 0
    up, down = shifts_back(width, height, steps)
    # back along each step, from each closing cell: the runs before it, grown a cell at a
    # time from their newest cells (a cell has one cell before it), then a step more
    for lands, by in up:
        stays = through & lands
        run = new = closing << by & stays
        if run:
            while new := new << by & stays:
                run |= new
            hits |= run << by & lands
    for lands, by in down:
        stays = through & lands
        run = new = closing >> by & stays
        if run:
            while new := new >> by & stays:
                run |= new
            hits |= run >> by & lands
    return hits


# (width, height) -> for each byte of a board (its bits 8k to 8k + 7), for each value of that
# byte: the cells of its bits, in reading order (grids of at most BYTES_MOST cells)
BYTES: dict[tuple[int, int], list[list[list[Cell]]]] = {}
BYTES_MOST = 256


def cells_of(board: int, width: int, height: int) -> list[Cell]:
    """The cells of a board, in reading order (a bit's order is its cell's). A byte of the
    board at a time, each byte's cells found in a table made once per grid size (2.2x the
    board's binary digits gone through by ``str.find``, as ``digit_cells`` does, on 64 cells);
    a larger grid by its digits."""
    if width * height > BYTES_MOST:
        return digit_cells(board, width, height)
    table = BYTES.get((width, height))
    if table is None:
        order = grid_cells(width, height)
        table = [[[order[8 * k + j] for j in range(8) if value >> j & 1 and 8 * k + j < len(order)]
                  for value in range(256)] for k in range((len(order) + 7) // 8)]
        if len(BYTES) < 100:
            BYTES[(width, height)] = table
    out: list[Cell] = []
    k = 0
    while board:
        byte = board & 255
        if byte:
            out += table[k][byte]
        board >>= 8
        k += 1
    return out


def digit_cells(board: int, width: int, height: int) -> list[Cell]:
    """``cells_of`` by the board's binary digits, lowest first, each one found by
    ``str.find`` (in C; taking the lowest bit off at each step made three numbers of the
    board's size)."""
    order = grid_cells(width, height)  # (the cell of bit i: the grid's i-th, reading order)
    digits = bin(board)[:1:-1]  # bit i is digit i
    out = []
    i = digits.find("1")
    while i >= 0:
        out.append(order[i])
        i = digits.find("1", i + 1)
    return out


def free_cells_of(board: int, width: int, height: int, taken: dict[Cell, object]) -> list[Cell]:
    """The cells of a board holding nothing (not in ``taken``, the grid's map), in reading
    order: ``[c for c in empty_cells(grid) if c on board]``, going through the board's
    bits, not every cell of the grid."""
    return [c for c in cells_of(board, width, height) if c not in taken]
