"""Random regions for the tests of neighbours, groups and connected (interpreter/runtime/
geometry.py): lists of cells and plain pairs, and a grid of given edges."""
from __future__ import annotations

from hypothesis import strategies as st

from interpreter.runtime.values import Zone, cell


class Board:
    """What neighbours reads of a grid: its edges."""

    def __init__(self, width, height):
        self.width, self.height = width, height

    in_bounds = Zone.in_bounds


pairs = st.tuples(st.integers(-3, 6), st.integers(-3, 6))
regions = st.lists(st.one_of(pairs, pairs.map(lambda p: cell(*p))), max_size=30)
