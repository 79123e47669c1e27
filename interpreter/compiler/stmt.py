"""Statements to Python source: plain functions, or resumable state machines.

A unit (rule, trigger, block) that can never pause for a decision becomes a plain
Python function with real local variables (``s0``, ``s1``) and structured control
flow: ``if``, ``for``, ``while``. One that can pause becomes a state machine
``unit_N(g, F)`` over a frame ``F`` (the unit, a position ``F.pc`` and the local
slots ``F.L``): its body is cut into numbered blocks at every point where it can
pause (a ``choose``, a call of a rule that can pause, an effect whose trigger can
pause), so where a paused game stands is still plain data that saves to JSON.
Statements between those points stay structured Python inside their block.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, cast

from interpreter.compiler.analysis import EFFECTS
from interpreter.compiler.expr_shapes import items_may_nest, simple
from interpreter.compiler.inline_statements import write_let
from interpreter.compiler.lean_code import write_ask, write_log
from interpreter.compiler.let_loops import write_let_loop
from interpreter.compiler.move_code import (
    enter_triggers,
    write_fired_move,
    write_move,
    zone_cards,
)
from interpreter.compiler.rule_calls import RuleCalls
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from interpreter.runtime.values import MAX_WORK
from rulelang.language import ast, refs
from rulelang.language.errors import Span
from rulelang.language.key_ranges import IntKeys
from rulelang.language.traversal import walk
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.compiler.compiled_parts import ChoiceSite, UnitInfo
    from interpreter.compiler.module_builder import ModuleBuilder

LOOPS = (ast.For, ast.Repeat, ast.While, ast.Loop)
Looping = ast.For | ast.Repeat | ast.While | ast.Loop
TICK_LIMIT = 200_000
LOOP_CHARGE = 20  # a loop whose body costs this much charges it at each turn (see Analysis.cost)
STATEMENT_CHARGE = 10_000  # a statement costing this much charges it each time it runs
OVER_BUDGET = f"if g.work > {MAX_WORK}: overwork(g)"  # after ``g.work += cost``, written inline


class Loop:
    """A loop being written: structured (Python's own) or a machine's (blocks); ``cost``
    the work one turn of its body costs."""
    __slots__ = ("machine", "top", "end", "cost")

    def __init__(self, machine: bool, top: int | None = None, end: int | None = None,
                 cost: int = 1) -> None:
        self.machine, self.top, self.end, self.cost = machine, top, end, cost


def _return_in_loop(stmt: ast.Stmt) -> bool:
    """Does a ``return`` sit inside a loop within this statement? (A machine cannot
    leave a structured Python loop for its final block: such a loop is cut into blocks.)"""
    for n in walk([stmt]):
        if isinstance(n, LOOPS) and any(isinstance(m, ast.Return) for m in walk(n.body)):
            return True
    return False


class UnitGen(RuleCalls):
    def __init__(self, module: ModuleBuilder, unit: UnitInfo, machine: bool) -> None:
        self.m, self.w, self.x = module, module.w, module.x
        self.unit = unit  # the UnitInfo being written
        self.machine = machine
        self.loops: list[Loop] = []
        self.temps = 0
        self.blocks = 0
        self.block_depth = 0
        self.live = True  # can the current block still fall through to the next?
        self.written = False  # has the current block any line yet?
        self.started: set[int] = set()  # the blocks begun so far (a jump to any other is ahead)
        self.falls = False  # the current block ended jumping ahead: nothing may follow in it

    # ------------------------------------------------------------ writing
    def line(self, text: str) -> None:
        if self.falls and self.w.depth == self.block_depth:
            raise AssertionError("a line after a jump ahead, in the same block")
        self.w(text)
        self.written = True
        if self.w.depth == self.block_depth:
            self.live = True

    def jump_line(self, text: str) -> None:
        """A line after which control never falls through (continue, return, raise)."""
        self.w(text)
        self.written = True
        if self.w.depth == self.block_depth:
            self.live = False

    def temp(self) -> str:
        self.temps += 1
        return f"t{self.temps}"

    def new_block(self) -> int:
        self.blocks += 1
        return self.blocks

    def resume_block(self) -> int:
        """A new block where a frame may be left and later resumed (after a decision, a
        call or triggers put on top): a saved frame's position must be one of these."""
        k = self.new_block()
        self.unit.resumes.add(k)
        return k

    def start_block(self, k: int) -> None:
        """End the current block (falling through to block k) and start block k."""
        if self.live:
            self.line(f"pc = {k}")
        if not self.written:
            self.w("pass")
        self.falls = False
        self.w.depth = self.block_depth - 1
        self.w(f"if pc == {k}:")
        self.w.depth = self.block_depth
        self.live, self.written = True, False
        self.started.add(k)

    def goto(self, k: int) -> None:
        self.line(f"pc = {k}")
        if self.w.depth == self.block_depth and k not in self.started:
            # the end of a block, jumping ahead: fall through the blocks between (each
            # ``if pc == ...`` fails) rather than start again from the first
            self.live = False
            self.falls = True
            return
        self.jump_line("continue")

    def body(self, stmts: Iterable[ast.Stmt]) -> None:
        for s in stmts:
            with self.w.at(s.span):
                cost = self.m.an.cost(s)
                if cost >= STATEMENT_CHARGE:  # a costly statement counts its own work
                    self.line(f"g.work += {cost}")
                    self.line(OVER_BUDGET)
                reuse = self.x.reuse
                if reuse is not None:
                    reuse.enter(s)
                if self.machine and (self.m.an.stmt_pauses(s) or _return_in_loop(s)):
                    getattr(self, "flat_" + type(s).__name__, self.flat_effect)(s)
                else:
                    getattr(self, "s_" + type(s).__name__)(s)
                if reuse is not None:
                    reuse.leave(s)

    def nested(self, stmts: Iterable[ast.Stmt]) -> None:
        """A structured statement's body (indented)."""
        with self.w.indent():
            before = len(self.w.lines)
            self.body(stmts)
            if len(self.w.lines) == before:
                self.line("pass")

    def tick(self, span: Span, cost: int = 1) -> None:
        """One more turn of a loop: counted (a runaway loop is stopped), and the work of its
        body charged when that is more than a few steps."""
        with self.w.at(span):
            if cost * TICK_LIMIT > MAX_WORK:  # the work budget stops it first: no count of turns
                self.line(f"g.work += {cost}")
                self.line(OVER_BUDGET)
                return
            self.line("g.steps += 1")
            self.line(f"if g.steps > {TICK_LIMIT}: runaway()")
            if cost >= LOOP_CHARGE:
                self.line(f"g.work += {cost}")
                self.line(OVER_BUDGET)

    # ------------------------------------------------------------ the effects' aftermath
    def after_effect(self, may_fire: bool) -> None:
        """End conditions, then triggers, after an effect that may have changed what
        they read (``g.dirty``) or fired triggers (``g.queue``)."""
        cond: str | None = "g.queue"  # in setup no end condition is checked: its triggers
        if self.unit.kind != "setup" or not SHORTCUTS.setup_queue:
            cond = None if self.m.watch_all else "g.dirty or g.queue" if may_fire else "g.dirty"
        if self.machine and self.m.an.triggers_pause and may_fire:
            k = self.resume_block()
            self.line("if g.after():" if cond is None else f"if ({cond}) and g.after():")
            with self.w.indent():
                self.line(f"F.pc = {k}")
                self.jump_line("return")
            self.start_block(k)
        elif cond is None:
            self.line("g.after()")
        else:
            self.line(f"if {cond}: g.after()")

    def flat_effect(self, s: ast.Stmt) -> None:
        getattr(self, "s_" + type(s).__name__)(s)

    # ------------------------------------------------------------ simple statements
    def s_Let(self, s: ast.Let) -> None:
        self.rule_value(s.value)
        if not write_let_loop(self, self.x.slot(s.slot), s.value):  # (let_loops.py first)
            write_let(self, s)

    def s_Assign(self, s: ast.Assign) -> None:
        t, x = s.target, self.x
        self.rule_value(s.value)
        value = x.expr(s.value)
        if s.op != "=":
            sign = 1 if s.op == "+=" else -1
            numbers = t.ty is not None and t.ty.name == "int" and s.value.ty is not None \
                and s.value.ty.name == "int"
            small = x.bound_of(s.value) is not None  # x += 1: not checked (docs/language.md, "Limits")
            value = ((f"({x.expr(t)} {s.op[0]} {value})" if small
                      else f"number({x.expr(t)} {s.op[0]} {value})") if numbers
                     else f"augment(g, {x.expr(t)}, {value}, {sign})")
            if not numbers and sign > 0 and (items_may_nest(t.ty) or items_may_nest(s.value.ty)):
                value = f"weighed(g, {value})"  # a list of lists grown: weighed (x += x)
        if isinstance(t, ast.Name) and isinstance(t.ref, refs.Local):
            self.line(f"{x.slot(t.ref.slot)} = {value}")
            return
        if isinstance(t, ast.Name):
            if t.ref == refs.Builtin("current"):
                self.line(f"g.current = {value}")
                watched = self.m.watches("current")
            else:
                assert isinstance(t.ref, refs.Var)
                name = t.ref.name
                self.line(f"{self.m.hoist('vars')}[{literal(name)}] = {value}")
                watched = self.m.watches("var", name)
        elif isinstance(t, ast.Index):
            assert isinstance(t.ref, refs.VarFamily)
            name = t.ref.name
            keys = [x.expr(a) for a in t.args]
            key = keys[0] if len(keys) == 1 else "(" + ", ".join(keys) + ")"
            k = self.temp()
            info = self.m.program.vars.get(name)
            table = self.m.family_table(name)
            ranged = info is not None and any(isinstance(k.domain, IntKeys) for k in info.keys)
            self.line(f"{k} = {table}.known({key})" if ranged else f"{k} = {key}")  # (a range's)
            if not ranged and (info is None or not self.m.an.keys_known(self.unit.decl, info.keys,
                                                                          t.args)):
                self.line(f"if {k} not in {table}: {table}.known({k})")  # (else it is added)
            self.line(f"{table}[{k}] = {value}")
            watched = self.m.watches("var", name)
        else:
            assert isinstance(t, ast.Attr)
            c = x.expr(t.obj)
            if not self.sure_card(t.obj):  # (else surely a card: nothing to ask)
                c = self.temp()
                self.line(f"{c} = {x.expr(t.obj)}")
                self.line(f"if type({c}) is not Card: not_a_card({literal(t.name)})")
            self.line(f"{self.m.field_list(t.name)}[{c}.id] = {value}")
            made = self.made(None, [(t.name, s.value)]) if s.op == "=" else ""
            if made:
                self.line(f"g.remake_field({c}, {literal(t.name)}{made})")
            watched = self.m.watches("fields")
        if watched:
            self.line("g.dirty = True")
            self.after_effect(False)

    def sure_card(self, e: ast.Expr) -> bool:
        """Is ``e`` a local never none (``ExprGen.sure_local``) the checker types as a card?"""
        return self.x.sure_local(e) and e.ty is not None and e.ty.name == "card"

    def card_and_zone(self, s: ast.Move) -> tuple[str, str]:
        """A move's card and zone worked out in that order (as for a call), each held in a
        name a written-out move reads again: (the card's, the zone's)."""
        card = self.x.expr(s.what)
        if not simple(card):
            card, value = self.temp(), card
            self.line(f"{card} = {value}")
        dest = self.temp()
        self.line(f"{dest} = {self.x.expr(s.dest)}")
        return card, dest

    def s_Move(self, s: ast.Move) -> None:
        x = self.x
        at = "None" if s.at is None else literal("bottom") if s.at == "bottom" else x.expr(s.at)
        if at == "None" and s.what.ty is not None and s.what.ty.name == "card" \
                and self.m.no_grid(s.dest) and SHORTCUTS.move_card:
            if SHORTCUTS.move_fire and self.fires_on_enter(s.dest):  # its after() in the move
                triggers = enter_triggers(self, s.dest)
                if not triggers:
                    self.line(f"g.move_fire({x.expr(s.what)}, {x.expr(s.dest)})")
                    return
                card, dest = self.card_and_zone(s)
                write_fired_move(self, card, dest, self.m.holds(s.dest), triggers,
                                 self.sure_card(s.what))
                return
            if not SHORTCUTS.written_moves:
                self.line(f"g.move_card({x.expr(s.what)}, {x.expr(s.dest)})")
            else:
                card, dest = self.card_and_zone(s)
                write_move(self, card, dest, self.m.holds(s.dest), self.sure_card(s.what))
        elif at == "None" and self.m.no_grid(s.dest) and zone_cards(s.what):
            assert isinstance(s.what, ast.Call)  # all of a zone's cards: no list made first
            self.line(f"g.move_zone({x.expr(s.what.args[0])}, {x.expr(s.dest)})")
        elif at == "None" and self.m.no_grid(s.dest) and self.new_card_list(s.what):
            self.line(f"g.move_cards({x.expr(s.what)}, {x.expr(s.dest)})")  # as move would
        else:
            self.line(f"g.move({x.expr(s.what)}, {x.expr(s.dest)}, {at})")
        self.after_effect(True)

    def new_card_list(self, what: ast.Expr) -> bool:
        """A list of cards that nothing else holds (made by ``cards`` or written in place):
        moved card by card as ``move`` moves a list, with no copy of it made first."""
        ty = what.ty
        if not SHORTCUTS.move_new_lists or ty is None or ty.name != "list" \
                or not isinstance(ty.arg, Type) or ty.arg.name != "card":
            return False
        called = isinstance(what, ast.Call) and what.ref == refs.Builtin("cards")
        return called or self.x.fresh(what)

    def fires_on_enter(self, dest: ast.Expr) -> bool:
        """A zone (or a zone of a family) with `on enter` triggers, when no trigger can pause
        (then ``after`` runs them in a plain loop, as ``move_fire`` does)."""
        if self.m.an.triggers_pause:
            return False
        ref = getattr(dest, "ref", None)
        family = getattr(ref, "name", None)
        return any(t.event == "enter" and t.zone == family for t in self.m.program.triggers)

    def s_Place(self, s: ast.Place) -> None:
        x = self.x
        self.line(f"g.move({x.expr(s.what)}, {x.expr(s.grid)}, {x.expr(s.at)})")
        self.after_effect(True)

    def s_Deal(self, s: ast.Deal) -> None:
        x = self.x
        if isinstance(s.count, ast.Lit) and type(s.count.value) is int and s.count.value == 1 \
                and self.m.no_grid(s.dest) and SHORTCUTS.deal_one:
            # one card to a zone with no grid, as ``deal`` deals it: the source's top card by
            # move_card, nothing from an empty source (both zones worked out either way)
            cards, dest = self.temp(), self.temp()
            self.line(f"{cards} = {self.m.hoist('zc')}[{x.expr(s.src)}.i]")
            self.line(f"{dest} = {x.expr(s.dest)}")
            if not SHORTCUTS.written_moves:
                self.line(f"if {cards}: g.move_card({cards}[-1], {dest})")
            else:
                self.line(f"if {cards}:")
                with self.w.indent():
                    card = self.temp()
                    self.line(f"{card} = {cards}[-1]")
                    write_move(self, card, dest, self.m.holds(s.dest))
        else:
            self.line(f"g.deal({x.expr(s.count)}, {x.expr(s.src)}, {x.expr(s.dest)})")
        self.after_effect(True)

    def s_Shuffle(self, s: ast.Shuffle) -> None:
        self.line(f"g.shuffle({self.x.expr(s.zone)})")
        self.after_effect(True)

    def made(self, kind: str | None, fields: list[tuple[str, ast.Expr]]) -> str:
        """``, made=(SITE, (locals...))`` when these values draw chance (``MakingSite``)."""
        chancy = [(name, value) for name, value in fields if self.m.an.expr_chance(value)]
        if not chancy:
            return ""
        site, slots = self.m.making_site(kind, [n for n, _ in chancy], [v for _, v in chancy])
        kept = "".join(self.x.slot(i) + ", " for i in slots)
        return f", made=({site}, ({kept}))"

    def s_Create(self, s: ast.Create) -> None:
        x = self.x
        fields = "{" + ", ".join(f"{literal(name)}: {x.expr(value)}" for name, value, _ in s.fields) + "}"
        kind = literal(s.kind)
        named = x.slot(s.slot) if s.name is not None else None  # bound before any trigger runs
        made = self.made(s.kind, [(name, value) for name, value, _ in s.fields])
        place = None if s.at is None else literal("bottom") if s.at == "bottom" else x.expr(s.at)
        at = "" if place is None else f", at={place}"  # where on the zone, as move's ``at``
        if s.count is None:
            self.line(f"{named + ' = ' if named else ''}g.create({kind}, {fields}, {x.expr(s.dest)}"
                      f"{made}{at})")
        else:
            v = self.temp()
            self.line(f"{v} = {fields}")
            if place is not None:  # worked out once, as the fields are, for every card made
                kept = self.temp()
                self.line(f"{kept} = {place}")
                at = f", at={kept}"
            if named:
                self.line(f"{named} = []")
            self.line(f"for _ in range({x.expr(s.count)}):")
            with self.w.indent():
                made = f"g.create({kind}, dict({v}), {x.expr(s.dest)}{made}{at})"
                self.line(f"{named}.append({made})" if named else made)
        self.after_effect(True)

    def s_CreateFrom(self, s: ast.CreateFrom) -> None:
        x = self.x
        self.line(f"g.create_from({literal(s.kind)}, {x.expr(s.table)}, {x.expr(s.dest)})")
        self.after_effect(True)

    def s_Reveal(self, s: ast.Reveal) -> None:
        x = self.x
        to = x.expr(s.to) if s.to is not None else "None"
        if s.fact is not None and isinstance(s.what, ast.Compare):  # whether c.field == value
            self.line(f"g.tell({x.expr(cast(ast.Attr, s.what.left).obj)}, {literal(s.fact)}, {to}, "
                      f"({x.expr(s.what.right)},))")
        elif s.fact is not None:
            self.line(f"g.tell({x.expr(cast(ast.Attr, s.what).obj)}, {literal(s.fact)}, {to})")
        else:
            self.line(f"g.reveal({x.expr(s.what)}, {to})")
        if self.m.watch_all:
            self.after_effect(False)

    def s_Log(self, s: ast.Log) -> None:
        if self.m.lean:
            write_log(self, s)
            return
        message = self.x.message(s.message, log=True)
        at = self.m.origin(s.span)
        if self.m.an.expr_chance(s.message) or not SHORTCUTS.log_lines:
            self.line(f"g.log_message({message}, {at})")  # its chance is drawn even when unread
        else:
            self.line("if g.logging:")  # Message.of, written out: a log line, made blank
            with self.w.indent():
                self.line("line = Message()")
                self.line(f"line.parts = {message}")
                self.line(f"line.at = {at}")
                self.line("g.log.append(line)")
            unread = self.x.unread_message(s.message)
            if unread is not None:  # no log: what could fail still is worked out (quiet_log.py)
                self.line("else:")
                with self.w.indent():
                    self.line(unread)

    def s_Finish(self, s: ast.Finish) -> None:
        how = literal(s.how)
        at = self.m.origin(s.span)
        value = self.x.expr(s.value) if s.value is not None else "None"
        reason = self.x.renderer(s.reason) if s.reason is not None else "None"
        self.jump_line(f"g.finish({how}, {value}, {reason}, {at})")

    # ------------------------------------------------------------ structured control flow
    def s_If(self, s: ast.If) -> None:
        for i, (cond, body) in enumerate(s.branches):
            with self.w.at(cond.span):
                self.line(f"{'if' if i == 0 else 'elif'} {self.x.truth(cond)}:")
            self.nested(body)
        if s.other:
            self.line("else:")
            self.nested(s.other)

    def loop(self, header: str, s: Looping, body_prefix: Sequence[str] = ()) -> None:
        self.line(header)
        cost = self.m.an.cost(s.body)
        self.loops.append(Loop(False, cost=cost))
        with self.w.indent():
            for text in body_prefix:
                self.line(text)
            self.body(s.body)
            self.tick(s.span, cost)
        self.loops.pop()

    def s_Loop(self, s: ast.Loop) -> None:
        self.loop("while True:", s)

    def s_While(self, s: ast.While) -> None:
        with self.w.at(s.cond.span):
            self.loop(f"while {self.x.truth(s.cond)}:", s)

    def s_Repeat(self, s: ast.Repeat) -> None:
        self.loop(f"for {self.x.slot(s.slot)} in range(1, {self.x.expr(s.count)} + 1):", s)

    def s_For(self, s: ast.For) -> None:
        targets = [self.x.slot(i) for i in s.slots]
        target = targets[0] if len(targets) == 1 else "(" + ", ".join(targets) + ")"
        items = self.x.cards_of(s.iter)
        if self.x.bounded_source(s.iter) is None and not self.x.fresh(s.iter):
            items = f"list(counted(g, {items}))"  # a snapshot: the body may move these cards
        self.loop(f"for {target} in {items}:", s)

    def s_Break(self, s: ast.Break) -> None:
        loop = self.loops[-1]
        if loop.machine:
            assert loop.end is not None  # a machine's loop has its blocks
            self.goto(loop.end)
        else:
            self.jump_line("break")

    def s_Continue(self, s: ast.Continue) -> None:
        loop = self.loops[-1]
        self.tick(s.span, loop.cost)
        if loop.machine:
            assert loop.top is not None
            self.goto(loop.top)
        else:
            self.jump_line("continue")

    # ------------------------------------------------------------ a machine's control flow
    def flat_Choose(self, s: ast.Choose) -> None:
        site_name = self.m.choice_site(s, self.unit)
        site, k, x = self.m.sites[-1], self.resume_block(), self.x
        site.unit, site.resume = self.unit.key, k
        if s.each is not None:  # every seat of a list at once: the site works out each one's
            self.line(f"F.pc = {k}")
            self.line(f"if g.ask_each(F, {site_name}, {x.cards_of(s.each[1])}):")
            with self.w.indent():
                self.jump_line("return PAUSE")
            self.start_block(k)
            return
        seat, passing = self.asker(s, site)
        if self.m.lean:
            write_ask(self, s, site_name, seat, passing)
        else:
            if s.prompt is None:
                prompt = "None"  # the chosen name, when someone reads it
            elif self.m.an.expr_chance(s.prompt):
                prompt = x.message(s.prompt)  # its chance is drawn now, read or not
            else:
                prompt = f"({x.message(s.prompt)} if g.logging else {x.unread_prompt(s.prompt)})"
            self.line(f"g.ask(F, {site_name}, {seat}, {passing}, {prompt}, {x.cards_of(s.options)})")
        self.line(f"F.pc = {k}")
        self.jump_line("return PAUSE")
        self.start_block(k)

    def asker(self, s: ast.Choose, site: ChoiceSite) -> tuple[str, str]:
        """A ``choose``'s seat and its pass move (the word's literal, False, or a condition),
        as code."""
        x = self.x
        word = literal(site.pass_word)  # the pass move's notation: the word, or False
        passing = ("False" if not s.can_pass else word if s.pass_if is None
                   else f"({word} if {x.truth(s.pass_if)} else False)")
        return (x.expr(s.by) if s.by is not None else "g.current"), passing

    def flat_If(self, s: ast.If) -> None:
        end = self.new_block()
        for n, (cond, body) in enumerate(s.branches):
            skip = self.new_block()  # numbered even when not used: saved positions stay put
            last = n == len(s.branches) - 1 and not s.other
            with self.w.at(cond.span):
                self.line(f"if not {self.x.truth(cond)}:")
                with self.w.indent():
                    self.goto(end if last else skip)  # no else: straight to what follows
            self.body(body)
            if not last:
                if self.live:  # (a branch that ends in return or break has jumped already)
                    self.goto(end)
                self.start_block(skip)
        if s.other:
            self.body(s.other)
        self.start_block(end)

    def machine_loop(self, s: Looping, head: Callable[[int], None] | None = None,
                     step: Sequence[str] = ()) -> None:
        """``head`` writes the test at the loop's top (a condition or the next item)."""
        top, end = self.new_block(), self.new_block()
        self.start_block(top)
        if head is not None:
            head(end)
        for text in step:
            self.line(text)
        cost = self.m.an.cost(s.body)
        self.loops.append(Loop(True, top, end, cost))
        self.body(s.body)
        self.loops.pop()
        if self.live:  # (a body that ends in break or continue has jumped already)
            self.tick(s.span, cost)
            self.goto(top)
        self.start_block(end)

    def leave_if(self, test: str, end: int, span: Span | None = None) -> None:
        with self.w.at(span or self.w.span):
            self.line(f"if {test}:")
            with self.w.indent():
                self.goto(end)

    def flat_Loop(self, s: ast.Loop) -> None:
        self.machine_loop(s)

    def flat_While(self, s: ast.While) -> None:
        self.machine_loop(s, lambda end: self.leave_if(f"not {self.x.truth(s.cond)}", end, s.cond.span))

    def flat_Repeat(self, s: ast.Repeat) -> None:
        counter, limit = self.x.slot(s.slot), self.x.slot(self.unit.new_slot())
        self.line(f"{limit} = {self.x.expr(s.count)}")
        self.line(f"{counter} = 0")

        def head(end: int) -> None:
            self.line(f"{counter} += 1")
            self.leave_if(f"{counter} > {limit}", end)
        self.machine_loop(s, head)

    def flat_For(self, s: ast.For) -> None:
        seq, pos = self.x.slot(self.unit.new_slot()), self.x.slot(self.unit.new_slot())
        items = self.x.cards_of(s.iter)
        self.line(f"{seq} = {items if self.x.fresh(s.iter) else f'list(counted(g, {items}))'}")
        self.line(f"{pos} = -1")
        targets = [self.x.slot(i) for i in s.slots]
        target = targets[0] if len(targets) == 1 else ", ".join(targets)

        def head(end: int) -> None:
            self.line(f"{pos} += 1")
            self.leave_if(f"{pos} >= len({seq})", end)
            self.line(f"{target} = {seq}[{pos}]")
        self.machine_loop(s, head)


def is_effect(s: ast.Stmt) -> bool:
    return isinstance(s, EFFECTS)
