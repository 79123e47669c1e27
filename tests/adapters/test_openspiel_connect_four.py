"""examples/connect_four.rules against OpenSpiel's native connect_four, decision by decision.

The first player (native 'x', our P1, red) moves first. At every decision the player to
move and the legal columns (native from 0, ours from 1) must be the same, the same random
column is played in both, and both games must end together with the same returns (+1/-1,
0 for a full board). Played with OpenSpiel's parameters at their defaults (7 columns, 6
rows, four in a row), with ``x_in_row`` 3, and on a board of 9 columns and 5 rows.
``python benchmarks/openspiel_crosscheck.py`` plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import connect_four


@pytest.mark.parametrize("x_in_row,rows,columns,games", [(4, 6, 7, 200), (3, 6, 7, 100),
                                                         (4, 5, 9, 60)])
def test_connect_four_agrees_with_openspiel_on_every_decision(x_in_row, rows, columns, games):
    decisions, failures = cross_check(connect_four(x_in_row, rows, columns), games)
    assert failures == 0
    assert decisions >= games * 7  # the shortest game is seven discs


def test_a_changed_line_rule_is_caught(tmp_path):
    """The check can fail: a Connect Four that does not count diagonals goes on where
    the native game is over."""
    pairing = connect_four()
    rules = changed_rules(pairing, tmp_path, "const lines = [(1, 0), (0, 1), (1, 1), (1, -1)]",
                          "const lines = [(1, 0), (0, 1)]")
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 50)
