"""What the expression compiler asks of an expression or its code before writing it: is the
code a simple name or literal, may a value nest lists (and need copying), is a number small,
which seats a type ranges over."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypeGuard

from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs
from rulelang.language.types import Type

if TYPE_CHECKING:
    pass

EACH_CHARGED = 20  # a comprehension whose items cost this much each counts that work
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


_PICKED_IN = re.compile(
    r"\[(\w+) for (\w+) in (counted\(g, .*\)|range\(\d+, \d+\)) if (\(not )?in_list\(g, (\w+), "
    r"(\w+|VR\['\w+'\])\)\)?\]")


def picked_in(made: str) -> str | None:
    """A comprehension written ``[x for x in ITEMS if in_list(g, x, L)]`` (or ``not in``;
    ``L`` a name or a variable, not ``x``): ``picked_in(g, ITEMS, L, keep)``, one call in the
    runtime that counts each item's look in ``L`` as ``in_list`` counts it and makes the
    list in C (helpers.picked_in; tests/runtime/test_fast_paths.py compares the two)."""
    m = _PICKED_IN.fullmatch(made)
    if m is None or m[1] != m[2] or m[5] != m[1] or m[6] == m[1] or " if " in m[3]:
        return None
    return f"picked_in(g, {m[3]}, {m[6]}, {m[4] is None})"


def sequence(steps: list[str], last: str) -> str:
    """Code that works out each step, in order, then ``last``, and gives ``last``'s value:
    ``(s1 and None) or (s2 and None) or last`` (each step's part is falsy, whatever the step
    gives; asking a value whether it is true asks no more than its length), not the tuple
    ``(s1, s2, last)[-1]``, which is made and indexed at every evaluation (about twice the
    time: these stand in comprehensions' conditions, worked out at each item). Switch
    ``sequences`` (the tuple)."""
    if not SHORTCUTS.sequences:
        return f"({', '.join(steps)}, {last})[-1]"
    return "(" + " or ".join(f"({step} and None)" for step in steps) + f" or {last})"


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
