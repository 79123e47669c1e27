"""Where a card goes on its zone: ``create ... in GRID at PLACE`` makes a card on a grid's cell
(as ``move ... to GRID at PLACE`` puts one there), ``at bottom`` of a pile too; and a zone
named in the statement is checked for a place before the game runs: a grid needs one, a pile,
row or hand has no cells. (An author writing Battleship found `create` could not say where,
and the runtime's advice, "needs a place: at CELL", could not be followed.)"""
from __future__ import annotations

import pytest

import rulelang

HEAD = '''game "Pegs"
players 2
card Peg { hit: bool  name if hit then "hit" else "miss" }
zone board: grid 3x3 of Peg, public
zone box: pile of Peg
zone line: row of Peg, public
var entered: int = 0
on enter board { entered += 1 }
'''

# scores read the board, so both paths (the lean one keeps no log) show where the cards went
MADE = HEAD + '''turn {
  create Peg(hit: true) in board at cell(1, 2) as peg
  create Peg(hit: false) x 2 in board at cell(entered, 0) as two
  create Peg(hit: false) x 2 in box
  create Peg(hit: true) in box at bottom
  log "{peg} at {cells(peg)}; {two} at {cells(first(two))}; {top(box)} on top; {entered} entered"
  end
}
score p = if p == P1 then size(at(board, cell(1, 2))) * 100 + size(at(board, cell(1, 0))) * 10
  + size(at(board, cell(2, 0))) else entered * 10 + (if bottom(box).hit then 1 else 0)
'''


@pytest.mark.parametrize("lean", [False, True], ids=["full", "lean"])
def test_create_puts_the_new_cards_where_at_says(lean):
    rules = rulelang.loads(MADE, name="pegs.rules")
    game = (rules.lean() if lean else rules).new_game(players=2, seed=1)
    assert game.is_over
    # P1: one card on B3, both of `x 2` on B1 (the place worked out once, before the first
    # card's trigger counted it, not B1 then C1); P2: three cards entered the board, each
    # firing its trigger once, and the card made `at bottom` lies under the two
    assert list(game.outcome_record.scores.values()) == [120, 31]


def test_create_at_a_place_is_logged_as_made_there():
    game = rulelang.loads(MADE, name="pegs.rules").new_game(players=2, seed=1)
    assert "hit at B3; miss, miss at B1; miss on top; 3 entered" in game.transcript()


@pytest.mark.parametrize("statement, line, caret, hint", [
    ("create Peg(hit: true) in board", "board is a grid: a card put on it needs a place",
     "^" * 30, "say where: create Peg(...) in board at cell(0, 0)"),
    ("move top(box) to board", "board is a grid: a card put on it needs a place",
     "^" * 22, "say where: move top(box) to board at cell(0, 0)"),
    ("create Peg(hit: true) in box at cell(0, 0)", "box is a pile, not a grid: it has no cells",
     " " * 32 + "^" * 10, "leave 'at' out (or write 'at bottom'"),
    ("move top(box) to line at [cell(0, 0)]", "line is a row, not a grid: it has no cells",
     " " * 25 + "^" * 12, "leave 'at' out"),
])
def test_a_named_zone_is_checked_for_a_place(statement, line, caret, hint):
    with pytest.raises(rulelang.CheckError) as error:
        rulelang.loads(HEAD + "turn {\n  " + statement + "\n  end\n}\nscore p = 0\n",
                       name="pegs.rules")
    text = str(error.value)
    column = 3 + len(caret) - len(caret.lstrip())  # the statement's, or its place's
    assert text.startswith(f"pegs.rules:10:{column}: error: {line}")
    assert f"\n      {caret}\n" in text
    assert f"hint: {hint}" in text


def test_a_place_on_a_grid_worked_out_from_a_secret_is_a_warning():
    program = rulelang.loads(HEAD + "setup { create Peg(hit: true) in box }\n"
                             "turn {\n  create Peg(hit: true) in board at "
                             "(if top(box).hit then cell(0, 0) else cell(1, 0))\n  end\n}\n"
                             "score p = 0\n", name="pegs.rules").program
    assert [w.message for w in program.warnings] == [
        "whether a card is made (and how) depends on a value worked out from a hidden card's face"]


def test_cards_made_from_a_table_onto_a_grid_are_refused_with_the_way_to_place_them():
    with pytest.raises(rulelang.CheckError) as error:
        rulelang.loads(HEAD + "table rows {\n  | hit |\n  |-----|\n  | true |\n}\n"
                       "turn {\n  create Peg from rows in board\n  end\n}\nscore p = 0\n",
                       name="pegs.rules")
    assert str(error.value).startswith(
        "pegs.rules:15:27: error: board is a grid: a card put on it needs a place")
    assert "hint: make the cards in a pile, then move each to its cell" in str(error.value)
