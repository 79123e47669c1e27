"""The words and symbols of rulelang, read from its grammar, and a tokenizer that keeps
everything (comments, blank lines, positions) for the formatter, the highlighter and the
language server.

Nothing here is a copied keyword list: the vocabulary is read from ``grammar.lark``, so a
new statement or declaration in the grammar is known here at once. Reading the grammar
text is cheap (no parser is built), which keeps the highlighter quick to load.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import cast

import attrs

GRAMMAR = Path(__file__).parent.parent / "language" / "grammar.lark"
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_GRAMMAR_PIECE = re.compile(r'"(?:[^"\\\n]|\\.)*"|/(?:[^/\\\n]|\\.)+/[imslux]*|[^"/]+|.')


@attrs.frozen
class Vocabulary:
    """What the grammar says about words and symbols."""
    words: frozenset  # every literal word: let, card, to, times, x...
    declaration_words: frozenset  # words that start a top-level declaration
    statement_words: frozenset  # words that start a statement
    member_words: frozenset  # words that start an item inside a declaration's braces
    symbols: tuple  # literal punctuation and operators, longest first
    patterns: dict  # terminal name -> regex text (NAME, INT, STRING, COMMENT, TABLE_RULE)


@functools.cache
def vocabulary() -> Vocabulary:
    literals, patterns = set(), {}
    # rule name -> first literal word of each of its alternatives
    first_words: dict[str | None, set[str]] = {}
    current = None
    for raw in GRAMMAR.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("//", "%")):
            continue
        head = re.match(r"[?!]?([A-Za-z_][A-Za-z0-9_.]*)\s*:(?!:)", line)
        if head and not raw[0].isspace():
            current = head.group(1).split(".")[0]
            line = line[head.end():]
        at_start = True  # at the start of an alternative
        for piece in _GRAMMAR_PIECE.findall(line):
            if piece.startswith('"') and len(piece) > 1:
                text = piece[1:-1].encode().decode("unicode_escape")
                literals.add(text)
                if at_start and _IDENT.fullmatch(text):
                    first_words.setdefault(current, set()).add(text)
                at_start = False
            elif piece.startswith("/") and len(piece) > 1:
                if current and current.isupper():
                    patterns[current] = piece[1:piece.rindex("/")]
                at_start = False
            else:
                for ch in piece:
                    if ch == "|":
                        at_start = True
                    elif not ch.isspace():
                        at_start = False
    words = frozenset(t for t in literals if _IDENT.fullmatch(t))
    symbols = tuple(sorted((t for t in literals if t not in words), key=lambda s: (-len(s), s)))

    def starting(suffix):
        return frozenset().union(*(w for rule, w in first_words.items() if rule.endswith(suffix)))
    return Vocabulary(words, starting("_decl"), starting("_stmt"), starting("_item"),
                      symbols, patterns)


@attrs.define  # not frozen: a frozen attrs class is several times slower to make, and
class Tok:     # an editor makes thousands on every keystroke
    kind: str  # name int string comment symbol table_rule newline space error
    text: str
    line: int  # 1-based
    col: int  # 1-based, in characters
    offset: int  # 0-based index into the text

    @property
    def end_col(self) -> int:
        return self.col + len(self.text)


@functools.cache
def _token_re() -> re.Pattern:
    v = vocabulary()
    parts = [
        ("newline", r"\r?\n"),
        ("space", r"[ \t\r\f]+"),
        ("comment", v.patterns.get("COMMENT", r"#[^\n]*")),
        ("string", v.patterns["STRING"]),
        ("table_rule", v.patterns["TABLE_RULE"]),
        # in a grid's size `3x3` the x is a word of its own (the parser reads it by context)
        ("name", r"(?<=[0-9])x(?=[0-9])|" + v.patterns["NAME"]),
        ("int", v.patterns["INT"]),
        ("symbol", "|".join(re.escape(s) for s in v.symbols)),
        ("error", r'"[^"\n]*|.'),  # an unfinished string, or a stray character
    ]
    return re.compile("|".join(f"(?P<{kind}>{regex})" for kind, regex in parts))


def tokenize(text: str) -> list[Tok]:
    """Every piece of the text in order, whitespace and comments included; joining the
    texts gives the text back."""
    tokens, line, line_start = [], 1, 0
    for match in _token_re().finditer(text):
        # every group is named: lastgroup is the kind
        kind, piece, start = cast(str, match.lastgroup), match.group(), match.start()
        tokens.append(Tok(kind, piece, line, start - line_start + 1, start))
        newlines = piece.count("\n")
        if newlines:
            line += newlines
            line_start = start + piece.rindex("\n") + 1
    return tokens


def code_tokens(text: str) -> list[Tok]:
    """The tokens a parser sees: no whitespace, no comments."""
    return [t for t in tokenize(text) if t.kind not in ("space", "newline", "comment")]
