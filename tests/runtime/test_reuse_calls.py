"""A direct form keeps a pure ``fn``'s value for a later call with the same arguments when
nothing between can change it (interpreter/compiler/reuse.py). The machines (the general
code) work every call out; the direct forms must play the same games: the same decisions,
chance, state, outcome and errors (tests/support/direct_differential.py)."""
from __future__ import annotations

from interpreter.compiler.shortcuts import SHORTCUTS
from support import differential
from support import direct_differential as both
from support.lean_differential import lean_rules

# kept across a ``choose`` and a branch that may not run; worked out again after a loop that
# moves and sets; never kept in a comprehension's items, a lambda or a loop's body
KEPT = '''
game "Kept calls"
players 2

enum Colour { red, blue }

card Chip {
  var colour: Colour = red
  var weight: int = 1
  name "chip"
}

zone pool: pile of Chip, public
zone table: pile of Chip, public

var rounds: int = 0
var tally: int = 0

fn mine(c: Colour) = [x for x in table if x.colour == c]
fn heavy(c: Colour) = sort(mine(c), x => x.weight)
fn other(c: Colour) = if c == red then blue else red
fn colour_of(p: player) = if p == P1 then red else blue

setup {
  create Chip() x 12 in pool
}

turn {
  let me = colour_of(current)
  let before = size(mine(me)) + size(heavy(other(me)))
  if rounds > 2 and size(mine(other(me))) > 0 {
    log "a branch that may be skipped"
  }
  choose n in [1, 2, 3] prompt "how many"
  let again = size(mine(me)) + size(mine(other(me)))
  let each = [size(mine(c)) for c in [red, blue]]
  let weighed = sort(mine(me), x => size(mine(x.colour)))
  for i in 1..n {
    if size(pool) > 0 {
      let chip = top(pool)
      chip.colour = if size(mine(me)) > size(mine(other(me))) then other(me) else me
      chip.weight = size(mine(me)) + i
      move chip to table
    }
  }
  let after = size(mine(me)) + size(heavy(me))
  rounds = rounds + 1
  tally = tally + before + again + after + sum(each) + size(weighed)
  if size(pool) == 0 or rounds > 30 {
    end "done"
  }
}

score p = size(mine(colour_of(p)))
'''


def _direct_turn(source: str) -> str:
    start = source.index("def direct_block_turn")
    return source[start:source.index("\ndef ", start + 1)]


def test_kept_calls_play_the_same_games_as_the_machines(tmp_path):
    path = tmp_path / "kept.rules"
    path.write_text(KEPT)
    turn = _direct_turn(lean_rules(str(path)).source())
    assert turn.count("reused(") >= 3  # mine(me) and mine(other(me)) read again
    found = [d for seed in range(12) for started in (False, True)
             if (d := both.difference(differential.Config(str(path), 2, (), seed), seed, 400,
                                      started=started)) is not None]
    assert found == [], "\n".join(found[:3])


def test_reversi_turn_keeps_the_discs_for_the_lines_it_turns(monkeypatch):
    # its lines of discs picked by colour make no list at all (field_lines, compiler/
    # builtin_calls.py): so compiled without that, as a ruleset reading such lists otherwise
    monkeypatch.setattr(SHORTCUTS, "field_lines", False)
    source = differential.compiled("examples/reversi.rules").lean().source()
    turn = _direct_turn(source)
    assert turn.count("reused(") == 4  # each colour's discs: made once, read again once each
    assert turn.count(" = UNSET") == 2
    assert "reused(" not in source.replace(turn, "")  # only the direct forms keep calls
    monkeypatch.setattr(SHORTCUTS, "field_lines", True)
    turn = _direct_turn(lean_rules("examples/reversi.rules").source())
    assert "reused(" not in turn and "flanking_fields(" in turn  # no list to keep


# a rule that pauses, called for its value, between two calls of the same pure fn: it moves
# a chip, so the second call must be worked out again
ACROSS_A_RULES_VALUE = '''
game "Kept across a rule's value"
players 2
card Chip { worth: int  name "chip {worth}" }
zone bag: row of Chip, public
zone kept: row of Chip, public
fn total_kept() = sum([c.worth for c in kept])
rule take(p: player) -> int {
  choose c in bag by p prompt "take"
  move c to kept
  return c.worth
}
rule round() {
  let before = total_kept()
  let got = take(current)
  let after = total_kept()
  log "{before} {got} {after}"
  if after > before + 3 { win current }
  if empty(bag) { end }
}
setup { for w in 1..6 { create Chip(worth: w) in bag } }
turn { round() }
'''


def test_a_call_kept_before_a_rules_value_is_worked_out_again_after_it(tmp_path):
    path = tmp_path / "across.rules"
    path.write_text(ACROSS_A_RULES_VALUE)
    found = [d for seed in range(6) for started in (False, True)
             if (d := both.difference(differential.Config(str(path), 2, (), seed), seed, 400,
                                      started=started)) is not None]
    assert found == [], "\n".join(found[:3])
