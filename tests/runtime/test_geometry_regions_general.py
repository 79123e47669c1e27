"""neighbours, groups and connected take a list of cells as it is, a layer of neighbours at a
time (interpreter/runtime/geometry.py): the same answers as their general forms
(``*_of_cells``, the list made into Cells first) on random regions of cells and plain pairs,
on and off a bounded grid, and the same exception when an item is no cell; and the builtin
``adjacent``, written out, against ``geometry.adjacent``."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.runtime import geometry
from interpreter.runtime.builtin_functions import IMPLEMENTATIONS
from interpreter.runtime.values import Cell, cell
from support import soak
from support.regions import Board, pairs, regions

# items that are no cells: an int, none, a text, three numbers, a pair of texts
odd = st.sampled_from([7, None, "ab", (1, 2, 3), ("a", "b"), (1,)])


def _outcome(f, *args):
    try:
        return ("value", f(*args))
    except Exception as e:
        return ("raised", type(e))


@pytest.mark.soak
@settings(max_examples=soak.examples(400), deadline=None)
@given(regions, st.sampled_from([None, (4, 4), (7, 3)]))
def test_written_out_regions_are_the_general_forms(cells, size):
    grid = Board(*size) if size is not None else None
    found = geometry.neighbours(cells, grid)
    assert found == geometry.neighbours_of_cells(cells, grid)
    assert all(type(c) is Cell for c in found)
    made = geometry.groups(cells)
    assert made == geometry.groups_of_cells(cells)
    assert [list(map(type, g)) for g in made] == [[Cell] * len(g) for g in made]
    assert geometry.connected(cells) == geometry.connected_of_cells(cells)


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(regions, st.lists(odd, min_size=1, max_size=3), st.randoms(use_true_random=False))
def test_an_item_that_is_no_cell_raises_as_in_the_general_forms(cells, bad, rnd):
    mixed = cells + bad
    rnd.shuffle(mixed)
    assert _outcome(geometry.neighbours, mixed) == _outcome(geometry.neighbours_of_cells, mixed)
    assert _outcome(geometry.groups, mixed) == _outcome(geometry.groups_of_cells, mixed)
    assert _outcome(geometry.connected, mixed) == \
        _outcome(geometry.connected_of_cells, mixed)


def test_a_single_cell_and_other_values_go_the_general_way():
    for value in [(2, 3), cell(2, 3), ((1, 1), (1, 2)), [], ()]:
        assert geometry.neighbours(value) == geometry.neighbours_of_cells(value)
        assert geometry.groups(value) == geometry.groups_of_cells(value)
        assert geometry.connected(value) == geometry.connected_of_cells(value)


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(st.one_of(pairs, pairs.map(lambda p: cell(*p)), st.none()),
       st.one_of(pairs, pairs.map(lambda p: cell(*p)), st.none()))
def test_the_builtin_adjacent_is_geometry_adjacent(a, b):
    assert _outcome(IMPLEMENTATIONS["adjacent"], None, a, b) == \
        _outcome(geometry.adjacent, a, b)
