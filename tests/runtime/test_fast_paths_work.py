"""The work budget's written-out weighing (interpreter/runtime/work.py) against the general
code it copies: ``weighed_tuples``, for a list a comprehension has just made of new tuples
of plain items, must charge the same work and refuse the same lists as ``weighed_lists``.
(The compiler writes it: ``shortcuts.fresh_tuples``, switched off in
test_fast_paths_compiled.py.)"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.runtime import work
from interpreter.runtime.values import Fail
from support import soak


class Budget:
    """What the weighing reads of a game: its work so far."""

    def __init__(self, done: int) -> None:
        self.work = done


def _weighed(weigh, items, size, done, *args):
    g = Budget(done)
    try:
        weigh(g, items, *args)
    except Fail as error:
        return ("fail", str(error), g.work)
    return ("ok", g.work)


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(st.integers(0, 40), st.integers(1, 4), st.integers(0, 300), st.integers(1, 200),
       st.integers(1, 400))
def test_new_tuples_weigh_what_the_general_weighing_says(n, size, done, max_items, max_work):
    items = [tuple([i] * size) for i in range(n)]  # each a new tuple, as a comprehension makes
    with pytest.MonkeyPatch.context() as patch:  # small limits: both sides of each reached
        patch.setattr(work, "MAX_ITEMS", max_items)
        patch.setattr(work, "MAX_WORK", max_work)
        general = _weighed(work.weighed_lists, items, size, done)
        assert _weighed(work.weighed_tuples, items, size, done, size) == general


def test_the_list_weighed_is_the_list_given():
    items = [(1, 2), (3, 4)]
    assert work.weighed_tuples(Budget(0), items, 2) is items
