"""Working out, at check time, the values that are fixed in the text (for options' checks).

``fold`` gives the value of a checked expression when it depends on nothing but the text:
numbers, text, true/false, enum members, sums of numbers, ranges and lists of these.
Anything else (another option, a function call) gives ``UNKNOWN``, and the check that wanted
it is left to the game's start.
"""
from __future__ import annotations

from typing import Any

from rulelang.language import ast, refs

UNKNOWN = object()
_MAX_NUMBER = 10**18  # past this, leave it to the game (which stops at its own limit)
_MAX_ITEMS = 10_000  # a list longer than this is not worked out (it is checked at the start)


def fold(e: ast.Expr) -> Any:
    """The value of ``e`` (already checked, so its names are resolved), or UNKNOWN.

    Enum members fold to their ``refs.Member``, seats (P1) to their ``refs.Seat``. The parser
    bounds the depth of any expression.
    """
    if isinstance(e, ast.Lit):
        return e.value
    if isinstance(e, (ast.Name, ast.Attr)) and e.ref:
        if isinstance(e.ref, (refs.Member, refs.Seat)):  # enum members; P1, P2...
            return e.ref
        return UNKNOWN
    if isinstance(e, ast.Neg):
        value = fold(e.operand)
        return -value if _is_int(value) else UNKNOWN
    if isinstance(e, ast.BinOp) and e.op in "+-*":
        a, b = fold(e.left), fold(e.right)
        if _is_int(a) and _is_int(b):
            value = a + b if e.op == "+" else a - b if e.op == "-" else a * b
            return value if abs(value) <= _MAX_NUMBER else UNKNOWN  # the game refuses it
        return UNKNOWN
    if isinstance(e, ast.Range):
        lo, hi = fold(e.lo), fold(e.hi)
        return range(lo, hi + 1) if _is_int(lo) and _is_int(hi) else UNKNOWN
    if isinstance(e, ast.ListLit) and len(e.items) <= _MAX_ITEMS:
        items = [fold(item) for item in e.items]
        return UNKNOWN if any(item is UNKNOWN for item in items) else items
    return UNKNOWN


def shown(value: Any) -> str:
    """A folded value as an author writes it."""
    if isinstance(value, refs.Member):
        return value.name
    if isinstance(value, refs.Seat):
        return f"P{value.index + 1}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, range):
        return f"{value.start}..{value.stop - 1}"
    if isinstance(value, list):
        items = [shown(v) for v in value[:8]]
        return "[" + ", ".join(items + (["..."] if len(value) > 8 else [])) + "]"
    return str(value)


def _is_int(value: Any) -> bool:
    return type(value) is int
