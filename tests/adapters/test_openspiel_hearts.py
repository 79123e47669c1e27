"""examples/hearts.rules against OpenSpiel's native hearts, decision by decision.

Both games deal the same cards and pass the same way: the order of our deck and the
passing direction are drawn first and fixed as ours (``fix={"shuffle deck": [...],
"pass direction": ...}``), and the native game's chance nodes are given the same
direction and the same cards, one at a time round the table from P1. At every decision
(each card passed, each card played) the player to move and the legal cards must be the
same, the same random card is played in both, and the native returns (26 less the
points taken, the moon shot counted) must equal our scores. Played with OpenSpiel's
defaults and with its rule options switched. ``python benchmarks/openspiel_crosscheck.py``
plays thousands of games.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

import rulelang
from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import hearts


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("options,games", [
    ({}, soak.games(40, 120)),
    ({"pass_cards": False, "can_lead_any_club": True}, soak.games(15, 40)),
    ({"no_pts_on_first_trick": False, "must_break_hearts": False, "qs_breaks_hearts": False},
     soak.games(15, 40)),
])
def test_hearts_agrees_with_openspiel_on_every_decision(options, games):
    decisions, failures = cross_check(hearts(**options), games)
    assert failures == 0
    assert decisions >= games * 52  # every card played, and passed when passing


@pytest.mark.parametrize("rule,changed", [
    ("or all(x.suit == hearts for x in hand[p])", "or false"),     # a hand of hearts stuck
    ("points[p] = if p in moon then 0 else 26", "points[p] = points[p]"),   # no moon
])
def test_a_changed_rule_is_caught(tmp_path, rule, changed):
    """The check can fail: a leader holding only hearts before they are broken has no
    card to play; without the moon shot a hand that shoots it scores differently."""
    pairing = hearts()
    rules = changed_rules(pairing, tmp_path, rule, changed)
    with pytest.raises((Mismatch, rulelang.RulesError)):
        play_seeds(pairing, rules, 300)
