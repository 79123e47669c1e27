"""``empty`` of an enum's members picked by a condition, written out member by member and
joined by ``|`` (compiler/quantifier_loops.empty_of_members, switch ``empty_members``),
against the list it stands for: the rules' functions compiled both ways give the same
answers, the same failures (at the same member: every condition is worked out, in order,
as the comprehension works them out) and the same work, at every position of seeded games."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.compiler.shortcuts import SHORTCUTS
from support.compiled_twice import answers, positions_alike

RULES = """
game "Empty members"
players 2
enum Colour { red, blue, green, white }
card Tile { colour: Colour  rank: int  name "{colour} {rank}" }
zone pool: row of Tile, public
zone hand[player]: hand of Tile
var held[Colour]: int = 0
var turns: int = 0
fn open() = [c for c in Colour if held[c] < 2]
fn none_open() = empty(open())
fn none_high() = empty([c for c in Colour if any(t.rank > 3 and t.colour == c for t in pool)])
fn none_counted(p: player) = empty([c for c in Colour if size([t for t in hand[p] if t.colour == c]) > 1])
fn none_divides() = empty([c for c in Colour if 6 / (held[c] - 1) > turns])
setup {
  for c in Colour {
    for r in 1..4 {
      create Tile(colour: c, rank: r) in pool
    }
  }
  shuffle pool
}
turn {
  choose t in pool prompt "take"
  move t to hand[current]
  held[t.colour] += 1
  turns += 1
  if empty(pool) { end "all taken" }
}
"""


def _compiled(on):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "empty_members", on)
        rules = rulelang.loads(RULES)
        assert (") | (" in rules.source()) == on  # each member's condition, joined by |
        return rules


def _calls(game):
    return [("none_open", ()), ("none_high", ()), ("none_divides", ()),
            *(("none_counted", (seat,)) for seat in game.players)]


def test_written_out_members_answer_fail_and_count_as_the_list():
    written, general = _compiled(True), _compiled(False)
    seen, failed = set(), 0
    for mine, theirs in positions_alike(written, general, range(6)):
        asked = answers(written, mine, _calls(mine))
        assert asked == answers(general, theirs, _calls(theirs))
        seen.update((name, answer) for name, answer, _ in asked)
        failed += sum(1 for _, answer, _ in asked if "raised" in answer)
    assert failed > 0  # none_divides divides by zero where a colour is held once
    for name in ("none_open", "none_high", "none_counted"):  # each answer seen both ways
        assert {(name, str(("value", True))), (name, str(("value", False)))} <= seen
