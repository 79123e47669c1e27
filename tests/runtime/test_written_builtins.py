"""Builtins the compiler writes out in the generated code (min and max of two, size and
first of a list held in a name, sort and unique of a list of numbers or cards, at() on a
grid, cell(x, y)): each at its edges (none on either side, a name holding none, repeats, an empty
cell, a field of none), played with its shortcut on and off, must give the same log, or
fail with the same message. test_fast_paths_compiled.py plays every ruleset both ways."""
from __future__ import annotations

import pytest

import rulelang

EDGES = """
game "Edges"
players 2
option case: int in 1..5 = 1 "which failing case"

card Stone { weight: int  name "stone {weight}" }
zone board: grid 3 x 3 of Stone, public
zone quarry: pile of Stone, public

var nothing: int = none
var stone: Stone = none
var empty_list: list of int = none
var weights: list of int = [3, 1, 3, 2]

fn lower(a: int, b: int) = min(a, b)
fn higher(a: int, b: int) = max(a, b)
fn capped(s: Stone) = min(s.weight, 10)
fn floored(s: Stone) = max(1, s.weight)
fn sizes(xs: list of int) = [size(xs), count(xs), first(xs), last(xs)]
fn is_empty(xs: list of int) = empty(xs)
fn sorted_of(xs: list of int) = sort(xs)
fn unique_of(xs: list of int) = unique(xs)
fn by_weight(ss: list of Stone) = sort(ss, s => 0 - s.weight)
fn heavy() = [s for s in quarry if s.weight > 100]

setup {
  create Stone(weight: 4) x 2 in quarry
  create Stone(weight: 12) in quarry
  move top(quarry) to board at cell(1, 1)
}

turn {
  choose n in [1, 2] prompt "go"
  log "{lower(nothing, 3)} {lower(3, nothing)} {higher(nothing, nothing)} {lower(2, 2)}"
  log "{higher(5, n)} {lower(n, 5)} {min(n, nothing)} {max(nothing, n)}"
  log "{[capped(s) for s in quarry]} {[floored(s) for s in quarry]} {capped(top(quarry))}"
  log "{sizes(weights)} {sizes([])} {sizes(empty_list)} {is_empty(empty_list)} {is_empty([])}"
  log "{sorted_of(weights)} {sorted_of(empty_list)} {unique_of(weights)} {unique_of(empty_list)}"
  log "{by_weight(cards(quarry))} {sort([s.weight for s in quarry])}"
  log "{at(board, cell(1, 1))} {at(board, cell(0, 0))} {empty(at(board, cell(0, 2)))}"
  log "{empty(at(board, cell(1, 1)))} {size(at(board, cell(1, 1)))}"
  log "made: {empty(heavy())} {empty([w for w in weights if w > 2])} {empty([])}"
  if case == 2 { log "{capped(stone)}" }
  if case == 3 { log "{floored(stone)}" }
  if case == 4 { log "{min(stone.weight, n)}" }
  let y = nothing
  let x = n - 1
  log "{cell(x, 2)} {cell(n, x + 1)} {cell(x, n)} {at(board, cell(x, n))}"
  if case == 5 { log "{cell(n, y)}" }
  win current
}
"""

SWITCHES = ["extremes", "named_lists", "flat_lists", "grid_reads", "cells", "builtins"]


def _played(case: int) -> str:
    rules = rulelang.loads(EDGES, "edges.rules")
    assert any(name in rules.source() for name in ("sorted(", "g.zg[")), "nothing written out"
    game = rules.new_game(seed=1, options={"case": case})
    try:
        game.play(game.legal_moves()[1])
    except rulelang.RulesRuntimeError as error:
        return "failed: " + str(error).splitlines()[0]
    return game.transcript()


@pytest.mark.parametrize("switch", SWITCHES)
def test_written_out_as_the_builtin_does(switch):
    from interpreter.compiler.shortcuts import SHORTCUTS
    fast = [_played(case) for case in (1, 2, 3, 4, 5)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, switch, False)
        general = [_played(case) for case in (1, 2, 3, 4, 5)]
    assert fast == general
    assert "12" in fast[0] and all(f.startswith("failed: ") for f in fast[1:]), fast
    assert "made: yes no yes\n" in fast[0]  # empty of a list just made: (not [...])
