"""rules.position(...): a game stated directly, checked as a save is, then played on."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language.errors import RulesError
from support import load

YOKAI = "games/yokai_sketch.rules"


def yokai_position(**more):
    given = dict(current="P2", zones={
        "deck": ["fire/wind"],
        "stack[water]": ["water 4", "water 6"],
        "side[water, P1]": ["water/fire"],
        "hand[P2]": ["water/earth", "earth/wind"],
    }, vars={"last_played[P1]": "water/fire"}, fields={"water/fire": {"showing": "water"}})
    given.update(more)
    return load(YOKAI).position(**given)


def names(game, zone):
    return [c.get("name", "?") for c in game.view(None)["zones"][zone]["cards"]]


def test_a_position_holds_what_it_states_and_starts_the_turn():
    game = yokai_position()
    assert game.to_move == 1 and not game.is_over
    assert names(game, "hand[P2]") == ["water/earth", "earth/wind", "fire/wind"]  # drawn
    assert names(game, "stack[water]") == ["water 6", "water 4"]  # a view lists the top last
    assert names(game, "side[water,P1]") == ["water/fire"]
    assert len(names(game, "deck")) == 0
    assert game.view(None)["vars"]["last_played"]["P1"]["showing"] == "water"
    assert game.transcript().splitlines()[1:] == ["-- turn 1: P2 --", "P2 draws fire/wind"]


def test_cards_the_position_left_out_leave_the_game_or_go_to_rest():
    game = yokai_position()
    dealt = sum(len(names(game, z)) for z in game.view(None)["zones"])
    assert dealt < 56  # P2's three dealt cards left the game; the rest of the deck too
    kept = load(YOKAI).position(current="P2", zones={"hand[P2]": ["water/earth"]},
                                rest="discard")
    assert sum(len(names(kept, z)) for z in kept.view(None)["zones"]) == 56  # none left
    assert names(kept, "discard")  # P2's dealt cards, but the one named again
    with pytest.raises(RulesError, match=r"discard holds Sketch cards, not Yokai \(water 7\)"):
        yokai_position(rest="discard")


def test_what_each_seat_knows_follows_the_zones():
    game = yokai_position()
    p1 = game.view("P1")
    assert all(c.get("hidden") for c in p1["zones"]["hand[P2]"]["cards"])
    assert p1["zones"]["side[water,P1]"]["cards"][0]["name"] == "water/fire"
    stack = p1["zones"]["stack[water]"]["cards"]
    assert stack[-1]["name"] == "water 4" and stack[0].get("hidden")  # a "top" pile


def test_a_position_saves_restores_and_plays_on_identically():
    game = yokai_position()
    again = load(YOKAI).restore(game.save())
    for g in (game, again):
        g.play("water/earth")
        g.play("water")
    assert game.transcript() == again.transcript()
    assert "P2 > colour for water/earth: water" in game.transcript()


def test_a_position_is_checked_by_restoring_it(monkeypatch):
    import interpreter.runtime.saving as saving

    def refuse(rules, text):
        raise RulesError("this save is damaged and cannot be restored")
    monkeypatch.setattr(saving, "restore", refuse)
    with pytest.raises(RulesError, match="this position is not a valid game: this save is damaged"):
        yokai_position()


def test_add_keeps_what_setup_put_there():
    game = load(YOKAI).position(current="P1", add={"deck": ["water/fire"]},
                                zones={"hand[P1]": []})
    assert names(game, "hand[P1]") == ["water/fire"]  # drawn from the top


def test_a_play_game_starts_its_play_block_from_its_variables():
    game = load("games/yami.rules").position(players=3, current="P3", vars={"round": 5, "decision": "blue 5"},
                                             zones={"hand[P3]": ["blue 1", "red 7"]})
    assert "-- round 6: P3 leads, trump is" in game.transcript()
    assert game.to_move == 2


HIDDEN_IN_SETUP = '''game "Hidden in setup"
players 2
var spot_of[player]: int = 0, owner
var guesses: int = 0, label "guesses"
setup {
  choose spots in 1..9 by each p in players privately prompt "hide a stone"
  for p, spot in spots { spot_of[p] = spot }
}
turn {
  choose n in 1..9 prompt "guess where {next(current)}'s stone is"
  guesses += 1
  if disclose(n == spot_of[next(current)]) { win current }
}
score p = 0
'''


def test_a_position_is_built_after_a_setup_that_asks_decisions():
    """A setup that asks the players (each hides a stone, a fleet is placed) is answered
    with each seat's first move, and the position says what they chose: it was refused
    ("setup asks a player to decide"), so such a game had no scenarios."""
    rules = rulelang.loads(HIDDEN_IN_SETUP, "hidden.rules")
    game = rules.position(current="P2", vars={"spot_of[P1]": 7, "spot_of[P2]": 3})
    assert game.to_move == 1 and game.view(None)["vars"]["spot_of"] == {"P1": 7, "P2": 3}
    assert "hide a stone" not in game.transcript()
    game.play("7")
    assert [str(p) for p in game.outcome["winners"]] == ["P2"]


def test_a_placement_a_position_cannot_state_says_what_to_keep_instead():
    rules = rulelang.loads(HIDDEN_IN_SETUP.replace("var guesses", "var spots: list of placement"
                                                   " = []\nvar guesses"), "hidden.rules")
    with pytest.raises(RulesError) as error:
        rules.position(vars={"spots": ["A1 r0"]})
    assert error.value.diagnostics[0].message.startswith(
        "spots holds placement, which a position cannot state (a placement is known "
        "by its shape, which the position does not give): keep what the rules read of it in "
        "the variable instead, its cells (cells(spot), a list of cell)")


@pytest.mark.parametrize("given, message", [
    (dict(zones={"hnad[P1]": []}), "a position names no zone 'hnad[P1]' (did you mean 'hand[P1]'?)"),
    (dict(zones={"hand[P1]": ["water/fire", "water/fire", "water/fire", "water/fire",
                              "water/fire"]}),
     "a position places more cards named 'water/fire' than the game has (4)"),
    (dict(zones={"hand[P1]": ["water/fir"]}),
     "a position names a card 'water/fir' that setup never made (did you mean 'water/fire'?)"),
    (dict(zones={"hand[P1]": ["water 4"]}), "hand[P1] holds Sketch cards, not Yokai (water 4)"),
    (dict(vars={"last_playd[P1]": None}), "a position sets no variable or zone 'last_playd'"),
    # a scenario's `name = [...]` is a zone or a variable: a misspelt zone is offered as one
    (dict(vars={"stak[fire]": []}),
     "a position sets no variable or zone 'stak' (did you mean 'stack'?)"),
    (dict(vars={"last_played[P3]": None}), "last_played[P3]: 'P3' is not a seat of this game (P1, P2)"),
    (dict(vars={"last_played": "water/fire"}), "last_played is kept per key"),
    (dict(current="P5"), "current: 'P5' is not a seat of this game (P1, P2)"),
    (dict(turn=0), "a position's turn is a number from 1, not 0"),
    (dict(fields={"water 4": {"colour": "red"}}), "a position sets fields of 'water 4', but places"),
    (dict(zones={"stack[fire]": ["fire 3"]}, fields={"fire 3": {"colur": "water"}}),
     "Yokai has no var field 'colur' (did you mean 'colour'?)"),
    (dict(zones={"stack[fire]": ["fire 3"]}, fields={"fire 3": {"colour": "red"}}),
     "fire 3.colour: 'red' is not one of Colour (water, fire, earth, wind)"),
    (dict(zones={"hand[P1]": [], "hand[P1] ": []}), "a position names the same zone twice"),
    (dict(players=3), "Yokai Sketch is for 2 players, not 3"),
])
def test_a_position_that_cannot_be_says_why(given, message):
    with pytest.raises(RulesError) as error:
        load(YOKAI).position(**given)
    text = error.value.diagnostics[0].message
    assert text.startswith(message), text


def test_grid_cards_take_a_place_and_kinds_sharing_a_name_are_told_apart():
    rules = load("games/yami.rules")
    with pytest.raises(RulesError, match=r"cards of 2 kinds are named 'red 2' \(Spirit, Tile\): "
                                         r'say which, like Spirit\("red 2"\)'):
        rules.position(players=3, add={"board": [("red 2", "A1 r0")]})
    with pytest.raises(RulesError, match="needs a place"):
        rules.position(players=3, add={"board": ['Tile("red 2")']})
    game = rules.position(players=3, add={"board": [('Tile("red 2")', "A1 r90")]})
    tile = next(c for c in game.view(None)["zones"]["board"]["cards"] if c["name"] == "red 2")
    assert tile["cells"] == ["A1", "A2"]


def test_cards_alike_by_name_but_not_by_their_fields_cannot_be_placed_by_name():
    """Two pieces named "marshal", one each side's: a position took the first, silently
    (a scenario then failed for a reason it did not say)."""
    import rulelang
    rules = rulelang.loads('game "Sides"\nplayers 2\ncard Piece { side: player  name "marshal" }\n'
                           'zone box: pile of Piece\nzone board: grid 3 x 3 of Piece, public\n'
                           'setup { for p in players { create Piece(side: p) in box } }\n'
                           'turn { end "over" }\n', "sides.rules")
    with pytest.raises(RulesError) as error:
        rules.position(add={"board": [("marshal", "A1")]})
    assert ("2 cards are named 'marshal', and their side differs: a position cannot tell "
            'which one it places (give them names that tell them apart: name "{side} marshal")'
            in str(error.value)), str(error.value)


TILES = ('game "Tiles"\nplayers 2\ncard Tile {{ form: {form}  name "tile" }}\nzone bag: pile of Tile\n'
         'zone land: grid 4x4 of Tile, public\nsetup {{ create Tile(form: {made}) x 3 in bag }}\n'
         'turn {{ end "over" }}\n')


def test_a_placement_for_a_card_with_no_shape_says_so_and_how_to_name_its_cells():
    """It said: 'A1 r90' is not a cell of land (cells are named like B2)."""
    import rulelang
    rules = rulelang.loads(TILES.format(form="text", made='"##"'), "tiles.rules")
    with pytest.raises(RulesError) as error:
        rules.position(zones={"land": [("tile", "A1 r90")]})
    assert ("'A1 r90' is not a cell of land: a placement turns a card's shape, and Tile has no "
            'field of type shape; name the cells it covers instead: ("tile", ["A1", ...])'
            in str(error.value)), str(error.value)
    game = rules.position(zones={"land": [("tile", ["A1", "A2"])]})
    assert game.view(None)["zones"]["land"]["cards"][0]["cells"] == ["A1", "A2"]


def test_a_turn_no_placement_has_lists_the_ways_the_card_lies_there():
    """It said: name a cell and a turn as moves do, like "B2 r1" (no move is written r1)."""
    import rulelang
    rules = rulelang.loads(TILES.format(form="shape", made='shape("##")'), "tiles.rules")
    with pytest.raises(RulesError) as error:
        rules.position(zones={"land": [("tile", "A1 r45")]})
    assert "tile cannot lie at 'A1 r45' on land: at A1 it lies as A1 r0 or A1 r90 (" \
        in str(error.value), str(error.value)
    with pytest.raises(RulesError, match="E1 is off the grid land"):
        rules.position(zones={"land": [("tile", "E1 r0")]})
