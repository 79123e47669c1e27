"""`pass "WORD" confirm "TEXT"`: what a person is asked to confirm before passing there
(the terminal asks y/n, the page a second tap); bots are never asked."""
from __future__ import annotations

import pytest

import rulelang
from support.small_rules import CONFIRMED_PASS

# the shared ruleset, with a second way to win: a game that goes on after a number
RULES = CONFIRMED_PASS.replace("  total += n\n", "  total += n\n  if total > 5 { win current }\n")


def test_only_the_pass_asks_and_only_where_it_is_offered():
    game = rulelang.loads(RULES, "confirm.rules").new_game(players=2, seed=1)
    assert game.confirmation("stop") == "Stopping ends the game for everyone."
    assert game.confirmation("STOP") == "Stopping ends the game for everyone."  # as typed
    assert game.confirmation("1") is None and game.confirmation("nothing") is None
    plain = rulelang.loads(RULES.replace(' confirm "Stopping ends the game for everyone."', ""),
                           "plain.rules").new_game(players=2, seed=1)
    assert plain.confirmation("stop") is None
    game.play("stop")
    assert game.is_over and game.confirmation("stop") is None


@pytest.mark.parametrize("text", ['"{total} left"', '""'])
def test_what_confirm_asks_is_plain_text(text):
    with pytest.raises(rulelang.RulesError) as caught:
        rulelang.loads(RULES.replace('"Stopping ends the game for everyone."', text), "c.rules")
    [d] = caught.value.diagnostics
    assert d.message == 'what \'confirm\' asks is plain text, like "This ends the game."'
