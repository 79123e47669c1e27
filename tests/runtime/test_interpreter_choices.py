"""Language features a game's choices and set-up lean on: a pass move with its own name,
options that hold several values, what a seat knows (``knows``), and how the terminal draws
cards lying on one another on a grid."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.play.terminal import grid
from support.interpreting import HEAD, game, log, moves

# ------------------------------------------------------------------ a named pass move

NAMED_PASS = """
turn {
  choose n in 1..2 pass "stop" prompt "a number, or stop"
  log "chose {n}"
  if n == none { win current }
}
"""


def test_a_pass_move_may_have_its_own_name():
    g = game(NAMED_PASS)
    assert moves(g) == ["1", "2", "stop"]
    g.play("2")
    g.play("STOP")  # names match without regard to case
    assert log(g)[-3:-1] == ["P2 > a number, or stop: stop", "chose none"]
    with pytest.raises(rulelang.IllegalMove):
        game(NAMED_PASS).play("pass")  # the move is called stop now


def test_a_named_pass_that_an_option_shares_is_a_clear_error():
    text = 'turn {\n  choose w in [x for x in ["go", "stop"]] pass "Stop"\n  win current\n}\n'
    with pytest.raises(rulelang.RulesRuntimeError, match="the pass move 'Stop' has the same name"):
        game(text)
    with pytest.raises(rulelang.CheckError, match="the pass move 'Stop' has the same name"):
        game(text.replace("[x for x in [\"go\", \"stop\"]]", '["go", "stop"]'))  # seen before


# ------------------------------------------------------------------ options holding a list

LIST_OPTIONS = """
enum Module { rivers, towers, storms }
option levels: list of int in 1..5 = [1] "levels to combine"
option modules: list of Module = []
turn {
  log "{levels} {2 in levels} {modules} {size(modules)}"
  win current
}
"""


@pytest.mark.parametrize("given", ["2+3", [2, 3], "2, 3", "[2, 3]"])
def test_a_list_option_is_given_as_a_list_or_joined_with_plus(given):
    g = game(LIST_OPTIONS, options={"levels": given, "modules": "towers+storms"})
    assert log(g)[1] == "2, 3 yes towers, storms 2"
    assert g.transcript().splitlines()[0] == "T: 2 players, seed 1, levels=2+3, modules=towers+storms"


def test_a_list_option_defaults_and_survives_a_save():
    g = game(LIST_OPTIONS)
    assert log(g)[1] == "1 no  0"
    g = game(LIST_OPTIONS, options={"modules": ["rivers"]})
    again = rulelang.loads(HEAD + LIST_OPTIONS, "t.rules").restore(g.save())
    assert again.transcript() == g.transcript() and again.view(None)["options"]["modules"] == ["rivers"]


@pytest.mark.parametrize("options, words", [
    ({"levels": "2+7"}, "option levels=7 is not allowed (choose from 1 to 5)"),
    ({"levels": "2+x"}, "option levels must be a whole number, not 'x'"),
    ({"modules": "rivers+lakes"}, "option modules must be one of rivers, towers, storms, not 'lakes'"),
])
def test_each_item_of_a_list_option_is_checked(options, words):
    with pytest.raises(rulelang.RulesError) as caught:
        game(LIST_OPTIONS, options=options)
    assert words in str(caught.value)


# ------------------------------------------------------------------ what a seat knows

KNOWS = """
card Coin {
  value: int
  name "coin {value}"
}
zone pot: pile of Coin, hidden
zone hand[player]: hand of Coin
setup {
  create Coin(value: 5) in pot
  create Coin(value: 7) in hand[P1]
}
turn {
  let mine = top(hand[P1])
  log "{knows(P1, mine)} {knows(P2, mine)} {knows(P1, top(pot))} {knows(P1, none)}"
  reveal top(pot) to P2
  log "{knows(P1, top(pot))} {knows(P2, top(pot))}"
  win current
}
heuristic p = sum(c.value for c in cards(pot) + cards(hand) if knows(p, c))
"""


def test_knows_tells_whether_a_seat_has_seen_a_card():
    g = game(KNOWS)
    assert log(g)[1:3] == ["yes no no no", "no yes"]


def test_a_heuristic_can_read_only_what_its_seat_knows():
    from interpreter.bots import heuristic
    g = rulelang.loads(HEAD + KNOWS.replace("  win current\n", "  choose x in [1]\n  win current\n"),
                       "t.rules").new_game(players=2, seed=1)
    assert (heuristic(g, 0), heuristic(g, 1)) == (7, 5)


# ------------------------------------------------------------------ drawing stacked cards

def drawn(zone):
    return "\n".join(line.plain for line in grid.grid_lines(zone, grid.Layers.of(zone, [], [])))


def test_a_grid_cell_holding_several_cards_shows_the_top_one_in_brackets():
    under = {"name": "fox", "kind": "Spirit", "symbol": "Fx", "cells": ["A1"]}
    on_top = {"name": "mark", "kind": "Token", "symbol": "Mk", "cells": ["A1"]}
    alone = {"hidden": True, "kind": "Spirit", "cells": ["B1"]}
    hidden_top = {"hidden": True, "kind": "Token", "cells": ["B1"]}
    text = drawn({"kind": "grid", "cards": [under, on_top, alone, hidden_top]})
    assert "[Mk]" in text and "Fx" not in text and "[?]" in text
    text = drawn({"kind": "grid", "cards": [under, alone]})
    assert "Fx" in text and "[" not in text


PAWNS = """
game "Pawns"
players 2
card Piece { side: player  name "pawn" }
zone board: grid 3 x 3 of Piece, public
zone hand[player]: hand of Piece
setup {
  create Piece(side: P1) in board at cell(0, 0)
  create Piece(side: P1) in board at cell(2, 2)
  create Piece(side: P1) x 2 in hand[P1]
}
turn {
  choose p in [x for x in board if x.side == current] + cards(hand[current]) prompt "pick"
  log "{current} picks the pawn in {zone_of(p)} at {cells(p)}"
  win current
}
"""


def test_cards_alike_lying_apart_are_moves_of_their_own_named_where_they_lie():
    """Two pawns named alike on two cells were one move, the first: the other could never
    be picked. Alike cards in one hand are still one move; apart, each is named by where it
    lies, on the full path, the lean path and in a choice made by each."""
    rules = rulelang.loads(PAWNS, "pawns.rules")
    game = rules.new_game(players=2, seed=1)
    assert [m.notation for m in game.legal_moves()] == ["board@A1", "board@C3", "hand[P1]#1",
                                                         "hand[P1]#2"]
    game.play("board@C3")
    assert "P1 picks the pawn in board at C3" in game.transcript()
    one_hand = rulelang.loads(PAWNS.replace("[x for x in board if x.side == current] + ", ""),
                              "pawns.rules").new_game(players=2, seed=1)
    assert [m.notation for m in one_hand.legal_moves()] == ["pawn"]  # alike, and together
    offered = []
    rules.lean().played_out(lambda g, seat, values, site: offered.append(len(values)) or 1,
                            players=2, seed=1)
    assert offered == [4]
    each = rulelang.loads(PAWNS.replace('prompt "pick"', 'by each q in [P1] prompt "pick"')
                          .replace('log "{current} picks the pawn in {zone_of(p)} at {cells(p)}"',
                                   ""), "pawns.rules").new_game(players=2, seed=1)
    assert [m.notation for m in each.legal_moves(0)] == ["board@A1", "board@C3", "hand[P1]#1",
                                                         "hand[P1]#2"]
