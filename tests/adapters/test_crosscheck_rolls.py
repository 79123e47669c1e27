"""The cross-check's quick dice (tests/support/pairings.py ``randints``, Pig's thousand rolls
a game) are the rolls ``random.randint`` makes, and leave the generator where it does."""
from __future__ import annotations

import random

import pytest

from support.pairings import randints


@pytest.mark.parametrize("sides", [1, 2, 3, 4, 6, 7, 8, 20, 100])
def test_quick_rolls_are_randint_s(sides):
    for seed in range(30):
        quick, slow = random.Random(seed), random.Random(seed)
        assert randints(quick, sides, 200) == [slow.randint(1, sides) for _ in range(200)]
        assert quick.random() == slow.random()  # the same draws taken
