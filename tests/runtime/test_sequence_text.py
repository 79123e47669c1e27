"""A list's or tuple's text, each list inside it written once however often it is held
(interpreter/runtime/protocol.py, ``_sequence_text``), is the text written out item by item."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import Seat


def written_out(v: object) -> str:
    if type(v) is list:
        return "[" + ", ".join(written_out(x) for x in v) + "]"
    if type(v) is tuple:
        return "(" + ", ".join(written_out(x) for x in v) + ")"
    return text_of(v)


leaves = st.one_of(st.integers(-5, 99), st.text(max_size=3), st.none(), st.booleans(),
                   st.sampled_from([Seat(0, "P1"), Seat(1, "P2")]))
values = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.tuples(inner, inner)), max_leaves=20)


@given(values, st.integers(0, 4))
def test_a_list_s_text_is_its_items_written_out(value, doublings):
    shared = [value]
    for _ in range(doublings):  # the same list held twice, as ``x = [x, x]`` makes it
        shared = [shared, (shared, 1), shared]
    assert text_of(shared) == written_out(shared)
    assert text_of(value) == written_out(value)


def test_the_same_list_held_twice_is_written_twice():
    inner = [1, "a"]
    assert text_of([inner, (inner,), inner, []]) == "[[1, a], ([1, a]), [1, a], []]"
