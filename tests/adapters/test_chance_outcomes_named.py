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
