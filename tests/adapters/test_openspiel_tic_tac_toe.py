"""examples/tictactoe.rules against OpenSpiel's native tic_tac_toe, decision by decision.

The first player (native 'x', our P1 playing X) moves first. At every decision the player
to move and the legal cells (native 'x(row,column)' from 0, ours 'A1' to 'C3') must be the
same, the same random cell is marked in both, and both games must end together with the
same returns (+1/-1, 0 for a full board). OpenSpiel's tic_tac_toe has no parameters.
``python benchmarks/openspiel_crosscheck.py`` plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import tic_tac_toe


@pytest.mark.soak
def test_tic_tac_toe_agrees_with_openspiel_on_every_decision():
    """2,000 games under RULELANG_SOAK=1 (as CI runs it), 300 otherwise."""
    games = soak.games(300, 2000)
    decisions, failures = cross_check(tic_tac_toe(), games)
    assert failures == 0
    assert decisions >= games * 5  # the shortest game is five marks


def test_a_changed_line_rule_is_caught(tmp_path):
    """The check can fail: a tic-tac-toe that does not count the diagonals goes on where
    the native game is over."""
    pairing = tic_tac_toe()
    diagonals = "+ [[cell(i, i) for i in 0..2], [cell(i, 2 - i) for i in 0..2]]"
    rules = changed_rules(pairing, tmp_path, diagonals, "")
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 50)
