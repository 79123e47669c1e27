"""Text to syntax tree: the Lark grammar, keywords, syntax errors (the tree building is in build.py)."""
from __future__ import annotations

import functools
import re

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError
from lark.lexer import PatternStr

from rulelang import ast
from rulelang.errors import Diagnostic, ParseError, Span

from rulelang.build import Builder, span_of
from rulelang.syntax_errors import describe


_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_DEPTH = 150  # levels of the syntax tree: far beyond real rules, well within Python's stack
KEYWORDS = frozenset({  # words that start a statement or belong to expressions: never names
    "let", "move", "deal", "shuffle", "create", "place", "reveal", "choose", "if", "else",
    "then", "for", "repeat", "while", "loop", "break", "continue", "return", "log", "win",
    "lose", "end", "and", "or", "not", "in", "is", "true", "false", "none",
})


@functools.cache
def _lark() -> Lark:
    return Lark.open("grammar.lark", rel_to=__file__, parser="lalr",
                     propagate_positions=True, start=["start", "expr_start"],
                     maybe_placeholders=True, lexer_callbacks={"NAME": _hard_keyword})


def _hard_keyword(token: Token) -> Token:
    """Where only a name can come, the lexer reads `win` as a name: make it the keyword again,
    so `let x = 1 +` then `win p` is an unfinished sum, not a sum with a variable 'win'."""
    if token.value in KEYWORDS:
        token.type = token.value.upper()
    return token


def parse(text: str, file: str = "<rules>") -> ast.Module:
    tree = _parse_tree(text, file, "start")
    decls = _build(Builder(file, text), tree)
    return ast.Module(decls, file, span=Span(file, 1, 1, 1, 1))


def parse_expr(text: str, file: str = "<expr>", line: int = 1, col: int = 1) -> ast.Expr:
    """Parse one expression (used for `{...}` inside strings), spans shifted to ``line:col``."""
    tree = _parse_tree(text, file, "expr_start", line, col)
    return _build(Builder(file, text, line - 1, col - 1), tree)


def _soft_keyword(error) -> bool:
    """Keywords are soft: where a keyword cannot go but a name can, it is a name.

    Declaration words (card, score, turn...) are soft; the KEYWORDS never are, so
    `x = 1 +` followed by `win p` is an unfinished sum, not a sum with a name 'win'.

    LALR merges lookaheads, so after an expression the lexer may read `card` or
    `score` as the start of a declaration; the parser then feeds it as a name.
    """
    if not isinstance(error, UnexpectedToken):
        return False
    token = error.token
    if not token.type.isupper() or not _NAME_RE.fullmatch(str(token)) or token in KEYWORDS:
        return False
    parser = error.interactive_parser
    if "NAME" not in parser.accepts():
        return False
    parser.feed_token(Token.new_borrow_pos("NAME", str(token), token))
    return True


def _parse_tree(text, file, start, line_shift=1, col_shift=1):
    try:
        tree = _lark().parse(text, start=start, on_error=_soft_keyword)
    except UnexpectedInput as error:
        diagnostic = describe(error, text, file, line_shift, col_shift, _literals(),
                              in_string=start == "expr_start",
                              reparse=functools.partial(_failure_point, start=start))
        raise ParseError(diagnostic.message, [diagnostic], {file: text}) from None
    _check_depth(tree, text, file, line_shift - 1, col_shift - 1)
    return tree


def _failure_point(text, start):
    """Where parsing ``text`` fails (None if it does not): to try a fix an error message suggests."""
    try:
        _lark().parse(text, start=start, on_error=_soft_keyword)
    except UnexpectedInput as error:
        at = getattr(error, "pos_in_stream", None)
        return len(text) if at is None or at < 0 else at
    return None


def _check_depth(tree, text, file, dl, dc):
    """Refuse absurdly deep nesting, before anything walks the tree recursively."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            span = span_of(file, node.meta, dl, dc)
            message = f"this is nested too deeply (more than {MAX_DEPTH} levels)"
            raise ParseError(message, [Diagnostic(
                message, span, "split it up: name parts with let, or move them into a fn or "
                               "a rule")], {file: text})
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def _build(builder, tree):
    """Run the tree builder; its own ParseErrors come out as they are, not wrapped by Lark."""
    try:
        return builder.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, ParseError):
            raise error.orig_exc from None
        raise


@functools.cache
def _literals() -> dict:
    """Terminal name -> its fixed text ('LBRACE' -> '{'), for 'expected ...' hints."""
    return {t.name: t.pattern.value for t in _lark().terminals if isinstance(t.pattern, PatternStr)}
