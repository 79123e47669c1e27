"""Which parts of the game state an expression reads (so checks can skip needless work).

``end when`` conditions are checked after every effect. Most effects cannot
change most conditions: a condition about the stacks cannot become true when a
card moves from a deck to a hand. The checker has resolved every name, so the
reads of a condition can be listed statically: zones (by family), variables,
the current seat, card fields. ``None`` means "could read anything": so does a
zone reached through a variable, a constant or a field (which zone is known only then).
"""
from __future__ import annotations

from collections.abc import Iterable

import attrs

from rulelang.language import ast, refs
from rulelang.language.traversal import walk
from rulelang.language.types import Type

# what a condition reads: ("zone", name), ("var", name), ("current", None), ("fields", None)
Found = set[tuple[str, str | None]]


@attrs.frozen
class Reads:
    """What some conditions read: zones (by family or name), variables, the current
    seat, card fields."""
    zones: frozenset[str] = frozenset()
    vars: frozenset[str] = frozenset()
    current: bool = False
    fields: bool = False

    def __or__(self, other: Reads) -> Reads:
        return Reads(self.zones | other.zones, self.vars | other.vars,
                     self.current or other.current, self.fields or other.fields)


def reads(expr: ast.Expr, fns: dict[str, ast.FnDecl]) -> Reads | None:
    found: Found = set()
    try:
        _walk(expr, fns, found, set())
    except _Anything:
        return None
    return Reads(frozenset(n for kind, n in found if kind == "zone" and n is not None),
                 frozenset(n for kind, n in found if kind == "var" and n is not None),
                 ("current", None) in found, ("fields", None) in found)


def reads_of_all(exprs: Iterable[ast.Expr], fns: dict[str, ast.FnDecl]) -> Reads | None:
    """Everything the conditions read; None if any of them could read anything."""
    out = Reads()
    for expr in exprs:
        one = reads(expr, fns)
        if one is None:
            return None
        out = out | one
    return out


class _Anything(Exception):
    pass


def _may_hold_zone(ty: Type | None) -> bool:
    """May a value of this static type be (or hold) a zone? None: not known."""
    if ty is None or ty.name in ("zone", "family", "any"):
        return True
    if ty.name == "list":
        return _may_hold_zone(ty.arg)
    if ty.name == "tuple":
        return ty.arg is None or any(_may_hold_zone(a) for a in ty.arg)
    return False


# values kept in the state or the rules
STORED = (refs.Var, refs.VarFamily, refs.Const, refs.Field, refs.Dynamic)


def _walk(tree: object, fns: dict[str, ast.FnDecl], found: Found, seen_fns: set[str]) -> None:
    for node in walk(tree):
        _read(node, fns, found, seen_fns)


def _read(node: ast.Node, fns: dict[str, ast.FnDecl], found: Found, seen_fns: set[str]) -> None:
    """What this node reads itself (a function it calls: that function's body)."""
    ref = getattr(node, "ref", None)
    if isinstance(ref, STORED) and _may_hold_zone(getattr(node, "ty", None)):
        raise _Anything()  # a zone reached through a variable or a field: which one is not known
    if isinstance(node, ast.Name):
        if isinstance(ref, (refs.Zone, refs.ZoneFamily)):
            found.add(("zone", ref.name))
        elif isinstance(ref, (refs.Var, refs.VarFamily)):
            found.add(("var", ref.name))
        elif ref == refs.Builtin("current"):
            found.add(("current", None))
    elif isinstance(node, ast.Attr) and isinstance(ref, (refs.Field, refs.Dynamic)):
        found.add(("fields", None))
    elif isinstance(node, ast.Call):
        if ref in (refs.Builtin("random"), refs.Builtin("zone_of")):
            raise _Anything()  # chance, or a zone found through a card
        if isinstance(ref, refs.LocalFn):
            raise _Anything()
        if isinstance(ref, refs.Fn) and ref.name not in seen_fns:
            seen_fns.add(ref.name)
            decl = fns[ref.name]
            _walk(decl.lets, fns, found, seen_fns)
            _walk(decl.body, fns, found, seen_fns)
    elif isinstance(node, ast.Index) and isinstance(ref, refs.ZoneFamily):
        found.add(("zone", ref.name))
    elif isinstance(node, ast.Index) and isinstance(ref, refs.VarFamily):
        found.add(("var", ref.name))


# what an expression made of these alone computes from its own names (a card's fields, in
# its display hints) and the rules' enum members: nothing of the state, no function, no
# chance, no text written with the game's names
_OF_ITS_NAMES = frozenset({ast.Lit, ast.Name, ast.BinOp, ast.Compare, ast.BoolOp, ast.Not,
                           ast.Neg, ast.IfExpr})


def reads_its_names_only(expr: ast.Expr) -> bool:
    """Whether ``expr``'s value is fixed by the values of its local names alone."""
    for node in walk(expr):
        if type(node) not in _OF_ITS_NAMES:
            return False
        if type(node) is ast.Name and not isinstance(node.ref, (refs.Local, refs.Member)):
            return False
    return True


def reads_its_fields_only(expr: ast.Expr, fns: dict[str, ast.FnDecl],
                          seen: frozenset[str] = frozenset()) -> bool:
    """``reads_its_names_only``, but texts with parts may be written too, and the rules'
    functions called, when theirs are read the same way (a card's display hints, kept by
    their fields' values for one game, whose seats' names never change)."""
    called: set[int] = set()  # the names the calls are written with (the call has the ref)
    for node in walk(expr):
        t = type(node)
        if t is ast.Text or id(node) in called:
            continue
        if t is ast.Call:
            ref = node.ref  # type: ignore[attr-defined]
            if not isinstance(ref, refs.Fn) or ref.name in seen:
                return False
            called.add(id(node.func))  # type: ignore[attr-defined]
            decl = fns[ref.name]
            inner = seen | {ref.name}
            if not all(reads_its_fields_only(let.value, fns, inner) for let in decl.lets) \
                    or not reads_its_fields_only(decl.body, fns, inner):
                return False
            continue
        if t not in _OF_ITS_NAMES:
            return False
        if t is ast.Name and not isinstance(node.ref, (refs.Local, refs.Member)):  # type: ignore[attr-defined]
            return False
    return True
