"""How the checker says what it found: a line's problems in the order of their columns, and
one mistake said once (a rule used or named as a value is not also "never used")."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language.errors import CheckError

HEAD = 'game "T"\nplayers 2\n'


def check_error(text: str) -> CheckError:
    with pytest.raises(CheckError) as caught:
        rulelang.loads(HEAD + text, "t.rules")
    return caught.value


def test_the_problems_of_one_line_are_said_in_the_order_of_their_columns():
    """The editor and `rulelang check` listed a line's problems as the checker met them:
    the value assigned after the name in it (col 13, then col 7)."""
    found = check_error('var x: int = 0\nturn {\n  x = "a" + y\n  win current\n}').diagnostics
    assert [(d.span.line, d.span.col, d.message) for d in found] == [
        (5, 7, "this is text, but the target holds a number"), (5, 13, "unknown name 'y'")]
    # lines keep the order they were said in
    found = check_error("turn {\n  let a = zz\n  let b = 1 + yy\n  win current\n}").diagnostics
    assert [d.span.line for d in found] == [4, 5]


def test_a_rule_used_as_a_value_is_one_error_not_also_never_used():
    # (it said too "rule 'r' is never used": it is, only wrongly)
    error = check_error("var n: int = 0\nrule r() { n = 1 }\nturn { if r() { win current } }\n")
    assert [d.message for d in error.diagnostics] == [
        "'r' is a rule: it takes turns and changes the game, so it cannot be used as a value"]


def test_a_rule_named_as_a_value_uncalled_is_one_error_not_also_never_used():
    error = check_error("var n: int = 0\nrule r() { n = 1 }\nturn { let x = r\nwin current }\n")
    assert [d.message for d in error.diagnostics] == ["'r' is a rule: call it with r(...)"]
