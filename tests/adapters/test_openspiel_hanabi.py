"""examples/hanabi.rules against OpenSpiel's native hanabi (the Hanabi Learning
Environment), decision by decision.

Both games are dealt the same cards: the order of our deck is drawn first and fixed as
ours (``fix={"shuffle deck": [...]}``), and the native game's chance nodes deal the same
cards one at a time (each hand from P1, then the card drawn after each play or discard).
A native action is one whole turn of ours (ours chooses hint, play or discard, then the
card, or the player and what to show): at every turn the player to move and the set of
whole turns must be the same, the same random turn is taken in both, and the native
returns (the fireworks' height, 0 once the third fuse burns) must equal our score. Random
moves burn the fuses within a few turns, so most games are played by a policy that seldom
plays a card and reaches the end of the deck and the last turns. ``python
benchmarks/openspiel_crosscheck.py --only hanabi`` plays thousands of games.
The clue and fuse tokens are options named as OpenSpiel's parameters, checked at their
defaults and at others.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

import rulelang
from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import hanabi


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("players,policy,options,games,least", [
    (2, False, {}, soak.games(12, 40), 3),  # random moves: the third fuse soon burns
    (2, True, {}, soak.games(4, 12), 40),   # playing what fits: most games see the deck run out
    (3, True, {}, soak.games(3, 8), 40),
    (4, True, {}, soak.games(2, 6), 35),
    (5, True, {}, soak.games(2, 6), 30),
    (3, True, {"max_information_tokens": 3, "max_life_tokens": 1}, soak.games(3, 8), 5),
])
def test_hanabi_agrees_with_openspiel_on_every_decision(players, policy, options, games, least):
    decisions, failures = cross_check(hanabi(players, policy, **options), games)
    assert failures == 0
    assert decisions >= games * least


@pytest.mark.parametrize("rule,changed,policy", [
    # discarding allowed with all eight clue tokens left
    ('(if clues < max_information_tokens then ["discard"] else [])', '["discard"]', False),
    # one last turn too few once the deck is empty
    ("last_turns = player_count + 1", "last_turns = player_count", True),
    # no clue token won back for a 5
    ("if c.rank == 5 and clues < max_information_tokens {", "if false {", True),
    # fireworks still scored once the third fuse burns
    ("score = if fuses == 0 then 0 else", "score = if false then 0 else", True),
])
def test_a_changed_rule_is_caught(tmp_path, rule, changed, policy):
    """The check can fail: a discard at the first turn is not a native move; a game that
    ends a turn early ends before the native one; a clue token kept from a 5 allows
    other moves later; a lost game scoring its fireworks has other returns."""
    pairing = hanabi(2, policy)
    rules = changed_rules(pairing, tmp_path, rule, changed)
    with pytest.raises((Mismatch, rulelang.RulesError)):
        play_seeds(pairing, rules, 20)
