"""The language features issue 18 asked for, each on a small ruleset of its own: a zone
everyone sees but its owner (``others``), facts of a card told to one seat
(``tell c.field to p``, ``tell whether c.field == value to p``), choices made at once and in secret
(``choose ... by each p in SEATS``), a cooperative ``end`` that gives a score and no
verdict, and lines on grids (``ray``, ``flanked``, ``flanking``, ``directions``)."""
from __future__ import annotations

import json

import pytest

import rulelang


def game(text, players=2, seed=1, **kw):
    head = f'game "T"\nplayers {players}\n'
    return rulelang.loads(head + text, "t.rules").new_game(players=players, seed=seed, **kw)


def hand_of(view, zone):
    return view["zones"][zone]["cards"]


# ------------------------------------------------------------------ others, and facts told

TOLD = """
enum Colour { red, blue }
card C { colour: Colour  rank: int  name "{colour} {rank}" }
zone deck: pile of C
zone hand[player]: hand of C, others
setup {
  create C(colour: red, rank: 1) in deck
  create C(colour: blue, rank: 2) in deck
  create C(colour: red, rank: 3) in deck
  deal 3 from deck to hand[P1]
}
turn {
  choose what in ["colour", "is red", "is blue", "rank"] by P2 prompt "tell P1"
  for c in hand[P1] {
    if what == "colour" { tell c.colour to P1 }
    if what == "is red" { tell whether c.colour == red to P1 }
    if what == "is blue" { tell whether c.colour == blue to P1 }
    if what == "rank" { tell c.rank to P1 }
  }
  choose again in ["yes"] by P2 prompt "again"
}
"""


def test_an_others_hand_is_hidden_from_its_owner_and_shown_to_everyone_else():
    g = game(TOLD, players=3)
    owner, other, public = g.view(0), g.view(1), g.view("public")
    assert owner["zones"]["hand[P1]"]["visibility"] == "others"
    assert all(c == {"hidden": True, "kind": "C"} for c in hand_of(owner, "hand[P1]"))
    assert sorted(c["name"] for c in hand_of(other, "hand[P1]")) == ["blue 2", "red 1", "red 3"]
    assert sorted(c["name"] for c in hand_of(g.view(2), "hand[P1]")) == ["blue 2", "red 1", "red 3"]
    assert all(c.get("hidden") for c in hand_of(public, "hand[P1]"))  # no seat's knowledge


def told(g, seat=0):
    return [{k: v for k, v in c.items() if k not in ("hidden", "kind")}
            for c in hand_of(g.view(seat), "hand[P1]")]


def test_a_field_told_to_a_seat_shows_in_its_view_without_the_face():
    g = game(TOLD)
    names = [c["name"] for c in hand_of(g.view(1), "hand[P1]")]
    g.play("colour", seat=1)
    colours = [n.split()[0] for n in names]
    assert told(g) == [{"colour": c} for c in colours]  # the colour, not the name or rank
    assert all(c.get("hidden") for c in hand_of(g.view(0), "hand[P1]"))


def test_whether_a_field_is_a_value_tells_yes_or_the_values_it_is_not():
    g = game(TOLD)
    colours = [c["name"].split()[0] for c in hand_of(g.view(1), "hand[P1]")]
    g.play("is blue", seat=1)
    assert told(g) == [{"colour": "blue"} if c == "blue" else {"not": {"colour": ["blue"]}}
                       for c in colours]
    g.play("yes")
    g.play("is red", seat=1)  # a red card is now known; a blue one was known already
    assert told(g) == [{"colour": c} for c in colours]


def test_facts_told_survive_a_save_and_are_not_told_to_others():
    g = game(TOLD, players=3)
    g.play("is red", seat=1)
    again = g.rules.restore(g.save())
    assert told(again) == told(g) and any(told(g))
    for seat in (1, 2):  # the others see the faces, and were told nothing
        assert all("name" in c for c in hand_of(g.view(seat), "hand[P1]"))
    record = json.loads(g.save(seat=2))["view"]["zones"]["hand[P1]"]["cards"]
    assert not any("not" in c for c in record)
    assert [c for c in told(g) if c] == [dict(c) for c in told(again) if c]


def test_only_a_cards_field_can_be_told():
    with pytest.raises(rulelang.RulesError, match="tell whether takes a card's field"):
        game(TOLD.replace("tell whether c.colour == red to P1", "tell whether c.colour < red to P1"))


# ------------------------------------------------------------------ choices made at once

AT_ONCE = """
zone hand[player]: hand of C, public
card C { value: int  name "{value}" }
setup {
  for p in players {
    for v in 1..3 { create C(value: v) in hand[p] }
  }
}
turn {
  choose bids in hand[p] by each p in players prompt "bid"
  for p, c in bids { log "{p} bid {c}" }
  let high = max(c.value for _, c in bids)
  win first([p for p, c in bids if c.value == high])
}
"""


def test_every_seat_chooses_at_once_and_sees_no_other_answer_until_all_are_in():
    g = game(AT_ONCE, players=3)
    assert g.to_move_all == [0, 1, 2]
    assert [str(m) for m in g.legal_moves(1)] == ["1", "2", "3"]
    g.play("3", seat=1)
    assert g.to_move_all == [0, 2] and g.legal_moves(1) == []
    for seat in (0, 2):  # P2's answer is nowhere in the others' views or transcripts
        seen = json.dumps(g.view(seat)) + g.transcript(seat)
        assert "P2 > bid" not in seen and "P2 bid" not in seen
    g.play("1", seat=0)
    g.play("2", seat=2)
    assert g.is_over and g.outcome["winners"] == [1]
    assert [line for line in g.transcript(0).splitlines() if " bid " in line] == [
        "P1 bid 1", "P2 bid 3", "P3 bid 2"]


def test_a_simultaneous_answer_waits_in_a_save_and_stays_secret():
    g = game(AT_ONCE, players=2)
    g.play("2", seat=1)
    again = g.rules.restore(g.save())
    assert again.to_move_all == [0]
    again.play("1", seat=0)
    assert again.outcome["winners"] == [1]


def test_a_seat_cannot_answer_twice_or_for_another():
    g = game(AT_ONCE, players=2)
    g.play("2", seat=1)
    with pytest.raises(rulelang.IllegalMove):
        g.play("3", seat=1)


# ------------------------------------------------------------------ a cooperative score

COOPERATIVE = """
cooperative
var points: int = 0
turn {
  choose n in 1..3 prompt "points"
  points += n
  if points >= 4 { end "enough" }
}
score = points
"""


def test_a_cooperative_end_gives_the_score_and_no_verdict():
    g = game(COOPERATIVE)
    g.play("3")
    g.play("2")
    assert g.outcome["result"] == "score" and g.outcome["winners"] == []
    assert set(g.outcome["scores"].values()) == {5}
    assert "win" not in g.transcript().splitlines()[-1] and "los" not in g.transcript().splitlines()[-1]


# ------------------------------------------------------------------ lines on a grid

LINES = """
card Stone { side: int  name "s{side}" }
zone board: grid 5 x 5 of Stone
zone box: pile of Stone, public, layout "none"
fn stones(side: int) = [s for s in board if s.side == side]
setup {
  create Stone(side: 1) in box
  move top(box) to board at cell("C3")
  for where in ["B2", "C2", "D2", "D3", "D4"] {
    create Stone(side: 2) in box
    move top(box) to board at cell(where)
  }
  create Stone(side: 1) in box
  move top(box) to board at cell("E1")
  create Stone(side: 1) in box
  move top(box) to board at cell("E5")
}
turn {
  log "ray {ray(board, cell(\\"C3\\"), (1, -1))} {ray(board, cell(\\"A1\\"), (1, 1), x => not empty(at(board, x)))}"
  log "flanked {flanked(board, cell(\\"C1\\"), stones(2), stones(1))}"
  log "diagonals {size(flanked(board, cell(\\"C1\\"), stones(2), stones(1), [(1, 1), (-1, 1)]))}"
  log "from cells {flanked(board, cell(\\"C4\\"), [cell(\\"D4\\")], [cell(\\"E4\\")])}"
  log "flanking {flanking(board, empty_cells(board), stones(2), stones(1))}"
  log "{size(directions)} {first(directions)}"
  choose n in [1] prompt "done"
  end "done"
}
"""


def test_rays_and_flanked_lines_on_a_grid():
    g = game(LINES)
    lines = {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in g.transcript().splitlines()
             if line.split(" ", 1)[0] in ("ray", "flanked", "diagonals", "from", "flanking", "8")}
    assert lines["ray"] == "D2, E1 B2"  # to the edge; up to and including the first stone
    # from C1: down through C2, closed by C3; down-right through D2 and down-left through
    # B2, both open (E3 and A3 are empty)
    assert lines["flanked"] == "C2"
    assert lines["diagonals"] == "0"  # looking along the two diagonals only
    assert lines["from"] == "cells D4"  # lists of cells as well as of cards
    # A1 closes B2 with C3 (diagonally), C1 closes C2, E3 closes D3; E2's row B2-D2 is
    # open at A2, D1's column D2-D4 at D5
    assert lines["flanking"] == "A1, C1, E3"
    assert lines["8"] == "(0, -1)"  # the eight directions, from up, clockwise


@pytest.mark.parametrize("call,message", [
    ("flanked(board, cell(\\\"C1\\\"), stones(2), stones(1), [(0, 0)])", "a direction is a step"),
    ("ray(board, cell(\\\"C1\\\"), (1, \\\"a\\\"))", "a ray's direction is a step"),
])
def test_a_bad_direction_is_a_clear_error(call, message):
    text = LINES.replace('log "{size(directions)} {first(directions)}"', f'log "{{{call}}}"')
    with pytest.raises(rulelang.RulesRuntimeError, match=message):
        game(text)


def test_the_terminal_shows_what_a_seat_was_told_of_a_card_it_cannot_see():
    from rulelang.play.terminal.cards import card_text, cards_text
    told = {"hidden": True, "kind": "C", "colour": "red", "not": {"rank": [1, 2]}}
    assert card_text(told).plain == "? (red, not 1/2)"
    plain = {"hidden": True, "kind": "C"}
    assert card_text(plain).plain == "?"
    assert cards_text([told, plain]).plain == "? (red, not 1/2), ?"  # each in its place


def test_the_information_flow_check_takes_a_field_told_for_no_face_shown():
    """After `tell c.colour`, the card's other fields are as secret as before."""
    text = """game "T"
players 2
enum Colour { red, blue }
card C { colour: Colour  rank: int  name "{colour} {rank}" }
zone deck: pile of C
setup { create C(colour: red, rank: 1) in deck }
turn {
  let c = top(deck)
  tell c.colour
  log "the rank is {c.rank}"
  choose x in [1] prompt "x"
  end
}
"""
    warnings = [d.message for d in rulelang.loads(text, name="t.rules").program.warnings]
    assert any("log line shows a value worked out from a hidden card" in w for w in warnings)
