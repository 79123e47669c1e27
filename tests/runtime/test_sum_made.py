"""``sum`` of a comprehension is written ``sum_made(g, [...])`` (helpers.sum_made: the list
just made is not asked what it is); against the builtin it copies (``b_sum``): the same
total, the same work and the same error, on random lists of numbers and none, small and
past the largest number."""
from __future__ import annotations

import random

import pytest

from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.runtime.builtin_functions import IMPLEMENTATIONS
from interpreter.runtime.helpers import sum_made
from interpreter.runtime.values import MAX_NUMBER, Fail
from support import differential


def _outcome(fn, game, items):
    game.work = 0
    try:
        return ("value", fn(game, items), game.work)
    except Fail as error:
        return ("fail", str(error), game.work)


def test_sum_made_gives_the_builtins_total_work_and_error():
    game = differential.rules_of("games/yami.rules").new_game(players=2, seed=0, log=False)
    rng = random.Random(7)
    numbers = [0, 1, -1, 7, 30, -1000, None, MAX_NUMBER, -MAX_NUMBER, MAX_NUMBER // 2 + 1]
    cases = [[], [None], [None, None]] + [[rng.choice(numbers) for _ in range(rng.randrange(12))]
                                          for _ in range(400)]
    fails = 0
    for items in cases:
        expected = _outcome(IMPLEMENTATIONS["sum"], game, list(items))
        assert _outcome(sum_made, game, list(items)) == expected, items
        fails += expected[0] == "fail"
    assert fails  # (some went past the largest number)


def test_the_compiler_writes_it_for_a_sum_of_a_comprehension():
    source = differential.rules_of("games/yami.rules").lean().source()
    assert "sum_made(g, [" in source
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "sums_made", False)
        assert "sum_made(" not in differential.compiled("games/yami.rules").lean().source()
