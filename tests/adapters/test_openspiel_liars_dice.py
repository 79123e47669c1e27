"""examples/liars_dice.rules against OpenSpiel's native liars_dice, decision by decision.

Both games roll the same dice: the faces are drawn first and fixed as our "roll" events
(``fix={"roll": Outcomes([...])}``, P1's dice, then P2's), and each of the native game's
chance nodes rolls the face ours rolls next. Then at every decision the player to move
and the legal bids must be the same (native '2-5', ours '2 5'; native Liar, our pass
"liar", once someone has bid), the same random move is played in both, and the returns
at the end must equal our scores (1 for who was right about the call, -1 for the other).
A game is a few decisions, so the test plays hundreds (thousands as CI's soak step runs
it, tests/support/soak.py); it also checks what each seat
knows against OpenSpiel's information state (its own dice, sorted, and every bid).
``python benchmarks/openspiel_crosscheck.py --only liars_dice`` plays the benchmark's run.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from support import soak
from support.crosscheck import Mismatch, changed_rules, cross_check, play_seeds
from support.information import InfoCheck, compare, report
from support.pairings import liars_dice


@pytest.mark.soak
@pytest.mark.parametrize("pairing,games", [
    (liars_dice(), soak.games(500, 2000)),
    (liars_dice(2), soak.games(125, 500)),
    (liars_dice(3, bidding_rule="reset-quantity"), soak.games(125, 500)),
    (liars_dice(2, dice_sides=4), soak.games(125, 500))], ids=lambda p: getattr(p, "name", None))
def test_liars_dice_agrees_with_openspiel_on_every_decision(pairing, games):
    decisions, failures = cross_check(pairing, games)
    assert failures == 0
    assert decisions >= 2 * games  # a bid and a call at least


@pytest.mark.parametrize("pairing", [liars_dice(), liars_dice(2, bidding_rule="reset-quantity")],
                         ids=lambda p: p.name)
def test_liars_dice_tells_a_seat_what_openspiel_does(pairing):
    """OpenSpiel's information state is the player's own dice (sorted) and every bid so far:
    compared with our view and its log. Each group of eight games rolls one seat the same
    dice and the other seat's anew."""
    check = InfoCheck(pairing)
    partition = compare(check, 400)
    assert not partition.disagreements, report(check, partition)
    assert partition.histories - partition.classes >= 200  # information states met again


def test_a_game_without_the_wild_face_is_caught(tmp_path):
    """The check can fail: Liar's Dice whose sixes are not wild settles some calls the
    other way."""
    pairing = liars_dice()
    rules = changed_rules(pairing, tmp_path, "option wild: bool = true",
                          "option wild: bool = false")
    with pytest.raises(Mismatch, match="returns"):
        play_seeds(pairing, rules, 200)


def test_a_wrong_order_of_bids_is_caught(tmp_path):
    """A bid of as many dice of the same face counted as higher: a move OpenSpiel does not
    have."""
    pairing = liars_dice()
    rules = changed_rules(pairing, tmp_path, "(n == count_bid and f > face_bid)",
                          "(n == count_bid and f >= face_bid)")
    with pytest.raises(Mismatch, match="decision 1"):
        play_seeds(pairing, rules, 20)


def test_the_information_check_catches_dice_shown_to_everyone(tmp_path):
    check = InfoCheck(liars_dice())
    rules = changed_rules(check.pairing, tmp_path, 'zone cup[player]: hand of Die, owner',
                          'zone cup[player]: hand of Die, public')
    partition = compare(check, 80, rules=rules)
    assert partition.disagreements
    assert partition.disagreements[0].same_in == "OpenSpiel"
