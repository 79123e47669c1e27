"""Keys of a family or keyed variable written one bracket each: ``stock[current][r]``.

A value kept per several keys takes them all in one bracket, ``stock[current, r]``; written
one bracket a key, the first bracket gave too few keys and the next indexed its value. This
sees the whole chain and says how to write it, once, instead of the errors each part gives.
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
