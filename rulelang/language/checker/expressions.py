"""Resolving names and typing expressions (half of the checker).

Each expression node gets ``ty`` (its static type) and ``ref`` (what it refers
to), which is all the interpreter needs to compile it.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

import attrs

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.checker.calls import CallChecker
from rulelang.language.checker.constants import UNKNOWN, fold, shown
from rulelang.language.checker.keys_written import check_split_keys, pairs_by_seat
from rulelang.language.checker.param_types import untyped_operand
from rulelang.language.checker.seats import arithmetic_hint, compare_hint, mismatch_hint
from rulelang.language.errors import Span, suggest
from rulelang.language.traversal import part_fields

_N = TypeVar("_N", bound=ast.Node)

BUILTIN_VALUES: dict[str, T.Type] = {
    "players": T.list_of(T.SEAT),
    "seats": T.list_of(T.SEAT),
    "player_count": T.INT,
    "current": T.SEAT,
    "directions": T.list_of(T.Type("tuple", (T.INT, T.INT))),
}


def without_positions(node: _N) -> _N:
    """A copy of a checked expression with no source positions (not to be shown as written)."""
    changes: dict[str, Any] = {"span": None}
    for name in part_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, ast.Node):
            changes[name] = without_positions(value)
        elif isinstance(value, list):
            changes[name] = [without_positions(v) if isinstance(v, ast.Node) else v
                             for v in value]
    # a node class is attrs-made through ast.node, which mypy's attrs plugin does not know
    return attrs.evolve(node, **changes)  # type: ignore[misc]


def _should_be(want: T.Type) -> str:
    return "true or false" if want == T.BOOL else T.spoken(want)


def _listed(names: Iterable[str], most: int = 12) -> str:
    """Names for a hint: the first ``most`` of them, then how many more."""
    names = list(names)
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


# a type written where a value is wanted (choose yes in bool): the values it means, written out
TYPES_AS_VALUES = {
    "bool": "yes or no is the list [false, true]: choose yes in [false, true]",
    "int": "numbers are a range, 1..6, or a list, [1, 2, 3]: choose n in 1..6",
}
# names other languages give values rulelang spells its own way (asked only of a name that is
# neither declared nor built in)
OTHER_LANGUAGES_NAMES = {
    "True": "true", "False": "false", "TRUE": "true", "FALSE": "false",
    "None": "none", "null": "none", "nil": "none", "NULL": "none", "undefined": "none",
}
# words of rulelang that are no value, read where a value was wanted: what to write instead
KEYWORDS_AS_NAMES = {
    "turn": "the rules keep no count of turns of their own: declare one, var turns: int = 0, "
            "and write turns += 1 in turn { ... }",
    "option": "an option is read by its own name: option rounds: int = 3 is read as rounds",
    "var": "a variable is read by its own name: var n: int = 0 is read as n",
}


@attrs.frozen
class LocalName:
    """A local name as a block knows it."""
    slot: int
    type: T.Type
    mutable: bool


class Scope:
    """Local names of one block: name -> ``LocalName``."""

    def __init__(self, unit: Unit, parent: Scope | None = None) -> None:
        self.unit, self.parent = unit, parent
        self.names: dict[str, LocalName] = {}

    def lookup(self, name: str) -> LocalName | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def all_names(self) -> set[str]:
        scope: Scope | None = self
        names: set[str] = set()
        while scope is not None:
            names |= set(scope.names)
            scope = scope.parent
        return names

    def bind(self, name: str, ty: T.Type, mutable: bool = True) -> int:
        slot = self.unit.new_slot()
        self.names[name] = LocalName(slot, ty, mutable)
        return slot

    def child(self) -> Scope:
        return Scope(self.unit, self)


class Unit:
    """A piece of code with its own frame of local slots: a rule, a function, a block."""

    def __init__(self, name: str, kind: str) -> None:
        self.name, self.kind, self.nslots = name, kind, 0
        self.untyped: dict[str, int] = {}  # a function's parameters of no type: name -> slot

    def new_slot(self) -> int:
        self.nslots += 1
        return self.nslots - 1


class ExprChecker(CallChecker):
    """Mixed into the Checker: needs self.symbols, self.error(), self.fn_type()."""

    def expr(self, e: ast.Expr, scope: Scope) -> T.Type:
        method: Callable[[ast.Expr, Scope], T.Type] = getattr(self, "x_" + type(e).__name__)
        ty = method(e, scope) or T.ANY
        e.ty = ty
        return ty

    def expect(self, e: ast.Expr, scope: Scope, want: T.Type, what: str,
               hint: Callable[[T.Type], str | None] | None = None) -> T.Type:
        """``e`` checked for a value of type ``want`` (``what`` it is, for the message);
        ``hint(got)``: what to write instead, where the caller knows it."""
        got = self.expr(e, scope)
        if not T.fits(got, want):
            self.error(e.span, f"{what} should be {_should_be(want)}, but this is {T.spoken(got)}",
                       mismatch_hint(self, e, got, want) or self.member_text_hint(e, want)
                       or (hint(got) if hint is not None else None))
        return got

    def member_text_hint(self, e: ast.Expr, want: T.Type) -> str | None:
        """For ``"Red"`` where a member of an enum Colour is wanted: a member is written as itself."""
        written = e.value if isinstance(e, ast.Lit) else None
        if want.name == "enum" and isinstance(written, str) \
                and written in self.enums.get(want.arg, ()):
            return f"a member is written as itself, not as text: {written} (or {want.arg}.{written})"
        return None

    # -- leaves
    def x_Lit(self, e: ast.Lit, scope: Scope) -> T.Type:
        v = e.value
        if v is None:
            return T.NONE
        if isinstance(v, bool):
            return T.BOOL
        return T.INT if isinstance(v, int) else T.TEXT

    def x_Text(self, e: ast.Text, scope: Scope) -> T.Type:
        for part in e.parts:
            if not isinstance(part, str):
                self.expr(part, scope)
        return T.TEXT

    def x_Name(self, e: ast.Name, scope: Scope) -> T.Type:
        number = T.seat_literal(e.id)
        if number is not None:
            return self.seat_literal(e, number, scope)
        local = scope.lookup(e.id) if scope else None
        if local is not None:
            e.ref = refs.Local(local.slot)
            return local.type
        sym = self.symbols.get(e.id)
        if sym is not None:
            kind = sym.kind
            if kind in ("fn", "rule"):
                what = "function" if kind == "fn" else kind
                if kind == "rule":  # (said here: not also "never used")
                    self.rules_as_values.add(e.id)
                self.error(e.span, f"'{e.id}' is a {what}: call it with {e.id}(...)")
                return T.ANY
            if kind == "card":
                self.error(e.span, f"'{e.id}' is a card kind, not a value",
                           f"to test a card's kind write: c is {e.id}")
                return T.ANY
            if kind == "varfam":
                self.error(e.span, f"'{e.id}' holds one value per key: write {e.id}[key]")
                return T.ANY
            e.ref = (refs.Member(cast(str, sym.decl), e.id) if kind == "member"  # its enum's name
                     else refs.DECLARED[kind](sym.name))
            if kind == "const":
                self.use_const(sym, e.span)
            elif kind == "option" and self.option_worked_out is not None:
                self.error(e.span, f"option '{self.option_worked_out}' cannot read the option "
                                   f"'{e.id}': the options are worked out together",
                           "write the value out, or work it out where it is used "
                           "(a const or a function may read both options)")
            if kind == "family":
                return T.Type("family", sym.name)
            return sym.type
        if e.id in BUILTIN_VALUES:
            e.ref = refs.Builtin(e.id)
            return BUILTIN_VALUES[e.id]
        if e.id in self.ambiguous:
            owners = " and ".join(sorted(self.ambiguous[e.id]))
            self.error(e.span, f"'{e.id}' is a member of {owners}",
                       f"say which one, like {sorted(self.ambiguous[e.id])[0]}.{e.id}")
            return T.ANY
        # gone through only if the error is shown (a set of every name for each of thousands
        # of unknown names made checking a hostile file quadratic)
        written = TYPES_AS_VALUES.get(e.id)
        if written is not None:
            self.error(e.span, f"'{e.id}' is a type, not a value", written)
            return T.ANY
        other = OTHER_LANGUAGES_NAMES.get(e.id)
        if other is not None:  # a habit of another language: what rulelang writes instead
            self.error(e.span, f"unknown name '{e.id}'", f"rulelang writes {other}")
            return T.ANY
        if e.id in KEYWORDS_AS_NAMES:
            self.error(e.span, f"unknown name '{e.id}'", KEYWORDS_AS_NAMES[e.id])
            return T.ANY
        if self.used_before_let(e.id, e.span):
            return T.ANY
        sig = SIGNATURES.get(e.id)
        if sig is not None:  # ``to others``: a built-in function named without its call
            example = ", ".join("p" if kind == "seat" else "..." for kind in sig.params)
            self.error(e.span, f"'{e.id}' is a built-in function ({sig.doc}), not a value",
                       "every player is written players (and reveal with no 'to' shows "
                       "a card to everybody)" if e.id == "all" else
                       f"call it: {e.id}({example})")
            return T.ANY
        names = itertools.chain(self.symbols, BUILTIN_VALUES, scope.all_names() if scope else ())
        self.unknown(e.span, e.id, "name", names)
        return T.ANY

    def seat_literal(self, e: ast.Name, number: int, scope: Scope) -> T.Type:
        """``P1``, ``P2``...: a player's seat. One past the most players these rules allow
        is a mistake found here; one past the players of a game, when it runs."""
        if scope is not None and scope.lookup(e.id) is not None:
            self.error(e.span, f"'{e.id}' is a seat: a local name cannot be called {e.id}",
                       "rename the local")
            return T.SEAT
        most = self.program.max_players
        if not 1 <= number <= most:
            seats = "P1" if most == 1 else f"P1 to P{most}"
            self.error(e.span, f"there is no seat {e.id}: these rules allow at most {most} "
                               f"player{'s' if most != 1 else ''}, seats {seats}",
                       "seats are numbered from P1" if number == 0 else
                       "a game has at most 16 players" if number > 16 else
                       f"to allow more players, write players {self.program.min_players}.."
                       f"{number} (a dummy seat is named by its own name)")
            return T.SEAT
        e.ref = refs.Seat(number - 1)
        return T.SEAT

    # -- compound
    def x_Attr(self, e: ast.Attr, scope: Scope) -> T.Type:
        if isinstance(e.obj, ast.Name) and e.obj.id in self.enums and not (
                scope and scope.lookup(e.obj.id)):
            enum = e.obj.id
            if e.name not in self.enums[enum]:
                members = self.enums[enum]
                close = suggest(e.name, members)
                self.error(e.span, f"{enum} has no member '{e.name}'",
                           lambda: close() or f"{enum}'s members are {_listed(members)}")
                return T.ANY
            e.ref = refs.Member(enum, e.name)
            return T.enum(enum)
        ot = self.expr(e.obj, scope)
        return self.attr_type(e, ot)

    def attr_type(self, e: ast.Attr, ot: T.Type) -> T.Type:
        name = e.name
        if ot.name == "card":
            kinds = [ot.arg] if ot.arg else list(self.cards)
            found = [self.cards[k].fields[name] for k in kinds if name in self.cards[k].fields]
            if not found:
                everything = set().union(*(self.cards[k].fields for k in kinds)) if kinds else set()
                self.error(e.span, f"{ot} has no field '{name}'", suggest(name, everything))
                return T.ANY
            e.ref = refs.Field(name)
            result = found[0].type
            for f in found[1:]:
                if f.type != result:
                    return T.ANY
            return result
        if ot.name == "row":
            columns = self.tables[ot.arg].columns
            if name not in columns:
                self.error(e.span, f"table '{ot.arg}' has no column '{name}'",
                           suggest(name, columns))
                return T.ANY
            e.ref = refs.Column(name)
            return columns[name]
        if ot.name == "cell":
            if name not in ("x", "y"):
                self.error(e.span, f"a cell has .x and .y, not .{name}")
                return T.ANY
            e.ref = refs.CellPart(0 if name == "x" else 1)
            return T.INT
        if ot.name in ("any", "none"):
            e.ref = refs.Dynamic(name)
            return T.ANY
        sym, obj = self.symbols.get(name), self.source_of(e.obj.span) or "x"
        self.error(e.span, f"{T.spoken(ot)} has no field '.{name}'",
                   f"a player is named by itself: \"{{{obj}}}\" in a text"
                   if ot == T.SEAT and name in ("name", "label", "title") else
                   f"there are no methods in rulelang: give the value to the function: "
                   f"{name}({obj})" if name in SIGNATURES or (sym and sym.kind == "fn") else
                   f"'{name}' holds one value per key: write {name}[{obj}]"
                   if sym and sym.kind == "varfam" else None)
        return T.ANY

    def x_Index(self, e: ast.Index, scope: Scope) -> T.Type:
        split = check_split_keys(self, e, scope)
        if split is not None:
            return split
        if isinstance(e.obj, ast.Name) and not (scope and scope.lookup(e.obj.id)):
            sym = self.symbols.get(e.obj.id)
            if sym is not None and sym.kind in ("family", "varfam"):
                key_types = sym.decl_keys
                if len(e.args) != len(key_types):
                    self.error(e.span, f"'{sym.name}' takes {len(key_types)} key(s) "
                                       f"({', '.join(map(T.spoken, key_types))}), "
                                       f"not {len(e.args)}")
                for arg, kt in zip(e.args, key_types):
                    self.expect(arg, scope, kt, f"this key of '{sym.name}'")
                e.obj.ref = e.ref = refs.DECLARED[sym.kind](sym.name)
                return sym.type
        ot = self.expr(e.obj, scope)
        if len(e.args) != 1:
            self.error(e.span, "a list takes one index")
            return T.ANY
        index = self.expr(e.args[0], scope)
        if pairs_by_seat(self, e, ot, index):
            return T.ANY
        if not T.fits(index, T.INT) and not (ot == T.ANY and index == T.SEAT):
            # (of a value not known, or a name already refused, a seat may be the key)
            self.error(e.args[0].span, f"an index should be a number, but this is "
                                       f"{T.spoken(index)}",
                       mismatch_hint(self, e.args[0], index, T.INT))
        e.ref = refs.Item()
        if ot.name == "list":
            item: T.Type = ot.arg
            return item
        if ot.name == "tuple" and isinstance(e.args[0], ast.Lit) and ot.arg:
            i, n = e.args[0].value, len(ot.arg)
            if type(i) is int and not -n <= i < n:  # (the run would stop there: say it now)
                items = "its item is [0]" if n == 1 else f"its {n} items are [0] " + (
                    "and [1]" if n == 2 else f"to [{n - 1}]")
                self.error(e.args[0].span, f"{T.spoken(ot)} has no item [{i}]: {items}, "
                                           "counted from 0")
            return ot.arg[i] if type(i) is int and -n <= i < n else T.ANY
        if ot.name not in ("any", "none", "tuple"):
            self.error(e.obj.span, f"{T.spoken(ot)} cannot be indexed with [...]")
        return T.ANY

    def x_Lambda(self, e: ast.Lambda, scope: Scope) -> T.Type:
        self.error(e.span, "a function (x => ...) can only be given as an argument")
        return T.FN

    def element_of(self, t: T.Type) -> T.Type:
        """What going through a value of type ``t`` gives (``T.element``); a zone family's
        cards are of the kind its zones hold, as one zone's are."""
        if t.name == "family":
            zone = self.program.zones.get(t.arg)
            if zone is not None:
                return T.card(zone.of)
        return T.element(t)

    def x_Comprehension(self, e: ast.Comprehension, scope: Scope) -> T.Type:
        inner = scope.child() if scope else None
        if inner is None:
            self.error(e.span, "a comprehension needs a place for its variables")
            return T.list_of(T.ANY)
        for clause in e.fors:
            it = self.expr(clause.iter, inner)
            if not T.iterable(it):
                self.error(clause.iter.span,
                           f"cannot go through {T.spoken(it)}: it is not a list or zone")
            inner = inner.child()
            clause.slots = self.bind_loop_names(clause.names, self.element_of(it), inner, clause.span)
            if clause.cond is not None:
                self.expect(clause.cond, inner, T.BOOL, "a filter")
        return T.list_of(self.expr(e.elt, inner))

    def bind_loop_names(self, names: list[str], elem: T.Type, scope: Scope,
                        span: Span | None) -> list[int]:
        if len(names) == 1:
            return [scope.bind(names[0], elem, mutable=False)]
        parts = elem.arg if elem.name == "tuple" and elem.arg else None
        if elem.name not in ("tuple", "any", "list") or (parts and len(parts) != len(names)):
            self.error(span, f"cannot split {T.spoken(elem)} into {len(names)} names")
        return [scope.bind(n, parts[i] if parts and i < len(parts) else T.ANY, mutable=False)
                for i, n in enumerate(names)]

    def x_ListLit(self, e: ast.ListLit, scope: Scope) -> T.Type:
        result = T.NONE
        for item in e.items:
            result = T.join(result, self.expr(item, scope))
        return T.list_of(T.ANY if result == T.NONE else result)

    def x_TupleLit(self, e: ast.TupleLit, scope: Scope) -> T.Type:
        return T.Type("tuple", tuple(self.expr(item, scope) for item in e.items))

    def x_BinOp(self, e: ast.BinOp, scope: Scope) -> T.Type:
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op == "+" and T.TEXT in (a, b):
            return T.TEXT
        if e.op in "+-" and a.name == "list" and b.name in ("list", "any", "none"):
            beside = _beside_empty(e.left, a, e.right, b) if e.op == "+" else None
            return beside or T.list_of(T.join(a.arg, T.element(b)) if e.op == "+" else a.arg)
        if T.fits(a, T.INT) and T.fits(b, T.INT):
            return T.INT
        if untyped_operand(self, e, a, b, scope):
            return T.ANY
        zones = e.op == "+" and {a.name, b.name} <= {"zone", "list"} and "zone" in (a.name, b.name)
        self.error(e.span, f"cannot use '{e.op}' on {T.spoken(a)} and {T.spoken(b)}",
                   arithmetic_hint(self.source_of, e) if T.SEAT in (a, b) else
                   "a zone is a place, not a list: cards(zone) is its cards, so write "
                   "cards(a) + cards(b)" if zones else None)
        return T.ANY

    def x_Compare(self, e: ast.Compare, scope: Scope) -> T.Type:
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op in ("==", "!=") and {a.name, b.name} == {"cell", "tuple"}:
            self.error(e.span, "a cell is not a pair of numbers: compare it with a cell",
                       "write the pair as a cell: cell(x, y), or cell(\"E5\")")
        elif e.op in ("==", "!="):
            if not (T.fits(a, b) or T.fits(b, a)):
                self.error(e.span, f"comparing {T.spoken(a)} with {T.spoken(b)} is always "
                                   f"{'false' if e.op == '==' else 'true'}",
                           compare_hint(self, e, a, b) or self.member_hint(e, a, b))
        elif not (T.fits(a, T.INT) and T.fits(b, T.INT)) and not (
                a == b and a.name in ("text", "enum")):
            self.error(e.span, f"cannot order {T.spoken(a)} and {T.spoken(b)} with '{e.op}'",
                       "seats have no order: index_of(players, p) is a seat's position from 0"
                       if T.SEAT in (a, b) else self.card_order_hint(e, a, b))
        return T.BOOL

    def card_order_hint(self, e: ast.Compare, left: T.Type, right: T.Type) -> str | None:
        """For ``c > 3`` with c a card: cards have no order, their number fields do."""
        sides = [(e.left, left), (e.right, right)]
        for i, (side, ty) in enumerate(sides):
            kind = self.cards.get(ty.arg) if ty.name == "card" and ty.arg else None
            numbers = [name for name, info in kind.fields.items() if info.type == T.INT] \
                if kind is not None else []
            if numbers:  # the comparison as written, the card's number in the card's place
                texts = [self.source_of(s.span) or "..." for s, _ in sides]
                texts[i] = f"{self.source_of(side.span) or 'c'}.{numbers[0]}"
                return (f"cards have no order: compare one of its numbers, like "
                        f"{texts[0]} {e.op} {texts[1]}")
        return None

    def member_hint(self, e: ast.Compare, left: T.Type, right: T.Type) -> str | None:
        """For ``c.suit == "hearts"``: a member is written as itself, not as text."""
        for enum_type, other in ((left, e.right), (right, e.left)):
            written = other.value if isinstance(other, ast.Lit) else None  # a plain string
            if enum_type.name == "enum" and isinstance(written, str) \
                    and written in self.enums.get(enum_type.arg, ()):
                return f"a member is written as itself, not as text: {written} " \
                       f"(or {enum_type.arg}.{written})"
        return None

    def x_In(self, e: ast.In, scope: Scope) -> T.Type:
        item = self.expr(e.item, scope)
        coll = self.expr(e.coll, scope)
        if not T.iterable(coll) and coll != T.TEXT:
            self.error(e.coll.span, f"'in' needs a list or a zone, not {T.spoken(coll)}")
        elif {item.name, T.element(coll).name} == {"seat", "int"}:  # no seat is a number
            self.error(e.span, f"'in' looks for {T.spoken(item)} in {T.spoken(coll)}: it is "
                               "always false", mismatch_hint(self, e.coll, coll, T.list_of(item)))
        elif coll != T.TEXT and not (T.fits(item, T.element(coll)) or T.fits(T.element(coll), item)):
            self.error(e.span, f"'in' looks for {T.spoken(item)} in {T.spoken(coll)}: it is "
                               "always false", self.field_in_hint(e, item, T.element(coll)))
        return T.BOOL

    def field_in_hint(self, e: ast.In, item: T.Type, element: T.Type) -> str | None:
        """For ``role in hand``: whether one of the cards has it, by the field that holds it."""
        kind = self.cards.get(element.arg) if element.name == "card" and element.arg else None
        fields = [f.name for f in kind.fields.values() if f.type == item] if kind else []
        written, within = self.source_of(e.item.span), self.source_of(e.coll.span)
        if item == T.TEXT and element.name == "card" and (
                not fields or isinstance(e.item, (ast.Lit, ast.Text))):  # a name, written out
            return (f"to ask whether one of its cards is named so (a card's text is its name), "
                    f"write: any(text(c) == {written or 'x'} for c in {within or 'zone'})")
        if not fields:
            return None
        return (f"to ask whether one of its cards has it, write: any(c.{fields[0]} == "
                f"{written or 'x'} for c in {within or 'zone'})")

    def x_Is(self, e: ast.Is, scope: Scope) -> T.Type:
        self.expr(e.obj, scope)
        if e.kind not in self.cards:
            self.unknown(e.span, e.kind, "card kind", self.cards)
        return T.BOOL

    def x_BoolOp(self, e: ast.BoolOp, scope: Scope) -> T.Type:
        self.expect(e.left, scope, T.BOOL, f"each side of '{e.op}'")
        self.expect(e.right, scope, T.BOOL, f"each side of '{e.op}'")
        return T.BOOL

    def x_Not(self, e: ast.Not, scope: Scope) -> T.Type:
        self.expect(e.operand, scope, T.BOOL, "the value after 'not'")
        return T.BOOL

    def x_Neg(self, e: ast.Neg, scope: Scope) -> T.Type:
        self.expect(e.operand, scope, T.INT, "the value after '-'")
        return T.INT

    def x_Range(self, e: ast.Range, scope: Scope) -> T.Type:
        self.expect(e.lo, scope, T.INT, "the start of a range")
        self.expect(e.hi, scope, T.INT, "the end of a range")
        return T.list_of(T.INT)

    def x_IfExpr(self, e: ast.IfExpr, scope: Scope) -> T.Type:
        if e.match is not None:
            return self.match(e, scope)
        self.expect(e.cond, scope, T.BOOL, "the condition")
        then, other = self.expr(e.then, scope), self.expr(e.other, scope)
        return _beside_empty(e.then, then, e.other, other) or T.join(then, other)

    def match(self, chain: ast.IfExpr, scope: Scope) -> T.Type:
        """`match X { k: v, ... }`, read as an if-chain: X is checked once (each test gets a
        copy without positions), each key is a value X may have, given once, and without
        `_` every member of X's enum has a key."""
        # the builder makes the chain: IfExprs testing `subject == key`, info.keys of them
        info: ast.MatchInfo = chain.match
        subject = cast(ast.Compare, chain.cond).left
        subject_type = self.expr(subject, scope)
        members = self.enums.get(subject_type.arg, []) if subject_type.name == "enum" else None
        seen: dict[str, int] = {}
        result, link = T.NONE, cast(ast.Expr, chain)
        for i in range(info.keys):
            link = cast(ast.IfExpr, link)
            test = cast(ast.Compare, link.cond)
            key = test.right
            if i:
                test.left = without_positions(subject)
            if members is not None and isinstance(key, ast.Name) and key.id in members \
                    and not (scope and scope.lookup(key.id)):
                key.ref, key.ty = refs.Member(subject_type.arg, key.id), subject_type
            else:
                self.expect(key, scope, subject_type, "a key of this match")
            value = fold(key)
            if value is not UNKNOWN and repr(value) in seen:
                self.error(key.span, f"{shown(value)} is matched twice (first on line "
                                     f"{seen[repr(value)]})", "keep one of them")
            seen.setdefault(repr(value), key.span.line)
            test.ty = T.BOOL
            result = T.join(result, self.expr(link.then, scope))
            link = link.other
        if info.default:
            result = T.join(result, self.expr(link, scope))
        else:
            link.ty = T.NONE  # the `else none` that no value reaches when every case is given
            missing = [m for m in members or () if repr(refs.Member(subject_type.arg, m)) not in seen]
            if members is None:
                self.error(chain.span, f"a match on {T.spoken(subject_type)} needs '_: VALUE' "
                                       "for the values without a key",
                           "end it with _: ..., or match on an enum")
            elif missing:
                self.error(chain.span, f"this match has no key for {', '.join(missing)}",
                           f"add {', '.join(f'{m}: ...' for m in missing)}, or end with "
                           "_: ... for the rest")
        link = chain
        for _ in range(info.keys):
            link.ty, link = result, cast(ast.IfExpr, link.other)
        return result


def _beside_empty(left: ast.Expr, a: T.Type, right: ast.Expr, b: T.Type) -> T.Type | None:
    """Of two lists that make one (``+``, or the two sides of an ``if``), one an empty
    literal: the other's type (``[]`` holds nothing to widen its items' type to any:
    ``(if n > 0 then ["hint"] else []) + ["play"]`` is a list of text). Else None."""
    if a.name == b.name == "list":
        if isinstance(left, ast.ListLit) and not left.items:
            return b
        if isinstance(right, ast.ListLit) and not right.items:
            return a
    return None
