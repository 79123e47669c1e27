"""``rulelang fmt``: one layout for every .rules file.

The formatter changes only the space between tokens, never the tokens, and keeps the
author's line breaks:

- a statement, declaration or card item starts at two spaces per open ``{``;
- a line that continues the one before keeps its own alignment, shifted with its
  statement, and sits at least one step deeper than the statement;
- one space around operators and after commas, none inside brackets, around ``.``
  and ``..``, before a call's ``(`` or after a minus sign that negates; two between
  statements (or card items) that share a line;
- table rows become aligned columns (a very long cell is left out of the alignment);
- trailing comments on neighbouring lines line up two spaces after the longest line;
- at most one blank line in a row, none just inside braces, one newline at the end.

Before it returns, the formatter parses its own output and compares the syntax tree
with the original one (positions left out): a layout that changed the meaning of a file
is never written.
"""
from __future__ import annotations

import itertools
from typing import cast

import attrs

from rulelang.language import ast
from rulelang.language.errors import ParseError, RulesError
from rulelang.language.parser import KEYWORDS, parse
from rulelang.language.traversal import meaning, walk
from rulelang.tools.tokens import Tok, tokenize, vocabulary

INDENT = "  "
COMMENT_GAP = 2  # spaces between code and a trailing comment
WIDEST_ALIGNED_CELL = 32  # a longer table cell does not widen its column (it would widen them all)
_NO_SPACE_BEFORE = {",", ")", "]", ":", ".", ".."}
_NO_SPACE_AFTER = {"(", "[", ".", ".."}
_VALUES = {"true", "false", "none"}
_OPENS_STATEMENTS = {"{", "else", "=", ";"}  # a statement after these is its line's first


@attrs.define
class Line:
    """One line of the source as the formatter sees it."""
    code: list  # tokens, no spaces or comments
    comment: Tok | None
    indent: int  # columns of leading space in the source
    depth: int = 0  # braces open at its start, less the ones it starts by closing
    in_brackets: bool = False  # it starts inside ( ) or [ ]
    statement: bool = False  # it starts a statement, declaration or item
    text: str = ""  # the formatted code, indentation included
    comment_col: int | None = None  # the comment's column: in the source, then as laid out


def format_text(text: str, file: str = "<rules>") -> str:
    """The canonical layout of ``text``; raises ParseError if it is not valid rulelang."""
    if text.startswith("\ufeff"):  # a byte-order mark some editors write: kept, not rules
        return "\ufeff" + format_text(text[1:], file)
    if "\r\n" in text:  # a file written with Windows line ends keeps them
        return format_text(text.replace("\r\n", "\n"), file).replace("\n", "\r\n")
    module = parse(text, file)
    tokens = tokenize(text)
    lines = _lines(tokens)
    starts = _statement_starts(module, tokens)
    _mark_statements(lines, starts)
    _indent(lines, _words_as_keywords(module, tokens), starts)
    _align_tables(lines)
    result = _join(lines)
    if result == text:  # already in its layout: the same text means the same
        return result
    try:
        again = parse(result, file)
        same = (meaning(again.decls) == meaning(module.decls)
                and meaning(again.teaching) == meaning(module.teaching))
    except ParseError:
        same = False
    if not same:
        raise RulesError(f"{file}: formatting would change what this file means; it was left "
                         "as it is (please report this)")
    return result


# ------------------------------------------------------------------ reading lines

def _lines(tokens: list[Tok]) -> list[Line]:
    lines, current = [], Line([], None, 0)
    at_line_start = True
    for tok in tokens:
        if tok.kind == "newline":
            lines.append(current)
            current, at_line_start = Line([], None, 0), True
        elif tok.kind == "space":
            if at_line_start:
                current.indent = len(tok.text.expandtabs(4))
        elif tok.kind == "comment":
            current.comment = tok
            current.comment_col = tok.col if current.code else current.indent + 1
            at_line_start = False
        else:
            current.code.append(tok)
            at_line_start = False
    lines.append(current)
    return lines


def _statement_starts(module: ast.Module, tokens: list[Tok]) -> set:
    """(line, col) of every token that begins a statement, declaration or item."""
    starts, clause_exprs, fn_bodies = set(), set(), set()
    for node in walk(module.decls):
        if isinstance(node, (ast.Stmt, ast.Decl, ast.FieldDecl)):
            starts.add((node.span.line, node.span.col))
        if isinstance(node, ast.CardDecl):
            clause_exprs |= {(e.span.line, e.span.col) for e in (node.label, node.symbol, node.tint,
                                                                  node.note, node.drawing, node.edges)
                             if e is not None}
        if isinstance(node, ast.FnDecl):
            fn_bodies.add((node.body.span.line, node.body.span.col))
    code = [t for t in tokens if t.kind not in ("space", "newline", "comment")]
    for explain in module.teaching:  # kept beside the tree: each starts a line of its own,
        starts.add((explain.span.line, explain.span.col))  # and so does each line of its text
        starts |= {(t.line, t.col) for t in code if t.kind == "string"
                   and explain.span.line < t.line < explain.span.end_line}
    for before, tok in itertools.pairwise(code):
        where = (tok.line, tok.col)
        if where in clause_exprs:  # `name "..."` in a card starts at its word, before the value
            starts.add((before.line, before.col))
        if where in fn_bodies and before.text != "=":  # the value of fn f() { let ... value }
            starts.add(where)
    return starts


def _words_as_keywords(module: ast.Module, tokens: list[Tok]) -> frozenset:
    """(line, col) of each word the grammar also allows as a name (`prompt`, `by`, `at`...)
    used here as a keyword before a bracketed value: no value starts at the word, one starts
    in the bracket. That '(' is not a call, so it keeps its space: `prompt ("a" + b)` stays
    so, never `prompt("a" + b)`, which reads as a call (a declaration's `fn after(p: int)`
    has no value in its bracket)."""
    words = vocabulary().words
    value_starts = {(node.span.line, node.span.col) for node in walk(module.decls)
                    if isinstance(node, ast.Expr)}
    code = [t for t in tokens if t.kind not in ("space", "newline", "comment")]
    return frozenset(
        (word.line, word.col) for word, bracket, inside in zip(code, code[1:], code[2:])
        if word.kind == "name" and word.text in words and word.text not in KEYWORDS
        and bracket.text == "(" and (word.line, word.col) not in value_starts
        and ((bracket.line, bracket.col) in value_starts
             or (inside.line, inside.col) in value_starts))


def _mark_statements(lines: list[Line], starts: set) -> None:
    braces = brackets = 0
    last_code = None
    for line in lines:
        closers = 0
        for tok in line.code:
            if tok.text != "}":
                break
            closers += 1
        line.depth = max(braces - closers, 0)
        line.in_brackets = brackets > 0
        if line.code and not line.in_brackets:
            first = line.code[0]
            line.statement = ((first.line, first.col) in starts
                              or first.text in ("}", "{", "|") or first.kind == "table_rule"
                              or (first.text == "else" and last_code is not None
                                  and last_code.text == "}"))
        for tok in line.code:
            if tok.kind != "symbol":
                continue
            braces += {"{": 1, "}": -1}.get(tok.text, 0)
            brackets += {"(": 1, "[": 1, ")": -1, "]": -1}.get(tok.text, 0)
        if line.code:
            last_code = line.code[-1]


# ------------------------------------------------------------------ laying out

def _indent(lines: list[Line], keywords: frozenset = frozenset(),
            starts: set | frozenset = frozenset()) -> None:
    base_source, base_new = 0, 0  # indentation of the last statement: in the source, now
    previous = None
    for line in lines:
        if line.code and line.statement:
            width = len(INDENT) * line.depth
            base_source, base_new = line.indent, width
        elif line.code or line.in_brackets:  # a continuation keeps its place, shifted
            width = max(line.indent - base_source + base_new, base_new + len(INDENT))
        else:  # a comment on its own line sits with the code around it
            width = len(INDENT) * line.depth
        line.text = " " * width + _spaced(line.code, previous, keywords, starts)
        if line.code:
            previous = line.code[-1]


def _is_value_end(tok: Tok | None) -> bool:
    """Can this token end a value (so a '-' after it subtracts, a '(' after it calls)?"""
    if tok is None:
        return False
    if tok.kind == "name":
        return tok.text in _VALUES or not (tok.text in KEYWORDS or _is_connector(tok.text))
    return tok.kind in ("int", "string") or tok.text in (")", "]")


def _is_called(tok: Tok) -> bool:
    """Is a '(' or '[' right after this token a call or an index (written without a space)?"""
    if tok.kind == "name":
        return tok.text in _VALUES or tok.text not in KEYWORDS
    return tok.kind in ("int", "string") or tok.text in (")", "]")


def _is_connector(word: str) -> bool:
    """Words that join the parts of a statement (to, from, at, times...), never values."""
    v = vocabulary()
    return (word in v.words and word not in v.declaration_words and word not in v.member_words
            and word not in ("x", "list"))


def _spaced(code: list[Tok], previous: Tok | None, keywords: frozenset = frozenset(),
            starts: set | frozenset = frozenset()) -> str:
    """A line's tokens with the space between them: one, or none (``_tight``), or two
    between statements (or card items) that share a line, as the docs write them:
    ``{ c.at = 0  log "{c} is hit" }``."""
    out: list[str] = []
    unary = False  # the token before was a '-' that negates
    for tok in code:
        # (previous is set once out has a token)
        if out and previous is not None and not _tight(previous, tok, unary, keywords):
            out.append("  " if (tok.line, tok.col) in starts
                       and previous.text not in _OPENS_STATEMENTS else " ")
        out.append(tok.text)
        unary = tok.text == "-" and not _is_value_end(previous)
        previous = tok
    return "".join(out)


def _tight(before: Tok, tok: Tok, after_unary: bool, keywords: frozenset) -> bool:
    """No space between these two tokens (``keywords``: see _words_as_keywords)."""
    return (after_unary or before.text in _NO_SPACE_AFTER or tok.text in _NO_SPACE_BEFORE
            or (tok.text in ("(", "[") and _is_called(before)
                and (before.line, before.col) not in keywords))


# ------------------------------------------------------------------ tables

def _align_tables(lines: list[Line]) -> None:
    i = 0
    while i < len(lines):
        first = lines[i].code[:1]
        if first and first[0].text == "table" and lines[i].code[-1].text == "{":
            end = i + 1
            while end < len(lines) and not (lines[end].code[:1] and
                                            lines[end].code[0].text == "}"):
                end += 1
            _align_table([ln for ln in lines[i + 1:end] if ln.code])
            i = end
        i += 1


def _align_table(rows: list[Line]) -> None:
    cells: list[list[str] | None] = []  # None: a rule line
    for row in rows:
        code = row.code
        if len(code) == 1 and code[0].kind == "table_rule":
            cells.append(None)
            continue
        if len(code) < 2 or code[0].text != "|" or code[-1].text != "|":
            return  # a row over several lines: left as spaced, not aligned
        cells.append(_cells(code))
    widths: dict[int, int] = {}
    for row_cells in cells:
        for i, cell in enumerate(row_cells or ()):
            fits = len(cell) <= WIDEST_ALIGNED_CELL
            widths[i] = max(widths.get(i, 0), len(cell) if fits else 0)
    count = len(widths)
    for row, row_cells in zip(rows, cells):
        indent = row.text[:len(row.text) - len(row.text.lstrip())]
        if row_cells is None:
            body = _rule(row.code[0].text, [widths[i] for i in range(count)])
        else:
            body = "| " + " | ".join(c.ljust(widths[i]) for i, c in enumerate(row_cells)) + " |"
        row.text = indent + body


def _cells(code: list[Tok]) -> list[str]:
    cells: list[str] = []
    current: list[Tok] = []
    depth = 0
    for tok in code[1:]:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(tok.text, 0)
        if tok.text == "|" and depth == 0:
            cells.append(_spaced(current, None))
            current = []
        else:
            current.append(tok)
    return cells


def _rule(source: str, widths: list[int]) -> str:
    segments = source.strip("|").split("|")
    if len(segments) != len(widths):
        return "|" + "|".join(s.strip() for s in segments) + "|"
    out = []
    for written, width in zip(segments, widths):
        segment = written.strip()
        left, right = segment.startswith(":"), segment.endswith(":") and len(segment) > 1
        out.append(":" * left + "-" * (width + 2 - left - right) + ":" * right)
    return "|" + "|".join(out) + "|"


# ------------------------------------------------------------------ comments, blank lines

def _join(lines: list[Line]) -> str:
    kept = _blank_lines(lines)
    _align_comments(kept)
    out = []
    for line in kept:
        if line.comment is None:
            out.append(line.text.rstrip())
            continue
        column = cast(int, line.comment_col)  # a line with a comment has its column
        if line.code:
            out.append(line.text.ljust(column - 1) + line.comment.text.rstrip())
        else:
            out.append(" " * (column - 1) + line.comment.text.rstrip())
    return "\n".join(out).strip("\n") + "\n"


def _blank_lines(lines: list[Line]) -> list[Line]:
    kept: list[Line] = []
    for line in lines:
        blank = not line.code and line.comment is None
        if blank and (not kept or _is_blank(kept[-1]) or _opens(kept[-1])):
            continue
        if line.code and line.code[0].text == "}":
            while kept and _is_blank(kept[-1]):
                kept.pop()
        kept.append(line)
    while kept and _is_blank(kept[-1]):
        kept.pop()
    return kept


def _is_blank(line: Line) -> bool:
    return not line.code and line.comment is None


def _opens(line: Line) -> bool:
    return bool(line.code) and line.code[-1].text == "{"


def _align_comments(lines: list[Line]) -> None:
    """A trailing comment keeps its column, at least two spaces after the code; comments
    that shared a column on neighbouring lines still share one. A comment alone on its
    line, written under the trailing comment above it, continues that comment."""
    group: list[Line] = []
    for line in lines + [Line([], None, 0)]:
        if line.comment is not None and group and line.comment_col == group[-1].comment_col:
            group.append(line)  # same column as the line above: aligned with it
            continue
        _place_comments(group)
        group = [line] if line.comment is not None and line.code else []
        if line.comment is not None and not line.code:
            line.comment_col = len(line.text) + 1


def _place_comments(group: list[Line]) -> None:
    if group:
        column = max([cast(int, group[0].comment_col)] + [len(line.text.rstrip()) + COMMENT_GAP + 1
                                                          for line in group if line.code])
        for line in group:
            line.comment_col = column
