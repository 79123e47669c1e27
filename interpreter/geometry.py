"""Cells and shapes on a grid: neighbours, groups, placements, matching."""
from __future__ import annotations

from interpreter.values import Cell, Placement, Shape, cell_name, normalize

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def as_cells(value) -> list:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return [Cell(*value)]
    return [c if type(c) is Cell else Cell(*c) for c in value]


def neighbours(cells, grid=None) -> list:
    """Orthogonal neighbours of a region that are not in it, in reading order."""
    region = set(as_cells(cells))
    out = set()
    for x, y in region:
        for dx, dy in STEPS:
            n = Cell(x + dx, y + dy)
            if n not in region and (grid is None or grid.in_bounds(n)):
                out.add(n)
    return sorted(out, key=lambda c: (c[1], c[0]))


def groups(cells) -> list:
    """Orthogonally connected groups, each in reading order, groups by first cell."""
    todo = set(as_cells(cells))
    result = []
    for start in sorted(todo, key=lambda c: (c[1], c[0])):
        if start not in todo:
            continue
        todo.discard(start)
        group, stack = [start], [start]
        while stack:
            x, y = stack.pop()
            for dx, dy in STEPS:
                n = Cell(x + dx, y + dy)
                if n in todo:
                    todo.discard(n)
                    group.append(n)
                    stack.append(n)
        result.append(sorted(group, key=lambda c: (c[1], c[0])))
    return result


def connected(cells) -> bool:
    """One flood fill, no sorting: cells hash like plain pairs, so no Cell is made."""
    todo = set(as_cells(cells))
    if not todo:
        return True
    stack = [todo.pop()]
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in todo:
                todo.discard(n)
                stack.append(n)
    return not todo


def adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def placements(shape: Shape, allowed) -> list:
    """Every placement of the shape, in any orientation, whose cells are all allowed."""
    free = set(as_cells(allowed))  # cells hash like plain pairs: test with pairs, cheaply
    anchors = sorted(free, key=lambda c: (c[1], c[0]))
    orientations = [(label, offsets[1:]) for label, offsets in shape.orientations]
    out = []
    for anchor in anchors:  # every orientation's first cell is its anchor, (0, 0)
        ax, ay = anchor
        name = None
        for label, rest in orientations:
            for dx, dy in rest:
                if (ax + dx, ay + dy) not in free:
                    break
            else:
                name = name or cell_name(anchor)
                cells = (anchor,) + tuple(Cell(ax + dx, ay + dy) for dx, dy in rest)
                out.append(Placement(cells, f"{name} {label}" if label else name))
    return out


def matches(cells, shape: Shape) -> bool:
    """True if the cells are the shape, moved and turned (mirror images do not count)."""
    cells = as_cells(cells)
    return len(cells) == len(shape.cells) and normalize(cells) in shape.rotations
