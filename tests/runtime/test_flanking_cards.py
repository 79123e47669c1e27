"""``flanking`` from a grid's empty cells (``builtin_functions.flanking_empty``, which the
compiler writes for ``flanking(Z, empty_cells(Z), ...)``) and ``flanked`` of cards (the
grid's map asked only for the cells the lines reach, ``geometry.flanked_on``), against the
general code they stand for: ``flanking`` of the list of empty cells, and ``flanked_in``
of the sets of cells (``_cell_set``). Random positions on grids of several sizes: discs
stacked on a cell, cards on two cells, cards off the grid (in a pile or on another grid),
and lists holding cells, none, numbers; the same answer, or the same failure."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.runtime import builtin_functions as builtins
from interpreter.runtime import geometry
from interpreter.runtime.values import cell
from support import soak
from support.compiled_twice import outcome
from support.grid_positions import game_at, position


def _lists(game, p, discs):
    colour = game.cv["colour"]
    first = [d for d in discs if colour[d.id] is colour[discs[0].id]]
    second = [d for d in discs if colour[d.id] is not colour[discs[0].id]]
    odd = {None: None, 7: 7, "cell": cell(1, 0), "off": cell(-1, 2)}
    return first + [odd[k] for k in p["odd"]], second


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(position)
def test_flanking_from_the_empty_cells_is_flanking_of_their_list(p):
    game, board, discs = game_at(p)
    through, ends = _lists(game, p, discs)
    for a, b in ((through, ends), (ends, through), (through, through)):
        args = (a, b) if p["steps"] is None else (a, b, list(p["steps"]))
        expected = outcome(builtins._flanking, game, board,
                            builtins._empty_cells(game, board), *args)
        assert outcome(builtins.flanking_empty, game, board, *args) == expected


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(position, st.integers(0, 8), st.integers(0, 7))
def test_flanked_of_cards_is_flanked_of_their_cells(p, x, y):
    game, board, discs = game_at(p)
    through, ends = _lists(game, p, discs)
    w, h = p["size"]
    start = cell(x % w, y % h)
    steps = geometry.DIRECTIONS if p["steps"] is None else p["steps"]
    lines = geometry.lines_of(w, h, steps, start)
    for a, b in ((through, ends), (ends, through), (through, through)):
        args = (a, b) if p["steps"] is None else (a, b, list(p["steps"]))
        general = outcome(lambda t, e: geometry.flanked_in(
            lines, builtins._cell_set(game, board, t), builtins._cell_set(game, board, e)), a, b)
        assert outcome(builtins._flanked, game, board, start, *args) == general


@pytest.mark.soak
@settings(max_examples=soak.examples(200), deadline=None)
@given(position, st.integers(0, 8), st.integers(0, 7))
def test_flanked_of_cards_the_compiler_knows_is_flanked(p, x, y):
    """``flanked_cards``: the compiler calls it with two lists made of a zone's cards."""
    game, board, discs = game_at(p)
    colour = game.cv["colour"]
    first = [d for d in game.zc[board.i] if colour[d.id] is colour[discs[0].id]]
    second = [d for d in discs if colour[d.id] is not colour[discs[0].id]]  # off the grid too
    w, h = p["size"]
    start = cell(x % w, y % h)
    for a, b in ((first, second), (second, first), (first, first)):
        args = (a, b) if p["steps"] is None else (a, b, list(p["steps"]))
        assert outcome(builtins.flanked_cards, game, board, start, *args) == \
            outcome(builtins._flanked, game, board, start, *args)
