"""The work budget counts sizes as well as items: characters of texts made, options offered,
cards taken from inside huge zones, placements over vast lists of cells. Each hostile case
of the reliability probe stops with an error naming the rule (a few seconds, tens of MB),
never minutes or gigabytes. Nothing is timed here: the error is what is asserted."""
from __future__ import annotations

import pytest

import rulelang

HEAD = 'game "W"\nplayers 2\ncard C { v: int  name "c{v}" }\n'


def stops(text):
    rules = rulelang.loads(HEAD + text, "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match="steps of work") as caught:
        game = rules.new_game(seed=1)
        while not game.is_over:  # a decision offered: take it (the budget starts again)
            game.play(game.legal_moves()[0])
    message = str(caught.value)
    assert "t.rules:" in message and "in turn" in message  # names the rule
    return message


@pytest.mark.parametrize("text", [
    # a comprehension of 600 KB texts: 6 GB if each were made
    'var t: text = "{1..100000}"\nturn {\n  let l = [t + "x" for i in 1..10000]\n  win current\n}\n',
    'var t: text = "{1..100000}"\nturn {\n  let l = ["{t}x" for i in 1..10000]\n  win current\n}\n',
])
def test_texts_made_count_their_characters(text):
    assert "characters of texts made" in stops(text)


def test_a_choice_from_a_hidden_pile_of_sixty_thousand_cards_is_priced():
    stops('zone pile: pile of C\nsetup { for n in 1..60000 { create C(v: n) in pile } }\n'
          'turn {\n  choose c in cards(pile) prompt "pick"\n  win current\n}\n')


def test_a_choice_from_a_public_row_of_a_hundred_thousand_cards_is_priced():
    stops('zone row: row of C, public\nsetup { for n in 1..100000 { create C(v: n) in row } }\n'
          'turn {\n  choose c in cards(row) prompt "pick"\n  win current\n}\n')


def test_moving_cards_one_at_a_time_from_under_a_huge_pile_is_priced():
    stops('zone a: pile of C\nzone b: pile of C\n'
          'setup { for n in 1..99999 { create C(v: n) in a } }\n'
          'turn {\n  for c in cards(a) { move c to b }\n  win current\n}\n')


def test_moving_the_top_card_of_a_huge_pile_stays_cheap():
    rules = rulelang.loads(HEAD + 'zone a: pile of C\nzone b: pile of C\n'
                           'setup { for n in 1..99999 { create C(v: n) in a } }\n'
                           'turn {\n  repeat 99999 times { move top(a) to b }\n  win current\n}\n',
                           "t.rules")
    assert rules.new_game(seed=1).is_over


@pytest.mark.parametrize("shape, then", [
    ("#", '  choose x in p prompt "where"\n'),  # 90,000 placements offered
    ("##", ""),  # the masks of 90,000 cells are wide: priced by their width
])
def test_placements_over_ninety_thousand_cells_are_priced(shape, then):
    stops('zone board: grid of C\nturn {\n  let p = placements(shape("' + shape + '"), '
          '[cell(x, y) for x in 1..300 for y in 1..300])\n' + then + '  win current\n}\n')
