"""A named pass move that an option shares is refused on the lean path as on the full path
(``LeanGame._check_pass``, for every kind of lean offer: cards, texts, members), whatever
the case of either; and a pass word no option shares is offered last."""
from __future__ import annotations

import pytest

import rulelang

HEAD = 'game "T"\nplayers 2\n'

CARDS = """
card Token { name "stop" }
zone pile: pile of Token, public
setup { create Token() x 2 in pile }
turn {
  choose t in cards(pile) pass "STOP"
  win current
}
"""
# (options worked out as the game runs: a list written out is refused by the check)
TEXTS = 'turn {\n  choose w in [x for x in ["go", "Stop"]] pass "sTOP"\n  win current\n}\n'
MEMBERS = ('enum Word { go, stop }\nturn {\n  choose w in [x for x in [go, stop]] pass "Stop"\n'
           '  win current\n}\n')


@pytest.mark.parametrize("text", [CARDS, TEXTS, MEMBERS], ids=["cards", "texts", "members"])
@pytest.mark.parametrize("lean", [False, True], ids=["full", "lean"])
def test_a_pass_word_an_option_shares_is_refused_on_either_path(text, lean):
    rules = rulelang.loads(HEAD + text, "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match=r"the pass move '.*' has the same name"):
        (rules.lean() if lean else rules).new_game(players=2, seed=1)


@pytest.mark.parametrize("text", [CARDS, TEXTS, MEMBERS], ids=["cards", "texts", "members"])
def test_a_pass_word_no_option_shares_is_offered_last(text):
    text = text.replace('pass "STOP"', 'pass "wait"').replace('pass "sTOP"', 'pass "wait"') \
        .replace('pass "Stop"', 'pass "wait"')
    game = rulelang.loads(HEAD + text, "t.rules").lean().new_game(players=2, seed=1)
    assert game.notation(game.move_count - 1) == "wait"
    assert game.move_count >= 2
