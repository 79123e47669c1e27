"""Yokai (games/yokai.rules): components, setup, a turn's three actions, hints and locks.

Every test sets up an exact situation with fixed chance events and names the rule
IDs of seeds/yokai.md that it guards. Layouts are written as four rows of family
marks (Ki Ka Ro On) for the cells E5..H8; hint piles top first.
The end of the game, scoring, levels and views: test_yokai_games.py.
"""
from __future__ import annotations

import pytest

from rulelang import RulesError
from support import load
from support.yokai import (
    BLOCKS,
    FAMILY,
    PILE,
    RULES,
    SQUARE,
    faces,
    moves,
    names,
    new,
    prompt,
    refused,
    table,
    toggle,
    turn,
)


def test_two_to_four_players_YK1():
    rules = load(RULES)
    assert list(rules.player_counts) == [2, 3, 4]
    for bad in (1, 5):
        with pytest.raises(RulesError):
            rules.new_game(players=bad)


# YK-2, YK-5, YK-34
def test_sixteen_cards_face_down_in_a_square_YK2_YK5_YK34():
    game = new(layout=BLOCKS)
    everything = faces(game)
    assert sorted(everything) == sorted(SQUARE)  # E5..H8, one card a cell
    assert [everything[c] for c in SQUARE] == [FAMILY[m] for m in BLOCKS.split()]
    assert sorted(everything.values()) == sorted(f for f in FAMILY.values() for _ in range(4))
    for seat in (0, 1):
        assert set(faces(game, seat).values()) == {None}  # nobody has seen a face yet
    cards = game.view(None)["zones"]["table"]["cards"]
    assert {c["tint"] for c in cards} == {"red", "green", "purple", "blue"}


# YK-3, YK-6, YK-38
@pytest.mark.parametrize("players,counts", [(2, (2, 3, 2)), (3, (2, 4, 3)), (4, (3, 4, 3))])
def test_hints_drawn_by_player_count_YK3_YK6_YK38(players, counts):
    everything = set()
    for seed in range(4):
        game = load(RULES).new_game(players=players, seed=seed)
        view = game.view(None)
        pile = [c["families"] for c in view["zones"]["hint_pile"]["cards"]]
        out = [c["families"] for name, zone in view["zones"].items() if name.startswith("left_out")
               for c in zone["cards"]]
        assert tuple(sum(1 for f in pile if len(f) == n) for n in (1, 2, 3)) == counts
        assert len(pile) + len(out) == 14
        everything |= {"/".join(f) for f in pile + out}
        for seat in range(players):  # the pile and the hints left out are face down
            seen = game.view(seat)["zones"]
            assert all(c.get("hidden") for name, zone in seen.items()
                       if name == "hint_pile" or name.startswith("left_out") for c in zone["cards"])
    assert len(everything) == 14  # every combination of one to three families, once
    assert {len(h.split("/")) for h in everything} == {1, 2, 3}


@pytest.mark.parametrize("players,mix,counts", [
    (2, 2, (4, 3, 0)), (2, -2, (0, 3, 4)), (3, 1, (3, 4, 2)),
    (3, -2, (1, 4, 4)),  # cut to the 4 three-family cards there are
    (4, 2, (4, 4, 2)),   # cut to the 4 one-family cards there are
])
# YK-32
def test_hint_mix_keeps_the_total_YK32(players, mix, counts):
    game = load(RULES).new_game(players=players, seed=1, options={"hint_mix": mix})
    pile = [c["families"] for c in game.view(None)["zones"]["hint_pile"]["cards"]]
    assert tuple(sum(1 for f in pile if len(f) == n) for n in (1, 2, 3)) == counts
    assert f"{counts[0]} one-family, {counts[1]} two-family and {counts[2]} three-family" \
        in game.transcript()


# YK-6
def test_fixed_pile_order_is_top_first_YK6():
    game = new()
    assert names(game, "hint_pile")[::-1] == PILE[2]


# YK-7
def test_first_player_at_random_then_in_order_YK7():
    game = new(players=3, first="P3")
    assert game.to_move == 2 and "P3 goes first" in game.transcript()
    turn(game)
    assert game.to_move == 0
    turn(game)
    assert game.to_move == 1


# ---------------------------------------------------------------- looking at two cards
# YK-9, YK-10, YK-36
def test_a_turn_starts_by_looking_at_a_card_or_declaring_YK9_YK10_YK36():
    game = new()
    assert prompt(game) == "observe a card, or declare the Yokai appeased"
    assert moves(game) == SQUARE + ["appeased"]


# YK-8, YK-10, YK-35
def test_looking_shows_the_face_to_the_looker_alone_YK8_YK10_YK35():
    game = new(layout=BLOCKS)
    game.play("G5")
    assert faces(game, 0)["G5"] == "Kappa"  # seen before the second card is chosen
    assert faces(game, 1)["G5"] is None
    assert prompt(game) == "observe a second card"
    assert "G5" not in moves(game)  # a second, different card
    refused(game, "G5")
    game.play("E8")
    assert faces(game, 0)["E8"] == "Rokurokubi"
    assert faces(game, 1)["E8"] is None
    assert prompt(game) == "move the card from"  # YK-9: then the move
    assert "P1 observes G5: Kappa" in game.transcript(0)
    assert "P1 observes G5: a Yokai" in game.transcript(1)  # which card, not its face
    assert "P1 > observe a card, or declare the Yokai appeased: G5" in game.transcript(1)


# ---------------------------------------------------------------- moving a card
# YK-11, YK-13
def test_a_card_goes_beside_another_and_must_leave_its_cell_YK11_YK13():
    game = new()
    game.play("F6")
    game.play("G6")
    assert moves(game) == SQUARE  # any card that is not locked, looked at or not
    game.play("E5")
    to = moves(game)
    assert "E5" not in to  # putting it back is not a move
    assert "E4" not in to and "D5" not in to  # beside only the cell it left
    assert {"F4", "D6", "I5", "E9", "H9"} <= set(to)
    refused(game, "E4")
    game.play("I5")
    assert faces(game)["I5"] == "Kitsune" and "E5" not in faces(game)


def cut_card_game():
    """Turns 1 and 2 hang a tail off H8: E5 goes to I8, then F5 to I9 below it."""
    game = new()
    turn(game, move=("E5", "I8"))
    turn(game, move=("F5", "I9"))
    return game


# YK-11
def test_a_move_that_leaves_two_groups_is_refused_YK11():
    game = cut_card_game()
    game.play("G5")
    game.play("H5")
    game.play("I8")  # I9 hangs on I8 alone
    to = moves(game)
    assert "I10" not in to and "J9" not in to  # beside I9 only: two groups
    assert "G4" not in to  # beside the square only: I9 would be cut off
    refused(game, "I10")
    refused(game, "G4")


# YK-12
def test_a_move_that_splits_the_group_only_in_passing_is_allowed_YK12():
    game = cut_card_game()
    game.play("G5")
    game.play("H5")
    game.play("I8")
    assert moves(game) == ["H9"]  # lifting I8 cuts I9 off; H9 joins them again
    game.play("H9")
    spots = set(faces(game))
    assert {"H9", "I9"} <= spots and "I8" not in spots


# YK-13, YK-34, YK-37
def test_the_table_has_no_edges_and_a_pinned_card_skips_the_move_YK13_YK34_YK37():
    # Four players lay the 16 cards in one row, E8 to T8, locking both ends: every other
    # card is then pinned between two parts of the row, so the move is skipped.
    game = new(players=4)
    lifted = [f"{x}{y}" for y in (5, 6, 7) for x in "EFGH"]
    row = [chr(ord("I") + i) + "8" for i in range(12)]
    for i, (frm, to) in enumerate(zip(lifted, row)):
        hint = "draw"
        if i == 1:
            hint = ("", "E8")
        elif i == 11:
            hint = ("", "T8")  # YK-37: the card just moved may be locked
        turn(game, hint=hint, looks=("E8", "F8") if i < 1 else ("F8", "G8"), move=(frm, to))
    assert sorted(faces(game)) == sorted(["E8", "F8", "G8", "H8"] + row)  # as far as column T
    game.play("F8")
    game.play("G8")
    assert prompt(game) == "place a hint, or draw a new one"  # no move was possible
    assert "no card can move: P1 skips the move" in game.transcript()
    assert "pass" not in moves(game) and "draw" not in moves(game)  # the pile is empty


# ---------------------------------------------------------------- hints and locks
# YK-14
def test_the_first_hint_action_draws_and_turns_up_a_hint_YK14():
    game = new()
    turn(game)  # no turned-up hint: the draw needs no decision
    assert names(game, "hints", 1) == ["Kitsune"]  # face up for everybody
    assert "P1 reveals the hint Kitsune" in game.transcript(1)
    game.play("E6")
    game.play("E7")
    game.play(toggle(game)[0])
    game.play(toggle(game)[1])
    assert prompt(game) == "place a hint, or draw a new one"
    assert moves(game) == ["Kitsune", "draw"]
    game.play("draw")
    assert names(game, "hints") == ["Kitsune", "Oni"]  # side by side, all within reach


# YK-14, YK-15
def test_laying_a_hint_locks_its_card_YK14_YK15():
    game = new()
    turn(game)
    turn(game, hint=("Kitsune", "E7"))
    assert table(game, 0)["E7"] == [None, "Kitsune"]  # the hint face up, the card face down
    assert names(game, "hints") == []
    # YK-15: never looked at again, never moved, never a second hint
    assert "E7" not in moves(game)
    refused(game, "E7")
    game.play("E6")
    refused(game, "E7")
    game.play("E8")
    assert "E7" not in moves(game)
    refused(game, "E7")
    game.play("E5")
    game.play("D6")  # no turned-up hint is waiting: P1 draws the Oni hint
    turn(game)  # P2 draws again: two hints wait
    game.play("E6")
    game.play("E8")
    game.play(toggle(game)[0])
    game.play(toggle(game)[1])
    game.play("Oni")
    assert "E7" not in moves(game)
    refused(game, "E7")


# YK-14
def test_with_the_pile_empty_a_hint_must_be_laid_YK14():
    game = new(players=2)
    for _ in range(7):
        turn(game)
    assert names(game, "hint_pile") == []
    game.play("E6")
    game.play("E7")
    game.play(toggle(game)[0])
    game.play(toggle(game)[1])
    assert "draw" not in moves(game)
    assert len(moves(game)) == 7


# YK-16
def test_a_hint_may_be_laid_wrong_YK16():
    game = new()
    turn(game)
    turn(game, hint=("Kitsune", "H6"))  # an Oni card: misplaced, but allowed
    assert table(game)["H6"] == ["Oni", "Kitsune"]


# ---------------------------------------------------------------- the bots' heuristic
def test_the_heuristic_counts_only_neighbours_the_seat_knows():
    from interpreter.bots import GreedyBot, heuristic
    game = new()
    game.play("E6")
    game.play("E7")  # P1 knows two Kitsune side by side; P2 knows nothing
    assert (heuristic(game, 0), heuristic(game, 1)) == (2, 0)
    game.play("F5")
    game.play("D7")  # a Kappa now beside the Kitsune P1 knows: still unknown to P1
    assert heuristic(game, 0) == 2
    turn(game, looks=("H5", "H6"))  # P2 sees two Oni side by side
    assert heuristic(game, 1) == 2
    turn(game, looks=("F6", "F7"), hint=("Kitsune", "E8"))  # a one-family hint tells everybody
    # P1: Kitsune E6-E7-E8 and Kappa F6-F7 alike, E6-F6 and E7-F7 not
    assert heuristic(game, 0) == 2 + 2 + 2 - 1 - 1
    assert heuristic(game, 1) == 2  # E8 is a Kitsune for P2 too, but E7 is unknown to it
    move = GreedyBot(seed=1, budget=20).choose(game)
    assert str(move) in moves(game)
