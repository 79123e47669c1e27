"""examples/pig.rules against OpenSpiel's native pig, decision by decision.

At its defaults ours is OpenSpiel's default game: the same parameter names as options
(``winscore`` 100, ``diceoutcomes`` 6) and OpenSpiel's turn (``ask_first``, on: every roll
is the player's choice, the first too, and who has reached the target must stop). At every
decision the player to move and the legal moves (native roll and stop, ours yes and no to
"roll again") must be the same, the same die is rolled in both and the same random move
played, and both must end together with the same returns (+1 the winner; the losers share
-1, as OpenSpiel's do with more than two players). At the defaults (2,000 games under
``RULELANG_SOAK=1``, as CI runs it, 300 otherwise: tests/support/soak.py), a target of 30,
a four-sided die, and 3, 4 and 10 players (both allow 2 to 10).
``python benchmarks/openspiel_crosscheck.py`` plays thousands of games of each.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.pairings import pig


@pytest.mark.soak
@pytest.mark.parametrize("winscore,diceoutcomes,players,games", [
    (100, 6, 2, soak.games(300, 2000)), (30, 6, 2, 300), (30, 4, 2, 300),
    (30, 6, 3, 200), (20, 6, 4, 100), (20, 6, 10, 40)])
def test_pig_agrees_with_openspiel_on_every_decision(winscore, diceoutcomes, players, games):
    decisions, failures = cross_check(pig(winscore, diceoutcomes, players), games)
    assert failures == 0
    assert decisions >= games * 2  # at the least a roll and a stop


def test_a_changed_stopping_rule_is_caught(tmp_path):
    """The check can fail: a Pig that lets who has reached the target roll on offers a
    roll where the native game allows only stop."""
    pairing = pig(30)
    rules = changed_rules(pairing, tmp_path,
                          "let reached = ask_first and banked[current] + total >= winscore",
                          "let reached = false")
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 50)
