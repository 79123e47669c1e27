"""A game's copy draws what the game draws (interpreter/runtime/draws.py, ``copied``:
the copy's generator is made without seeding, then given the game's state)."""
from __future__ import annotations

import random

from interpreter.runtime.draws import copied as _copy_rng


def test_a_copied_generator_draws_the_same_and_on_its_own():
    rng = random.Random(11)
    rng.random()
    rng.gauss(0, 1)  # a gauss pair half used: its other half is part of the state
    twin = _copy_rng(rng)
    assert type(twin) is random.Random and twin.getstate() == rng.getstate()
    assert [twin.random() for _ in range(5)] + [twin.gauss(0, 1)] == \
        [rng.random() for _ in range(5)] + [rng.gauss(0, 1)]
    twin.random()
    assert twin.getstate() != rng.getstate()
