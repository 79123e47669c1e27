"""A game that keeps no log (quiet, lean) still works out the parts of a log line that could
fail, and only those (interpreter/compiler/quiet_log.py proves the others safe from the
checked tree). tests/runtime/test_fast_paths_compiled.py and test_lean_path.py play every
fault of tests/rules/fast_path_faults.rules both ways: the same error where the logged game
stops."""
from __future__ import annotations

import re

import pytest

import rulelang
from interpreter.compiler.quiet_log import QuietLogs
from rulelang.language import ast
from rulelang.language.loader import load_program
from rulelang.language.traversal import walk
from support import ROOT

RULES = """
game "Quiet"
players 2
enum Colour { red, blue }
card Gem { colour: Colour  size: int  var polished: bool = false }
card Odd { size: int }
zone bag: pile of Gem
zone side[Colour, player]: pile of Gem
zone odds: pile of Odd
var gem: Gem = none
var shade: Colour = none
var numbers: list of int = [1]
fn colour_of(g: Gem) = if g == none then none else g.colour
fn second() = numbers[1]
fn label(c: Colour) = if c == red then "R" else text(c)
setup {
  for c in Colour { create Gem(colour: c, size: 2) x 2 in bag }
  create Odd(size: none) in odds
}
rule tell_side(c: Colour, p: player) {
  log "{size(side[c, p])} {top(side[c, p])}"
}
rule maybe(c: Colour) {
  log "{top(side[c, current])}"
}
rule guarded() {
  choose k in bag pass "pass" prompt "guarded"
  if k == none {
    return
  }
  log "{k.size} guarded"
  loop {
    choose j in bag pass "pass" prompt "looped"
    if j == none {
      break
    }
    log "{j.size} looped"
  }
  choose u in bag pass "pass" prompt "read first"
  if u.size > 5 or u == none {
    return
  }
  log "{u.size} read first"
}
on enter side[c, p] as entered {
  log "{entered.size} {size(side[c, p])} entered"
}
turn {
  choose g in bag prompt "gem"
  log "{current} {g} {g.colour} {g.size + 1} {colour_of(g)} {label(g.colour) + label(blue)}"
  log "{sort(bag, x => (x.colour, x.size))} {[x.size for x in bag]} {first(bag) == none}"
  for c in Colour { tell_side(c, current) }
  maybe(red)
  maybe(shade)
  log "{gem.size} {numbers[0]} {second()} {sort(odds, o => o.size)} {g.size * 2}"
  choose h in bag prompt "or pass" pass "pass"
  log "{h.size}"
  guarded()
  if g.size == 2 { win current }
}
"""


def _risky(tmp_path):
    """Each log line's text -> the places, among its parts in braces, of those a quiet game
    works out."""
    path = tmp_path / "quiet.rules"
    path.write_text(RULES)
    program = load_program(path)
    found = QuietLogs(program)
    lines = {}
    for unit in found._all_units():
        for node in walk(unit.body):
            if isinstance(node, ast.Log):
                parts = node.message.parts
                exprs = [p for p in parts if not isinstance(p, str)]
                risky = [parts[i] for i in found.risky[id(node.message)]]
                text = RULES.splitlines()[node.span.line - 1].strip()
                lines[text] = [exprs.index(p) for p in risky]
    return lines


def _line(lines, start):
    return next(places for text, places in lines.items() if text.startswith(start))


def test_what_cannot_fail_is_skipped_and_what_can_is_worked_out(tmp_path):
    lines = _risky(tmp_path)
    # a choose's card, its fields, a small sum, a function narrowed by == none, short texts
    # joined, a sort by fields every create sets, a comprehension over a zone, a rule's
    # parameters every call gives a member and a player: nothing to work out
    assert _line(lines, 'log "{current} {g}') == []
    assert _line(lines, 'log "{sort(bag') == []
    assert _line(lines, 'log "{size(side[c, p])}') == []
    # a rule called with a variable that may be none: its zone family's key may be none
    assert _line(lines, 'log "{top(side[c, current])}') == [0]
    # a field of a variable, an item of a list (twice), a sort by a field a create leaves
    # none, a product: each could fail
    assert _line(lines, 'log "{gem.size}') == [0, 1, 2, 3, 4]
    # a choose that may pass: its answer may be none; unless a return follows if it is (a
    # break leaves the loop, where it may be read none: not taken as proof); not where the
    # test for none comes after a read of it (``u.size > 5 or u == none``: read none first)
    assert _line(lines, 'log "{h.size}') == [0]
    assert _line(lines, 'log "{k.size} guarded') == []
    assert _line(lines, 'log "{j.size} looped') == [0]
    assert _line(lines, 'log "{u.size} read first') == [0]
    # a trigger's card and the zone's keys are never none
    assert _line(lines, 'log "{entered.size}') == []


@pytest.mark.parametrize("lean", [False, True], ids=["quiet", "lean"])
def test_a_quiet_game_fails_where_the_logged_game_does(tmp_path, lean):
    path = tmp_path / "quiet.rules"
    path.write_text(RULES)
    rules = rulelang.load(path)
    logged = rules.new_game(players=2, seed=1)
    with pytest.raises(rulelang.RulesRuntimeError) as seen:
        logged.play(logged.legal_moves()[0])
    assert "error: in rule maybe: 'side' has nothing for (none" in str(seen.value)
    game = rules.lean().new_game(players=2, seed=1) if lean else \
        rules.new_game(players=2, seed=1, log=False)
    with pytest.raises(rulelang.RulesRuntimeError) as quiet:
        game.play(0 if lean else game.legal_moves()[0])
    assert str(quiet.value) == str(seen.value)


def test_the_lean_module_works_out_nothing_of_a_line_that_cannot_fail(tmp_path):
    """A line proved safe compiles lean as a line of plain text does (to nothing); one that
    could fail does not."""
    def lean_source(old: str, new: str) -> str:
        path = tmp_path / "quiet.rules"
        path.write_text(RULES.replace(old, new))
        source = rulelang.load(path).lean().source()
        return re.sub(r"\b(L\[\d+\]|s\d+)", "slot", source)  # (a comprehension takes slots)

    plain = lean_source("", "")
    safe = 'log "{sort(bag, x => (x.colour, x.size))} {[x.size for x in bag]} {first(bag) == none}"'
    assert safe in RULES and lean_source(safe, 'log "plain"') == plain
    assert lean_source('log "{h.size}"', 'log "plain"') != plain


SHIPPED_SAFE = ["examples/oh_hell.rules", "examples/reversi.rules", "examples/goofspiel.rules",
                "examples/hanabi.rules", "examples/tictactoe.rules", "examples/hearts.rules",
                "examples/no_thanks.rules", "examples/pig.rules", "examples/checkers.rules",
                "examples/nim.rules", "examples/league.rules", "examples/connect_four.rules"]


@pytest.mark.parametrize("path", SHIPPED_SAFE)
def test_the_log_lines_of_these_examples_cost_a_quiet_game_nothing(path):
    """Every part of every log line proved safe: a quiet game of these works none out (what
    keeps the lean path as fast as it was; README's speed table has most of them)."""
    found = QuietLogs(load_program(ROOT / path))
    assert found.risky and all(places == [] for places in found.risky.values())


PROMPT = """
game "Prompt"
players 2
card Gem { size: int }
var gem: Gem = none
turn {
  choose x in [1, 2] prompt "{current}: go past {gem.size}"
  if x == 2 { win current }
}
"""


def test_a_prompt_that_fails_stops_every_game_as_its_choice_is_offered():
    """A logged game makes a choose's prompt as it offers the choice; a quiet game and the
    lean path make none, but work out its parts that could fail there too."""
    rules = rulelang.loads(PROMPT, "prompt.rules")
    said = "prompt.rules:7:3: error: in turn: cannot read .size: the value is none"
    for log in (True, False):
        with pytest.raises(rulelang.RulesRuntimeError, match=said):
            rules.new_game(players=2, seed=1, log=log)
    with pytest.raises(rulelang.RulesRuntimeError, match=said):
        rules.lean().played_out(lambda game, seat, values, site: 1, players=2, seed=1)


def test_fields_of_a_name_never_none_are_read_with_no_check_and_others_with_it(tmp_path):
    """What is proved here also lets the generated code read a field of a local never none
    with no check for none (shortcuts.sure_locals): ``k`` (a return follows if it is none),
    not ``j`` (a break: read none after the loop, tests/rules/fast_path_faults.rules' faults
    20 and 21) nor ``u``, read before it is tested, where it may still be none."""
    path = tmp_path / "quiet.rules"
    path.write_text(RULES)
    source = rulelang.load(path).source()
    checked = re.findall(
        r"\((L\[\d+\]|s\d+)\.f\['size'\] if \1 is not None else no_field\('size'\)\) > 5", source)
    assert len(checked) == 1  # u's, in the test for none
    assert "int_text(L[0].f['size']), ' guarded'" in source
    assert "int_text((L[1].f['size'] if L[1] is not None else no_field('size'))), ' looped'" \
        in source
