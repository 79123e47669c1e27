"""Writing generated Python source, remembering which rules line each output line runs.

The source is built from the checked syntax tree only. Nothing an author wrote enters
it except as a literal made by ``repr`` of a str or an int (``literal``): rule, zone,
variable and field names become generated identifiers (``rule_3``, ``s2``) or quoted
dictionary keys, so a hostile name or string in a ``.rules`` file cannot inject code.
Comments name the rules part they come from with the same ``repr``.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from interpreter.runtime.failures import CallSite, InlinedPart, LineOrigin, Operation, Order
from rulelang.language import ast
from rulelang.language.errors import Span


def literal(value: object) -> str:
    """A Python literal for a value from the rules: only None, bools, ints and strs."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if type(value) is int:
        return repr(value)
    if type(value) is str:
        return repr(value)
    raise TypeError(f"not a literal: {type(value).__name__}")


class Writer:
    """Lines of Python source; for each line, the region (a unit's name, or None inside
    a function or helper), the span of the statement it runs, the function of the rules it
    belongs to, and the parts of functions written out in it (``failures.LineOrigin``)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.where: list[LineOrigin] = []
        self.depth = 0
        self.region: str | None = None
        self.span: Span | None = None
        # the code of each operation written (``a > b``, ``divide(a, b)``) -> the operations
        # of the rules written so: a failure in one is told at it (``failures.failed_operation``)
        self.operations: dict[str, list[Operation]] = {}
        # the code of each call of a function of the rules written (``fn_2(g, a)``) -> the
        # calls written so: a failure in the function names its caller at the call
        # (``failures.failed_calls``)
        self.calls: dict[str, list[CallSite]] = {}
        # the ends of the then-branches of the if-then-else expressions whose condition is
        # being written (``Order``)
        self.conditions: list[tuple[int, int]] = []
        self.fn: str | None = None  # the function of the rules being written, if any
        # parts of functions written out at calls, not yet found in a line written
        self.pending: list[InlinedPart] = []

    def operation(self, code: str, e: ast.Expr, *operands: ast.Expr,
                  compares: bool = False) -> None:
        """``code`` (as Python's positions will show it when it fails) writes ``e``."""
        if e.span is None or any(o.span is None for o in operands):
            return
        literals = tuple(isinstance(o.operand if isinstance(o, ast.Neg) else o, ast.Lit)
                         for o in operands)
        self.operations.setdefault(code, []).append(
            Operation(e.span, tuple(o.span for o in operands), literals, compares,
                      self.order(e.span)))

    def call(self, code: str, e: ast.Expr) -> None:
        """``code`` (as Python's positions will show it when the call is on the way to a
        failure) calls a function of the rules at ``e``."""
        if e.span is not None:
            self.calls.setdefault(code, []).append(CallSite(e.span, self.order(e.span)))

    def inlined_part(self, code: str, fn: str, span: Span | None, call: Span | None) -> None:
        """``code`` writes out a part (at ``span``) of the function ``fn`` at a call (at
        ``call``)."""
        if span is not None and code:
            self.pending.append(InlinedPart(fn, span, code, call,
                                            self.order(call) if call is not None else ()))

    def order(self, span: Span) -> Order:
        """Where code written at ``span`` now lies in Python's order (``Order``)."""
        return (*self.conditions, (span.line, span.col))

    @contextmanager
    def condition_after(self, then: Span | None) -> Iterator[None]:
        """Writing the condition of an if-then-else whose then-branch is at ``then``:
        Python writes it after that branch."""
        if then is None:
            yield
            return
        self.conditions.append((then.end_line, then.end_col))
        try:
            yield
        finally:
            self.conditions.pop()

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)
        inlined: tuple[InlinedPart, ...] = ()
        if self.pending:  # (the line its code is found in first, from the next one written)
            inlined = tuple(p for p in self.pending if p.code in text)
            if inlined:
                self.pending = [p for p in self.pending if p.code not in text]
        self.where.append(LineOrigin(self.region, self.span, self.fn, inlined))

    def comment(self, text: str) -> None:
        self("# " + text.replace("\n", " ").replace("\r", " "))

    @contextmanager
    def indent(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    @contextmanager
    def at(self, span: Span | None) -> Iterator[None]:
        """Lines written inside run the statement at ``span`` (for error positions)."""
        saved = self.span
        self.span = span
        try:
            yield
        finally:
            self.span = saved

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
