"""A grid's size given by an option or a constant (issue 29: a grid's size had to be written
as numbers, so a board's rows and columns could not be options, and the parse error did not
say why)."""
from __future__ import annotations

import pytest

import rulelang

DROP = '''game "Drop"
players 2
option rows: int in 3..9 = 6 "rows of the board"
const columns = rows + 1
card D { side: int  name "d{side}" }
zone box: pile of D
zone board: grid columns x rows of D
setup { for n in 1..20 { create D(side: 1) in box } }
turn {
  choose c in empty_cells(board) prompt "drop"
  move top(box) to board at c
  if size(cards(board)) >= 3 { win current }
}
'''


def board(game):
    shown = game.view(0)["zones"]["board"]
    return shown["width"], shown["height"]


@pytest.mark.parametrize("rows", [3, 6, 9])
def test_each_game_has_the_size_its_options_give(rows):
    game = rulelang.loads(DROP).new_game(players=2, options={"rows": rows})
    assert board(game) == (rows + 1, rows)
    assert len(game.legal_moves()) == (rows + 1) * rows


def test_a_save_restores_to_the_same_size():
    rules = rulelang.loads(DROP)
    game = rules.new_game(players=2, options={"rows": 4})
    game.play(game.legal_moves()[0].notation)
    assert board(rules.restore(game.save())) == (5, 4)


def test_a_size_too_large_for_these_options_is_refused_as_the_game_starts():
    rules = rulelang.loads(DROP.replace("in 3..9", "in 3..200"))
    with pytest.raises(rulelang.RulesError, match="the grid board is 151 x 150: a grid is 1 to 100"):
        rules.new_game(players=2, options={"rows": 150})


@pytest.mark.parametrize("declaration,message", [
    ("var rows: int = 6", "a grid's size is known before setup: 'rows' is not"),
    ("const other = 1", "unknown name 'rows'"),
    ('const rows = "six"', "a grid's size"),
])
def test_a_size_not_known_before_setup_or_not_a_number_is_a_check_error(declaration, message):
    text = DROP.replace('option rows: int in 3..9 = 6 "rows of the board"', declaration) \
               .replace("const columns = rows + 1", "const columns = 4")
    with pytest.raises(rulelang.CheckError, match=message):
        rulelang.loads(text)


def test_arithmetic_in_the_size_is_a_parse_error_that_says_what_to_write():
    text = DROP.replace("grid columns x rows", "grid rows * 2 x rows")
    with pytest.raises(rulelang.ParseError) as error:
        rulelang.loads(text)
    assert "unexpected '*' in a grid's size" in str(error.value)
    assert "work a size out in a constant first" in str(error.value)


def test_a_misplaced_word_after_the_size_keeps_its_own_message():
    text = DROP.replace("grid columns x rows of D", "grid columns x rows of D pubic")
    with pytest.raises(rulelang.ParseError) as error:
        rulelang.loads(text)
    assert "grid's size" not in str(error.value)
