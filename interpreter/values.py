"""Runtime values, and the one protocol every operation on them goes through.

Enum members, seats, cards, zones, families, table rows, cells, shapes and
placements are small immutable handles: whatever changes during a game (where a
card lies, who knows its face, its ``var`` fields, what a zone holds) lives in the
game's own arrays, indexed by the handle's number (see ``state.py``). So a handle
can be shared by every copy of a game, and copying a game copies a few flat lists.

Every operation that depends on what kind of value it meets (its text, its
notation as a move, its plain JSON form in a view, its encoding in a save, its
parts in a log message, iterating over it) is a method of the value's
``ValueKind``, found by ``kind_of(value)``: one table, not a type switch per
operation.
"""
from __future__ import annotations

MAX_ITEMS = 1_000_000  # the longest range or list of pairs a ruleset may build
MAX_WORK = 5_000_000  # list items comprehensions may go through between two decisions
MAX_CARDS = 100_000  # the most cards one game may create
MAX_NUMBER = 10**18  # the largest product a ruleset may compute


class Fail(Exception):
    """A ruleset did something impossible at run time; the engine adds where."""


def bounded(value):
    """A sum of texts or lists must stay small: doubling one in a loop would fill the memory."""
    if type(value) in (str, list, tuple) and len(value) > MAX_ITEMS:
        raise Fail(f"a text or list of more than {MAX_ITEMS:,} items is too long")
    return value


# ------------------------------------------------------------------ handles

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


class Seat(int):
    """A seat: a number from 0 (so arithmetic and keys work as before) that knows its
    name: P1, P2... or the dummy's name. It prints as its name, as ``Cell`` prints as E5."""

    def __new__(cls, index: int, name: str):
        seat = int.__new__(cls, index)
        seat.name = name
        return seat

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __format__(self, spec):
        return self.name if not spec else int.__format__(self, spec)

    def __reduce__(self):
        return (Seat, (int(self), self.name))


class Card:
    """One component: its number in the game, its kind, its name and its fixed fields.
    Where it lies, who knows it and its ``var`` fields are the game's (``g.where[id]``,
    ``g.known[id]``, ``g.cvars[field][id]``)."""

    __slots__ = ("id", "kind", "f", "label")

    def __init__(self, id: int, kind: str, fields: dict, label: str):
        self.id, self.kind, self.f, self.label = id, kind, fields, label

    def __repr__(self):
        return self.label


class Zone:
    """A place cards can be: its name, key, kind and who sees it. Its cards are the
    game's (``g.zc[zone.i]``; a grid also maps cells to cards in ``g.zg[zone.i]``)."""

    __slots__ = ("name", "family", "key", "kind", "vis", "owner", "info", "width", "height",
                 "i", "grid", "holds", "watch", "on_enter", "on_leave")

    def __init__(self, name, family, key, info, owner, index):
        self.name, self.family, self.key, self.info = name, family, key, info
        self.kind, self.vis, self.owner = info.kind, info.visibility, owner
        self.width, self.height = info.width, info.height
        self.i = index
        self.grid = info.kind == "grid"
        self.holds = info.of
        self.watch = False  # set by the layout: an end condition reads this zone
        self.on_enter = self.on_leave = ()  # the triggers a card entering or leaving fires

    def __repr__(self):
        return self.name

    def in_bounds(self, cell) -> bool:
        if self.width is None:
            return True
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height


class Family(dict):
    """Every zone of one keyed declaration, by key."""

    __slots__ = ("name",)

    def __init__(self, name):
        super().__init__()
        self.name = name

    def __missing__(self, key):
        raise Fail(f"'{self.name}' has nothing for {text_of(key)}")


class Keyed(dict):
    """A variable kept per key (``var score[player]``): its values by key."""

    __slots__ = ("name",)

    def __init__(self, name, items=()):
        super().__init__(items)
        self.name = name

    def __missing__(self, key):
        raise Fail(f"'{self.name}' has nothing for {text_of(key)}")

    def copy(self):
        return Keyed(self.name, self)


class Row(dict):
    """One row of a table."""

    __slots__ = ()


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


_CELLS: dict = {}


def cell(x: int, y: int) -> Cell:
    """The cell (x, y), made once: cells never change, and grids ask for the same ones."""
    found = _CELLS.get((x, y))
    if found is None:
        found = Cell(x, y)
        if len(_CELLS) < 100_000:
            _CELLS[found] = found
    return found


_GRIDS: dict = {}


def grid_cells(width: int, height: int) -> tuple:
    """Every cell of a width x height grid, in reading order (made once per size)."""
    found = _GRIDS.get((width, height))
    if found is None:
        found = _GRIDS[(width, height)] = tuple(cell(x, y) for y in range(height)
                                                for x in range(width))
    return found


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


_SHAPES: dict = {}


def parse_shape(text: str) -> Shape:
    """A shape drawn as text ('##/.#'); each drawing is read once (shapes never change)."""
    shape = _SHAPES.get(text)
    if shape is not None:
        return shape
    cells = []
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


# ------------------------------------------------------------------ the protocol

class ValueKind:
    """What can be done with one kind of runtime value. ``g`` is the game, for what
    only the game knows (who knows a card, where it lies); ``seat`` the reader."""

    tag = None  # the save's tag ({"card": 3}); None for values saved as themselves

    def text(self, v) -> str:
        """As rules print it (``text(x)``, log lines, options)."""
        return str(v)

    def notation(self, g, v, seat) -> str:
        """As a move offering it is named, to the chooser ``seat``."""
        return self.text(v)

    def named(self, g, v, seat) -> tuple:
        """The cards whose faces that notation shows."""
        return ()

    def plain(self, g, v, seat):
        """As JSON-ready data in a view."""
        return self.text(v)

    def encode(self, v):
        return v

    def decode(self, g, body, whole):
        raise ValueError(self.tag)

    def parts(self, v) -> list:
        """As parts of a log message: cards stay cards, rendered per reader later."""
        return [self.text(v)]

    def items(self, g, v) -> list:
        raise Fail(f"{v!r} is not a list")


class _Plain(ValueKind):
    def plain(self, g, v, seat):
        return v


class _Nothing(_Plain):
    def text(self, v):
        return "none"

    def items(self, g, v):
        return []


class _Bool(_Plain):
    def text(self, v):
        return "yes" if v else "no"


class _Int(_Plain):
    def text(self, v):
        return str(v)


class _Text(_Plain):
    def text(self, v):
        return v

    def items(self, g, v):
        return list(v)


class _Seat(ValueKind):
    tag = "seat"

    def text(self, v):
        return v.name

    def plain(self, g, v, seat):
        return int(v)

    def encode(self, v):
        return {"seat": int(v)}

    def decode(self, g, body, whole):
        return g.seats[body] if 0 <= body < len(g.seats) else body


class _Enum(ValueKind):
    tag = "enum"

    def text(self, v):
        return v.name

    def encode(self, v):
        return {"enum": [v.enum, v.name]}

    def decode(self, g, body, whole):
        return next(m for m in g.rules.enum_values[body[0]] if m.name == body[1])


class _Card(ValueKind):
    tag = "card"

    def text(self, v):
        return v.label

    def notation(self, g, v, seat):
        return v.label if g.known[v.id] >> seat & 1 else g.position(v)

    def named(self, g, v, seat):
        return (v,) if g.known[v.id] >> seat & 1 else ()

    def plain(self, g, v, seat):
        from interpreter.views import card_view
        return card_view(g, v, seat)

    def encode(self, v):
        return {"card": v.id}

    def decode(self, g, body, whole):
        return g.cards[body]

    def parts(self, v):
        return [v]


class _Zone(ValueKind):
    tag = "zone"

    def text(self, v):
        return v.name

    def encode(self, v):
        return {"zone": v.name}

    def decode(self, g, body, whole):
        return g.layout.zone_named[body]

    def items(self, g, v):
        return g.zc[v.i]


class _Family(ValueKind):
    tag = "family"

    def text(self, v):
        return str(dict(v))

    def plain(self, g, v, seat):
        return v.name

    def encode(self, v):
        return {"family": v.name}

    def decode(self, g, body, whole):
        return g.zones[body]

    def items(self, g, v):
        zc = g.zc
        return [c for z in v.values() for c in zc[z.i]]


class _Shape(ValueKind):
    tag = "shape"

    def text(self, v):
        return v.text

    def encode(self, v):
        return {"shape": v.text}

    def decode(self, g, body, whole):
        return parse_shape(body)


class _Placement(ValueKind):
    tag = "placement"

    def text(self, v):
        return v.label

    def encode(self, v):
        return {"placement": [list(c) for c in v.cells], "label": v.label}

    def decode(self, g, body, whole):
        return Placement(tuple(Cell(*c) for c in body), whole["label"])


class _Cell(ValueKind):
    tag = "cell"

    def text(self, v):
        return cell_name(v)

    def encode(self, v):
        return {"cell": list(v)}

    def decode(self, g, body, whole):
        return Cell(*body)

    def items(self, g, v):
        return list(v)


class _Tuple(ValueKind):
    tag = "tuple"

    def text(self, v):
        return "(" + ", ".join(text_of(x) for x in v) + ")"

    def notation(self, g, v, seat):
        return " ".join(kind_of(x).notation(g, x, seat) for x in v)

    def named(self, g, v, seat):
        return tuple(c for x in v for c in kind_of(x).named(g, x, seat))

    def plain(self, g, v, seat):
        return [kind_of(x).plain(g, x, seat) for x in v]

    def encode(self, v):
        return {"tuple": [encode(x) for x in v]}

    def decode(self, g, body, whole):
        return tuple(decode(g, x) for x in body)

    def items(self, g, v):
        return list(v)


class _List(ValueKind):
    def text(self, v):
        return "[" + ", ".join(text_of(x) for x in v) + "]"

    def notation(self, g, v, seat):
        return "+".join(kind_of(x).notation(g, x, seat) for x in v)

    def named(self, g, v, seat):
        return tuple(c for x in v for c in kind_of(x).named(g, x, seat))

    def plain(self, g, v, seat):
        return [kind_of(x).plain(g, x, seat) for x in v]

    def encode(self, v):
        return [encode(x) for x in v]

    def parts(self, v):
        out = []
        for i, x in enumerate(v):
            if i:
                out.append(", ")
            out.extend(kind_of(x).parts(x))
        return out

    def items(self, g, v):
        return v


class _Row(ValueKind):
    tag = "row"

    def text(self, v):
        return str(dict(v))

    def plain(self, g, v, seat):
        return {k: kind_of(x).plain(g, x, seat) for k, x in v.items()}

    def encode(self, v):
        return {"row": {k: encode(x) for k, x in v.items()}}

    def decode(self, g, body, whole):
        return Row((k, decode(g, x)) for k, x in body.items())


class _Keyed(ValueKind):
    def plain(self, g, v, seat):
        return [kind_of(x).plain(g, x, seat) for x in v]


class _Other(ValueKind):
    def encode(self, v):
        from rulelang.errors import RulesError
        raise RulesError(f"cannot save a value of type {type(v).__name__}")


KINDS: dict = {
    type(None): _Nothing(), bool: _Bool(), int: _Int(), str: _Text(), Seat: _Seat(),
    EnumValue: _Enum(), Card: _Card(), Zone: _Zone(), Family: _Family(), Shape: _Shape(),
    Placement: _Placement(), Cell: _Cell(), tuple: _Tuple(), list: _List(), Row: _Row(),
    Keyed: _Keyed(), dict: _Keyed(),
}
TAGS = {kind.tag: kind for kind in KINDS.values() if kind.tag is not None}
_OTHER = _Other()


def kind_of(v) -> ValueKind:
    return KINDS.get(type(v), _OTHER)


def text_of(v) -> str:
    t = type(v)
    if t is str:
        return v
    if t is int:
        return str(v)
    return KINDS.get(t, _OTHER).text(v)


def as_list(g, v) -> list:
    if type(v) is list:
        return v
    return KINDS.get(type(v), _OTHER).items(g, v)


def encode(v):
    return KINDS.get(type(v), _OTHER).encode(v)


def decode(g, v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, list):
        return [decode(g, x) for x in v]
    (tag, body), = [(k, x) for k, x in v.items() if k != "label"]
    return TAGS[tag].decode(g, body, v)
