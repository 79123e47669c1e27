"""Python's own errors, where a ruleset's code fails them, told in the language's words.

The generated code adds, compares and indexes with Python's operators, unchecked (checking
each would slow every game); a value of the wrong kind there, most often none, fails with
Python's message (``unsupported operand type(s) for +: 'NoneType' and 'int'``). Only then,
when the error is reported, is it worded for the author here: what the value was (none, a
number, a card) and what the rules asked of it. ``failures.message`` calls ``in_words``; a
message it does not know is left as Python wrote it. Where the failing operation of the
rules is known (``failures.failed_operation``), ``operand_kinds`` and ``operation_words`` word
it with what its operands were ("cannot compare none > 0").
"""
from __future__ import annotations

import re
from collections.abc import Callable

# Python's type names -> the language's words for their values
_KINDS = {
    "NoneType": "none", "int": "a number", "bool": "true or false", "str": "a text",
    "list": "a list", "tuple": "a tuple", "Card": "a card", "Seat": "a player",
    "Cell": "a cell", "EnumValue": "a member of an enum", "Zone": "a zone", "Family": "a zone family",
    "Shape": "a shape", "Placement": "a placement", "Row": "a row of a table", "dict": "a table",
    "float": "a number", "range": "a list",
}
_OPERATORS = {"+": "+", "-": "-", "*": "*", "//": "/", "%": "%", "/": "/"}
_NONE_HINT = " (a value not set yet, or nothing found?)"


def _kind(python_name: str) -> str:
    return _KINDS.get(python_name, python_name)


def _hint(*python_names: str) -> str:
    return _NONE_HINT if "NoneType" in python_names else ""


def _operands(m: re.Match[str]) -> str:
    op, a, b = m.group(1), m.group(2), m.group(3)
    if op in _OPERATORS:
        return f"cannot work out {_kind(a)} {_OPERATORS[op]} {_kind(b)}{_hint(a, b)}"
    return f"cannot use {_kind(a)} and {_kind(b)} together here{_hint(a, b)}"


def _unordered(m: re.Match[str]) -> str:
    op, a, b = m.group(1), m.group(2), m.group(3)
    if "NoneType" in (a, b):
        return f"cannot compare none with '{op}'{_NONE_HINT}"
    if a == b == "Card":
        return ("cards have no order of their own: compare or sort by a field of theirs "
                "(sort(cards, c => c.rank))")
    return f"cannot put {_kind(a)} and {_kind(b)} in order ('{op}')"


def _is_not(what: str) -> Callable[[re.Match[str]], str]:
    """The wording "none is not a cell, where one is needed" for the value the pattern's
    first group names."""
    return lambda m: f"{_kind(m.group(1))} is not {what}, where one is needed{_hint(m.group(1))}"


_WORDINGS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'"), _operands),
    (re.compile(r"'(<=?|>=?)' not supported between instances of '(\w+)' and '(\w+)'"),
     _unordered),
    (re.compile(r"bad operand type for unary (\S+): '(\w+)'"),
     lambda m: f"cannot work out {m.group(1)}{_kind(m.group(2))}{_hint(m.group(2))}"),
    (re.compile(r"bad operand type for abs\(\): '(\w+)'"),
     lambda m: f"abs needs a number, not {_kind(m.group(1))}{_hint(m.group(1))}"),
    (re.compile(r"(?:list|tuple) indices must be integers or slices, not (\w+)"),
     lambda m: f"a position in a list is a number, not {_kind(m.group(1))}{_hint(m.group(1))}"),
    (re.compile(r"'(\w+)' object is not iterable"), _is_not("a list or a zone")),
    (re.compile(r"object of type '(\w+)' has no len\(\)"), _is_not("a list or a zone")),
    (re.compile(r"argument after \* must be an iterable, not (\w+)"), _is_not("a cell")),
    (re.compile(r"'(\w+)' object cannot be interpreted as an integer"), _is_not("a number")),
    (re.compile(r"cannot unpack non-iterable (\w+) object"), _is_not("a cell")),
    (re.compile(r"'(\w+)' object is not subscriptable"),
     lambda m: f"cannot read a part of {_kind(m.group(1))}{_hint(m.group(1))}"),
    (re.compile(r"'(\w+)' object has no attribute 'id'"), _is_not("a card")),
    # a zone's cards read by its place among the zones (``Zone.i``): none, or not a zone
    (re.compile(r"'(\w+)' object has no attribute 'i'"), _is_not("a zone")),
]


def in_words(error: BaseException) -> str | None:
    """``error`` (a Python error a ruleset's code raised) in the language's words; None
    when its message is not one of those known here."""
    if isinstance(error, KeyError) and len(error.args) == 1 and type(error.args[0]) is str:
        # a card's fields read by name: a card of a kind without it (a variable or a list
        # typed for one kind can be given a card of another, whose fields differ)
        return (f"this card has no field '{error.args[0]}': a card of another kind than "
                "the rules expect here?")
    if not isinstance(error, (TypeError, AttributeError)):
        return None
    text = str(error)
    for pattern, wording in _WORDINGS:
        m = pattern.fullmatch(text) or pattern.search(text)
        if m:
            return wording(m)
    return None


_BINARY = re.compile(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'")
_ORDER = re.compile(r"'(<=?|>=?)' not supported between instances of '(\w+)' and '(\w+)'")
_UNARY = re.compile(r"bad operand type for unary (\S+): '(\w+)'")


def operand_kinds(error: BaseException) -> tuple[str, tuple[str, ...]] | None:
    """The operator and the Python type names of the operands of an operation Python
    refused (``none + 1``: ``("+", ("NoneType", "int"))``); None for any other error."""
    if not isinstance(error, TypeError):
        return None
    text = str(error)
    for pattern in (_BINARY, _ORDER):
        m = pattern.fullmatch(text)
        if m:
            return m.group(1), (m.group(2), m.group(3))
    m = _UNARY.fullmatch(text)
    return (m.group(1), (m.group(2),)) if m else None


def operation_words(op: str, types: tuple[str, ...], shown: list[str | None],
                    compares: bool) -> tuple[str, str] | None:
    """An operation of the rules refused for its operands' kinds, in the language's words,
    and the hint for none: each operand by its text where given in ``shown`` (a number
    written in the rules), else by its kind. None where no such words fit."""
    sides = [text if text is not None else _kind(t) for text, t in zip(shown, types)]
    if compares != (op in ("<", "<=", ">", ">=")):  # (not the operation's own failure)
        return None
    if len(sides) == 1:
        return f"cannot work out {op}{sides[0]}", _hint(*types)
    if compares:
        if "NoneType" not in types:
            return None
        return f"cannot compare {sides[0]} {op} {sides[1]}", _NONE_HINT
    if op not in _OPERATORS:
        return None
    return f"cannot work out {sides[0]} {_OPERATORS[op]} {sides[1]}", _hint(*types)
