"""``--bots oracle`` in simulate and compare (every card face up, labelled in every report),
and compare's warning when every game of every variant ended the same way."""
from __future__ import annotations

import json
from types import SimpleNamespace

from rulelang.play.simulation.variants import _alike, _try_instead
from support import ROOT, cli_run

COIN = str(ROOT / "tests" / "rules" / "hidden_coin.rules")  # name a hidden coin's side
FAIR = str(ROOT / "tests" / "rules" / "fair_coin.rules")


def team_wins(output: str) -> str:
    return next(line for line in output.splitlines() if line.strip().startswith("wins")).split()[1]


def test_the_oracle_sees_the_hidden_coin_and_says_so(tmp_path):
    path = tmp_path / "oracle.json"
    oracle = cli_run("simulate", COIN, "-n", 20, "--bots", "oracle", "--workers", 1,
                     "--json", path)
    assert oracle.exit_code == 0, oracle.output
    assert "ORACLE: every seat played with every card face up" in oracle.output
    assert team_wins(oracle.output) == "100.0%"
    assert set(json.loads(path.read_text())["bots"].values()) == {"oracle"}
    honest = cli_run("simulate", COIN, "-n", 20, "--bots", "mcts", "--workers", 1)
    assert honest.exit_code == 0, honest.output
    assert "ORACLE" not in honest.output
    assert team_wins(honest.output) not in ("100.0%", "0.0%")  # a guess: some won, some lost


def test_one_seat_of_the_oracle_is_named():
    result = cli_run("simulate", COIN, "-n", 4, "--bot", "P2=oracle", "--bots", "mcts",
                     "--workers", 1)
    assert result.exit_code == 0, result.output
    assert "ORACLE: P2 played with every card face up" in result.output


def test_compare_labels_the_oracle():
    result = cli_run("compare", COIN, "--players", 2, "--players", 3, "-n", 6,
                     "--bots", "oracle", "--workers", 1)
    assert result.exit_code == 0, result.output
    assert "ORACLE: every seat played with every card face up" in result.output
    assert all(len(line) < 100 for line in result.output.splitlines())  # (it was 144)


def test_compare_warns_when_every_game_ended_the_same_way():
    result = cli_run("compare", COIN, "--option", "rigged=true", "--players", 2, "--players", 3,
                     "-n", 6, "--bots", "random", "--workers", 1)
    assert result.exit_code == 0, result.output
    assert "WARNING: the team lost every game, in every variant" in result.output
    varied = cli_run("compare", COIN, "--option", "rigged=true", "--option", "rigged=false",
                     "-n", 10, "--bots", "oracle", "--workers", 1)
    assert varied.exit_code == 0, varied.output
    assert "WARNING" not in varied.output  # rigged: all lost; not rigged: all won


def variant(cooperative, *ends):
    records = [SimpleNamespace(result=result, winners=winners) for result, winners in ends]
    return SimpleNamespace(run=SimpleNamespace(records=records),
                           summary=SimpleNamespace(cooperative=cooperative))


def test_how_every_game_ended_is_said_only_when_it_was_one_way():
    assert _alike([variant(False, ("win", [0])), variant(False, ("win", [0]))]) \
        == "every game was won by P1"
    assert _alike([variant(False, ("draw", [])), variant(False, ("draw", []))]) \
        == "every game was a draw"
    assert _alike([variant(False, ("win", [0])), variant(False, ("win", [1]))]) is None
    assert _alike([variant(True, ("win", [0, 1])), variant(True, ("win", [0, 1]))]) \
        == "the team won every game"
    assert _alike([variant(True, ("score", [])), variant(True, ("score", []))]) is None
    fair = cli_run("compare", FAIR, "--option", "edge=true", "--option", "edge=false",
                   "-n", 20, "--workers", 1)
    assert fair.exit_code == 0, fair.output
    assert "WARNING" not in fair.output


def test_a_team_that_won_none_is_told_what_that_may_mean():
    """A design student read 0% at Yōkai's hardest level and took it for impossible: a team
    that won none of ten games or more is told the oracle can say how much is the bots'."""
    lost = cli_run("simulate", COIN, "--option", "rigged=true", "-n", 10, "--workers", 1)
    assert lost.exit_code == 0, lost.output
    assert "the team won none: these bots may not be able to win these rules" in lost.output
    assert "random bots play at random, not for the team: --bots mcts or --bots advice do" \
        in lost.output  # (a student left at random bots read Yami as unwinnable)
    seeing = cli_run("simulate", COIN, "--option", "rigged=true", "-n", 10, "--bots", "oracle",
                     "--workers", 1)
    assert "the team won none, with every card face up" in seeing.output
    assert "random bots" not in seeing.output
    assert all(len(line) <= 100 for line in lost.output.splitlines() + seeing.output.splitlines())
    few = cli_run("simulate", COIN, "--option", "rigged=true", "-n", 9, "--workers", 1)
    assert "the team won none" not in few.output
    some = cli_run("simulate", COIN, "-n", 20, "--bots", "oracle", "--workers", 1)
    assert "the team won none" not in some.output


def test_compare_notes_a_variant_whose_team_won_none():
    """Yami's missions 1 and 2 with advice bots: the team won none of either, mission A most;
    compare said nothing, though simulate tells a team that won none what that may mean (the
    warning came only when every game of every variant was lost)."""
    result = cli_run("compare", COIN, "--option", "rigged=false", "--option", "rigged=true",
                     "-n", 10, "--workers", 1)
    assert result.exit_code == 0, result.output
    assert "WARNING" not in result.output
    note = result.output.split("NOTE: ")[1].split("\n\n")[0]
    assert note.startswith("the team won none of the games of rigged=true:")
    assert "--bots oracle" in note and "rigged=false" not in note
    assert all(len(line) < 100 for line in result.output.splitlines())
    seeing = cli_run("compare", COIN, "--option", "rigged=false", "--option", "rigged=true",
                     "-n", 10, "--workers", 1, "--bots", "oracle")
    assert "does not win those rules even seeing everything" in seeing.output
    few = cli_run("compare", COIN, "--option", "rigged=false", "--option", "rigged=true",
                  "-n", 9, "--workers", 1)
    assert "NOTE" not in few.output


def test_the_warning_suggests_bots_other_than_those_that_played():
    """Yami missions 1 and A with mcts: the team won every game of both, and the warning said
    the bots may be too weak: try --bots mcts, the bots that had just won every game."""
    assert "try --bots mcts or --bots advice (mcts plays for the team)" in \
        _try_instead("the team lost every game", ("random",))
    assert "try --bots advice, or --bots oracle" in \
        _try_instead("the team lost every game", ("mcts",))
    won = _try_instead("the team won every game", ("mcts",))
    assert "too easy for these bots" in won and "--bots mcts" not in won
    assert "try --bots mcts, or" in _try_instead("every game was won by P1", ("greedy",))
    assert "every card face up" in _try_instead("the team lost every game", ("oracle",))
    result = cli_run("compare", COIN, "--option", "rigged=true", "--players", 2, "--players", 3,
                     "-n", 6, "--bots", "advice", "--workers", 1)
    assert result.exit_code == 0, result.output
    warning = " ".join(result.output.split("WARNING: ")[1].split("\n\n")[0].split())
    assert "try --bots mcts (mcts plays for the team), or --bots oracle" in warning
