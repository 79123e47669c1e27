"""A list's or tuple's text, each list inside it written once however often it is held
(interpreter/runtime/protocol.py, ``_sequence_text``), is the text written out item by item."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import rulelang
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


SEAT_LISTS = """
game "Seat lists"
players 2
var who: list of seat = none
turn {
  choose k in [1, 2] prompt "go"
  log "{who} | {text(who)} | [{join(who, " and ")}]"
  who = [current, P2]
  log "{who} | {text(who)} | {join(who, " and ")}"
  if k == 2 { win current }
}
"""


def test_a_list_of_seats_prints_by_their_names_and_none_as_none():
    """A list of seats in a text, by ``text`` and by ``join`` (written out by the compiler,
    expr.py): none is "none" (``join``: nothing, as for any list that is none), not an
    error from inside the interpreter."""
    rules = rulelang.loads(SEAT_LISTS, "seats.rules")
    game = rules.new_game(seed=1)
    game.play(game.legal_moves()[0])
    assert "none | none | []\nP1, P2 | [P1, P2] | P1 and P2\n" in game.transcript()
