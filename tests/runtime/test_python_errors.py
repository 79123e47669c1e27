"""A value of the wrong kind where the generated code adds, compares, indexes or goes through
it (none, most often) fails in the language's words, on the full path and the lean path
alike (interpreter/runtime/python_errors.py words Python's errors when they are reported;
the builtins check what Python would not)."""
from __future__ import annotations

import re

import pytest

import rulelang

RULES = """
game "Wrong kinds"
players 2
enum Colour { red, blue }
card Gem { size: int  colour: Colour }
zone bag: hand of Gem
zone grid: grid 3 x 3 of Gem
var n: int = none
var numbers: list of int = none
var spot: cell = none
var seat: seat = none
var words: text = none
var gem: Gem = none
setup {
  create Gem(size: 1, colour: red) x 2 in bag
}
turn {
  let x = EXPR
  log "{x}"
  win current
}
"""

CASES = [  # (the expression, what the error says)
    ("n + 1", "cannot work out none + 1: n is none (a value not set yet, or nothing found?)"),
    ("n - 2", "cannot work out none - 2: n is none"),
    ("10 / n", "cannot work out 10 / none: n is none"),
    ("-n", "cannot work out -none: n is none"),
    ("n + size(bag)", "cannot work out none + a number: n is none"),
    ("abs(n)", "abs needs a number, not none"),
    ("n < 3", "cannot compare none < 3: n is none (a value not set yet, or nothing found?)"),
    # (sort(bag), with no key, the checker refuses; a key giving the cards is left to this)
    ("sort(bag, g => g)", "cards have no order of their own: compare or sort by a field of "
                          "theirs"),
    # (sum(bag), a sum of cards, the checker refuses now: tests/language/test_author_mistakes.py)
    ("[1, 2][n]", "a position in a list is a number, not none"),
    ("[i for i in numbers]", "none is not a list or a zone, where one is needed"),
    ("spot.x", "cannot read a part of none"),
    ("cells([spot])", "none is not a cell, where one is needed"),
    ("adjacent(spot, cell(1, 1))", "cannot read a part of none"),
    ("zone_of(gem)", "none is not a card, where one is needed"),
    ("knows(seat, top(bag))", "knows needs a player, not none"),
    ("next(seat)", "none is not a player of this game"),
    ("previous(seat)", "none is not a player of this game"),
    ("order_from(seat)", "none is not a player of this game"),
    ('join(["a"], words)', "join's separator is a text, not none"),
    ("1..n", "cannot work out none - a number"),
    ("top(none)", "none is not a zone"),  # (Python's None, before)
    ("in_bounds(grid, spot)", "none is not a cell, where one is needed"),
    ("cell(n)", "'none' is not a cell"),
    ("ray(grid, spot, (1, 0))", "a ray starts from a cell, not none"),
    ("top(bag, 0 - 1)", "top cannot take -1 cards: a count is 0 or more"),  # (all but one)
    ("bottom(bag, 0 - 2)", "bottom cannot take -2 cards: a count is 0 or more"),
]


def _failed(text: str, lean: bool) -> list[str]:
    """The lines of the error a game of these rules stops with, on either path."""
    rules = rulelang.loads(text, "kinds.rules")
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        if lean:
            rules.lean().played_out(lambda game, seat, values, site: 0, players=2, seed=1)
        else:
            rules.new_game(players=2, seed=1)
    return str(caught.value).splitlines()


def _failure(expr: str, lean: bool) -> str:
    return _failed(RULES.replace("EXPR", expr), lean)[0]


# the operations of the rules the error is told at (the expression's column), not at the statement
AT_OPERATION = {"n + 1", "n - 2", "10 / n", "-n", "n + size(bag)", "n < 3"}


@pytest.mark.parametrize("expr, said", CASES, ids=[c[0] for c in CASES])
def test_a_wrong_kind_of_value_fails_in_the_language_s_words(expr, said):
    for lean in (False, True):
        first = _failure(expr, lean)
        column = 11 if expr in AT_OPERATION else 3
        assert first.startswith(f"kinds.rules:18:{column}: error: in turn: "), first
        assert said in first
        assert not re.search(r"\b[A-Z]\w*Error\b|NoneType|'int'|\bNone\b|<\w", first), first


def test_creating_none_cards_and_a_chooser_that_is_none_say_so():
    create = RULES.replace("  let x = EXPR\n  log \"{x}\"\n",
                           "  create Gem(size: 1, colour: red) x n in bag\n")
    game_error = pytest.raises(rulelang.RulesRuntimeError, match="none is not a number")
    with game_error:
        rulelang.loads(create, "kinds.rules").new_game(players=2, seed=1)
    choose = RULES.replace("  let x = EXPR\n", "  choose x in [1, 2] by seat prompt \"go\"\n")
    with pytest.raises(rulelang.RulesRuntimeError, match=r"no player is given to decide here"):
        rulelang.loads(choose, "kinds.rules").new_game(players=2, seed=1)


def test_a_zone_variable_left_none_says_so_where_its_cards_are_read():
    rules = """
game "Pit"
players 2
card C { name "c" }
zone pit: pile of C
var spot: zone = none
turn {
  move cards(spot) to pit
  end
}
"""
    with pytest.raises(rulelang.RulesRuntimeError, match="none is not a zone, where one is needed"):
        rulelang.loads(rules, "pit.rules").new_game(players=2, seed=1)


def test_a_cell_named_by_text_takes_no_second_number():
    with pytest.raises(rulelang.RulesError, match=r'kinds.rules:18:22: .*cell\("E5"\) names a cell'):
        rulelang.loads(RULES.replace("EXPR", 'cell("B2", 2)'), "kinds.rules")


def test_a_card_of_another_kind_says_which_field_it_lacks():
    text = RULES.replace("  let x = EXPR\n", "  gem = top(loose)\n  let x = gem.size\n").replace(
        "card Gem { size: int  colour: Colour }\n", "card Gem { size: int  colour: Colour }\n"
        "card Odd { weight: int }\nzone loose: pile\n").replace(
        "  create Gem(size: 1, colour: red) x 2 in bag\n", "  create Odd(weight: 1) in loose\n")
    with pytest.raises(rulelang.RulesRuntimeError,
                       match="this card has no field 'size': a card of another kind"):
        rulelang.loads(text, "kinds.rules").new_game(players=2, seed=1)


def test_a_variable_kept_per_key_is_not_set_for_a_key_it_does_not_have():
    """``stock[pile] = 1`` with pile none failed nowhere: it added a key, and the game's save
    could not be restored ("var stock should have 2 items, not 3"). Now it fails as reading
    it does, on both paths."""
    text = RULES.replace("  let x = EXPR\n  log \"{x}\"\n", "  stock[shade] = 1\n").replace(
        "var n: int = none\n", "var n: int = none\nenum Pile { left, right }\n"
        "var stock[Pile]: int = 0\nvar shade: Pile = none\n")
    rules = rulelang.loads(text, "kinds.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match="'stock' has nothing for none"):
        rules.new_game(players=2, seed=1)
    with pytest.raises(rulelang.RulesRuntimeError, match="'stock' has nothing for none"):
        rules.lean().played_out(lambda game, seat, values, site: 0, players=2, seed=1)


def test_a_key_proved_to_be_one_is_set_with_no_check():
    """quiet_log.py's proof that a key is one the variable has (a member written, a loop's
    name over an enum, a choose among them) spares the check; a variable's value does not."""
    text = RULES.replace("  let x = EXPR\n  log \"{x}\"\n",
                         "  stock[left] = 1\n  for p in Pile { stock[p] += 1 }\n"
                         "  choose q in [p for p in Pile if stock[p] > 0] prompt \"pile\"\n"
                         "  stock[q] -= 1\n  stock[shade] = 2\n").replace(
        "var n: int = none\n", "var n: int = none\nenum Pile { left, right }\n"
        "var stock[Pile]: int = 0\nvar shade: Pile = none\n")
    source = rulelang.loads(text, "kinds.rules").lean().source()
    assert source.count(".known(") == 2  # stock[shade], in the direct form and the machine's


@pytest.mark.parametrize("top, said", [
    ("score p = 10 / n", "score"),
    ('require 10 / n > 0 "never"', "require"),
    ("end when 10 / n > 0", "end when"),
])
def test_a_top_level_expression_that_fails_is_said_where_it_is_written(top, said):
    """A score worked out as the game ends failed "in turn", at the turn's last line."""
    rules = RULES.replace("var n: int = none", "var n: int = 0").replace("EXPR", "1") + top + "\n"
    line = rules.count("\n")
    for lean in (False, True):
        shown = _failed(rules, lean)
        column = len(top.split("10")[0]) + 1
        assert shown[0] == f"kinds.rules:{line}:{column}: error: in {said}: division by zero", shown
        assert shown[1] == "    " + top


@pytest.mark.parametrize("count, said", [
    ("0 - 1", "cannot deal -1 cards: a count is 0 or more"),  # it dealt all but one
    ("n", "deal needs a number of cards, not none"),  # it dealt every card
])
def test_a_deal_of_a_count_below_0_or_none_fails_instead_of_dealing_the_rest(count, said):
    rules = RULES.replace("  let x = EXPR\n  log \"{x}\"\n",
                          f"  deal {count} from bag to bag\n")
    for lean in (False, True):
        assert _failed(rules, lean)[0] == f"kinds.rules:18:3: error: in turn: {said}"


def test_a_zone_family_and_a_table_row_are_written_in_the_language_s_words():
    """A family was written as Python's dict of its zones, a row as Python's dict (quotes
    and all)."""
    rules = rulelang.loads(
        'game "Texts"\nplayers 2\nenum Colour { blue, red }\ncard C { n: int }\n'
        'zone hand[player]: hand of C\ntable stock {\n  | colour | number | word  |\n'
        '  |--------|--------|-------|\n  | blue   | 1      | "a b" |\n}\n'
        'turn { log "{hand} {hand[current]} {first(stock)}"\n  end }\n', "texts.rules")
    lines = rules.new_game(players=2, seed=1).transcript().splitlines()
    assert "hand hand[P1] (colour: blue, number: 1, word: a b)" in lines, lines


BIDS = """game "Bids"
players 2
var bid[player]: int = none
var taken[player]: int = 0
turn {
  let n = taken[current]
    + sum(taken[q] for q in players if bid[q] > 0)
  log "{n}"
  end
}
score p = 0
"""


def test_none_compared_in_a_comprehension_of_an_expression_of_two_lines_is_told_at_it():
    """The error's caret spanned the whole ``let`` (or, in a heuristic, lay under the first
    line's ``taken[p]``), and said only "cannot compare none with '>'": it is now at the
    comparison, and names what was none."""
    for lean in (False, True):
        assert _failed(BIDS, lean) == [
            "kinds.rules:7:40: error: in turn: cannot compare none > 0: bid[q] is none"
            " (a value not set yet, or nothing found?)",
            "        + sum(taken[q] for q in players if bid[q] > 0)",
            "                                           ^^^^^^^^^^"]


def test_a_heuristic_of_two_lines_is_told_at_its_comparison():
    from interpreter.bots.scoring import heuristic

    text = BIDS.replace('  let n = taken[current]\n    + sum(taken[q] for q in players if bid[q] > 0)\n'
                        '  log "{n}"\n', "").replace(
        "score p = 0\n", "score p = 0\nheuristic p = taken[p]\n"
        "  + sum(taken[q] for q in players if bid[q] > 0)\n")
    game = rulelang.loads(text, "kinds.rules").new_game(players=2, seed=1, log=False)
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        heuristic(game, 0)
    assert str(caught.value).splitlines()[0] == (
        "kinds.rules:10:38: error: in heuristic: cannot compare none > 0: bid[q] is none"
        " (a value not set yet, or nothing found?)")


@pytest.mark.parametrize("expr, column, said", [
    # of two alike, the one that failed (bid[P1] is set, bid[P2] is not)
    ("[q for q in players if q == P1 and bid[q] > 0] + [q for q in players if bid[q] > 0]", 83,
     "cannot compare none > 0: bid[q] is none"),
    # none on both sides; a long operand is not named (the caret shows it)
    ("bid[next(current)] >= bid[previous(current)]", 11,
     "cannot compare none >= none: bid[next(current)] and bid[previous(current)] are none"),
    ("taken[current] < bid[next(current)]", 11,
     "cannot compare a number < none: bid[next(current)] is none (a value"),
    ("0 < (if taken[current] > 5 then 1 else bid[next(next(next(current)))])", 11,
     "cannot compare 0 < none (a value"),
    ("f(1) > 0", 11, "cannot compare none > 0: f(1) is none"),
])  # (a comparison in a function of the rules is told in it: test_failures_in_functions.py)
def test_the_operation_that_failed_is_told_where_it_is_written(expr, column, said):
    text = BIDS.replace('  let n = taken[current]\n    + sum(taken[q] for q in players if bid[q] > 0)\n',
                        f"  bid[P1] = 1\n  let n = {expr}\n").replace(
        "score p = 0\n", "score p = 0\nfn f(x: int) = bid[P2]\nfn g(x: int) = bid[P2] > x\n")
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown[0].startswith(f"kinds.rules:7:{column}: error: in turn: {said}"), shown
