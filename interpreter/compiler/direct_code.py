"""The lean module's direct forms: rules that can pause, written for games nobody pauses.

When whoever drives a lean game answers every decision at once from a policy (random bots,
benchmarks, a bot's playouts: ``LeanGame.play_out``), a rule that can pause need not be a
resumable state machine. Beside each such rule's machine (and each trigger's, when triggers
can pause) the lean module then holds ``direct_<function>``: the same body written as a
plain function (real locals, real loops, plain calls), where a ``choose`` is an expression,
``g.direct_choose(g.offer_<kind>, site, seat, passing, prompt, options)``, that offers as
the machine offers and returns the value the policy picks. Calls of rules that can pause
call their direct forms; a machine's call tests ``g.direct`` first (so a game handed over
mid-turn finishes its open frames resumably and runs everything newly called directly).

A unit has a direct form only when everything it can pause on is a plain ``choose`` or a
call of a unit that has one (a ``choose`` for ``each`` seat at once has none). When triggers
can pause and one of them has no direct form, no unit has one (an effect anywhere may fire
it): ``play_out`` then plays through ``play``, as ever.

Calls are counted as the machines count them: a direct rule's call is one more on
``g.rdepth`` (a machine's is one more frame), so "calls itself without end" comes at the
same depth, and triggers run from ``after()`` hold the place their waiting frames held.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from interpreter.compiler.lean_code import lean_prompt, offer_kind
from interpreter.compiler.source import literal
from interpreter.compiler.stmt import OVER_BUDGET, UnitGen
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.compiled_parts import UnitInfo
    from interpreter.compiler.module_builder import ModuleBuilder
    from rulelang.language.checker import Program


def direct_units(program: Program, an: Any) -> set[str]:
    """The rules (by name) and triggers (``trigger:N``) that get a direct form."""
    pausing = {name for name, p in an.rule_pauses.items() if p}

    def own_ok(body: Any) -> tuple[bool, set[str]]:
        calls: set[str] = set()
        for n in walk(body):
            if isinstance(n, ast.Choose) and n.each is not None:
                return False, calls
            if isinstance(n, ast.CallStmt) and isinstance(n.call.ref, refs.Rule) \
                    and n.call.ref.name in pausing:
                calls.add(n.call.ref.name)
        return True, calls

    ok: dict[str, bool] = {}
    needs: dict[str, set[str]] = {}
    for name in pausing:
        ok[name], needs[name] = own_ok(program.rules[name].body)
    changed = True
    while changed:  # a rule calling one without a direct form has none either
        changed = False
        for name in pausing:
            if ok[name] and not all(ok[c] for c in needs[name]):
                ok[name], changed = False, True
    chosen = {name for name in pausing if ok[name]}
    if an.triggers_pause:
        for i, trigger in enumerate(program.triggers):
            fine, calls = own_ok(trigger.body)
            if not fine or not calls <= chosen:
                return set()  # an effect anywhere may fire it: nothing is direct
            chosen.add(f"trigger:{i}")
    for kind in ("turn", "play"):  # the turn (or play) block: run direct turn after turn
        block = program.blocks.get(kind)
        if block is not None:
            fine, calls = own_ok(block.body)
            if fine and calls <= chosen:
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
            w("while True:")
            w(f"    {direct_name(info)}(g)")
            w("    g.next_turn()")
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
        kind = offer_kind(x.ty_of(s.options))
        self.line(f"{x.slot(s.slot)} = g.direct_choose(g.{kind.value}, {site_name}, {seat}, "
                  f"{passing}, {lean_prompt(self, s)}, {x.cards_of(s.options)})")

    def s_CallStmt(self, s: ast.CallStmt) -> None:
        assert isinstance(s.call.ref, refs.Rule)
        info = self.m.rule_infos[s.call.ref.name]
        if not info.machine:
            super().s_CallStmt(s)
            return
        args = "".join(", " + self.x.expr(a) for a in s.call.args)
        self.line(f"{direct_name(info)}(g{args})")

    def s_Return(self, s: ast.Return) -> None:
        if self.unit.kind == "rule":
            self.line("g.rdepth -= 1")
        self.jump_line("return")


def write_direct(m: ModuleBuilder, info: UnitInfo, body: list[ast.Stmt], params: int = 0,
                 trigger: ast.TriggerDecl | None = None) -> None:
    """The direct form of a machine unit (a rule's or a trigger's)."""
    x, w = m.x, m.w
    x.slots, x.frame_slots = {}, False
    gen = DirectGen(m, info)
    if info.kind in ("turn", "play"):  # one turn (the machine runs them, ``turn_start``)
        m.function(f"def {direct_name(info)}(g):", repr(info.name) + ", direct", info.name)
        if info.kind == "turn":
            with w.at(info.decl.span):
                w("g.turn_number += 1")
    elif trigger is None:
        args = "".join(f", s{i}" for i in range(params))
        m.function(f"def {direct_name(info)}(g{args}):", repr(info.name) + ", direct", info.name)
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
    gen.body(body)
    if info.kind == "rule":
        gen.line("g.rdepth -= 1")
    if not gen.written:
        w("pass")
    w.depth = 0
