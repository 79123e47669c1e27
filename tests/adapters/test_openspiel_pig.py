"""examples/pig.rules against OpenSpiel's native pig, decision by decision.

Played with ``ask_first`` (OpenSpiel's turn: every roll is the player's choice, the first
too) and OpenSpiel's parameter names as options (``winscore``, ``diceoutcomes``). At every
decision the player to move and the legal moves (native roll and stop, ours yes and no to
"roll again") must be the same, the same die is rolled in both and the same random move
played, and both games must end together with the same returns (+1/-1). With ours'
target of 30 (2,000 games), OpenSpiel's default of 100 and a four-sided die.
``python benchmarks/openspiel_crosscheck.py`` plays thousands of games of each.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import pig


@pytest.mark.parametrize("winscore,diceoutcomes,games", [
    pytest.param(30, 6, 2000, marks=pytest.mark.slow), (100, 6, 300), (30, 4, 300)])
def test_pig_agrees_with_openspiel_on_every_decision(winscore, diceoutcomes, games):
    decisions, failures = cross_check(pig(winscore, diceoutcomes), games)
    assert failures == 0
    assert decisions >= games * 2  # at the least a roll and a stop


def test_a_changed_stopping_rule_is_caught(tmp_path):
    """The check can fail: a Pig that lets who has reached the target roll on offers a
    roll where the native game allows only stop."""
    pairing = pig(30)
    rules = changed_rules(pairing, tmp_path,
                          "let reached = ask_first and banked[current] + total >= winscore",
                          "let reached = false")
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 50)
