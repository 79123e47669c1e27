"""The built-in functions of the language. Each takes the game first, then its arguments.

Their signatures (what the checker accepts) are in ``rulelang/language/builtin_signatures.py``.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import combinations, compress, filterfalse
from operator import is_not
from typing import TYPE_CHECKING, Any

from interpreter.runtime import bitboard, geometry
from interpreter.runtime.bitboard import bits_of
from interpreter.runtime.facts import known_to
from interpreter.runtime.protocol import as_list, text_of
from interpreter.runtime.values import (
    MAX_ITEMS,
    MAX_NUMBER,
    MAX_WORK,
    Card,
    Cell,
    Fail,
    Placement,
    Shape,
    Zone,
    cell,
    grid_cells,
    parse_cell,
    parse_shape,
)
from interpreter.runtime.work import charge, counted, overwork, weigh

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.values import Seat, Value


_NOT_NONE = partial(is_not, None)  # none counts for nothing in a sum


def _items(g: Game, v: Value) -> list[Value]:
    """The items of a list or a zone, counted as work (see ``counted``): every builtin that
    goes through a list takes it from here."""
    items = as_list(g, v)
    g.work += len(items)
    if g.work > MAX_WORK:
        overwork(g)
    return items


def sum_of(items: list[Value]) -> Value:
    """The sum of a list's numbers, none counting for nothing; past the largest number, refused."""
    total = sum(filter(_NOT_NONE, items))
    if type(total) is int and not -MAX_NUMBER <= total <= MAX_NUMBER:
        raise Fail(f"the sum {str(total)[:30]}... is too large (at most {MAX_NUMBER:,} either way)")
    return total


def _sum(g: Game, v: Value) -> Value:
    return sum_of(_items(g, v))


def _nests(items: list[Value]) -> bool:
    kinds = set(map(type, items))  # looked at in C, not item by item in Python
    return list in kinds or tuple in kinds


def _size(g: Game, v: Value) -> int:
    if isinstance(v, Shape):
        return len(v.cells)
    return len(as_list(g, v))


def _extreme(pick: Callable[[list[Value]], Value]) -> Callable[..., Value]:
    def impl(g: Game, *args: Value) -> Value:
        if len(args) == 2:  # min(a, b), the commonest: as below, without the lists
            a, b = args
            return b if a is None else a if b is None else pick([a, b])
        items = _items(g, args[0]) if len(args) == 1 else list(args)
        items = [x for x in items if x is not None]
        return pick(items) if items else None
    return impl


def _arg(pick: Callable[[list[Value]], Value]) -> Callable[..., list[Value]]:
    def impl(g: Game, items: Value, key: Callable[[Value], Value]) -> list[Value]:
        items = items if type(items) is list else as_list(g, items)  # (``_items``, written out)
        g.work += len(items)
        if g.work > MAX_WORK:
            overwork(g)
        if not items:
            return []
        keys = list(map(key, items))  # (in C: a comprehension is a call more)
        best = pick(keys)
        chosen = []  # (a loop: a comprehension is a call more)
        for x, k in zip(items, keys):
            if k == best:
                chosen.append(x)
        return chosen
    return impl


def _pairs(g: Game, items: Value) -> list[tuple[Value, Value]]:
    items = _items(g, items)
    if len(items) * (len(items) - 1) // 2 > MAX_ITEMS:
        raise Fail(f"pairs of {len(items)} items are too many (at most {MAX_ITEMS:,} pairs)")
    out = list(combinations(items, 2))
    if _nests(items):
        weigh(g, out)
    else:
        g.work += len(out)
    return out


def _unique(g: Game, items: Value) -> list[Value]:
    seen: set[Value] = set()
    out: list[Value] = []
    items = _items(g, items)
    if _nests(items):
        weigh(g, items)  # each list is turned into a tuple to be compared: counted
    for x in items:
        k = _hashable(x)
        if k not in seen:
            seen.add(k)
            out.append(x)
    return out


def _hashable(x: Value) -> Value:
    return tuple(_hashable(i) for i in x) if isinstance(x, list) else x


def _sort(g: Game, items: Value, key: Callable[[Value], Value] | None = None) -> list[Value]:
    items = _items(g, items)
    if _nests(items):
        weigh(g, items)
    return sorted(items, key=key) if key else sorted(items)


def _top(g: Game, zone: Value, n: int | None = None) -> Value:
    cards = g.zc[_zone(zone).i]
    if n is None:
        return cards[-1] if cards else None
    return cards[::-1][:_how_many("top", n)]


def _bottom(g: Game, zone: Value, n: int | None = None) -> Value:
    cards = g.zc[_zone(zone).i]
    if n is None:
        return cards[0] if cards else None
    return cards[:_how_many("bottom", n)]


def _how_many(name: str, n: Value) -> int:
    """A count of cards taken from a zone: a whole number, 0 or more (a slice's -1 would
    take all but one)."""
    if type(n) is not int:
        raise Fail(f"{name}'s count is a number, not {text_of(n)}")
    if n < 0:
        raise Fail(f"{name} cannot take {n} cards: a count is 0 or more")
    return n


def _zone(z: Value) -> Zone:
    if not isinstance(z, Zone):
        raise Fail(f"{text_of(z)} is not a zone")
    return z


def _grid(z: Value) -> Zone:
    if not isinstance(z, Zone) or not z.grid:
        raise Fail(f"{text_of(z)} is not a grid")
    return z


def _adjacent(g: Game, a: Any, b: Any) -> bool:
    """``geometry.adjacent`` written out here: a bot's advice asks it tens of thousands of
    times a decision, and a call less is a third of its time (tests/runtime/
    test_geometry_regions_general.py compares the two)."""
    beside: bool = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    return beside


def _cell(g: Game, a: Value, b: int | None = None) -> Cell:
    if b is not None:
        if type(a) is str:
            raise Fail(f'cell("{a}") names a cell alone: cell(x, y) takes two numbers')
        return cell(a, b)
    if isinstance(a, tuple):
        return cell(*a)
    return parse_cell(a if type(a) is str else text_of(a))


def _cells(g: Game, v: Value) -> list[Cell]:
    if isinstance(v, Zone):
        if not v.grid:
            raise Fail(f"{v.name} is not a grid")
        if v.width is None or v.height is None:
            return _occupied(g, v)
        return list(grid_cells(v.width, v.height))
    if isinstance(v, Placement):
        return list(v.cells)
    if isinstance(v, Card):
        return list(g.cells[v.id])
    return geometry.as_cells(v)


def _occupied(g: Game, grid: Value) -> list[Cell]:
    on: dict[Cell, tuple[Card, ...]] = g.zg[_grid(grid).i]  # type: ignore[assignment]  # a grid's: a dict
    return sorted(compress(on, on.values()), key=geometry.READING)  # the cells holding cards, in C


def _empty_cells(g: Game, grid: Value) -> list[Cell]:
    grid = _grid(grid)
    if grid.width is None or grid.height is None:
        raise Fail(f"{grid.name} has no edges, so it has no list of empty cells")
    taken = g.zg[grid.i]
    return list(filterfalse(taken.__contains__, grid_cells(grid.width, grid.height)))  # in C


def _at(g: Game, grid: Value, cell: Value) -> list[Card]:
    return list(g.zg[_grid(grid).i].get(cell, ()))  # type: ignore[union-attr]  # a grid's: a dict


def _shape(g: Game, text: Value) -> Shape:
    if isinstance(text, Shape):
        return text
    if not isinstance(text, str):  # e.g. none from a table with no such row: refused, no traceback
        shown = "none" if text is None else type(text).__name__
        raise Fail(f"shape() takes a drawing as text, like \"##/.#\", not {shown}")
    return parse_shape(text)


def _placements(g: Game, shape: Value, allowed: Value) -> list[Placement]:
    shape, allowed = _shape(g, shape), geometry.as_cells(allowed)
    # each placement is a bit mask over the cells' bounding box: wider with more cells
    charge(g, len(allowed) * sum(len(offsets) for _, offsets in shape.orientations)
           * (1 + len(allowed) // 4096))
    return geometry.placements(shape, allowed)


def _ray(g: Game, grid: Value, start: Value, step: Value,
         until: Callable[[Cell], Value] | None = None) -> list[Cell]:
    if type(grid) is not Zone or grid.width is None:
        raise Fail(f"{text_of(grid)} is not a grid with edges: a ray on it would never end"
                   if type(grid) is Zone and grid.grid else f"{text_of(grid)} is not a grid")
    height: int = grid.height  # type: ignore[assignment]  # a grid with a width has a height
    line = geometry.RAYS_OF.get((grid.width, height, start, step)) \
        or geometry.ray_cells(grid.width, height, start, step)
    if until is None:
        return list(line)
    out = []
    for c in line:
        out.append(c)
        if until(c):
            break
    return out


def _steps(g: Game, given: Value) -> tuple[geometry.Pair, ...]:
    steps: tuple[geometry.Pair, ...] = tuple(as_list(g, given))
    for step in steps:
        if type(step) is not tuple or len(step) != 2 or not all(type(d) is int for d in step) \
                or step == (0, 0):
            raise Fail(f"a direction is a step (dx, dy) of whole numbers, not {text_of(step)}")
    return steps


def _grid_steps(g: Game, grid: Value, steps: Value) -> tuple[geometry.Pair, ...]:
    """The steps to look in (default: the eight directions), on a grid with edges."""
    if type(grid) is not Zone or grid.width is None:
        raise Fail(f"{text_of(grid)} is not a grid with edges: a line on it would never end"
                   if type(grid) is Zone and grid.grid else f"{text_of(grid)} is not a grid")
    return geometry.DIRECTIONS if steps is None else _steps(g, steps)


def _cell_set(g: Game, grid: Value, items: Value) -> set[Cell]:
    """Cells, and the cells of cards lying on ``grid``, as one set."""
    items = as_list(g, items)
    where, cells = g.where, g.cells
    out: set[Cell] = set()
    add = out.add
    try:  # the common case: cards (a cell, none or a number has no id)
        for x in items:
            i = x.id
            if where[i] is grid:
                try:
                    (c,) = cells[i]  # one cell (a card on more: each of them)
                except ValueError:
                    out.update(cells[i])
                    continue
                add(c)
        return out
    except AttributeError:
        out = set()  # (from the start again, each item by its type)
    for x in items:
        t = type(x)
        if t is Card:
            if where[x.id] is grid:
                out.update(cells[x.id])
        elif t is Cell:
            out.add(x)
        elif x is not None:
            raise Fail(f"a line runs through cells or cards on a grid, not {text_of(x)}")
    return out


_CARD_ONLY = {Card}


def _lines_from(g: Game, grid: Value, start: Value, steps: Value) -> tuple[geometry.Line, ...]:
    """``flanked``'s lines: one start's rays (walked against sets or the grid's map, cheaper
    than making two bit boards)."""
    steps = _grid_steps(g, grid, steps)
    if type(start) is not Cell:
        raise Fail(f"a line starts from a cell, not {text_of(start)}")
    return geometry.lines_of(grid.width, grid.height, steps, start)


def flanked_cards(g: Game, grid: Zone, start: Value, through: list[Card], ends: list[Card],
                  steps: Value = None) -> list[Cell]:
    """``flanked`` of two lists the compiler knows are made of a zone's cards (never none,
    no item other than a card: builtin_calls.flanked_cards): no item's type asked
    (tests/runtime/test_flanking_cards.py compares it with ``flanked``)."""
    return geometry.flanked_on(_lines_from(g, grid, start, steps), g.zg[grid.i],  # type: ignore[arg-type]
                               set(through), set(ends))


def _flanked(g: Game, grid: Value, start: Value, through: Value, ends: Value,
             steps: Value = None) -> list[Cell]:
    lines = _lines_from(g, grid, start, steps)
    if type(through) is list and type(ends) is list and {*map(type, through)} <= _CARD_ONLY \
            and {*map(type, ends)} <= _CARD_ONLY:  # cards only: only the cells reached looked up
        return geometry.flanked_on(lines, g.zg[grid.i], set(through), set(ends))
    return geometry.flanked_in(lines, _cell_set(g, grid, through), _cell_set(g, grid, ends))


def _flanking(g: Game, grid: Value, starts: Value, through: Value, ends: Value,
              steps: Value = None) -> list[Cell]:
    steps = _grid_steps(g, grid, steps)
    starts = as_list(g, starts)
    for start in starts:
        if type(start) is not Cell:
            raise Fail(f"a line starts from a cell, not {text_of(start)}")
    width, height = grid.width, grid.height
    through, ends = as_list(g, through), as_list(g, ends)
    found = bitboard.flanking_bits(width, height, steps, starts,  # every start at once
                                   bits_of(g, grid, through, width, height),
                                   bits_of(g, grid, ends, width, height))
    if found is not None:
        return found
    # a start off the grid (its lines may enter it): each start's lines walked
    return geometry.flanking_in(width, height, steps, starts,
                                _cell_set(g, grid, through), _cell_set(g, grid, ends))


def flanking_empty(g: Game, grid: Zone, through: Value, ends: Value,
                   steps: Value = None) -> list[Cell]:
    """``flanking(grid, empty_cells(grid), through, ends, steps)`` on a grid the rules
    declare with edges (the compiler writes this call for it: builtin_calls.flanking_empty):
    every cell's lines on the bit boards at once, then the cells found that hold nothing,
    in reading order; no list of the empty cells made and gone through. The same answer,
    failures and work (tests/runtime/test_flanking_cards.py)."""
    steps = _grid_steps(g, grid, steps)
    width, height = grid.width, grid.height
    through, ends = as_list(g, through), as_list(g, ends)
    through_bits, cards = bitboard.board_of(g, grid, through, width, height)  # type: ignore[arg-type]
    ends_bits, cards_too = bitboard.board_of(g, grid, ends, width, height)  # type: ignore[arg-type]
    hits = bitboard.flanking_hits(width, height, steps, through_bits, ends_bits)  # type: ignore[arg-type]
    if cards and cards_too:  # the cells of the cards given are taken: not looked up
        hits &= ~(through_bits | ends_bits)
    return bitboard.free_cells_of(hits, width, height, g.zg[grid.i])  # type: ignore[arg-type]


def _knows(g: Game, seat: Seat, card: Value, field: str | None = None) -> bool:
    """``knows(p, c)``: whether ``seat`` knows the card's face; ``knows(p, c.FIELD)``
    (``field`` given): whether it knows that field's value, from the face or from what it
    was told (``tell c.FIELD to p``, or a ``tell whether c.FIELD == V to p`` answered yes)."""
    if card is None:
        return False
    if not isinstance(card, Card):
        raise Fail(f"knows needs a card, not {text_of(card)}")
    if not isinstance(seat, int):
        raise Fail(f"knows needs a player, not {text_of(seat)}")
    if g.known[card.id] >> seat & 1:
        return True
    if field is None:
        return False
    facts = g.told.get(field)
    if facts is None or card.id >= len(facts) or not facts[card.id]:
        return False
    told = known_to(facts[card.id], lambda mask: mask >> seat & 1)
    return told is not None and told.known


def _next(g: Game, seat: Seat) -> Seat:
    try:
        return g.layout.next_seat[seat]  # worked out once per layout
    except (AttributeError, KeyError, TypeError):  # not a seat (or no layout yet): as ever
        seats = g.seats
        return seats[(_seat_index(g, seat) + 1) % len(seats)]


def _previous(g: Game, seat: Seat) -> Seat:
    seats = g.seats
    return seats[(_seat_index(g, seat) - 1) % len(seats)]


def _order_from(g: Game, seat: Seat) -> list[Seat]:
    i = _seat_index(g, seat)
    return g.seats[i:] + g.seats[:i]


def _seat_index(g: Game, seat: Value) -> int:
    try:
        return g.seats.index(seat)
    except ValueError:
        raise Fail(f"{text_of(seat)} is not a player of this game") from None


def _random(g: Game, items: Value, label: str = "random") -> Value:
    return g.chance_pick(label, as_list(g, items))


def _text(g: Game, v: Value) -> str:
    return text_of(v)


def _index_of(g: Game, items: Value, x: Value) -> int:
    items = _items(g, items)
    if type(x) is list or type(x) is tuple:
        counted(g, items, weigh(g, x))
    return items.index(x) if x in items else -1


def _join(g: Game, items: Value, sep: str = ", ") -> str:
    if type(sep) is not str:
        raise Fail(f"join's separator is a text, not {text_of(sep)}")
    texts = [text_of(x) for x in _items(g, items)]
    size = sum(map(len, texts)) + len(sep) * len(texts)
    if size > MAX_ITEMS:
        raise Fail(f"a text of more than {MAX_ITEMS:,} characters is too long")
    g.work += size
    return sep.join(texts)


IMPLEMENTATIONS: dict[str, Callable[..., Value]] = {
    "size": _size,
    "count": lambda g, v: len(as_list(g, v)),
    "empty": lambda g, v: not as_list(g, v),
    "sum": _sum,
    "max": _extreme(max),
    "min": _extreme(min),
    "any": lambda g, v: any(_items(g, v)),
    "all": lambda g, v: all(_items(g, v)),
    "unique": _unique,
    "distinct": lambda g, v: len(_unique(g, v)),
    "argmax": _arg(max),
    "argmin": _arg(min),
    "sort": _sort,
    "reverse": lambda g, v: _items(g, v)[::-1],
    "first": lambda g, v: as_list(g, v)[0] if as_list(g, v) else None,
    "last": lambda g, v: as_list(g, v)[-1] if as_list(g, v) else None,
    "index_of": _index_of,
    "pairs": _pairs,
    "text": _text,
    "abs": lambda g, v: abs(v),
    "disclose": lambda g, v: g.disclosing(v),
    "top": _top,
    "bottom": _bottom,
    "cards": lambda g, z: list(_items(g, z)),
    "zone_of": lambda g, c: g.where[c.id],
    "knows": _knows,
    "key": lambda g, z: _zone(z).key,
    "owner": lambda g, z: _zone(z).owner,
    "order_from": _order_from,
    "join": _join,
    "next": _next,
    "previous": _previous,
    "others": lambda g, s: [p for p in g.players if p != s],
    "random": _random,
    "cell": _cell,
    "cells": _cells,
    "occupied": _occupied,
    "empty_cells": _empty_cells,
    "at": _at,
    "neighbours": lambda g, cells, grid=None: geometry.neighbours(
        cells, _grid(grid) if grid is not None else None),
    "adjacent": _adjacent,
    "connected": lambda g, cells: geometry.connected(cells),
    "groups": lambda g, cells: geometry.groups(cells),
    "in_bounds": lambda g, grid, cell: _grid(grid).in_bounds(cell),
    "ray": _ray,
    "flanked": _flanked,
    "flanking": _flanking,
    "shape": _shape,
    "placements": _placements,
    "placement": lambda g, shape, at, turn=0, flipped=False: geometry.placement(
        _shape(g, shape), at, turn, flipped),
    "matches": lambda g, cells, shape: geometry.matches(cells, _shape(g, shape)),
}
