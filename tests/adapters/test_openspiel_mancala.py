"""examples/mancala.rules against OpenSpiel's native mancala (Kalah), decision by decision.

Both number the fourteen places alike and name a move by the pit sown from. At every
decision the player to move (the same player again after a last seed in their store)
and the legal pits must be the same, the same random pit is sown in both, and both
games must end together with the same winner (+1/-1, 0 for equal stores).
``python benchmarks/openspiel_crosscheck.py`` plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import mancala


def test_mancala_agrees_with_openspiel_on_every_decision():
    games = 200
    decisions, failures = cross_check(mancala(), games)
    assert failures == 0
    assert decisions >= games * 10


@pytest.mark.parametrize("rule,changed", [
    ("if landed != store(current) {", "if true {"),            # no extra turn
    ("and pit[opposite(landed)] > 0 {", "{"),                  # captures of nothing
])
def test_a_changed_rule_is_caught(tmp_path, rule, changed):
    """The check can fail: without the extra turn the wrong player moves; a capture
    from an empty pit facing it takes the last seed off the player's side."""
    pairing = mancala()
    rules = changed_rules(pairing, tmp_path, rule, changed)
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 50)
