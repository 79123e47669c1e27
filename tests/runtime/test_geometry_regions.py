"""neighbours, groups and connected (interpreter/runtime/geometry.py, which keeps each cell's
four neighbours once made) against the same regions worked out by walking each cell's four
neighbours afresh, on random regions of cells and plain pairs, on and off a bounded grid."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.runtime import geometry
from interpreter.runtime.values import Cell, cell
from support import soak
from support.regions import Board, regions


def _steps(x, y):
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def _neighbours(cells, grid=None):
    region = set(geometry.as_cells(cells))
    out = {n for x, y in region for n in _steps(x, y)
           if n not in region and (grid is None or grid.in_bounds(n))}
    return [cell(x, y) for x, y in sorted(out, key=geometry.READING)]


def _groups(cells):
    todo = {c: c for c in geometry.as_cells(cells)}
    result = []
    for start in sorted(todo, key=geometry.READING):
        if start not in todo:
            continue
        del todo[start]
        group, stack = [start], [start]
        while stack:
            x, y = stack.pop()
            for n in _steps(x, y):
                found = todo.pop(n, None)
                if found is not None:
                    group.append(found)
                    stack.append(found)
        group.sort(key=geometry.READING)
        result.append(group)
    return result


def _connected(cells):
    return len(_groups(cells)) <= 1


@pytest.mark.soak
@settings(max_examples=soak.examples(400), deadline=None)
@given(regions, st.sampled_from([None, (4, 4), (7, 3)]))
def test_regions_are_those_walked_cell_by_cell(cells, size):
    grid = Board(*size) if size is not None else None
    for _ in range(2):  # the neighbours kept from the first time give the same the second
        found = geometry.neighbours(cells, grid)
        assert found == _neighbours(cells, grid)
        assert all(type(c) is Cell for c in found)
        assert geometry.groups(cells) == _groups(cells)
        assert [list(map(type, g)) for g in geometry.groups(cells)] == \
            [list(map(type, g)) for g in _groups(cells)]
        assert geometry.connected(cells) == _connected(cells)
