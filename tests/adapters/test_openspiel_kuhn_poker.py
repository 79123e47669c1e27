"""examples/kuhn_poker.rules against OpenSpiel's native kuhn_poker, decision by decision.

Both games deal the same cards: the order of our deck is drawn first and fixed as our
shuffle (``fix={"shuffle deck": [...]}``), and each of the native game's chance nodes
deals the card ours deals next (P1's, then P2's...). Then at every decision the player to
move and the legal moves must be the same (native Pass/Bet; ours pass/bet, and fold/call
once someone has bet), the same random move is played in both, and the returns at the
end must equal our scores: chips won less chips put in. ``python
benchmarks/openspiel_crosscheck.py`` plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import kuhn_poker


@pytest.mark.parametrize("players,games", [(2, 200), (3, 100), (5, 60), (10, 20)])
def test_kuhn_poker_agrees_with_openspiel_on_every_decision(players, games):
    decisions, failures = cross_check(kuhn_poker(players), games)
    assert failures == 0
    assert decisions >= games * players  # everyone acts at least once


def test_a_changed_showdown_is_caught(tmp_path):
    """The check can fail: a Kuhn poker whose lowest card wins the showdown pays the
    wrong player."""
    pairing = kuhn_poker()
    rules = changed_rules(pairing, tmp_path, "argmax(still_in(), p => top(shown[p]).rank)",
                          "argmin(still_in(), p => top(shown[p]).rank)")
    with pytest.raises(Mismatch, match="returns"):
        play_seeds(pairing, rules, 50)
