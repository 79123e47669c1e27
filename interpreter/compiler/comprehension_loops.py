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
(``Inliner.hoisted``) are set unset by a statement before the loops; a zone the first loop
goes through that they keep is bound where the loop reads it (``bound_first``).

Not where the comprehension's code holds a lambda (a lambda made in a loop reads the
function's name, which outlives the loop, not the comprehension's own), nor where its list is
weighed or made by another helper (``picked_in``, ``weighed_tuples``): those are written as
before (``ExprGen.loop_parts`` is None).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

import attrs

from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.runtime.values import MAX_WORK
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
    # a value its conditions work out once and keep (``Inliner.kept_argument``): its name ->
    # its code, ``(name if name is not UNSET else (name := code))`` where it is asked
    kept: dict[str, str] = attrs.field(factory=dict)


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
    parts, names = bound_first(parts, names, lambda code: x.m.zone_locals.dropped(
        code, x.m.HOISTED["zones"]))
    if names:
        line(" = ".join(names) + " = UNSET")
    line(f"{name} = []")
    depth = w.depth
    try:
        for clause in parts.clauses:
            for text in counted_for(clause.target, clause.items, x.m.counter):
                line(text)
            w.depth += 1
            if clause.cond is not None:
                line(f"if {clause.cond}:")
                w.depth += 1
        line(f"{name}.append({parts.item})")
    finally:
        w.depth = depth


def bound_first(parts: LoopParts, names: list[str],
                dropped: Callable[[str], None]) -> tuple[LoopParts, list[str]]:
    """Where the first clause goes through a zone's cards (``ZC[Z.i]``) and its conditions
    keep ``Z`` itself (``(t if t is not UNSET else (t := Z))``, a hand passed to a function
    written out): ``Z`` bound as the loop's source reads it, ``ZC[(t := Z).i]``, and the
    conditions read ``t``, no test at each item. ``Z`` is read before any item either way
    (it fails there, if anywhere) and nothing a condition works out changes it. Switch
    ``kept_sources``. (``dropped`` is told the code no longer written: zone_locals.py.)"""
    first = parts.clauses[0] if parts.clauses else None
    if first is None or not SHORTCUTS.kept_sources:
        return parts, names
    found = next(((temp, code) for temp, code in parts.kept.items()
                  if first.items == f"ZC[{code}.i]"
                  or first.items.startswith(f"counted(g, ZC[{code}.i]")), None)
    if found is None:
        return parts, names
    temp, code = found
    kept = f"({temp} if {temp} is not UNSET else ({temp} := {code}))"

    def bare(text: str | None) -> str | None:
        if text is None:
            return None
        for _ in range(text.count(kept)):
            dropped(code)
        return text.replace(f"({kept} and None) or ", "").replace(kept, temp)

    items = first.items.replace(f"ZC[{code}.i]", f"ZC[({temp} := {code}).i]", 1)  # (the same code)
    clauses = [LoopClause(first.target, items, bare(first.cond))]
    clauses += [LoopClause(c.target, cast(str, bare(c.items)), bare(c.cond))
                for c in parts.clauses[1:]]
    kept_now = {t: c for t, c in parts.kept.items() if t != temp}
    return LoopParts(clauses, cast(str, bare(parts.item)), kept_now), [n for n in names if n != temp]


def counted_for(target: str, items: str, counter: Iterator[int]) -> list[str]:
    """The lines of a loop's head, ``for target in items:``: where ``items`` counts what it
    goes through (``counted(g, X)``, ``counted(g, X, N)``: ``work.counted``), its count
    written out before it (a new name, numbered by ``counter``, holding ``X``), the same work
    at the same time, with no call. Switch ``counted_loops``."""
    inner = items[len("counted(g, "):-1] if items.startswith("counted(g, ") \
        and items.endswith(")") else None
    cuts = _top_level_commas(inner) if inner is not None and SHORTCUTS.counted_loops else None
    if inner is None or cuts is None or len(cuts) > 1 \
            or (cuts and not inner[cuts[0] + 2:].isdigit()):
        return [f"for {target} in {items}:"]
    source, each = (inner[:cuts[0]], int(inner[cuts[0] + 2:])) if cuts else (inner, 1)
    temp = f"cw{next(counter)}"
    return [f"{temp} = {source}", f"g.work += len({temp})" + (f" * {each}" if each != 1 else ""),
            f"if g.work > {MAX_WORK}: overwork(g)", f"for {target} in {temp}:"]


def _top_level_commas(code: str) -> list[int] | None:
    """Where ``, `` stands outside brackets and quotes in ``code``; None if its brackets or
    quotes do not close (then it is left as it is)."""
    depth, quote, cuts, i = 0, "", [], 0
    while i < len(code):
        ch = code[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif ch == "," and depth == 0 and code.startswith(", ", i):
            cuts.append(i)
        i += 1
    return cuts if depth == 0 and not quote else None
