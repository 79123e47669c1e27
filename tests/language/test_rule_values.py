"""Rules that give back a value (``rule NAME(...) -> TYPE``, ``return VALUE``): what the
checker refuses, where it points (FILE:LINE:COL, the line and carets) and what it says to
write instead. (Parsing: test_parser.py; what the value tells: test_infoflow.py; running:
tests/runtime/test_rule_values.py.)"""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language.errors import CheckError

HEAD = 'game "T"\nplayers 2\n'

# Each case: a ruleset (after the game and players lines), the first message, and where it
# points (line, column). Line 3 is the first line of the case.
CASES = {
    "rule as a value in an expression": ("rule r() { }\nturn { r() let x = r() + 1 win current }",
                                         "'r' is a rule: it takes turns and changes the game, so "
                                         "it cannot be used as a value", (4, 20)),
    "rule's value in an expression": (
        "rule r() -> int { return 1 }\nturn { let x = 2 + r() win current }",
        "the value of rule 'r' is taken only as the whole value of a let, an assignment or a "
        "return: a rule may stop to ask a player", (4, 20)),
    "rule's value of the wrong type": (
        "rule r() -> int { return 1 }\nturn { let x: bool = r() win current }",
        "the value of 'x' should be true or false, but this is a number", (4, 22)),
    "rule gives back the wrong type": ("rule r() -> int { return true }\nturn { r() win current }",
                                       "the value rule 'r' gives back should be a number, but "
                                       "this is a true/false value", (3, 26)),
    "rule with a type returns nothing": (
        "rule r() -> int {\n  return\n}\nturn { r() win current }",
        "rule 'r' gives back a number: 'return' alone gives back nothing", (4, 3)),
    "rule with a type can fall off its end": (
        "rule r() -> int {\n  choose n in 1..3\n  if n > 1 { return n }\n}\n"
        "turn { r() win current }",
        "rule 'r' can reach its end without giving back a value", (6, 1)),
    "a value returned from a block": ("turn { return 1 }",
                                      "'return' gives back a value only in a rule", (3, 15)),
    "rule's value given back, of the wrong type": (
        "rule a() -> bool { return true }\nrule b() -> int { return a() }\n"
        "turn { let x = b() win current }",
        "the value rule 'b' gives back should be a number, but this is a true/false value",
        (4, 26)),
    "rule's value given back in an expression": (
        "rule a() -> int { return 1 }\nrule b() -> int { return a() + 1 }\n"
        "turn { let x = b() win current }",
        "the value of rule 'a' is taken only as the whole value of a let, an assignment or a "
        "return: a rule may stop to ask a player", (4, 26)),
    "value given back of a rule with no value": (
        "rule a() { }\nrule b() -> int { return a() }\nturn { let x = b() win current }",
        "rule 'a' gives back no value", (4, 26)),
    "rule's value given back by a rule that says no type": (
        "rule a() -> int { return 1 }\nrule b() { return a() }\nturn { b() win current }",
        "rule 'b' gives back no value: it says no type", (4, 19)),
}


def check_error(text: str) -> CheckError:
    with pytest.raises(CheckError) as caught:
        rulelang.loads(HEAD + text, "t.rules")
    return caught.value


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_mistake_is_reported_where_it_is(name):
    text, message, (line, col) = CASES[name]
    first = check_error(text).diagnostics[0]
    assert first.message == message
    assert (first.span.line, first.span.col) == (line, col)


def test_a_rule_that_can_fall_off_its_end_is_shown_at_its_closing_brace_with_a_hint():
    shown = str(check_error("rule r(p: player) -> bool {\n  choose yes in [false, true] by p\n"
                            "  if yes {\n    return true\n  }\n}\nturn { r(current) win current }"))
    assert shown.startswith("t.rules:8:1: error: rule 'r' can reach its end without giving back "
                            "a value\n    }\n    ^\n")
    assert "hint: end every way through it with return VALUE (it gives back a true/false " \
           "value)" in shown


def test_a_value_from_a_rule_that_says_no_type_shows_the_signature_to_write():
    shown = str(check_error("rule r(p: player) {\n  choose n in 1..3 by p\n  return n\n}\n"
                            "turn { r(current) win current }"))
    assert shown.startswith("t.rules:5:10: error: rule 'r' gives back no value: it says no type\n"
                            "      return n\n             ^\n")
    assert "hint: say what it gives back: rule r(p) -> int { ... }, and call it as " \
           "let x = r(p)" in shown


def test_a_rules_value_in_a_condition_says_to_write_the_let_first():
    shown = str(check_error("rule r() -> bool {\n  choose yes in [false, true]\n  return yes\n}\n"
                            "turn {\n  if r() { win current }\n}"))
    assert "t.rules:8:6: error: the value of rule 'r' is taken only as the whole value of a let, " \
           "an assignment or a return" in shown
    assert "      if r() { win current }\n         ^^^\n" in shown
    assert "hint: call it on a line of its own: let x = r(...), then use x here" in shown


@pytest.mark.parametrize("body", [
    "  if true { return 1 } else { return 2 }",
    "  loop { return 1 }",
    "  choose n in 1..3\n  if n > 1 { return n }\n  win current",  # the game ends: no value needed
    "  loop {\n    choose n in 1..3\n    for i in 1..2 { if i == n { break } }\n    return n\n  }",
])
def test_every_way_through_ending_in_a_return_or_the_games_end_is_enough(body):
    rules = rulelang.loads(HEAD + "rule r() -> int {\n" + body + "\n}\n"
                           "turn {\n  let x = r()\n  log \"{x}\"\n  win current\n}\n", "t.rules")
    assert rules.program.rules["r"].returns is not None


def test_a_rules_value_given_back_whole_by_another_rule_is_accepted():
    """``return r(...)``: the place of a let's value, its type the one r says."""
    rules = rulelang.loads(HEAD + "rule a(p: player) -> int {\n  choose n in 1..3 by p\n"
                           "  return n\n}\nrule b(p: player) -> int {\n  return a(p)\n}\n"
                           "turn {\n  let x = b(current)\n  if x > 1 { win current }\n}\n",
                           "t.rules")
    assert rules.program.warnings == []


def test_a_rules_value_given_back_inside_an_expression_says_to_write_the_let_first():
    shown = str(check_error("rule a() -> int { return 1 }\nrule b() -> int {\n  return a() + 1\n}\n"
                            "turn { let x = b() win current }"))
    assert "      return a() + 1\n             ^^^\n" in shown
    assert "hint: call it on a line of its own: let x = a(...), then use x here" in shown
    assert shown.count("error:") == 1
