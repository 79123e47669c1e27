"""`placement(shape, cell, turn?, flipped?)` names a placement (issue 29: rules found one by
comparing its printed notation, `text(p) == row.at + " r0"`): it equals the placement
`placements` lists under the same label, and lays a card as that one does."""
from __future__ import annotations

import pytest

import rulelang

RULES = '''game "Tiles"
players 1
card T { n: int }
zone box: pile of T
zone board: grid 5 x 5 of T
setup {
  create T(n: 1) in box as t
  let s = shape("#./##")
  LINES
}
turn { win current }
'''


def logged(lines: str) -> list[str]:
    game = rulelang.loads(RULES.replace("LINES", lines)).new_game(players=1)
    return game.transcript().splitlines()[1:-2]


@pytest.mark.parametrize("turn,flipped", [(0, "false"), (90, "false"), (180, "true"),
                                          (270, "true")])
def test_it_is_the_placement_placements_lists_under_its_label(turn, flipped):
    named = f'placement(s, cell("B2"), {turn}, {flipped})'
    lines = logged(f'let p = {named}\n  log "{{p}}"\n'
                   f'  log "{{[q for q in placements(s, cells(board)) if text(q) == text(p)] == [p]}}"')
    assert lines[0].startswith("B2 r")
    assert lines[1] == "yes"


def test_turned_and_flipped_it_covers_the_cells_a_rulebook_draws():
    assert logged('log "{cells(placement(s, cell(\\"B2\\"), 90))}"') == ["B2, C2, B3"]
    assert logged('log "{placement(shape(\\"##\\"), cell(\\"A1\\"), 180)}"') == ["A1 r0"]


def test_a_card_moved_to_it_lies_on_its_cells():
    assert logged('move t to board at placement(s, cell("B2"))\n  log "{cells(t)}"') == \
        ["B2, B3, C3"]


def test_a_turn_that_is_not_a_quarter_is_refused_with_the_turns_there_are():
    with pytest.raises(rulelang.RulesError, match="turned 0, 90, 180 or 270 degrees, not 45"):
        logged('log "{placement(s, cell(\\"B2\\"), 45)}"')
