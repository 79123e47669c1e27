"""The examples in examples/: they play to the end, and they follow their rules."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulelang
from support import ROOT, load, play_random

EXAMPLES = {  # file -> player counts to try
    "examples/nim.rules": (2,),
    "examples/pig.rules": (2, 3, 4),
    "examples/tictactoe.rules": (2,),
    "examples/oh_hell.rules": (3, 4, 5),
    "examples/league.rules": (2, 4),
    "examples/reversi.rules": (2,),
    "examples/goofspiel.rules": (2, 3),
    "examples/hanabi.rules": (2, 3, 5),
    "examples/connect_four.rules": (2,),
    "examples/kuhn_poker.rules": (2, 3, 10),
    "examples/leduc_poker.rules": (2,),
    "examples/breakthrough.rules": (2,),
    "examples/mancala.rules": (2,),
    "examples/hearts.rules": (4,),
    "examples/love_letter.rules": (2, 3, 4),
    "examples/no_thanks.rules": (3, 5, 7),
    "examples/checkers.rules": (2,),
    "examples/sushi_draft.rules": (2, 3, 5),
    "examples/gin_rummy.rules": (2,),
    "examples/liars_dice.rules": (2, 3, 4),
    "examples/edge_match.rules": (2, 3, 4),
}
# How a game may end: a competitive game is won or drawn; Hanabi, cooperative, ends with
# the team's score and no verdict, or is lost when the third fuse burns.
RESULTS = {"examples/hanabi.rules": ("score", "loss")}


# ------------------------------------------------------------------ every example

@pytest.mark.parametrize("path", sorted(EXAMPLES))
def test_example_plays_to_the_end_on_several_seeds(path):
    rules = load(path)
    for players in EXAMPLES[path]:
        for seed in range(4):
            game = rules.new_game(players=players, seed=seed)
            moves = play_random(game, seed)
            assert game.is_over and game.legal_moves() == []
            assert game.outcome["result"] in RESULTS.get(path, ("win", "draw"))
            again = rules.new_game(players=players, seed=seed)
            for move in moves:
                again.play(move)
            assert again.transcript() == game.transcript()  # deterministic


@pytest.mark.parametrize("path", sorted(EXAMPLES))
def test_example_saved_mid_game_continues_identically(path):
    rules = load(path)
    game = rules.new_game(players=EXAMPLES[path][-1], seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    copy = rules.restore(game.save())
    play_random(game, 5)
    play_random(copy, 5)
    assert copy.transcript() == game.transcript()


def test_every_example_is_listed_in_the_readme_with_a_header_comment():
    readme = (ROOT / "examples" / "README.md").read_text()
    files = sorted(p.name for p in (ROOT / "examples").glob("*.rules"))
    assert files == sorted(Path(p).name for p in EXAMPLES)
    for name in files:
        assert f"]({name})" in readme
        first = (ROOT / "examples" / name).read_text().splitlines()[:2]
        assert first[0].startswith("# ") and first[1].startswith("# Teaches:")


# ------------------------------------------------------------------ Pig

def pig(rolls, moves, target=10):
    """A game of Pig with the die fixed: one roll per item of rolls, in order; the first roll
    of a turn made at once (ask_first off)."""
    game = load("examples/pig.rules").new_game(players=2, seed=0,
                                               options={"winscore": target, "ask_first": False},
                                               fix={"die": rolls[0]})  # the first roll
    for roll in rolls[1:]:
        game.fix("die", roll)  # and the next ones
    for move in moves:
        game.play(move)
    return game


def test_pig_transcript(text_snapshot):
    game = load("examples/pig.rules").new_game(players=3, seed=4)
    play_random(game, seed=4)
    assert game.transcript() == text_snapshot


def test_pig_banking_keeps_the_turn_total_and_a_one_loses_it():
    game = pig([5, 6, 3, 1], ["yes", "no", "yes"], target=30)
    banked = game.view(None)["vars"]["banked"]
    assert banked == {"P1": 11, "P2": 0}  # P1 banked 5 + 6; P2 rolled 3, then a 1
    assert "P2 rolls 1 and loses 3" in game.transcript()
    assert game.to_move == 0 and not game.is_over


def test_pig_a_first_roll_of_one_ends_the_turn_with_no_decision():
    game = pig([1, 4], [])
    assert game.to_move == 1
    assert game.transcript().endswith("P1 rolls 1 and loses 0\n-- turn 2: P2 --\n"
                                      "P2 rolls 4: 4 this turn\n")


def test_pig_banking_the_target_wins():
    game = pig([6, 4], ["yes", "no"])
    assert game.is_over
    assert game.outcome == {"scores": {0: 10, 1: 0}, "winners": [0], "result": "win"}


# ------------------------------------------------------------------ tic-tac-toe

def tictactoe(*moves):
    game = load("examples/tictactoe.rules").new_game(players=2, seed=0)
    for move in moves:
        game.play(move)
    return game


def test_tictactoe_transcript(text_snapshot):
    game = load("examples/tictactoe.rules").new_game(players=2, seed=2)
    play_random(game, seed=2)
    assert game.transcript() == text_snapshot


def test_tictactoe_three_in_a_row_wins():
    game = tictactoe("A1", "A2", "B1", "B2")
    assert not game.is_over and game.to_move == 0
    game.play("C1")
    assert game.is_over
    assert game.outcome["winners"] == [0] and game.outcome["result"] == "win"
    assert game.transcript().endswith("X X X | O O . | . . .\n== game over: P1 wins; "
                                      "scores P1 0, P2 0\n")


def test_tictactoe_a_diagonal_wins_for_o():
    game = tictactoe("A1", "C1", "B1", "B2", "A2", "A3")
    assert game.outcome["winners"] == [1]


def test_tictactoe_full_board_without_a_line_is_a_draw():
    # X O X / X O O / O X X
    game = tictactoe("A1", "B1", "C1", "B2", "A2", "C2", "B3", "A3")
    assert not game.is_over and [str(m) for m in game.legal_moves()] == ["C3"]
    game.play("C3")
    assert game.is_over
    assert game.outcome == {"scores": {0: 0, 1: 0}, "winners": [], "result": "draw",
                            "reason": "the board is full"}
    assert game.transcript().endswith("== game over: a draw (the board is full); "
                                      "scores P1 0, P2 0\n")


def test_tictactoe_a_taken_cell_is_refused_and_nothing_changes():
    game = tictactoe("B2")
    before = game.transcript()
    assert "B2" not in [str(m) for m in game.legal_moves()]
    with pytest.raises(rulelang.IllegalMove):
        game.play("B2")
    assert game.transcript() == before and game.to_move == 1


def test_tictactoe_board_view_has_cells_and_marks():
    board = tictactoe("A1", "C3").view(0)["zones"]["board"]
    assert (board["width"], board["height"]) == (3, 3)
    assert [(c["name"], c["cells"]) for c in board["cards"]] == [("X", ["A1"]), ("O", ["C3"])]


# ------------------------------------------------------------------ Oh Hell

def oh_hell(deck, tricks, dealer="P1", players=3, seed=0):
    """A hand with the deck fixed, top card first: cards are dealt one at a time
    starting left of the dealer, then the next card is turned up."""
    return load("examples/oh_hell.rules").new_game(
        players=players, seed=seed, options={"tricks": tricks},
        fix={"dealer": dealer, "shuffle deck": deck})


def legal(game):
    return [str(m) for m in game.legal_moves()]


# Dealer P1: P2 gets AS KS QS JS 10S, P3 gets 2S 2H 3H 4H 5H, P1 gets 2C..6C; 7D turned.
FIVE = ["AS", "2S", "2C", "KS", "2H", "3C", "QS", "3H", "4C", "JS", "4H", "5C",
        "10S", "5H", "6C", "7D"]


def test_oh_hell_transcript(text_snapshot):
    game = load("examples/oh_hell.rules").new_game(players=3, seed=0)
    play_random(game, seed=0)
    assert game.transcript() == text_snapshot


def test_oh_hell_transcript_for_one_seat(text_snapshot):
    game = load("examples/oh_hell.rules").new_game(players=4, seed=1, options={"tricks": 3})
    play_random(game, seed=1)
    assert game.transcript(seat=2) == text_snapshot


def test_oh_hell_deals_from_the_left_of_the_dealer_and_trump_is_the_turned_up_card():
    game = oh_hell(FIVE, 5)
    view = game.view(None)
    hand = {seat: [c["name"] for c in view["zones"][f"hand[{seat}]"]["cards"]]
            for seat in ("P1", "P2", "P3")}
    assert hand == {"P2": ["AS", "KS", "QS", "JS", "10S"], "P3": ["2S", "2H", "3H", "4H", "5H"],
                    "P1": ["2C", "3C", "4C", "5C", "6C"]}
    assert [c["name"] for c in view["zones"]["turned"]["cards"]] == ["7D"]
    assert view["vars"]["trump"] == "diamonds"
    assert "7D is turned up: diamonds are trump" in game.transcript()
    assert game.to_move == 1  # left of the dealer bids first


def test_oh_hell_trump_follows_the_turned_up_card():
    game = oh_hell(FIVE[:15] + ["9H"], 5)
    assert game.view(None)["vars"]["trump"] == "hearts"
    assert game.view(2)["zones"]["turned"]["cards"][0]["name"] == "9H"  # face up for all


def test_oh_hell_the_dealer_may_not_make_the_bids_add_up():
    game = oh_hell(FIVE, 5)
    assert legal(game) == ["0", "1", "2", "3", "4", "5"]
    game.play("2")  # P2
    game.play("1")  # P3
    assert game.to_move == 0  # the dealer bids last
    assert legal(game) == ["0", "1", "3", "4", "5"]  # 2 + 1 + 2 would make 5
    with pytest.raises(rulelang.IllegalMove) as refused:
        game.play("2")
    assert refused.value.reason == "the dealer may not bid 2: the bids would add up to 5"
    game.play("4")
    assert game.view(None)["vars"]["bid"] == {"P1": 4, "P2": 2, "P3": 1}


def test_oh_hell_the_dealer_may_bid_anything_when_no_bid_completes_the_count():
    game = oh_hell(FIVE, 5)
    game.play("5")
    game.play("3")
    assert legal(game) == ["0", "1", "2", "3", "4", "5"]


def test_oh_hell_must_follow_the_suit_led():
    game = oh_hell(FIVE, 5)
    for bid in ("5", "0", "1"):
        game.play(bid)
    assert game.to_move == 1 and legal(game) == ["AS", "KS", "QS", "JS", "10S"]
    game.play("AS")
    assert game.to_move == 2
    assert legal(game) == ["2S"]  # P3 holds a spade: it must be played
    before = (game.transcript(), game.save())
    with pytest.raises(rulelang.IllegalMove) as refused:
        game.play("2H")
    assert refused.value.reason == "P3 must follow spades"  # the rules' own words
    assert refused.value.diagnostics[0].message == ("'2H' is refused: P3 must follow spades "
                                                    "(legal: 2S)")
    assert (game.transcript(), game.save()) == before
    game.play("2S")
    assert legal(game) == ["2C", "3C", "4C", "5C", "6C"]  # P1 has no spade: anything goes


def test_oh_hell_scores_a_point_a_trick_and_ten_for_an_exact_bid():
    # Dealer P1, two tricks. P2: AS 2C; P3: KS 3D; P1: 4H 5H; 9H turned, hearts are trump.
    game = oh_hell(["AS", "KS", "4H", "2C", "3D", "5H", "9H"], 2)
    game.play("1")  # P2
    game.play("0")  # P3
    assert legal(game) == ["0", "2"]  # 1 would make the bids add up to 2
    game.play("2")  # P1
    game.play("AS")
    game.play("KS")
    game.play("4H")  # P1 has no spade and trumps the ace
    assert game.to_move == 0  # the winner leads the next trick
    assert "P1 takes trick 1 with 4H" in game.transcript()
    game.play("5H")
    game.play("2C")
    game.play("3D")
    assert game.is_over
    assert game.outcome["scores"] == {0: 2 + 10, 1: 0, 2: 0 + 10}
    assert game.outcome["winners"] == [0]
    assert game.outcome["bids"] == {"P1": 2, "P2": 1, "P3": 0}
    assert game.outcome["tricks taken"] == {"P1": 2, "P2": 0, "P3": 0}
    assert "; bids: P1 2, P2 1, P3 0; tricks taken: P1 2, P2 0, P3 0" in game.transcript()


def test_oh_hell_every_score_is_tricks_plus_ten_for_the_exact_bid():
    rules = load("examples/oh_hell.rules")
    for players in (3, 4, 5):
        game = rules.new_game(players=players, seed=players)
        play_random(game, seed=players)
        out = game.outcome
        assert sum(out["tricks taken"].values()) == 5
        for seat in range(players):
            taken, bid = out["tricks taken"][f"P{seat + 1}"], out["bids"][f"P{seat + 1}"]
            assert out["scores"][seat] == taken + (10 if taken == bid else 0)


def test_oh_hell_hands_stay_secret():
    game = oh_hell(FIVE, 5)
    game.play("5")
    game.play("0")
    everything = game.view(None)["zones"]
    for seat in range(3):
        view = game.view(seat)
        text = game.transcript(seat)
        for other in range(3):
            zone = f"hand[P{other + 1}]"
            names = [c["name"] for c in everything[zone]["cards"]]
            if other == seat:
                assert [c["name"] for c in view["zones"][zone]["cards"]] == names
                continue
            assert all(c == {"hidden": True, "kind": "Card"} for c in view["zones"][zone]["cards"])
            for name in names:
                assert not re.search(rf"\b{name}\b", text), (seat, name)
        assert all(c.get("hidden") for c in view["zones"]["deck"]["cards"])
        assert f"P{seat + 1} holds " in text and "holds 5 hidden cards" in text


def test_oh_hell_played_cards_are_seen_by_everyone():
    game = oh_hell(FIVE, 5)
    for move in ("5", "0", "1", "KS"):
        game.play(move)
    for seat in range(3):
        assert "P2 > play: KS" in game.transcript(seat)
        assert game.view(seat)["zones"]["trick[P2]"]["cards"][0]["name"] == "KS"


def test_oh_hell_options_are_checked():
    rules = load("examples/oh_hell.rules")
    with pytest.raises(rulelang.RulesError, match="not allowed"):
        rules.new_game(players=3, options={"tricks": 18})
    assert not rules.new_game(players=3, options={"tricks": 17}).is_over  # 51 cards and 1
    with pytest.raises(rulelang.RulesError) as refused:  # the rules' own `require`
        rules.new_game(players=5, options={"tricks": 11})
    assert refused.value.diagnostics[0].message == (
        "Oh Hell cannot be played with these options: 5 players with 11 cards each, and one "
        "turned up, need more than 52 cards (5 players, tricks=11)")
    with pytest.raises(rulelang.RulesError, match="3 to 5 players"):
        rules.new_game(players=2)


# ------------------------------------------------------------------ Liar's Dice

def liars_dice(rolls):
    """Two players with two dice each, played round after round, the rolls fixed in order
    (P1's dice, then P2's)."""
    return load("examples/liars_dice.rules").new_game(
        players=2, seed=0, options={"numdice": 2, "until_one_left": True},
        fix={"roll": rulelang.Outcomes(rolls)})


def test_liars_dice_a_bid_that_holds_costs_the_caller_a_die():
    game = liars_dice([3, 5, 3, 1])  # P1: 3 5, P2: 3 1: two 3s on the table
    game.play("2 3")
    game.play("liar")
    assert game.view(None)["vars"]["left"] == {"P1": 2, "P2": 1}
    assert game.to_move == 1  # the loser starts the next round


def test_liars_dice_a_false_bid_costs_the_bidder_a_die_and_the_last_with_dice_wins():
    game = liars_dice([5, 5, 2, 2, 4, 4, 4])  # round 1: one 5 fewer than bid
    game.play("3 5")
    game.play("liar")
    assert game.view(None)["vars"]["left"] == {"P1": 1, "P2": 2}
    assert game.to_move == 0
    game.play("1 5")  # round 2: P1 rolled a 4, P2 two 4s: no 5 (nor a wild 6) at all
    game.play("liar")
    assert game.outcome["winners"] == [1]
