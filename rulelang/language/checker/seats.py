"""What to write instead, when a seat is used as a number or a number as a seat.

Seats are their own type: ``P1``, ``P2``... (and a dummy's name), never numbers, so there
is no arithmetic on them. Rules written when seats were numbers from 0 meet these hints:
each says what to write now, with the text the author wrote where it is short.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rulelang.language import ast
from rulelang.language import types as T
from rulelang.language.errors import Span

if TYPE_CHECKING:
    from rulelang.language.checker.checker_base import CheckerBase

NO_ARITHMETIC = ("seats are not numbers: next(p) is the seat after p, previous(p) the seat "
                 "before it, index_of(players, p) its position from 0")


def is_seat(t: T.Type) -> bool:
    return t == T.SEAT or (t.name == "list" and t.arg == T.SEAT)


def is_number(t: T.Type) -> bool:
    return t == T.INT or (t.name == "list" and t.arg == T.INT)


def _number(node: ast.Node | None) -> int | None:
    """The whole number a literal writes (not true/false), else None."""
    if isinstance(node, ast.Lit) and type(node.value) is int:
        number: int = node.value
        return number
    return None


def seat_for(node: ast.Node | None, most: int) -> str | None:
    """How a number written for a seat (seats were numbered from 0) is written now:
    ``0`` -> ``P1``, ``[0, 1]`` -> ``[P1, P2]``; None if it is no seat of a game with at
    most ``most`` players."""
    n = _number(node)
    if n is not None:
        return f"P{n + 1}" if 0 <= n < most else None
    if isinstance(node, ast.ListLit) and node.items:
        items = [seat_for(item, most) for item in node.items]
        written = [item for item in items if item]
        return "[" + ", ".join(written) + "]" if len(written) == len(items) else None
    return None


def _seats(most: int) -> str:
    return "P1" if most == 1 else "P1, P2" if most == 2 else f"P1 to P{most}"


def mismatch_hint(checker: CheckerBase, node: ast.Node | None, got: T.Type,
                  want: T.Type) -> str | None:
    """The hint for ``node`` (of type ``got``) where ``want`` is needed, when one is a seat
    and the other a number (or lists of them), or a text stands for a card; None otherwise."""
    if is_seat(want) and is_number(got):
        most = checker.program.max_players
        written = seat_for(node, most)
        if written is not None:
            return f"a seat is written P1, P2... (seats are not numbers): write {written}"
        return (f"a seat is written {_seats(most)} (seats are not numbers); players[i] is the "
                "player at position i, from 0")
    if is_number(want) and got == T.SEAT:
        text = checker.source_of(node.span) if node is not None and node.span else None
        return (f"a seat is not a number: index_of(players, {text or 'p'}) is its position "
                "from 0")
    if want.name == "card" and got == T.TEXT:
        text = checker.source_of(node.span) if node is not None and node.span else None
        return (f"a text is not a card, even its name: the card named so is found where it "
                f"lies, like first([c for c in ZONE if text(c) == {text or 'NAME'}])")
    return None


def arithmetic_hint(source_of: Callable[[Span | None], str | None], node: ast.Expr) -> str:
    """For ``p + 1``, ``p - 1`` and the like, where a side is a seat."""
    if isinstance(node, ast.BinOp) and node.op in "+-" and _number(node.right) == 1 \
            and node.left.ty == T.SEAT:
        text = source_of(node.left.span)
        if text:
            return (f"seats are not numbers: write {'next' if node.op == '+' else 'previous'}"
                    f"({text}) for the seat {'after' if node.op == '+' else 'before'} it")
    return NO_ARITHMETIC


def compare_hint(checker: CheckerBase, node: ast.Compare, left: T.Type,
                 right: T.Type) -> str | None:
    """For ``p == 0``: the seat that number meant (seats were numbered from 0)."""
    if {left.name, right.name} != {"seat", "int"}:
        return None
    number_side, seat_side = (node.right, node.left) if right == T.INT else (node.left, node.right)
    written = seat_for(number_side, checker.program.max_players)
    if written is not None:
        return f"a seat is written P1, P2... (seats are not numbers): compare with {written}"
    seat = checker.source_of(seat_side.span) or "p"
    return (f"a seat is not a number: compare index_of(players, {seat}), its position from 0, "
            f"or compare {seat} with players[i]")
