"""``all(x in t for t in L)``, compiled as ``all_in(g, x, counted(g, L))`` (one loop in the
runtime) when ``x`` is a name and no list: the same answer, the same work counted and the
same point where the work budget stops a ruleset, as the generator of ``in_list`` it stands
for; and what the compiler writes for it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.compiler.expr_shapes import all_in as written_all_in
from interpreter.runtime.advice_memo import all_in_kept, in_kept
from interpreter.runtime.helpers import all_in, in_list
from interpreter.runtime.values import MAX_WORK, Fail, cell
from support import soak


class G:
    def __init__(self, work):
        self.work = work


def _run(f, work):
    g = G(work)
    try:
        return ("value", f(g), g.work)
    except Fail as e:
        return ("failed", str(e), g.work)


items = st.one_of(st.integers(0, 4), st.builds(cell, st.integers(0, 3), st.integers(0, 3)))
colls = st.one_of(st.none(), st.lists(items, max_size=6))
# lists with lists among their items too: kept as they are, not as sets
mixed_colls = st.one_of(colls, st.lists(st.one_of(items, st.lists(items, max_size=2)), max_size=6))


@pytest.mark.soak
@settings(max_examples=soak.examples(500), deadline=None)
@given(items, st.lists(colls, max_size=6), st.integers(MAX_WORK - 40, MAX_WORK))
def test_all_in_is_the_generator_it_stands_for(x, lists, work):
    assert _run(lambda g: all_in(g, x, lists), work) == \
        _run(lambda g: all(in_list(g, x, t) for t in lists), work)


def test_the_compiler_writes_it_only_for_its_own_shape():
    assert written_all_in("[in_list(g, s4, s5) for s5 in counted(g, s3)]") == \
        "all_in(g, s4, counted(g, s3))"
    assert written_all_in("[in_list(g, s4, s5) for s5 in counted(g, s3, 20)]") == \
        "all_in(g, s4, counted(g, s3, 20))"
    for other in ["[in_list(g, s5, s5) for s5 in counted(g, s3)]",     # x is the loop's name
                  "[in_list(g, s4, s6) for s5 in counted(g, s3)]",     # not in the item
                  "[in_list(g, s4, s5) for s5 in s3]",                 # not counted
                  "[in_list(g, s4, s5) for s5 in counted(g, s3) if (s4 > 1)]",
                  "[in_list(g, s4, s5) for s5 in counted(g, s3) for s6 in counted(g, s3)]",
                  "[in_any(g, s4, s5) for s5 in counted(g, s3)]",
                  "[(not in_list(g, s4, s5)) for s5 in counted(g, s3)]"]:
        assert written_all_in(other) is None, other


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(items, st.lists(mixed_colls, max_size=6), st.integers(0, 2),
       st.integers(MAX_WORK - 40, MAX_WORK))
def test_all_in_kept_is_the_generator_it_stands_for(x, lists, repeat, work):
    # the advice copies' form: the same lists asked again (kept as sets the second time)
    memos = {}, {}

    def written(g):
        return [all_in_kept(g, memos[0], x, lists) for _ in range(repeat + 1)]

    def general(g):
        return [all(in_kept(g, memos[1], x, t) for t in lists) for _ in range(repeat + 1)]

    assert _run(written, work) == _run(general, work)
    assert memos[0] == memos[1]


def test_the_compiler_writes_the_advice_copies_form():
    assert written_all_in("[in_kept(g, M, s4, s5) for s5 in counted(g, s3)]") == \
        "all_in_kept(g, M, s4, counted(g, s3))"
    assert written_all_in("[in_kept(g, M, s5, s5) for s5 in counted(g, s3)]") is None
