"""Yokai Sketch (games/yokai_sketch.rules): setup, turns, completing drawings, abilities.

Every test sets up an exact situation with fixed chance events and names the
rule IDs of seeds/yokai_sketch.md that it guards. The deck is fixed top first:
the first three cards go to P1, the next three to P2, then one card per turn
in turn order (P1 goes first unless a test says otherwise).
The end of the game and scoring: test_yokai_sketch_endgame.py.
"""
from __future__ import annotations

import pytest

from rulelang import RulesError
from support import load
from support.yokai_sketch import (
    COLOURS,
    RULES,
    act,
    last_played,
    moves,
    names,
    new,
    notebook,
    prompt,
    refused,
    side,
    top,
)


def test_exactly_two_players_YS1():
    # guards YS-1
    rules = load(RULES)
    for players in (1, 3, 4):
        with pytest.raises(RulesError):
            rules.new_game(players=players, seed=1)
    assert rules.new_game(players=2, seed=1).view(None)["players"] == 2


def test_zones_one_stack_per_colour_YS2_YS5():
    # guards YS-2, YS-5
    zones = new().view(None)["zones"]
    expected = {"deck", "discard", "hand[P1]", "hand[P2]", "notebook[P1]", "notebook[P2]"}
    expected |= {f"stack[{c}]" for c in COLOURS}
    expected |= {f"side[{c},P{s}]" for c in COLOURS for s in (1, 2)}
    assert set(zones) == expected


def test_twenty_yokai_each_stack_its_own_colour_shuffled_YS3_YS7():
    # guards YS-3, YS-7
    game = new(stacks={"earth": ["earth 6", "earth 3"]})
    for colour in COLOURS:
        cards = game.view(None)["zones"][f"stack[{colour}]"]["cards"]
        assert sorted(c["value"] for c in cards) == [3, 4, 5, 6, 7]
        assert {c["printed"] for c in cards} == {colour}
    assert top(game, "earth") == "earth 6"
    assert names(game, "stack[earth]")[-2] == "earth 3"
    # each stack is shuffled on its own: the order varies with the seed
    orders = {tuple(names(load(RULES).new_game(players=2, seed=s), "stack[fire]"))
              for s in range(8)}
    assert len(orders) > 1


def test_thirty_six_sketches_as_in_the_table_YS4_YS43():
    # guards YS-4, YS-43
    view = new().view(None)
    sketches = [c for z in view["zones"].values() for c in z["cards"] if c["kind"] == "Sketch"]
    assert len(sketches) == 36
    by_pair = {}
    for card in sketches:
        assert card["left"] != card["right"]  # two different colours
        pair = frozenset((card["left"], card["right"]))
        by_pair.setdefault(pair, []).append(card["ability"])
    assert len(by_pair) == 6  # every pair of colours
    for abilities in by_pair.values():
        assert sorted(abilities) == ["call", "distract", "plain", "plain", "plain", "plain"]


def test_deal_three_each_rest_is_the_deck_YS6():
    # guards YS-6
    game = new(["water/fire", "water/earth", "water/wind"],
               ["fire/earth", "fire/wind", "earth/wind"], ["water/fire call", "fire/earth call"])
    assert names(game, "hand[P2]") == ["fire/earth", "fire/wind", "earth/wind"]
    # P1 has already drawn the seventh card for the first turn (YS-9)
    assert names(game, "hand[P1]") == ["water/fire", "water/earth", "water/wind", "water/fire call"]
    assert game.view(None)["zones"]["deck"]["size"] == 36 - 7
    assert names(game, "discard") == []


def test_first_player_is_random_then_turns_alternate_YS8():
    # guards YS-8
    game = new(["water/fire"] * 3, ["fire/earth"] * 3, ["earth/wind", "water/wind"], first="P2")
    assert game.to_move == 1
    assert "P2 goes first" in game.transcript()
    assert names(game, "hand[P2]")[-1] == "earth/wind"  # P2 draws first
    act(game, "fire/earth as fire", "pass")
    assert game.to_move == 0
    act(game, "water/fire as water", "pass")
    assert game.to_move == 1
    firsts = {load(RULES).new_game(players=2, seed=s).to_move for s in range(12)}
    assert firsts == {0, 1}


def test_turn_is_draw_then_play_YS9_YS10():
    # guards YS-9, YS-10
    game = new(["water/fire"] * 3, ["fire/earth"] * 3, ["earth/wind call", "water/wind call"])
    lines = game.transcript().splitlines()
    assert lines[-2:] == ["-- turn 1: P1 --", "P1 draws earth/wind call"]
    assert "earth/wind call" in moves(game)  # drawn before the play phase
    act(game, "water/fire as water", "pass")
    assert game.to_move == 1
    assert names(game, "hand[P2]")[-1] == "water/wind call"  # the top card of the deck
    assert game.view(None)["zones"]["deck"]["size"] == 36 - 8


# ---------------------------------------------------------------- the play phase
def test_four_cards_must_play_one_then_may_stop_YS12_YS40():
    # guards YS-12, YS-40
    game = new(["water/fire", "water/earth", "water/wind"], ["earth/wind"] * 3, ["fire/wind"])
    assert len(names(game, "hand[P1]")) == 4
    assert "pass" not in moves(game)
    refused(game, "pass")
    act(game, "water/fire as fire")
    assert "pass" in moves(game)  # YS-40: one card is enough
    act(game, "pass")
    assert game.to_move == 1


def test_fewer_than_four_cards_may_play_none_YS12():
    # guards YS-12
    game = new(["water/fire", "water/earth", "water/wind"], ["fire/earth"] * 3,
               ["fire/wind", "earth/wind", "earth/wind"])
    act(game, "water/fire as fire", "water/earth as earth", "pass")  # P1 keeps 2
    act(game, "fire/earth as fire", "pass")
    assert len(names(game, "hand[P1]")) == 3
    assert "pass" in moves(game)
    act(game, "pass")
    assert game.to_move == 1
    assert len(names(game, "hand[P1]")) == 3


def test_at_most_three_cards_YS11_YS13():
    # guards YS-11, YS-13
    game = new(["water/fire", "water/earth", "water/wind"], ["earth/wind"] * 3, ["fire/wind"])
    act(game, "water/fire as water", "water/earth as earth", "water/wind as wind")
    assert game.to_move == 1  # the third card ends the play phase
    assert names(game, "hand[P1]") == ["fire/wind"]
    assert [side(game, c, 0) for c in ("water", "earth", "wind")] == [
        ["water/fire"], ["water/earth"], ["water/wind"]]


def test_empty_hand_ends_the_play_phase_YS13():
    # guards YS-13
    game = new(["water/fire", "water/earth", "water/wind"], ["fire/earth"] * 3,
               ["fire/wind", "earth/wind", "earth/wind"])
    act(game, "water/fire as water", "water/earth as water", "water/wind as wind")
    act(game, "fire/earth as fire", "pass")
    act(game, "fire/wind as fire", "earth/wind as wind")  # the hand is now empty
    assert names(game, "hand[P1]") == []
    assert game.to_move == 1


def test_a_card_goes_beside_the_chosen_colour_on_own_side_YS14_YS15():
    # guards YS-14, YS-15
    game = new(["water/fire", "fire/earth", "earth/wind"], ["water/wind"] * 3, ["fire/wind"])
    assert last_played(game, 0) is None
    game.play("water/fire")
    assert moves(game) == ["water", "fire"]  # one of its two colours
    refused(game, "earth")
    game.play("fire")
    assert side(game, "fire", 0) == ["water/fire"]
    assert side(game, "fire", 1) == [] and side(game, "water", 0) == []
    assert game.view(None)["zones"]["side[fire,P1]"]["cards"][0]["showing"] == "fire"
    assert last_played(game, 0) == "water/fire"
    act(game, "fire/earth as earth")
    assert last_played(game, 0) == "fire/earth"  # each played card replaces the previous
    act(game, "pass", "water/wind as wind", "pass")
    assert last_played(game, 0) == "fire/earth" and last_played(game, 1) == "water/wind"


def test_illegal_moves_are_refused_and_change_nothing():
    game = new(["water/fire", "fire/earth", "earth/wind"], ["water/wind"] * 3, ["fire/wind"])
    for move in ("water/wind", "nonsense", "", "earth", "yes"):
        refused(game, move)
    game.play("water/fire")
    refused(game, "water/fire")
    refused(game, "pass")
    game.play("water")
    assert side(game, "water", 0) == ["water/fire"]


def test_bad_setup_input_is_a_clear_error():
    rules = load(RULES)
    with pytest.raises(RulesError, match="no card 'water/water'"):
        rules.new_game(players=2, seed=1, fix={"shuffle deck": ["water/water"]})
    with pytest.raises(RulesError, match="P3"):
        rules.new_game(players=2, seed=1, fix={"first player": "P3"})
    with pytest.raises(RulesError, match="no option"):
        rules.new_game(players=2, seed=1, options={"cards": 3})


# ---------------------------------------------------------------- completing a drawing
def test_rulebook_example_three_to_one_YS16_YS17_YS18_YS20():
    # guards YS-16, YS-17, YS-18, YS-20
    """The rulebook's example with earth as the colour: 3 earth sketches against 1
    complete a value-4 earth Yokai; the 3 are discarded, the opponent's 1 stays."""
    game = new(["fire/earth", "earth/wind", "water/earth"], ["fire/earth", "water/wind", "fire/wind"],
               ["water/fire", "fire/wind", "water/earth"],
               stacks={"earth": ["earth 4", "earth 6"]})
    act(game, "fire/earth as earth", "earth/wind as earth", "pass")
    act(game, "fire/earth as earth", "pass")
    # YS-17: 3 cards in all, fewer than 4: nothing happens
    assert top(game, "earth") == "earth 4" and notebook(game, 0) == []
    assert len(side(game, "earth", 0)) == 2 and len(side(game, "earth", 1)) == 1
    act(game, "water/earth as earth")
    # YS-18: P1 has more cards there and takes the Yokai into the notebook
    assert notebook(game, 0) == ["earth 4"]
    assert sorted(names(game, "discard")) == ["earth/wind", "fire/earth", "water/earth"]
    assert side(game, "earth", 0) == []
    assert side(game, "earth", 1) == ["fire/earth"]  # stays for the next Yokai
    assert top(game, "earth") == "earth 6"  # YS-20: the next Yokai is on top
    assert game.view(1)["zones"]["stack[earth]"]["cards"][-1]["value"] == 6
    assert game.view(None)["zones"]["stack[earth]"]["size"] == 4
    assert "P1 completes the earth drawing, 3 cards to 1, and takes earth 4" in game.transcript()
    # YS-11: the card was resolved before the next one is chosen
    assert game.to_move == 0 and prompt(game) == "play a sketch"


def test_total_counts_both_sides_and_winner_need_not_be_the_mover_YS17_YS18():
    # guards YS-17, YS-18
    game = new(["water/fire", "water/earth", "water/wind"], ["water/fire", "fire/wind", "fire/earth"],
               ["earth/wind"], stacks={"water": ["water 3", "water 5"]})
    act(game, "water/fire as water", "water/earth as water", "pass")
    assert notebook(game, 0) == []  # 2 cards, the value is 3
    act(game, "water/fire as water")  # P2's own card completes it: 2 against 1
    assert notebook(game, 0) == ["water 3"] and notebook(game, 1) == []
    assert side(game, "water", 0) == [] and side(game, "water", 1) == ["water/fire"]
    assert top(game, "water") == "water 5"
    assert game.to_move == 1  # P2's turn goes on


def test_tie_sends_the_yokai_to_the_bottom_and_clears_both_sides_YS19_YS20():
    # guards YS-19, YS-20
    game = new(["fire/earth", "earth/wind", "water/wind"], ["water/earth", "fire/earth", "fire/wind"],
               ["water/fire"], stacks={"earth": ["earth 4", "earth 7"]})
    act(game, "fire/earth as earth", "earth/wind as earth", "pass")
    act(game, "water/earth as earth")
    assert notebook(game, 1) == []  # 3 cards
    act(game, "fire/earth as earth")  # 4 cards, 2 each: a tie
    assert notebook(game, 0) == [] and notebook(game, 1) == []
    assert side(game, "earth", 0) == [] and side(game, "earth", 1) == []
    assert len(names(game, "discard")) == 4
    # YS-14: played as earth beside the stack, a discarded sketch is no colour any more (it
    # shows, and is tinted by, its first colour again: alike cards in a hand look alike)
    discarded = game.view(None)["zones"]["discard"]["cards"]
    assert [c["showing"] for c in discarded] == [c["left"] for c in discarded]
    stack = names(game, "stack[earth]")
    assert len(stack) == 5 and stack[0] == "earth 4"  # at the bottom
    assert top(game, "earth") == "earth 7"  # YS-20
    assert "tie beside the earth stack, 2 cards each: earth 4 runs to the bottom" in game.transcript()


def test_a_revealed_top_is_not_checked_until_a_card_is_added_YS16_YS32():
    # guards YS-16, YS-32
    """Calling the top Yokai away uncovers a lower value already reached by the
    cards waiting there: nothing happens until the next card is added."""
    game = new(["water/fire call", "water/wind", "water/fire"],
               ["water/earth", "fire/earth", "earth/wind"],
               ["fire/wind", "water/earth", "earth/wind", "fire/wind"],
               stacks={"earth": ["earth 7", "earth 3"], "fire": ["fire 7"]})
    act(game, "water/wind as water", "pass")
    act(game, "water/earth as earth", "fire/earth as earth", "earth/wind as earth")
    act(game, "water/fire call as fire", "earth")  # P1 calls earth 7 onto fire
    assert top(game, "earth") == "earth 3"
    assert len(side(game, "earth", 1)) == 3  # 3 cards, value 3: not checked
    assert notebook(game, 1) == []
    act(game, "water/fire as water", "fire/wind as fire")
    assert notebook(game, 1) == [] and top(game, "earth") == "earth 3"
    assert game.to_move == 1
    act(game, "water/earth as earth")  # a card added: now the check happens
    assert notebook(game, 1) == ["earth 3"]


def test_after_a_win_the_next_yokai_waits_for_a_card_YS20_YS32():
    # guards YS-20, YS-32
    """P1 takes earth 7 with 4 cards to 3; P2's 3 cards reach the value of the
    uncovered earth 3, but the check waits until a card is added there."""
    game = new(["fire/earth", "earth/wind", "water/earth"], ["fire/earth", "earth/wind", "water/earth"],
               ["water/fire", "fire/earth", "earth/wind", "water/fire"],
               stacks={"earth": ["earth 7", "earth 3"]})
    act(game, "fire/earth as earth", "earth/wind as earth", "pass")
    act(game, "fire/earth as earth", "earth/wind as earth", "water/earth as earth")
    act(game, "water/earth as earth", "earth/wind as earth")  # 7 cards: 4 against 3
    assert notebook(game, 0) == ["earth 7"]
    assert top(game, "earth") == "earth 3" and len(side(game, "earth", 1)) == 3
    assert notebook(game, 1) == []  # not checked on being revealed
    act(game, "pass", "water/fire as water")  # P2 plays elsewhere: still no check
    assert notebook(game, 1) == [] and game.to_move == 1
    act(game, "fire/earth as earth")  # a card added there: 4 against 0
    assert notebook(game, 1) == ["earth 3"]


# ---------------------------------------------------------------- Call the Yokai
def test_call_moves_a_top_yokai_and_checks_the_receiving_stack_YS24_YS25_YS34():
    # guards YS-24, YS-25, YS-34
    game = new(["fire/earth", "fire/wind", "water/fire call"], ["water/wind"] * 3, ["earth/wind"],
               stacks={"fire": ["fire 7"], "earth": ["earth 3", "earth 5"]})
    act(game, "fire/earth as fire", "fire/wind as fire")
    act(game, "water/fire call as fire")  # 3 cards, value 7: not complete
    assert prompt(game) == "Call: take the top Yokai of which stack"
    assert moves(game) == ["water", "earth", "wind", "pass"]
    act(game, "earth")
    # YS-34: the receiving stack is checked against its new top, earth 3
    assert notebook(game, 0) == ["earth 3"]
    card = game.view(None)["zones"]["notebook[P1]"]["cards"][0]
    assert card["printed"] == "earth" and card["colour"] == "fire"  # YS-25
    assert top(game, "fire") == "fire 7"
    assert top(game, "earth") == "earth 5"
    assert side(game, "fire", 0) == []


def test_called_yokai_takes_the_new_stack_colour_while_on_it_YS25():
    # guards YS-25
    game = new(["water/fire call", "water/wind", "water/earth"], ["fire/earth"] * 3, ["earth/wind"],
               stacks={"wind": ["wind 6"]})
    act(game, "water/fire call as water", "wind")
    stack = game.view(None)["zones"]["stack[water]"]["cards"]
    assert stack[-1]["name"] == "wind 6" and stack[-1]["colour"] == "water"
    assert "P1 calls wind 6 from the wind stack to the water stack" in game.transcript()


def test_call_sources_not_own_stack_not_a_last_card_YS24_YS33():
    # guards YS-24, YS-33
    game = new(["water/fire call", "water/wind", "water/earth"], ["fire/earth"] * 3, ["earth/wind"])
    game.play("water/fire call")
    game.play("water")
    assert "water" not in moves(game)  # YS-33: not the stack it was played beside
    refused(game, "water")
    assert moves(game) == ["fire", "earth", "wind", "pass"]
    # the last card of a stack is never offered: test_yokai_sketch_endgame.py


def test_call_is_optional_and_lost_if_not_used_at_once_YS21():
    # guards YS-21
    game = new(["water/fire call", "water/wind", "water/earth"], ["fire/earth"] * 3, ["earth/wind"])
    before = {c: top(game, c) for c in COLOURS}
    act(game, "water/fire call as fire", "pass")
    assert {c: top(game, c) for c in COLOURS} == before
    assert prompt(game) == "play a sketch"  # no second chance
    act(game, "water/wind as wind")
    assert prompt(game) == "play a sketch"


def test_call_after_its_own_card_was_discarded_uses_its_stack_YS22_YS23():
    # guards YS-22, YS-23
    game = new(["fire/earth", "fire/wind", "water/fire call"], ["water/wind"] * 3, ["earth/wind"],
               stacks={"fire": ["fire 3", "fire 7"], "wind": ["wind 5"]})
    act(game, "fire/earth as fire", "fire/wind as fire")
    game.play("water/fire call")
    game.play("fire")
    # YS-22: the stack is resolved first (3 cards, 3 against 0), then the ability
    assert notebook(game, 0) == ["fire 3"]
    assert "water/fire call" in names(game, "discard")
    assert prompt(game) == "Call: take the top Yokai of which stack"
    assert "fire" not in moves(game)
    act(game, "wind")
    assert top(game, "fire") == "wind 5"  # still called to the stack it was played beside


# ---------------------------------------------------------------- Distract the Yokai
def test_distract_has_no_target_before_the_opponent_plays_YS36():
    # guards YS-36
    game = new(["water/fire distract", "water/wind", "water/earth"], ["fire/earth"] * 3,
               ["earth/wind"])
    act(game, "water/fire distract as fire")
    assert prompt(game) == "play a sketch"  # no decision: nothing to distract


def test_distract_turns_the_opponents_last_card_to_its_other_colour_YS26_YS27_YS35():
    # guards YS-26, YS-27, YS-35
    game = new(["water/wind", "fire/earth distract", "earth/wind"],
               ["water/fire", "fire/wind", "water/earth"], ["earth/wind", "fire/earth"])
    act(game, "water/wind as wind", "pass")
    act(game, "water/earth as earth", "water/fire as water", "pass")  # P2's last: water/fire
    act(game, "fire/earth distract as earth")  # YS-35: from the previous turn, another stack
    assert prompt(game) == "Distract: turn water/fire to fire"
    assert moves(game) == ["yes", "no"]
    act(game, "yes")
    assert side(game, "water", 1) == []
    assert side(game, "fire", 1) == ["water/fire"]  # still on P2's side
    assert game.view(None)["zones"]["side[fire,P2]"]["cards"][0]["showing"] == "fire"
    # YS-27: a move, not a play
    assert last_played(game, 1) == "water/fire"
    assert last_played(game, 0) == "fire/earth distract"
    assert side(game, "earth", 1) == ["water/earth"]  # not a fallback target
    assert "P1 distracts water/fire to the fire stack" in game.transcript()


def test_distract_is_optional_YS21_YS26():
    # guards YS-21, YS-26
    game = new(["water/wind", "fire/earth distract", "earth/wind"],
               ["water/fire", "fire/wind", "water/earth"], ["earth/wind", "fire/earth"])
    act(game, "water/wind as wind", "pass", "water/fire as water", "pass")
    act(game, "fire/earth distract as earth", "no")
    assert side(game, "water", 1) == ["water/fire"]
    assert prompt(game) == "play a sketch"


def test_distracted_card_ability_ignored_and_may_be_distracted_again_YS27():
    # guards YS-27
    game = new(["water/wind", "fire/earth distract", "water/fire distract"],
               ["water/fire call", "fire/wind", "water/earth"], ["earth/wind", "fire/earth"])
    act(game, "water/wind as wind", "pass")
    act(game, "water/fire call as water", "pass", "pass")  # P2 does not call, then stops
    act(game, "fire/earth distract as earth", "yes")
    assert side(game, "fire", 1) == ["water/fire call"]
    assert prompt(game) == "play a sketch"  # the moved card's Call is ignored
    assert game.to_move == 0
    act(game, "water/fire distract as water")  # the same card, back again
    assert prompt(game) == "Distract: turn water/fire call to water"
    act(game, "yes")
    assert side(game, "water", 1) == ["water/fire call"] and side(game, "fire", 1) == []
    assert last_played(game, 1) == "water/fire call"


def test_distract_has_no_target_once_that_card_is_discarded_YS36():
    # guards YS-36
    game = new(["water/wind", "fire/earth distract", "earth/wind"],
               ["fire/wind", "water/fire", "water/earth"], ["earth/wind", "fire/earth"],
               stacks={"water": ["water 3"]})
    act(game, "water/wind as water", "pass")
    # P2 plays two cards; the last one completes water 3 (2 against 1) and is discarded
    act(game, "fire/wind as wind", "water/fire as water", "water/earth as water")
    assert notebook(game, 1) == ["water 3"] and last_played(game, 1) is None
    assert side(game, "wind", 1) == ["fire/wind"]  # an older card is still on the table
    act(game, "fire/earth distract as earth")
    assert prompt(game) == "play a sketch"  # no target, no fallback
    assert side(game, "wind", 1) == ["fire/wind"]


def test_distract_checks_the_receiving_stack_either_player_may_win_YS37():
    # guards YS-37
    game = new(["fire/earth", "fire/wind", "water/earth distract"],
               ["water/fire", "earth/wind", "water/wind"], ["earth/wind"],
               stacks={"fire": ["fire 3", "fire 5"], "water": ["water 7"]})
    act(game, "fire/earth as fire", "fire/wind as fire", "pass")
    act(game, "water/fire as water", "pass")
    act(game, "water/earth distract as earth", "yes")  # P2's card joins fire: 3 cards
    # P1 has 2 cards beside fire against P2's 1, so P1 wins on P2's card
    assert notebook(game, 0) == ["fire 3"]
    assert side(game, "fire", 1) == ["water/fire"] and side(game, "fire", 0) == []
    assert top(game, "fire") == "fire 5"


def test_distract_can_win_for_the_opponent_YS37():
    # guards YS-37
    game = new(["water/wind", "fire/earth distract", "fire/wind"],
               ["water/fire", "fire/wind", "fire/earth"], ["earth/wind", "water/earth", "earth/wind"],
               stacks={"fire": ["fire 3", "fire 5"], "water": ["water 7"]})
    act(game, "water/wind as wind", "pass")
    act(game, "fire/wind as fire", "water/fire as water", "pass")
    act(game, "fire/wind as fire")  # 2 beside fire: P1 1, P2 1
    act(game, "fire/earth distract as earth", "yes")  # P2's water/fire moves to fire
    assert notebook(game, 1) == ["fire 3"] and notebook(game, 0) == []
    assert side(game, "fire", 0) == ["fire/wind"]
