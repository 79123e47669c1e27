"""Which parts of the game state an expression reads (so checks can skip needless work).

``end when`` conditions are checked after every effect. Most effects cannot
change most conditions: a condition about the stacks cannot become true when a
card moves from a deck to a hand. The checker has resolved every name, so the
reads of a condition can be listed statically: zones (by family), variables,
the current seat, card fields. ``None`` means "could read anything": so does a
zone reached through a variable, a constant or a field (which zone is known only then).
"""
from __future__ import annotations

import attrs

from rulelang.language import ast
from rulelang.language.traversal import walk


@attrs.frozen
class Reads:
    """What some conditions read: zones (by family or name), variables, the current
    seat, card fields."""
    zones: frozenset = frozenset()
    vars: frozenset = frozenset()
    current: bool = False
    fields: bool = False

    def __or__(self, other: Reads) -> Reads:
        return Reads(self.zones | other.zones, self.vars | other.vars,
                     self.current or other.current, self.fields or other.fields)


def reads(expr, fns: dict) -> Reads | None:
    found: set = set()
    try:
        _walk(expr, fns, found, set())
    except _Anything:
        return None
    return Reads(frozenset(n for kind, n in found if kind == "zone"),
                 frozenset(n for kind, n in found if kind == "var"),
                 ("current", None) in found, ("fields", None) in found)


def reads_of_all(exprs, fns: dict) -> Reads | None:
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


def _may_hold_zone(ty) -> bool:
    """May a value of this static type be (or hold) a zone? None: not known."""
    if ty is None or ty.name in ("zone", "family", "any"):
        return True
    if ty.name == "list":
        return _may_hold_zone(ty.arg)
    if ty.name == "tuple":
        return ty.arg is None or any(_may_hold_zone(a) for a in ty.arg)
    return False


STORED = ("var", "varfam", "const", "field", "dynamic")  # values kept in the state or the rules


def _walk(tree: object, fns: dict, found: set, seen_fns: set) -> None:
    for node in walk(tree):
        _read(node, fns, found, seen_fns)


def _read(node: ast.Node, fns: dict, found: set, seen_fns: set) -> None:
    """What this node reads itself (a function it calls: that function's body)."""
    ref = getattr(node, "ref", None)
    if ref and ref[0] in STORED and _may_hold_zone(getattr(node, "ty", None)):
        raise _Anything()  # a zone reached through a variable or a field: which one is not known
    if isinstance(node, ast.Name) and ref:
        kind = ref[0]
        if kind in ("zone", "family"):
            found.add(("zone", ref[1]))
        elif kind in ("var", "varfam"):
            found.add(("var", ref[1]))
        elif kind == "builtin" and ref[1] == "current":
            found.add(("current", None))
    elif isinstance(node, ast.Attr) and ref and ref[0] in ("field", "dynamic"):
        found.add(("fields", None))
    elif isinstance(node, ast.Call) and ref:
        if ref[0] == "builtin" and ref[1] in ("random", "zone_of"):
            raise _Anything()  # chance, or a zone found through a card
        if ref[0] == "local_fn":
            raise _Anything()
        if ref[0] == "fn" and ref[1] not in seen_fns:
            seen_fns.add(ref[1])
            decl = fns[ref[1]]
            _walk(decl.lets, fns, found, seen_fns)
            _walk(decl.body, fns, found, seen_fns)
    elif isinstance(node, ast.Index) and ref and ref[0] in ("family", "varfam"):
        found.add(("zone" if ref[0] == "family" else "var", ref[1]))
