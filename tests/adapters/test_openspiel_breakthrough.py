"""examples/breakthrough.rules against OpenSpiel's native breakthrough, decision by decision.

Black (P1) starts on the top rows and moves first; the board is 8 x 8 (OpenSpiel's
default) and, in one test, 6 x 5. A native move
'a7b6*' (from a7 to b6, capturing) is ours 'A2 B3': the native rows count from the
bottom, ours from the top. At every decision the player to move and the set of legal
moves must be the same, the same random move is played in both, and both games must end
together with the same winner (+1/-1). ``python benchmarks/openspiel_crosscheck.py``
plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import breakthrough


@pytest.mark.slow
@pytest.mark.soak
def test_breakthrough_agrees_with_openspiel_on_every_decision():
    games = soak.games(50, 200)
    decisions, failures = cross_check(breakthrough(), games)
    assert failures == 0
    assert decisions >= games * 10  # no piece crosses in fewer than five moves a side


@pytest.mark.soak
def test_breakthrough_agrees_on_a_small_board():
    """Five rows (one row of pieces a side, as the native game has below six) of six."""
    games = soak.games(30, 100)
    decisions, failures = cross_check(breakthrough(rows=5, columns=6), games)
    assert failures == 0
    assert decisions >= games * 4


def test_a_changed_capture_rule_is_caught(tmp_path):
    """The check can fail: a Breakthrough whose pieces also capture straight ahead has
    moves the native game does not."""
    pairing = breakthrough()
    rules = changed_rules(pairing, tmp_path, "else dx != 0 and not holds(cell(x, y), c)",
                          "else not holds(cell(x, y), c)")
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 20)
