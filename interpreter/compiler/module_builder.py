"""The builder of one generated module: it names what the module binds (constants, enum
members, functions of rules and fns), writes each unit's function and each choice site's, and
keeps the map from generated lines back to the .rules statements (``write_module`` drives it)."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from interpreter.compiler.advice_calls import KeptIn
from interpreter.compiler.analysis import analysis_of
from interpreter.compiler.compiled_parts import (
    ChoiceSite,
    MakingSite,
    UnitInfo,
    free_slots,
)
from interpreter.compiler.comprehension_loops import loops_here, write_loops
from interpreter.compiler.direct_code import turn_start
from interpreter.compiler.expr import ExprGen
from interpreter.compiler.reads import reads_of_all
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.site_code import write_site
from interpreter.compiler.source import Writer, literal
from interpreter.compiler.stmt import OVER_BUDGET, UnitGen
from interpreter.compiler.written import EnumPart, EnumSetPart, MemberPart, NsPart, SitePart
from interpreter.compiler.zone_locals import ZoneLocals
from interpreter.runtime import helpers
from interpreter.runtime.advice_memo import all_in_kept, in_kept, kept_in
from rulelang.language import ast, refs
from rulelang.language.errors import Span
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.runtime.values import EnumValue
    from rulelang.language.checker import Program
    from rulelang.language.checker.zones import ZoneInfo

# what a failure in a top-level expression says it was in ("in score: division by zero"), at
# the expression; the others are read as the game is set up (or by the unit that reads them)
TOP_REGIONS = {"end": "end when", "require": "require", "score": "score", "team": "team",
               "heuristic": "heuristic", "offer": "the campaign's offer"}


@attrs.frozen
class Top:
    """The generated name of a top-level expression's function (until it exists): it stands
    in the top-level records where the function will be (``_resolve``)."""
    name: str

    def __call__(self, *args: Any) -> Any:
        raise AssertionError(f"{self.name} is called before the module is made")


class ModuleBuilder:
    def __init__(self, program: Program, enum_values: dict[str, list[EnumValue]],
                 lean: bool = False) -> None:
        self.program = program
        self.lean = lean  # the playout path's module (compiler/lean_code.py)
        self.enum_values = enum_values
        self.an = analysis_of(program)
        self.w = Writer()
        self.x = ExprGen(self)
        self.ns = helpers.names()
        self.counter = itertools.count()
        self.bound: dict[tuple[str, int], str] = {}  # (prefix, id of the value) -> its name
        self.per_rules: dict[str, NsPart] = {}  # names bound to what each caller has its own of
        self.enum_names: dict[str, int] = {}  # enum -> the number its set's name has
        self.fn_names = {name: f"fn_{i}" for i, name in enumerate(program.fns)}
        # writing what only bots read (a `prefer` clause, the heuristic): functions are called
        # as their advice copies, ``afn_N(g, M, ...)``, which keep what they work out in ``M``
        self.advising = False
        self.advice_copies = False  # whether the advice copies are written (compile_program)
        self.memo_held = ""  # (write_kept_call) the arguments an entry holds, as code
        # kept functions called where no later call could find the entry (advice_calls):
        # their copies without the memo, written at the end (write_once_copies)
        self.once_wanted: list[str] = []
        self.once_calls: set[int] = set()  # ids of prefer clauses' calls asked once an option
        self.ns["in_kept"] = in_kept
        self.ns["all_in_kept"] = all_in_kept
        self.ns["kept_in"], self.ns["memo_id"] = kept_in, id
        self.kept_in = KeptIn()  # x in a parameter, in an advice copy (advice_calls.KeptIn)
        # fn name -> its declaration if written out at calls
        self.inline_cache: dict[str, ast.FnDecl | None] = {}
        self.through_cache: dict[str, bool] = {}  # (inline.goes_through)
        self.end_reads = reads_of_all([d.cond for d in program.ends], program.fns)
        self.watch_all = self.end_reads is None
        self.units: dict[str, UnitInfo] = {}
        self.rule_infos: dict[str, UnitInfo] = {}
        self.sites: list[ChoiceSite] = []
        self.site_of: dict[int, tuple[str, ChoiceSite]] = {}  # id of a choose -> its site
        self.direct: set[str] = set()  # the units with a direct form (compiler/direct_code.py)
        self.site_functions: list[tuple[ChoiceSite, ast.Choose, UnitInfo]] = []
        self.refusal_clauses: list[tuple[ChoiceSite, list[Span | None]]] = []
        self.makings: list[MakingSite] = []
        self.making_functions: list[tuple[MakingSite, list[ast.Expr]]] = []
        self.hoisted: set[str] = set()
        self.fields_hoisted: dict[str, str] = {}  # var field -> the local holding its list
        self.families_hoisted: dict[str, str] = {}  # variable kept per key -> its table's local
        self.zone_locals = ZoneLocals()  # the zones the function names, each read from a local
        self.body_start: int | None = None
        # functions ``any``/``all`` were given in the function being written, each written
        # once it ends (its lines, the comprehension's span): compiler/quantifier_loops.py
        self.helpers: list[tuple[list[str], Span | None]] = []
        self.origins: list[Span] = []  # spans a log line may come from (Compiled.origins)
        self.origin_index: dict[Span, int] = {}

    def origin(self, span: Span) -> int:
        """The index of a place in the rules that writes log lines."""
        found = self.origin_index.get(span)
        if found is None:
            found = self.origin_index[span] = len(self.origins)
            self.origins.append(span)
        return found

    # ------------------------------------------------------------ names
    def bind_value(self, value: object, prefix: str = "k") -> str:
        key = (prefix, id(value))
        name = self.bound.get(key)
        if name is None:
            name = self.bound[key] = f"{prefix}{next(self.counter)}"
            self.ns[name] = value
        return name

    def constant(self, value: object, prefix: str = "k") -> str:
        name = f"{prefix}{next(self.counter)}"
        self.ns[name] = value
        return name

    def member(self, enum: str, name: str) -> str:
        index, value = next((i, v) for i, v in enumerate(self.enum_values[enum]) if v.name == name)
        bound = self.bind_value(value, "e")
        self.per_rules[bound] = MemberPart(enum, index)
        return bound

    def enum_list(self, enum: str) -> str:
        bound = self.bind_value(self.enum_values[enum], "enum")
        self.per_rules[bound] = EnumPart(enum)
        return bound

    def enum_set(self, enum: str) -> str:
        """A name bound to a set of the enum's members (each rules has its own members)."""
        bound = f"eset_{self.enum_names.setdefault(enum, len(self.enum_names))}"
        self.per_rules[bound] = EnumSetPart(enum)
        return bound

    def fn_name(self, name: str) -> str:
        return "a" + self.fn_names[name] if self.advising else self.fn_names[name]

    def rule_function(self, name: str) -> str:
        return self.rule_infos[name].function

    def unit_name(self, name: str) -> str:
        return "U_" + self.rule_infos[name].function

    def field_place(self, ty: Type | None, name: str) -> str:
        if ty is not None and ty.name == "card" and ty.arg in self.program.cards:
            info = self.program.cards[ty.arg].fields.get(name)
            if info is not None:
                return "var" if info.mutable else "fixed"
        return "any"

    def no_grid(self, dest: ast.Expr) -> bool:
        """Is this destination a zone (or a zone of a family) that is not a grid?"""
        ref = getattr(dest, "ref", None)
        if not isinstance(ref, (refs.Zone, refs.ZoneFamily)) or ref.name not in self.program.zones:
            return False
        zone: ZoneInfo = self.program.zones[ref.name]
        return zone.kind != "grid"

    def holds(self, dest: ast.Expr) -> str | None:
        """The kind of card a zone (or a zone of a family) is declared to hold, or None."""
        zone = self.program.zones.get(getattr(getattr(dest, "ref", None), "name", ""))
        return None if zone is None else zone.of

    def watches(self, what: str, name: str | None = None) -> bool:
        reads = self.end_reads
        if reads is None:
            return True
        if what == "current":
            return reads.current
        if what == "fields":
            return reads.fields
        return name in reads.vars

    # ------------------------------------------------------------ writing
    HOISTED: ClassVar[dict[str, str]] = {"zc": "ZC", "zones": "ZN", "vars": "VR", "cv": "CV",
                                         "layout.next_seat": "NS"}

    def hoist(self, part: str) -> str:
        """A part of the game the function reads often, as a local it loads once (these
        lists and dicts are the game's for its whole life: never replaced, only changed)."""
        self.hoisted.add(part)
        return self.HOISTED[part]

    def field_list(self, name: str) -> str:
        """A var field's list of values (``g.cv[name]``, by card id), as a local the
        function loads once: a comprehension reading the field of each card then looks the
        field up once, not once an item (the lists, like ``g.cv``, are never replaced while
        the rules run: a copy or a sample has lists of its own)."""
        local = self.fields_hoisted.get(name)
        if local is None:
            local = self.fields_hoisted[name] = f"CV{len(self.fields_hoisted)}"
        return local

    def family_table(self, name: str) -> str:
        """A variable kept per key (``var stones[Pile]``): its table (``g.vars[name]``), as a
        local the function loads once, so reading ``stones[p]`` for each item of a
        comprehension is one lookup, not two. The table is made before the rules run and
        only changed, never replaced, while they do (a copy or a sample has tables of its
        own). With the shortcut off: looked up in ``g.vars`` where it is used."""
        if not SHORTCUTS.family_tables:
            return f"{self.hoist('vars')}[{literal(name)}]"
        local = self.families_hoisted.get(name)
        if local is None:
            local = self.families_hoisted[name] = f"VF{len(self.families_hoisted)}"
        return local

    def function(self, header: str, comment: str | None = None, region: str | None = None) -> None:
        self.end_function()
        w = self.w
        w.region, w.span, w.depth, w.fn, w.pending = region, None, 0, None, []
        w("")
        w(header)
        w.depth = 1
        if comment:
            w.comment(comment)
        self.body_start = len(w.lines)

    def hoisted_loads(self) -> str | None:
        """The line that loads the hoisted parts the function used, or None: one assignment
        each (``a, b, c, d = w, x, y, z`` makes a tuple of four and takes it apart)."""
        loads = [(self.HOISTED[p], f"g.{p}") for p in sorted(self.hoisted)]
        loads += [(local, f"g.cv[{literal(name)}]") for name, local in self.fields_hoisted.items()]
        loads += [(local, f"g.vars[{literal(name)}]") for name, local in self.families_hoisted.items()]
        loads += self.zone_locals.loads(self.HOISTED["zones"] if "zones" in self.hoisted else "g.zones")
        if not loads:
            return None
        return "; ".join(f"{a} = {b}" for a, b in loads)

    def end_function(self) -> None:
        """Put the loads of the hoisted parts the function used at its top; then write the
        functions its ``any``/``all`` were given (compiler/quantifier_loops.py)."""
        if self.body_start is not None and self.zone_locals.put_in_place(
                self.w.lines, self.body_start, self.HOISTED["zones"]):
            self.hoisted.discard("zones")
        line = self.hoisted_loads()
        if line is not None and self.body_start is not None:
            self.w.lines.insert(self.body_start, "    " + line)
            self.w.where.insert(self.body_start, self.w.where[self.body_start - 1])
        self.hoisted = set()
        self.fields_hoisted = {}
        self.families_hoisted = {}
        self.zone_locals = ZoneLocals()
        self.body_start = None
        helpers, self.helpers = self.helpers, []
        w = self.w
        for lines, span in helpers:  # (each in full: it wrote its own loads)
            w.region, w.span, w.depth = None, span, 0
            w("")
            for text in lines:
                w(text)

    def place_refusal_clauses(self) -> None:
        """Each choose's `where` clauses among the origins, after every other origin (the
        places a log line may come from keep their numbers: a saved game's lines keep them)."""
        for site, spans in self.refusal_clauses:
            site.refusal_ats = [self.origin(span) if span is not None else cast(int, site.at)
                                for span in spans]

    def flush_sites(self) -> None:
        for site, s, info in self.site_functions:
            write_site(self, site, s, info)
        self.site_functions = []
        for making, exprs in self.making_functions:
            making.make = self.top(ast.ListLit(exprs, span=exprs[0].span), making.slots, role="make")
        self.making_functions = []

    def making_site(self, kind: str | None, fields: Sequence[str],
                    exprs: list[ast.Expr]) -> tuple[str, list[int]]:
        """A ``MakingSite`` for values that draw chance: its constant's name, and the
        locals to keep with each card made there."""
        slots = sorted({slot for e in exprs for slot in free_slots(e)})
        site = MakingSite(len(self.makings), kind, list(fields), slots)
        self.makings.append(site)
        self.making_functions.append((site, exprs))
        return str(site.index), slots

    def top(self, expr: ast.Expr, params: Sequence[int] = (), role: str = "expr",
            advising: bool = False) -> Top:
        """A top-level expression as ``name(g, *params)``, params being global slots.
        ``advising``: read by bots only (the heuristic): its calls keep what they work out."""
        name = f"{role}_{next(self.counter)}"
        x = self.x
        x.slots, x.frame_slots, x.sure = {p: f"s{p}" for p in params}, False, frozenset()
        self.function(f"def {name}(g{''.join(f', s{p}' for p in params)}):")
        self.advising = advising and self.advice_copies
        saved, self.w.region = self.w.region, TOP_REGIONS.get(role, self.w.region)
        with self.w.at(expr.span):
            if self.advising:
                self.w("M = {}")
            self.w(f"return {x.expr(expr)}")
        self.w.region = saved
        self.advising = False
        self.w.depth = 0
        return Top(name)

    def hint_reader(self, fields: Sequence[str], var_fields: Sequence[str]) -> Top:
        """A function of a card's fixed fields, the game's var fields and the card's number
        giving its hints' arguments at once, where they read var fields too (a view reads
        them for every card it shows: one tuple written out, not a comprehension)."""
        name = f"hintargs_{next(self.counter)}"
        self.function(f"def {name}(f, cv, cid):")
        parts = [f"cv[{literal(n)}][cid]" if n in var_fields else f"f[{literal(n)}]"
                 for n in fields]
        self.w(f"return ({', '.join(parts)},)")
        self.w.depth = 0
        return Top(name)

    def called_fn(self, e: ast.Expr, lets: bool = False) -> ast.FnDecl | None:
        """The function of the rules ``e`` calls, whose body is then the call's value; None
        when ``e`` is no such call, or when the function has lets (unless ``lets``)."""
        if not (isinstance(e, ast.Call) and isinstance(e.ref, refs.Fn)):
            return None
        decl = self.program.fns.get(e.ref.name)
        return decl if decl is not None and (lets or not decl.lets) else None

    def memoizable(self, decl: ast.FnDecl) -> bool:
        """Whether a call's result may be kept for the same arguments while bots read the
        game (nothing changes meanwhile): it draws no chance and does not call itself."""
        return decl.name not in self.an.recursive_fns and not self.an.fn_chance.get(decl.name)

    def by_value(self, param: ast.Param) -> bool:
        """Whether a parameter's equal values are the same value to the function (a list,
        or a parameter of no declared type, is told apart by identity instead)."""
        plain = {"player", "cell", "bool", "text", *self.program.enums, *self.program.cards}
        return param.type is not None and param.type.of is None and param.type.name in plain

    def once_name(self, name: str) -> str:
        """The copy of a kept function without the memo, for a call whose entry no later
        call could find (compiler/advice_calls.py), written by ``write_once_copies``."""
        if name not in self.once_wanted:
            self.once_wanted.append(name)
        return "o" + self.fn_names[name]

    def write_once_copies(self) -> None:
        i = 0
        while i < len(self.once_wanted):  # (writing one may want another)
            self.advising = True
            self.write_fn(self.program.fns[self.once_wanted[i]], once=True)
            self.advising = False
            i += 1

    def write_fn(self, decl: ast.FnDecl, once: bool = False) -> None:
        x, w = self.x, self.w
        x.slots, x.frame_slots, x.sure = {}, False, frozenset()
        params = "".join(f", s{i}" for i in range(len(decl.params)))
        if once:
            self.function(f"def o{self.fn_names[decl.name]}(g, M{params}):",
                          f"fn {decl.name!r}, as bots' advice calls it once (no memo)")
        elif self.advising:  # the advice copy: see write_advice_fn
            self.function(f"def a{self.fn_names[decl.name]}(g, M{params}):",
                          f"fn {decl.name!r}, as bots' advice calls it")
        else:
            self.function(f"def {self.fn_names[decl.name]}(g{params}):", f"fn {decl.name!r}")
        w.fn = decl.name  # (its lines, and its any/all's helpers: a failure is told in it)
        counted = decl.name in self.an.recursive_fns
        kept = self.advising and self.memoizable(decl) and not once
        with w.at(decl.span):
            if kept:
                self.write_kept_call(decl)
            if kept or once:
                self.kept_in.start(len(decl.params))
                start = len(w.lines)
            if counted:
                w("g.depth += 1")
                w("if g.depth > 200:")
                with w.indent():
                    w("g.depth = 0")
                    w(f"raise Fail({literal(f'function {decl.name!r} calls itself without end')})")
                w(f"g.work += {self.an.own_cost(refs.Fn(decl.name))}")  # calls may branch
                w(OVER_BUDGET)
            for let in decl.lets:
                with w.at(let.span):
                    if loops_here(x, let.value):  # a comprehension: loops filling the list
                        write_loops(w, w, x, cast(ast.Comprehension, let.value), f"s{let.slot}")
                    else:
                        w(f"s{let.slot} = {x.expr(let.value)}")
            with w.at(decl.body.span):
                if counted:
                    w(f"result = {x.expr(decl.body)}")
                    w("g.depth -= 1")
                    w("return result")
                elif kept or once:
                    w(f"memo_value = {x.expr(decl.body)}")
                    starting, ending = self.kept_in.stop()
                    for line in ending:
                        w(line)
                    for line in reversed(starting):
                        w.lines.insert(start, "    " + line)
                        w.where.insert(start, w.where[start - 1])
                    if kept:
                        held = f", {self.memo_held}" if self.memo_held else ""
                        w(f"M[memo_key] = (memo_value, g.work - memo_work{held})")
                    w("return memo_value")
                else:
                    w(f"return {x.expr(decl.body)}")
        w.depth = 0

    def write_kept_call(self, decl: ast.FnDecl) -> None:
        """The start of a kept call (``memoizable``): a call made before with the same
        arguments returns what it returned, and counts the work it did again (``Game.work``
        decides when a bot's playouts stop: a decision searches as far with or without).
        An argument not kept by value (a list) is the same only if it is the same object:
        the entry holds it, so its identity is not reused while ``M`` lives (and nothing
        changes a value while bots read the game)."""
        w = self.w
        self.ns["memo_id"] = id
        parts = [f"s{i}" if self.by_value(p) else f"memo_id(s{i})"
                 for i, p in enumerate(decl.params)]
        held = [f"s{i}" for i, p in enumerate(decl.params) if not self.by_value(p)]
        self.memo_held = f"({''.join(h + ', ' for h in held)})" if held else ""
        w(f"memo_key = ({', '.join([literal(self.fn_names[decl.name]), *parts])},)")
        w("memo_hit = M.get(memo_key)")
        w("if memo_hit is not None:")
        with w.indent():
            w("g.work += memo_hit[1]")
            w(OVER_BUDGET)
            w("return memo_hit[0]")
        w("memo_work = g.work")

    def choice_site(self, s: ast.Choose, info: UnitInfo) -> str:
        """A ``choose``'s site: its functions of (g, L) are written after the unit."""
        an = self.an
        seats = s.each[1] if s.each is not None else None
        recomputable = not any(an.expr_chance(e) for e in (s.options, s.by, s.pass_if, seats)
                               if e is not None)
        element = s.options.ty.arg if s.options.ty and s.options.ty.name == "list" else None
        site = ChoiceSite(len(self.sites), s.slot, s.name, s.can_pass,
                          "seat" if element is not None and element.name == "seat" else None,
                          recomputable, s.prompt is not None and an.expr_chance(s.prompt),
                          s.pass_word[0] if s.pass_word is not None else "pass",
                          each_slot=s.each_slot, private=s.private, at=self.origin(s.span),
                          pass_confirm=s.pass_confirm[0] if s.pass_confirm else None)
        site.written = s.prompt if s.prompt is not None else ast.Lit(s.name, span=s.span)
        self.sites.append(site)
        self.site_functions.append((site, s, info))
        if isinstance(s.refusals, ast.ListLit):  # a clause each: [(option, reason)...]
            self.refusal_clauses.append((site, [item.span for item in s.refusals.items]))
        bound = self.constant(site, "site")
        self.per_rules[bound] = SitePart(site.index)
        self.site_of[id(s)] = (bound, site)
        return bound

    def write_unit(self, info: UnitInfo, body: list[ast.Stmt], params: int = 0,
                   trigger: ast.TriggerDecl | None = None) -> None:
        x, w = self.x, self.w
        x.slots, x.frame_slots, x.sure = {}, info.machine, self.an.sure_slots(info.decl)
        gen = UnitGen(self, info, info.machine)
        if not info.machine:
            args = "".join(f", s{i}" for i in range(params)) if trigger is None else ", zone, card"
            self.function(f"def {info.function}(g{args}):", info.name and repr(info.name), info.name)
            if trigger is not None:
                self.bind_trigger_locals(trigger)
            w.region = None  # a runaway count is reported at the caller's statement
            if info.deep:
                what = (f"rule {cast(ast.RuleDecl, info.decl).name!r} calls itself" if info.kind == "rule"
                        else f"{info.name} fires itself")
                w("g.rdepth += 1")
                w(f"if g.rdepth + len(g.frames) > 300: raise Fail({literal(what + ' without end')})")
            if info.counted:
                w(f"g.work += {self.an.cost(body)}")  # each run counts: calls may branch
                w(OVER_BUDGET)
            w.region = info.name
            gen.block_depth = 1
            gen.body(body)
            if info.deep:
                gen.line("g.rdepth -= 1")
            if not gen.written:
                w("pass")
            w.depth = 0
            return
        self.function(f"def {info.function}(g, F):", repr(info.name), info.name)
        w("L = F.L")
        w("pc = F.pc")
        w("while True:")
        w.depth = 2
        w("if pc == 0:")
        w.depth = gen.block_depth = 3
        gen.written = False
        gen.started.add(0)
        if info.counted:  # a rule calling itself, a trigger: each run counts (calls may branch)
            gen.line(f"g.work += {self.an.cost(body)}")
            gen.line(OVER_BUDGET)
        if info.kind in ("turn", "play") and self.lean:
            turn_start(self, info)
        if info.kind == "turn":
            with w.at(info.decl.span):
                gen.line("g.turn_number += 1" if self.lean else "g.turn_header()")
        info.returns = gen.new_block()
        self.machine_body(gen, info, body)
        gen.start_block(info.returns)
        with w.at(info.decl.span):
            if info.kind in ("rule", "trigger", "end"):
                gen.line("g.frames.pop()")
                gen.jump_line("return")
            elif info.kind == "setup":
                gen.line("g.end_setup()")
                gen.jump_line("return")
            elif info.kind == "play":
                gen.jump_line(f"g.finish('end', None, None, {self.origin(info.decl.span)})")
            else:  # a turn: the next player's, from the top
                gen.line("g.next_turn()")
                gen.goto(0)
        w.depth = 0
        if trigger is not None:
            self.write_binder(info, trigger)

    def machine_body(self, gen: UnitGen, info: UnitInfo, body: list[ast.Stmt]) -> None:
        if info.kind != "setup":
            gen.body(body)
            return
        # setup: a block boundary after the statements that draw no chance, where a
        # game may be snapshot (every later game with these options starts from it)
        prefix = 0
        while prefix < len(body) and not self.an.stmt_chance(body[prefix]):
            prefix += 1
        gen.body(body[:prefix])
        # (a setup that draws at once has its snapshot before it: the options, layout and
        # variables are then worked out once, not again for every game)
        k = gen.resume_block()
        gen.line(f"F.pc = {k}")
        gen.line("g.checkpoint()")
        gen.start_block(k)
        gen.body(body[prefix:])

    def bind_trigger_locals(self, decl: ast.TriggerDecl) -> None:
        """A trigger's pattern: bind its key names, test its key values (or leave)."""
        w, x = self.w, self.x
        single = len(self.program.zones[decl.zone].keys) <= 1
        if decl.binders:
            w("k = zone.key")
        for binder in decl.binders:
            key = "k" if single else f"k[{binder.index}]"
            if binder.binds is not None:
                w(f"{x.slot(binder.binds)} = {key}")
            elif binder.equals is not None:
                with w.at(binder.equals.span):
                    w(f"if {x.expr(binder.equals)} != {key}: "
                      f"return {'None' if x.frame_slots else ''}".rstrip())
        if decl.card_slot is not None:
            w(f"{x.slot(decl.card_slot)} = card")

    def write_binder(self, info: UnitInfo, decl: ast.TriggerDecl) -> None:
        self.function(f"def bind_{info.function}(g, zone, card):", None, None)
        self.w(f"L = [None] * {info.nslots}")
        self.bind_trigger_locals(decl)
        self.w("return L")
        self.w.depth = 0
