"""A failure while rules run, as an error that points at the ``.rules`` file.

The generated module remembers, for each of its lines, which unit or function of the rules
it belongs to, which statement (or let, or body) it runs, which functions' parts were
written out in it at their calls, and the code of each call of a function
(``compiler.source.Writer``). The frames of the generated module in the traceback give the
calls that led to the failure (``failed_calls``): the innermost unit, then each function it
called; the code of the instruction each frame was running (its positions, by column) finds
the functions written out in a line around it (``inlined_calls``), the call it was making
(``call_made``), and the operation that failed (a comparison, a sum: ``failed_operation``).
The error is told in the innermost, each caller after it as a note at its call ("called from
fn side", "called from turn"). All of it only when the error is reported, so the generated
code does no bookkeeping of its own.
"""
from __future__ import annotations

from collections.abc import Mapping
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


# Where a piece of code lies in Python's order: the ends of the then-branches of the
# if-then-else expressions whose condition holds it (outermost first; Python writes a
# condition after its then-branch), then its own start (line, col). Pieces of code the same
# text in one generated line are told apart by their order there (``Writer.order``).
Order = tuple[tuple[int, int], ...]


@attrs.frozen
class LineOrigin:
    """Where a line of the generated module comes from (``Compiled.where``, one a line)."""
    region: str | None  # the unit's name ("rule deal"), or None inside a function or helper
    span: Span | None  # the rules statement it runs
    fn: str | None = None  # the function of the rules whose code it is (its lets, its body)
    inlined: tuple[InlinedPart, ...] = ()  # the parts of functions written out in the line


@attrs.frozen
class InlinedPart:
    """A part (a let's value, the body) of a function of the rules written out where it is
    called (compiler/inline.py): the function's name, the part's span, its code, and the
    span of the call it is written out at. A failure inside that code, found by Python's
    positions, is told in the function, its caller at that call."""
    fn: str
    span: Span
    code: str
    call: Span | None = None
    order: Order = ()  # the call's (``Order``)


@attrs.frozen
class Operation:
    """An operation of the rules the generated code writes with Python's operators or one
    helper's call (``Writer.operations``, by its code): where it is written, and its
    operands', each with whether it is a literal (a number written in the rules)."""
    span: Span
    operands: tuple[Span, ...]
    literals: tuple[bool, ...]
    compares: bool  # a comparison ("cannot compare"), else arithmetic ("cannot work out")
    order: Order = ()


@attrs.frozen
class CallSite:
    """A call of a function of the rules written (``Writer.calls``): its span and order."""
    span: Span
    order: Order


@attrs.frozen
class Call:
    """A step of the calls that led to a failure, in the rules' terms: the unit or the
    function of the rules running (``where``: "on end", "fn edge") and the span of its
    statement, let or body running, or (a caller) of the call it made where it is known."""
    where: str
    span: Span | None


@attrs.frozen
class CallRun:
    """A call, made ``times`` over in a row (a function calling itself)."""
    call: Call
    times: int


@attrs.frozen
class FailedCode:
    """A generated line (as bytes: Python's columns count bytes) and the columns of the
    instruction that failed in it."""
    written: bytes
    col: int
    end_col: int


@attrs.frozen
class Around:
    """A part of a function written out, found in a line from ``start`` to ``end``."""
    start: int
    end: int
    part: InlinedPart


# a failure in a function lists at most this many of the calls that led to it
CALLS_SHOWN = 6


def runtime_error(g: Game, error: BaseException) -> RulesRuntimeError:
    calls = failed_calls(g, error.__traceback__)
    innermost = calls[-1]
    sources = g.rules.program.sources
    operation = failed_operation(g, error.__traceback__, innermost.span)
    text = f"in {innermost.where}: {message(error, operation, sources)}"
    span = operation.span if operation is not None else innermost.span
    diagnostics = [Diagnostic(text, span)]
    callers = _collapsed(calls[:-1])
    for run in reversed(callers[-CALLS_SHOWN:]):
        again = f" ({run.times} calls)" if run.times > 1 else ""
        diagnostics.append(Diagnostic(f"called from {run.call.where}{again}", run.call.span,
                                      severity="note"))
    if len(callers) > CALLS_SHOWN:
        diagnostics.append(Diagnostic(f"and {len(callers) - CALLS_SHOWN} calls before",
                                      severity="note"))
    failure = RulesRuntimeError(text, diagnostics, sources)
    failure.game = g
    return failure


def _collapsed(calls: list[Call]) -> list[CallRun]:
    """The calls, each run of the same call (a function calling itself) as one, counted."""
    runs: list[CallRun] = []
    for call in calls:
        if runs and runs[-1].call == call:
            runs[-1] = CallRun(call, runs[-1].times + 1)
        else:
            runs.append(CallRun(call, 1))
    return runs


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


def failed_calls(g: Game, tb: TracebackType | None) -> list[Call]:
    """The calls that led to a failure, outermost first: the innermost unit in the traceback,
    then each function of the rules it called (a called one by the frames of the generated
    module that run its lines, but for a comprehension's or a lambda's frame inside them,
    which is no call of the rules; one written out at its call by the code of the instruction
    its caller's frame was running, ``inlined_calls``). The innermost is at the let or body
    it ran, each caller at the call it made (``called_at``) or else at its statement. Worked
    out only when a failure is reported: the generated code keeps no trace of its calls."""
    code = g.rules.code
    calls = [Call("setting up the game", None)]
    last = None  # the frame of the generated module the next call was made from
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == code.filename:
            origin = code.where[tb.tb_lineno - 1]
            if origin.region is not None:
                calls = [Call(origin.region, origin.span)]
            elif origin.fn is not None and not tb.tb_frame.f_code.co_name.startswith("<"):
                if last is not None:
                    calls[-1:] = called_at(g, last, calls[-1], call_made(g, last))
                calls.append(Call(f"fn {origin.fn}", origin.span))
            last = tb
        tb = tb.tb_next
    if last is not None:
        calls[-1:] = called_at(g, last, calls[-1], None)
    return calls


def called_at(g: Game, tb: TracebackType, caller: Call, made: Code | None) -> list[Call]:
    """``caller``, running the instruction of ``tb``, and the functions written out in it
    around that instruction (``inlined_calls``), each at the call of the next; the last at
    the call ``made`` (the code of a call of a function the frame was making), when it is
    found in its let or body."""
    parts = inlined_calls(g, tb)
    chain = [caller] + [Call(f"fn {part.fn}", part.span) for part in parts]
    for i, part in enumerate(parts):
        if part.call is not None:
            chain[i] = attrs.evolve(chain[i], span=part.call)
    if made is not None and chain[-1].span is not None:
        found = _found_in(g.rules.code.calls, made, chain[-1].span)
        if found:
            chain[-1] = attrs.evolve(chain[-1], span=found[min(made.before, len(found) - 1)])
    return chain


@attrs.frozen
class Code:
    """The code of the instruction a frame ran (as Python's positions show it) and how many
    times the same code is written before it in its line."""
    text: str
    before: int


def call_made(g: Game, tb: TracebackType) -> Code | None:
    """The code of the call a frame of the generated module was making (of the function whose
    frame comes next)."""
    failed = _failed_code(g, tb)
    if failed is None:
        return None
    segment = failed.written[failed.col:failed.end_col]
    return Code(segment.decode("utf-8", "replace"), failed.written[:failed.col].count(segment))


def _found_in(table: Mapping[str, list[CallSite]], code: Code, within: Span) -> list[Span]:
    """The spans written with ``code`` inside ``within``, in the order Python's code has
    them (``Order``)."""
    found = sorted({site for site in table.get(code.text, ()) if _inside(site.span, within)},
                   key=lambda site: site.order)
    return [site.span for site in found]


def _failed_code(g: Game, tb: TracebackType) -> FailedCode | None:
    """The generated line that ``tb`` ran, and the columns of the instruction that failed
    in it; None when Python does not say."""
    code = g.rules.code
    positions = list(tb.tb_frame.f_code.co_positions())
    index = tb.tb_lasti // 2
    if not 0 <= index < len(positions):
        return None
    line, end_line, col, end_col = positions[index]
    lines = code.source.split("\n")
    if line is None or line != end_line or col is None or end_col is None \
            or not 1 <= line <= len(lines):
        return None
    return FailedCode(lines[line - 1].encode("utf-8"), col, end_col)


def inlined_calls(g: Game, tb: TracebackType) -> list[InlinedPart]:
    """The parts of functions of the rules written out at their calls whose code holds the
    instruction ``tb`` ran, outermost first: each part written out in the line
    (``LineOrigin.inlined``) whose code is found there around the instruction's columns."""
    failed = _failed_code(g, tb)
    inlined = g.rules.code.where[tb.tb_lineno - 1].inlined
    if failed is None or not inlined:
        return []
    written, col, end_col = failed.written, failed.col, failed.end_col
    by_code: dict[str, list[InlinedPart]] = {}  # parts alike in code: calls alike
    for part in dict.fromkeys(inlined):
        by_code.setdefault(part.code, []).append(part)
    around: list[Around] = []
    for code_text, parts in by_code.items():
        parts.sort(key=lambda part: part.order)  # the k-th written is the k-th in the line
        part_code = code_text.encode("utf-8")
        start, k = written.find(part_code), 0
        while start != -1:
            end = start + len(part_code)
            if start <= col and end_col <= end:
                around.append(Around(start, end, parts[min(k, len(parts) - 1)]))
            start, k = written.find(part_code, start + 1), k + 1
    around.sort(key=lambda a: (a.start, -a.end))  # the outermost first
    return [a.part for a in around]


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
    failed = _failed_code(g, last)
    if failed is None:
        return None
    written, col, end_col = failed.written, failed.col, failed.end_col
    segment = written[col:end_col]
    found = sorted({op for op in code.operations.get(segment.decode("utf-8", "replace"), ())
                    if _inside(op.span, within)}, key=lambda op: op.order)
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
