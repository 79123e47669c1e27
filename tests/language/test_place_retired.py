"""One spelling per statement: ``place X on GRID at C`` is refused with the ``move`` to write
(issue 29: it was still read as an older spelling of ``move``)."""
from __future__ import annotations

import pytest

import rulelang

RULES = '''game "Board"
players 2
card Stone { n: int }
zone bag: pile of Stone
zone board: grid 3 x 3 of Stone
setup { create Stone(n: 1) in bag }
turn {
  PLACING
  win current
}
'''


def test_place_is_refused_with_the_move_to_write_instead():
    with pytest.raises(rulelang.ParseError) as error:
        rulelang.loads(RULES.replace("PLACING", 'place top(bag) on board at cell(1, 2)'), "b.rules")
    text = str(error.value)
    assert text.startswith("b.rules:8:3: error: 'place' is no longer a statement")
    assert "hint: write: move top(bag) to board at cell(1, 2)" in text


def test_the_move_it_names_is_accepted():
    game = rulelang.loads(RULES.replace("PLACING", "move top(bag) to board at cell(1, 2)")) \
        .new_game(players=2)
    assert game.is_over
