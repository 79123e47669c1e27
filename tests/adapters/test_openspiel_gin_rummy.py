"""examples/gin_rummy.rules against OpenSpiel's native gin_rummy, decision by decision.

Both games deal the same cards: the order of our stock is drawn first and fixed as our
shuffle (``fix={"shuffle stock": [...]}``), and each of the native game's chance nodes
deals the card ours deals next (P1's ten, P2's ten, the upcard, then every card drawn
from the stock). At every decision the player to move and the legal moves must be the
same (the first upcard taken or passed, upcard or stock, each discard, the knock, the
knocker's discard and melds, each layoff and the other player's melds), the same move is
played in both, and the native returns must equal our scores.

Random moves knock in about one game of fifty, so half the games are played by a
player who plays for a knock (``gin_rummy_policy`` in tests/support/pairings.py): most of
those end in a knock, a third with layoffs, some with gin or an undercut. The soak tests
play 2,000 random games and 600 played for a knock under ``RULELANG_SOAK=1`` (CI), 300 and
160 otherwise; ``python benchmarks/openspiel_crosscheck.py --only gin_rummy`` plays
thousands of each.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_both, play_seeds
from support.pairings import gin_rummy


@pytest.mark.parametrize("policy,games", [(False, 30), (True, 20)])
def test_gin_rummy_agrees_with_openspiel_on_every_decision(policy, games):
    decisions, failures = cross_check(gin_rummy(policy=policy), games)
    assert failures == 0
    assert decisions >= games * 20


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("first_seed", [0, 500, 1000, 1500])
def test_gin_rummy_agrees_over_random_games(first_seed):
    """Games of random moves, in four parts (run side by side): 2,000 under RULELANG_SOAK=1
    (four times 500), the first 40 of each part otherwise (see tests/support/soak.py)."""
    games = soak.games(40, 500)
    decisions, failures = cross_check(gin_rummy(), games, first_seed=first_seed)
    assert failures == 0
    assert decisions >= games * 50  # most random games go on to the wall


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("options,first_seed", [
    ({}, 0), ({}, 150),
    ({"oklahoma": True}, 300),
    ({"knock_card": 5, "gin_bonus": 20, "undercut_bonus": 10}, 450)])
def test_gin_rummy_agrees_when_playing_for_a_knock(options, first_seed):
    """150 games of each part under RULELANG_SOAK=1, the first 25 otherwise."""
    games = soak.games(25, 150)
    decisions, failures = cross_check(gin_rummy(policy=True, **options), games,
                                      first_seed=first_seed)
    assert failures == 0
    assert decisions >= games * 20


@pytest.mark.parametrize("options,seed", [({}, 2922), ({"oklahoma": True}, 1889)])
def test_a_knock_is_judged_by_the_first_of_openspiel_s_best_meld_groups(options, seed):
    """Two games of the benchmark's 2,000 playing for a knock: a hand whose least deadwood
    two meld groups leave alike, where only one allows a knock once the highest card left
    is discarded. OpenSpiel judges by the first group it finds (its melds in its order),
    and so do we (examples/gin_rummy.scenarios has one such hand)."""
    assert play_both(gin_rummy(policy=True, **options), seed) > 50


def test_a_changed_undercut_is_caught(tmp_path):
    """The check can fail: a knocker undercut without the undercut bonus is paid the
    wrong amount."""
    pairing = gin_rummy(policy=True)
    rules = changed_rules(pairing, tmp_path, "won -= undercut_bonus", "won -= 0")
    with pytest.raises(Mismatch, match="returns"):
        play_seeds(pairing, rules, 100)


def test_layoffs_beyond_two_at_an_end_are_openspiel_s_limit():
    """OpenSpiel lets a run take two cards laid off at each end, no more; the table game
    sets no limit (``run_layoffs=11``), and OpenSpiel then offers fewer layoffs."""
    pairing = gin_rummy(policy=True)
    pairing.options = {"run_layoffs": 11}
    with pytest.raises(Mismatch, match="native \\['pass'\\], ours \\['8s', 'pass'\\]"):
        play_seeds(pairing, pairing.load_ours(), 17)
