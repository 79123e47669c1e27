"""Which locals a rule may still read once a ``choose`` of it is reached (the information-flow
check's: a value the chooser may not know, kept by the rule while it waits, is one a bot
deciding there would plan with; see ``FlowChecker.kept_for_later``).

Over-approximated from the text: every local read at or after the ``choose`` (its own
clauses too: ``where``, ``prefer``), and every local read anywhere in a loop around it (the
next time round). A local written again before it is read counts as read.

And whether statements may stop the rule, a loop or the game (``may_stop``): what follows an
``if`` whose branch may stop is still under its condition.
"""
from __future__ import annotations

from rulelang.language import ast, refs
from rulelang.language.errors import Span
from rulelang.language.traversal import walk

Place = tuple[int, int]  # (line, column)

LOOPS = (ast.For, ast.Repeat, ast.While, ast.Loop)


def reads_after(stmts: list[ast.Stmt]) -> dict[int, frozenset[str]]:
    """For each ``choose`` in ``stmts`` (by ``id``): the locals read at or after it."""
    reads: list[tuple[Place, str]] = []
    loops: list[Span] = []
    chooses: list[ast.Choose] = []
    for node in walk(stmts):
        span = getattr(node, "span", None)
        if span is None:
            continue
        if isinstance(node, ast.Name) and isinstance(node.ref, refs.Local):
            reads.append(((span.line, span.col), node.id))
        elif isinstance(node, LOOPS):
            loops.append(span)
        elif isinstance(node, ast.Choose):
            chooses.append(node)
    out: dict[int, frozenset[str]] = {}
    for choose in chooses:
        start = (choose.span.line, choose.span.col)
        names = {name for at, name in reads if at >= start}
        for loop in loops:
            if _within(start, loop):
                names.update(name for at, name in reads if _within(at, loop))
        out[id(choose)] = frozenset(names)
    return out


def _within(at: Place, span: Span) -> bool:
    return (span.line, span.col) <= at <= (span.end_line, span.end_col)


def may_stop(stmts: list[ast.Stmt]) -> bool:
    """Whether these statements may end the rule, the loop or the game before the end."""
    for s in stmts:
        if isinstance(s, (ast.Finish, ast.Break, ast.Continue)):
            return True
        if isinstance(s, ast.If) and (any(may_stop(b) for _, b in s.branches)
                                      or may_stop(s.other or [])):
            return True
    return False
