"""What each part of the checker (expressions, statements, zones, campaign) uses of the whole.

The Checker (rulelang.language.checker) is made of these parts; each part calls methods and
reads state that another part or the Checker itself defines. They are declared here once, for
the type checker only: at run time this base class is empty.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulelang.language import ast
    from rulelang.language import types as T
    from rulelang.language.checker import CardKind, Program, Symbol, TableInfo
    from rulelang.language.checker.expressions import Scope, Unit
    from rulelang.language.errors import Diagnostic, Fix, Span

# A hint shown under an error: text, or a function that works it out only if the error is shown.
Hint = str | Callable[[], str | None] | None


class CheckerBase:
    if TYPE_CHECKING:
        modules: list[ast.Module]
        program: Program
        diagnostics: list[Diagnostic]
        rechecking: bool
        library: bool
        symbols: dict[str, Symbol]
        dummies: int
        ambiguous: dict[str, set[str]]
        enums: dict[str, list[str]]
        made: dict[str, int]
        cards: dict[str, CardKind]
        tables: dict[str, TableInfo]
        global_unit: Unit
        calls: dict[str, set[str]]
        rules_as_values: set[str]
        rule_call_site: ast.Call | None
        returning: ast.RuleDecl | None
        unit_name: str
        previous: ast.Stmt | None
        option_worked_out: str | None
        open_blocks: list[list[ast.Stmt]]

        # the Checker's
        def error(self, span: Span | None, message: str, hint: Hint = None,
                  fix: Fix | None = None) -> None: ...
        def source_of(self, span: Span | None, longest: int = 30) -> str | None: ...
        def written(self, span: Span) -> str: ...
        def unknown(self, span: Span | None, name: str, what: str,
                    candidates: Iterable[str]) -> None: ...
        def define(self, kind: str, name: str, ty: T.Type, decl: ast.Node | str,
                   span: Span | None, library: bool, keys: list[T.Type] | None = None) -> None: ...
        def type_of(self, ref: ast.TypeRef | None) -> T.Type: ...
        def top_scope(self) -> Scope: ...
        def use_const(self, sym: Symbol, span: Span | None) -> None: ...
        def let_later(self, name: str, span: Span | None) -> ast.Let | None: ...
        def used_before_let(self, name: str, span: Span | None) -> bool: ...
        def fn_type(self, d: ast.FnDecl) -> T.Type: ...

        # the expressions'
        def expr(self, e: ast.Expr, scope: Scope) -> T.Type: ...
        def expect(self, e: ast.Expr, scope: Scope, want: T.Type, what: str,
                   hint: Callable[[T.Type], str | None] | None = None) -> T.Type: ...
        def bind_loop_names(self, names: list[str], elem: T.Type, scope: Scope,
                            span: Span | None) -> list[int]: ...
        def element_of(self, t: T.Type) -> T.Type: ...
        def attr_type(self, e: ast.Attr, ot: T.Type) -> T.Type: ...

        # the statements'
        def let_type(self, s: ast.Let, scope: Scope) -> T.Type: ...
        def new_local(self, s: ast.Let | ast.Create, scope: Scope) -> None: ...

        # the zones'
        def check_layouts(self) -> None: ...

        # the campaign's
        def check_after(self) -> None: ...
        def campaign_var(self, d: ast.VarDecl, ty: T.Type, visibility: str | None) -> None: ...
