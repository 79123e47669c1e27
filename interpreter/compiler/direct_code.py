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

Calls are counted as the machines count them: a direct rule's call is one more on
``g.rdepth`` (a machine's is one more frame), so "calls itself without end" comes at the
same depth, and triggers run from ``after()`` hold the place their waiting frames held.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from interpreter.compiler.expr import ExprGen
from interpreter.compiler.lean_code import OfferKind, lean_prompt, offer_kind, shown_zone
from interpreter.compiler.reuse import Reuse
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


# sources whose items are distinct values: iterating them, a comprehension that keeps its
# items as they are (``[p for p in Pile if ...]``) makes a list of distinct values
_DISTINCT_NAMES = (refs.Builtin("players"), refs.Builtin("seats"))
# builtins that make a new list of distinct values at every call
_MADE_BY_BUILTINS = (refs.Builtin("others"), refs.Builtin("empty_cells"), refs.Builtin("occupied"))
_DISCLOSE = refs.Builtin("disclose")  # gives its list as it is (what the checker reads)
MADE_DISTINCT = True  # a switch, as the compiler's shortcuts are (test_lean_made_distinct.py)


def made_distinct(m: ModuleBuilder, e: ast.Expr, depth: int = 0) -> bool:
    """Do the options ``e`` always make a new list of distinct values (so a direct choose
    among them has nothing to merge, nor a list to copy: ``LeanGame.pick_made``)? Known
    from the expression's form alone: a range; literals, or members, that differ; the items
    of a range, an enum, the seats or another such list, picked by a condition; either of
    two such lists; a function of the rules whose body is one."""
    if not MADE_DISTINCT or depth > 8:
        return False
    if isinstance(e, ast.Range):
        return True
    if isinstance(e, ast.ListLit):
        keys = [_literal_key(i) for i in e.items]
        return None not in keys and len(set(keys)) == len(keys)
    if isinstance(e, ast.IfExpr):
        return made_distinct(m, e.then, depth + 1) and made_distinct(m, e.other, depth + 1)
    if isinstance(e, ast.BinOp) and e.op == "+":  # two such lists that share no literal
        left, right = _literal_keys(e.left), _literal_keys(e.right)
        return left is not None and right is not None and not left & right \
            and made_distinct(m, e.left, depth + 1) and made_distinct(m, e.right, depth + 1)
    if isinstance(e, ast.Comprehension):
        if not ExprGen.picks(e):  # (its items as they are)
            return False
        source = e.fors[0].iter
        return (isinstance(source, ast.Name) and (isinstance(source.ref, refs.Enum)
                                                  or source.ref in _DISTINCT_NAMES)) \
            or made_distinct(m, source, depth + 1)
    if isinstance(e, ast.Call):
        if e.ref in _MADE_BY_BUILTINS:
            return True
        if e.ref == _DISCLOSE and len(e.args) == 1:  # (its list, as it is)
            return made_distinct(m, e.args[0], depth + 1)
        if isinstance(e.ref, refs.Fn):
            decl = m.program.fns[e.ref.name]
            return not decl.lets and made_distinct(m, decl.body, depth + 1)
    return False


def members_or_numbers(m: ModuleBuilder, e: ast.Expr, depth: int = 0) -> bool:
    """Are the options ``e`` (a list of any values, to the checker) a ``+`` of a new list
    of distinct members of an enum and a new list of distinct numbers, either first
    (``[c for c in Colour if ...] + [r for r in 1..5 if ...]``), or a function of the rules
    whose body is one? No two such values are alike, nor named alike (a member is named by
    its name, a word; a number by its digits), so a direct choose among them has nothing to
    merge: ``LeanGame.pick_made``, as for a list of distinct values of one type."""
    if depth > 8:
        return False
    if isinstance(e, ast.Call):
        if e.ref == _DISCLOSE and len(e.args) == 1:
            return members_or_numbers(m, e.args[0], depth + 1)
        if isinstance(e.ref, refs.Fn):
            decl = m.program.fns[e.ref.name]
            return not decl.lets and members_or_numbers(m, decl.body, depth + 1)
        return False
    if not (isinstance(e, ast.BinOp) and e.op == "+"):
        return False
    items = {_items_of(e.left.ty), _items_of(e.right.ty)}
    return items == {"enum", "int"} and made_distinct(m, e.left, depth + 1) \
        and made_distinct(m, e.right, depth + 1)


def _items_of(ty: Any) -> str | None:
    """The name of the type of a list's items (None: not a list the checker typed)."""
    if ty is None or ty.name != "list" or ty.arg is None:
        return None
    return str(ty.arg.name)


def _literal_keys(e: ast.Expr) -> set[object] | None:
    """Every literal (``_literal_key``) a list written out of literals may hold: of a list
    literal, of either side of an ``if``, of both sides of a ``+``; None for anything else."""
    if isinstance(e, ast.ListLit):
        keys = {_literal_key(i) for i in e.items}
        return None if None in keys else keys
    if isinstance(e, (ast.IfExpr, ast.BinOp)):
        sides = (e.then, e.other) if isinstance(e, ast.IfExpr) else (e.left, e.right)
        if isinstance(e, ast.BinOp) and e.op != "+":
            return None
        left, right = _literal_keys(sides[0]), _literal_keys(sides[1])
        return None if left is None or right is None else left | right
    return None


def _literal_key(e: ast.Expr) -> object:
    """A literal's value with its type (True and 1 are not the same option), an enum
    member's name; None for anything else."""
    if isinstance(e, ast.Lit) and type(e.value) in (bool, int, str):
        return type(e.value), e.value
    if isinstance(e, ast.Name) and isinstance(e.ref, refs.Member):
        return e.ref
    return None


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
        options = x.cards_of(s.options)
        # (texts are named by themselves, as distinct values are: a new list of distinct
        # literals holds no none, which alone is named otherwise)
        made = passing == "False" and (
            (kind in (OfferKind.DISTINCT, OfferKind.TEXTS) and made_distinct(self.m, s.options))
            or (kind is OfferKind.ANY and MADE_DISTINCT and members_or_numbers(self.m, s.options)))
        if made and isinstance(s.options, ast.Range):  # a range of numbers: no list made of it
            options = x.drawn_from(s.options, options)
        rest = f"{site_name}, {seat}, {passing}, {prompt}, {options}"
        if kind is OfferKind.CARDS:  # the offer and the pick in one call
            zone = shown_zone(self, s.options)
            self.line(f"{x.slot(s.slot)} = g.pick_cards({rest}{'' if zone == 'None' else ', ' + zone})")
        elif made:
            self.line(f"{x.slot(s.slot)} = g.pick_made({rest})")  # nothing to merge or copy
        elif kind in WRITTEN_OUT:
            self.line(f"{x.slot(s.slot)} = g.{WRITTEN_OUT[kind]}({rest})")
        else:
            self.line(f"{x.slot(s.slot)} = g.direct_choose(g.{kind.value}, {rest})")

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
    x.reuse = None if m.advising else Reuse(w, m.program, m.counter)
    try:
        gen.body(body)
    finally:
        if x.reuse is not None:
            x.reuse.finish()
        x.reuse = None
    if info.kind == "rule":
        gen.line("g.rdepth -= 1")
    if not gen.written:
        w("pass")
    w.depth = 0
