"""``flanking`` and ``flanked`` of two lists of a grid's cards picked by one field's value
(``[d for d in board if d.colour == c]``, or a function whose body is that): the compiler
writes ``flanking_fields`` and ``flanked_fields`` for them (compiler/builtin_calls.py,
``field_lines``; runtime/field_lines.py), which make no list. Against what they stand for:
``flanking_empty`` and ``flanked_cards`` of the lists, on random positions (discs stacked,
cards on two cells, both lists the same); and in play, the functions of Reversi and of a
ruleset that picks by a fixed number field, compiled with the shortcut and without: the
same answers and the same work counted, at every position of seeded games."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulelang
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.runtime import builtin_functions as builtins
from interpreter.runtime import field_lines
from interpreter.runtime.values import cell
from support import ROOT, soak
from support.compiled_twice import answers, outcome, positions_alike
from support.grid_positions import game_at, position, rules


def _picked(game, board, colour):
    values = game.cv["colour"]
    return [d for d in game.zc[board.i] if values[d.id] is colour]


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(position, st.integers(0, 8), st.integers(0, 7))
def test_the_lines_of_a_field_s_values_are_the_lines_of_their_lists(p, x, y):
    game, board, _ = game_at(p)
    w, h = p["size"]
    black, white, _ = rules(w, h).enum_values["Colour"]
    steps = () if p["steps"] is None else (list(p["steps"]),)
    start = cell(x % w, y % h)
    for a, b in ((black, white), (white, black), (black, black)):
        lists = (_picked(game, board, a), _picked(game, board, b))
        assert outcome(field_lines.flanking_fields, game, board, "colour", True, True, a, b,
                       0, 0, *steps) == outcome(builtins.flanking_empty, game, board, *lists,
                                                *steps)
        assert outcome(field_lines.flanked_fields, game, board, start, "colour", True, True,
                       a, b, 0, 0, *steps) == \
            outcome(builtins.flanked_cards, game, board, start, *lists, *steps)


def test_a_card_holding_neither_value_takes_its_cell():
    """A red disc beside a white one closed by a black one: the lines of white closed by
    black reach the red disc's cell, which is taken, so no start; as flanking finds it."""
    puts = [(0, 0, False, "one"), (1, 0, True, "one"), (5, 5, False, "box"), (2, 0, False, "one")]
    game, board, discs = game_at({"size": (8, 8), "seed": 1, "put": puts, "odd": [],
                                  "steps": None})
    black, white, red = rules(8, 8).enum_values["Colour"]
    assert game.cv["colour"][discs[3].id] is red  # (the fourth disc put is red)
    lists = (_picked(game, board, white), _picked(game, board, black))
    found = field_lines.flanking_fields(game, board, "colour", True, True, white, black, 0, 0)
    assert found == builtins.flanking_empty(game, board, *lists)
    assert cell(2, 0) not in found


def test_a_list_s_making_is_charged_as_its_comprehension_charges_it():
    game, board, _ = game_at({"size": (8, 8), "seed": 1, "put": [(1, 1, True, "one")] * 3,
                              "odd": [], "steps": None})
    game.work = 5
    assert field_lines.charged(game, board, 3, "v") == "v"
    assert game.work == 5 + 3 * len(game.zc[board.i])


LEVELS = """
game "Levels"
players 2
card Stone { level: int  name "stone {level}" }
zone board: grid 5 x 5 of Stone
zone box: pile of Stone, public
fn at_level(n: int) = [s for s in board if s.level == n]
setup {
  create Stone(level: 1) x 9 in box
  create Stone(level: 2) x 9 in box
  create Stone(level: 3) x 7 in box
  shuffle box
}
turn {
  let mine = top(box).level
  let closing = flanking(board, empty_cells(board), at_level(mine),
                         [s for s in board if s.level == 3 - mine % 3])
  choose c in (if empty(closing) then empty_cells(board) else closing) prompt "put it"
  let closed = flanked(board, c, at_level(top(box).level), at_level(2))
  move top(box) to board at c
  log "{size(closed)} closed"
  if empty(box) { end "the stones are all down" }
}
"""


def _compiled(text_or_path, on):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "field_lines", on)
        rules_ = rulelang.load(ROOT / text_or_path) if text_or_path.endswith(".rules") \
            else rulelang.loads(text_or_path)
        assert ("_fields(g, " in rules_.source()) == on  # flanking_fields or flanked_fields
        return rules_


def _asked(rules_, game, calls):
    """``answers``, each member named in a call's arguments the compilation's own."""
    members = {m.name: m for values in rules_.enum_values.values() for m in values}
    return answers(rules_, game, [(name, tuple(members.get(a, a) if isinstance(a, str) else a
                                               for a in named)) for name, named in calls])


@pytest.mark.parametrize("which", ["examples/reversi.rules", "levels"])
def test_the_rules_functions_give_and_count_what_they_did_without_the_shortcut(which):
    text = which if which.endswith(".rules") else LEVELS
    fast, general = _compiled(text, True), _compiled(text, False)
    # Reversi's values (a colour, the other colour) can neither fail nor count work: the
    # lists are charged in the call; a function's argument that might (``top(box).level``):
    # charged where its list was made; a value in place that might, worked out for each
    # card (``3 - mine % 3``): left to the general code
    assert ("charged(" in fast.source()) == (which == "levels")
    if which == "levels":
        assert "flanking_empty(" in fast.source()
    compared = 0
    for mine, theirs in positions_alike(fast, general, range(4)):
        if which == "levels":
            calls = [("at_level", (n,)) for n in (1, 2, 3)]
        else:
            cells = [v for v in mine.pending.values[:3] if v is not None]
            calls = [("moves", ("black",)), ("moves", ("white",))]
            calls += [("turned", (c, colour)) for c in cells for colour in ("black", "white")]
        assert _asked(fast, mine, calls) == _asked(general, theirs, calls)
        compared += len(calls)
    assert compared > 100
