"""The work budget: how much a ruleset may compute between two decisions.

Every step that goes through a list (a comprehension, a builtin, ``in``, ``==`` on lists...)
adds the items it goes through to ``g.work``, at the cost of a ``len()`` where that suffices;
bytes count too: a text made costs its length, an option offered ``OPTION_WORK``, a card
taken from inside a zone a step per 64 cards it holds, ``placements`` its masks' width;
past ``MAX_WORK`` the ruleset is taken to be running away and stopped with a Fail naming
where. Loops and recursive calls charge the work of their body (worked out by the compiler,
``Analysis.cost``) at each turn. The budget starts again at each decision.
"""
from __future__ import annotations

from collections.abc import Sized
from typing import TYPE_CHECKING, NoReturn, TypeVar

from interpreter.runtime.values import MAX_DEPTH, MAX_ITEMS, MAX_WORK, Fail, Value

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

Items = TypeVar("Items", bound=Sized)


def overwork(g: Game) -> NoReturn:
    g.work = 0
    raise Fail(f"over {MAX_WORK:,} steps of work since the last decision (items gone through "
               "in lists, characters of texts made, options offered, cards taken from inside "
               "large zones, loop turns, function calls): this seems never to end")


def counted(g: Game, items: Items, each: int = 1) -> Items:
    """Comprehensions (and builtins going through a list) count the items they go through,
    times the work each item costs (``each``, known to the compiler); past a budget between
    two decisions, the ruleset is taken to be running away (a loop could not be seen)."""
    g.work += len(items) * each
    if g.work > MAX_WORK:
        overwork(g)
    return items


def reused(g: Game, work: int, value: Value) -> Value:
    """A value kept from before (compiler/reuse.py), charged the work its making counted."""
    g.work += work
    if g.work > MAX_WORK:
        overwork(g)
    return value


def charge(g: Game, work: int) -> None:
    """Work done now (a call of a rule or function that calls itself, a costly statement)."""
    g.work += work
    if g.work > MAX_WORK:
        overwork(g)


def weighed(g: Game, value: Value) -> Value:
    """A list or tuple just made from others: its items counted all the way down (the
    same list held twice counts twice, as writing it out would), so a list doubled by
    ``x = [x, x]`` is refused where it is made, not when it is shown or compared."""
    weigh(g, value)
    return value


def weighed_lists(g: Game, value: Value) -> Value:
    """``weighed``, for a list the compiler knows holds items that are no lists, or lists
    or tuples of such items (melds, pairs of cells): weighed as ``weigh`` weighs it (the
    same work, the same limit), without looking inside its lists for more lists."""
    inner = [x for x in value if type(x) is list or type(x) is tuple]
    if inner:
        _weigh_shallow(g, value, inner, {id(x): x for x in inner})
    else:
        g.work += len(value) + CONTAINER_WORK
        if g.work > MAX_WORK:
            overwork(g)
    return value


def weighed_tuples(g: Game, value: list[tuple[Value, ...]], size: int) -> list[tuple[Value, ...]]:
    """``weighed_lists`` of a list a comprehension has just made whose every item is a new
    tuple of ``size`` items that are no lists (``[(s, cell(x, y)) for ...]``): no two items
    are the same tuple, so the same work and the same limit follow from its length alone
    (tests/runtime/test_fast_paths.py compares the two)."""
    n = len(value)
    if n:
        g.work += n * (1 + size + CONTAINER_WORK) + CONTAINER_WORK
        if n * (1 + size) + 1 > MAX_ITEMS:
            raise Fail(f"a list holding more than {MAX_ITEMS:,} items in all (counting the "
                       "items of lists inside it) is too large")
    else:
        g.work += CONTAINER_WORK
    if g.work > MAX_WORK:
        overwork(g)
    return value


CONTAINER_WORK = 10  # weighing a list inside a list costs about as much as going through ten items


def weigh(g: Game, value: Value) -> int:
    """How many items a value holds, counting lists and tuples inside it all the way down;
    a Fail past MAX_ITEMS or MAX_DEPTH. Each list is gone through once (its weight kept
    while weighing), and that work is charged. A list without lists inside is weighed by
    ``len`` (its items' types looked at in C, not one by one in Python)."""
    t = type(value)
    if t is not list and t is not tuple:
        return 1
    kinds = set(map(type, value))
    if list not in kinds and tuple not in kinds:  # the commonest: written out from _weigh_all
        g.work += len(value) + CONTAINER_WORK
        if g.work > MAX_WORK:
            overwork(g)
        return len(value) + 1
    inner = [x for x in value if type(x) is list or type(x) is tuple]
    distinct = {id(x): x for x in inner}  # each list weighed once, however often held
    if any(list in k or tuple in k for k in [set(map(type, x)) for x in distinct.values()]):
        return _weigh_all(g, value)
    return _weigh_shallow(g, value, inner, distinct)


def _weigh_shallow(g: Game, value: Value, inner: list[Value], distinct: dict[int, Value]) -> int:
    """``weigh`` of a list of lists without lists inside (melds, pairs): written out from
    _weigh_all. ``inner``: its lists and tuples, ``distinct``: each of them once, by id."""
    g.work += len(value) + CONTAINER_WORK + sum([len(x) for x in distinct.values()]) \
        + CONTAINER_WORK * len(distinct)
    total = len(value) + 1 + sum([len(x) for x in inner])
    if total > MAX_ITEMS:
        raise Fail(f"a list holding more than {MAX_ITEMS:,} items in all (counting the "
                   "items of lists inside it) is too large")
    if g.work > MAX_WORK:
        overwork(g)
    return total


def _weigh_all(g: Game, value: Value) -> int:
    """``weigh`` for any list or tuple, lists inside it or not."""
    known: dict[int, int] = {}  # id -> weight, of the lists and tuples weighed so far
    stack: list[tuple[Value, int, list[Value] | None]] = [(value, 0, None)]
    while stack:
        v, depth, inner = stack.pop()
        if inner is not None:  # the lists inside it are weighed: now its own weight
            total = len(v) + 1 + sum([known[id(x)] for x in inner]) - len(inner)
            if total > MAX_ITEMS:
                raise Fail(f"a list holding more than {MAX_ITEMS:,} items in all (counting the "
                           "items of lists inside it) is too large")
            known[id(v)] = total
            continue
        if id(v) in known:
            continue
        if depth >= MAX_DEPTH:
            raise Fail(f"lists nested more than {MAX_DEPTH} deep are too deep")
        g.work += len(v) + CONTAINER_WORK
        kinds = set(map(type, v))
        if list not in kinds and tuple not in kinds:
            known[id(v)] = len(v) + 1
            continue
        inner = [x for x in v if type(x) is list or type(x) is tuple]
        stack.append((v, depth, inner))
        stack.extend([(x, depth + 1, None) for x in inner if id(x) not in known])
    if g.work > MAX_WORK:
        overwork(g)
    return known[id(value)]


def equal(g: Game, a: Value, b: Value) -> bool:
    """``==`` where either side may be a list or tuple: the comparison's work is counted."""
    if a is b:  # the same list (Python compares the same item so too, at once)
        return True
    ta, tb = type(a), type(b)
    if (ta is list or ta is tuple) and (tb is list or tb is tuple):
        weigh(g, a)
    same: bool = a == b
    return same


def order(g: Game, a: Value, b: Value) -> int:
    """An ordering (``<``...) where either side may be a list: -1, 0 or 1, its work counted."""
    ta = type(a)
    if ta is list or ta is tuple:
        weigh(g, a)
    sign: int = (a > b) - (a < b)
    return sign
