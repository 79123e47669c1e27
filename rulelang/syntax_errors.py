"""Lark's syntax errors turned into messages an author can act on.

``describe`` takes the exception Lark raised and returns one Diagnostic: what
is wrong, where (the span of the offending token, or the bracket that is never
closed), and a hint that says what to write instead.
"""
from __future__ import annotations

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from rulelang.errors import Diagnostic, Span

_WORDS = {  # terminals that are not one fixed piece of text
    "NAME": "a name", "INT": "a number", "STRING": "a string", "$END": "the end of the file",
    "COMP_OP": "a comparison (== != < <= > >=)", "SUM_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'",
}
_HIDDEN = {"TABLE_RULE"}  # a table's |---| line: never what the author meant to write
_CLOSERS = {"(": ")", "[": "]", "{": "}"}
_MAX_EXPECTED = 8
_CHARACTER_HINTS = {
    "&": "write 'and'", "!": "write 'not' (or '!=' for 'is not equal to')",
    ";": "statements need no ';': remove it", "^": "there is no power operator: multiply",
    "?": "write if ... then ... else ...", "~": "write 'not'",
    "\u201c": 'use plain double quotes: "like this"', "\u201d": 'use plain double quotes: "like this"',
}


def describe(error: UnexpectedInput, text: str, file: str, line_shift: int = 1,
             col_shift: int = 1, literal_values: dict | None = None,
             in_string: bool = False) -> Diagnostic:
    """One diagnostic for a Lark error in ``text`` (shifted to ``line_shift:col_shift``).

    ``literal_values`` maps terminal names to their fixed text ('LBRACE' -> '{');
    ``in_string`` says the text is an expression inside a string's ``{...}``.
    """
    literal_values = literal_values or {}
    names = set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())
    expected = _expected(names, literal_values)
    at_end = isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END")
    line, col = getattr(error, "line", None), getattr(error, "column", None)
    width = 1
    if at_end or line is None or line < 1:
        lines = text.splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
    if isinstance(error, UnexpectedToken) and not at_end:
        width = max(len(str(error.token)), 1)

    def shifted(ln, cl):
        return ln + line_shift - 1, cl + (col_shift - 1 if ln == 1 else 0)

    if at_end:
        message, hint, where = _at_end(text, expected, in_string)
        if where is not None:
            line, col = where
    elif isinstance(error, UnexpectedCharacters):
        message, hint = _bad_character(error, text, expected)
    else:
        message, hint = _bad_token(error, text, names, expected, shifted)
        if message == "unexpected '=='":
            col, width = col - 1, 2

    line, col = shifted(line, col)
    return Diagnostic(message, Span(file, line, col, line, col + width), hint)


# ------------------------------------------------------------------ the three cases

def _at_end(text, expected, in_string):
    if in_string:
        return ("the expression inside {...} is not finished",
                _expected_hint(expected, "$END") or "finish the expression before '}'", None)
    opener = _unclosed(text)
    if opener is not None:
        char, line, col = opener
        return (f"this '{char}' is never closed",
                f"add the matching '{_CLOSERS[char]}' (the file ends before it)", (line, col))
    return "the file ends too early", _expected_hint(expected, "$END"), None


def _bad_character(error, text, expected):
    char = error.char
    if char == "'":
        return ("strings use double quotes, not '",
                "write \"like this\"")
    if char == '"':
        return ("this string is not closed",
                "end it with \" on the same line (a string cannot run over several lines)")
    shown = repr(char) if char.isprintable() else f"U+{ord(char):04X}"
    return (f"unexpected character {shown}: it has no meaning in rulelang",
            _CHARACTER_HINTS.get(char) or "remove it")


def _bad_token(error, text, names, expected, shifted):
    token = error.token
    words = _token_words(token)
    if token == "=" and text[token.start_pos + 1:token.start_pos + 2] == ">":
        return ("unexpected '=>'",
                "a function (x => ...) can only be given to a call, like sort(xs, x => x.rank)")
    if token == "=":
        before = text[max(token.start_pos - 1, 0):token.start_pos] if token.start_pos else ""
        if before == "=":
            return ("unexpected '=='", "'let' and assignments take one '=': let x = 1")
        return (f"unexpected {words}",
                "to compare two values write '==' (a single '=' gives a value: x = 1)")
    if token.type in ("RBRACE", "RPAR", "RSQB"):
        opener = _unclosed(text[:token.start_pos])
        if opener is None:
            return (f"this '{token}' closes nothing",
                    "remove it, or look for an opening bracket missing before it")
        char, line, col = opener
        if _CLOSERS[char] != token:
            line, col = shifted(line, col)
            return (f"this '{token}' does not match the '{char}' at line {line}, column {col}",
                    f"close that '{char}' with '{_CLOSERS[char]}' first")
    if token.type.isupper() and str(token).isalpha() and token.type != "NAME" \
            and "NAME" in names:
        return (f"unexpected {words}",
                f"'{token}' is a keyword, not a name: rename it if it is meant as a name, "
                "or add what is missing before it")
    return f"unexpected {words}", _expected_hint(expected)


# ------------------------------------------------------------------ helpers

def _token_words(token) -> str:
    if token.type == "NAME":
        return f"name '{token}'"
    if token.type == "STRING":
        return f"string {token}"
    if token.type == "INT":
        return f"number {token}"
    return f"'{token}'"


def _expected(names, literal_values) -> list[str]:
    words = []
    for name in sorted(names):
        if name in _HIDDEN:
            continue
        word = _WORDS.get(name) or (f"'{literal_values[name]}'" if name in literal_values
                                    else name.lower())
        if word not in words:
            words.append(word)
    return words


def _expected_hint(expected, drop=None) -> str | None:
    words = [w for w in expected if w != _WORDS.get(drop)]
    if not words:
        return None
    if len(words) > _MAX_EXPECTED:
        words = words[:_MAX_EXPECTED] + ["..."]
    if len(words) == 1:
        return f"expected {words[0]}"
    return "expected one of: " + ", ".join(words)


def _unclosed(text):
    """The innermost bracket left open at the end of the text, as (char, line, col)."""
    stack, line, col, i, n = [], 1, 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line, col, i = line + 1, 1, i + 1
            continue
        if ch == "#":
            while i < n and text[i] != "\n":
                i, col = i + 1, col + 1
            continue
        if ch == '"':
            i, col = i + 1, col + 1
            while i < n and text[i] not in '"\n':
                step = 2 if text[i] == "\\" and i + 1 < n and text[i + 1] != "\n" else 1
                i, col = i + step, col + step
            if i < n and text[i] == '"':
                i, col = i + 1, col + 1
            continue
        if ch in _CLOSERS:
            stack.append((ch, line, col))
        elif ch in ")]}" and stack and _CLOSERS[stack[-1][0]] == ch:
            stack.pop()
        i, col = i + 1, col + 1
    return stack[-1] if stack else None
