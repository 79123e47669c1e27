"""What the advice copies of a ruleset's functions call (compiler ``ModuleBuilder.advising``):
code that runs only while a bot reads a game that does not change meanwhile (a ``prefer``
clause's advice, the heuristic), so a list looked into again and again is the same list."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.runtime.helpers import in_any
from interpreter.runtime.values import MAX_WORK
from interpreter.runtime.work import overwork

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.values import Value


def in_kept(g: Game, memo: dict[Any, Any], x: Value, coll: Value) -> bool:
    """``helpers.in_list`` (the same answer, the same work counted) for a list looked into
    many times: the second time the same list is asked, it is asked as a set, made once and
    kept in ``memo`` (with the list, so its identity is not reused while the memo lives)."""
    if type(coll) is not list:
        return in_any(g, x, coll)
    g.work += len(coll)
    if g.work > MAX_WORK:
        overwork(g)
    key = id(coll)  # (the functions' entries are keyed by tuples: never an int)
    entry = memo.get(key)
    if entry is None:
        memo[key] = (None, coll)  # seen once: a set pays only if it is asked again
        return x in coll
    found = entry[0]
    if found is None:
        try:
            found = frozenset(coll)
        except TypeError:  # (an item that cannot be in a set: the list as it is)
            return x in coll
        memo[key] = (found, coll)
    try:
        return x in found
    except TypeError:  # (an item that cannot be in a set)
        return x in coll


def all_in_kept(g: Game, memo: dict[Any, Any], x: Value, lists: Value) -> bool:
    """``all(in_kept(g, memo, x, t) for t in lists)`` as a plain loop (the advice copies' form
    of ``all(x in t for t in lists)``, as ``helpers.all_in`` is the others'): the same answer,
    work and memo, without a generator (tests/runtime/test_all_in.py)."""
    for coll in lists:  # noqa: SIM110 (a loop, not a generator: the point of this function)
        if not in_kept(g, memo, x, coll):
            return False
    return True


class _AskedEach:
    """A value that is no list, asked by ``in_any`` at each ``in`` (its work: a tuple's
    depends on the item asked)."""
    __slots__ = ("g", "coll")

    def __init__(self, g: Game, coll: Value) -> None:
        self.g, self.coll = g, coll

    def __contains__(self, x: Value) -> bool:
        return in_any(self.g, x, self.coll)


def kept_in(g: Game, memo: dict[Any, Any], *colls: Value) -> tuple[Any, ...]:
    """For each list (a parameter of an advice copy that the function asks ``x in ...``
    of), what to ask and the work each ask counts: ``x in found`` with ``size`` added to
    the work gives ``in_kept``'s answer and work (the compiler's ``KeptIn`` writes the ask
    out; tests/runtime/test_advice_memo.py). A list asked before in ``memo`` is asked as a
    set (made once, kept as ``in_kept`` keeps it); one seen for the first time as it is.
    Once every one is a set, the answer is kept in ``memo`` too, keyed by the tuple of the
    lists' ids (each list held by its own entry, so no id is reused while ``memo`` lives)."""
    key = tuple(map(id, colls))
    answer = memo.get(key)
    if answer is not None:
        return answer  # type: ignore[no-any-return]
    out: list[Any] = []
    sets = True
    for coll in colls:
        t = type(coll)
        if t is list:
            entry = memo.get(id(coll))
            if entry is None:
                memo[id(coll)] = (None, coll)  # seen once: a set pays only if asked again
                out += (coll, len(coll))
                sets = False
                continue
            found = entry[0]
            if found is None:
                try:
                    found = frozenset(coll)
                except TypeError:  # (an item that cannot be in a set: the list as it is)
                    found = coll
                memo[id(coll)] = (found, coll)
            out += (found, len(coll))
            continue
        sets = False  # (not held by an entry: its id may be reused)
        if coll is None:
            out += ((), 0)
        else:  # a tuple, a zone, a family: asked as in_any asks it, its work counted there
            out += (_AskedEach(g, coll), 0)
    answer = tuple(out)
    if sets:
        memo[key] = answer
    return answer
