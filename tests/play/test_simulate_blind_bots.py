"""rulelang simulate's words around its figures: a warning where the bots that look ahead
have nothing to go by (rules with no heuristic whose score stands still for every player through
random games), and a fast run's time."""
from __future__ import annotations

from support import cli_run


def test_simulate_warns_when_the_bots_have_nothing_to_go_by(tmp_path):
    """A score set only as the game ends (a round won) gave greedy and mcts nothing to value
    a position by, and their games read as the rules' fault: said, with the fix. Random
    bots, which value nothing, get no warning."""
    path = tmp_path / "late.rules"
    path.write_text('game "Late"\nplayers 2\nvar taken[player]: int = 0\n'
                    'var won[player]: bool = false\nturn {\n'
                    '  choose n in [1, 2, 3] prompt "take"\n  taken[current] += n\n'
                    '  if taken[current] >= 6 {\n    won[current] = true\n    end\n  }\n}\n'
                    'score p = if won[p] then 1 else 0\n', encoding="utf-8")
    result = cli_run("simulate", path, "-n", "2", "--bots", "greedy", "--bot", "P2=mcts")
    assert result.exit_code == 0, result.output
    assert "warning: the greedy and mcts bots have nothing to go by" in result.output
    assert "`heuristic p = ...`" in result.output and "docs/language.md#heuristic" in result.output
    budget = cli_run("simulate", path, "-n", "2", "--bots", "mcts:4")  # a budget: mcts still
    assert "warning: the mcts:4 bots have nothing to go by" in budget.output
    quiet = cli_run("simulate", path, "-n", "2")
    assert quiet.exit_code == 0 and "warning" not in quiet.output


def test_a_fast_runs_time_is_said_in_two_significant_digits_not_as_nothing():
    """A run of a few quick games said "50 games in 0.0 s"; under a second its time keeps two
    significant digits (the rate beside it was worked out from the real time all along)."""
    from types import SimpleNamespace

    from rulelang.play.simulation.report import seconds_text, speed
    assert [seconds_text(x) for x in (0.0432, 0.5, 4.14)] == ["0.043 s", "0.5 s", "4.1 s"]
    run = SimpleNamespace(records=[SimpleNamespace(decisions=10)] * 50, elapsed=0.0432,
                          backend="local", workers=1)
    assert speed(run).startswith("50 games in 0.043 s on 1 worker: ")
