"""A failure while rules run, as an error that points at the ``.rules`` file.

The generated module remembers, for each of its lines, which unit it belongs to and
which statement it runs (``compiler.source.Writer``). The innermost line of a unit in
the traceback is the statement that failed (a function's own lines are skipped: an
error inside one is reported at the statement that called it, as is a runaway count).
Within that statement, the operation that failed (a comparison, a sum) is found from the
instruction Python was running (``failed_operation``): only then, when the error is
reported, so the generated code does no bookkeeping of its own.
"""
from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

import attrs

from interpreter.runtime.python_errors import in_words, operand_kinds, operation_words
from interpreter.runtime.values import Fail
from rulelang.language.errors import Diagnostic, RulesRuntimeError, Span, span_text

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game


class GameOver(Exception):
    """Raised by ``Game.finish`` to leave whatever rules were running."""


# What a ruleset's code may raise as it runs, each turned into a RulesRuntimeError that says
# where (``runtime_error``): the rules' own failures, and Python's where the rules fail it
GUARDED = (Fail, RecursionError, TypeError, AttributeError, KeyError, IndexError, ValueError)


@attrs.frozen
class LineOrigin:
    """Where a line of the generated module comes from (``Compiled.where``, one a line)."""
    region: str | None  # the unit's name ("rule deal"), or None inside a function or helper
    span: Span | None  # the rules statement it runs


@attrs.frozen
class Operation:
    """An operation of the rules the generated code writes with Python's operators or one
    helper's call (``Writer.operations``, by its code): where it is written, and its
    operands', each with whether it is a literal (a number written in the rules)."""
    span: Span
    operands: tuple[Span, ...]
    literals: tuple[bool, ...]
    compares: bool  # a comparison ("cannot compare"), else arithmetic ("cannot work out")


def runtime_error(g: Game, error: BaseException) -> RulesRuntimeError:
    origin = locate(g, error.__traceback__)
    sources = g.rules.program.sources
    operation = failed_operation(g, error.__traceback__, origin.span)
    text = f"in {origin.region}: {message(error, operation, sources)}"
    span = operation.span if operation is not None else origin.span
    failure = RulesRuntimeError(text, [Diagnostic(text, span)], sources)
    failure.game = g
    return failure


def message(error: BaseException, operation: Operation | None = None,
            sources: dict[str, str] | None = None) -> str:
    if isinstance(error, Fail):
        return str(error)
    if operation is not None:
        worded = _operation_message(error, operation, sources or {})
        if worded is not None:
            return worded
    if isinstance(error, RecursionError):
        return ("rules and functions call one another too deeply (a chain of calls some "
                "hundreds long, or one that never ends)")
    worded = in_words(error)
    if worded is not None:
        return worded
    return f"{error.__class__.__name__}: {error}"


def locate(g: Game, tb: TracebackType | None) -> LineOrigin:
    """The unit and the statement of the innermost line of a unit in the traceback."""
    code = g.rules.code
    found = LineOrigin("setting up the game", None)
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == code.filename:
            origin = code.where[tb.tb_lineno - 1]
            if origin.region is not None:
                found = origin
        tb = tb.tb_next
    return found


# an operand named in a message ("bid[q] is none") is at most this long, on one line
NAMED_OPERAND = 40


def failed_operation(g: Game, tb: TracebackType | None,
                     within: Span | None) -> Operation | None:
    """The operation of the statement at ``within`` that failed, if the innermost line of the
    generated module in the traceback was running one: the code of the instruction it ran
    (Python's positions, by column) is the code of an operation written in that statement."""
    code = g.rules.code
    last = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == code.filename:
            last = tb
        tb = tb.tb_next
    if last is None or within is None:
        return None
    positions = list(last.tb_frame.f_code.co_positions())
    index = last.tb_lasti // 2
    if not 0 <= index < len(positions):
        return None
    line, end_line, col, end_col = positions[index]
    lines = code.source.split("\n")
    if line is None or line != end_line or col is None or end_col is None \
            or not 1 <= line <= len(lines):
        return None
    written = lines[line - 1].encode("utf-8")  # (Python's columns count bytes)
    segment = written[col:end_col]
    found = sorted({op for op in code.operations.get(segment.decode("utf-8", "replace"), ())
                    if _inside(op.span, within)}, key=lambda op: (op.span.line, op.span.col))
    if not found:
        return None
    # the same code twice in the statement: the one written as often before it in the line
    return found[min(written[:col].count(segment), len(found) - 1)]


def _inside(span: Span, within: Span) -> bool:
    return span.file == within.file and (within.line, within.col) <= (span.line, span.col) \
        and (span.end_line, span.end_col) <= (within.end_line, within.end_col)


def _operation_message(error: BaseException, operation: Operation,
                       sources: dict[str, str]) -> str | None:
    """The message for ``operation`` failed by a value of the wrong kind, naming what was
    none: "cannot compare none > 0: bid[q] is none"; None when the error is of another kind
    or does not fit the operation's operands."""
    kinds = operand_kinds(error)
    if kinds is None or len(kinds[1]) != len(operation.operands):
        return None
    op, types = kinds
    shown, nones = [], []
    for span, is_literal, python_type in zip(operation.operands, operation.literals, types):
        text = span_text(sources, span)
        if python_type == "NoneType" and text is not None and "\n" not in text \
                and len(text) <= NAMED_OPERAND:
            nones.append(text)
        shown.append(text if is_literal and python_type != "NoneType" and text is not None
                     else None)
    worded = operation_words(op, types, shown, operation.compares)
    if worded is None:
        return None
    head, hint = worded
    if nones and len(nones) == types.count("NoneType"):
        head += f": {' and '.join(nones)} {'is' if len(nones) == 1 else 'are'} none"
    return head + hint
