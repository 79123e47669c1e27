"""Expressions to Python source.

Each expression becomes one Python expression over ``g`` (the game) and the unit's
local variables: ``s3`` in code that cannot pause, ``L[3]`` (the frame's slots, saved
with the game) in code that can. Names were resolved by the checker, so nothing is
looked up by scope at run time. Values that are not literals (enum members, tables
of builtins) are module-level names the compiler binds (``k4``, ``b_size``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.compiler.advice_calls import advice_call
from interpreter.compiler.builtin_calls import BuiltinCalls
from interpreter.compiler.comprehension_code import Comprehensions
from interpreter.compiler.comprehension_loops import LoopParts
from interpreter.compiler.expr_shapes import (
    BOOL_BUILTINS,
    EACH_CHARGED,
    FLAT,
    GUARANTEED_BOOL,
    SMALL,
    equality,
    items_may_nest,
    literal_bound,
    long_text,
    may_nest,
    seats_of,
    simple,
)
from interpreter.compiler.inline import Inliner, LambdaArg, Memo
from interpreter.compiler.messages import Messages
from interpreter.compiler.quantifier_loops import quantifier
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from interpreter.runtime.builtin_functions import IMPLEMENTATIONS
from interpreter.runtime.values import PLAYER_SEATS
from rulelang.language import ast, refs
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.compiler.module_builder import ModuleBuilder
    from interpreter.compiler.reuse import Reuse

UNROLL_MEMBERS = 8  # any/all over an enum of at most this many members is written out


class ExprGen(Comprehensions, Inliner, BuiltinCalls, Messages):
    def __init__(self, module: ModuleBuilder) -> None:
        self.m = module  # the module being written: names, analysis, program
        self.slots: dict[int, str] = {}
        # id of a rule's call -> the local its value was kept in (rule_calls.py: written first)
        self.rule_values: dict[int, str] = {}
        self.in_literal = False  # writing the items of a list or tuple literal
        self.frame_slots = False  # slots not in ``slots`` are L[i] (True) or s{i} (False)
        self.suffix = ""  # added to bound names inside a function written out (inline.py)
        self.types: dict[int, Type] = {}  # slot -> its type, where known better than checked (inline.py)
        self.lambdas: dict[int, LambdaArg] = {}  # slot -> a lambda argument of a function written out
        self.in_iterable = False  # writing a comprehension's iterable (no ``:=`` there)
        self.in_lambda = 0  # writing a lambda's body (a ``:=`` there binds the lambda's name)
        self.in_comprehension = 0  # writing a comprehension (a ``:=`` there makes a cell)
        self.kept_calls: Memo | None = None  # a comprehension's, in an advice copy (KeptIn.hoisted)
        self.memo: Memo | None = None  # writing a comprehension's condition: what it may work out once
        self.present: frozenset[str] = frozenset()  # names bound to a zone's cards: never none
        self.sure: frozenset[int] = frozenset()  # the unit's slots none of whose bindings is none
        self.cell_keys: dict[str, str] = {}  # see BuiltinCalls.grid_read
        self.small: dict[str, int] = {}  # a name bound to small numbers written in the rules: how large
        self.reuse: Reuse | None = None  # a direct form's calls kept (reuse.py)
        self.loop_parts: LoopParts | None = None  # the last comprehension written, as loops

    # ------------------------------------------------------------ slots
    def slot(self, i: int) -> str:
        name = self.slots.get(i)
        if name is not None:
            return name
        return f"L[{i}]" if self.frame_slots else f"s{i}"

    def sure_local(self, e: ast.Expr) -> bool:
        """Is ``e`` a local of the unit none of whose bindings is none (``sure``), read as
        itself (not a function's parameter written out, nor a lambda's given an argument)?"""
        if not (isinstance(e, ast.Name) and isinstance(e.ref, refs.Local)) or self.suffix:
            return False
        slot = e.ref.slot
        return slot in self.sure and self.slot(slot) in (f"s{slot}", f"L[{slot}]")

    def bind(self, i: int) -> str:
        """A fresh Python name for a slot bound inside an expression (lambda, comprehension)."""
        name = f"s{i}{self.suffix}"
        self.slots[i] = name
        if self.reuse is not None:
            self.reuse.bound.add(name)
        return name

    # ------------------------------------------------------------ entry points
    def expr(self, e: ast.Expr) -> str:
        code: str = getattr(self, "x_" + type(e).__name__)(e)
        return code

    def truth(self, e: ast.Expr) -> str:
        """An expression used as a condition: only whether it is true matters, so the
        sides of an ``and``/``or`` need not be made True or False first."""
        if isinstance(e, ast.BoolOp):
            return f"({self.truth(e.left)} {e.op} {self.truth(e.right)})"
        return self.expr(e)

    def as_bool(self, e: ast.Expr) -> str:
        code = self.expr(e)
        if isinstance(e, GUARANTEED_BOOL) or (isinstance(e, ast.Lit) and isinstance(e.value, bool)) \
                or (isinstance(e, ast.Call) and e.ref in BOOL_BUILTINS):
            return code
        return f"bool({code})"

    def bounded_source(self, e: ast.Expr) -> str | None:
        """The players, the seats or an enum's members: a list that never changes and is
        never long (no copy, no count), or None."""
        if isinstance(e, ast.Name):
            match e.ref:
                case refs.Enum(name):
                    return self.m.enum_list(name)
                case refs.Builtin("players"):
                    return "g.players"
                case refs.Builtin("seats"):
                    return "g.seats"
                case refs.Builtin("directions"):
                    return "DIRECTIONS"
        return None

    def fresh(self, e: ast.Expr) -> bool:
        """Is the value a list made just now (nothing else holds it)?"""
        return isinstance(e, (ast.ListLit, ast.Comprehension, ast.Range))

    def cards_of(self, e: ast.Expr) -> str:
        """What iterating over the value gives, as a list (a zone's cards are the live list)."""
        bounded = self.bounded_source(e)
        if bounded is not None:
            return bounded
        code = self.expr(e)
        ty = self.ty_of(e)
        t = ty.name if ty is not None else "any"
        if t == "zone" and SHORTCUTS.zone_cards:
            return f"{self.m.hoist('zc')}[{code}.i]"
        if t == "list":
            return code
        return f"as_list(g, {code})"

    def renderer(self, e: ast.Expr) -> str:
        """The value as text, as rules print it: seats as P1, cells as E5."""
        code, seats = self.expr(e), seats_of(e.ty)
        if seats == "one":  # a seat knows its name; none and stray numbers ask the game
            if simple(code) and SHORTCUTS.texts:
                return f"({code}.name if type({code}) is Seat else g.seat_name({code}))"
            return f"g.seat_name({code})"
        if e.ty is not None and e.ty.name == "enum" and simple(code) and SHORTCUTS.texts:
            return f"({code}.name if type({code}) is EnumValue else text_of({code}))"
        if seats == "list":
            return f"seat_names(g, {code}, True)"
        if e.ty is not None and e.ty.name == "int":
            if simple(code) and SHORTCUTS.texts:  # a number: str, no call (a seat prints as one)
                return f"(str({code}) if type({code}) is int else int_text({code}))"
            return f"int_text({code})"
        if e.ty is not None and e.ty.name == "text" and isinstance(e, (ast.Text, ast.Lit)):
            return code
        if may_nest(e.ty):  # a list's text can be long: counted
            return f"text_counted(g, text_of({code}))"
        return f"text_of({code})"

    # ------------------------------------------------------------ leaves
    def x_Lit(self, e: ast.Lit) -> str:
        return literal(e.value)

    def x_Text(self, e: ast.Text) -> str:
        pieces = [literal(p) if isinstance(p, str) else self.renderer(p) for p in e.parts]
        if len(pieces) == 1:
            return pieces[0]
        long = sum(map(long_text, e.parts))
        if long == 0:  # numbers, seats, names: a few characters each
            return "(" + " + ".join(pieces) + ")"
        if long == 1:  # one text from outside: a little longer, made anew: counted by size
            return "text_counted(g, " + " + ".join(pieces) + ")"
        return f"joined(g, ({', '.join(pieces)},))"  # lengths added up before joining

    def x_Name(self, e: ast.Name) -> str:
        match e.ref:
            case refs.Local(slot):
                return self.slot(slot)
            case refs.Var(name):
                return f"{self.m.hoist('vars')}[{literal(name)}]"
            case refs.Zone(name) | refs.ZoneFamily(name):
                return self.m.zone_locals.named(name, self.m.hoist("zones"))
            case refs.Const(name) | refs.Option(name):
                return f"g.consts[{literal(name)}]"
            case refs.Member(enum, name):
                return self.m.member(enum, name)
            case refs.Enum(name):
                return f"list({self.m.enum_list(name)})"
            case refs.Table(name):
                return f"g.tables[{literal(name)}]"
            case refs.Dummy(name):
                return f"g.dummies.get({literal(name)})"
            case refs.Seat(index):  # P1, P2...: a game may have fewer players than the rules allow
                seat = f"seat_P{index + 1}"
                self.m.ns[seat] = PLAYER_SEATS[index]
                if index < self.m.program.min_players:
                    return seat
                return f"({seat} if g.nplayers > {index} else no_seat(g, {index}))"
            case refs.Builtin(name):
                return {"current": "g.current", "player_count": "g.nplayers",
                        "players": "list(g.players)", "directions": "list(DIRECTIONS)"
                        }.get(name, "list(g.seats)")
        raise AssertionError(f"unresolved name {e.id}: {e.ref}")

    # ------------------------------------------------------------ compound
    def x_Attr(self, e: ast.Attr) -> str:
        ref = e.ref
        if isinstance(ref, refs.Member):
            return self.m.member(ref.enum, ref.name)
        obj, name = self.expr(e.obj), e.name
        if isinstance(ref, refs.Dynamic) and self.m.field_place(self.ty_of(e.obj), name) != "any":
            ref = refs.Field(name)  # a card's field after all: an argument of a function written out
        if isinstance(ref, refs.Field):
            where, inline = self.m.field_place(self.ty_of(e.obj), name), SHORTCUTS.fields
            # a card of a zone, or a local never none (none_facts.py): no check for none
            known = inline and (obj in self.present or self.sure_local(e.obj))
            if where == "fixed":
                if known:
                    return f"{obj}.f[{literal(name)}]"
                if inline and simple(obj):
                    return f"({obj}.f[{literal(name)}] if {obj} is not None else no_field({literal(name)}))"
                return f"field({obj}, {literal(name)})"
            if where == "var":
                if known:
                    return f"{self.m.field_list(name)}[{obj}.id]"
                if inline and simple(obj):
                    return (f"({self.m.field_list(name)}[{obj}.id] if {obj} is not None "
                            f"else no_field({literal(name)}))")
                return f"var_field(g, {obj}, {literal(name)})"
            return f"any_field(g, {obj}, {literal(name)})"
        if isinstance(ref, refs.Column):
            return f"{obj}[{literal(name)}]"
        if isinstance(ref, refs.CellPart):
            return f"{obj}[{literal(ref.index)}]"
        if simple(obj) and SHORTCUTS.fields:  # most often a card's fixed field: read with no call
            key = literal(name)
            return (f"({obj}.f[{key}] if type({obj}) is Card and {key} in {obj}.f "
                    f"else dynamic_attr(g, {obj}, {key}))")
        return f"dynamic_attr(g, {obj}, {literal(name)})"

    def x_Index(self, e: ast.Index) -> str:
        keys = [self.expr(a) for a in e.args]
        key = keys[0] if len(keys) == 1 else "(" + ", ".join(keys) + ")"
        if isinstance(e.ref, refs.ZoneFamily):
            return f"{self.m.zone_locals.named(e.ref.name, self.m.hoist('zones'))}[{key}]"
        if isinstance(e.ref, refs.VarFamily):
            return f"{self.m.family_table(e.ref.name)}[{key}]"
        return f"item(g, {self.expr(e.obj)}, {keys[0]})"

    def x_Call(self, e: ast.Call) -> str:
        ref = e.ref
        if isinstance(ref, refs.Rule):  # called already, before its let or assignment
            return self.rule_values[id(e)]
        if isinstance(ref, refs.LocalFn):
            lam = self.lambdas.get(ref.slot)
            if lam is not None:
                return self.apply_lambda(lam, e.args[0])
            return f"{self.slot(ref.slot)}({self.expr(e.args[0])})"
        assert isinstance(ref, (refs.Fn, refs.Builtin)), ref
        name = ref.name  # a function of the rules (refs.Fn) or of the language (refs.Builtin)
        if isinstance(ref, refs.Builtin) and name in ("any", "all") and len(e.args) == 1 \
                and isinstance(e.args[0], ast.Comprehension) and not self.m.an.expr_chance(e.args[0]):
            # stops at the first item that decides (nothing is drawn by chance in it, so
            # the items not looked at would have changed nothing)
            return quantifier(self, name, e.args[0])
        if isinstance(ref, refs.Builtin) and name == "knows" and len(e.args) == 2 \
                and isinstance(e.args[1], ast.Attr) \
                and isinstance(e.args[1].ref, (refs.Field, refs.Dynamic)):
            # knows(p, c.FIELD): whether p knows that field (the field itself is not read; a
            # value of no known type, as an untyped parameter, is asked as a card all the same)
            field = e.args[1]
            return f"b_knows(g, {self.expr(e.args[0])}, {self.expr(field.obj)}, {literal(field.name)})"
        if isinstance(ref, refs.Builtin):
            whole = self.before_arguments(name, e.args)
            if whole is not None:
                return whole
        args = [self.lambda_(a) if isinstance(a, ast.Lambda) else self.expr(a) for a in e.args]
        each = sum(self.m.an.cost(a.body) for a in e.args if isinstance(a, ast.Lambda))
        if each >= EACH_CHARGED:  # a function run on each item: its work counted
            args[0] = f"counted(g, {self.cards_of(e.args[0])}, {each})"
        if isinstance(ref, refs.Fn):
            inlined = None if each >= EACH_CHARGED \
                else self.inline_call(name, e.args, args, e.span)
            if inlined is not None:
                return inlined
            if self.m.advising:  # an advice copy keeps its results in M (advice_calls.py)
                return advice_call(self, e, name, args)
            called = f"{self.m.fn_name(name)}(g{''.join(', ' + a for a in args)})"
            self.m.w.call(called, e)
            return called
        if name == "text" and len(args) == 1:
            return self.renderer(e.args[0])
        if name == "join" and seats_of(e.args[0].ty) == "list":
            sep = args[1] if len(args) > 1 else "', '"
            return f"seat_join(g, {args[0]}, {sep})"
        if name == "random" and len(e.args) <= 2 and self.picks_from_list(e.args[0]) \
                and SHORTCUTS.random_picks:
            label = args[1] if len(args) > 1 else "'random'"
            if len(e.args) == 1 or isinstance(e.args[1], ast.Lit):  # the list first, as a call would
                return f"g.chance_pick({label}, {self.drawn_from(e.args[0], args[0])})"
        if name == "empty" and len(e.args) == 1 and self.grid_read_of(e.args[0]):
            return f"(not {args[0][len('list('):-1]})"  # the cards there need no copy
        fast = self.grid_read_in_place(name, e.args, args) \
            or self.fast_builtin(name, e.args, args) or self.extreme_of_two(name, e.args, args) \
            or self.flat_builtin(name, e.args, args) or self.grid_read(name, e.args, args) \
            or self.flanking_empty(name, e.args, args) or self.flanked_cards(name, e.args, args) \
            or self.next_seat(name, args)
        if fast is not None:
            return fast
        if name not in IMPLEMENTATIONS:
            raise AssertionError(f"no builtin {name}")
        return f"b_{name}(g{''.join(', ' + a for a in args)})"

    def lambda_(self, e: ast.Lambda, message: bool = False) -> str:
        """``e`` as a Python lambda; ``message``: its body a text given as message parts
        (cards kept as cards, rendered later for the one who reads it)."""
        return "(lambda {}: {})".format(*self.lambda_parts(e, message))

    def lambda_parts(self, e: ast.Lambda, message: bool = False) -> tuple[str, str]:
        """A lambda's parameter's name and its body's code (``message``: as ``lambda_``)."""
        saved, saved_memo, saved_present = dict(self.slots), self.memo, self.present
        saved_small = self.small
        param = self.bind(e.slot)
        self.small = {k: v for k, v in self.small.items() if k != param}
        self.memo = None  # its body runs for each value it is given: nothing kept there
        self.present = self.present - {param}
        saved_kept, self.kept_calls, self.in_lambda = self.kept_calls, None, self.in_lambda + 1
        if self.reuse is not None:
            self.reuse.blocked += 1  # no ``:=`` in a lambda: it would bind the lambda's own
        try:
            body = self.message(e.body) if message else self.expr(e.body)
        finally:
            self.kept_calls, self.in_lambda = saved_kept, self.in_lambda - 1
            if self.reuse is not None:
                self.reuse.blocked -= 1
        self.slots, self.memo, self.present, self.small = saved, saved_memo, saved_present, saved_small
        return param, body

    def x_Lambda(self, e: ast.Lambda) -> str:
        raise AssertionError("lambdas are compiled as arguments")

    def x_BinOp(self, e: ast.BinOp) -> str:
        op, lt, rt = e.op, e.left.ty.name, e.right.ty.name
        if op == "+" and "text" in (lt, rt):
            return f"text_counted(g, {self.renderer(e.left)} + {self.renderer(e.right)})"
        a, b = self.expr(e.left), self.expr(e.right)
        if lt == "list" or rt == "list":
            if op == "+":
                made = f"list_plus(g, {a}, {b})"
                # (two lists of items of two types, each no list: neither are the items of
                # both, though the checker types them as anything)
                nest = items_may_nest(e.ty) and (
                    not SHORTCUTS.joined_items or items_may_nest(e.left.ty)
                    or items_may_nest(e.right.ty))
                return f"{self.weigher(e.ty)}(g, {made})" if nest else made
            if op == "-":
                return f"list_minus(g, {a}, {b})"
        # a step of a small number (written in the rules, or a name bound to such) is not
        # checked, by the language's rule (docs/language.md, "Limits"): it cannot carry a
        # number far past the bound, as doubling could
        small = self.bound_of(e.left) is not None or self.bound_of(e.right) is not None
        operation = self.m.w.operation
        if op in ("+", "-"):
            operation(f"{a} {op} {b}", e, e.left, e.right)
        if op == "+":
            if lt in ("int", "seat") and rt in ("int", "seat"):
                return f"({a} + {b})" if small else f"number({a} + {b})"
            if items_may_nest(e.left.ty) and items_may_nest(e.right.ty):  # lists, maybe
                return f"weighed(g, bounded({a} + {b}))"
            return f"bounded({a} + {b})"
        if op == "-":
            return f"({a} - {b})" if small else f"number({a} - {b})"
        plain = op == "*" and self.small_product(e)
        if op == "*":
            code = f"{a} * {b}" if plain else f"times(g, {a}, {b})"
        else:
            code = f"{'divide' if op == '/' else 'modulo'}({a}, {b})"
        operation(code, e, e.left, e.right)  # (a helper's call: failed in it, told here)
        return f"({code})" if plain else code

    def bound_of(self, e: ast.Expr) -> int | None:
        """How large a whole number this may be, when known small: a number written in the
        rules, a name a comprehension binds to one of a list of them, products and sums of
        such (``2 * dx``); else None."""
        if isinstance(e, ast.Name) and isinstance(e.ref, refs.Local):
            return self.small.get(self.slot(e.ref.slot))
        if isinstance(e, ast.BinOp) and e.op in ("*", "+", "-") and e.left.ty is not None \
                and e.right.ty is not None and e.left.ty.name == "int" and e.right.ty.name == "int":
            a, b = self.bound_of(e.left), self.bound_of(e.right)
            if a is None or b is None:
                return None
            found = a * b if e.op == "*" else a + b
            return found if found <= SMALL else None
        return literal_bound(e) if isinstance(e, (ast.Lit, ast.Neg)) else None

    def small_product(self, e: ast.BinOp) -> bool:
        """A product of two small whole numbers (``2 * dx``, ``dx`` taken from a list of
        numbers written in the rules, never none): never too large, so no check."""
        return self.bound_of(e) is not None

    def compared(self, e: ast.Expr) -> str:
        """A side of a comparison. A sum or difference there is not bounded: it is only
        compared, never kept (bounding is for values that could be doubled again; the
        language's rule, docs/language.md, "Limits")."""
        if isinstance(e, ast.BinOp) and e.op in ("+", "-") and e.left.ty.name in ("int", "seat") \
                and e.right.ty.name in ("int", "seat"):
            code = f"{self.expr(e.left)} {e.op} {self.expr(e.right)}"
            self.m.w.operation(code, e, e.left, e.right)
            return f"({code})"
        return self.expr(e)

    def x_Compare(self, e: ast.Compare) -> str:
        assert e.op in ("==", "!=", "<", "<=", ">", ">="), e.op
        a, b = self.compared(e.left), self.compared(e.right)
        if e.op in ("==", "!=") and b == "None":  # no runtime value equals none but none
            return f"({a} {'is' if e.op == '==' else 'is not'} None)"
        lty, rty = self.ty_of(e.left), self.ty_of(e.right)
        if e.op in ("==", "!=") and any(t is not None and t.name == "enum" for t in (lty, rty)) \
                and SHORTCUTS.comparisons:
            # an enum member is equal only to itself (each is made once per ruleset), and
            # `is` skips the comparison slot its ordering methods give it (~7x slower)
            return f"({a} {'is' if e.op == '==' else 'is not'} {b})"
        if may_nest(lty) and may_nest(rty):  # two lists: the work counted
            if e.op in ("==", "!="):
                test = equality(a, b)
                return test if e.op == "==" else f"(not {test})"
            return f"(order(g, {a}, {b}) {e.op} 0)"
        # none in an ordering is reported by the error mapper, at this comparison
        self.m.w.operation(f"{a} {e.op} {b}", e, e.left, e.right, compares=True)
        return f"({a} {e.op} {b})"

    def x_In(self, e: ast.In) -> str:
        item, coll = self.expr(e.item), self.expr(e.coll)
        if isinstance(e.coll, ast.Name) and isinstance(e.coll.ref, refs.Enum) and SHORTCUTS.membership:
            coll = self.m.enum_list(e.coll.ref.name)  # only asked: the members' own list, no copy
            if SHORTCUTS.member_sets:  # one look in a set of them, not a comparison each
                test = f"in_members(g, {item}, {coll}, {self.m.enum_set(e.coll.ref.name)})"
                return f"(not {test})" if e.negated else test
        t = e.coll.ty.name if e.coll.ty else "any"
        helper = {"zone": "in_zone", "family": "in_family"}.get(t, "in_any")
        if t == "list" and e.item.ty is not None and e.item.ty.name in FLAT \
                and SHORTCUTS.membership:
            helper = "in_list"
        if helper == "in_list" and self.m.advising:  # the same list asked again: as a set
            test = self.m.kept_in.test(item, coll, e.item.ty, self) or f"in_kept(g, M, {item}, {coll})"
        else:
            test = f"{helper}(g, {item}, {coll})"
        return f"(not {test})" if e.negated else test

    def x_Is(self, e: ast.Is) -> str:
        obj = self.expr(e.obj)
        return f"is_kind({obj}, {literal(e.kind)})"

    def x_BoolOp(self, e: ast.BoolOp) -> str:
        assert e.op in ("and", "or"), e.op
        return f"({self.as_bool(e.left)} {e.op} {self.as_bool(e.right)})"

    def x_Not(self, e: ast.Not) -> str:
        return f"(not {self.truth(e.operand)})"

    def x_Neg(self, e: ast.Neg) -> str:
        code = f"-{self.expr(e.operand)}"
        self.m.w.operation(code, e, e.operand)
        return f"({code})"

    def x_Range(self, e: ast.Range) -> str:
        return f"number_range({self.expr(e.lo)}, {self.expr(e.hi)})"

    def x_IfExpr(self, e: ast.IfExpr) -> str:
        then = self.expr(e.then)
        with self.m.w.condition_after(e.then.span):  # (Python writes it after the then)
            cond = self.truth(e.cond)
        return f"({then} if {cond} else {self.expr(e.other)})"
