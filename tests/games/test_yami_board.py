"""Yami (games/yami.rules): placing tiles, edge constraints, tokens, the check, the end.
Rules: seeds/yami.md."""
import pytest

from support.yami import (
    H1,
    H2,
    P1,
    P2,
    P3,
    PILE,
    RIVER,
    VOID,
    cells_of,
    mission_neighbours,
    moves,
    new_game,
    place_away,
    place_covering,
    place_on,
    placement_cells,
    play_low,
    play_out,
    prompt,
    var,
    zone_names,
)


def blue_6_wins(mission="1", players=3):
    """Round 1 of the 3-player deal: P2 wins with blue 6 and must place it."""
    game = new_game(players, mission, [P1, P2, P3], first="P2")
    game.play("blue 6")
    game.play("blue 2")
    game.play("blue 1")
    return game


def red_1_wins(mission="1"):
    """Round 1: P1 (no blue) wins with red 1, a trump, and must place it."""
    game = new_game(3, mission, [VOID, P2, P3], first="P3")
    game.play("blue 3")
    game.play("red 1")
    game.play("blue 6")
    return game


def result(game):
    return game.outcome["result"], game.outcome.get("reason"), game.outcome["rounds"]


# ------------------------------------------------------------------ placement

def test_tile_taken_and_placed_by_the_trick_winner():
    """YA-32 the tile matching the Decision card; YA-50 the trick winner places it;
    YA-33 placing cannot be skipped."""
    game = blue_6_wins()
    assert game.to_move == 1 and prompt(game) == "place blue 6"
    assert "pass" not in moves(game)
    place_on(game, "A1", "B1", "C1", "A2", "B2", "C2")
    assert "blue 6" not in zone_names(game, "supply") and len(zone_names(game, "supply")) == 34
    assert cells_of(game, "blue 6") == {"A1", "B1", "C1", "A2", "B2", "C2"}


def test_eight_orientations_either_face():
    """YA-34: four turns on either face; an asymmetric shape has 8 placements per anchor."""
    game = new_game(3, "1", [P1, P2, P3], first="P3")
    game.play("orange 5")
    game.play("orange 2")
    game.play("orange 4")
    assert prompt(game) == "place orange 5"       # "####/#...", an L of 5 cells
    at_f6 = {m: c for m, c in placement_cells(game).items() if m.startswith("F6 ")}
    assert sorted(at_f6) == ["F6 r0", "F6 r0 f", "F6 r180", "F6 r180 f", "F6 r270", "F6 r270 f",
                             "F6 r90", "F6 r90 f"]
    assert len({frozenset(c) for c in at_f6.values()}) == 8
    assert at_f6["F6 r0"] == {"F6", "G6", "H6", "I6", "F7"}
    assert at_f6["F6 r0 f"] == {"F6", "G6", "H6", "I6", "I7"}   # the other face: mirrored


def test_inside_the_grid_and_only_on_empty_cells():
    """YA-35 inside the 12 x 12 grid; YA-36 never on a mission tile or another tile;
    YA-38 a placed tile never moves."""
    game = new_game(3, "1", [P1, P2, P3], first="P3")
    game.play("orange 5")
    game.play("orange 2")
    game.play("orange 4")
    legal = moves(game)
    assert "I1 r0" in legal and "J1 r0" not in legal        # four cells from J1 leave the grid
    assert "L12" not in " ".join(legal)
    mission = {"D4", "E4", "H8", "H9", "I9"}
    assert all(not (cells & mission) for cells in placement_cells(game).values())
    assert "A3 r0" in legal and "B3 r0" in legal            # A3-D3 + A4 is free, B3-E3 + B4 too
    assert "B4 r0" not in legal                             # B4-E4 would cover D4 and E4
    place_on(game, "A1", "B1", "C1", "D1", "A2")
    game.play("orange 7")          # P3 won and leads round 2
    play_low(game)
    play_low(game)
    assert prompt(game) == "place orange 7"
    placed = {"A1", "B1", "C1", "D1", "A2"}
    assert all(not (cells & placed) for cells in placement_cells(game).values())
    place_away(game)
    assert cells_of(game, "orange 5") == placed


def test_tokens_can_be_covered():
    """YA-37: a tile may cover fog and whirlpool tokens (they lie on their own grid)."""
    game = blue_6_wins("B")
    covered = [c for c in placement_cells(game).values() if "F5" in c or "H7" in c or "G4" in c]
    assert covered


# ------------------------------------------------------------------ edge constraints

def test_colour_edge_kept_and_broken():
    """YA-45 an edge is checked against the tile covering its cell; YA-46 colour: a red
    tile on a red edge is fine; YA-42 a tile of another colour may be placed there, and the
    mission fails at once."""
    game = red_1_wins()
    place_on(game, "D3")
    assert not game.is_over and var(game, "round") == 2
    game = blue_6_wins()
    assert "B2 r0" in moves(game)                 # B2-D2 / B3-D3 covers the red edge D3
    game.play("B2 r0")
    assert game.is_over
    assert result(game) == ("loss", "blue 6 breaks the red edge of 5 on D3", 1)


@pytest.mark.parametrize("cells, broken", [
    (("F2", "G2", "H2", "F3", "G3", "H3"), None),              # H3 needs 5 or more
    (("K1", "L1", "K2", "L2", "K3", "L3"), "blue 6 breaks the 3- edge of 3 on K3"),
    (("C11", "D11", "E11", "C12", "D12", "E12"), None),        # D11 needs 4 or more
    (("C6", "D6", "E6", "C7", "D7", "E7"), "blue 6 breaks the 2- edge of 7 on D7"),
])
def test_number_edges_with_a_six(cells, broken):
    """YA-47 number at least N; YA-48 number at most N (mission 2, data D4)."""
    game = blue_6_wins("2")
    place_on(game, *cells)
    if broken is None:
        assert not game.is_over
    else:
        assert result(game) == ("loss", broken, 1)


@pytest.mark.parametrize("cell, broken", [
    ("H3", "red 1 breaks the 5+ edge of 3 on H3"),   # YA-47: 1 is less than 5
    ("K3", None),                                      # YA-48: 1 is at most 3
    ("D7", None),                                      # YA-48: 1 is at most 2
    ("D11", "red 1 breaks the 4+ edge of 7 on D11"),  # YA-47
])
def test_number_edges_with_a_one(cell, broken):
    """YA-47 number at least N; YA-48 number at most N (mission 2, data D4)."""
    game = red_1_wins("2")
    place_on(game, cell)
    if broken is None:
        assert not game.is_over
    else:
        assert result(game) == ("loss", broken, 1)


def test_player_edges_and_meeples():
    """YA-13, YA-59 before round 1, from the first player on, each human puts an adventurer
    on the next listed mission tile; YA-49 a player edge needs a tile from that player's
    Decision card."""
    game = blue_6_wins("C")                         # P2 is the first player
    tiles = {c["name"]: c["meeple"] for c in game.view(None)["zones"]["board"]["cards"]}
    assert tiles == {"mission tile C1": 1, "mission tile C2": 2}
    assert "P2 puts an adventurer on mission tile C1" in game.transcript()
    place_covering(game, "C2")                      # P2's card on the edge of P2's tile
    assert not game.is_over
    game = blue_6_wins("C")
    place_covering(game, "I7")                      # P2's card on the edge of P3's tile
    assert result(game) == ("loss", "blue 6 breaks the player edge of C2 on I7: it needs a card "
                                    "of P3", 1)


def test_player_edge_never_met_by_the_automa():
    """YA-49: the automa has no adventurer, so its tile never meets a player edge;
    YA-59 with 2 players the humans place the adventurers."""
    game = new_game(2, "C", [H1, H2], first="P1", rest=PILE + RIVER)
    tiles = {c["name"]: c["meeple"] for c in game.view(None)["zones"]["board"]["cards"]}
    assert tiles == {"mission tile C1": 0, "mission tile C2": 1}
    game.play("green 1")
    game.play("green 3")                            # the automa must play green 6 and wins
    assert var(game, "winner") == 2 and game.to_move == 0
    place_covering(game, "C2")
    assert result(game) == ("loss", "green 6 breaks the player edge of C1 on C2: it needs a card "
                                    "of P1", 1)


# ------------------------------------------------------------------ fog and whirlpool

def test_fog_under_a_tile_directs_the_next_lead():
    """YA-40 a covered fog token is discarded and the next trick must be led in its colour
    if possible; YA-56 two fog colours under one tile: either; the demand then lapses;
    YA-37 tokens can be covered."""
    game = new_game(3, "A", [P1, P2, P3], first="P3")
    game.play("purple 5")
    game.play("purple 1")
    game.play("purple 3")
    place_on(game, "E7", "G7", "E8", "F8", "G8")    # a U under practice tile A: red and blue fog
    assert zone_names(game, "spent") == ["red fog", "blue fog"]
    assert var(game, "fog_colours") == ["red", "blue"]
    assert "the red fog is covered" in game.transcript()
    assert game.to_move == 2 and sorted(moves(game)) == ["blue 2", "blue 3", "red 4"]
    game.play("blue 2")
    assert var(game, "fog_colours") == []
    play_low(game)
    play_low(game)
    place_away(game)
    assert prompt(game) == "lead a card" and len(moves(game)) == len(
        game.view(None)["zones"][f"hand[P{game.to_move + 1}]"]["cards"])


def test_fog_without_a_card_of_its_colour_leads_freely():
    """YA-40: a leader holding no card of the fog's colour leads any card."""
    game = red_1_wins("A")
    place_on(game, "G7")                            # the blue fog; P1 has no blue
    assert var(game, "fog_colours") == ["blue"]
    assert game.to_move == 0 and sorted(moves(game)) == sorted(c for c in VOID if c != "red 1")


def test_fog_when_the_automa_leads():
    """YA-57: the automa leading under fog must lead a river card of that colour if the
    river has one (the pile is then not allowed)."""
    game = new_game(2, "A", [H1, H2], first="P1", rest=PILE + RIVER)
    game.play("green 1")
    game.play("green 3")                            # the automa wins with green 6
    place_covering(game, "E7")                      # the red fog, placed by the Leader
    assert zone_names(game, "river") == ["red 6", "red 7", "purple 6", "blue 6"]
    assert game.to_move == 0 and prompt(game) == "lead for the automa"
    assert sorted(moves(game)) == ["red 6", "red 7"]


def test_whirlpool_and_fog_under_one_tile():
    """YA-41 a covered whirlpool: every seat discards one card face down, unseen by the
    others; YA-55 the Leader discards for the automa (a river card or the pile's top, blind);
    YA-58 fog and whirlpool both apply; YA-31 the river is refilled afterwards."""
    game = new_game(2, "B", [H1, H2], first="P2", rest=PILE + RIVER)
    game.play("blue 3")
    assert prompt(game) == "play for the automa"
    game.play("purple 6")
    game.play("blue 1")
    assert var(game, "winner") == 1
    place_on(game, "F4", "G4", "F5")                # covers the purple fog and a whirlpool
    assert zone_names(game, "spent") == ["purple fog", "whirlpool"]
    assert game.to_move == 0 and prompt(game) == "discard a card to the whirlpool"
    game.play("orange 2")
    assert game.to_move == 1 and prompt(game) == "discard a card to the whirlpool"
    game.play("orange 4")
    assert game.to_move == 1 and prompt(game) == "discard for the automa"
    assert sorted(moves(game)) == ["green 6", "pile", "red 6", "red 7"]
    game.play("pile")
    assert game.view(None)["zones"]["discards"]["size"] == 3
    assert zone_names(game, "river") == ["red 6", "red 7", "green 6", "orange 5"]
    assert game.view(None)["zones"]["automa_pile"]["size"] == 4
    # the discards stay secret: each seat sees only its own; nobody sees the pile's card
    assert "orange 2" not in game.transcript(1) and "orange 4" not in game.transcript(0)
    assert "P1 > discard a card to the whirlpool: orange 2" in game.transcript(0)
    assert "P1 > discard a card to the whirlpool: (hidden)" in game.transcript(1)
    assert zone_names(game, "discards", 0) == ["orange 2", "?", "?"]
    assert zone_names(game, "discards", 1) == ["?", "orange 4", "?"]
    assert "blue 6" not in game.transcript(0) + game.transcript(1)
    # the fog: P2 leads and must lead purple
    assert game.to_move == 1 and sorted(moves(game)) == ["purple 3", "purple 4"]


def test_running_out_of_cards_fails_the_mission():
    """YA-63: with 4 players seat 4 holds 8 cards; after two whirlpools it has none for
    round 7, and the mission fails."""
    game = new_game(4, "B", seed=3)
    play_low(game)
    play_low(game)
    play_low(game)
    play_low(game)
    place_covering(game, "F5")
    for _ in range(4):
        game.play(moves(game)[0])
    for _ in range(4):
        play_low(game)
    place_covering(game, "H7")
    for _ in range(4):
        game.play(moves(game)[0])
    play_out(game)
    assert result(game) == ("loss", "P4 has no card left to play", 7)
    assert game.view(None)["zones"]["hand[P1]"]["size"] == 1


# ------------------------------------------------------------------ the check and the end

S1 = ["red 4", "blue 5", "blue 3", "green 3", "orange 4", "orange 7", "red 7", "green 7", "blue 7"]
S2 = ["purple 1", "purple 2", "purple 3", "purple 4", "blue 1", "blue 2", "red 1", "green 1",
      "orange 1"]
S3 = ["purple 5", "purple 6", "purple 7", "blue 4", "red 2", "red 3", "green 2", "orange 2",
      "orange 3"]
PLAN = [("red 4", ("D2", "E2", "D3", "E3")), ("blue 5", ("F4", "G4", "E5", "F5", "G5")),
        ("blue 3", ("C4", "C5", "D5")), ("green 3", ("G7", "G8", "G9")),
        ("orange 4", ("G10", "H10", "I10", "J10")),
        ("orange 7", ("H7", "I7", "I8", "J8", "K8", "J9", "K9"))]


def test_mission_1_success_with_corners_left_open():
    """YA-43 surrounded: every side neighbour covered, corners not needed; YA-44 success
    ends the mission at once; YA-46 every colour edge met; YA-51 the result; YA-52 no star
    after 6 rounds; YA-53 mission 1."""
    game = new_game(3, "1", [S1, S2, S3], first="P1")
    for card, cells in PLAN:
        assert not game.is_over
        game.play(card)
        play_low(game)
        play_low(game)
        assert var(game, "winner") == 0
        place_on(game, *cells)
    assert game.is_over
    assert game.outcome["result"] == "win" and game.outcome["winners"] == [0, 1, 2]
    assert game.outcome["reason"] == "every mission tile is surrounded after 6 rounds"
    assert game.outcome["star"] is False and game.outcome["scores"] == {0: 0, 1: 0, 2: 0}
    covered = set().union(*(cells for _, cells in PLAN))
    assert {"C3", "F3", "F5"} - covered == {"C3", "F3"}     # corners of tile 5 left open
    assert "mission tile 5 is surrounded" in game.transcript()
    assert "round 7" not in game.transcript()


def test_one_uncovered_side_is_not_surrounded():
    """YA-43: leaving one side neighbour open (J9) is not a success."""
    game = new_game(3, "1", [S1, S2, S3], first="P1")
    for card, cells in PLAN[:-1]:
        game.play(card)
        play_low(game)
        play_low(game)
        place_on(game, *cells)
    game.play("orange 7")
    play_low(game)
    play_low(game)
    place_on(game, "G6", "H6", "H7", "I7", "J7", "I8", "J8")
    assert not game.is_over and "mission tile 9 is surrounded" not in game.transcript()


D1 = ["red 3", "blue 4", "green 7", "green 6", "green 5", "green 4", "green 3", "orange 7",
      "orange 6"]
D2 = ["purple 1", "purple 2", "purple 3", "purple 4", "purple 5", "purple 6", "purple 7", "green 1",
      "green 2"]
D3 = ["orange 1", "orange 2", "orange 3", "orange 4", "orange 5", "blue 1", "blue 2", "blue 3",
      "red 1"]


def test_star_for_a_quick_success_and_mission_tiles_as_neighbours():
    """YA-52 the star for a success in 5 rounds or fewer; YA-60 a neighbour cell on another
    mission tile needs no cover (practice D: L11 is tile D2, beside tile D1)."""
    game = new_game(3, "D", [D1, D2, D3], first="P1")
    game.play("red 3")
    play_low(game)
    play_low(game)
    assert var(game, "winner") == 0
    assert cells_of(game, "mission tile D2") == {"L11"}      # beside D1's L10
    assert mission_neighbours(game) == {"K11", "K12", "L12"}
    place_on(game, "K11", "K12", "L12")
    assert result(game) == ("win", "every mission tile is surrounded after 1 rounds", 1)
    assert game.outcome["star"] is True and game.outcome["scores"] == {0: 1, 1: 1, 2: 1}


def test_no_room_for_the_tile_fails_the_mission():
    """YA-39: when the tile fits nowhere on the board, the mission fails at once."""
    game = new_game(3, "D", [D1, D2, D3], first="P1")
    game.play("blue 4")
    play_low(game)
    play_low(game)
    assert var(game, "winner") == 0
    assert result(game) == ("loss", "blue 4 has no room on the board", 1)


def test_failure_after_seven_rounds():
    """YA-16 at most 7 rounds; YA-44 not surrounded after round 7: the mission fails."""
    game = new_game(3, "1", [P1, P2, P3], first="P1")
    play_out(game)
    assert result(game) == ("loss", "the mission tiles are not surrounded after 7 rounds", 7)
    assert game.outcome["star"] is False
    assert "round 7" in game.transcript() and "round 8" not in game.transcript()
