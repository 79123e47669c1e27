"""A ``let`` whose value Python would work out by a function called for each item, written
as a loop of the statement's own (each switched by ``shortcuts.SHORTCUTS``;
tests/runtime/test_fast_paths_compiled.py plays every ruleset with it off: the same games).

In Python 3.11 a comprehension is a function made and called where it runs, and a lambda one
called for each item; the locals either reads become cells of the function around, read more
slowly everywhere in it. A loop reads them as plain locals:

- ``let total = sum(size(Z) for p in players)`` (``summed_sizes``) adds up the sizes;
- ``let most = argmax(L, x => N)`` (or argmin; ``extreme_items``), N a number never none,
  keeps the items whose N is the best so far.

Each loop goes through the same items in the same order, counts the same work at the same
time and fails where the call it stands for would; each is written only where the call
counts no work for each item (a costly element or lambda leaves the call as it was).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from interpreter.compiler.expr_shapes import EACH_CHARGED
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.runtime.values import MAX_WORK
from rulelang.language import ast, refs

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from interpreter.compiler.stmt import UnitGen


@attrs.frozen
class SummedSizes:
    """``sum(size(Z) for x in SEATS or MEMBERS)`` as a loop: ``for NAME in ITEMS``, adding
    each item's ``size``."""
    name: str  # the item's name, which the comprehension binds
    items: str  # what the loop goes through
    size: str  # one item's size


@attrs.frozen
class ExtremeItems:
    """``argmax(ITEMS, NAME => KEY)`` (or argmin) as a loop keeping the best items."""
    name: str  # the lambda's parameter, each item in turn
    items: str  # the items' code
    bounded: bool  # the players, the seats or an enum's members: a list, gone through as it is
    key: str  # the lambda's body: a number, never none
    better: str  # ">" for argmax, "<" for argmin


def write_let_loop(s: UnitGen, target: str, value: ast.Expr) -> bool:
    """Write ``target = value`` as a loop where one of this module's cases applies. A
    machine's local (``L[3]``, saved with the game) is set only when the loop is done, as
    the call would set it: one that fails leaves it as it was."""
    summed = summed_sizes(s.x, value)
    extreme = extreme_items(s.x, value) if summed is None else None
    if summed is None and extreme is None:
        return False
    made = target if target.isidentifier() else s.temp()
    if summed is not None:
        s.line(f"{made} = 0")
        s.line(f"for {summed.name} in {summed.items}:")
        with s.w.indent():
            s.line(f"{made} += {summed.size}")
    elif extreme is not None:
        write_extreme(s, made, extreme)
    if made != target:
        s.line(f"{target} = {made}")
    return True


def write_extreme(s: UnitGen, made: str, extreme: ExtremeItems) -> None:
    items, key, best = extreme.items, s.temp(), s.temp()
    if not extreme.bounded:  # (as the builtin takes its items)
        items = s.temp()
        s.line(f"{items} = {extreme.items}")
        s.line(f"if type({items}) is not list: {items} = as_list(g, {items})")
    s.line(f"g.work += len({items})")
    s.line(f"if g.work > {MAX_WORK}: overwork(g)")
    # a number compares with any other, and == agrees with > and <: keeping the best so far
    # keeps the items the builtin keeps (those whose key equals the best of all the keys)
    s.line(f"{made} = []")
    s.line(f"for {extreme.name} in {items}:")
    with s.w.indent():
        s.line(f"{key} = {extreme.key}")
        s.line(f"if not {made} or {key} {extreme.better} {best}:")
        with s.w.indent():
            s.line(f"{made} = [{extreme.name}]")
            s.line(f"{best} = {key}")
        s.line(f"elif {key} == {best}:")
        with s.w.indent():
            s.line(f"{made}.append({extreme.name})")


def summed_sizes(x: ExprGen, e: ast.Expr) -> SummedSizes | None:
    """A sum of zones' sizes (``counts_of_cards``) as the parts of its loop, or None. Only
    where each zone is named by plain names and literals (nothing there is worked out once
    for all the items, or fails) and the comprehension counts no work for its items: there
    its code would be ``sum([SIZE for NAME in ITEMS])``."""
    if not (SHORTCUTS.summed_sizes and isinstance(e, ast.Call) and e.ref == refs.Builtin("sum")
            and len(e.args) == 1 and x.counts_of_cards(e.args[0])):
        return None
    comp = e.args[0]
    assert isinstance(comp, ast.Comprehension) and isinstance(comp.elt, ast.Call)  # (as checked)
    zone, each = comp.elt.args[0], x.comprehension_items(comp)[0]
    keys = zone.args if isinstance(zone, ast.Index) else []
    if each >= EACH_CHARGED or not all(isinstance(k, (ast.Name, ast.Lit)) for k in keys):
        return None
    clause, saved, saved_types = comp.fors[0], dict(x.slots), x.types
    x.types = dict(saved_types)
    try:
        items = x.clause_items(clause, each, x.cards_of(clause.iter))  # (the item's type noted)
        name = x.bind(clause.slots[0])
        size = x.expr(comp.elt)
    finally:
        x.slots, x.types = saved, saved_types
    return SummedSizes(name, items, size)


def extreme_items(x: ExprGen, e: ast.Expr) -> ExtremeItems | None:
    """``argmax``/``argmin`` of a list by a lambda whose body is a number never none, as the
    parts of its loop, or None. Only where the lambda's work is not counted for each item:
    there its code would be ``b_argmax(g, ITEMS, (lambda NAME: KEY))``."""
    if not (SHORTCUTS.extreme_loops and isinstance(e, ast.Call) and len(e.args) == 2
            and isinstance(e.ref, refs.Builtin) and e.ref.name in ("argmax", "argmin")):
        return None
    lam = e.args[1]
    if not (isinstance(lam, ast.Lambda) and x.m.an.sure_number(lam.body)
            and x.m.an.cost(lam.body) < EACH_CHARGED):
        return None
    items = x.expr(e.args[0])  # (worked out before the lambda, as the call's arguments are)
    param, key = x.lambda_parts(lam)
    bounded = x.bounded_source(e.args[0])
    return ExtremeItems(param, bounded or items, bounded is not None, key,
                        ">" if e.ref.name == "argmax" else "<")


def write_first_extreme(x: ExprGen, e: ast.Expr, line: Callable[[str], None],
                        temp: Callable[[], str], mark: Callable[[str], None]) -> str | None:
    """``first(argmax(L, c => KEY))`` (or argmin; L a name, KEY costing no work for each
    item and drawing nothing) as lines that work it out, written by ``line``; the name then
    holding it, or None where this does not apply. A loop keeps the first item whose key is
    the best, as the builtin does, while every key is a whole number; where one is not, or
    one fails, the call as it was written before (``mark`` tells its code) works it all out
    again (the keys have no effects): the same value, the same error from the same place."""
    if not (SHORTCUTS.first_extreme_loops and isinstance(e, ast.Call)
            and e.ref == refs.Builtin("first") and len(e.args) == 1):
        return None
    inner = e.args[0]
    if not (isinstance(inner, ast.Call) and isinstance(inner.ref, refs.Builtin)
            and inner.ref.name in ("argmax", "argmin") and len(inner.args) == 2):
        return None
    lam = inner.args[1]
    if not (isinstance(lam, ast.Lambda) and x.m.an.cost(lam.body) < EACH_CHARGED
            and not x.m.an.expr_chance(lam.body)):
        return None
    items = x.expr(inner.args[0])
    if not items.isidentifier():
        return None
    param, key = x.lambda_parts(lam)
    whole = x.expr(e)  # the call as before, for where the loop cannot decide
    made, best, k, left = temp(), temp(), temp(), temp()
    better = ">" if inner.ref.name == "argmax" else "<"
    line(f"{made} = {best} = None")
    line(f"{left} = {items}")
    line(f"if type({left}) is list:")
    for text in (f"g.work += len({left})", f"if g.work > {MAX_WORK}: overwork(g)", "try:"):
        line("    " + text)
    for text in (f"for {param} in {left}:", f"    {k} = {key}",
                 f"    if type({k}) is not int:", "        break",
                 f"    if {best} is None or {k} {better} {best}:",
                 f"        {made} = {param}", f"        {best} = {k}",
                 "else:", f"    {left} = None  # every key a number: decided"):
        line("        " + text)
    line("    except Exception:  # (worked out again below, by the builtin: its error)")
    line("        pass")
    line(f"    if {left} is not None:")
    line(f"        g.work -= len({left})  # (counted again by the builtin)")
    line(f"if {left} is not None:")
    mark(whole)
    line(f"    {made} = {whole}")
    return made
