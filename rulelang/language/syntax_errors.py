"""Lark's syntax errors turned into messages an author can act on.

``describe`` takes the exception Lark raised and returns one Diagnostic: what
is wrong, where (the span of the offending token, or the bracket that is never
closed), and a hint that says what to write instead.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator
from typing import cast

import attrs
from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from rulelang.language.builder import OTHER_WORDS, STATEMENT_WORDS
from rulelang.language.errors import Diagnostic, Span, source_lines
from rulelang.language.token_habits import token_habit

_WORDS = {  # terminals that are not one fixed piece of text
    "NAME": "a name", "INT": "a number", "STRING": "a string", "$END": "the end of the file",
    "COMP_OP": "a comparison (== != < <= > >=)", "SUM_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'", "RETURN_VALUE": "'return'",  # (return VALUE, on one line)
}
Bracket = tuple[str, int, int, int]  # the bracket, its line, column and position
# a guess at the mistake: the message, the hint, and (line, column, width) of what is blamed
Guess = tuple[str, str, tuple[int, int, int]]
_HIDDEN = {"TABLE_RULE"}  # a table's |---| line: never what the author meant to write
_CLOSERS = {"(": ")", "[": "]", "{": "}"}
_MAX_EXPECTED = 8
# The words that start a declaration (a test keeps this equal to the grammar's): at the start
# of a line inside a block, one of them means the block was never closed.
DECLARATION_WORDS = ("game", "players", "dummy", "cooperative", "import", "option", "enum",
                     "card", "table", "zone", "var", "const", "fn", "rule", "setup", "play",
                     "turn", "on", "end", "score", "tiebreak", "team", "report", "heuristic", "require",
                     "campaign", "talk", "about", "explain", "duration")
_LINE_START_WORD = re.compile(r"[ \t]*([A-Za-z_][A-Za-z0-9_]*)")
_MAX_GUESS_WINDOW = 60_000  # characters reparsed to try a guess: larger declarations get none
_CHARACTER_HINTS = {
    "&": "write 'and'", "!": "write 'not' (or '!=' for 'is not equal to')",
    ";": "statements need no ';': remove it", "^": "there is no power operator: multiply",
    "?": "write if ... then ... else ...", "~": "write 'not'",
    "\u201c": 'use plain double quotes: "like this"', "\u201d": 'use plain double quotes: "like this"',
}


def describe(error: UnexpectedInput, text: str, file: str, line_shift: int = 1,
             col_shift: int = 1, literal_values: dict[str, str] | None = None,
             in_string: bool = False,
             reparse: Callable[[str], int | None] | None = None,
             own: Callable[[Token, str], Blame | None] | None = None) -> Diagnostic:
    """One diagnostic for a Lark error in ``text`` (shifted to ``line_shift:col_shift``).

    ``literal_values`` maps terminal names to their fixed text ('LBRACE' -> '{');
    ``in_string`` says the text is an expression inside a string's ``{...}``;
    ``reparse`` parses another text and gives where it fails (None if it does not): a guess
    at the mistake (a misspelt word, a missing '}') is only told if fixing it gets further;
    ``own``: what a grammar built on this one (the scenarios') says of the unexpected token
    in ``text`` in its own forms, tried before what is said of the rules' (None: nothing).
    """
    literal_values = literal_values or {}
    if reparse is not None and not in_string:
        guess = _habit(error, text, reparse) \
            or _misspelt_word(error, text, literal_values, reparse) \
            or _block_left_open(error, text, reparse)
        if guess is not None:
            said, guessed_hint, (at_line, at_col, at_width) = guess
            return Diagnostic(said, Span(file, at_line, at_col, at_line, at_col + at_width),
                              guessed_hint)
    names = set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())
    expected = _expected(names, literal_values)
    at_end = isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END")
    line: int | None = getattr(error, "line", None)
    col: int | None = getattr(error, "column", None)
    width = 1
    if at_end or line is None or line < 1 or col is None:  # Lark sets both or neither
        lines = source_lines(text)
        line, col = len(lines), len(lines[-1]) + 1
    if isinstance(error, UnexpectedToken) and not at_end:
        width = max(len(str(error.token)), 1)

    def shifted(ln: int, cl: int) -> tuple[int, int]:
        return ln + line_shift - 1, cl + (col_shift - 1 if ln == 1 else 0)

    if at_end:
        message, hint, where = _at_end(text, expected, in_string)
        if where is not None:
            line, col = where
    elif isinstance(error, UnexpectedCharacters):
        message, hint = _bad_character(error, text, expected)
    elif own is not None and (blamed := own(cast(UnexpectedToken, error).token, text)):
        message, hint, line, col, width = blamed.message, blamed.hint, blamed.line, \
            blamed.col, blamed.width
    else:
        # not at the end, not a character: the third kind Lark raises
        message, hint = _bad_token(cast(UnexpectedToken, error), text, names, expected, shifted)
        if message in ("unexpected '=='", "unexpected '<>'"):  # (the token is the second)
            col, width = col - 1, 2
        elif message == "unexpected '//'":
            width = 2

    line, col = shifted(line, col)
    return Diagnostic(message, Span(file, line, col, line, col + width), hint)


# the start of a zone declaration's grid size, up to where the parse failed
_GRID_SIZE = re.compile(r"\s*zone\b[^:]*:\s*grid\s+[^,]*$")
# the words of a choose's clauses (a statement after a choose cannot start with one)
_CLAUSE_WORDS = ("by", "pass", "prompt", "where", "prefer", "privately", "shown")
# a variable or an option with no type, up to its '=': ``var x = 3``
_UNTYPED = re.compile(r"\s*(var|option)\s+([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*$")
# a value then a '.', up to a word that is no field: ``deck.`` in ``deck.shuffle()``
_METHOD = re.compile(r"([A-Za-z_][\w]*(?:\[[^\]]*\])?)\.$")


@attrs.frozen
class Blame:
    """What a caller's own forms say of the token a parse stopped at (``describe``'s
    ``own``): the message, the hint, and where in the text given (1-based) and how wide."""
    message: str
    hint: str
    line: int
    col: int
    width: int = 1


# ------------------------------------------------------------------ the three cases

def _at_end(text: str, expected: list[str], in_string: bool
            ) -> tuple[str, str | None, tuple[int, int] | None]:
    if in_string:
        if "{" in text:  # ``"{match x { ... }}"``: the first '}' ended the {...}
            return ("the expression inside {...} is not finished: a '}' in it ends it",
                    "work a value with braces (a match) out first: let v = match ...; "
                    'then write "{v}"', None)
        return ("the expression inside {...} is not finished",
                _expected_hint(expected, "$END") or "finish the expression before '}'", None)
    open_now = _open_brackets(text)
    if open_now:
        char, line, col, pos = open_now[-1]
        hint = f"add the matching '{_CLOSERS[char]}' (the file ends before it)"
        if char == "{":
            blamed = _blame(text, pos, len(text), "the file ends before it")
            if blamed is not None:
                (line, col), hint = blamed
        return f"this '{char}' is never closed", hint, (line, col)
    return "the file ends too early", _expected_hint(expected, "$END"), None


def _bad_character(error: UnexpectedCharacters, text: str, expected: list[str]
                   ) -> tuple[str, str]:
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


def _bad_token(error: UnexpectedToken, text: str, names: set[str], expected: list[str],
               shifted: Callable[[int, int], tuple[int, int]]) -> tuple[str, str | None]:
    token = error.token
    words = _token_words(token)
    line_before = text[text.rfind("\n", 0, token.start_pos) + 1:token.start_pos]
    if _GRID_SIZE.match(line_before) and " of " not in line_before:
        return (f"unexpected {words} in a grid's size",
                "a grid's size is W x H, each a number or a name (an option or a constant): "
                "work a size out in a constant first (const columns = n * 2 ... grid columns x n)")
    if re.fullmatch(r"\s*players\s*:?\s*(\d+\s*)?", line_before) and token != "..":
        return (f"unexpected {words} in the number of players",
                "write one number (players 2) or the fewest and the most, with two dots: "
                "players 2..4")
    if token == "else" and re.match(r"\s*require\b", line_before):
        return ("unexpected 'else' in a require",
                'a require\'s message follows its condition, with no else: '
                'require player_count <= 4 "at most 4 players"')
    if (token == "explain" and not line_before.strip()) or (
            re.fullmatch(r"\s*explain[ \t]*", line_before)
            and (token.type == "STRING" or token in ("{", "cites"))):
        return _misplaced_explain(text[:token.start_pos])
    if token == "=" and text[token.start_pos + 1:token.start_pos + 2] == ">":
        return ("unexpected '=>'",
                "a function (x => ...) can only be given to a call, like sort(xs, x => x.rank)")
    if token == "=":
        before = text[max(token.start_pos - 1, 0):token.start_pos] if token.start_pos else ""
        if before == "=":
            return ("unexpected '=='", "'let' and assignments take one '=': let x = 1")
        if line_before.strip() in _CLAUSE_WORDS:  # ``where = 3`` just after a choose
            word = line_before.strip()
            return (f"unexpected {words}",
                    f"after a choose, '{word}' is read as one of its clauses: a statement there "
                    f"cannot start with '{word}' (rename the variable, or set it before the "
                    "choose)")
        untyped = _UNTYPED.match(line_before)
        if untyped is not None:
            word, name = untyped.groups()
            return (f"unexpected {words}",
                    f"{'a variable' if word == 'var' else 'an option'}'s type is written "
                    f"before its value: {word} {name}: int = ...")
        if _in_fn_body(text[:token.start_pos]):
            return (f"unexpected {words}",
                    "a function works out a value and changes nothing: to change the game, "
                    "write a rule (rule NAME() { x = 1 }); to compare two values write '=='")
        return (f"unexpected {words}",
                "to compare two values write '==' (a single '=' gives a value: x = 1)")
    if token == "," and re.search(r"(?:^|[\s{])win\s+[^,\[\]{}]+$", line_before):  # win a, b
        return ("unexpected ','", "several winners are a list: win [A, B]")
    if token == "(" and re.search(r"(?<![\w.])let\s*$", line_before):
        return ("unexpected '(' after 'let'",
                "a let names one value: let pair = ...; then pair[0] and pair[1] are its parts "
                "(for p, c in pairs takes pairs apart in a loop)")
    if token in ("+", "-", "*") and re.search(r"\)\s+x\s+\w+\s*$", line_before):
        return (f"unexpected {words} in the count of a create",
                "a count worked out is written in brackets: create ... x (n + 1) in ...")
    habit = token_habit(token, words, line_before, names, text)
    if habit is not None:
        return habit
    if token == "(" and re.search(r"(?<![\w.])for\s*$", line_before):
        return ("unexpected '(' after 'for'",
                "the names are written without brackets: for p, c in pairs { ... }")
    if token == ">" and line_before.endswith("<"):
        return ("unexpected '<>'", "write != for 'is not equal to'")
    if token == "/" and line_before.strip() == "" and text.startswith("//", token.start_pos):
        return ("unexpected '//'", "a comment starts with #")
    method = _METHOD.search(line_before)
    if method is not None and str(token) in STATEMENT_WORDS:  # ``deck.shuffle()``
        return (f"unexpected {words}",
                f"there are no methods in rulelang: '{token}' is a statement: "
                f"write {token} {method.group(1)}")
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
    if token == "else" and not text[:token.start_pos].rstrip().endswith("}"):
        opened = _open_if(text[:token.start_pos])
        if opened is not None:
            line, col = shifted(*opened)
            return (f"unexpected 'else': the block of the if at line {line}, column {col} is "
                    "not closed", "close it before the else: } else {")
    if line_before.lstrip()[:1] in ("[", "(", "-") and _in_fn_body(text[:token.start_pos]):
        above = text[:token.start_pos - len(line_before)].rstrip().rsplit("\n", 1)[-1]
        if re.match(r"\s*let\b", above):  # the pitfall: the let above goes on
            return (f"unexpected {words}: this line goes on with the let above it",
                    f"newlines do not end a let, so a line starting with "
                    f"'{line_before.lstrip()[0]}' continues its value: give this value a name "
                    "with one more let, then end with that name")
    if str(token) in STATEMENT_WORDS and not line_before.strip() \
            and _in_fn_body(text[:token.start_pos]):
        return (f"unexpected {words} in a function",
                f"a function works out a value: it asks no one and changes nothing, so "
                f"'{token}' belongs in a rule, which may give back a value: "
                "rule NAME(...) -> TYPE { ... return VALUE }, called as let x = NAME(...)")
    if token.type.isupper() and str(token).isalpha() and token.type != "NAME" \
            and "NAME" in names:
        return (f"unexpected {words}",
                f"'{token}' is a keyword, not a name: rename it if it is meant as a name, "
                "or add what is missing before it")
    return f"unexpected {words}", _expected_hint(expected)


def _misplaced_explain(before: str) -> tuple[str, str]:
    """An ``explain`` where none can stand: in a function, a card, an enum, a table or a
    value."""
    if _in_fn_body(before):
        return ("an explain cannot stand inside a function",
                "a function only works out a value: write the explain just before the fn "
                '(explain "TITLE" { "..." } then fn NAME(...) ...)')
    return ("an explain cannot stand here",
            "an explain goes just before a declaration (a rule, turn, setup, option, card, "
            "table...) or before a statement in a block: move it before the declaration it "
            "is in")


# ------------------------------------------------------------------ habits of other languages

_OTHER_ELSE_IF = re.compile(r"(?<![\w.])(elif|elsif|elseif)\b")
# the first word of a statement or a declaration, just before where a parse failed
_STATEMENT_START = re.compile(r"(?:^|(?<=[{}\n]))[ \t]*([A-Za-z_]\w*)[ \t]+$")
_STEPS = {"++": "+= 1", "--": "-= 1"}
_STEP_TARGET = re.compile(r"[\w.\[\]]+$")  # what `++` follows: a name, a field, an item


def _habit(error: UnexpectedInput, text: str, reparse: Callable[[str], int | None]
           ) -> Guess | None:
    """A habit from another language on the failing line, before the failure: `elif` (write
    `else if`), `x++` (write `x += 1`); told only if the text so mended parses further."""
    failing = _failing_line(error, text)
    if failing is None:
        return None
    pos, line_start = failing
    # the word a statement or a declaration starts with, failing or just before the failure
    line_end = text.find("\n", line_start)
    assigned = re.match(r"[ \t]*([A-Za-z_]\w*)[ \t]*[-+*]?=(?!=)",
                        text[line_start:line_end if line_end >= 0 else len(text)])
    if assigned is not None and not _open_brackets(text[:line_start]):  # ``winner = current``
        name = assigned.group(1)
        declared = re.search(rf"^[ \t]*var[ \t]+{name}\b", text, re.MULTILINE)
        return ("a statement cannot stand outside a block",
                f"'{name}' is declared: is a '}}' above closing its block too early?"
                if declared else
                "write it in turn { ... }, setup { ... } or a rule; a value the game keeps is "
                f"declared first: var {name}: TYPE = VALUE",
                (*_line_col(text, line_start + assigned.start(1)), len(name)))
    word = _STATEMENT_START.search(text, line_start, pos) or \
        _STATEMENT_START.match(text + " ", pos, text.find(" ", pos) + 1 or len(text) + 1)
    if word is not None and word.group(1) in OTHER_WORDS:
        name, start = word.group(1), word.start(1)
        inside = _open_brackets(text[:start])
        said = "is not a statement" if inside else "does not start a declaration"
        return f"'{name}' {said}", OTHER_WORDS[name], (*_line_col(text, start), len(name))
    found = _OTHER_ELSE_IF.search(text, line_start, pos)
    if found is not None and _parses_past(reparse, text, found.start(1), found.end(1),
                                          "else if", pos):
        return (f"'{found.group(1)}' is not a word of rulelang", "write 'else if'",
                (*_line_col(text, found.start(1)), len(found.group(1))))
    step = text[pos:pos + 2]
    if step in _STEPS and (text[pos - 1:pos].isalnum() or text[pos - 1:pos] in ("_", "]")) \
            and _parses_past(reparse, text, pos, pos + 2, f" {_STEPS[step]}", pos):
        target = _STEP_TARGET.search(text, line_start, pos)
        name = target.group(0) if target else "x"
        return (f"there is no '{step}' in rulelang", f"write {name} {_STEPS[step]}",
                (*_line_col(text, pos), 2))
    return None


# ------------------------------------------------------------------ guesses, tried by reparsing

def _misspelt_word(error: UnexpectedInput, text: str, literal_values: dict[str, str],
                   reparse: Callable[[str], int | None]) -> Guess | None:
    """`iff x {` or `setpu {`: the first word of the failing line is close to a keyword, and
    the text parses further with the keyword in its place."""
    failing = _failing_line(error, text)
    if failing is None:
        return None
    pos, line_start = failing
    found = _LINE_START_WORD.match(text, line_start)
    if not found or found.start(1) > pos:
        return None
    word, start, end = found.group(1), found.start(1), found.end(1)
    keywords = {v for v in literal_values.values() if v.isalpha() and len(v) > 1}
    if word in keywords:
        return None
    for guess in difflib.get_close_matches(word, sorted(keywords), n=2, cutoff=0.6):
        if _parses_past(reparse, text, start, end, guess, pos):
            inside = _open_brackets(text[:start])
            if guess in STATEMENT_WORDS and inside:
                message = f"'{word}' is not a statement"
            elif guess in DECLARATION_WORDS and not inside:
                message = f"'{word}' does not start a declaration"
            else:
                message = f"unexpected name '{word}'"
            return message, f"did you mean '{guess}'?", (*_line_col(text, start), len(word))
    return None


def _block_left_open(error: UnexpectedInput, text: str,
                     reparse: Callable[[str], int | None]) -> Guess | None:
    """A block whose '}' is missing: a declaration starts at the beginning of a line inside it.

    The '{' blamed is the one left open, or the one whose '}' seems to have been taken by an
    outer block (a '}' lined up with an outer line); the parser noticed later."""
    pos = _failure_pos(error, text)
    open_now = _open_brackets(text[:pos])
    if not open_now or open_now[-1][0] != "{":
        return None
    opener_pos = open_now[-1][3]
    declaration = _declaration_line(text, text.find("\n", opener_pos) + 1, len(text))
    if declaration is None:
        return None
    decl_pos, word = declaration
    if not _parses_past(reparse, text, decl_pos, decl_pos, "}\n", max(pos, decl_pos + len(word)),
                        within=opener_pos):
        return None
    where = f"line {text.count(chr(10), 0, decl_pos) + 1}, where '{word}' starts a new declaration"
    blamed = _blame(text, opener_pos, decl_pos, f"the parser noticed at {where}")
    if blamed is None:
        blamed = (_line_col(text, opener_pos),
                  f"add the matching '}}' before {where} (the parser noticed there)")
    (line, col), hint = blamed
    return "this '{' is never closed", hint, (line, col, 1)


def _blame(text: str, outer_pos: int, stop: int, noticed: str
           ) -> tuple[tuple[int, int], str] | None:
    """When a '}' inside the block opened at outer_pos lines up with an outer line, the '{' it
    was taken from is the one left open: ((line, col) of that '{', a hint), else None."""
    found = _closed_by_an_outer_line(text, outer_pos, stop)
    if found is None:
        return None
    inner_pos, closer_pos = found
    closer_line = text.count("\n", 0, closer_pos) + 1
    outer = [b for b in _open_brackets(text[:inner_pos]) if b[0] == "{"
             and _indent(text, b[3]) == _indent(text, closer_pos)]
    like = f"line {outer[-1][1]}" if outer else "an outer line"
    return _line_col(text, inner_pos), (
        f"the '}}' at line {closer_line} lines up with {like}, so it closes that block, not this "
        f"one: add this one's '}}' ({noticed})")


def _parses_past(reparse: Callable[[str], int | None], text: str, start: int, end: int,
                 insert: str, pos: int, within: int | None = None) -> bool:
    """Does the text with text[start:end] replaced by ``insert`` parse past ``pos`` (in the
    text's own positions)? Only from the declaration holding ``within`` (else ``start``) up
    to the line after ``pos`` is reparsed: a guess costs a fraction of a parse, and nothing
    for a huge declaration."""
    begin = _declaration_start(text, start if within is None else within)
    stop = len(text)
    line_end = text.find("\n", pos)
    if line_end >= 0 and text.find("\n", line_end + 1) >= 0:
        stop = text.find("\n", line_end + 1)
    if stop - begin > _MAX_GUESS_WINDOW:
        return False
    window = text[begin:start] + insert + text[end:stop]
    failed_at = reparse(window)
    shift = len(insert) - (end - start)
    return failed_at is None or begin + failed_at > pos + shift


def _declaration_start(text: str, pos: int) -> int:
    """Where the declaration holding ``pos`` starts: its line begins with a declaration word."""
    line_start = text.rfind("\n", 0, pos) + 1
    while line_start > 0:
        found = _LINE_START_WORD.match(text, line_start)
        if found and found.start(1) == line_start and found.group(1) in DECLARATION_WORDS:
            return line_start
        line_start = text.rfind("\n", 0, line_start - 1) + 1
    return 0


def _declaration_line(text: str, start: int, stop: int) -> tuple[int, str] | None:
    """The first line in text[start:stop] that begins (in column 1) with a declaration word."""
    for found in re.finditer(r"^([a-z]+)\b[ \t]*(\S*)", text[start:stop], re.M):
        word, after = found.group(1), found.group(2)
        if word in DECLARATION_WORDS and (word != "end" or after == "when"):
            return start + found.start(), word
    return None


def _closed_by_an_outer_line(text: str, outer_pos: int, stop: int) -> tuple[int, int] | None:
    """Inside the block opened at outer_pos: the first '{' whose '}' starts a line indented
    less than the line of that '{' (and like an enclosing line), as (its pos, the '}' pos)."""
    pairs: list[tuple[int, int]] = []
    stack: list[int] = []
    for char, _, _, at in _brackets(text[:stop]):
        if at <= outer_pos:
            continue
        if char == "{":
            stack.append(at)
        elif char == "}" and stack:
            pairs.append((stack.pop(), at))
    for inner, closer in sorted(pairs, key=lambda pair: pair[1]):
        closer_line_start = text.rfind("\n", 0, closer) + 1
        if text[closer_line_start:closer].strip():
            continue  # not the first thing on its line: its indentation says nothing
        if _indent(text, closer) < _indent(text, inner):
            return inner, closer
    return None


def _indent(text: str, pos: int) -> int:
    line_start = text.rfind("\n", 0, pos) + 1
    line = text[line_start:]
    return len(line) - len(line.lstrip(" \t"))


def _failing_line(error: UnexpectedInput, text: str) -> tuple[int, int] | None:
    """Where an unexpected token (not a character) failed, and where its line starts; None
    when there is no line to read there (the text's end, after a last newline)."""
    if isinstance(error, UnexpectedCharacters):
        return None
    pos = _failure_pos(error, text)
    line_start = text.rfind("\n", 0, pos) + 1
    return None if line_start >= len(text) else (pos, line_start)


def _failure_pos(error: UnexpectedInput, text: str) -> int:
    at: int | None = getattr(error, "pos_in_stream", None)
    if isinstance(error, UnexpectedEOF) or at is None or at < 0 or \
            getattr(getattr(error, "token", None), "type", None) == "$END":
        return len(text)
    return at


def _line_col(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


# ------------------------------------------------------------------ helpers

def _token_words(token: Token) -> str:
    if token.type == "NAME":
        return f"name '{token}'"
    if token.type == "STRING":
        return f"string {token}"
    if token.type == "INT":
        return f"number {token}"
    return f"'{token}'"


def _expected(names: set[str], literal_values: dict[str, str]) -> list[str]:
    words: list[str] = []
    for name in sorted(names):
        if name in _HIDDEN:
            continue
        word = _WORDS.get(name) or (f"'{literal_values[name]}'" if name in literal_values
                                    else name.lower())
        if word not in words:
            words.append(word)
    return words


def _expected_hint(expected: list[str], drop: str = "") -> str | None:
    words = [w for w in expected if w != _WORDS.get(drop)]
    if not words:
        return None
    if len(words) > _MAX_EXPECTED:
        words = words[:_MAX_EXPECTED] + ["..."]
    if len(words) == 1:
        return f"expected {words[0]}"
    return "expected one of: " + ", ".join(words)


def _in_fn_body(text: str) -> bool:
    """Whether the end of the text lies in a function's body: ``fn NAME(...) {`` opens its
    outermost open brace."""
    braces = [b for b in _open_brackets(text) if b[0] == "{"]
    if not braces:
        return False
    start = braces[0][3]
    return re.match(r"\s*fn\b", text[text.rfind("\n", 0, start) + 1:start]) is not None


def _open_if(text: str) -> tuple[int, int] | None:
    """Where the innermost ``if`` (or ``else if``) whose block is still open at the end of
    the text starts, as (line, col)."""
    for _, line, _, pos in reversed(_open_brackets(text)):
        start = text.rfind("\n", 0, pos) + 1
        found = re.search(r"(?<![\w.])if\b(?!.*(?<![\w.])if\b)", text[start:pos])
        if found is not None:
            return line, found.start() + 1
    return None


def _unclosed(text: str) -> tuple[str, int, int] | None:
    """The innermost bracket left open at the end of the text, as (char, line, col)."""
    stack = _open_brackets(text)
    return stack[-1][:3] if stack else None


def _open_brackets(text: str) -> list[Bracket]:
    """The brackets left open at the end of the text, outermost first: (char, line, col, pos)."""
    stack: list[Bracket] = []
    for found in _brackets(text):
        if found[0] in _CLOSERS:
            stack.append(found)
        elif stack and _CLOSERS[stack[-1][0]] == found[0]:
            stack.pop()
    return stack


def _brackets(text: str) -> Iterator[Bracket]:
    """Every bracket outside strings and comments, in order, as (char, line, col, pos)."""
    line, col, i, n = 1, 1, 0, len(text)
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
        if ch in "([{)]}":
            yield ch, line, col, i
        i, col = i + 1, col + 1
