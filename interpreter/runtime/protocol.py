"""The one protocol over runtime values.

Every operation that depends on what kind of value it meets (its text, its notation
as a move, its plain JSON form in a view, its encoding in a save, its parts in a log
message, iterating over it) is a method of the value's ``ValueKind``, found by
``kind_of(value)``: one table, not a type switch per operation. A new kind of runtime
value is one class here and one line in ``KINDS``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from interpreter.runtime.values import (
    MAX_CELL,
    MAX_DEPTH,
    Card,
    Cell,
    EnumValue,
    Fail,
    Family,
    Keyed,
    Placement,
    Row,
    Seat,
    Shape,
    Value,
    Zone,
    cell_name,
    parse_shape,
)
from rulelang.language.errors import Diagnostic, RulesRuntimeError

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.game_fields import GameFields
    from interpreter.runtime.readers import Reader

Json: TypeAlias = Any  # JSON-ready data; read from a save: anything, checked as it is read


class ValueKind:
    """What can be done with one kind of runtime value. ``g`` is the game, for what
    only the game knows (who knows a card, where it lies); ``seat`` the reader."""

    tag: str | None = None  # the save's tag ({"card": 3}); None for values saved as themselves

    def text(self, v: Value) -> str:
        """As rules print it (``text(x)``, log lines, options)."""
        return str(v)

    def notation(self, g: GameFields, v: Value, seat: int) -> str:
        """As a move offering it is named, to the chooser ``seat``."""
        return self.text(v)

    def named(self, g: GameFields, v: Value, seat: int) -> tuple[Card, ...]:
        """The cards whose faces that notation shows."""
        return ()

    def plain(self, g: Game, v: Value, seat: Reader) -> Json:
        """As JSON-ready data in a view."""
        return self.text(v)

    def encode(self, v: Value) -> Json:
        return v

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Value:
        """The value a save's ``{tag: body}`` stands for; a ``Damaged`` error if the body
        cannot be one (saves are untrusted: each kind checks its own)."""
        raise Damaged(f"no value is tagged {self.tag!r}")

    def parts(self, v: Value) -> list[str | Card]:
        """As parts of a log message: cards stay cards, rendered per reader later."""
        return [self.text(v)]

    def items(self, g: Game, v: Value) -> list[Value]:
        raise Fail(f"{self.text(v)} is not a list")


class _Plain(ValueKind):
    def plain(self, g: Game, v: Value, seat: Reader) -> Json:
        return v


class _Nothing(_Plain):
    def text(self, v: None) -> str:
        return "none"

    def items(self, g: Game, v: None) -> list[Value]:
        return []


class _Bool(_Plain):
    def text(self, v: bool) -> str:
        return "yes" if v else "no"


class _Int(_Plain):
    def text(self, v: int) -> str:
        return str(v)


class _Text(_Plain):
    def text(self, v: str) -> str:
        return v

    def items(self, g: Game, v: str) -> list[Value]:
        return list(v)


class _Seat(ValueKind):
    tag = "seat"

    def text(self, v: Seat) -> str:
        return v.name

    def plain(self, g: Game, v: Seat, seat: Reader) -> Json:
        return v  # a number in JSON, a seat (it prints as P1) in Python

    def encode(self, v: Seat) -> Json:
        return {"seat": int(v)}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Seat:
        return g.seats[_index(body, len(g.seats), "seat")]


class _Enum(ValueKind):
    tag = "enum"

    def text(self, v: EnumValue) -> str:
        return v.name

    def encode(self, v: EnumValue) -> Json:
        return {"enum": [v.enum, v.name]}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> EnumValue:
        if type(body) is list and len(body) == 2:
            for member in g.rules.enum_values.get(body[0], ()) if type(body[0]) is str else ():
                if member.name == body[1]:
                    return member
        raise Damaged(f"{_short(body)} is not a member of an enum of these rules")


class _Card(ValueKind):
    tag = "card"

    def text(self, v: Card) -> str:
        return v.label

    def notation(self, g: GameFields, v: Card, seat: int) -> str:
        return v.label if g.known[v.id] >> seat & 1 else g.position(v)

    def named(self, g: GameFields, v: Card, seat: int) -> tuple[Card, ...]:
        return (v,) if g.known[v.id] >> seat & 1 else ()

    def plain(self, g: Game, v: Card, seat: Reader) -> Json:
        from interpreter.runtime.views import card_view
        return card_view(g, v, seat)

    def encode(self, v: Card) -> Json:
        return {"card": v.id}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Card:
        return g.cards[_index(body, len(g.cards), "card")]

    def parts(self, v: Card) -> list[str | Card]:
        return [v]


class _Zone(ValueKind):
    tag = "zone"

    def text(self, v: Zone) -> str:
        return v.name

    def encode(self, v: Zone) -> Json:
        return {"zone": v.name}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Zone:
        zone = g.layout.zone_named.get(body) if type(body) is str else None
        if zone is None:
            raise Damaged(f"there is no zone {_short(body)}")
        return zone

    def items(self, g: Game, v: Zone) -> list[Value]:
        return g.zc[v.i]


class _Family(ValueKind):
    tag = "family"

    def text(self, v: Family) -> str:
        return v.name  # (as its zones are named: hand, and hand[P1])

    def plain(self, g: Game, v: Family, seat: Reader) -> Json:
        return v.name

    def encode(self, v: Family) -> Json:
        return {"family": v.name}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Family:
        family = g.zones.get(body) if type(body) is str else None
        if type(family) is not Family:
            raise Damaged(f"there is no zone family {_short(body)}")
        return family

    def items(self, g: Game, v: Family) -> list[Value]:
        zc = g.zc
        return [c for z in v.values() for c in zc[z.i]]


class _Shape(ValueKind):
    tag = "shape"

    def text(self, v: Shape) -> str:
        return v.text

    def encode(self, v: Shape) -> Json:
        return {"shape": v.text}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Shape:
        if type(body) is not str or len(body) > MAX_SHAPE_TEXT:
            raise Damaged(f"{_short(body)} is not a shape")
        try:
            return parse_shape(body)
        except Fail as error:
            raise Damaged(f"{_short(body)} is not a shape ({error})") from None


class _Placement(ValueKind):
    tag = "placement"

    def text(self, v: Placement) -> str:
        return v.label

    def encode(self, v: Placement) -> Json:
        return {"placement": [list(c) for c in v.cells], "label": v.label}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Placement:
        label = whole.get("label")
        if type(body) is not list or not body or len(body) > MAX_SHAPE_TEXT or type(label) is not str:
            raise Damaged("a placement needs its cells and a label")
        return Placement(tuple(_cell(c) for c in body), label)


class _Cell(ValueKind):
    tag = "cell"

    def text(self, v: Cell) -> str:
        return cell_name(v)

    def encode(self, v: Cell) -> Json:
        return {"cell": list(v)}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Cell:
        return _cell(body)

    def items(self, g: Game, v: Cell) -> list[Value]:
        return list(v)


class _Tuple(ValueKind):
    tag = "tuple"

    def text(self, v: tuple[Value, ...]) -> str:
        return _sequence_text(v, {})

    def notation(self, g: GameFields, v: tuple[Value, ...], seat: int) -> str:
        # a cell named directly (a move from a cell to a cell: what grid games offer)
        return " ".join([cell_name(x) if type(x) is Cell else kind_of(x).notation(g, x, seat)
                         for x in v])

    def named(self, g: GameFields, v: tuple[Value, ...], seat: int) -> tuple[Card, ...]:
        return tuple(c for x in v for c in kind_of(x).named(g, x, seat))

    def parts(self, v: tuple[Value, ...]) -> list[str | Card]:
        """As a list's: its cards stay cards, so each reader sees them as they may."""
        out: list[str | Card] = ["("]
        for i, x in enumerate(v):
            if i:
                out.append(", ")
            out.extend(kind_of(x).parts(x))
        out.append(")")
        return out

    def plain(self, g: Game, v: tuple[Value, ...], seat: Reader) -> Json:
        return [kind_of(x).plain(g, x, seat) for x in v]

    def encode(self, v: tuple[Value, ...]) -> Json:
        return {"tuple": [encode(x) for x in v]}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> tuple[Value, ...]:
        if type(body) is not list:
            raise Damaged("a tuple is saved as a list of its items")
        return tuple(decode(g, x, depth + 1) for x in body)

    def items(self, g: Game, v: tuple[Value, ...]) -> list[Value]:
        return list(v)


class _List(ValueKind):
    def text(self, v: list[Value]) -> str:
        return _sequence_text(v, {})

    def notation(self, g: GameFields, v: list[Value], seat: int) -> str:
        return "+".join(kind_of(x).notation(g, x, seat) for x in v)

    def named(self, g: GameFields, v: list[Value], seat: int) -> tuple[Card, ...]:
        return tuple(c for x in v for c in kind_of(x).named(g, x, seat))

    def plain(self, g: Game, v: list[Value], seat: Reader) -> Json:
        return [kind_of(x).plain(g, x, seat) for x in v]

    def encode(self, v: list[Value]) -> Json:
        return [encode(x) for x in v]

    def parts(self, v: list[Value]) -> list[str | Card]:
        out: list[str | Card] = []
        for i, x in enumerate(v):
            if i:
                out.append(", ")
            if type(x) is Card:  # a card is its own part: no protocol call for each
                out.append(x)
            else:
                out.extend(kind_of(x).parts(x))
        return out

    def items(self, g: Game, v: list[Value]) -> list[Value]:
        return v


class _Row(ValueKind):
    tag = "row"

    def text(self, v: Row) -> str:  # (colour: blue, number: 1), not Python's dict
        return "(" + ", ".join(f"{k}: {text_of(x)}" for k, x in v.items()) + ")"

    def plain(self, g: Game, v: Row, seat: Reader) -> Json:
        return {k: kind_of(x).plain(g, x, seat) for k, x in v.items()}

    def encode(self, v: Row) -> Json:
        return {"row": {k: encode(x) for k, x in v.items()}}

    def decode(self, g: Game, body: Json, whole: dict[str, Json], depth: int) -> Row:
        if type(body) is not dict:
            raise Damaged("a table row is saved as its columns")
        return Row((k, decode(g, x, depth + 1)) for k, x in body.items())


class _Keyed(ValueKind):
    def plain(self, g: Game, v: dict[Value, Value], seat: Reader) -> Json:
        return [kind_of(x).plain(g, x, seat) for x in v]


class _Other(ValueKind):
    def encode(self, v: Value) -> Json:
        from rulelang.language.errors import RulesError
        raise RulesError(f"cannot save a value of type {type(v).__name__}")


KINDS: dict[type, ValueKind] = {
    type(None): _Nothing(), bool: _Bool(), int: _Int(), str: _Text(), Seat: _Seat(),
    EnumValue: _Enum(), Card: _Card(), Zone: _Zone(), Family: _Family(), Shape: _Shape(),
    Placement: _Placement(), Cell: _Cell(), tuple: _Tuple(), list: _List(), Row: _Row(),
    Keyed: _Keyed(), dict: _Keyed(),
}
TAGS = {kind.tag: kind for kind in KINDS.values() if kind.tag is not None}
_OTHER = _Other()


def kind_of(v: Value) -> ValueKind:
    return KINDS.get(type(v), _OTHER)


def text_of(v: Value) -> str:
    t = type(v)
    if t is str:
        return v  # type: ignore[no-any-return]  # a str: t says so (no second type())
    if t is EnumValue or t is Seat:  # the commonest in log lines: as _Enum and _Seat say
        return v.name  # type: ignore[no-any-return]  # as above
    if t is int:
        return str(v)
    return KINDS.get(t, _OTHER).text(v)


def edged_hints(g: Game, kind: str, names: Sequence[str], values: Sequence[Value]
                ) -> dict[str, Any]:
    """A card's hints when they hold its edges: each a text, the edges a list of four
    (top, right, bottom, left), checked here as no type can say how long a list is (said
    at the kind's ``edges`` clause, whatever the game was doing)."""
    shown: dict[str, Any] = {}
    for name, value in zip(names, values):
        if name != "edges":
            shown[name] = text_of(value)
        elif type(value) is not list or len(value) != 4:
            count = len(value) if type(value) is list else 1
            message = (f"the edges of a {kind} card are four texts (top, right, bottom, "
                       f"left), not {count}")
            clause = g.rules.program.cards[kind].decl.edges
            raise RulesRuntimeError(message, [Diagnostic(
                message, clause.span if clause is not None else None,
                "give one text for each edge, as the card lies now")], g.rules.program.sources)
        else:
            shown[name] = [text_of(v) for v in value]
    return shown


def _sequence_text(v: list[Value] | tuple[Value, ...], made: dict[int, str]) -> str:
    """A list's text ``[a, b]`` or a tuple's ``(a, b)``, lists and tuples inside it each
    written once however often it holds them (``made``: their texts by id, for this one
    text): a list doubled by ``x = [x, x]`` is written in time linear in its length."""
    done = made.get(id(v))
    if done is not None:
        return done
    parts = [_sequence_text(x, made) if type(x) is list or type(x) is tuple else text_of(x)
             for x in v]
    text = ("[" if type(v) is list else "(") + ", ".join(parts) + ("]" if type(v) is list else ")")
    made[id(v)] = text
    return text


def as_list(g: Game, v: Value) -> list[Value]:
    if type(v) is list:
        return v
    return KINDS.get(type(v), _OTHER).items(g, v)


def encode(v: Value) -> Json:
    return KINDS.get(type(v), _OTHER).encode(v)


def decode(g: Game, v: Json, depth: int = 0) -> Value:
    """A value from a save, checked: saves are untrusted, so anything that is not a value
    of these rules (a card or a seat that does not exist, a number too large, a list nested
    too deeply) is a ``Damaged`` error naming it."""
    t = type(v)
    if v is None or t is bool or t is str:
        return v
    if t is int:
        if not -MAX_SAVED_NUMBER <= v <= MAX_SAVED_NUMBER:
            raise Damaged(f"the number {_short(v)} is too large")
        return v
    if depth >= MAX_DEPTH:
        raise Damaged(f"a value nested more than {MAX_DEPTH} deep")
    if t is list:
        return [decode(g, x, depth + 1) for x in v]
    if t is not dict:
        raise Damaged(f"{_short(v)} is not a value")
    tags = [k for k in v if k != "label"]
    kind = TAGS.get(tags[0]) if len(tags) == 1 else None
    if kind is None or ("label" in v and tags[0] != "placement"):
        raise Damaged(f"{_short(v)} is not a value")
    return kind.decode(g, v[tags[0]], v, depth)


class Damaged(ValueError):
    """Part of a save is not what the game could hold (restore names it)."""


MAX_SAVED_NUMBER = 2**63  # a number in a save (the rules' own stay within 10^18)
MAX_SHAPE_TEXT = 1000  # a shape's drawing or a placement's cells, in a save


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _index(body: Json, count: int, what: str) -> int:
    if type(body) is not int or not 0 <= body < count:
        raise Damaged(f"there is no {what} {_short(body)}")
    return body


def _cell(body: Json) -> Cell:
    if (type(body) is not list or len(body) != 2 or any(type(x) is not int or abs(x) > MAX_CELL
                                                         for x in body)):
        raise Damaged(f"{_short(body)} is not a cell")
    return Cell(*body)
