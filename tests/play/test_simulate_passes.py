"""simulate counts a pass by what the rules name it (issue 29: a pass renamed in the rules,
pass "draw", was reported as never taken)."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.play.simulation import Simulation, runner, summarize

RULES = '''game "Skip"
players 2
turn {
  choose x in [1, 2] pass WORD prompt "pick"
  win current
}
'''


def passed_share(word: str) -> float:
    rules = rulelang.loads(RULES.replace("WORD", word))
    run = runner.run(Simulation(rules.program, 2, {}, ("random", "random"), 0, 300), workers=1)
    (kind,) = summarize(run, rules.title, {}, rules.program.cooperative).kinds
    return kind.passed


@pytest.mark.parametrize("word", ['"draw"', '"pass"', ""])
def test_random_bots_pass_a_third_of_the_time_whatever_the_pass_is_called(word):
    assert 0.25 < passed_share(word) < 0.42  # 1 in 3 options; 300 games
