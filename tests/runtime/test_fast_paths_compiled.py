"""The compiler's fast paths: code written out in the generated module where a runtime
helper would do (interpreter/compiler/shortcuts.py lists them; functions written out at
their calls and any/all over an enum's members have limits of their own), and end
conditions checked only when what they read changed. Each is switched off in turn and
every ruleset compiled again: its seeded random games must go exactly as they did
(``support.differential``: the same moves offered, the same draws, state, log and outcome).
A game with no log, which skips the log lines the generated code writes out, must go as
the game with its log.

The runtime's fast paths are in test_fast_paths.py."""
from __future__ import annotations

import json
import random
import re
from contextlib import contextmanager

import attrs
import pytest

import interpreter.rules
import rulelang
from interpreter import compiler
from interpreter.compiler import expr, inline, module_builder
from interpreter.compiler.shortcuts import SHORTCUTS, Shortcuts
from support import differential, soak
from support import direct_differential as both
from support.lean_differential import lean_rules, parting


def _reads_anything(conditions, fns):
    return None  # as reads_of_all says of a condition it cannot follow: check after every change


# shortcuts of the direct forms alone, which only lean modules hold (the full modules are the
# same with them off): their test plays the direct games (test_lean_direct.py's) both ways
LEAN_ONLY = ("zone_once", "kept_sources")
SWITCHES = {  # name -> [(where, attribute, the value that switches it off)]
    **{f.name: [(SHORTCUTS, f.name, False)] for f in attrs.fields(Shortcuts)
       if f.name not in LEAN_ONLY},
    # the lines of two lists picked by a field (field_lines) come first where they apply, so
    # the shortcuts for other lists are seen only with it off
    "empty_starts": [(SHORTCUTS, "empty_starts", False), (SHORTCUTS, "field_lines", False)],
    "card_lines": [(SHORTCUTS, "card_lines", False), (SHORTCUTS, "field_lines", False)],
    "inline_calls": [(inline, "INLINE_MAX_COST", -1)],  # every fn called
    "unrolled_members": [(expr, "UNROLL_MEMBERS", 0)],  # any/all over a member list
    # end conditions checked only after a change to what they read (compiler/reads.py;
    # the layout's quiet zones too), against: after every change
    "end_reads": [(compiler, "reads_of_all", _reads_anything),  # in the kept modules' key
                  (module_builder, "reads_of_all", _reads_anything),
                  (interpreter.rules, "reads_of_all", _reads_anything)],
}


@pytest.mark.soak  # the everyday run compares the configs differential.everyday keeps
@pytest.mark.parametrize("name", SWITCHES)
def test_every_game_goes_as_with_the_shortcut_switched_off(name):
    @contextmanager
    def switched_off():
        with pytest.MonkeyPatch.context() as patch:
            for where, attribute, off in SWITCHES[name]:
                patch.setattr(where, attribute, off)
            yield

    again: dict = {}
    shortcut = name if name in attrs.fields_dict(Shortcuts) else None
    if name in ("empty_starts", "card_lines"):  # read only where field_lines did not apply:
        shortcut = "field_lines"  # a ruleset that reads them reads field_lines first
    assert differential.compare_all(switched_off, recompile=True, again=again,
                                    shortcut=shortcut) == []
    changed = [path for path, rules in again.items()
               if rules.source() != differential.rules_of(path).source()]
    assert changed, f"switching {name} off changed no ruleset's code"


@pytest.mark.soak
@pytest.mark.parametrize("name", LEAN_ONLY)
def test_every_direct_game_goes_as_with_the_shortcut_switched_off(name):
    """Every ruleset's lean module compiled again with a direct-form shortcut off: its
    direct games (``direct_differential.play_direct``, from the start too) go as with it on:
    the same seats asked among as many moves, the same draws, state, outcome and error."""
    changed = 0
    for config in differential.configurations():
        if not (soak.FULL or differential.everyday(config)):
            continue
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(SHORTCUTS, name, False)
            off = differential.compiled(config.path).lean()
            off.source()  # (written now, with the shortcut off)
        if off.source() == lean_rules(config.path).source():
            continue  # the same code: the same games
        changed += 1
        for started in (False, True):
            on = both.play_direct(config, 2000, 400, started)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(both, "lean_rules", lambda path, off=off: off)
                general = both.play_direct(config, 2000, 400, started)
            problem = parting(config, 2000, ("on", on), ("off", general))
            assert problem is None, problem
    assert changed, f"switching {name} off changed no ruleset's lean code"


BIG = """
game "Big"
players 2
var big: int = 1000000000000000000
turn {
  choose n in [1, 2] prompt "go"
  if big + 1 > big {
    log "only compared: not held, not checked"
  }
  big += 1
  log "{big}"
  if n == 2 {
    big = big + big
  }
  win current
}
"""


def test_a_step_of_a_small_number_passes_the_largest_number_and_doubling_does_not():
    """docs/language.md, "Limits": 10^18 + 1 is made by a step of 1 (not checked: steps that
    small cannot carry a number far), but doubling it is too large; on the full path and on
    the lean path alike (no shortcut decides this)."""
    rules = rulelang.loads(BIG, "big.rules")
    stepped = rules.new_game(seed=1)
    stepped.play(stepped.legal_moves()[0])
    assert "only compared: not held, not checked" in stepped.transcript()
    assert "1000000000000000001\n" in stepped.transcript()
    doubled = rules.new_game(seed=1)
    with pytest.raises(rulelang.RulesRuntimeError, match=r"big.rules:13:5: .*is too large"):
        doubled.play(doubled.legal_moves()[1])
    lean = rules.lean()
    stepped_lean = lean.new_game(players=2, seed=1)
    stepped_lean.play(0)  # goes on past 10^18, as the full path does
    assert stepped_lean.is_over and stepped_lean.outcome == stepped.outcome
    with pytest.raises(rulelang.RulesRuntimeError, match=r"big.rules:13:5: .*is too large"):
        lean.new_game(players=2, seed=1).play(1)


def _quietly(rules, config):
    """A config's game played with no log (``log=False``), by the same random moves."""
    rng, decisions = random.Random(config.seed), []
    game = rules.new_game(players=config.players, seed=config.seed, options=dict(config.options),
                          log=False)
    while not game.is_over and len(decisions) < differential.MAX_MOVES:
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        decisions.append((game.to_move, tuple(map(str, moves)), str(move)))
        game.play(move)
    return tuple(decisions), game


def _unlogged(saved: str) -> dict:
    state = json.loads(saved)
    for part in ("log", "unsettled"):
        state.pop(part)
    return state


def test_a_quiet_game_goes_as_the_game_with_its_log():
    """A game with no log (simulations, look-ahead) skips each log line where it would be
    made (stmt.s_Log writes ``if g.logging:`` before it; ``log_message`` works the line out
    first): it offers the same decisions and ends in the same state and outcome."""
    for config in differential.configurations():
        if config.path == differential.FAULTS:
            continue  # a log line that fails: see the next test
        logged = differential.baseline(config)
        decisions, quiet = _quietly(differential.rules_of(config.path), config)
        assert decisions == logged.decisions, config
        assert quiet.outcome == logged.outcome, config
        saved = quiet.save()
        assert _unlogged(saved) == _unlogged(logged.saved), config
        assert all(line[0] == "end" for line in json.loads(saved)["log"]), config  # no other line


def test_a_log_line_that_fails_fails_a_quiet_game_too():
    """Every fault of tests/rules/fast_path_faults.rules, played with no log: a quiet game
    still works out the parts of a log line that could fail (compiler/quiet_log.py), so it
    stops with the logged game's error, at the same decision; the others go on alike."""
    rules = differential.rules_of(differential.FAULTS)
    in_log_lines = 0
    for config in differential.configurations():
        if config.path != differential.FAULTS:
            continue
        logged = differential.baseline(config)
        try:
            decisions, quiet = _quietly(rules, config)
            error = None
        except rulelang.RulesError as failure:
            error = f"{type(failure).__name__}: {failure}"
        assert error == logged.error, config
        if error is None:
            assert decisions == logged.decisions and quiet.outcome == logged.outcome, config
        # (the unit's statement: the last place the error names, after any functions')
        line = int(re.findall(r"\.rules:(\d+):", error)[-1]) if error else 0
        in_log_lines += "log" in _line_of(differential.FAULTS, line)
    assert in_log_lines >= 9  # faults 1, 2, 3, 6, 10, 11, 13, 14 and 18 fail in a log line


def _line_of(path: str, number: int) -> str:
    return (differential.ROOT / path).read_text().splitlines()[number - 1] if number else ""


ROUND = """
game "Round"
players 3
var who: player = none
var seen: list of player = []
turn {
  choose n in [1, 2] prompt "go"
  let after = next(current)
  log "after {current} comes {after}"
  seen = seen + [after]
  if size(seen) == 3 {
    if n == 2 { log "{next(who)}" }
    end
  }
}
"""


def test_next_of_a_seat_read_in_the_layout_goes_round_to_p1_and_none_is_said():
    """``next(s)`` written out as a look-up (shortcuts.next_seats): after the last seat
    comes P1, which is 0, a false value, so the form tests the key, not the truth; none is
    no seat, and the builtin says so, as before."""
    rules = rulelang.loads(ROUND, "round.rules")
    assert "NS[" in rules.source()
    game = rules.new_game(seed=1)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    assert game.is_over
    for line in ("after P1 comes P2", "after P2 comes P3", "after P3 comes P1"):
        assert line in game.transcript()
    failing = rules.new_game(seed=1)
    failing.play(failing.legal_moves()[0])
    failing.play(failing.legal_moves()[0])
    with pytest.raises(rulelang.RulesRuntimeError, match="none is not a player"):
        failing.play(failing.legal_moves()[1])
