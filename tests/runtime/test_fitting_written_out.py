"""``geometry.fitting`` makes its placements without ``Placement.__init__`` (written out):
each is the placement the constructor makes from the same cells and label, and the list is
the one the definition in tests/runtime/test_geometry.py gives, in its order."""
from __future__ import annotations

import pytest

from interpreter.runtime.geometry import fitting
from interpreter.runtime.values import Placement, Shape, cell
from tests.runtime.test_geometry import by_definition

SHAPES = [Shape([(0, 0)], "dot"), Shape([(0, 0), (1, 0), (2, 0)], "bar"),
          Shape([(0, 0), (1, 0), (2, 0), (1, 1)], "tee"), Shape([(0, 0), (1, 0), (1, 1), (2, 1)], "skew"),
          Shape([(0, 0), (0, 1), (0, 2), (1, 2)], "ell")]
BOARDS = [[cell(x, y) for y in range(6) for x in range(7) if (x * 7 + y * 3) % 5],
          [cell(x, y) for y in range(-2, 4) for x in range(3, -3, -1)], []]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.text)
@pytest.mark.parametrize("board", range(len(BOARDS)))
def test_fitting_makes_the_placements_the_constructor_makes(shape, board):
    allowed = BOARDS[board]
    found = fitting(shape, allowed)
    assert [(p.cells, p.label) for p in found] == by_definition(shape, allowed)
    for p in found:
        made = Placement(p.cells, p.label)
        assert type(p) is Placement and p == made and hash(p) == hash(made) and repr(p) == repr(made)
        assert type(p.cells) is tuple and type(p.label) is str
