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


def test_kuhn_poker_in_chips_loaded_zero_sum_has_the_textbook_game_value():
    """With ``zero_sum`` (its scores, chips won and lost, sum to 0) OpenSpiel's CFR and
    exploitability take the adapter's Kuhn poker as they take their own: the first player's
    value nears -1/18 as the average policy's exploitability falls."""
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    from rulelang.adapters.openspiel import load_game
    from rulelang.language.errors import RulesError
    game = load_game("examples/kuhn_poker.rules", players=2, returns="score", zero_sum=True)
    assert game.get_type().utility == game.get_type().utility.ZERO_SUM
    solver = cfr.CFRSolver(game)
    for _ in range(60):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert exploitability.exploitability(game, policy) < 0.05
    value = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)[0]
    assert abs(value - (-1 / 18)) < 0.01
    with pytest.raises(RulesError, match="returns=score"):
        load_game("examples/kuhn_poker.rules", players=2, zero_sum=True)
    with pytest.raises(RulesError, match="cooperative game's returns are the team's"):
        load_game("tests/rules/coop_coin.rules", players=2, returns="score", zero_sum=True)


def test_zero_sum_said_of_scores_that_do_not_sum_to_zero_is_an_error_at_the_end():
    import random

    from rulelang.adapters.openspiel import load_game
    from rulelang.language.errors import RulesError
    game = load_game("examples/oh_hell.rules", players=3, returns="score", zero_sum=True)
    state, rng = game.new_initial_state(), random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(RulesError, match="not 0: it was loaded with zero_sum"):
        state.returns()
