"""The interpreter's semantics, one small ruleset per behaviour: cards and zones, who sees
what, decisions, triggers, the end of the game and outcomes (options and chance:
test_interpreter_chance.py)."""
from __future__ import annotations

import pytest

import rulelang
from support.interpreting import TILES, game, log, moves, names

# ------------------------------------------------------------------ cards and zones

def test_create_deal_move_and_bottom():
    g = game(TILES + """
zone deck: pile of Tile, public
zone hand[player]: hand of Tile, public
zone out: pile of Tile, public
setup {
  for r in 1..4 { create Tile(suit: red, rank: r) in deck }
  create Tile(suit: blue, rank: 9) x 2 in out
  deal 2 from deck to hand[P1]
  move top(deck) to out at bottom
}
turn { choose c in [1] win current }
""")
    assert names(g, "deck") == ["red1"]  # piles list bottom to top
    assert names(g, "hand[P1]") == ["red4", "red3"]  # dealt one by one from the top
    assert names(g, "out") == ["red2", "blue9", "blue9"]


def test_create_from_a_table_makes_the_copies():
    g = game(TILES + """
table tiles {
  | suit | rank | copies |
  |------|------|--------|
  | red  | 1    | 2      |
  | blue | 5    | 1      |
}
zone deck: pile of Tile, public
setup { create Tile from tiles in deck }
turn { choose c in [1] win current }
""")
    assert names(g, "deck") == ["red1", "red1", "blue5"]


def test_place_on_a_grid_and_read_it_back():
    g = game("""
card Stone { colour: text  name colour }
zone board: grid 3 x 3 of Stone
zone bag: pile of Stone, public
setup {
  create Stone(colour: "black") x 2 in bag
  move top(bag) to board at "B2"
  move top(bag) to board at cell(0, 2)
  log "{size(occupied(board))} {size(empty_cells(board))} {at(board, cell(\\"B2\\"))}"
}
turn { choose c in [1] win current }
""")
    cards = g.view(None)["zones"]["board"]["cards"]
    assert [(c["name"], c["cells"]) for c in cards] == [("black", ["B2"]), ("black", ["A3"])]
    assert log(g)[0] == "2 7 black"  # a list logs as its items


def test_moving_to_a_grid_needs_a_cell():
    # a zone the checker cannot name (a rule's parameter): found when the game runs (a zone
    # named in the move is found by the checker: tests/language/test_checker.py)
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        game("""
card Stone { colour: text }
zone board: grid 3 x 3 of Stone
zone bag: pile of Stone
rule put(z: zone) { move top(bag) to z }
setup { create Stone(colour: "b") in bag  put(board) }
turn { win current }
""")
    assert "needs a place: at CELL" in str(caught.value)
    assert caught.value.diagnostics[0].span.line == 7


# ------------------------------------------------------------------ visibility

VIS = TILES + """
zone deck: pile of Tile, hidden
zone open: pile of Tile, top
zone hand[player]: hand of Tile, owner
zone table: row of Tile, public
setup {
  for r in 1..6 { create Tile(suit: red, rank: r) in deck }
  move bottom(deck) to hand[P1]
  move bottom(deck) to open
  move bottom(deck) to open
  move bottom(deck) to table
}
"""


def test_each_zone_shows_what_its_visibility_says():
    g = game(VIS + "turn { choose c in [1] win current }")
    assert names(g, "deck", 0) == ["?", "?"]
    assert names(g, "deck", None) == ["red5", "red6"]  # the referee sees everything
    assert names(g, "hand[P1]", 0) == ["red1"]  # the owner sees their hand
    assert names(g, "hand[P1]", 1) == ["?"]
    assert names(g, "table", 1) == ["red4"]


def test_cards_moved_onto_a_top_pile_together_show_the_top_one_only():
    """A hand discarded in one move shows its last card, not each (a deck-builder's whole
    hand was known to all); moved one by one, each is seen on its way."""
    together = game(VIS + "turn { move bottom(deck, 2) to open\n choose c in [1]\n win current }")
    assert names(together, "open", 1) == ["red2", "red3", "?", "red6"]
    one_by_one = game(VIS + "turn { for t in bottom(deck, 2) { move t to open }\n"
                            " choose c in [1]\n win current }")
    assert names(one_by_one, "open", 1) == ["red2", "red3", "red5", "red6"]


def test_a_top_pile_shows_its_top_card_and_what_was_seen_on_top():
    g = game(VIS + "turn { choose c in [1] win current }")
    # red2 was the top of 'open' when it arrived, so everyone saw it before red3 covered it
    assert names(g, "open", 1) == ["red2", "red3"]
    g = game(VIS + """
turn {
  shuffle open
  choose c in [1]
  win current
}""", seed=2)
    shuffled = names(g, "open", None)
    assert names(g, "open", 0) == names(g, "open", 1) == ["?", shuffled[-1]]
    g = game(VIS + """
turn {
  shuffle open
  move top(open) to table
  choose c in [1]
  win current
}""", seed=2)
    assert names(g, "open", 1) == [shuffled[0]]  # uncovered: the new top is seen


def test_knowledge_stays_with_a_card_moved_face_down():
    g = game(VIS + """
turn {
  move cards(hand[P1]) to deck
  choose c in [1]
  win current
}""")
    assert names(g, "deck", 0) == ["?", "?", "red1"]  # P1 still knows the card they held
    assert names(g, "deck", 1) == ["?", "?", "?"]


def test_shuffling_makes_everyone_forget():
    g = game(VIS + """
turn {
  move cards(hand[P1]) to deck
  move cards(table) to deck
  shuffle deck
  choose c in [1]
  win current
}""")
    assert names(g, "deck", 0) == ["?"] * 4
    assert names(g, "deck", 1) == ["?"] * 4


def test_reveal_to_one_player_shows_only_that_player():
    g = game(VIS + """
turn {
  reveal top(deck) to P2
  choose c in [1]
  win current
}""")
    assert names(g, "deck", 1) == ["?", "red6"]
    assert names(g, "deck", 0) == ["?", "?"]


def test_reveal_to_everyone():
    g = game(VIS + "turn { reveal cards(deck) choose c in [1] win current }")
    assert names(g, "deck", 0) == names(g, "deck", 1) == ["red5", "red6"]


def test_the_log_hides_cards_a_reader_cannot_see():
    g = game(VIS + 'turn { log "P1 holds {top(hand[P1])}" choose c in [1] win current }')
    assert "P1 holds red1" in log(g, 0)
    assert "P1 holds a Tile" in log(g, 1)


def test_a_view_for_a_seat_that_does_not_exist_is_a_clear_error():
    g = game(VIS + "turn { choose c in [1] win current }")
    with pytest.raises(rulelang.RulesError):
        g.view(5)


# ------------------------------------------------------------------ decisions

def test_moves_are_named_by_what_the_chooser_sees():
    g = game(VIS + """
turn {
  choose c in cards(hand[current]) + cards(deck) prompt "pick"
  log "took {c}"
  win current
}""")
    assert g.to_move == 0
    assert moves(g) == ["red1", "deck#2", "deck#1"]  # a hidden card is named by its place
    g.play("deck#1")  # the top of the deck
    assert "took a Tile" in log(g, 1)
    assert g.outcome["winners"] == [0]


def test_identical_cards_make_one_move():
    g = game(TILES + """
zone hand[player]: hand of Tile, owner
setup { create Tile(suit: red, rank: 1) x 3 in hand[P1]  create Tile(suit: blue, rank: 1) in hand[P1] }
turn { choose c in hand[current] win current }
""")
    assert moves(g) == ["red1", "blue1"]


def test_numbers_seats_truth_values_and_pass():
    g = game("""
turn {
  choose n in 1..3
  choose p in players
  choose yes in [true, false] pass
  log "{n} {p} {yes}"
  win current
}""")
    assert moves(g) == ["1", "2", "3"]
    g.play("2")
    assert moves(g) == ["P1", "P2"]
    g.play("P2")
    assert moves(g) == ["yes", "no", "pass"]
    g.play("pass")
    assert "2 P2 none" in log(g)


def test_pass_if_allows_passing_only_when_true():
    g = game("""
var round: int = 0
turn {
  round += 1
  choose n in [1, 2] pass if round > 1
  if round == 2 { win current }
}""")
    assert moves(g) == ["1", "2"]
    g.play("1")
    assert moves(g) == ["1", "2", "pass"]


def test_a_choice_by_another_seat_waits_for_that_seat():
    g = game("""
turn {
  choose n in [1, 2] by next(current) prompt "the other player picks"
  log "{n}"
  win current
}""")
    assert g.to_move == 1
    with pytest.raises(rulelang.IllegalMove):
        g.play(rulelang_move(g, 0, "1"))
    g.play("2")
    assert g.outcome["winners"] == [0]


def rulelang_move(g, seat, notation):
    from interpreter.runtime.decision_parts import Move
    return Move(seat, notation)


def test_a_dummy_seat_cannot_decide():
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        game("""
dummy bank
turn { choose n in [1, 2] by bank  win current }
""")
    assert "bank is not playing, so cannot decide" in str(caught.value)
    assert caught.value.diagnostics[0].span.line == 5


def test_nothing_to_choose_is_an_error_naming_the_line():
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        game("turn {\n  choose n in []\n  win current\n}")
    assert caught.value.diagnostics[0].span.line == 4
    assert "nothing to choose from" in str(caught.value)


@pytest.mark.parametrize("lean", [False, True])
def test_nothing_to_choose_says_how_to_write_it(lean):
    """A roll that moves no piece stopped the game saying only that there was nothing to
    choose from: now it says what to write, on both paths."""
    rules = rulelang.loads('game "Stuck"\nplayers 2\nturn {\n  choose n in 1..6 where n > 7\n'
                           '  win current\n}\n', "stuck.rules")
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        (rules.lean() if lean else rules).new_game(players=2, seed=1)
    assert caught.value.words().endswith(
        "there is nothing to choose from, and passing is not allowed; ask only when there is "
        "something to choose (if not empty(...) { choose ... }), or let the player pass "
        "(choose ... pass if ...)")


def test_notation_is_matched_without_regard_to_case_and_spaces():
    g = game(VIS + "turn { choose c in hand[current] win current }")
    g.play("  RED1 ")
    assert g.is_over


# ------------------------------------------------------------------ triggers

TRIGGERS = TILES + """
zone deck: pile of Tile, public
zone shown[player]: row of Tile, public
zone stack[Suit]: pile of Tile, public
var seen: text = ""
setup {
  create Tile(suit: red, rank: 1) x 2 in deck
  create Tile(suit: blue, rank: 2) in deck
}
on enter shown[p] as c { seen = seen + "enter {p} {c};" }
on leave deck as c { seen = seen + "leave {c};" }
on enter stack[red] { seen = seen + "red stack;" }
turn {
  move top(deck) to shown[current]
  move top(deck) to stack[red]
  move top(deck) to stack[blue]
  log seen
  win current
}
"""


def test_triggers_bind_keys_and_cards_and_match_literal_keys():
    g = game(TRIGGERS, seed=3)
    assert log(g)[1] == ("leave blue2;enter P1 blue2;leave red1;red stack;leave red1;")


def test_a_trigger_runs_before_the_next_line():
    g = game(TILES + """
zone a: pile of Tile, public
zone b: pile of Tile, public
var hits: int = 0
on enter b { hits += 1 }
setup { create Tile(suit: red, rank: 1) x 2 in a }
turn {
  move top(a) to b
  log "after one: {hits}"
  move top(a) to b
  log "after two: {hits}"
  win current
}""")
    assert log(g)[1:3] == ["after one: 1", "after two: 2"]


def test_a_trigger_can_ask_for_a_decision():
    g = game(TILES + """
zone a: pile of Tile, public
zone b: pile of Tile, public
on enter b as c { choose keep in [true, false] prompt "keep {c}?"  if not keep { move c to a } }
setup { create Tile(suit: red, rank: 1) in a }
turn {
  move top(a) to b
  log "b has {size(b)}"
  win current
}""")
    assert moves(g) == ["yes", "no"]
    g.play("no")
    assert log(g)[-2] == "b has 0"


# ------------------------------------------------------------------ the end of the game

def test_end_when_stops_the_game_at_once_mid_rule():
    g = game("""
var n: int = 0
end when n >= 2
turn {
  n += 1
  n += 1
  log "never logged"
  win current
}""")
    assert g.is_over
    assert "never logged" not in g.transcript()
    assert g.outcome["result"] == "draw"


@pytest.mark.parametrize("reach", [
    "var z: zone = a\nend when size(z) >= 2",
    "var zs: list of zone = [a]\nend when size(first(zs)) >= 2",
    "var z: zone = a\nfn held() = size(z)\nend when held() >= 2",
    "var z[player]: zone = a\nend when size(z[P1]) >= 2",
])
def test_end_when_sees_a_zone_reached_through_a_variable(reach):
    g = game("""
card C { n: int }
zone a: pile of C
zone b: pile of C
""" + reach + """
setup { create C(n: 1) x 3 in b }
turn {
  move top(b) to a
  log "moved"
  move top(b) to a
  log "and again"
  move top(b) to a
  log "one too many"
  win current
}""")
    assert g.is_over
    assert "and again" not in g.transcript()  # ended at the second card, mid-turn
    assert g.outcome["result"] == "draw"


def test_end_when_is_not_checked_during_setup():
    g = game("""
var n: int = 5
end when n >= 2
setup { n = 9  n = 0 }
turn { n = 3 }
""")
    assert g.is_over
    assert "turn 1" in g.transcript()  # setup ended with n = 0, so play began


def test_end_when_true_after_setup_ends_the_game_before_any_move():
    g = game("""
var n: int = 0
end when n >= 2
setup { n = 5 }
turn { choose x in [1] }
""")
    assert g.is_over and g.legal_moves() == []


def test_cooperative_win_and_lose():
    coop = 'game "T"\nplayers 2\ncooperative\nscore = 7\n'
    won = game("turn { win team }", head=coop)
    assert won.outcome == {"scores": {0: 7, 1: 7}, "winners": [0, 1], "result": "win"}
    lost = game('turn { lose team "out of time" }', head=coop)
    assert lost.outcome == {"scores": {0: 7, 1: 7}, "winners": [], "result": "loss",
                            "reason": "out of time"}


def test_competitive_scores_tiebreaks_and_draws():
    text = """
option a: int = 1
option b: int = 1
end when true
turn { }
score p = if p == P1 then a else 2
tiebreak p = if p == P1 then b else 1
report "total" = a + 2
"""
    one = game(text, options={"a": 3})
    assert one.outcome == {"scores": {0: 3, 1: 2}, "winners": [0], "result": "win", "total": 5}
    tie = game(text, options={"a": 2, "b": 5})
    assert tie.outcome["winners"] == [0]  # level scores: the tiebreak decides
    draw = game(text, options={"a": 2, "b": 1})
    assert (draw.outcome["winners"], draw.outcome["result"]) == ([], "draw")


def test_win_names_the_winners_and_end_with_a_reason():
    g = game("turn { win players }")
    assert (g.outcome["winners"], g.outcome["result"]) == ([], "draw")  # everyone wins: a draw
    g = game('turn { end "the deck ran out" }\nscore p = index_of(players, p)')
    assert g.outcome == {"scores": {0: 0, 1: 1}, "winners": [1], "result": "win",
                         "reason": "the deck ran out"}
    assert g.transcript().splitlines()[-1].startswith("== game over: P2 wins (the deck ran out)")


def test_no_more_moves_once_over():
    g = game("turn { win current }")
    with pytest.raises(rulelang.IllegalMove):
        g.play("anything")


# A loop asking each seat, whose if/else both call a rule that asks and then return: the
# compiler wrote a jump after the first branch's return, and failed on its own assertion.
RETURN_IN_BOTH_BRANCHES = """
var n: int = 0
rule drop(p: player) {
  choose k in [1, 2] by p prompt "lose"
  n += k
}
rule ask(p: player) {
  for q in players {
    choose yes in [false, true] by q prompt "go?"
    if yes {
      if n > 0 {
        drop(q)
        return
      } else {
        drop(p)
        return
      }
    }
  }
}
turn {
  ask(current)
  if n > 2 { end }
}
score p = n
"""


def test_a_return_ending_each_branch_of_an_if_in_a_loop_that_asks():
    g = game(RETURN_IN_BOTH_BRANCHES)
    for move in ("yes", "2", "no", "yes", "1"):
        g.play(move)
    assert g.is_over
    assert log(g)[-3:-1] == ["P2 > go?: yes", "P2 > lose: 1"]  # n was 2: P2 drops
