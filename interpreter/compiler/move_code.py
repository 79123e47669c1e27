"""Moves the generated code writes out: one card (``move_card``'s body) and all of one
zone's cards (``move_zone``), for stmt.py's ``move`` and ``deal``."""
from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from interpreter.runtime.values import MAX_WORK
from rulelang.language import ast, refs

if TYPE_CHECKING:
    from interpreter.compiler.stmt import UnitGen

# stmt.OVER_BUDGET, the same line (stmt.py imports this module, not the other way)
OVER_BUDGET = f"if g.work > {MAX_WORK}: overwork(g)"


def card_test(card: str, holds: str | None, known: bool) -> str:
    """What a written-out move asks of its card first, each followed by ``and``: that it is
    a card (not where ``known``: a local never none the checker types as one), of the kind
    the zone ``holds``."""
    tests = ([] if known else [f"type({card}) is Card"]) + (
        [] if holds is None else [f"{card}.kind == {literal(holds)}"])
    return "".join(f"{test} and " for test in tests)


def write_move(gen: UnitGen, card: str, dest: str, holds: str | None, known: bool = False) -> None:
    """``g.move_card(card, dest)`` (both held in names) written out where the zone takes
    a card with nothing else to do (``Zone.quiet_enter``), of the kind it ``holds`` (the
    zone's declared kind, or None), and the card leaves a zone quietly (``quiet_leave``);
    else the call (none, no card or another kind is refused there)."""
    source = gen.temp()
    gen.line(f"if {card_test(card, holds, known)}{dest}.quiet_enter and "
             f"({source} := g.where[{card}.id]) is not None and {source}.quiet_leave:")
    with gen.w.indent():
        _moved(gen, card, dest, source)
    gen.line("else:")
    with gen.w.indent():
        gen.line(f"g.move_card({card}, {dest})")


def write_fired_move(gen: UnitGen, card: str, dest: str, holds: str | None,
                     triggers: list[FiredTrigger], known: bool = False) -> None:
    """``g.move_fire(card, dest)`` (both held in names) written out where the compiler knows
    the zone's `on enter` triggers (their functions, in the order the zone's ``on_enter``
    lists them) and none can pause: the card moved as ``write_move`` moves it where no end
    condition reads the zone, then ``after()`` and the triggers called, in that order, as
    ``move_fire`` runs them (each trigger's function called, or its body where that is
    only the work it counts and one rule's call: ``FiredTrigger``); else the call."""
    source = gen.temp()
    gen.line(f"if {card_test(card, holds, known)}not {dest}.watch and "
             f"({source} := g.where[{card}.id]) is not None and {source}.quiet_leave:")
    with gen.w.indent():
        _moved(gen, card, dest, source)
        gen.line("if g.dirty or g.queue: g.after()")
        for trigger in triggers:
            for line in trigger.lines(dest, card):
                gen.line(line)
    gen.line("else:")
    with gen.w.indent():
        gen.line(f"g.move_fire({card}, {dest})")


@attrs.frozen
class FiredTrigger:
    """How the written-out move runs one `on enter` trigger: its function called, or, where
    its body is only one call of a rule that cannot pause with the names its pattern binds
    (``forward``, the rule's function), its work counted and the rule called in its stead,
    one call less (shortcut ``trigger_forwards``)."""
    function: str
    forward: str | None = None
    cost: int = 0
    args: tuple[tuple[str, int | None], ...] = ()  # ("key", index or None) or ("card", None)

    def lines(self, dest: str, card: str) -> list[str]:
        if self.forward is None:
            return [f"{self.function}(g, {dest}, {card})"]
        args = "".join(", " + (card if what == "card" else f"{dest}.key" if index is None
                               else f"{dest}.key[{index}]") for what, index in self.args)
        return [f"g.work += {self.cost}", OVER_BUDGET, f"{self.forward}(g{args})"]


def enter_triggers(gen: UnitGen, dest: ast.Expr) -> list[FiredTrigger]:
    """The `on enter` triggers of a zone (or a zone family) named in place, in the order the
    layout lists them in its zones' ``on_enter``, for the move written out with their calls
    (``write_fired_move``); none where that is off."""
    ref = getattr(dest, "ref", None)
    if not SHORTCUTS.fired_moves or not isinstance(ref, (refs.Zone, refs.ZoneFamily)):
        return []
    return [fired_trigger(gen, i, t) for i, t in enumerate(gen.m.program.triggers)
            if t.event == "enter" and t.zone == ref.name]


def fired_trigger(gen: UnitGen, i: int, trigger: ast.TriggerDecl) -> FiredTrigger:
    """Trigger i called, or forwarded to the rule it only calls (``FiredTrigger``)."""
    m = gen.m
    called = FiredTrigger(f"trigger_{i}")
    body = trigger.body
    if not SHORTCUTS.trigger_forwards or m.units[f"trigger:{i}"].deep or len(body) != 1 \
            or not isinstance(body[0], ast.CallStmt) or not isinstance(body[0].call.ref, refs.Rule) \
            or any(b.equals is not None for b in trigger.binders):
        return called
    call = body[0].call
    assert isinstance(call.ref, refs.Rule)
    rule = m.rule_infos.get(call.ref.name)
    if rule is None or rule.machine:
        return called
    single = len(m.program.zones[trigger.zone].keys) <= 1
    bound = {b.binds: ("key", None if single else b.index) for b in trigger.binders
             if b.binds is not None}
    if trigger.card_slot is not None:
        bound[trigger.card_slot] = ("card", None)
    args = []
    for arg in call.args:
        if not isinstance(arg.ref, refs.Local) or arg.ref.slot not in bound:
            return called
        args.append(bound[arg.ref.slot])
    return FiredTrigger(called.function, rule.function, m.an.cost(body), tuple(args))


def zone_cards(what: ast.Expr) -> bool:
    """``cards(Z)`` of one zone (no family)."""
    return SHORTCUTS.zone_moves and isinstance(what, ast.Call) \
        and what.ref == refs.Builtin("cards") and len(what.args) == 1 \
        and what.args[0].ty is not None and what.args[0].ty.name == "zone"


def _moved(gen: UnitGen, card: str, dest: str, source: str) -> None:
    """``move_card``'s body for a card that leaves ``source`` quietly for ``dest``: taken
    off its zone (from the top, else found and closed up over, priced by the zone's size),
    put on ``dest``, known to the seats ``dest`` reveals it to."""
    cards, zc = gen.temp(), gen.m.hoist("zc")
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
