"""What the compiler and the rules work out from a checked program alone is worked out once per
program: the compiler's analysis (interpreter/compiler/analysis.py ``analysis_of``), shared by
the full and the lean module and by each compiler switch, and the chance sites
(interpreter/runtime/chance.py), shared by every Rules made of the program."""
from __future__ import annotations

import pytest

from interpreter.compiler.analysis import Analysis, analysis_of
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.rules import Rules
from interpreter.runtime import chance
from rulelang.language.traversal import walk
from support import load


def test_the_full_the_lean_and_a_switched_module_share_one_analysis():
    program = load("games/yami.rules").program
    full = Rules(program)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "texts", False)
        switched = Rules(program)
    assert switched.code.source != full.code.source  # written again
    assert full.code.analysis is full.lean().code.analysis is switched.code.analysis
    assert full.code.analysis is analysis_of(program)


def test_a_module_written_after_the_analysis_was_let_go_still_shares_it():
    """The written modules and the analyses are kept apart, each the most recently used few:
    a program whose full module was used again and again while its analysis was let go (other
    programs compiled between) gets a lean module sharing the full one's analysis (seen when
    the suite's order put many rulesets between)."""
    from interpreter.compiler import analysis

    program = load("games/yokai_sketch.rules").program
    full = Rules(program)
    analysis._KEPT.clear()  # as if 64 other programs had been analysed since
    assert Rules(program).code.analysis is full.code.analysis  # the kept module, used again
    assert full.lean().code.analysis is full.code.analysis


def test_the_kept_analysis_answers_as_a_fresh_one():
    program = load("games/yokai.rules").program
    Rules(program).lean()  # both modules written: the kept analysis has answered for both
    kept, fresh = analysis_of(program), Analysis(program)
    statements = [n for rule in program.rules.values() for n in walk(rule.body)
                  if hasattr(n, "span") and type(n).__name__ not in ("Name", "Lit")]
    assert len(statements) > 100
    assert [kept.cost(n) for n in statements] == [fresh.cost(n) for n in statements]
    stmts = [s for rule in program.rules.values() for s in rule.body]
    assert [kept.stmt_pauses(s) for s in stmts] == [fresh.pauses([s]) for s in stmts]
    assert any(kept.stmt_pauses(s) for s in stmts) and not all(kept.stmt_pauses(s) for s in stmts)


def test_chance_sites_are_found_once_and_each_rules_has_its_own_list():
    program = load("games/yami.rules").program
    first, second = Rules(program), Rules(program)
    assert first.chance == second.chance == chance._found_sites(program)
    assert first.chance  # yami shuffles
    assert first.chance is not second.chance
