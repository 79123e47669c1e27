"""Yami (games/yami.rules): setup, the trick and the 2-player automa. Rules: seeds/yami.md."""
import pytest

import rulelang
from support.yami import (
    ALL_CARDS,
    P1,
    P2,
    P3,
    PILE,
    RIVER,
    VOID,
    moves,
    new_game,
    place_far,
    prompt,
    rules,
    two_players,
    var,
    zone_names,
)


def test_components_cards_and_tiles():
    """YA-1 35 cards, one per colour and number; YA-2 35 tiles, tile n covers n cells;
    YA-8 tiles in the supply; YA-11 unused cards in the box, unseen."""
    game = new_game(3, "1")
    view = game.view(None)
    zones = view["zones"]
    dealt = [c["name"] for z in ("hand[P1]", "hand[P2]", "hand[P3]", "box")
             for c in zones[z]["cards"] if c["kind"] == "Spirit"]
    assert sorted(dealt) == sorted(ALL_CARDS)
    tiles = zones["supply"]["cards"]
    assert sorted(t["name"] for t in tiles) == sorted(ALL_CARDS)
    for tile in tiles:
        assert tile["shape"].count("#") == tile["number"]
    for seat in range(3):
        assert all(c.get("hidden") for c in game.view(seat)["zones"]["box"]["cards"])


def test_mission_1_setup():
    """YA-3 the side, YA-5 mission tiles on fixed cells, YA-53 mission 1: tiles 5 and 9 on the
    forest side with colour edges (D3, D4 data)."""
    game = new_game(3, "1")
    board = {c["name"]: set(c["cells"]) for c in game.view(None)["zones"]["board"]["cards"]}
    assert board == {"mission tile 5": {"D4", "E4"}, "mission tile 9": {"H8", "H9", "I9"}}
    assert var(game, "side") == "forest"
    marks = {c["cells"][0]: c["name"] for c in game.view(None)["zones"]["marks"]["cards"]}
    assert marks == {"D3": "red edge of 5", "E3": "red edge of 5", "F4": "blue edge of 5",
                     "G8": "green edge of 9", "G9": "green edge of 9",
                     "H10": "orange edge of 9", "I10": "orange edge of 9"}


def test_mission_2_and_practice_setup():
    """YA-54 mission 2: tiles 3 and 7 with number edges; YA-6 fog tokens have a colour,
    whirlpools none; YA-3 practice B uses the water side."""
    game = new_game(3, "2")
    board = {c["name"]: set(c["cells"]) for c in game.view(None)["zones"]["board"]["cards"]}
    assert board == {"mission tile 3": {"I3", "J3", "I4", "J4"},
                     "mission tile 7": {"D8", "D9", "D10"}}
    marks = sorted(c["name"] for c in game.view(None)["zones"]["marks"]["cards"])
    assert marks == ["2- edge of 7", "3- edge of 3", "4+ edge of 7", "5+ edge of 3", "5+ edge of 3"]
    game = new_game(3, "B")
    assert var(game, "side") == "water"
    marks = {c["cells"][0]: c["name"] for c in game.view(None)["zones"]["marks"]["cards"]}
    assert marks == {"F5": "whirlpool", "H7": "whirlpool", "G4": "purple fog"}


def test_bad_mission_option_is_a_clear_error():
    with pytest.raises(rulelang.RulesError, match="mission"):
        rules().new_game(players=3, options={"mission": "9"})


@pytest.mark.parametrize("players, hands, box", [
    (2, [10, 10], 5),      # YA-10a
    (3, [9, 9, 9], 8),     # YA-10b
    (4, [9, 9, 9, 8], 0),  # YA-10c, YA-61: seat 4 gets 8
])
def test_deal_by_player_count(players, hands, box):
    """YA-10a, YA-10b, YA-10c, YA-61; YA-12 the automa's 6-card pile and 4-card river;
    YA-9 the automa sits after human 2."""
    game = new_game(players, "1", seed=players)
    view = game.view(None)
    zones = view["zones"]
    assert [zones[f"hand[P{p + 1}]"]["size"] for p in range(players)] == hands
    assert sum(1 for c in zones["box"]["cards"] if c["kind"] == "Spirit") == box
    if players == 2:
        assert list(view["seats"].values()) == ["P1", "P2", "automa"]
        assert zones["automa_pile"]["size"] == 6 and zones["river"]["size"] == 4
    else:
        assert "automa" not in view["seats"].values()
        assert zones["automa_pile"]["size"] == 0 and zones["river"]["size"] == 0


def test_first_player_is_a_random_human():
    """YA-14 the first player is random among the humans, never the automa; YA-15 in a
    2-player game they take the Kakapo; YA-7 there is no Kakapo with 3 or more."""
    firsts = set()
    for seed in range(12):
        game = rules().new_game(players=2, seed=seed)
        firsts.add(game.to_move)
        assert var(game, "leader") == game.to_move
    assert firsts == {0, 1}
    with pytest.raises(rulelang.RulesError, match="first player"):
        rules().new_game(players=2, fix={"first player": "automa"})
    assert var(new_game(3, "1"), "leader") is None


# ------------------------------------------------------------------ the trick

def test_lead_anything_then_must_follow():
    """YA-17 the first player leads any card; YA-18 clockwise, one card each; YA-19 must
    follow when able."""
    game = new_game(3, "1", [P1, P2, P3], first="P2")
    assert game.to_move == 1 and sorted(moves(game)) == sorted(P2)
    assert prompt(game) == "lead a card"
    game.play("blue 6")
    assert game.to_move == 2 and sorted(moves(game)) == ["blue 2", "blue 3"]
    with pytest.raises(rulelang.IllegalMove):
        game.play("orange 7")
    game.play("blue 2")
    assert game.to_move == 0 and sorted(moves(game)) == ["blue 1", "blue 5"]
    game.play("blue 5")
    assert prompt(game) == "place blue 6"          # the trick is over: one card each
    assert zone_names(game, "trick[1]") == ["blue 6", "blue 2", "blue 5"]   # as played


def test_void_player_plays_anything_and_trump_wins():
    """YA-19 with no card of the led colour, any card; YA-20 a trump beats the led colour;
    YA-21 the winning card is the Decision card; YA-23 the trick stays on the board in the
    order played, its Decision card named; YA-24 its seat leads next."""
    game = new_game(3, "1", [VOID, P2, P3], first="P3")
    game.play("blue 3")           # trump is red in round 1
    assert sorted(moves(game)) == sorted(VOID)
    game.play("red 1")            # a low trump
    game.play("blue 6")           # the highest blue
    assert var(game, "decision")["name"] == "red 1" and var(game, "winner") == 0
    assert zone_names(game, "trick[1]") == ["blue 3", "red 1", "blue 6"]   # as played
    assert prompt(game) == "place red 1" and game.to_move == 0
    place_far(game)
    assert game.to_move == 0 and prompt(game) == "lead a card" and var(game, "round") == 2


def test_highest_of_led_colour_wins_without_trump():
    """YA-20: with no trump played, the highest card of the led colour wins; a higher card
    of another colour does not."""
    game = new_game(3, "1", [VOID, P2, P3], first="P3")
    game.play("blue 2")
    game.play("green 7")
    game.play("blue 6")
    assert var(game, "decision")["name"] == "blue 6" and var(game, "winner") == 1
    game = new_game(3, "1", [P1, P2, P3], first="P2")
    game.play("green 4")
    game.play("green 6")
    assert sorted(moves(game)) == ["green 1", "green 3"]
    game.play("green 3")
    assert var(game, "decision")["name"] == "green 6" and var(game, "winner") == 2
    assert prompt(game) == "place green 6" and game.to_move == 2


NO_PURPLE = ["blue 5", "red 7", "green 3", "green 2", "orange 2", "blue 1", "red 1", "green 1",
             "orange 1"]


@pytest.mark.parametrize("p1_plays, wins", [("blue 5", "blue 5"), ("red 7", "purple 6")])
def test_trump_from_trump_card_then_from_decision_card(p1_plays, wins):
    """YA-4 round 1 uses the Trump card's colour (red, data D1); YA-22 later rounds use the
    colour of the previous Decision card, and red is then no trump."""
    game = new_game(3, "1", [NO_PURPLE, P2, P3], first="P2")
    assert var(game, "trump") == "red"
    game.play("blue 6")
    game.play("blue 2")
    game.play("blue 1")
    place_far(game)
    assert var(game, "round") == 2 and var(game, "trump") == "blue"
    game.play("purple 3")         # P2 won and leads (YA-24)
    game.play("purple 6")
    game.play(p1_plays)           # P1 has no purple
    assert var(game, "decision")["name"] == wins


# ------------------------------------------------------------------ the automa (2 players)

def test_automa_must_play_its_only_river_card_of_the_led_colour():
    """YA-27 one river card of the led colour: played with no decision; YA-25 the automa
    wins but never takes the Kakapo; YA-50 the Leader places its tile; YA-31 the river is
    refilled from the top of the pile; YA-30 the automa leads next, YA-26 the Leader
    choosing for it."""
    game = two_players()
    assert var(game, "leader") == 0
    game.play("green 1")
    game.play("green 3")
    assert prompt(game) == "place green 6" and game.to_move == 0
    assert "the automa plays green 6 from its river" in game.transcript()
    assert "for the automa" not in game.transcript()
    assert var(game, "winner") == 2 and var(game, "leader") == 0
    place_far(game)
    assert zone_names(game, "river") == ["red 6", "red 7", "purple 6", "blue 6"]
    assert game.view(None)["zones"]["automa_pile"]["size"] == 5
    assert var(game, "trump") == "green"
    assert game.to_move == 0 and prompt(game) == "lead for the automa"
    assert sorted(moves(game)) == ["blue 6", "pile", "purple 6", "red 6", "red 7"]
    game.play("pile")                                # YA-30: the top of the pile, blind
    assert zone_names(game, "trick[2]") == ["orange 5"]
    assert game.to_move == 0 and prompt(game) == "follow orange"


def test_leader_chooses_among_river_cards_of_the_led_colour():
    """YA-28 two river cards of the led colour: the Leader picks one of them."""
    game = two_players()
    game.play("red 1")
    game.play("red 3")
    assert game.to_move == 0 and prompt(game) == "follow red for the automa"
    assert sorted(moves(game)) == ["red 6", "red 7"]
    game.play("red 6")
    assert var(game, "decision")["name"] == "red 6"


def test_no_river_card_of_the_led_colour_allows_the_pile():
    """YA-29 no river card of the led colour: any river card or the pile's top card, turned
    face up; only the river counts for must-follow."""
    game = two_players()
    game.play("blue 1")
    game.play("blue 3")
    assert prompt(game) == "play for the automa"
    assert sorted(moves(game)) == ["green 6", "pile", "purple 6", "red 6", "red 7"]
    game.play("pile")
    assert "the automa plays blue 6 from the top of its pile" in game.transcript()
    assert var(game, "decision")["name"] == "blue 6"
    assert zone_names(game, "river") == RIVER     # nothing to refill yet: no river card left


def test_human_winner_takes_the_kakapo_and_decides_for_the_automa():
    """YA-25 a human who wins the trick becomes the Leader; YA-26 the Leader decides for
    the automa; YA-15 the first player starts as Leader."""
    game = two_players()
    game.play("orange 1")
    game.play("orange 4")
    game.play("green 6")          # P1, the Leader, plays a low card for the automa
    assert var(game, "winner") == 1 and var(game, "leader") == 1
    assert "P2 takes the Kakapo and is now the Leader" in game.transcript()
    assert game.to_move == 1      # P2 places
    place_far(game)
    game.play("red 4")            # P2 leads
    assert game.to_move == 1 and prompt(game) == "follow red for the automa"
    game = two_players(first="P2")
    assert var(game, "leader") == 1 and game.to_move == 1


def test_automa_views_hide_the_pile_and_show_the_river():
    """YA-12 the pile is face down for everyone, the river face up."""
    game = two_players()
    for seat in (0, 1):
        zones = game.view(seat)["zones"]
        assert all(c.get("hidden") for c in zones["automa_pile"]["cards"])
        assert [c["name"] for c in zones["river"]["cards"]] == RIVER
    for card in PILE:
        assert card not in game.transcript(0) and card not in game.transcript(1)
