"""A list a comprehension makes, written as loops of statements where a statement of a plain
function (a direct form, a rule that cannot pause, a function with lets) takes it whole:
``let x = [...]``, a direct ``choose``'s options.

In Python 3.11 a list comprehension is a function, made and called each time it runs (the
names it shares with the function around it become cells). For the few items a hand or a
short range holds, that call costs more than the items (a trick game's options, as loops:
about 3.5% fewer instructions a lean game, examples/oh_hell.rules). Written as ``for``
loops (and ``if`` for its conditions) that append each item to a new list, the comprehension
goes through the same items in the same order, works out the same conditions and items, and
counts the same work, in the function itself. The values its conditions work out once
(``Inliner.hoisted``) are set unset by a statement before the loops.

Not where the comprehension's code holds a lambda (a lambda made in a loop reads the
function's name, which outlives the loop, not the comprehension's own), nor where its list is
weighed or made by another helper (``picked_in``, ``weighed_tuples``): those are written as
before (``ExprGen.loop_parts`` is None).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from interpreter.compiler.source import Writer
    from interpreter.compiler.stmt import UnitGen


@attrs.frozen
class LoopClause:
    """One ``for ... in ... if ...`` of a comprehension, as code."""
    target: str  # the name (or names, in brackets) each item is bound to
    items: str  # what it goes through (counted as the comprehension counts it)
    cond: str | None  # its condition, or None


@attrs.frozen
class LoopParts:
    """A comprehension written as a plain list comprehension: its clauses and its item."""
    clauses: list[LoopClause]
    item: str


def loops_for(gen: UnitGen, e: ast.Expr) -> bool:
    """Can ``e``'s value be written as loops by ``write_loops`` in this unit?"""
    return not gen.machine and loops_here(gen.x, e)


def loops_here(x: ExprGen, e: ast.Expr) -> bool:
    """Can ``e``'s value be written as loops where statements of a plain function are?"""
    return SHORTCUTS.comprehension_loops and isinstance(e, ast.Comprehension) \
        and not x.frame_slots and not x.m.advising and not x.in_comprehension \
        and not x.in_lambda


def write_loops(line: Callable[[str], None], w: Writer, x: ExprGen, e: ast.Comprehension,
                name: str) -> None:
    """``name = <e>``, each line written by ``line``: as loops filling the list, or (see the
    module's docstring) as one line."""
    names, code = x.comprehension(e)
    parts = x.loop_parts
    if parts is None or "lambda" in code:
        line(f"{name} = {x.memoized(names, code)}")
        return
    if names:
        line(" = ".join(names) + " = UNSET")
    line(f"{name} = []")
    depth = w.depth
    try:
        for clause in parts.clauses:
            line(f"for {clause.target} in {clause.items}:")
            w.depth += 1
            if clause.cond is not None:
                line(f"if {clause.cond}:")
                w.depth += 1
        line(f"{name}.append({parts.item})")
    finally:
        w.depth = depth
