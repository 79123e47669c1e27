"""Placements of a shape (interpreter/runtime/geometry.py), found with bit masks, against their
definition: every anchor cell in reading order, every orientation, all its cells allowed."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.runtime.geometry import placements
from interpreter.runtime.values import Shape, cell, cell_name
from support import soak


def by_definition(shape, allowed):
    free = {c: c for c in allowed}
    out = []
    for anchor in sorted(free, key=lambda c: (c[1], c[0])):
        for label, offsets in shape.orientations:
            cells = [free.get((anchor[0] + dx, anchor[1] + dy)) for dx, dy in offsets]
            if None not in cells:
                name = cell_name(anchor)
                out.append((tuple(cells), f"{name} {label}" if label else name))
    return out


def connected_shape(seed_cells):
    """A polyomino grown from (0, 0) by the given steps."""
    cells = [(0, 0)]
    for i, (dx, dy) in seed_cells:
        x, y = cells[i % len(cells)]
        step = (x + dx, y + dy)
        if step not in cells:
            cells.append(step)
    return Shape(cells, "test")


steps = st.lists(st.tuples(st.integers(0, 9), st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)])),
                 max_size=5)
coords = st.lists(st.tuples(st.integers(-3, 13), st.integers(-3, 13)), max_size=120)


@pytest.mark.slow
@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(steps, coords)
def test_placements_are_those_the_definition_gives_in_its_order(grow, pairs):
    shape = connected_shape(grow)
    allowed = [cell(x, y) for x, y in pairs]
    found = [(p.cells, p.label) for p in placements(shape, allowed)]
    assert found == by_definition(shape, allowed)


def test_a_shape_running_off_a_row_does_not_come_back_on_the_next():
    bar = Shape([(0, 0), (1, 0), (2, 0)], "bar")
    allowed = [cell(x, y) for y in range(2) for x in range(4)]  # two rows of four
    labels = [p.label for p in placements(bar, allowed)]
    assert labels == ["A1 r0", "B1 r0", "A2 r0", "B2 r0"]  # none wraps from D1 to A2
