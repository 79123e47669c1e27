"""A ruleset's module is written once per program and compiler switches, and its code compiled
once per source (interpreter/compiler/kept_modules.py); each compiled rules still runs it in a
namespace of its own, so two never share what a game or a cache of theirs changes."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.compiler import kept_modules
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.rules import Rules
from support import load

RACE = """
game "Race"
players 2
enum Colour { Red, Blue }
var leader: Colour = Red
var steps: int = 0
turn {
  choose c in [Red, Blue] prompt "a colour"
  leader = c
  steps += 1
  log "{current} picks {c}"
  if steps >= 4 { win current }
}
"""


def _played(rules: Rules, seed: int):
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def test_the_same_program_compiled_again_reuses_the_written_module_and_its_code():
    program = load("games/yami.rules").program
    first, second = Rules(program), Rules(program)
    assert first.code.source is second.code.source  # written once
    assert first.code.filename == second.code.filename  # compiled once: one code object
    assert first.code.units["setup"].run.__code__ is second.code.units["setup"].run.__code__


def test_two_rules_from_one_written_module_share_no_state():
    program = load("games/yami.rules").program
    first, second = Rules(program), Rules(program)
    assert first.code.units["setup"] is not second.code.units["setup"]
    assert first.code.units["setup"].run is not second.code.units["setup"].run
    assert first.code.units["setup"].run.__globals__ is not second.code.units["setup"].run.__globals__
    assert all(a is not b for a, b in zip(first.sites, second.sites, strict=True))
    assert all(first.kinds[k] is not second.kinds[k] for k in first.kinds)
    assert first.code.tops is not second.code.tops
    # each binds the members of its own enums (generated code compares them by identity)
    for name, members in first.enum_values.items():
        assert all(a is not b for a, b in zip(members, second.enum_values[name], strict=True))
    a, b = _played(first, 7), _played(second, 7)
    assert a.transcript() == b.transcript() and a.save() == b.save()
    assert first.offers and not set(map(id, first.offers.values())) & set(map(id, second.offers.values()))


def test_a_game_holds_the_members_of_its_own_rules():
    program = rulelang.loads(RACE, "race.rules").program
    first, second = Rules(program), Rules(program)
    for rules in (first, second):
        game = _played(rules, 3)
        leader = game.vars["leader"]
        assert any(leader is member for member in rules.enum_values["Colour"])
        other = second if rules is first else first
        assert not any(leader is member for member in other.enum_values["Colour"])


def test_a_changed_text_is_written_and_compiled_again():
    before = rulelang.loads(RACE, "race.rules")
    after = rulelang.loads(RACE.replace("steps >= 4", "steps >= 6"), "race.rules")
    assert "6" in after.code.source and after.code.source != before.code.source
    assert after.code.filename != before.code.filename
    assert len(_played(after, 1).transcript()) > len(_played(before, 1).transcript())
    again = rulelang.loads(RACE, "race.rules")
    assert again.code.source is before.code.source


def test_a_switched_off_shortcut_writes_another_module_and_switching_back_finds_the_first():
    program = load("games/yami.rules").program
    default = Rules(program)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "zone_cards", False)
        general = Rules(program)
    assert general.code.source != default.code.source
    assert Rules(program).code.source is default.code.source


def test_the_lean_module_is_kept_apart_from_the_full_one():
    rules = Rules(load("games/yami.rules").program)
    lean = rules.lean()
    assert lean.code.source != rules.code.source
    assert lean.enum_values is rules.enum_values  # shared members, as before


def test_the_kept_modules_are_bounded():
    texts = [RACE.replace("steps >= 4", f"steps >= {n}") for n in range(4, 4 + kept_modules.MAX_WRITTEN + 5)]
    for text in texts:
        rulelang.loads(text, "race.rules")
    assert len(kept_modules._WRITTEN) <= kept_modules.MAX_WRITTEN
    assert len(kept_modules._CODE) <= kept_modules.MAX_CODE
