"""A game's outcome keeps its results (scores, winners, result, reason) apart from the rules'
reports: a report named like a result never replaces it, and it is still reported."""
from __future__ import annotations

from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.play.simulation import Simulation, runner

# The first turn ends the game: P1, who plays it, scores 5 and wins. Every report below is
# named like a result, but "rounds".
CLASHING = """game "Clash"
players 2
var points[player]: int = 0
var rounds: int = 0
turn {
  rounds += 1
  points[current] += 5
  end "the first turn is the last"
}
score p = points[p]
report "winners" = 42
report "scores" = "none of them"
report "result" = "made up"
report "reason" = [1, 2]
report "rounds" = rounds
"""
CLASHING_REPORTS = {"winners": 42, "scores": "none of them", "result": "made up",
                    "reason": [1, 2], "rounds": 1}


def finished(text=CLASHING):
    game = rulelang.loads(text, "clash.rules").new_game(players=2, seed=3)
    assert game.is_over  # the first turn wins: no decision
    return game


def test_a_report_named_winners_leaves_the_winners_alone():
    outcome = finished().outcome
    assert outcome["winners"] == [0]
    assert outcome["scores"] == {0: 5, 1: 0}
    assert outcome["result"] == "win"
    assert outcome["reason"] == "the first turn is the last"
    assert outcome["rounds"] == 1  # a report with a name of its own is in the dict, as ever
    assert list(outcome) == ["scores", "winners", "result", "reason", "rounds"]


def test_the_outcome_record_holds_every_report_apart_from_the_results():
    record = finished().outcome_record
    assert (record.winners, record.scores, record.result, record.reason) == (
        [0], {0: 5, 1: 0}, "win", "the first turn is the last")
    assert record.reports == CLASHING_REPORTS


def test_a_report_named_like_a_result_is_still_on_the_transcripts_last_line():
    last = finished().transcript().splitlines()[-1]
    assert last == ('== game over: P1 wins (the first turn is the last); scores P1 5, P2 0; '
                    'winners: 42; scores: none of them; result: made up; reason: 1 and 2; '
                    'rounds: 1')


def test_a_saved_game_restores_its_reports_and_its_results():
    game = finished()
    rules = rulelang.loads(CLASHING, "clash.rules")
    again = rules.restore(game.save())
    assert again.outcome == game.outcome
    assert again.outcome_record.reports == CLASHING_REPORTS
    assert again.outcome_record.winners == [0]


def test_a_simulation_reports_it_and_counts_the_real_winners():
    program = rulelang.loads(CLASHING, "clash.rules").program
    run = runner.run(Simulation(program, 2, {}, ("random", "random"), 0, 4), workers=1)
    assert [record.winners for record in run.records] == [[0]] * 4
    assert all(record.reports == CLASHING_REPORTS for record in run.records)


def test_a_scenario_reads_the_report_and_the_results_apart(tmp_path):
    (tmp_path / "clash.rules").write_text(CLASHING, encoding="utf-8")
    (tmp_path / "clash.scenarios").write_text('''scenario "the report and the result" {
  over win P1 because "the first turn is the last"
  scores 5, 0
  report "winners" = 42
  report "rounds" = 1
}
''', encoding="utf-8")
    result = CliRunner().invoke(cli, ["test", str(tmp_path / "clash.rules")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "1 passed, 0 failed"
