"""Several outcomes of one chance event: a scenario's repeated ``fix`` lines queue them in
order, as ``Outcomes`` does from Python (issue 29: a second fix used to replace the first)."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.tools.scenarios import load_suite
from support import ROOT, load

PIG = ROOT / "examples" / "pig.rules"
TWO_ROLLS = """
scenario "a four, then a one" {
  option ask_first = no
  fix "die" = 4
  fix "die" = 1
  logged "P1 rolls 4: 4 this turn"
  play "yes"
  logged "P1 rolls 1 and loses 4"
  expect banked[P1] == 0
}
"""


def test_fix_lines_of_one_event_queue_its_outcomes_in_order(tmp_path):
    (tmp_path / "pig.rules").write_text(PIG.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pig.scenarios").write_text(TWO_ROLLS, encoding="utf-8")
    results = load_suite(tmp_path / "pig.rules").run()
    assert [r.failure for r in results] == [None]


def test_outcomes_from_python_are_taken_in_order():
    game = load("examples/pig.rules").new_game(players=2, seed=1, options={"ask_first": False},
                                               fix={"die": rulelang.Outcomes([4, 1])})
    game.play("yes")
    assert game.transcript().splitlines()[2:5] == [
        "P1 rolls 4: 4 this turn", "P1 > roll again: yes", "P1 rolls 1 and loses 4"]


def test_a_bare_value_fixes_only_the_first_draw():
    game = load("examples/pig.rules").new_game(players=2, seed=1, options={"ask_first": False},
                                               fix={"die": 4})
    assert not game.fixed["die"]  # taken by the first roll: later rolls come from the seed


def test_no_outcomes_is_refused():
    with pytest.raises(rulelang.RulesError, match="names no outcome"):
        load("examples/pig.rules").new_game(players=2, fix={"die": rulelang.Outcomes([])})
