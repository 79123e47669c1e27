"""A comprehension that is a let's whole value (or a direct choose's options) written as loops
filling a list (compiler/comprehension_loops.py; ``first`` of one too, inline_statements.py),
the items its loops go through counted by statements before them (``counted_for``): the same
lists and the same work as the comprehension and ``counted``. The differential tests play
every ruleset with each switch off (tests/runtime/test_fast_paths_compiled.py, and the direct
forms against the machines, test_lean_direct.py); here, the text of a loop's head, and a
budget run out at the same place."""
from __future__ import annotations

import itertools
import re

import pytest

import rulelang
from interpreter.compiler.comprehension_loops import LoopClause, LoopParts, bound_first, counted_for
from interpreter.compiler.shortcuts import SHORTCUTS


@pytest.mark.parametrize("items, head", [
    ("counted(g, a0_31)", ["cw0 = a0_31", "g.work += len(cw0)"]),
    ("counted(g, ZC[ZN['hand'][g.current].i], 32)",
     ["cw0 = ZC[ZN['hand'][g.current].i]", "g.work += len(cw0) * 32"]),
    ("counted(g, number_span(0, g.consts['tricks']))",
     ["cw0 = number_span(0, g.consts['tricks'])", "g.work += len(cw0)"]),
    ("counted(g, f('a, 3'))", ["cw0 = f('a, 3')", "g.work += len(cw0)"]),
    ("counted(g, ', 3', 5)", ["cw0 = ', 3'", "g.work += len(cw0) * 5"]),
])
def test_a_counted_source_is_counted_before_its_loop(items, head):
    assert counted_for("s1", items, itertools.count()) == \
        head + ["if g.work > 5000000: overwork(g)", "for s1 in cw0:"]


@pytest.mark.parametrize("items", ["g.players", "counted(g, f(x), 3, 4)", "counted(g, f(x)",
                                   "counted(g, x), counted(g, y)", "counted(g, 'x)"])
def test_anything_else_is_gone_through_as_it_is(items):
    assert counted_for("s1", items, itertools.count()) == [f"for s1 in {items}:"]


HAND = "ZN['hand'][g.current]"
KEPT = f"(a1 if a1 is not UNSET else (a1 := {HAND}))"


def test_a_kept_zone_the_loop_goes_through_is_bound_where_the_loop_reads_it():
    cond = f"(({KEPT} and None) or (s2.f['x'] is q(g, {KEPT})))"
    parts = LoopParts([LoopClause("s2", f"counted(g, ZC[{HAND}.i], 32)", cond)], "s2",
                      {"a1": HAND})
    dropped: list[str] = []
    bound, names = bound_first(parts, ["a1", "m3"], dropped.append)
    assert bound.clauses == [LoopClause("s2", f"counted(g, ZC[(a1 := {HAND}).i], 32)",
                                        "((s2.f['x'] is q(g, a1)))")]
    assert names == ["m3"] and dropped == [HAND, HAND] and bound.kept == {}


def test_a_kept_value_the_loop_does_not_read_is_left_kept():
    parts = LoopParts([LoopClause("s2", "counted(g, a0_3)", f"({KEPT} and None) or x")], "s2",
                      {"a1": HAND})
    assert bound_first(parts, ["a1"], lambda code: None) == (parts, ["a1"])


TEXT = """game "Loops"
players 2
fn picked(n: int) {
  let some = [x for x in 1..n if x > 0]
  size(some)
}
turn {
  let a = 1..100000
  loop {
    let b = [x for x in a if x > 0]
    let c = picked(100)
    let d = first([x for x in 1..10 if x > 5])
  }
}
"""


@pytest.mark.parametrize("switched_off", [(), ("comprehension_loops",), ("counted_loops",),
                                          ("inline_statements",), ("builtin_loops",)])
def test_the_budget_runs_out_at_the_same_place(switched_off, monkeypatch):
    written = rulelang.loads(TEXT, "loops.rules").lean().source()
    assert re.search(r"for s1 in cw\d+:", written) and re.search(r"for s1_\d+ in cw\d+:", written)
    assert re.search(r"\(first\d+ := t\d+\)", written)  # (first of a list made by loops)
    for name in switched_off:
        monkeypatch.setattr(SHORTCUTS, name, False)
    rules = rulelang.loads(TEXT, "loops.rules")
    assert (rules.lean().source() != written) is bool(switched_off)
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        rules.lean().played_out(lambda game, seat, values, site: 0, players=2, seed=1)
    assert str(caught.value).splitlines()[:2] == [
        "loops.rules:10:5: error: in turn: over 5,000,000 steps of work since the last decision"
        " (items gone through in lists, characters of texts made, options offered, cards taken"
        " from inside large zones, loop turns, function calls): this seems never to end",
        "        let b = [x for x in a if x > 0]"]


WORKED_KEY = """game "Key"
players 2
card Gem { size: int }
zone hand[player]: hand of Gem
var note: int = 0
fn same(gems: list of Gem, key: fn) = any(key(a) == key(b) for a in gems for b in gems if a != b)
setup { for n in 1..3 { create Gem(size: n) in hand[P1] } }
turn {
  choose n in [1, 2] prompt "go"
  if same(cards(hand[current]), x => 10 / (x.size - 2)) { note += 1 }
  if n == 2 { win current }
}
"""


@pytest.mark.parametrize("lambda_loops", [True, False])
def test_a_passed_function_that_works_a_value_out_fails_where_it_did(lambda_loops, monkeypatch):
    """any/all's loops through a passed lambda (shortcut lambda_loops) only for one that reads
    a field (``c => c.suit``): ``x => 10 / (x.size - 2)`` in them failed "in turn" at the
    lambda, where the general code says "in fn same", called from the turn (review)."""
    monkeypatch.setattr(SHORTCUTS, "lambda_loops", lambda_loops)
    rules = rulelang.loads(WORKED_KEY, "key.rules")
    for played in (rules, rules.lean()):
        with pytest.raises(rulelang.RulesRuntimeError) as caught:
            game = played.new_game(players=2, seed=1)
            game.play(game.legal_moves()[0])
        assert str(caught.value).startswith("key.rules:6:39: error: in fn same: division by "
                                            "zero"), str(caught.value)
