"""A chance node finds the outcomes of each name once while the same cards are left to
place (rulelang/adapters/chance_nodes.py, ``_outcomes_named``): the same outcomes, in the
same order, as picking them from ``outcomes()`` at every step of a shuffle."""
from __future__ import annotations

import random

import pytest

from rulelang.adapters.chance_nodes import ChanceNode


@pytest.mark.parametrize("seed", range(40))
def test_the_outcomes_of_a_name_are_those_outcomes_gives(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 30)
    ids = rng.sample(range(100), n)
    faces = [rng.choice("abcdef") for _ in ids]
    names = {i: rng.choice(["x", "y", "z", None]) for i in ids}  # alike faces may differ in name
    node = ChanceNode("shuffle deck", True, ids, faces, names)
    while True:
        for name in [*set(names.values()), "unknown"]:
            assert node._outcomes_named(name) == \
                [i for i, _ in node.outcomes() if node.names.get(i) == name]
        copy = node.copy()
        if node.choose(rng.choice(node.ids)) is not None:
            break
        assert copy.ids != node.ids and copy._outcomes_named("x") == \
            [i for i, _ in copy.outcomes() if copy.names.get(i) == "x"]


def _outcomes_grouped_anew(node: ChanceNode) -> list[tuple[int, float]]:
    """Every card grouped by its face at this step, as ``outcomes`` grouped them before
    its groups were kept from step to step: the lowest number of each face, its share."""
    groups: dict = {}
    for i, face in zip(node.ids, node.faces):
        best = groups.get(face)
        groups[face] = (i if best is None else min(best[0], i), 1 + (best[1] if best else 0))
    return sorted((name, count / len(node.ids)) for name, count in groups.values())


@pytest.mark.parametrize("seed", range(40))
def test_the_outcomes_kept_from_step_to_step_are_those_grouped_anew(seed):
    rng = random.Random(seed)
    ids = rng.sample(range(100), rng.randint(2, 30))
    faces = [rng.choice("abcdef") for _ in ids]
    node = ChanceNode("shuffle deck", True, ids, faces, dict.fromkeys(ids, "x"))
    while True:
        assert node.outcomes() == _outcomes_grouped_anew(node)
        copy = node.copy()
        chosen = rng.choice(node.ids)
        if node.choose(chosen) is not None:
            break
        assert node.outcomes() == _outcomes_grouped_anew(node)
        # the copy made before the step is left as it was, its outcomes its own
        assert len(copy.ids) == len(node.ids) + 1
        assert copy.outcomes() == _outcomes_grouped_anew(copy)
