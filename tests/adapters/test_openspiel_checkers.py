"""examples/checkers.rules against OpenSpiel's native checkers, decision by decision.

Both boards are 8 x 8 with white (native player 0, our P1) at the bottom, moving first.
A native move 'c3d4' (a jump 'c3e5') is ours 'C6 D5': the native rows count from the
bottom, ours from the top. A jump that must go on is, in both, another decision of the
same player. At every decision the player to move and the set of legal moves (only jumps
when there is one) must be the same, the same random move is played in both, and both
games must end together with the same returns (+1/-1 when a player cannot move, 0 after
40 moves without a capture). ``python benchmarks/openspiel_crosscheck.py`` plays
thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import checkers


@pytest.mark.slow
@pytest.mark.soak
def test_checkers_agrees_with_openspiel_on_every_decision():
    games = soak.games(50, 200)
    decisions, failures = cross_check(checkers(), games)
    assert failures == 0
    assert decisions >= games * 40


@pytest.mark.parametrize("rule,changed", [
    ("if empty(js) then", "if true then"),                     # jumping is not compulsory
    ("while landed != none {", "while false {"),               # no second jump
    ("if d.king then [-1, 1]", "if false then [-1, 1]"),       # kings move as men
])
def test_a_changed_rule_is_caught(tmp_path, rule, changed):
    """The check can fail: optional jumps, single jumps only, or kings that cannot move
    back each offer other moves than the native game."""
    pairing = checkers()
    rules = changed_rules(pairing, tmp_path, rule, changed)
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 100)
