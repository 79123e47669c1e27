"""What the expression compiler asks of an expression or its code before writing it: is the
code a simple name or literal, may a value nest lists (and need copying), is a number small,
which seats a type ranges over."""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, TypeGuard

import attrs

from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs
from rulelang.language.types import Type

if TYPE_CHECKING:
    pass

_SIMPLE = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*|L\[\d+\]|-?\d+|'[^'\\]*'|g\.current)$")
GUARANTEED_BOOL = (ast.Compare, ast.Not, ast.BoolOp, ast.In, ast.Is)
BOOL_BUILTINS = (refs.Builtin("empty"), refs.Builtin("any"), refs.Builtin("all"))  # give True/False


_ALL_IN = re.compile(
    r"\[(in_list\(g, |in_kept\(g, M, )(\w+), (\w+)\) for (\w+) in (counted\(g, [^\[\]]*\))\]")


def all_in(made: str) -> str | None:
    """``all`` of a comprehension written ``[in_list(g, x, t) for t in counted(g, L)]`` (one
    clause, no condition, ``x`` a name other than ``t``): ``all_in(g, x, counted(g, L))``,
    one loop in the runtime with no generator and no call per item (the same answer and work);
    in an advice copy, ``[in_kept(g, M, x, t) ...]``: ``all_in_kept(g, M, x, counted(g, L))``."""
    m = _ALL_IN.fullmatch(made)
    if m is None or m[3] != m[4] or m[2] == m[4] or " if " in m[5] or " for " in m[5]:
        return None
    if m[1].startswith("in_kept"):  # an advice copy's (advice_memo.all_in_kept)
        return f"all_in_kept(g, M, {m[2]}, {m[5]})"
    return f"all_in(g, {m[2]}, {m[5]})"


def simple(code: str) -> bool:
    """Can this expression be written twice (a name, a slot, a number)?"""
    return _SIMPLE.match(code) is not None


CONTAINERS = ("list", "tuple", "any")  # static types whose values may hold lists


def may_nest(ty: Type | None) -> bool:
    """May a value of this static type be (or hold) a list or a tuple? None: not known."""
    return ty is None or ty.name in CONTAINERS or ty.name == "row"


def items_may_nest(ty: Type | None) -> bool:
    """May the items of a list of this static type be lists or tuples?"""
    if ty is None or ty.name == "any":
        return True
    if ty.name == "list":
        return may_nest(ty.arg)
    if ty.name == "tuple":
        return not ty.arg or any(may_nest(a) for a in ty.arg)
    return False


FLAT = ("int", "bool", "seat", "enum", "card", "cell", "text", "none")  # never a list or tuple
SHORT_TEXT = ("int", "bool", "seat", "enum", "none", "cell")  # types whose text is a few characters


def _flat_or_flat_inside(ty: object) -> bool:
    if not isinstance(ty, Type):
        return False
    if ty.name in FLAT:
        return True
    if ty.name == "list":
        return isinstance(ty.arg, Type) and ty.arg.name in FLAT
    if ty.name == "tuple":
        return bool(ty.arg) and all(isinstance(a, Type) and a.name in FLAT for a in ty.arg)
    return False


def shallow(ty: Type | None) -> bool:
    """Is this a list or tuple whose items are no lists, or lists or tuples of items that
    are no lists (melds of cards, pairs of cells)? Then weighing it need not look deeper."""
    if ty is None:
        return False
    if ty.name == "list":
        return _flat_or_flat_inside(ty.arg)
    if ty.name == "tuple":
        return bool(ty.arg) and all(map(_flat_or_flat_inside, ty.arg))
    return False


def nests(e: ast.Expr) -> bool:
    """May this expression's value be (or hold) a list or tuple that is not written out
    in the rules? Literals are looked through: their own items are what may be long."""
    if isinstance(e, ast.Lit):
        return type(e.value) in (list, tuple)
    if isinstance(e, (ast.ListLit, ast.TupleLit)):
        return any(nests(i) for i in e.items)
    return may_nest(e.ty)


def long_text(e: str | ast.Expr) -> bool:
    """May this part of a text with parts be long (a text, a list's text...)?"""
    return not isinstance(e, str) and (e.ty is None or e.ty.name not in SHORT_TEXT
                                       or seats_of(e.ty) == "list")




def small_number(e: ast.Expr) -> TypeGuard[ast.Lit]:
    """A number written in the rules, small enough that adding it cannot make a number
    too large in any number of steps a game can take."""
    return isinstance(e, ast.Lit) and type(e.value) is int and abs(e.value) <= 1_000_000


SMALL = 1_000_000  # as small_number: a sum with a number no larger needs no bound


def literal_bound(e: ast.Expr) -> int | None:
    """The largest size of a whole number written in the rules (``3``, ``-1``), or of any
    item of a list or range of them (``[-1, 0, 1]``, ``1..6``), when it is small; else None."""
    if isinstance(e, ast.Neg):
        return literal_bound(e.operand) if isinstance(e.operand, ast.Lit) else None
    if isinstance(e, ast.Lit):
        return abs(e.value) if type(e.value) is int and abs(e.value) <= SMALL else None
    if isinstance(e, ast.ListLit) and e.items and all(isinstance(i, (ast.Lit, ast.Neg)) for i in e.items):
        bounds = [literal_bound(i) for i in e.items]
        return max(b for b in bounds if b is not None) if None not in bounds else None
    if isinstance(e, ast.Range):
        lo, hi = literal_bound(e.lo), literal_bound(e.hi)
        return None if lo is None or hi is None else max(lo, hi)
    return None


def seats_of(ty: Type | None) -> str | None:
    """'one' for a seat, 'list' for a list of seats (both print as P1...), else None."""
    if ty is None:
        return None
    if ty.name == "seat":
        return "one"
    if ty.name == "list" and ty.arg is not None and ty.arg.name == "seat":
        return "list"
    return None


def equality(a: str, b: str) -> str:
    """``a == b`` where both may be lists: counted by ``equal`` only when one side is a
    list or tuple, found by looking at a side that is a plain name (read twice), so
    comparing cards or numbers calls nothing."""
    for plain, other in ((b, a), (a, b)):
        if simple(plain) and SHORTCUTS.comparisons:
            return (f"(({other}) == {plain} if type({plain}) is not list and "
                    f"type({plain}) is not tuple else equal(g, {a}, {b}))")
    return f"equal(g, {a}, {b})"


# ------------------------------------------------------------------ messages not written

ZONE_READS = ("size", "count", "empty", "top")  # of a zone: never fail (builtin_calls reads it)


@attrs.frozen
class Sure:
    """What holds in every game of a ruleset, for ``failing_parts``."""
    fields: Callable[[str | None], Collection[str]]  # the fields every card of a kind has
    seats: int  # the fewest players: P1 to P{seats} sit at every game
    fns: Mapping[str, Any]  # the rules' functions (FnDecl) by name
    inside: frozenset[str] = frozenset()  # the functions being looked into (a call of one: may)


def failing_parts(message: ast.Expr, sure: Sure) -> list[ast.Expr]:
    """What of a message (a log line's text, a prompt) may stop the game with an error, in
    the order a game writing it works it out: a game that does not write it (quiet, lean)
    works these out all the same, so it stops where a game writing it stops. Nothing that
    plainly cannot fail: literals, names (but a seat the game may not have), ``==``,
    ``is``, ``not``, lists, texts and texts joined of such, ``text`` of such, a call of a
    function whose body is such, the size or top of a zone (of a family: only its lookup)
    and a zone's cards sorted by fields of their kind; a field's read (of none), an index,
    any other call, arithmetic or comprehension may."""
    parts = message.parts if isinstance(message, ast.Text) else [message]
    return [c for p in parts if not isinstance(p, str) for c in _checks(p, sure)]


def _checks(e: ast.Expr, sure: Sure) -> list[ast.Expr]:
    match e:
        case ast.Lit():
            return []
        case ast.Name(ref=ref):
            return [e] if isinstance(ref, refs.Seat) and ref.index >= sure.seats else []
        case ast.Text(parts=parts):
            return [c for p in parts if not isinstance(p, str) for c in _checks(p, sure)]
        case ast.ListLit(items=items) | ast.TupleLit(items=items):
            return [c for item in items for c in _checks(item, sure)]
        case ast.Compare(op=op, left=left, right=right) if op in ("==", "!="):
            return _checks(left, sure) + _checks(right, sure)
        case ast.BinOp(op="+", left=left, right=right) if e.ty is not None and e.ty.name == "text":
            return _checks(left, sure) + _checks(right, sure)  # texts joined
        case ast.Not(operand=operand):
            return _checks(operand, sure)
        case ast.Is(obj=obj):
            return _checks(obj, sure)
        case ast.BoolOp(left=left, right=right):  # the right only sometimes: all or nothing
            return [e] if _checks(left, sure) or _checks(right, sure) else []
        case ast.IfExpr(cond=cond, then=then, other=other):
            return [e] if any(_checks(x, sure) for x in (cond, then, other)) else []
        case ast.Call(ref=refs.Builtin("text"), args=args):
            return [c for arg in args for c in _checks(arg, sure)]
        case ast.Call(ref=refs.Fn(name), args=args) if _plain_fn(name, sure):
            return [c for arg in args for c in _checks(arg, sure)]  # its body cannot fail
        case ast.Call(ref=refs.Builtin(name), args=[zone]) if name in ZONE_READS:
            found = _zone(zone, sure)
            return [e] if found is None else found
        case ast.Call(ref=refs.Builtin("sort"), args=[zone, ast.Lambda() as key]):
            found = _zone(zone, sure)
            if found is not None and _reads_fields(key, key.body, sure.fields(zone.ty.arg)):
                return found
    return [e]


def _plain_fn(name: str, sure: Sure) -> bool:
    """Can a call of the rules' function ``name`` not fail, whatever (plain) arguments it
    is given? Its ``let``s and body nothing that may (its parameters are names)."""
    fn = sure.fns.get(name)
    if fn is None or name in sure.inside:
        return False
    inner = attrs.evolve(sure, inside=sure.inside | {name})
    return not any(_checks(let.value, inner) for let in fn.lets) and not _checks(fn.body, inner)


def _zone(e: ast.Expr, sure: Sure) -> list[ast.Expr] | None:
    """What may fail in finding a zone: nothing for a zone, the lookup for a family's
    (a key it does not have); None when ``e`` is not plainly a zone."""
    if e.ty is None or e.ty.name != "zone":
        return None
    if isinstance(e, ast.Name) and isinstance(e.ref, refs.Zone):
        return []
    if (isinstance(e, ast.Index) and isinstance(e.obj, ast.Name)
            and isinstance(e.obj.ref, refs.ZoneFamily)):
        return [c for key in e.args for c in _checks(key, sure)] + [e]
    return None


def _reads_fields(key: ast.Lambda, e: ast.Expr, has: Collection[str]) -> bool:
    """Is ``e`` (a sort key's body) only fields of the key's card that its kind has, in a
    tuple, and literals? (A zone's cards are never none.)"""
    match e:
        case ast.Lit():
            return True
        case ast.TupleLit(items=items):
            return all(_reads_fields(key, item, has) for item in items)
        case ast.Attr(obj=ast.Name(ref=refs.Local(slot)), name=name):
            return slot == key.slot and name in has
    return False
