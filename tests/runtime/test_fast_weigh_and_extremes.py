"""Fast paths written out from general code, against it: ``weigh`` of a list without lists
inside (interpreter/runtime/work.py) against ``_weigh_all``, and ``min``/``max`` of two
values (interpreter/runtime/builtin_functions.py) against the same builtin given a list."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from interpreter.runtime.builtin_functions import IMPLEMENTATIONS
from interpreter.runtime.values import Fail
from interpreter.runtime.work import _weigh_all, weigh

leaves = st.one_of(st.integers(-5, 9), st.text(max_size=2), st.none(), st.booleans())
values = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                      st.tuples(inner, inner)), max_leaves=25)


def _game(work: int = 0) -> SimpleNamespace:
    return SimpleNamespace(work=work)


@given(st.one_of(st.lists(values, max_size=6), st.tuples(values, values)),
       st.sampled_from([0, 1000, 4_999_990]))
def test_weighing_goes_as_the_general_code(value, work):
    fast, general = _game(work), _game(work)
    outcomes = []
    for g, weighing in ((fast, weigh), (general, _weigh_all)):
        try:
            outcomes.append(weighing(g, value))
        except Fail as failure:
            outcomes.append(str(failure))
    assert outcomes[0] == outcomes[1]
    assert fast.work == general.work


def test_a_flat_list_past_the_budget_is_refused():
    with pytest.raises(Fail, match="steps of work"):
        weigh(_game(4_999_990), [1, 2, 3])


@pytest.mark.parametrize("name", ["min", "max"])
@given(st.one_of(st.none(), st.integers(-3, 3)), st.one_of(st.none(), st.integers(-3, 3)))
def test_min_and_max_of_two_go_as_of_a_list(name, a, b):
    pick = IMPLEMENTATIONS[name]
    assert pick(_game(), a, b) == pick(_game(), [a, b])
    assert pick(_game(), a, b) is pick(_game(), [a, b])  # the same one of two equals


def test_min_of_two_lists_and_texts():
    pick = IMPLEMENTATIONS["min"]
    assert pick(_game(), [1, 2], [1, 1]) == [1, 1]
    assert pick(_game(), "b", "a") == "a"


def _shared_and_large() -> list[object]:
    x, big = [1, 2], list(range(600_000))
    itself: list[object] = [1]
    itself.append(itself)
    return [[x, x, (x, 3)], [x, [x]], [big, big], [big], [itself], [[itself]], [[], ()]]


@pytest.mark.parametrize("value", _shared_and_large())
def test_weighing_lists_held_twice_or_too_large_goes_as_the_general_code(value):
    test_weighing_goes_as_the_general_code.hypothesis.inner_test(value, 0)
