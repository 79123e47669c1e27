"""A list option (values chosen together, like Yōkai's levels) names each value once, and at
least one when it is written out."""
from __future__ import annotations

import pytest

import rulelang
from support import load

RULES = ('game "Modules"\nplayers 2\n'
         'option modules: list of int in 1..5 = [1] "rule modules to play together"\n'
         'turn { log "{modules}" win current }\n')


@pytest.fixture(scope="module")
def rules():
    return rulelang.loads(RULES)


@pytest.mark.parametrize("given,chosen", [("2+3", [2, 3]), ("[2, 3]", [2, 3]), ("4", [4]),
                                          ([5, 1], [5, 1])])
def test_a_list_option_is_read_from_text_or_a_list(rules, given, chosen):
    assert rules.new_game(players=2, options={"modules": given}).options["modules"] == chosen


@pytest.mark.parametrize("given", ["", "[]", " + "])
def test_a_list_option_written_with_no_value_is_refused(rules, given):
    with pytest.raises(rulelang.RulesError, match=r"option modules= names no value: write "
                                                  r"modules=1, or modules=2\+3"):
        rules.new_game(players=2, options={"modules": given})


@pytest.mark.parametrize("given", ["2+2", "1+3+1", [4, 4]])
def test_a_value_named_twice_is_refused(rules, given):
    with pytest.raises(rulelang.RulesError, match=r"names \d twice: each value is chosen once"):
        rules.new_game(players=2, options={"modules": given})


def test_the_yokai_levels_combine_and_refuse_a_repeat():
    yokai = load("games/yokai.rules")
    assert yokai.new_game(players=3, options={"levels": "2+3"}).options["levels"] == [2, 3]
    with pytest.raises(rulelang.RulesError, match="names 2 twice"):
        yokai.new_game(players=3, options={"levels": "2+2"})
