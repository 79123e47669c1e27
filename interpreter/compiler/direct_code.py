"""The lean module's direct forms: rules that can pause, written for games nobody pauses.

When whoever drives a lean game answers every decision at once from a policy (random bots,
benchmarks, a bot's playouts: ``LeanGame.play_out``), a rule that can pause need not be a
resumable state machine. Beside each such rule's machine (and each trigger's, when triggers
can pause) the lean module then holds ``direct_<function>``: the same body written as a
plain function (real locals, real loops, plain calls), where a ``choose`` is an expression,
``g.direct_choose(g.offer_<kind>, site, seat, passing, prompt, options)``, that offers as
the machine offers and returns the value the policy picks (for cards and values distinct by
themselves, the most common, one call does both: ``g.pick_cards``, ``g.pick_distinct``).
Calls of rules that can pause call their direct forms; a machine's call tests ``g.direct``
first (so a game handed over mid-turn finishes its open frames resumably and runs everything
newly called directly).

A ``choose`` for ``each`` seat at once works out every seat's options first (in the order
of the seats, as ``Decisions.ask_each`` does), then asks the policy for each seat's pick in
that order (as ``play_out`` answers the machine's pending decisions, first open first).

Every unit that can pause has a direct form (everything it can pause on is a ``choose`` or
a call of another such unit); ``play_out`` answers through ``play`` only the decisions of
frames left open when the game was handed over.

Calls are counted as the machines count them: a direct call of a rule on a cycle of calls
and fired triggers (``UnitInfo.deep``) is one more on ``g.rdepth`` (a machine's is one more
frame), so "calls itself without end" comes at the same depth and names the same rule; a
rule on no cycle counts nothing (it cannot run itself without end), and triggers run from
``after()`` hold the place their waiting frames held.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from interpreter.compiler.comprehension_loops import loops_for, write_loops
from interpreter.compiler.distinct_options import let_value, made_distinct, members_or_numbers
from interpreter.compiler.expr_shapes import simple
from interpreter.compiler.lean_code import OfferKind, lean_prompt, offer_kind, shown_zone
from interpreter.compiler.reuse import Reuse
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from interpreter.compiler.stmt import OVER_BUDGET, UnitGen
from rulelang.language import ast, refs

if TYPE_CHECKING:
    from interpreter.compiler.compiled_parts import UnitInfo
    from interpreter.compiler.module_builder import ModuleBuilder
    from rulelang.language.checker import Program

# the offers whose direct pick is written out in one function (``LeanGame.pick_*``)
WRITTEN_OUT = {OfferKind.CARDS: "pick_cards", OfferKind.DISTINCT: "pick_distinct"}


def direct_units(program: Program, an: Any) -> set[str]:
    """The rules (by name) and triggers (``trigger:N``) that get a direct form: every rule
    that can pause, every trigger when triggers can, and the turn (or play) block."""
    chosen = {name for name, p in an.rule_pauses.items() if p}
    if an.triggers_pause:
        chosen.update(f"trigger:{i}" for i in range(len(program.triggers)))
    for kind in ("turn", "play"):  # the turn (or play) block: run direct turn after turn
        if program.blocks.get(kind) is not None:
            chosen.add("block:" + kind)
    return chosen


def direct_name(info: UnitInfo) -> str:
    return "direct_" + info.function


def turn_start(m: ModuleBuilder, info: UnitInfo) -> None:
    """At the top of a turn (or play) block's machine: in a game nobody pauses, every turn
    from here on runs direct (the game ends by ``finish``, which leaves by GameOver)."""
    if "block:" + info.kind not in m.direct:
        return
    w = m.w
    with w.at(info.decl.span):
        w("if g.direct:")
        w.depth += 1
        if info.kind == "turn":
            w(f"g.direct_turns({direct_name(info)})")
        else:
            w(f"{direct_name(info)}(g)")
            w(f"g.finish('end', None, None, {m.origin(info.decl.span)})")
        w.depth -= 1


class DirectGen(UnitGen):
    """A pausable unit written as a plain function (``machine=False``)."""

    def __init__(self, module: ModuleBuilder, unit: UnitInfo) -> None:
        super().__init__(module, unit, False)

    def s_Choose(self, s: ast.Choose) -> None:
        x = self.x
        site_name, site = self.m.site_of[id(s)]  # the machine's site: the same record
        seat, passing = self.asker(s, site)
        if s.each is not None:
            self.choose_each(s, site_name, passing)
            return
        kind = offer_kind(x.ty_of(s.options))
        prompt = lean_prompt(self, s)
        # a comprehension's list made by loops first, when what the call works out before it
        # (the seat, the pass, the prompt) cannot fail and draws nothing
        looped = loops_for(self, s.options) and simple(seat) and simple(passing) \
            and prompt == "None"
        if looped:
            options = self.temp()
            write_loops(self.line, self.w, x, cast(ast.Comprehension, s.options), options)
        else:
            options = x.cards_of(s.options)
        # (texts are named by themselves, as distinct values are: a new list of distinct
        # literals holds no none, which alone is named otherwise)
        source = let_value(self.unit.decl, s.options) or s.options  # (a name a let bound)
        known = (kind in (OfferKind.DISTINCT, OfferKind.TEXTS) and made_distinct(self.m, source)) \
            or (kind is OfferKind.ANY and members_or_numbers(self.m, source))
        made = known and passing == "False"
        if made and isinstance(s.options, ast.Range):  # a range of numbers: no list made of it
            options = x.drawn_from(s.options, options)
        rest = f"{site_name}, {seat}, {passing}, {prompt}, {options}"
        slot = x.slot(s.slot)
        if kind is OfferKind.CARDS:  # the offer and the pick in one call
            zone = shown_zone(self, s.options)
            if SHORTCUTS.zone_once and zone != "None" and options == f"ZC[{zone}.i]":
                # a zone's own cards: the zone looked up once, for its cards and as itself
                named = self.temp()
                rest = f"{site_name}, {seat}, {passing}, {prompt}, ZC[({named} := {zone}).i]"
                self.m.zone_locals.dropped(zone, self.m.HOISTED["zones"])  # (written once now)
                zone = named
            self.line(f"{slot} = g.pick_cards({rest}{'' if zone == 'None' else ', ' + zone})")
        elif made:
            self.line(f"{slot} = g.pick_made({rest})")  # nothing to merge or copy
        elif known and kind is OfferKind.DISTINCT and seat == "g.current" and prompt == "None" \
                and simple(options) and not looped:  # as made, unless the pass is offered (asked first)
            word = self.temp()
            self.line(f"{word} = {passing}")
            self.line(f"{slot} = (g.pick_made({site_name}, g.current, False, None, {options}) "
                      f"if {word} is False else "
                      f"g.pick_distinct({site_name}, g.current, {word}, None, {options}))")
        elif kind in WRITTEN_OUT:
            self.line(f"{slot} = g.{WRITTEN_OUT[kind]}({rest})")
        else:
            self.line(f"{slot} = g.direct_choose(g.{kind.value}, {rest})")

    def choose_each(self, s: ast.Choose, site_name: str, passing: str) -> None:
        """Every seat of a list at once: each seat's offer worked out (its options, pass
        and, when it draws chance, its prompt, with the seat in the ``each`` slot) before
        any is asked, then the picks, in the order of the seats."""
        x = self.x
        assert s.each is not None and s.each_slot is not None
        seats, offers = self.temp(), self.temp()
        if x.bounded_source(s.each[1]) == "g.players":  # players, each once: nothing to check
            self.line(f"{seats} = g.players")
        else:
            self.line(f"{seats} = g.each_seats({x.cards_of(s.each[1])})")
        self.line(f"{offers} = []")
        self.line(f"for {x.slot(s.each_slot)} in {seats}:")
        with self.w.indent():
            zone = shown_zone(self, s.options)
            self.line(f"{offers}.append(g.each_offer({site_name}, {x.slot(s.each_slot)}, "
                      f"{x.cards_of(s.options)}, {passing}{'' if zone == 'None' else ', ' + zone}))")
            prompt = lean_prompt(self, s)
            if prompt != "None":
                self.line(prompt)  # drawn now, as the machine draws it
        self.line(f"{x.slot(s.slot)} = g.direct_each({site_name}, {offers})")

    def s_CallStmt(self, s: ast.CallStmt) -> None:
        self.line(self.called_for_value(s.call))

    def called_for_value(self, call: ast.Call) -> str:
        """A rule's call: its direct form, if it has one (a plain function either way)."""
        assert isinstance(call.ref, refs.Rule)
        info = self.m.rule_infos[call.ref.name]
        if not info.machine:
            return self.plain_call(call)
        args = "".join(", " + self.x.expr(a) for a in call.args)
        return f"{direct_name(info)}(g{args})"

    def s_Return(self, s: ast.Return) -> None:
        if s.value is not None:
            self.rule_value(s.value)  # ``return r(...)``: r's direct form called first
        self.plain_return(s, self.unit.kind == "rule" and self.unit.deep)


def write_direct(m: ModuleBuilder, info: UnitInfo, body: list[ast.Stmt], params: int = 0,
                 trigger: ast.TriggerDecl | None = None) -> None:
    """The direct form of a machine unit (a rule's or a trigger's)."""
    x, w = m.x, m.w
    x.slots, x.frame_slots, x.sure = {}, False, m.an.sure_slots(info.decl)
    gen = DirectGen(m, info)
    if info.kind in ("turn", "play"):  # one turn (the machine runs them, ``turn_start``)
        m.function(f"def {direct_name(info)}(g):", repr(info.name) + ", direct", info.name)
        if info.kind == "turn":
            with w.at(info.decl.span):
                w("g.turn_number += 1")
    elif trigger is None:
        args = "".join(f", s{i}" for i in range(params))
        m.function(f"def {direct_name(info)}(g{args}):", repr(info.name) + ", direct", info.name)
        if info.deep:  # on a cycle of calls (or fired triggers): its depth counted
            w.region = None  # a runaway count is reported at the caller's statement
            name = cast(ast.RuleDecl, info.decl).name
            w(f"if len(g.frames) + g.rdepth > 300: "
              f"raise Fail({literal(f'rule {name!r} calls itself without end')})")
            w("g.rdepth += 1")
            w.region = info.name
    else:  # its locals bound already (``bind_<function>``), before any trigger ran
        m.function(f"def {direct_name(info)}(g, L):", repr(info.name) + ", direct", info.name)
        bound = [b.binds for b in trigger.binders if b.binds is not None]
        if trigger.card_slot is not None:
            bound.append(trigger.card_slot)
        for slot in bound:
            w(f"{x.slot(slot)} = L[{slot}]")
    if info.counted:
        w(f"g.work += {m.an.cost(body)}")
        w(OVER_BUDGET)
    gen.block_depth = 1
    x.reuse = None if m.advising else Reuse(w, m.program, m.counter)
    try:
        gen.body(body)
    finally:
        if x.reuse is not None:
            x.reuse.finish()
        x.reuse = None
    if info.kind == "rule" and info.deep:
        gen.line("g.rdepth -= 1")
    if not gen.written:
        w("pass")
    w.depth = 0
