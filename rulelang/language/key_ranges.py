"""Whole-number keys of zones and variables (``zone trick[1..7]``, ``var taken[1..tricks]``).

The ends of a key range are known before setup: numbers, options, constants made of
those, ``player_count``, and ``+ - * / %`` on them. The checker makes sure of it;
each game works the range out from its options (``values``), and so can a tool that
knows a game's options and constants (``evaluate``). ``Key`` is one declared key of any
kind (a range, the seats, an enum), as zones and variables list them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.errors import RulesError

if TYPE_CHECKING:
    from rulelang.language.checker import Program

MAX_KEYS = 1000  # keys in one range: a zone or variable per key is made for each


@attrs.frozen(eq=False)
class IntKeys:
    """The domain of a whole-number key, as written; a game works out its values."""
    lo: ast.Expr
    hi: ast.Expr
    text: str  # "1..7", for messages

    def values(self, program: Program, known: dict[str, Any], players: int) -> list[int]:
        lo, hi = (evaluate(e, program, known, players) for e in (self.lo, self.hi))
        if hi - lo + 1 > MAX_KEYS:
            raise RulesError(f"the key range {self.text} is {lo}..{hi}: more than "
                             f"{MAX_KEYS} keys")
        return list(range(lo, hi + 1))


@attrs.frozen
class Key:
    """One key of a family of zones or of a variable kept per key (``zone hand[player]``),
    as the checker declares it."""
    domain: str | IntKeys  # "player", "seat", an enum's name, or a range of numbers
    type: T.Type

    @property
    def of_seats(self) -> bool:
        return self.domain in ("player", "seat")


def static_problem(e: ast.Expr, program_consts: dict[str, ast.ConstDecl],
                   depth: int = 0) -> ast.Expr | None:
    """The part of ``e`` (checked: names resolved) not known before setup, or None."""
    if depth > 50:
        return e
    if isinstance(e, ast.Lit):
        return None if type(e.value) is int else e
    if isinstance(e, ast.Name):
        if isinstance(e.ref, refs.Option) or e.ref == refs.Builtin("player_count"):
            return None
        if isinstance(e.ref, refs.Const) and e.id in program_consts:
            inner = static_problem(program_consts[e.id].value, program_consts, depth + 1)
            return None if inner is None else e
        return e
    if isinstance(e, ast.Neg):
        return static_problem(e.operand, program_consts, depth + 1)
    if isinstance(e, ast.BinOp) and e.op in ("+", "-", "*", "/", "%"):
        return (static_problem(e.left, program_consts, depth + 1)
                or static_problem(e.right, program_consts, depth + 1))
    return e


def evaluate(e: ast.Expr, program: Program, known: dict[str, Any], players: int) -> int:
    """The value of a key range's end, given the game's options (or options and
    constants, by name) and its number of players."""
    if isinstance(e, ast.Lit):
        number: int = e.value
        return number
    if isinstance(e, ast.Name):
        if e.ref == refs.Builtin("player_count"):
            return players
        if e.id in known and isinstance(e.ref, refs.Option):
            given: int = known[e.id]
            return given
        const: ast.ConstDecl | None = next((d for d in program.consts if d.name == e.id), None)
        if e.id in known:
            given = known[e.id]
            return given
        assert const is not None  # the checker let only options and consts in
        return evaluate(const.value, program, known, players)
    if isinstance(e, ast.Neg):
        return -evaluate(e.operand, program, known, players)
    e = cast(ast.BinOp, e)  # the checker let only + - * / % in (static_problem)
    a, b = evaluate(e.left, program, known, players), evaluate(e.right, program, known, players)
    if e.op in ("/", "%") and b == 0:
        raise RulesError("a key range divides by zero")
    return {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0,
            "%": a % b if b else 0}[e.op]
