"""The interpreter's semantics, one small ruleset per behaviour, continued: options, and
chance fixed by the caller (the other behaviours: test_interpreter.py)."""
from __future__ import annotations

import pytest

import rulelang
from support.interpreting import HEAD, TILES, game, log, names

# ------------------------------------------------------------------ options

OPTIONS = """
enum Speed { slow, fast }
option rounds: int in 1..3 = 2
option speed: Speed = slow
option bonus: bool = false
option label: text = "x"
turn { log "{rounds} {speed} {bonus} {label}" win current }
"""


def test_options_have_defaults_and_take_values():
    assert log(game(OPTIONS))[1] == "2 slow no x"
    g = game(OPTIONS, options={"rounds": 3, "speed": "fast", "bonus": "yes", "label": "y"})
    assert log(g)[1] == "3 fast yes y"
    assert g.transcript().splitlines()[0] == (
        "T: 2 players, seed 1, rounds=3, speed=fast, bonus=yes, label=y")


@pytest.mark.parametrize("options, words", [
    ({"round": 1}, "has no option 'round'; did you mean 'rounds'?"),
    ({"rounds": 9}, "option rounds=9 is not allowed (choose from 1, 2, 3)"),
    ({"rounds": "many"}, "option rounds must be a whole number, not 'many'"),
    ({"speed": "warp"}, "option speed must be one of slow, fast, not 'warp'"),
    ({"bonus": "maybe"}, "option bonus must be true or false, not 'maybe'"),
])
def test_bad_options_are_clear_errors(options, words):
    with pytest.raises(rulelang.RulesError) as caught:
        game(OPTIONS, options=options)
    assert words in str(caught.value)


def test_a_player_count_outside_the_range_is_a_clear_error():
    rules = rulelang.loads(HEAD + "turn { win current }", "t.rules")
    with pytest.raises(rulelang.RulesError, match="is for 2 players, not 3"):
        rules.new_game(players=3)


# ------------------------------------------------------------------ chance

CHANCE = TILES + """
zone deck: pile of Tile, hidden
setup {
  for r in 1..5 { create Tile(suit: red, rank: r) in deck }
  shuffle deck
  current = random(players, "first player")
}
turn {
  log "{random([10, 20, 30], \\"bonus\\")} {random(Suit)}"
  win current
}
"""


def test_a_fixed_shuffle_puts_the_named_cards_on_top_in_order():
    g = game(CHANCE, fix={"shuffle deck": ["red4", "red2"]})
    assert names(g, "deck")[-2:] == ["red2", "red4"]  # red4 on top, then red2
    assert sorted(names(g, "deck")) == ["red1", "red2", "red3", "red4", "red5"]


def test_fixed_random_picks_by_label():
    g = game(CHANCE, fix={"first player": "P2", "bonus": 30})
    assert g.outcome["winners"] == [1]
    assert log(g)[1].startswith("30 ")
    g = rulelang.loads(HEAD + CHANCE, "t.rules").new_game(seed=1, fix={"random": "blue"})
    assert log(g)[1].endswith(" blue")


def test_a_fixed_outcome_that_cannot_happen_is_a_clear_error():
    with pytest.raises(rulelang.RulesError, match="is not one of the choices"):
        game(CHANCE, fix={"first player": "P7"})
    with pytest.raises(rulelang.RulesError, match="no card 'blue9'"):
        game(CHANCE, fix={"shuffle deck": ["blue9"]})


def test_a_fixed_outcome_that_cannot_happen_lists_the_outcomes_that_can():
    with pytest.raises(rulelang.RulesError) as caught:
        game(CHANCE, fix={"first player": "P7"})
    assert caught.value.words() == ("fixed chance 'first player': 'P7' is not one of the "
                                    "choices here (P1, P2): fix 'first player' to one of them")
    wide = rulelang.loads(HEAD + 'turn { log "{random(1..100, \\"roll\\")}"  win current }', "t.rules")
    with pytest.raises(rulelang.RulesError, match=r"\(1 to 100\): fix 'roll' to one of them"):
        wide.new_game(seed=1, fix={"roll": 0})


def test_a_list_fixed_for_one_pick_says_how_to_fix_several_draws():
    """fix={"die": [6, 6, 3]} reads as three rolls, and was refused as a roll of [6, 6, 3]
    without a word of how to fix three."""
    dice = rulelang.loads(HEAD + 'turn { log "{random(1..6, \\"die\\")}"  win current }', "t.rules")
    with pytest.raises(rulelang.RulesError) as caught:
        dice.new_game(seed=1, fix={"die": [6, 6, 3]})
    assert caught.value.words().endswith(
        "fix 'die' to one of them; to fix the next 3 draws in turn, give "
        "rulelang.Outcomes([6, 6, 3]) (in a scenario, a fix line each)")
    assert log(dice.new_game(seed=1, fix={"die": rulelang.Outcomes([6, 6, 3])}))[1] == "6"


NUMBERED = """
card Chip {
  n: int
  name "{n}"
}
zone deck: pile of Chip, hidden
zone pool[player]: pile of Chip, hidden
zone heap[Suit]: pile of Chip, hidden
enum Suit { red, blue }
setup {
  for n in 1..5 { create Chip(n: 6 - n) in deck }
  for n in 6..9 { create Chip(n: 15 - n) in pool[P2] }
  for n in 10..14 { create Chip(n: 24 - n) in heap[blue] }
  shuffle deck
  shuffle pool[P2]
  shuffle heap[blue]
}
turn {
  choose go in [true]
  shuffle pool[P2]
  shuffle heap[blue]
  win current
}
"""


@pytest.mark.parametrize("seed", range(8))
def test_a_fixed_shuffle_names_cards_by_their_name_not_their_number(seed):
    # the chip named "2" is card number 3 (cards are numbered from 0 as created): the
    # card numbered 2 (named "3") must never be taken for it, whatever the shuffle
    g = game(NUMBERED, seed=seed, fix={"shuffle deck": ["2"], "shuffle pool[P2]": ["7", "8"],
                                       "shuffle heap[blue]": ["12"]})
    assert names(g, "deck")[-1] == "2"
    assert names(g, "pool[P2]")[-2:] == ["8", "7"]
    assert names(g, "heap[blue]")[-1] == "12"


def test_game_fix_fixes_a_shuffle_of_a_family_member_mid_game():
    g = game(NUMBERED, seed=3)
    g.fix("shuffle pool[P2]", ["6"])
    g.fix("shuffle heap[blue]", ["10", "11"])
    g.play("yes")
    assert names(g, "pool[P2]")[-1] == "6"
    assert names(g, "heap[blue]")[-2:] == ["11", "10"]


def test_game_fix_queues_the_next_outcome():
    g = game(TILES + """
turn {
  choose go in [true]
  log "{random(1..100, \\"roll\\")}"
  win current
}""")
    g.fix("roll", 42)
    g.play("yes")
    assert "42" in log(g)


STOPS = """
game "Stops"
players 2
var xs: list of int = [1, 2]
turn {
  choose n in 1..3 prompt "pick"
  log "{xs[n - 1]} {random(1..6, \\"die\\")}"
}
score p = 0
"""


@pytest.mark.parametrize("lean", [False, True])
def test_a_game_a_move_stopped_half_way_says_so_rather_than_that_it_is_over(lean):
    """A move that stopped with an error (a fixed outcome the die cannot show, the rules'
    own failure) left a game that took no move and said "the game is over" (it is not)."""
    rules = rulelang.loads(STOPS, "stops.rules")
    rules = rules.lean() if lean else rules
    game = rules.new_game(players=2, seed=1, fix={"die": 9})
    with pytest.raises(rulelang.RulesError, match="'die': 9 is not one of the choices"):
        game.play(0 if lean else "1")
    with pytest.raises(rulelang.IllegalMove) as caught:
        game.play(0 if lean else "1")
    said = caught.value.words()
    assert not game.is_over and "the game is over" not in said
    assert said.startswith("this game cannot go on: a move stopped half-way with an error "
                           "(fixed chance 'die': 9 is not one of the choices here")
    assert said.endswith("start a new game, or restore one saved before that move")
    game = rules.new_game(players=2, seed=1)
    with pytest.raises(rulelang.RulesError, match="past the end"):
        game.play(2 if lean else "3")
    with pytest.raises(rulelang.IllegalMove, match=r"cannot go on: .*\(in turn: index 2 is past"):
        game.play(0 if lean else "1")
