"""Text to syntax tree: the Lark grammar, keywords, syntax errors (the tree building is in builder.py)."""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulelang.language import ast
from rulelang.language.errors import Diagnostic, ParseError, Span
from rulelang.language.kept_files import cache_folder, private

if TYPE_CHECKING:
    from lark import Lark, Token, Tree
    from lark.exceptions import UnexpectedInput

    from rulelang.language.builder import Builder

# Lark, and the tree builder made on it, are imported where a text is parsed, not with this
# module: a process that finds every tree it needs kept (kept_trees.py, or parse()'s memory
# below) never parses, and importing Lark cost about a tenth of a `rulelang run`'s start.

_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_DEPTH = 150  # levels of the syntax tree: far beyond real rules, well within Python's stack
KEYWORDS = frozenset({  # words that start a statement or belong to expressions: never names
    "let", "move", "deal", "shuffle", "create", "place", "reveal", "tell", "choose", "if", "else",
    "then", "for", "repeat", "while", "loop", "break", "continue", "return", "log", "win",
    "lose", "end", "and", "or", "not", "in", "is", "true", "false", "none", "match",
})


GRAMMAR = Path(__file__).with_name("grammar.lark")


@functools.cache
def _lark() -> Lark:
    from lark import Lark

    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                start=["start", "expr_start"], maybe_placeholders=True,
                lexer_callbacks={"NAME": _hard_keyword}, cache=_table_cache() or False)


def _table_cache(grammar: bytes | None = None, kind: str = "parser") -> str | None:
    """Where Lark keeps its built parser tables between runs (building them is most of the
    start-up time), or None when there is no safe place: for the rules' grammar, or for
    another (``grammar``, its text; ``kind`` names its files).

    Lark reads the cache with pickle, so a file someone else could have written must never
    be read: the cache lives in this user's own cache folder, which must be theirs and
    closed to everyone else, and so must the file. The name carries a digest of the grammar,
    so a changed grammar never meets old tables (Lark checks that too).
    """
    folder = cache_folder()
    if folder is None:
        return None
    try:
        digest = hashlib.sha256(grammar or GRAMMAR.read_bytes()).hexdigest()[:16]
        import lark
        path = os.path.join(folder, f"{kind}-{digest}-lark{lark.__version__}-py"
                                    f"{sys.version_info[0]}.{sys.version_info[1]}.pickle")
        if os.path.lexists(path) and not private(os.lstat(path), directory=False):
            return None
    except OSError:
        return None
    return path


def _hard_keyword(token: Token) -> Token:
    """Where only a name can come, the lexer reads `win` as a name: make it the keyword again,
    so `let x = 1 +` then `win p` is an unfinished sum, not a sum with a variable 'win'."""
    if token.value in KEYWORDS:
        token.type = token.value.upper()
    return token


MAX_PARSED = 64  # modules kept by parse(), as pickles, the most recently used last...
MAX_PARSED_BYTES = 32_000_000  # ...and at most this many bytes of them in all
_PARSED: dict[tuple[str, str], bytes] = {}


def parse(text: str, file: str = "<rules>") -> ast.Module:
    """The syntax tree of a module. A text parsed before (under the same name) is not parsed
    again: a session, a server or a test suite parses the same files many times, and Lark's
    parse is most of loading one. What is kept is a pickle, so each caller gets its own tree
    to annotate (the checker does), at about a twentieth of the parse's cost."""
    kept = kept_tree(text, file)
    if kept is not None:
        module: ast.Module = pickle.loads(kept)
        return module
    module = _parse_module(text, file)
    try:
        keep_tree(text, file, pickle.dumps(module, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass  # not kept; parsed again next time
    return module


def kept_tree(text: str, file: str) -> bytes | None:
    """The pickled tree parse() keeps for this text under this name, if it does."""
    key = (file, text)
    kept = _PARSED.pop(key, None)
    if kept is not None:
        _PARSED[key] = kept  # the most recently used last
    return kept


def keep_tree(text: str, file: str, pickled: bytes) -> None:
    _PARSED[(file, text)] = pickled
    while len(_PARSED) > MAX_PARSED or (
            len(_PARSED) > 1 and sum(map(len, _PARSED.values())) > MAX_PARSED_BYTES):
        del _PARSED[next(iter(_PARSED))]


def _parse_module(text: str, file: str) -> ast.Module:
    from rulelang.language.builder import Builder
    from rulelang.language.teaching import place_explains

    tree = _parse_tree(text, file, "start")
    builder = Builder(file, text, parse_expr)
    decls: list[ast.Decl] = _build(builder, tree)
    teaching = sorted(builder.teaching, key=lambda e: (e.span.line, e.span.col))
    module = ast.Module(decls, file, teaching, span=Span(file, 1, 1, 1, 1))
    place_explains(module)
    return module


def parse_expr(text: str, file: str = "<expr>", line: int = 1, col: int = 1) -> ast.Expr:
    """Parse one expression (used for `{...}` inside strings), spans shifted to ``line:col``."""
    from rulelang.language.builder import Builder

    tree = _parse_tree(text, file, "expr_start", line, col)
    expr: ast.Expr = _build(Builder(file, text, parse_expr, line - 1, col - 1), tree)
    return expr


def _soft_keyword(error: UnexpectedInput) -> bool:
    """Keywords are soft: where a keyword cannot go but a name can, it is a name.

    Declaration words (card, score, turn...) are soft; the KEYWORDS never are, so
    `x = 1 +` followed by `win p` is an unfinished sum, not a sum with a name 'win'.

    LALR merges lookaheads, so after an expression the lexer may read `card` or
    `score` as the start of a declaration; the parser then feeds it as a name.
    """
    from lark import Token
    from lark.exceptions import UnexpectedToken

    if not isinstance(error, UnexpectedToken):
        return False
    token = error.token
    if not token.type.isupper() or not _NAME_RE.fullmatch(str(token)) or token in KEYWORDS:
        return False
    parser = error.interactive_parser
    if "NAME" not in parser.accepts():  # type: ignore[no-untyped-call]  # Lark leaves it unannotated
        return False
    parser.feed_token(Token.new_borrow_pos("NAME", str(token), token))
    return True


def _parse_tree(text: str, file: str, start: str, line_shift: int = 1,
                col_shift: int = 1) -> Tree[Token]:
    from lark.exceptions import UnexpectedInput

    from rulelang.language.syntax_errors import describe

    try:
        tree = _lark().parse(text, start=start, on_error=_soft_keyword)
    except UnexpectedInput as error:
        diagnostic = describe(error, text, file, line_shift, col_shift, _literals(),
                              in_string=start == "expr_start",
                              reparse=functools.partial(_failure_point, start=start))
        raise ParseError(diagnostic.message, [diagnostic], {file: text}) from None
    _check_depth(tree, text, file, line_shift - 1, col_shift - 1)
    return tree


def _failure_point(text: str, start: str) -> int | None:
    """Where parsing ``text`` fails (None if it does not): to try a fix an error message suggests."""
    from lark.exceptions import UnexpectedInput

    try:
        _lark().parse(text, start=start, on_error=_soft_keyword)
    except UnexpectedInput as error:
        at = getattr(error, "pos_in_stream", None)
        return len(text) if at is None or at < 0 else at
    return None


def _check_depth(tree: Tree[Token], text: str, file: str, dl: int, dc: int) -> None:
    """Refuse absurdly deep nesting, before anything walks the tree recursively."""
    from lark import Tree

    from rulelang.language.builder import span_of

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


def _build(builder: Builder, tree: Tree[Token]) -> Any:
    """Run the tree builder; its own ParseErrors come out as they are, not wrapped by Lark."""
    from lark.exceptions import VisitError

    try:
        return builder.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, ParseError):
            raise error.orig_exc from None
        raise


@functools.cache
def _literals() -> dict[str, str]:
    """Terminal name -> its fixed text ('LBRACE' -> '{'), for 'expected ...' hints."""
    from lark.lexer import PatternStr

    return {t.name: t.pattern.value for t in _lark().terminals if isinstance(t.pattern, PatternStr)}
