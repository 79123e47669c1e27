"""examples/nim.rules against OpenSpiel's native nim, decision by decision.

Same options in both (``pile_sizes``, written '1;3;5;7' natively and 1+3+5+7 in ours, and
``is_misere``), at their defaults: four piles of 1, 3, 5 and 7 stones, P1 first, and whoever
takes the last stone loses. A native action is a whole turn ('pile:2, take:3;'), ours two
decisions (the pile, then how many stones: 'B 3'): at every turn the player to move and the
set of whole turns must be the same, the same random turn is played in both, and both must
end together with the same returns (+1/-1). 2,000 games at the defaults under
``RULELANG_SOAK=1`` (as CI runs it; 300 otherwise, see tests/support/soak.py), and a few
hundred in normal play and with other piles (an empty one among them).

What each seat knows: Nim hides nothing, but OpenSpiel gives two texts a player's
information could be read from, and both partition the histories as our views do (see
tests/support/information.py): its information state (the actions so far) as our view with
its log, and its observation (the player to move and the piles, forgetting how they came
about) as our view without it, where positions reached by different moves must look alike;
our view's turn number, which the observation does not keep, is left out of that one.
``python benchmarks/openspiel_crosscheck.py`` plays thousands of games of each setting.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.information import InfoCheck, compare, observation, report
from support.pairings import nim


@pytest.mark.soak
@pytest.mark.parametrize("pile_sizes,is_misere,games", [
    ("1;3;5;7", True, soak.games(300, 2000)), ("1;3;5;7", False, 300),
    ("2;0;4;6;9", True, 300)])
def test_nim_agrees_with_openspiel_on_every_decision(pile_sizes, is_misere, games):
    decisions, failures = cross_check(nim(pile_sizes, is_misere), games)
    assert failures == 0
    assert decisions >= games * 4  # at the least the four piles' turns


def without_the_turn(view: dict) -> dict:
    """OpenSpiel's observation does not count the turns; our view does."""
    return {key: value for key, value in view.items() if key != "turn"}


@pytest.mark.parametrize("check", [
    InfoCheck(nim()),
    InfoCheck(nim(), native_text=observation, memory=False, normalize=without_the_turn)],
    ids=["information state", "observation"])
def test_nim_tells_a_seat_what_openspiel_does(check):
    partition = compare(check, 200)
    assert partition.disagreements == [], report(check, partition)
    assert partition.classes < partition.histories  # some histories met again: compared


@pytest.mark.parametrize("rule,changed", [
    ("win next(current) \"{current} took", "win current \"{current} took"),
    ("choose n in 1..stones[pile]", "choose n in 1..min(3, stones[pile])")])
def test_a_changed_rule_is_caught(tmp_path, rule, changed):
    """The check can fail: a Nim where taking the last stone wins by default, or one that
    lets a player take at most three stones, disagrees with the native game."""
    pairing = nim()
    rules = changed_rules(pairing, tmp_path, rule, changed)
    with pytest.raises(Mismatch):
        play_seeds(pairing, rules, 20)
