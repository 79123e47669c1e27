"""A function written out at its call, where the call is a ``let``'s whole value: its steps as
statements before the let's, not as one expression.

Written out inside an expression (inline.py), a function's arguments and lets are worked out
in a chain of ``:=`` joined by ``or`` (``expr_shapes.sequence``). Where the call is all a
``let`` holds (``let best = trick_winner(...)``), each is a statement of its own, in the same
order: ``a0_7 = <argument>``, then each let, then ``best = <body>``. A let's value that is a
comprehension is then made by loops (comprehension_loops.py: no function made and called),
and one that is ``if C then A else B`` by an ``if`` statement working out only the branch
taken, as the expression would. Nothing else changes: the same values in the same order, the
same work counted, and a failure told in the function, at its let (each line holding a let's
code is marked as the function's part, as the expression was). Switch ``inline_statements``.

So too a let whose value is ``first``, ``last``, ``size`` or ``empty`` of a comprehension: the
list is made by loops first, then the builtin reads it. Switch ``builtin_loops``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import attrs

from interpreter.compiler.comprehension_loops import loops_for, loops_here, write_loops
from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from interpreter.compiler.source import Writer
    from interpreter.compiler.stmt import UnitGen
    from rulelang.language.errors import Span


def write_let(gen: UnitGen, s: ast.Let) -> None:
    """A ``let``'s lines: a comprehension by loops (comprehension_loops.py), a function
    written out at its call by statements (above), else one line."""
    x = gen.x
    if loops_for(gen, s.value):
        write_loops(gen.line, gen.w, x, cast(ast.Comprehension, s.value), x.slot(s.slot))
        return
    if isinstance(s.value, ast.Call) and s.value.ref in LIST_BUILTINS and len(s.value.args) == 1 \
            and loops_for(gen, s.value.args[0]) and SHORTCUTS.builtin_loops:
        made = gen.temp()  # ``first([...])``: the list made by loops first (nothing comes before)
        write_loops(gen.line, gen.w, x, cast(ast.Comprehension, s.value.args[0]), made)
        x.made_list = (cast(ast.Comprehension, s.value.args[0]), made)
        try:
            gen.line(f"{x.slot(s.slot)} = {x.expr(s.value)}")
        finally:
            x.made_list = None
        return
    if isinstance(s.value, ast.Call) and SHORTCUTS.inline_statements and not gen.m.advising:
        x.let_lines = LetLines(s.value, gen.line, gen.w, x)  # (if it is written out)
    try:
        value = x.expr(s.value)
    finally:
        x.let_lines = None
    gen.line(f"{x.slot(s.slot)} = {value}")


# builtins of one list whose code works out that list first (a let's whole value)
LIST_BUILTINS = tuple(refs.Builtin(name) for name in ("first", "last", "size", "empty"))


@attrs.define
class LetLines:
    """Where the steps of the function written out at ``span``'s call go, and how."""
    call: ast.Call  # the let's value (``Inliner.inline_call`` writes so for that call only)
    line: Callable[[str], None]  # writes one line of the statement
    w: Writer
    x: ExprGen

    def assign(self, name: str, e: ast.Expr, fn: str, part: Span | None, call: Span | None) -> None:
        """``name = <e>``, ``e`` a part (at ``part``) of the function ``fn`` written out at
        ``call``, compiled where the function's names are bound."""
        x, w = self.x, self.w
        if isinstance(e, ast.IfExpr):
            cond = x.truth(e.cond)
            w.inlined_part(cond, fn, part, call)
            self.line(f"if {cond}:")
            for branch in (e.then, e.other):
                w.depth += 1
                try:
                    self.assign(name, branch, fn, part, call)
                finally:
                    w.depth -= 1
                if branch is e.then:
                    self.line("else:")
            return
        if isinstance(e, ast.Comprehension) and loops_here(x, e):
            def marked(text: str) -> None:  # each line's code the function's part
                w.inlined_part(text.rstrip(":"), fn, part, call)
                self.line(text)
            write_loops(marked, w, x, e, name)
            return
        code = x.expr(e)
        w.inlined_part(code, fn, part, call)
        self.line(f"{name} = {code}")
