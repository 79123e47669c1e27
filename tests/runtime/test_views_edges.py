"""The `edges` display hint: four texts (top, right, bottom, left) on a card as it lies now,
in a view only where the card's face is; checked like the other hints, its length at run
time, as a rules error naming the card kind."""
from __future__ import annotations

import json

import pytest

import rulelang
from interpreter.runtime import views

RULES = '''
game "Edged"
players 2
card Tile {
  sides: list of text
  var turn: int = 0
  name "tile {sides[0]}"
  symbol "+"
  edges turned(sides, turn) means "r road, f field"
}
fn turned(sides: list of text, q: int) = [sides[(k - q + 4) % 4] for k in 0..3]
zone hand[player]: hand of Tile
zone deck: pile of Tile
zone table: grid of Tile
setup {
  create Tile(sides: ["r", "f", "f", "f"]) in hand[P1]
  create Tile(sides: ["f", "r", "r", "r"]) in deck
  create Tile(sides: ["r", "r", "f", "f"]) in table at cell(0, 0)
}
turn {
  choose c in cards(hand[current]) pass prompt "turn"
  if c != none {
    c.turn = (c.turn + 1) % 4
  }
}
'''


def new_game(rules=RULES):
    return rulelang.loads(rules, "edged.rules").new_game(seed=1)


def test_a_face_up_card_shows_its_edges_as_it_lies_now():
    game = new_game()
    own = game.view(0)["zones"]["hand[P1]"]["cards"][0]
    assert own["edges"] == ["r", "f", "f", "f"] and own["edges_means"] == "r road, f field"
    game.play("tile r")  # a quarter turn clockwise: the left edge comes to the top
    assert game.view(0)["zones"]["hand[P1]"]["cards"][0]["edges"] == ["f", "r", "f", "f"]
    laid = game.view(1)["zones"]["table"]["cards"][0]
    assert laid["edges"] == ["r", "r", "f", "f"] and laid["cells"] == ["A1"]


def test_a_face_down_card_shows_no_edges_to_any_reader_who_cannot_see_it():
    game = new_game()
    for seat in (1, views.PUBLIC):  # P2, and a spectator, do not see P1's hand
        reader = game.view(seat) if seat == 1 else views.view(game, seat, True)
        hidden = reader["zones"]["hand[P1]"]["cards"][0]
        assert hidden == {"hidden": True, "kind": "Tile"}
        assert reader["zones"]["deck"]["cards"] == [{"hidden": True, "kind": "Tile"}]
    text = json.dumps(game.view(1))
    assert '"edges"' in text  # the tile on the table, face up
    assert '"r", "f", "f", "f"' not in text and '"f", "r", "r", "r"' not in text
    assert game.save(1).count('"edges"') == 1  # P2's record of the game: the table's tile


def test_edges_that_are_not_four_are_a_rules_error_naming_the_kind():
    game = new_game(RULES.replace('edges turned(sides, turn)', 'edges [sides[0], sides[1]]'))
    with pytest.raises(rulelang.RulesError, match="the edges of a Tile card are four texts "
                                                  r"\(top, right, bottom, left\), not 2") as said:
        game.view(0)
    assert "edged.rules:9:9" in str(said.value)  # at the kind's edges clause, with carets
    assert "edges [sides[0], sides[1]] means" in str(said.value) and "^^^" in str(said.value)


@pytest.mark.parametrize("clause,said", [
    ("edges 4", "a card's edges should be a list of texts, but this is a number"),
    ("edges [1, 2, 3, 4]", "a card's edges should be a list of texts, but this is a list of numbers"),
    ('edges sides means 2', "what a display hint means should be text, but this is a number"),
])
def test_the_checker_says_what_edges_should_be(clause, said):
    with pytest.raises(rulelang.RulesError, match=said):
        rulelang.loads(RULES.replace("edges turned(sides, turn) means \"r road, f field\"", clause))


def test_a_field_cannot_be_called_edges():
    with pytest.raises(rulelang.RulesError, match="a card field cannot be called 'edges'"):
        rulelang.loads(RULES.replace("  symbol \"+\"\n", "  symbol \"+\"\n  edges: int\n", 1))


def test_edges_change_nothing_in_the_game():
    plain = RULES.replace('  edges turned(sides, turn) means "r road, f field"\n', "")
    games = [new_game(plain), new_game()]
    for game in games:
        game.play("tile r")
        game.play("pass")
    assert games[0].transcript() == games[1].transcript()
