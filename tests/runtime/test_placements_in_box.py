"""``geometry.placements`` on a board it has not met: where the board fills at least half of
the box around its cells, its placements are found among the box's (``_in_box``), made once
per shape and box. They must be the placements the definition gives (every orientation at
every anchor whose cells are all on the board), in its order, whichever way they were found;
a board filling up (a tile placed, then another) is answered from the same box; and the
placements kept for boxes stay within the same bound as the others."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.runtime import geometry
from interpreter.runtime.geometry import forget_placements, placements
from interpreter.runtime.values import Shape, cell
from tests.runtime.test_geometry import by_definition, connected_shape, steps

TEE = Shape([(0, 0), (1, 0), (2, 0), (1, 1)], "tee")


@pytest.fixture(autouse=True)
def no_placements_kept():
    forget_placements()
    yield
    forget_placements()


def box(left, top, right, bottom, holes=()):
    return [cell(x, y) for y in range(top, bottom + 1) for x in range(left, right + 1)
            if (x, y) not in holes]


def named(found):
    return [(p.cells, p.label) for p in found]


@settings(max_examples=60, deadline=None)
@given(shape_steps=steps, corner=st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
       size=st.tuples(st.integers(1, 9), st.integers(1, 9)),
       holes=st.lists(st.tuples(st.integers(-3, 12), st.integers(-3, 12)), max_size=40))
def test_a_board_filling_its_box_gets_the_placements_the_definition_gives(shape_steps, corner,
                                                                         size, holes):
    shape = connected_shape(shape_steps)
    left, top = corner
    board = box(left, top, left + size[0] - 1, top + size[1] - 1, set(holes))
    assert named(placements(shape, board)) == by_definition(shape, board)
    # the board filling up: each smaller board answered again, from the box kept or made anew
    while len(board) > 1:
        board = board[::2] + board[3::4]
        assert named(placements(shape, board)) == by_definition(shape, board)


def test_a_board_filling_up_is_answered_from_one_box():
    board = box(0, 0, 11, 11)
    assert named(placements(TEE, board)) == by_definition(TEE, board)
    assert list(geometry.IN_BOX) == [(TEE.cells, 0, 0, 11, 11)]
    for covered in ((0, 0), (5, 5), (6, 5), (7, 5), (6, 6), (11, 3)):  # tiles placed, one by one
        board = [c for c in board if c != covered]
        assert named(placements(TEE, board)) == by_definition(TEE, board)
    assert list(geometry.IN_BOX) == [(TEE.cells, 0, 0, 11, 11)]  # no other box was made


def test_a_board_naming_a_cell_twice_or_as_a_plain_pair_gets_the_same_placements():
    board = box(0, 0, 5, 5, {(2, 2)})
    assert named(placements(TEE, board)) == by_definition(TEE, board)
    again = board + board[:4] + [(x, y) for x, y in board[-3:]]  # (pairs, not cells)
    assert named(placements(TEE, again)) == by_definition(TEE, board)


def test_a_sparse_board_is_fitted_as_it_is_not_through_its_box():
    board = [cell(0, 0), cell(1, 0), cell(2, 0), cell(1, 1), cell(9, 9)]  # 5 of a 10 x 10 box
    assert named(placements(TEE, board)) == by_definition(TEE, board)
    assert not geometry.IN_BOX


def test_placements_kept_for_boxes_stay_within_the_bound(monkeypatch):
    monkeypatch.setattr(geometry, "MAX_PLACEMENTS_KEPT", 100)
    for width in range(3, 12):
        board = box(0, 0, width, width)
        assert named(placements(TEE, board)) == by_definition(TEE, board)
        kept = sum(len(found) for found in geometry.IN_BOX.values())
        assert kept == geometry._in_box_kept[0] <= 100
    assert geometry._placements_kept[0] <= 100


def test_a_box_larger_than_the_bound_is_fitted_board_by_board(monkeypatch):
    monkeypatch.setattr(geometry, "MAX_BOX", 48)
    board = box(0, 0, 6, 6)  # 49 cells
    assert named(placements(TEE, board)) == by_definition(TEE, board)
    assert not geometry.IN_BOX
    smaller = box(0, 0, 6, 5)  # 42
    assert named(placements(TEE, smaller)) == by_definition(TEE, smaller)
    assert list(geometry.IN_BOX) == [(TEE.cells, 0, 0, 6, 5)]
