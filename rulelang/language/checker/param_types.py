"""When a function's parameter written without its type is used where its type matters.

A parameter's type may be left out (``fn rank_of(c) = c.rank``): it is then any value, which
fits wherever a value is read. Where the operation depends on the type (``cs - [first(cs)]``
takes a list from a list), the message says that type is not known and what to write.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language import ast
from rulelang.language import types as T

if TYPE_CHECKING:
    from rulelang.language.checker.checker_base import CheckerBase
    from rulelang.language.checker.expressions import Scope


def written_type(t: T.Type) -> str | None:
    """A type as it is written after ':' (``list of Money``), or None if it cannot be."""
    if t.name == "list":
        inner = written_type(t.arg) if t.arg not in (None, T.ANY) else None
        return f"list of {inner}" if inner else None
    if t.name == "zone":
        return "zone"
    if t.name in ("card", "enum"):
        return str(t)
    if t.name == "seat":
        return "player"
    return t.name if t.name in T.SIMPLE and t.name != "any" else None


def untyped_param(e: ast.Expr, scope: Scope) -> str | None:
    """The name of the function parameter written without a type that ``e`` reads, if so."""
    if not isinstance(e, ast.Name):
        return None
    local = scope.lookup(e.id)
    return e.id if local is not None and scope.unit.untyped.get(e.id) == local.slot else None


def untyped_operand(checker: CheckerBase, e: ast.BinOp, a: T.Type, b: T.Type,
                    scope: Scope) -> bool:
    """Report ``cs - [first(cs)]`` where ``cs`` is a parameter of no type written; True if
    reported so."""
    for side, side_type, other_type in ((e.left, a, b), (e.right, b, a)):
        name = untyped_param(side, scope) if side_type == T.ANY else None
        if name is None or other_type == T.ANY:
            continue
        guess = other_type if other_type.name != "list" or other_type.arg not in (None, T.ANY) \
            else _list_guess(checker)
        text = written_type(guess) if guess is not None else None
        checker.error(side.span, f"the type of parameter '{name}' is not known, so '{e.op}' "
                                 f"cannot be used on it",
                      f"a parameter's type may be left out only where any value will do: "
                      f"write it in the fn's line, like {name}: {text or 'list of Card'}")
        return True
    return False


def _list_guess(checker: CheckerBase) -> T.Type | None:
    """A list of the game's card kind, when it declares only one."""
    kinds = list(checker.cards)
    return T.list_of(T.card(kinds[0])) if len(kinds) == 1 else None
