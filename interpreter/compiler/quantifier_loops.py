"""``any`` and ``all`` of a comprehension written as loops in a function of the module.

Written in place, ``any(all(mark_at(c) == m for c in line) for line in lines)`` makes a
generator for each line and resumes it for each cell, and a small ``fn`` with a ``let`` is
called for each cell (written out inside a comprehension its temporaries would be cells of
the function around). In a function of its own (``q7(g, p3)``), the clauses are ``for``
loops, the element a test that returns at the first item that decides, and such a ``fn`` is
written out with plain locals. The function takes the locals the comprehension reads and
does not bind, and loads the game's parts it reads, as any function does.

It goes through the same items, counts the same work at the same times (each clause's items
counted where its loop starts, as the comprehension's are where it makes them), stops at
the same item and fails where the comprehension would. Switch ``quantifier_loops``
(tests/runtime/test_fast_paths_compiled.py plays every ruleset with it off).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.compiler.compiled_parts import free_slots
from interpreter.compiler.expr_shapes import EACH_CHARGED
from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen


def looped_quantifier(gen: ExprGen, name: str, comp: ast.Comprehension) -> str | None:
    """The call of a new function of the module that works out ``name`` (``any`` or
    ``all``) of ``comp`` by loops, or None where it is left to the generator (switched off,
    an advice copy, a function given as an argument read inside)."""
    m = gen.m
    if not SHORTCUTS.quantifier_loops or m.advising:
        return None
    if any(isinstance(getattr(n, "ref", None), refs.LocalFn) or isinstance(n, ast.Lambda)
           for n in walk(comp)):
        return None
    from interpreter.compiler.expr import ExprGen  # (expr imports this module)
    free = free_slots(comp)
    x = ExprGen(m)
    x.slots = {i: f"p{i}" for i in free}
    x.types = {i: gen.types[i] for i in free if i in gen.types}
    saved = m.hoisted, m.fields_hoisted, m.families_hoisted
    m.hoisted, m.fields_hoisted, m.families_hoisted = set(), {}, {}
    try:
        body = _loops(x, name, comp)
        loads = m.hoisted_loads()
    finally:
        m.hoisted, m.fields_hoisted, m.families_hoisted = saved
    function = f"q{next(m.counter)}"
    lines = [f"def {function}(g{''.join(f', p{i}' for i in free)}):"]
    lines += [f"    {loads}"] if loads else []
    lines += [f"    {line}" for line in body]
    m.helpers.append((lines, comp.span))
    return f"{function}(g{''.join(f', {gen.slot(i)}' for i in free)})"


def _loops(x: ExprGen, name: str, comp: ast.Comprehension) -> list[str]:
    """The function's body: a loop for each clause (its items as the comprehension has them),
    ``continue`` where a clause's condition does not hold, then the element's test."""
    lines: list[str] = []
    pad = ""
    for c, each in zip(comp.fors, x.comprehension_items(comp)):
        items = x.cards_of(c.iter)
        if SHORTCUTS.grid_views and x.grid_read_of(c.iter):  # a tuple: no copy to go through
            items = items[len("list("):-1]
        if isinstance(c.iter, ast.Range) and SHORTCUTS.random_picks:
            items = x.drawn_from(c.iter, items)
        item_type = x.item_type(c.iter) if len(c.slots) == 1 else None
        if item_type is not None:
            x.types[c.slots[0]] = item_type
        if each >= EACH_CHARGED:
            items = f"counted(g, {items}, {each})"
        elif x.bounded_source(c.iter) is None:
            items = f"counted(g, {items})"
        targets = [x.bind(s) for s in c.slots]
        target = targets[0] if len(targets) == 1 else "(" + ", ".join(targets) + ")"
        source_type = x.ty_of(c.iter)
        if len(targets) == 1 and source_type is not None and source_type.name == "zone":
            x.present = x.present | {target}  # a zone holds cards, never none
        lines.append(f"{pad}for {target} in {items}:")
        pad += "    "
        if c.cond is not None:
            lines += [f"{pad}if not {x.truth(c.cond)}:", f"{pad}    continue"]
    test = x.truth(comp.elt)
    if name == "any":
        lines += [f"{pad}if {test}:", f"{pad}    return True", "return False"]
    else:
        lines += [f"{pad}if not {test}:", f"{pad}    return False", "return True"]
    return lines
