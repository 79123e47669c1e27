"""Runtime values, and the one protocol every operation on them goes through.

Enum members, seats, cards, zones, families, table rows, cells, shapes and
placements are small immutable handles: whatever changes during a game (where a
card lies, who knows its face, its ``var`` fields, what a zone holds) lives in the
game's own arrays, indexed by the handle's number (see ``state.py``). So a handle
can be shared by every copy of a game, and copying a game copies a few flat lists.

Every operation that depends on what kind of value it meets (its text, its notation
as a move, its JSON form in a view or a save, iterating over it) is in ``protocol.py``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias, TypeVar, final

if TYPE_CHECKING:
    from rulelang.language.checker.zones import ZoneInfo

# any rules value (a number, a text, a handle, a list, a tuple...): the runtime cannot say which
Value: TypeAlias = Any

MAX_ITEMS = 1_000_000  # the longest range or list of pairs a ruleset may build
MAX_WORK = 5_000_000  # list items comprehensions may go through between two decisions
MAX_CARDS = 100_000  # the most cards one game may create
MAX_NUMBER = 10**18  # the largest product (or sum) a ruleset may compute
MAX_DEPTH = 100  # lists and tuples inside each other
MAX_CELL = 2**31  # a cell's coordinates, either way


class Fail(Exception):
    """A ruleset did something impossible at run time; the engine adds where."""


Bounded = TypeVar("Bounded", bound=Value)  # a text or a list, kept as what it is


def bounded(value: Bounded) -> Bounded:
    """A sum of texts or lists must stay small: doubling one in a loop would fill the memory."""
    if type(value) in (str, list, tuple) and len(value) > MAX_ITEMS:
        raise Fail(f"a text or list of more than {MAX_ITEMS:,} items is too long")
    return value


# ------------------------------------------------------------------ handles

class EnumValue:
    __slots__ = ("enum", "name", "index")

    def __init__(self, enum: str, name: str, index: int):
        self.enum, self.name, self.index = enum, name, index

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __lt__(self, other: EnumValue) -> bool:
        return self.index < other.index

    def __le__(self, other: EnumValue) -> bool:
        return self.index <= other.index

    def __gt__(self, other: EnumValue) -> bool:
        return self.index > other.index

    def __ge__(self, other: EnumValue) -> bool:
        return self.index >= other.index


class Seat(int):
    """A seat: a number from 0 (so arithmetic and keys work as before) that knows its
    name: P1, P2... or the dummy's name. It prints as its name, as ``Cell`` prints as E5."""
    name: str

    def __new__(cls, index: int, name: str) -> Seat:
        seat = int.__new__(cls, index)
        seat.name = name
        return seat

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return self.name if not spec else int.__format__(self, spec)

    def __reduce__(self) -> tuple[type[Seat], tuple[int, str]]:
        return (Seat, (int(self), self.name))


MAX_PLAYERS = 16
# The players' seats, P1 to P16: every game's players are the first of these, so ``P1``
# in the rules is compiled to the very seat a game's ``players`` holds.
PLAYER_SEATS = tuple(Seat(i, f"P{i + 1}") for i in range(MAX_PLAYERS))


@final  # so ``type(x) is Card`` tells a card from the rest (a message's parts)
class Card:
    """One component: its number in the game, its kind, its name and its fixed fields.
    Where it lies, who knows it and its ``var`` fields are the game's (``g.where[id]``,
    ``g.known[id]``, ``g.cv[field][id]``)."""

    __slots__ = ("id", "kind", "f", "label")

    def __init__(self, id: int, kind: str, fields: dict[str, Value], label: str):
        self.id, self.kind, self.f, self.label = id, kind, fields, label

    def __repr__(self) -> str:
        return self.label


class Zone:
    """A place cards can be: its name, key, kind and who sees it. Its cards are the
    game's (``g.zc[zone.i]``; a grid also maps cells to cards in ``g.zg[zone.i]``)."""

    __slots__ = ("name", "family", "key", "kind", "vis", "owner", "info", "width", "height",
                 "i", "grid", "holds", "watch", "on_enter", "on_leave", "reveal",
                 "quiet_leave", "quiet_enter", "sees", "shows")
    on_enter: tuple[Any, ...]  # the triggers (compiled units) a card entering fires
    on_leave: tuple[Any, ...]
    width: int | None  # a grid's size (None: no edges, or until the layout works it out)
    height: int | None

    def __init__(self, name: str, family: str | None, key: Value, info: ZoneInfo,
                 owner: Seat | None, index: int):
        self.name, self.family, self.key, self.info = name, family, key, info
        self.kind, self.vis, self.owner = info.kind, info.visibility, owner
        # a size given by name (an option, a constant) is set by the layout, for its options
        self.width = info.width if isinstance(info.width, int) else None
        self.height = info.height if isinstance(info.height, int) else None
        self.i = index
        self.grid = info.kind == "grid"
        self.holds = info.of
        self.watch = False  # set by the layout: an end condition reads this zone
        self.on_enter = self.on_leave = ()  # the triggers a card entering or leaving fires
        self.reveal = 0  # set by the layout: the seats that know a card once it enters
        self.quiet_leave = False  # set by the layout: a card leaving changes nothing else
        self.quiet_enter = False  # set by the layout: a card entering, likewise
        self.sees = 0  # set by the layout: the seats that see every card in it
        self.shows = 0  # set by the layout: those seats, unless a grid

    def settle(self, everyone: int, watch: bool, on_enter: tuple[Any, ...],
               on_leave: tuple[Any, ...]) -> None:
        """What the layout knows of the zone (the seats, the end conditions, the
        triggers), and what moving a card in and out therefore does, worked out once (every
        move reads it): entering, a card is known to everyone (it lies face up, or on top
        of a pile that shows its top), to its owner, or to all but its owner; leaving a
        pile that shows its top, the card below is shown (``_take``), so that is no quiet
        leave."""
        self.watch, self.on_enter, self.on_leave = watch, on_enter, on_leave
        vis, owner = self.vis, self.owner
        if vis in ("public", "top"):
            self.reveal = everyone
        elif vis == "owner" and owner is not None:
            self.reveal = 1 << owner
        elif vis == "others" and owner is not None:
            self.reveal = everyone & ~(1 << owner)
        self.quiet_leave = not (self.grid or vis == "top" or watch or on_leave)
        # (the generated code moves a card here itself: stmt.written_move)
        self.quiet_enter = not (self.grid or watch or on_enter)
        # the seats that see every card in it: face up, or the owner's own; ``shows``, the
        # same but for a grid, whose cards a choose does not name by their labels
        # (LeanGame.pick_cards)
        self.sees = everyone if vis == "public" else \
            1 << owner if vis == "owner" and owner is not None else 0
        self.shows = 0 if self.grid else self.sees

    def __repr__(self) -> str:
        return self.name

    def in_bounds(self, cell: tuple[int, int]) -> bool:
        if self.width is None:
            return True
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height  # type: ignore[operator]  # a width: a height


class Family(dict[Value, Zone]):
    """Every zone of one keyed declaration, by key."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        super().__init__()
        self.name = name

    def __missing__(self, key: Value) -> NoReturn:
        from interpreter.runtime.protocol import text_of
        raise Fail(f"'{self.name}' has nothing for {text_of(key)}")


class Keyed(dict[Value, Value]):
    """A variable kept per key (``var score[player]``): its values by key."""

    __slots__ = ("name",)

    def __init__(self, name: str, items: Iterable[tuple[Value, Value]] = ()):
        super().__init__(items)
        self.name = name

    def __missing__(self, key: Value) -> NoReturn:
        from interpreter.runtime.protocol import text_of
        raise Fail(f"'{self.name}' has nothing for {text_of(key)}")

    def copy(self) -> Keyed:
        twin = dict.__new__(Keyed)  # Keyed(self.name, self) without two Python calls:
        dict.update(twin, self)  # a game's keyed variables are copied for every new game
        twin.name = self.name
        return twin

    def known(self, key: Value) -> Value:
        """The key, if the variable has it: a number outside a key range is refused."""
        return key if key in self else self.__missing__(key)


class Row(dict[str, Value]):
    """One row of a table."""

    __slots__ = ()


class Shape:
    """A polyomino: its cells, normalized, and its distinct orientations."""

    __slots__ = ("cells", "orientations", "rotations", "text")

    def __init__(self, cells: Iterable[tuple[int, int]], text: str):
        self.cells = normalize(cells)
        self.text = text
        self.orientations = _orientations(self.cells)
        self.rotations = {normalize(_rotate(self.cells, r)) for r in range(4)}

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shape) and self.cells == other.cells

    def __hash__(self) -> int:
        return hash(self.cells)


class Placement:
    """Where a shape lies: its absolute cells and a readable label like 'E5 r90 f'."""

    __slots__ = ("cells", "label")

    def __init__(self, cells: tuple[Cell, ...], label: str):
        self.cells, self.label = cells, label

    def __repr__(self) -> str:
        return self.label

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Placement) and set(self.cells) == set(other.cells)

    def __hash__(self) -> int:
        return hash(frozenset(self.cells))


class Cell(tuple[int, int]):
    """A cell of a grid: (x, y) from 0, x to the right, y downwards; printed like E5."""
    __slots__ = ()

    def __new__(cls, x: int, y: int) -> Cell:
        return tuple.__new__(cls, (x, y))

    def __repr__(self) -> str:
        return cell_name(self)

    __str__ = __repr__


class CellTable(dict[tuple[int, int], Cell]):
    """Every cell made so far, by its pair. ``CELLS[(x, y)]`` is ``cell(x, y)`` found in C,
    with no call (the generated code reads cells so); one not made yet is made here."""
    __slots__ = ()

    def __missing__(self, key: tuple[int, int]) -> Cell:
        found = Cell(*key)
        if len(self) < 100_000:
            self[found] = found
        return found


_CELLS = CELLS = CellTable()


def cell(x: int, y: int) -> Cell:
    """The cell (x, y), made once: cells never change, and grids ask for the same ones."""
    found = _CELLS.get((x, y))
    if found is None:
        found = Cell(x, y)
        if len(_CELLS) < 100_000:
            _CELLS[found] = found
    return found


_GRIDS: dict[tuple[int, int], tuple[Cell, ...]] = {}


def grid_cells(width: int, height: int) -> tuple[Cell, ...]:
    """Every cell of a width x height grid, in reading order (made once per size)."""
    found = _GRIDS.get((width, height))
    if found is None:
        found = _GRIDS[(width, height)] = tuple(cell(x, y) for y in range(height)
                                                for x in range(width))
    return found


_NAMES: dict[tuple[int, int], str] = {}


def cell_name(cell: tuple[int, int]) -> str:
    """(4, 4) -> 'E5': column letter, row number from 1 (row 1 at the top). Past Z the
    columns go on AA, AB...; left of A and above row 1 (a grid with no edges grows there)
    a minus counts the other way: '-A' the column left of A, '-1' the row above row 1
    ((-1, -1) -> '-A-1'). No column or row is zero, so each name is one cell's alone."""
    name = _NAMES.get(cell)
    if name is None:
        x, y = cell
        name = column_name(x) + (str(y + 1) if y >= 0 else str(y))
        if len(_NAMES) < 100_000:
            _NAMES[cell] = name
    return name


def column_name(x: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA'; -1 -> '-A', -27 -> '-AA' (letters as a spreadsheet's)."""
    count = x + 1 if x >= 0 else -x  # the column's place counted from A (or leftwards from -A)
    letters = ""
    while count:
        count, rest = divmod(count - 1, 26)
        letters = chr(65 + rest) + letters
    return letters if x >= 0 else "-" + letters


_NAMED_CELL = re.compile(r"(-?)([A-Z]{1,6})(-?)(\d{1,9})")
_PAIR = re.compile(r"\((-?\d{1,9}),\s*(-?\d{1,9})\)")


def parse_cell(text: str) -> Cell:
    """A cell's name back to the cell: 'E5', 'AA3', '-A1', 'B-2'; '(x,y)', as older saves
    and screens wrote a cell outside A..Z, is read too."""
    t = text.strip().upper()
    m = _NAMED_CELL.fullmatch(t)
    if m:
        left, letters, up, digits = m.groups()
        place, row = 0, int(digits)
        for ch in letters:
            place = place * 26 + ord(ch) - 64
        if row == 0:
            raise Fail(f"'{text}' is not a cell: rows are numbered from 1, and the row above "
                       f"row 1 is -1 (like A-1)")
        return Cell(-place if left else place - 1, -row if up else row - 1)
    m = _PAIR.fullmatch(t)
    if m:
        return Cell(int(m.group(1)), int(m.group(2)))
    raise Fail(f"'{text}' is not a cell: write a column letter and a row number, like E5")


_SHAPES: dict[str, Shape] = {}


def parse_shape(text: str) -> Shape:
    """A shape drawn as text ('##/.#'); each drawing is read once (shapes never change)."""
    shape = _SHAPES.get(text)
    if shape is not None:
        return shape
    cells: list[tuple[int, int]] = []
    for y, row in enumerate(text.strip().split("/")):
        for x, ch in enumerate(row.strip()):
            if ch == "#":
                cells.append((x, y))
            elif ch != ".":
                raise Fail(f"a shape is drawn with # and . in rows split by /, not {ch!r}")
    if not cells:
        raise Fail("a shape needs at least one # cell")
    shape = Shape(cells, text.strip())
    if len(_SHAPES) < 10_000:
        _SHAPES[text] = shape
    return shape


def normalize(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Cells moved so the first in reading order (top row, then left) is at (0, 0)."""
    ordered = sorted(cells, key=lambda c: (c[1], c[0]))
    ax, ay = ordered[0]
    return tuple((x - ax, y - ay) for x, y in ordered)


def _rotate(cells: Iterable[tuple[int, int]], quarter_turns: int
            ) -> Iterable[tuple[int, int]]:
    out = cells
    for _ in range(quarter_turns):
        out = [(-y, x) for x, y in out]  # a quarter turn clockwise (y grows downwards)
    return out


def _orientations(cells: tuple[tuple[int, int], ...]
                  ) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    seen: set[tuple[tuple[int, int], ...]] = set()
    result: list[tuple[str, tuple[tuple[int, int], ...]]] = []
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
