"""A declared name used as what it is not: a card kind called like a function."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language import ast
from rulelang.language import types as T

if TYPE_CHECKING:
    from rulelang.language.checker.checker_base import CheckerBase
    from rulelang.language.checker.expressions import Scope


def card_kind_called(checker: CheckerBase, e: ast.Call, name: str, scope: Scope) -> T.Type:
    """``Chip(2)`` in an expression: a card kind is no function (it said "unknown function"
    and how to declare one). Its arguments are still checked; the value is of that kind."""
    checker.error(e.func.span, f"'{name}' is a card kind, not a function",
                  f"a card is made by a statement, create {name}(...) in ZONE; one already "
                  "made is found where it lies, like first([c for c in ZONE if ...])")
    for arg in e.args:
        if not isinstance(arg, ast.Lambda):
            checker.expr(arg, scope)
    return T.card(name)
