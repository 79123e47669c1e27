"""Runtime values: enum members, cards, zones, shapes, placements.

Cells are ``Cell`` tuples ``(x, y)`` (a tuple subclass, so they hash and compare
like plain pairs but never print like one), seats plain ints, lists plain lists; these
few classes are kept small (``__slots__``) because the interpreter makes and
reads them in its inner loop.
"""
from __future__ import annotations


MAX_ITEMS = 1_000_000  # the longest range or list of pairs a ruleset may build
MAX_WORK = 5_000_000  # list items comprehensions may go through between two decisions
MAX_CARDS = 100_000  # the most cards one game may create
MAX_NUMBER = 10**18  # the largest product a ruleset may compute


def bounded(value):
    """A sum of texts or lists must stay small: doubling one in a loop would fill the memory."""
    if type(value) in (str, list, tuple) and len(value) > MAX_ITEMS:
        raise Fail(f"a text or list of more than {MAX_ITEMS:,} items is too long")
    return value


class Fail(Exception):
    """A ruleset did something impossible at run time; the engine adds where."""


class EnumValue:
    __slots__ = ("enum", "name", "index")

    def __init__(self, enum: str, name: str, index: int):
        self.enum, self.name, self.index = enum, name, index

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __lt__(self, other):
        return self.index < other.index

    def __le__(self, other):
        return self.index <= other.index

    def __gt__(self, other):
        return self.index > other.index

    def __ge__(self, other):
        return self.index >= other.index


class Card:
    """One component. ``f`` holds every field (fixed and var); ``known`` is a bitmask
    of the seats that know its face; ``cells`` its cells when it lies on a grid."""

    __slots__ = ("id", "kind", "f", "zone", "known", "cells", "label")

    def __init__(self, id: int, kind: str, fields: dict, label: str):
        self.id, self.kind, self.f, self.label = id, kind, fields, label
        self.zone = None
        self.known = 0
        self.cells = ()

    def __repr__(self):
        return self.label


class Zone:
    """A place cards can be. Piles, hands and rows keep ``cards`` in order (a pile's
    top is the last card); a grid also maps each cell to the cards on it."""

    __slots__ = ("name", "family", "key", "kind", "vis", "owner", "cards", "grid",
                 "width", "height", "info")

    def __init__(self, name, family, key, info, owner):
        self.name, self.family, self.key, self.info = name, family, key, info
        self.kind, self.vis, self.owner = info.kind, info.visibility, owner
        self.width, self.height = info.width, info.height
        self.cards: list[Card] = []
        self.grid: dict | None = {} if info.kind == "grid" else None

    def __repr__(self):
        return self.name

    def in_bounds(self, cell) -> bool:
        if self.width is None:
            return True
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height


class Shape:
    """A polyomino: its cells, normalized, and its distinct orientations."""

    __slots__ = ("cells", "orientations", "rotations", "text")

    def __init__(self, cells, text):
        self.cells = normalize(cells)
        self.text = text
        self.orientations = _orientations(self.cells)
        self.rotations = {normalize(_rotate(self.cells, r)) for r in range(4)}

    def __repr__(self):
        return self.text

    def __eq__(self, other):
        return isinstance(other, Shape) and self.cells == other.cells

    def __hash__(self):
        return hash(self.cells)


class Placement:
    """Where a shape lies: its absolute cells and a readable label like 'E5 r90 f'."""

    __slots__ = ("cells", "label")

    def __init__(self, cells, label):
        self.cells, self.label = cells, label

    def __repr__(self):
        return self.label

    def __eq__(self, other):
        return isinstance(other, Placement) and set(self.cells) == set(other.cells)

    def __hash__(self):
        return hash(frozenset(self.cells))


class Cell(tuple):
    """A cell of a grid: (x, y) from 0, x to the right, y downwards; printed like E5."""
    __slots__ = ()

    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))

    def __repr__(self):
        return cell_name(self)

    __str__ = __repr__


def cell_name(cell) -> str:
    """(4, 4) -> 'E5': column letter, row number from 1 (row 1 at the top)."""
    x, y = cell
    if 0 <= x < 26 and y >= 0:
        return f"{chr(65 + x)}{y + 1}"
    return f"({x},{y})"


def parse_cell(text: str):
    t = text.strip().upper()
    if len(t) >= 2 and t[0].isalpha() and t[1:].isdigit():
        return Cell(ord(t[0]) - 65, int(t[1:]) - 1)
    if t.startswith("(") and t.endswith(")"):
        x, _, y = t[1:-1].partition(",")
        try:
            return Cell(int(x), int(y))
        except ValueError:
            pass
    raise Fail(f"'{text}' is not a cell: write a column letter and a row number, like E5")


def parse_shape(text: str) -> Shape:
    cells = []
    for y, row in enumerate(text.strip().split("/")):
        for x, ch in enumerate(row.strip()):
            if ch == "#":
                cells.append((x, y))
            elif ch != ".":
                raise Fail(f"a shape is drawn with # and . in rows split by /, not {ch!r}")
    if not cells:
        raise Fail("a shape needs at least one # cell")
    return Shape(cells, text.strip())


def normalize(cells) -> tuple:
    """Cells moved so the first in reading order (top row, then left) is at (0, 0)."""
    ordered = sorted(cells, key=lambda c: (c[1], c[0]))
    ax, ay = ordered[0]
    return tuple((x - ax, y - ay) for x, y in ordered)


def _rotate(cells, quarter_turns):
    out = cells
    for _ in range(quarter_turns):
        out = [(-y, x) for x, y in out]  # a quarter turn clockwise (y grows downwards)
    return out


def _orientations(cells):
    seen, result = set(), []
    for flip in (False, True):
        base = [(-x, y) for x, y in cells] if flip else list(cells)
        for r in range(4):
            shape = normalize(_rotate(base, r))
            if shape not in seen:
                seen.add(shape)
                result.append((f"r{r * 90}" + (" f" if flip else ""), shape))
    if len(result) == 1:
        result = [("", result[0][1])]
    return result
