"""Moves the generated code writes out: one card (``move_card``'s body) and all of one
zone's cards (``move_zone``), for stmt.py's ``move`` and ``deal``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from interpreter.runtime.values import MAX_WORK
from rulelang.language import ast, refs

if TYPE_CHECKING:
    from interpreter.compiler.stmt import UnitGen

# stmt.OVER_BUDGET, the same line (stmt.py imports this module, not the other way)
OVER_BUDGET = f"if g.work > {MAX_WORK}: overwork(g)"


def write_move(gen: UnitGen, card: str, dest: str, holds: str | None) -> None:
    """``g.move_card(card, dest)`` (both held in names) written out where the zone takes
    a card with nothing else to do (``Zone.quiet_enter``), of the kind it ``holds`` (the
    zone's declared kind, or None), and the card leaves a zone quietly (``quiet_leave``);
    else the call (none, no card or another kind is refused there)."""
    source, cards, zc = gen.temp(), gen.temp(), gen.m.hoist("zc")
    kind = "" if holds is None else f" and {card}.kind == {literal(holds)}"
    gen.line(f"if type({card}) is Card{kind} and {dest}.quiet_enter and "
             f"({source} := g.where[{card}.id]) is not None and {source}.quiet_leave:")
    with gen.w.indent():
        gen.line(f"{cards} = {zc}[{source}.i]")
        gen.line(f"if {cards}[-1] is {card}:")
        with gen.w.indent():
            gen.line(f"{cards}.pop()")
        gen.line("else:  # found and closed up over the zone: priced by its size")
        with gen.w.indent():
            gen.line(f"{cards}.remove({card})")
            gen.line(f"g.work += len({cards}) >> 6")
            gen.line(OVER_BUDGET)
        gen.line(f"g.where[{card}.id] = {dest}")
        gen.line(f"{zc}[{dest}.i].append({card})")
        gen.line(f"if {dest}.reveal: g.known[{card}.id] |= {dest}.reveal")
    gen.line("else:")
    with gen.w.indent():
        gen.line(f"g.move_card({card}, {dest})")


def zone_cards(what: ast.Expr) -> bool:
    """``cards(Z)`` of one zone (no family)."""
    return SHORTCUTS.zone_moves and isinstance(what, ast.Call) \
        and what.ref == refs.Builtin("cards") and len(what.args) == 1 \
        and what.args[0].ty is not None and what.args[0].ty.name == "zone"
