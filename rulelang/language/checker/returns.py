"""Rules that give back a value (``rule NAME(...) -> TYPE``): their ``return VALUE``
checked against the type, and every way through them ending in one."""
from __future__ import annotations

from rulelang.language import ast
from rulelang.language import types as T
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.expressions import Scope
from rulelang.language.errors import Span


def signature(decl: ast.RuleDecl) -> str:
    return f"{decl.name}({', '.join(p.name for p in decl.params)})"


class ReturnChecker(CheckerBase):
    """Mixed into the Checker (``returning``: the rule being checked)."""

    def check_falls_off(self, d: ast.RuleDecl) -> None:
        if d.returns is not None and may_fall_off(d.body):
            self.error(_closing_brace(d.span), f"rule '{d.name}' can reach its end without "
                                               "giving back a value",
                       f"end every way through it with return VALUE (it gives back "
                       f"{T.spoken(self.type_of(d.returns))})")

    def s_Return(self, s: ast.Return, scope: Scope, loops: int) -> None:
        """``return VALUE`` in a rule: VALUE may be another rule's call as a whole (``return
        r(...)``: the place of a let's value, the rule's value given back as it comes)."""
        rule = self.returning
        if rule is not None and isinstance(s.value, ast.Call):
            self.rule_call_site = s.value
        try:
            self.return_value(s, scope, rule)
        finally:
            self.rule_call_site = None

    def return_value(self, s: ast.Return, scope: Scope, rule: ast.RuleDecl | None) -> None:
        if rule is not None and rule.returns is not None:
            want = self.type_of(rule.returns)
            if s.value is None:
                self.error(s.span, f"rule '{rule.name}' gives back {T.spoken(want)}: "
                                   "'return' alone gives back nothing",
                           "write the value after it, on the same line: return VALUE")
            else:
                self.expect(s.value, scope, want, f"the value rule '{rule.name}' gives back")
            return
        if s.value is None:
            return
        got = self.expr(s.value, scope)
        if rule is None:
            self.error(s.value.span, "'return' gives back a value only in a rule",
                       "here 'return' alone leaves the block; a rule that gives back a value "
                       "says its type: rule NAME() -> TYPE { ... return VALUE }")
            return
        typed = "TYPE" if got in (T.ANY, T.NONE) else "player" if got == T.SEAT else str(got)
        self.error(s.value.span, f"rule '{rule.name}' gives back no value: it says no type",
                   f"say what it gives back: rule {signature(rule)} -> {typed} {{ ... }}, and "
                   f"call it as let x = {signature(rule)}")


def may_fall_off(stmts: list[ast.Stmt]) -> bool:
    """Can running these statements reach their end? (Not when one of them surely leaves:
    a return, a win, lose or end, an if whose every branch leaves, a loop with no break.)"""
    return not any(_leaves(s) for s in stmts)


def _leaves(s: ast.Stmt) -> bool:
    if isinstance(s, (ast.Return, ast.Finish)):
        return True
    if isinstance(s, ast.If):
        return s.other is not None and not may_fall_off(s.other) \
            and all(not may_fall_off(body) for _, body in s.branches)
    if isinstance(s, ast.Loop):
        return not _breaks(s.body)
    return False


def _breaks(stmts: list[ast.Stmt]) -> bool:
    """Does a ``break`` of this loop (not of a loop inside it) sit in these statements?"""
    for s in stmts:
        if isinstance(s, ast.Break):
            return True
        if isinstance(s, ast.If) and (any(_breaks(body) for _, body in s.branches)
                                      or (s.other is not None and _breaks(s.other))):
            return True
    return False


def _closing_brace(span: Span | None) -> Span | None:
    """The last character of a declaration (its closing brace)."""
    if span is None:
        return None
    return Span(span.file, span.end_line, max(1, span.end_col - 1), span.end_line, span.end_col)
