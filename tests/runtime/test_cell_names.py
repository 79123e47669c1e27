"""Every cell of a grid has a name a player can type back: A1 at the top left as before,
AA past Z, -A left of A and -1 above row 1 on a grid with no edges (they were named by
coordinates from 0, "(0,-1)", beside row numbers from 1)."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.runtime.values import Fail, cell_name, parse_cell


@pytest.mark.parametrize("xy,name", [
    ((0, 0), "A1"), ((4, 4), "E5"), ((25, 9), "Z10"),          # as they always were
    ((26, 0), "AA1"), ((51, 2), "AZ3"), ((702, 0), "AAA1"),     # past Z, as a spreadsheet
    ((-1, 0), "-A1"), ((-26, 3), "-Z4"), ((-27, 0), "-AA1"),    # left of A
    ((0, -1), "A-1"), ((2, -12), "C-12"), ((-1, -1), "-A-1"),   # above row 1
])
def test_a_cell_is_named_and_read_back(xy, name):
    assert cell_name(xy) == name
    assert parse_cell(name) == xy and parse_cell(name.lower()) == xy


def test_every_cell_near_the_start_has_a_name_of_its_own():
    cells = [(x, y) for x in range(-60, 60) for y in range(-30, 30)]
    names = [cell_name(c) for c in cells]
    assert len(set(names)) == len(cells)
    assert [tuple(parse_cell(n)) for n in names] == cells


def test_the_old_coordinates_are_still_read_and_row_zero_is_refused():
    assert parse_cell("(-1,3)") == (-1, 3)  # as older saves and screens wrote it
    with pytest.raises(Fail, match="the row above row 1 is -1"):
        parse_cell("A0")


RULES = '''
game "Spread"
players 2
card Stone { name "stone"  symbol "o" }
zone box: pile of Stone
zone table: grid of Stone
setup {
  create Stone() x 4 in box
  move top(box) to table at cell(0, 0)
}
turn {
  choose c in neighbours(occupied(table)) prompt "put a stone at"
  move top(box) to table at c
  log "{current} puts a stone at {c}"
}
end when empty(box)
'''


def test_cells_left_of_a_and_above_row_1_are_moves_typed_back_as_shown():
    game = rulelang.loads(RULES).new_game(seed=1)
    moves = [str(m) for m in game.legal_moves()]
    assert sorted(moves) == sorted(["A-1", "B1", "A2", "-A1"])
    game.play("-a1")  # typed in lower case, as a player may
    assert "P1 puts a stone at -A1" in game.transcript()
    assert "-A-1" in [str(m) for m in game.legal_moves()]
    game.play("-A-1")
    cells = {c["cells"][0] for c in game.view(None)["zones"]["table"]["cards"]}
    assert {"-A1", "-A-1"} <= cells


def test_a_move_written_with_the_old_coordinates_is_still_played():
    """A moves file or an old save replayed move by move wrote a cell outside A..Z as
    '(x,y)': it plays the cell now named otherwise; a cell not offered is still refused."""
    game = rulelang.loads(RULES).new_game(seed=1)
    game.play("(-1,0)")
    assert "P1 puts a stone at -A1" in game.transcript()
    game.play("( 0 , -1 )")
    assert "P2 puts a stone at A-1" in game.transcript()
    with pytest.raises(rulelang.IllegalMove):
        game.play("(5,5)")
