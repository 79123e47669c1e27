"""Indexing written as if a value were kept per key, where it is not so kept.

A value kept per several keys takes them all in one bracket, ``stock[current, r]``; written
one bracket a key, the first bracket gave too few keys and the next indexed its value. This
sees the whole chain and says how to write it, once, instead of the errors each part gives.
A choice made ``by each`` is a list of (player, choice) pairs, not kept per player:
``bids[p]`` says to go through it with ``for p, c in bids``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language import ast
from rulelang.language import types as T

if TYPE_CHECKING:
    from rulelang.language.checker.checker_base import CheckerBase
    from rulelang.language.checker.expressions import Scope


def split_keys(checker: CheckerBase, e: ast.Index,
               scope: Scope) -> tuple[ast.Name, list[ast.Expr]] | None:
    """The name and the keys of ``e`` when it is a family or keyed variable indexed with one
    bracket after another, its keys spread over them in the number it takes; else None."""
    brackets: list[list[ast.Expr]] = []
    node: ast.Expr = e
    while isinstance(node, ast.Index):
        brackets.insert(0, node.args)
        node = node.obj
    if len(brackets) < 2 or not isinstance(node, ast.Name) or scope.lookup(node.id):
        return None
    sym = checker.symbols.get(node.id)
    if sym is None or sym.kind not in ("family", "varfam"):
        return None
    keys = [arg for args in brackets for arg in args]
    if len(brackets[0]) >= len(sym.decl_keys) or len(keys) != len(sym.decl_keys):
        return None
    return node, keys


def check_split_keys(checker: CheckerBase, e: ast.Index, scope: Scope) -> T.Type | None:
    """Report ``stock[current][r]`` as one error, saying to write ``stock[current, r]``, and
    check its keys; the type of the value kept, or None when ``e`` is not written so."""
    found = split_keys(checker, e, scope)
    if found is None:
        return None
    name, keys = found
    sym = checker.symbols[name.id]
    texts = [checker.source_of(key.span) for key in keys]
    together = (f"{name.id}[{', '.join(t for t in texts if t)}]" if all(texts)
                else f"{name.id}[{', '.join('...' for _ in keys)}]")
    checker.error(e.span, f"'{name.id}' takes {len(keys)} keys "
                          f"({', '.join(map(T.spoken, sym.decl_keys))}) in one [...]",
                  f"write {together}")
    for key, kt in zip(keys, sym.decl_keys):
        checker.expect(key, scope, kt, f"this key of '{name.id}'")
    return sym.type


def pairs_by_seat(checker: CheckerBase, e: ast.Index, listed: T.Type, index: T.Type) -> bool:
    """Report ``bids[p]``, a list of (player, choice) pairs indexed by a player; True if so."""
    pair = listed.arg if listed.name == "list" else None
    if index != T.SEAT or pair is None or pair.name != "tuple" or not pair.arg \
            or pair.arg[0] != T.SEAT:
        return False
    name = checker.source_of(e.obj.span) or "pairs"
    seat = checker.source_of(e.args[0].span) or "p"
    checker.error(e.span, f"'{name}' is a list of (player, choice) pairs, not kept per player: "
                          "it cannot be indexed by a player",
                  f"go through it: for {seat}, c in {name} {{ ... }} gives each player and "
                  "their choice")
    return True
