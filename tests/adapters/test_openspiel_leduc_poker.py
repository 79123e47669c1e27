"""examples/leduc_poker.rules against OpenSpiel's native leduc_poker, decision by decision.

Both games deal the same cards: the order of our deck is drawn first and fixed as our
shuffle, and each of the native game's chance nodes deals the card ours deals next (P1's,
P2's, then the public card). At every decision the player to move and the legal actions
(fold, call, raise) must be the same, the same random action is played in both, and the
returns at the end must equal our scores: chips won less chips put in. Played with the
native ``starting_player`` at 0 (its default) and 1. ``python
benchmarks/openspiel_crosscheck.py`` plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import leduc_poker


@pytest.mark.parametrize("starting_player,games", [(0, 200), (1, 100)])
def test_leduc_poker_agrees_with_openspiel_on_every_decision(starting_player, games):
    decisions, failures = cross_check(leduc_poker(starting_player), games)
    assert failures == 0
    assert decisions >= games * 2  # at least a fold after a raise


@pytest.mark.parametrize("rule,changed", [
    ("100 + c.rank", "c.rank"),                       # a pair no longer beats a high card
    ("raises < 2 else", "raises < 3 else"),           # three raises a round
])
def test_a_changed_rule_is_caught(tmp_path, rule, changed):
    """The check can fail: a pair that counts for nothing pays the wrong player; a third
    raise is a move the native game does not have."""
    pairing = leduc_poker()
    rules = changed_rules(pairing, tmp_path, rule, changed)
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 100)
