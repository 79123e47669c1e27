"""The small functions generated code calls (each a name in the generated module).

Kept apart from the compiler so the names a generated module can reach are exactly
these, the builtins (``b_size``...) and the constants the compiler binds.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from interpreter.runtime import field_lines
from interpreter.runtime.builtin_functions import (
    IMPLEMENTATIONS,
    flanked_cards,
    flanking_empty,
    sum_of,
)
from interpreter.runtime.geometry import DIRECTIONS
from interpreter.runtime.log import Message, SeenCard  # noqa: F401 (names the generated code calls)
from interpreter.runtime.protocol import as_list, kind_of, text_of
from interpreter.runtime.values import (  # noqa: F401
    CELLS,
    MAX_ITEMS,
    MAX_NUMBER,
    MAX_WORK,
    Card,
    EnumValue,
    Fail,
    Family,
    Keyed,
    Placement,
    Seat,
    Value,
    Zone,
    bounded,
    cell,
)
from interpreter.runtime.work import (  # noqa: F401
    charge,
    counted,
    equal,
    order,
    overwork,
    reused,
    weigh,
    weighed,
    weighed_lists,
    weighed_tuples,
)

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

PAUSE = "pause"  # a unit waits for a move
UNSET = object()  # a value a comprehension works out once, not yet worked out
MAX_LOOP_STEPS = 200_000  # loop turns allowed between two decisions before we call it runaway


class Frame:
    """A running state machine: which unit, where in it, and its local slots. Made blank
    and filled in (``Frame.of``, or field by field where rules call rules): a class with
    no ``__init__`` is made without a Python call, which halves what making one costs."""
    __slots__ = ("unit", "pc", "L")
    unit: Any  # a compiled unit (``compiler.Unit``, which the runtime does not import)
    pc: int  # where in the unit
    L: list[Value]  # its local slots

    @staticmethod
    def of(unit: Any, pc: int, L: list[Value]) -> Frame:
        frame = Frame()
        frame.unit, frame.pc, frame.L = unit, pc, L
        return frame


def runaway() -> NoReturn:
    raise Fail("this loop has run 200,000 times without a decision: it seems never to end")


def number(value: Value) -> Value:
    """A sum or a difference of numbers: bounded like a product (doubling a number in a
    loop would otherwise make one too long to print or save)."""
    if type(value) is not int or -MAX_NUMBER <= value <= MAX_NUMBER:
        return value
    raise Fail(f"the number {str(value)[:30]}... is too large (at most {MAX_NUMBER:,} either way)")


def text_counted(g: Game, text: str) -> str:
    """A text built from a value (``text(x)``, ``join``, a text with parts): bounded, and
    its length counted as work."""
    g.work += len(text)
    if g.work > MAX_WORK:
        overwork(g)
    return bounded(text)


def joined(g: Game, parts: list[str]) -> str:
    """A text with parts: their lengths added up before they are joined (a thousand parts
    of a long text would otherwise fill the memory)."""
    size = sum(map(len, parts))
    if size > MAX_ITEMS:
        raise Fail(f"a text of more than {MAX_ITEMS:,} characters is too long")
    g.work += size
    if g.work > MAX_WORK:
        overwork(g)
    return "".join(parts)


def end_item(items: list[Value], i: int) -> Value:
    """The first (0) or last (-1) item of a list, or none."""
    return items[i] if items else None


def no_field(name: str) -> NoReturn:
    raise Fail(f"cannot read .{name}: the value is none")


def field(card: Card | None, name: str) -> Value:
    if card is None:
        no_field(name)
    return card.f[name]


def var_field(g: Game, card: Card | None, name: str) -> Value:
    if card is None:
        no_field(name)
    return g.cv[name][card.id]


def any_field(g: Game, card: Card | None, name: str) -> Value:
    if card is None:
        no_field(name)
    fixed = card.f
    if name in fixed:
        return fixed[name]
    return g.cv[name][card.id]


def dynamic_attr(g: Game, value: Value, name: str) -> Value:
    if type(value) is Card:
        if name in value.f:
            return value.f[name]
        if name in g.cv and g.rules.kinds[value.kind].has_var(name):
            return g.cv[name][value.id]
    elif isinstance(value, dict) and name in value:
        return value[name]
    elif isinstance(value, tuple) and name in ("x", "y"):
        return value[0 if name == "x" else 1]
    elif value is None:
        no_field(name)  # as a read the checker could type says it (not Python's None)
    raise Fail(f"{text_of(value)} has no field '.{name}'")


def item(g: Game, seq: Value, i: int) -> Value:
    try:  # a list or a tuple indexed as it is (as_list gives a list itself)
        return seq[i] if type(seq) is list or type(seq) is tuple else as_list(g, seq)[i]
    except IndexError:
        raise Fail(f"index {i} is past the end (size {len(as_list(g, seq))})") from None


def int_text(value: Value) -> str:
    """A number as text (a seat used as a number prints as one)."""
    return str(int(value)) if type(value) is Seat else text_of(value)


def seat_names(g: Game, value: Value, brackets: bool) -> str:
    """A list of seats as text (P1, P3; in ``[...]`` with ``brackets``); anything not a list
    (none) as its own text."""
    if type(value) is not list and type(value) is not tuple:
        return text_of(value)
    names = ", ".join(map(g.seat_name, value))
    return f"[{names}]" if brackets else names


def seat_join(g: Game, value: Value, sep: str) -> str:
    """``join`` of a list of seats, by their names; anything not a list as ``join`` takes it."""
    if type(value) is not list and type(value) is not tuple:
        return IMPLEMENTATIONS["join"](g, value, sep)  # type: ignore[no-any-return]
    return sep.join(map(g.seat_name, value))


def parts_of(value: Value) -> list[Value]:
    return kind_of(value).parts(value)


def log_parts(g: Game, value: Value) -> list[str | SeenCard]:
    """Parts of a log line: each card with the seats that know it now."""
    known = g.known
    if type(value) is list and all(type(x) is Card for x in value):  # a hand, a trick...
        out: list[str | SeenCard] = []
        for x in value:
            if out:
                out.append(", ")
            out.append(SeenCard(x, known[x.id]))
        g.work += 4 * len(value)  # as below: each part, and the length of each ", "
        if g.work > MAX_WORK:
            overwork(g)
        return out
    out = [SeenCard(p, known[p.id]) if type(p) is Card else p for p in kind_of(value).parts(value)]
    g.work += len(out) + sum([len(p) for p in out if type(p) is str])  # a log can be long: counted
    if g.work > MAX_WORK:
        overwork(g)
    return out


def list_plus(g: Game, a: Value, b: Value) -> list[Value]:
    joined_list = bounded(as_list(g, a) + as_list(g, b))
    g.work += len(joined_list)
    if g.work > MAX_WORK:
        overwork(g)
    return joined_list


def sum_made(g: Game, items: list[Value]) -> Value:
    """``sum`` of a list a comprehension just made: the builtin's answer, work and error
    (``builtin_functions._sum``), without asking what the list is
    (tests/runtime/test_sum_made.py)."""
    g.work += len(items)
    if g.work > MAX_WORK:
        overwork(g)
    return sum_of(items)


def list_minus(g: Game, a: Value, b: Value) -> list[Value]:
    """The items of a that are not in b: by hashing when they can be (cards, numbers,
    texts...), else item by item, its work counted."""
    items, gone = as_list(g, a), as_list(g, b)
    g.work += len(items) + len(gone)
    try:
        drop = set(gone)
    except TypeError:  # lists among them: compared one by one
        weight = weigh(g, gone)
        counted(g, items, weight)
        return [x for x in items if x not in gone]
    if g.work > MAX_WORK:
        overwork(g)
    try:
        return [x for x in items if x not in drop]
    except TypeError:
        counted(g, items, weigh(g, gone))
        return [x for x in items if x not in gone]


def augment(g: Game, now: Value, delta: Value, sign: int) -> Value:
    """``x += d`` and ``x -= d``: numbers add, lists grow or lose items."""
    if type(now) is list and type(delta) is list and sign > 0:
        # a list grown by a list (``guessed += [n]``): ``list_plus`` written out, no call of
        # it, of ``as_list`` twice or of ``bounded`` (tests/runtime/test_fast_paths.py)
        joined_list = now + delta
        if len(joined_list) > MAX_ITEMS:
            bounded(joined_list)  # (its error)
        g.work += len(joined_list)
        if g.work > MAX_WORK:
            overwork(g)
        return joined_list
    if isinstance(now, list):
        return list_plus(g, now, delta) if sign > 0 else list_minus(g, now, delta)
    if type(now) is str:
        return bounded(now + delta)
    return number(now + sign * delta)


def times(g: Game, x: Value, y: Value) -> Value:
    if (type(x) is not int and type(x) is not Seat) or (type(y) is not int and type(y) is not Seat):
        raise Fail(f"'*' needs two numbers, not {text_of(x)} and {text_of(y)}")
    if abs(x * y) > MAX_NUMBER:
        raise Fail(f"{x} * {y} is too large (at most {MAX_NUMBER:,})")
    return x * y


def divide(x: Value, y: Value) -> Value:
    if y == 0:
        raise Fail("division by zero")
    return x // y


def modulo(x: Value, y: Value) -> Value:
    if y == 0:
        raise Fail("division by zero")
    return x % y


def in_zone(g: Game, card: Value, zone: Zone) -> bool:
    return type(card) is Card and card.id < len(g.where) and g.where[card.id] is zone


def in_family(g: Game, card: Value, family: Family) -> bool:
    if type(card) is not Card:
        return False
    zone = g.where[card.id]
    return zone is not None and zone.family == family.name


def in_any(g: Game, x: Value, coll: Value) -> bool:
    if type(coll) is Zone:
        return in_zone(g, x, coll)
    if type(coll) is Family:
        return in_family(g, x, coll)
    if coll is None:
        return False
    t = type(x)
    g.work += len(coll) * (weigh(g, x) if t is list or t is tuple else 1)
    if g.work > MAX_WORK:
        overwork(g)
    return x in coll


def in_list(g: Game, x: Value, coll: Value) -> bool:
    """``x in coll`` where the checker knows ``coll`` is a list (or none) and ``x`` no list."""
    if type(coll) is not list:
        return in_any(g, x, coll)
    g.work += len(coll)
    if g.work > MAX_WORK:
        overwork(g)
    return x in coll


def in_members(g: Game, x: Value, members: list[Value], kept: frozenset[Value]) -> bool:
    """``x in E`` for an enum ``E`` (``members``, its list; ``kept``, a set of them): the
    answer and the work of ``in_any`` (a member is equal only to itself, and no value of
    another type equals one), found by one look in the set, not by comparing ``x`` with
    each member in turn (tests/runtime/test_fast_paths.py compares the two)."""
    t = type(x)
    if t is list or t is tuple:  # (weighed: the general way)
        return in_any(g, x, members)
    g.work += len(members)
    if g.work > MAX_WORK:
        overwork(g)
    return t is EnumValue and x in kept


def picked_in(g: Game, items: Any, coll: Value, keep: bool) -> list[Value]:
    """``[x for x in items if in_list(g, x, coll) is keep]`` (``items`` gone through and
    counted already; their items no lists): each item's look in ``coll`` counted as
    ``in_list`` counts it, all at once (nothing else happens between: the same work, and
    the same failure past the budget), and the list made in C (the compiler writes this for
    such a comprehension: expr_shapes.picked_in; tests/runtime/test_fast_paths.py compares
    the two)."""
    if type(coll) is not list:  # (none, or not a list after all: each item as in_list does)
        return [x for x in items if in_list(g, x, coll) is keep]
    g.work += len(items) * len(coll)
    if g.work > MAX_WORK:
        overwork(g)
    if keep:
        return [x for x in items if x in coll]
    return [x for x in items if x not in coll]


def all_in(g: Game, x: Value, lists: Value) -> bool:
    """``all(in_list(g, x, t) for t in lists)`` written out as one loop (the compiler's form
    of ``all(x in t for t in lists)`` when ``x`` is a plain name and no list): the same
    answer, the same work counted in the same order (tests/runtime/test_all_in.py)."""
    for coll in lists:
        if type(coll) is list:
            g.work += len(coll)
            if g.work > MAX_WORK:
                overwork(g)
            if x not in coll:
                return False
        elif not in_any(g, x, coll):
            return False
    return True


def is_kind(value: Value, kind: str) -> bool:
    return type(value) is Card and value.kind == kind


def number_span(a: int, b: int) -> range:
    """``a..b``, bounded, as a ``range``: for what only goes through it or indexes it (a
    random pick, a choose among its numbers), no list made."""
    if b - a >= MAX_ITEMS:
        raise Fail(f"the range {a}..{b} is too long (at most {MAX_ITEMS:,} numbers)")
    return range(a, b + 1)


def number_range(a: int, b: int) -> list[int]:
    return list(number_span(a, b))


def family_cards(g: Game, family: Family) -> list[Value]:
    """``cards(F)`` of a zone family: its zones' cards, one zone after the other, counted as
    work as the builtin counts them (``_items``), in one new list (the builtin copies its
    list once more)."""
    zc = g.zc
    items: list[Value] = []
    for z in family.values():  # each zone's cards added in C (a comprehension: a call more)
        items += zc[z.i]
    g.work += len(items)
    if g.work > MAX_WORK:
        overwork(g)
    return items


def top_card(cards: list[Card]) -> Card | None:
    return cards[-1] if cards else None


def no_seat(g: Game, index: int) -> NoReturn:
    """``P3`` (index 2) read in a game of fewer players than the rules allow."""
    raise Fail(f"there is no seat P{index + 1}: this game has {g.nplayers} "
               f"player{'s' if g.nplayers != 1 else ''}")


def not_a_card(field_name: str) -> NoReturn:
    raise Fail(f"cannot set .{field_name}: the value is not a card")


def _of_list(pick: Any) -> Any:
    def of_list(g: Any, items: Any) -> Value:
        """The least or the greatest number of a list (none: none are): the builtin's
        one-list case (builtin_functions._extreme), in one call; its items counted as
        ``_items`` counts them, none left out only when there is one (numbers: ``in`` finds
        none by identity or equality alike). tests/runtime/test_fast_paths_compiled.py plays
        every game with the builtin called instead (the shortcut ``list_extremes`` off)."""
        if type(items) is not list:
            items = as_list(g, items)
        g.work += len(items)
        if g.work > MAX_WORK:
            overwork(g)
        if None in items:
            items = [x for x in items if x is not None]
        return pick(items) if items else None
    return of_list


list_min, list_max = _of_list(min), _of_list(max)


def names() -> dict[str, Any]:
    """Everything a generated module may call, by the name it calls it."""
    out = {name: globals()[name] for name in (
        "PAUSE", "Frame", "Fail", "Card", "Keyed", "runaway", "counted", "no_field", "field",
        "var_field", "any_field", "dynamic_attr", "item", "int_text", "seat_names", "seat_join",
        "parts_of", "list_plus", "list_minus", "augment", "times", "divide", "modulo", "in_zone",
        "in_family", "in_any",
        "in_list", "in_members", "picked_in", "all_in", "sum_made", "Placement",
        "is_kind", "number_range", "number_span", "top_card", "family_cards", "end_item",
        "not_a_card", "text_of", "as_list",
        "bounded", "log_parts", "SeenCard", "Message", "overwork", "charge", "reused", "weighed", "equal",
        "weighed_lists", "weighed_tuples",
        "order", "number", "text_counted", "joined", "Seat", "EnumValue", "UNSET", "no_seat",
        "cell", "CELLS", "list_min", "list_max")}
    for name, impl in IMPLEMENTATIONS.items():
        out["b_" + name] = impl
    out["DIRECTIONS"] = DIRECTIONS
    out["flanking_empty"] = flanking_empty
    out["flanked_cards"] = flanked_cards
    out["flanking_fields"] = field_lines.flanking_fields
    out["flanked_fields"] = field_lines.flanked_fields
    out["charged"] = field_lines.charged
    out["__builtins__"] = {"len": len, "list": list, "range": range, "bool": bool, "int": int,
                           "str": str,
                           "map": map, "type": type, "dict": dict, "tuple": tuple,
                           "isinstance": isinstance, "any": any, "all": all, "sum": sum,
                           "sorted": sorted,
                           "Exception": Exception}  # (caught where the builtin works a value out again)
    return out
