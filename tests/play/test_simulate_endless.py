"""rulelang simulate and compare bound a game's decisions (--max-decisions): rules that never
end with the bots stop the run as a failing game does, and a run whose error stream is no
terminal says now and then how far it is, where no bar is drawn."""
from __future__ import annotations

import time

import pytest

from rulelang.play.cli import simulate as simulate_command
from rulelang.play.simulation import Simulation, playing, runner
from support import cli_run, load

# Nothing ends it: each player adds to a total for ever.
ENDLESS = ('game "Endless"\nplayers 2\noption most: int in 2..9 = 3 "most"\n'
           'var total: int = 0\nturn {\n  choose n in 1..most prompt "add"\n  total += n\n}\n'
           'score p = 0\n')
# Over after exactly ten decisions.
TEN = ('game "Ten"\nplayers 2\nvar n: int = 0\nturn {\n  choose k in 1..3 prompt "add"\n'
       '  n += 1\n  if n == 10 { end }\n}\nscore p = n\n')
# Its two prompts can read alike ("take 2" could be either), so the lean path reads each
# prompt shown (a game played decision by decision, not played out direct).
TEN_SHOWN = ('game "Ten shown"\nplayers 2\nvar n: int = 0\nturn {\n'
             '  choose k in 1..3 prompt "take {n}"\n  choose j in 1..2 prompt "take {k} more"\n'
             '  n += 1\n  if n == 5 { end }\n}\nscore p = n\n')
ENDLESS_SHOWN = TEN_SHOWN.replace("  if n == 5 { end }\n", "")

BOTS = {"lean": (), "full": ("--bots", "first")}


def written(tmp_path, text):
    path = tmp_path / "game.rules"
    path.write_text(text)
    return path


@pytest.mark.parametrize("rules", [ENDLESS, ENDLESS_SHOWN], ids=["direct", "shown"])
@pytest.mark.parametrize("path", BOTS)
def test_a_game_that_never_ends_stops_the_run_at_max_decisions(tmp_path, rules, path):
    """It ran for ever, printing nothing (the runtime bounds a rule between decisions,
    nothing bounded a game's decisions)."""
    result = cli_run("simulate", written(tmp_path, rules), "-n", 3, "--workers", 1,
                     "--max-decisions", 40, *BOTS[path])
    assert result.exit_code == 70, result.output
    assert ("40 decisions and not over: these rules may never end with these bots"
            in result.output)
    assert "(in game 1 of the simulation, seed 0: rulelang run " in result.output
    assert "replays it)" in result.output


@pytest.mark.parametrize("rules, decisions", [(TEN, 10), (TEN_SHOWN, 10)],
                         ids=["direct", "shown"])
@pytest.mark.parametrize("path", BOTS)
def test_a_game_of_exactly_max_decisions_is_finished(tmp_path, rules, decisions, path):
    file = written(tmp_path, rules)
    result = cli_run("simulate", file, "-n", 2, "--workers", 1, "--max-decisions", decisions,
                     *BOTS[path])
    assert result.exit_code == 0, result.output
    assert "2 games" in result.output
    fewer = cli_run("simulate", file, "-n", 2, "--workers", 1, "--max-decisions",
                    decisions - 1, *BOTS[path])
    assert fewer.exit_code == 70
    assert f"{decisions - 1} decisions and not over" in fewer.output


def test_the_limit_holds_on_worker_processes_and_from_python(tmp_path):
    rules = load(written(tmp_path, ENDLESS))
    simulation = Simulation(rules.program, 2, {}, ("random", "random"), 0, 4, max_decisions=25)
    run = runner.run(simulation, workers=2)
    assert run.failure is not None and run.failure.message.startswith("25 decisions and not over")
    assert Simulation(rules.program, 2, {}, ("random", "random"), 0, 4).max_decisions == 100_000


def test_compare_stops_at_max_decisions_too(tmp_path):
    result = cli_run("compare", written(tmp_path, ENDLESS), "-n", 2, "--workers", 1,
                     "--option", "most=2", "--option", "most=3", "--max-decisions", 30)
    assert result.exit_code == 70, result.output
    assert "30 decisions and not over: these rules may never end with these bots" in result.output
    assert "--option most=2" in result.output  # the replay command of the variant that failed


def test_the_default_limit_is_the_simulations_own():
    assert simulate_command.MAX_DECISIONS == playing.MAX_DECISIONS == 100_000


def test_a_bad_limit_is_refused_clearly(tmp_path):
    result = cli_run("simulate", written(tmp_path, TEN), "--max-decisions", 0)
    assert result.exit_code == 2
    assert "--max-decisions" in result.output and "Traceback" not in result.output


def _wait_for(capsys, text, seconds=10.0):
    said = ""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said += capsys.readouterr().err
        if text in said:
            return said
        time.sleep(0.01)
    raise AssertionError(f"{text!r} not said in {seconds} s: {said!r}")


def test_progress_is_said_now_and_then_where_no_bar_is_drawn(capsys, monkeypatch):
    """With its error stream not a terminal, simulate said nothing until the end: a game
    that never ended (or a long run) looked hung."""
    monkeypatch.setattr(simulate_command, "PROGRESS_EVERY", 0.02)
    with simulate_command.progress_bar("Endless", 5) as advance:
        advance(0)
        advance(3)
        said = _wait_for(capsys, "Endless: 3 of 5 games finished after ")
        advance.say("starting Ray")
        said += _wait_for(capsys, "Endless (starting Ray): 3 of 5 games finished after ")
    assert said.rstrip().endswith(" s")
    capsys.readouterr()
    time.sleep(0.1)
    assert capsys.readouterr().err == ""  # nothing once the run is over
