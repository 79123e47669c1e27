"""``weighed_lists`` (interpreter/runtime/work.py), what the compiler writes for a list made
that the checker types as holding no lists deeper than its items' (melds of cards, pairs of
cells), against ``weighed``: the same work counted, the same refusals."""
from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from interpreter.runtime.values import Fail
from interpreter.runtime.work import weighed, weighed_lists

leaves = st.one_of(st.integers(-5, 9), st.text(max_size=2), st.none(), st.booleans())
shallow_items = st.one_of(leaves, st.lists(leaves, max_size=5), st.tuples(leaves, leaves))


def _outcome(weighing, value, work: int) -> tuple[object, int]:
    g = SimpleNamespace(work=work)
    try:
        return weighing(g, value), g.work
    except Fail as failure:
        return str(failure), g.work


@given(st.lists(shallow_items, max_size=8), st.sampled_from([0, 1000, 4_999_950]),
       st.booleans())
def test_weighed_as_the_general_code(value, work, held_twice):
    if held_twice and value:  # the same list held twice is counted once, as weigh counts it
        value = value + [value[0]]
    assert _outcome(weighed_lists, value, work) == _outcome(weighed, value, work)


def test_too_many_items_inside_are_refused_as_by_the_general_code():
    value = [list(range(600_000)), list(range(500_000))]
    fast, general = _outcome(weighed_lists, value, 0), _outcome(weighed, value, 0)
    assert fast == general
    assert "too large" in str(fast[0])
