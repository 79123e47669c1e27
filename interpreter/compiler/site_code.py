"""A choice site's functions in the generated module (``ModuleBuilder.flush_sites`` writes
them after the unit that holds the ``choose``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.compiler.advice_calls import outermost_once
from rulelang.language import ast

if TYPE_CHECKING:
    from interpreter.compiler.compiled_parts import ChoiceSite, UnitInfo
    from interpreter.compiler.module_builder import ModuleBuilder


def write_site(m: ModuleBuilder, site: ChoiceSite, s: ast.Choose, info: UnitInfo) -> None:
    """A ``choose``'s site's functions of (g, L): its options, prompt, seat, pass, refusals,
    advice and shown texts, each written as the runtime asks for it."""
    x = m.x
    x.slots, x.frame_slots, x.sure = {}, True, frozenset()
    parts: dict[str, ast.Expr | list[ast.Lambda] | ast.Lambda | None] = {
        "seat": s.by, "passing": s.pass_if, "prompt": s.prompt, "options": s.options,
        "seats": s.each[1] if s.each is not None else None}
    if s.refusals is not None and not m.an.expr_chance(s.refusals):
        parts["refusals"] = s.refusals  # worked out only for a refused move: never chance
    if s.prefer:
        parts["prefer"] = s.prefer  # advice, read by bots on their samples only
    if s.shown is not None:
        parts["shown"] = s.shown  # read only when a screen shows the options
    for role, expr in parts.items():
        if expr is None:
            continue
        name = f"site{site.index}_{role}"
        m.function(f"def {name}(g, L):", None, info.name)
        with m.w.at(s.span):
            if isinstance(expr, list):  # prefer: a function per clause
                m.advising = m.advice_copies  # its calls keep their results
                if m.advising:
                    m.w("M = {}")
                    m.once_calls = outermost_once(expr, m.an.fn_calls)
                clauses = [(advice.span, x.lambda_(advice)) for advice in expr]
                m.advising, m.once_calls = False, set()
                m.w("return [")
                for span, clause in clauses:  # each on a line of its own, at its clause:
                    with m.w.at(span or s.span):  # a failure in it is told there
                        m.w(f"    {clause},")
                code = "]"
            elif isinstance(expr, ast.Lambda):  # shown: option -> its text's parts
                code = x.lambda_(expr, message=True)  # (a card as the chooser knows it)
            elif role == "prompt":
                code = x.message(expr)
            elif role in ("options", "seats"):
                code = f"list({x.cards_of(expr)})"
            elif role == "passing":
                code = f"bool({x.expr(expr)})"
            else:
                code = x.expr(expr)
            m.w(code if isinstance(expr, list) else f"return {code}")
        m.w.depth = 0
        setattr(site, role, name)
