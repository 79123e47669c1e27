"""rulelang simulate: figures checked against games whose answers are known exactly,
the statistics against published values, determinism across workers, Ctrl-C."""
from __future__ import annotations

import functools
import json
import os
import re
import shlex
import signal
import sys

import attrs
import pexpect
import pytest

from rulelang.play.simulation import (
    Simulation,
    report,
    runner,
    stats,
    summarize,
    to_json,
)
from support import ROOT, cli_run, load

COIN = "tests/rules/fair_coin.rules"  # each seat wins 1/3, draws 1/3, the first player 1/2
TEAM_COIN = "tests/rules/coop_coin.rules"  # the team wins 1/2, scoring 2 (else 0)
PARTNERS = "tests/rules/partners_coin.rules"  # P1+P3 against P2+P4: each side wins 1/2
YOKAI = str(ROOT / "games" / "yokai_sketch.rules")
YAMI = "games/yami.rules"


@functools.cache
def simulate(path, games, players=2, bots=("random", "random"), seed=0):
    """A run in this process (cached: several tests read the same figures)."""
    rules = load(path)
    simulation = Simulation(rules.program, players, {}, tuple(bots), seed, games)
    run = runner.run(simulation, workers=1)
    return run, summarize(run, rules.title, {}, rules.program.cooperative)


# ------------------------------------------------------------------ the statistics

def test_wilson_interval_matches_published_values():
    rate = stats.wilson(81, 263)  # Newcombe (1998), table I: 0.2553 to 0.3662
    assert (round(rate.low, 4), round(rate.high, 4)) == (0.2553, 0.3662)
    none = stats.wilson(0, 10)  # the "rule of three" family: 0 of 10 is 0 to 0.2775
    assert none.low == 0.0 and round(none.high, 4) == 0.2775
    assert stats.wilson(10, 10).high == 1.0


def test_exact_tests_match_their_closed_forms():
    assert stats.binomial_test(9, 10, 0.5) == pytest.approx(22 / 1024)  # 0, 1, 9, 10 heads
    assert stats.binomial_test(5, 10, 0.5) == pytest.approx(1.0)
    assert stats.binomial_test(0, 5, 0.5) == pytest.approx(2 / 32)
    # Fisher's lady tasting tea: 3 of 4 cups right, two-sided p = 34/70
    assert stats.fisher_exact(3, 4, 1, 4) == pytest.approx(34 / 70)


def test_difference_of_proportions_and_means():
    # Newcombe (1998), method 10, 56/70 against 48/80: +0.2000 (0.0524 to 0.3339)
    d = stats.proportions(stats.wilson(48, 80), stats.wilson(56, 70))
    assert (round(d.difference, 4), round(d.low, 4), round(d.high, 4)) == (0.2, 0.0524, 0.3339)
    # means 0 and 0.3, sd 1, 100 games each: z = 0.3 / sqrt(0.02), two-sided p = 0.0339
    w = stats.welch(stats.Spread(100, 0.0, 1.0, 0, 0, 0), stats.Spread(100, 0.3, 1.0, 0, 0, 0))
    assert round(w.p_value, 4) == 0.0339
    assert stats.welch(stats.Spread(10, 0, 1, 0, 0, 0), stats.Spread(10, 1, 1, 0, 0, 0)).p_value is None


def test_a_p_value_shows_the_side_of_005_it_is_on():
    """0.0503 printed as "p = 0.050" beside "no clear difference" read as a contradiction."""
    assert report.p_text(0.0503) == "p = 0.0503" and report.p_text(0.0499) == "p = 0.0499"
    assert report.p_text(0.05) == "p = 0.050" and report.p_text(0.997) == "p = 0.997"
    assert report.p_text(0.051) == "p = 0.051" and report.p_text(0.0004) == "p < 0.001"


def test_holm_adjusts_in_steps():
    tested = stats.holm([stats.Difference("t", 0, None, None, p) for p in (0.01, 0.04, 0.03)])
    assert [round(d.adjusted_p, 4) for d in tested] == [0.03, 0.06, 0.06]
    assert [d.significant for d in tested] == [True, False, False]


# ------------------------------------------------------------------ figures with known answers

def test_a_fair_coin_gives_the_known_rates_within_their_intervals():
    _run, summary = simulate(COIN, 600)
    assert summary.games == 600 and not summary.stopped
    for seat in summary.seats:
        assert seat.wins.low < 1 / 3 < seat.wins.high
        assert seat.wins == stats.wilson(seat.wins.count, 600)
    assert summary.draws.low < 1 / 3 < summary.draws.high
    assert sum(s.wins.count for s in summary.seats) + summary.draws.count == 600
    first = summary.first_player
    assert first.games == 600 - summary.draws.count
    assert first.wins.low < 0.5 < first.wins.high and not first.significant
    assert sum(s.went_first.count for s in summary.seats) == 600
    assert summary.turns.mean == 1 and summary.decisions.mean == 1
    assert summary.branching == 2 and summary.forced.count == 0
    assert [k.kind for k in summary.kinds] == ["call the coin"]


def test_the_first_player_test_says_when_the_seats_bots_differ():
    """Going first and the bot of the seat that goes first are confounded when the seats'
    bots differ: the report says so under its verdict (and not when every seat has one bot)."""
    note = "the seats' bots differ"
    assert note not in report.render(simulate(COIN, 60)[1])
    assert note in report.render(simulate(COIN, 60, bots=("first", "random"))[1])


def test_end_reasons_add_up_to_the_games_played():
    for path, games in ((COIN, 200), (TEAM_COIN, 200), (YAMI, 30)):
        _, summary = simulate(path, games)
        assert sum(c.rate.count for c in summary.reasons) == games
    _, coin = simulate(COIN, 200)
    labels = {c.label for c in coin.reasons}
    assert labels == {"no reason given", "the coin stands on its edge"}


def test_reasons_and_prompts_are_grouped_by_the_text_the_rules_write():
    _, yami = simulate(YAMI, 30)
    assert "{tile} breaks the {m} on {c}" in {c.label for c in yami.reasons}
    assert {"lead a card", "follow {led}", "place {tile}"} <= {k.kind for k in yami.kinds}


def test_a_reason_built_in_play_is_grouped_with_its_numbers_hidden():
    from rulelang.play.simulation.templates import classifiers
    _, reasons = classifiers(load(COIN).program)
    assert reasons.kind("the coin stands on its edge") == "the coin stands on its edge"
    assert reasons.kind("the Oni cards are in 3 groups; the Kappa in 12") == (
        "the Oni cards are in # groups; the Kappa in #")


def test_a_cooperative_game_reports_the_team_not_the_players():
    _, summary = simulate(TEAM_COIN, 400)
    assert summary.seats == [] and summary.first_player is None
    assert summary.team_wins.low < 0.5 < summary.team_wins.high
    assert [c.label for c in summary.team_scores] == ["0", "2"]
    assert summary.team_score.mean == pytest.approx(2 * summary.team_wins.share)
    text = report.render(summary)
    assert "The team" in text and "P1     wins" not in text


def test_a_cooperative_game_reports_its_losses_and_its_games_ended_with_a_score():
    _, summary = simulate("tests/rules/coop_tower.rules", 200)
    text = report.render(summary)
    counts = {c.label: c.rate for c in summary.results}
    assert set(counts) == {"loss", "score"} and summary.team_wins.count == 0
    assert counts["loss"].count + counts["score"].count == 200
    assert f"  losses {report.percent(counts['loss'].share):>6}" in text
    assert f"  scored {report.percent(counts['score'].share):>6}" in text


def test_the_report_is_in_plain_words():
    _, summary = simulate(COIN, 100)
    text = report.render(summary)
    heads = next(r for r in summary.reports if r.name == "heads")
    assert {c.label for c in heads.values} == {"yes", "no"}
    calls = next(r for r in summary.reports if r.name == "calls")
    assert all("[" not in c.label and "'" not in c.label for c in calls.values)
    for python in ("True", "False", "None", "[", "{'", "Rate("):
        assert python not in text


def test_a_list_with_one_number_per_player_is_shown_per_seat():
    _, summary = simulate("games/yokai_sketch.rules", 20)
    colours = next(r for r in summary.reports if r.name == "colours")
    assert [s.seat for s in colours.per_seat] == ["P1", "P2"]
    text = report.render(summary)
    assert "per seat: P1" not in text  # (its means alone, then every combination of values)
    shown = text[text.index('Report "colours"'):].split("\n\n")[0].splitlines()
    # each seat's mean, spread and range, as a designer weighs them; no "2, 3" pairs
    assert [line.split()[0] for line in shown[1:]] == ["P1", "P2"], shown
    for seat, line in zip(colours.per_seat, shown[1:], strict=True):
        assert line == f"  {seat.seat}     {report.spread_text(seat.numbers)}", shown


def test_a_list_report_is_summed_up_by_its_length_and_its_items():
    _, summary = simulate("tests/rules/list_reports.rules", 200)
    seen = next(r for r in summary.reports if r.name == "seen")
    assert 1 <= seen.sizes.low <= seen.sizes.mean <= seen.sizes.high <= 3
    assert {c.label for c in seen.items} == {"red", "green", "blue"}
    # each colour is named in a game with chance 1 - (2/3)^3 = 0.70 by random bots
    assert all(0.55 < c.rate.share < 0.85 for c in seen.items)
    rolls = next(r for r in summary.reports if r.name == "rolls")
    assert (rolls.sizes.mean, rolls.item_numbers.mean, rolls.items) == (3, 2, None)
    text = report.render(summary)
    assert "items in the list: 3 on average" in text
    assert "games where the list holds each item:" in text


def test_the_first_player_is_the_seat_of_turn_1_even_when_it_had_nothing_to_decide():
    # Pig: P1 always starts; a 1 on the first roll ends P1's turn before any decision
    run, summary = simulate("examples/pig.rules", 60)
    assert all(r.first == 0 for r in run.records)
    assert summary.seats[0].went_first.count == 60


# ------------------------------------------------------------------ determinism and workers

def test_the_same_seeds_give_the_same_json_on_one_worker_or_two(tmp_path):
    outputs = []
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.json"
        result = cli_run("simulate", YOKAI, "-n", 40, "--seed", 7, "--workers", workers,
                         "--json", path)
        assert result.exit_code == 0, result.output
        outputs.append(path.read_text())
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0])
    assert data["games"] == 40 and data["first_seed"] == 7
    assert sum(c["rate"]["count"] for c in data["reasons"]) == 40


def test_game_i_plays_seed_s_plus_i_like_run_does():
    run, _ = simulate("games/yokai_sketch.rules", 3, seed=5)
    assert [r.seed for r in run.records] == [5, 6, 7]
    played = cli_run("run", YOKAI, "--bots", "all", "--seed", 5)
    scores = run.records[0].scores
    assert f"scores P1 {scores[0]}, P2 {scores[1]}" in played.output


def test_ctrl_c_keeps_the_games_already_finished():
    rules = load(COIN)
    simulation = Simulation(rules.program, 2, {}, ("random", "random"), 0, 1000)

    def interrupt(done):
        if done >= 50:
            raise KeyboardInterrupt

    run = runner.run(simulation, workers=1, on_progress=interrupt)
    assert run.stopped and len(run.records) == 50
    summary = summarize(run, rules.title, {}, False)
    assert summary.games == 50 and summary.games_asked == 1000
    assert sum(c.rate.count for c in summary.reasons) == 50
    assert "stopped early: 50 of 1,000 games" in report.render(summary)
    # the seeds of the games played, not those asked ("16 games (seeds 0 to 199)")
    assert report.render(summary).startswith("Fair coin: 50 games (seeds 0 to 49), ")
    assert summary.seeds_played == [[0, 49]]
    gaps = attrs.evolve(summary, games=4, seeds_played=[[0, 1], [5, 6]])
    assert "4 games (seeds 0 to 1, 5 to 6)" in report.render(gaps)


@pytest.mark.slow
def test_ctrl_c_at_the_terminal_prints_the_report_and_exits_130():
    """At a pseudo-terminal: Ctrl-C is typed once the progress bar counts a finished game
    (the terminal sends SIGINT to the command and its workers, its process group)."""
    env = dict(os.environ, TERM="xterm-256color")
    for name in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR"):  # the terminal's size, colours
        env.pop(name, None)
    child = pexpect.spawn(sys.executable, ["-c", "from rulelang.play.cli import main; main()",
                                           "simulate", COIN, "-n", "1000000", "--workers", "2"],
                          cwd=str(ROOT), env=env, dimensions=(24, 120), timeout=60,  # hang guard
                          preexec_fn=_as_at_a_terminal)
    try:
        child.expect(rb"(?<![0-9])[1-9][0-9]*/1000000")  # the bar's count: games were played
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
    finally:
        if child.isalive():
            os.killpg(child.pid, signal.SIGKILL)  # the command leads its own group
    said = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before.decode())  # colours and bar
    assert child.exitstatus == 130, said
    assert "stopped early" in said and "Who wins" in said
    assert "Traceback" not in said


def _as_at_a_terminal():
    """Ctrl-C reaches the command as at a terminal, even when the tests run as a background
    job (``tests &`` or ``nohup``), whose shell leaves SIGINT ignored in every child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# ------------------------------------------------------------------ the command line

def test_simulate_prints_every_section():
    result = cli_run("simulate", ROOT / COIN, "-n", 50, "--workers", 1)
    assert result.exit_code == 0, result.output
    for section in ("Who wins", "Scores", "First player", "Length", "Decisions by kind",
                    "How games ended", 'Report "toss"', "games/s"):
        assert section in result.output


def test_a_pass_the_rules_rename_is_named_under_the_kinds(tmp_path):
    """The "passed" column counted Liar's Dice's calls of "liar" with no word of it (a new
    author read "passed 30%" as a bug)."""
    result = cli_run("simulate", ROOT / "examples/liars_dice.rules", "-n", 20, "--workers", 1,
                     "--json", tmp_path / "dice.json")
    assert result.exit_code == 0, result.output
    assert 'passed: the pass move, which these rules call "liar" (raise the bid, or call' \
        in result.output, result.output
    kinds = json.loads((tmp_path / "dice.json").read_text(encoding="utf-8"))["kinds"]
    assert [k["pass_word"] for k in kinds if k["passed"]] == ["liar"]


def test_the_passes_named_under_the_kinds_wrap_at_100_columns():
    """Yokai's two renamed passes made a "passed:" line of 132 characters."""
    result = cli_run("simulate", ROOT / "games/yokai.rules", "--players", 3, "-n", 3,
                     "--bots", "random", "--workers", 1)
    assert result.exit_code == 0, result.output
    assert '"appeased"' in result.output and '"draw"' in result.output
    assert all(len(line) <= 100 for line in result.output.splitlines())


def test_the_first_players_verdict_wraps_at_100_columns():
    """"an advantage for the first player (exact two-sided binomial test, p < 0.001;
    significant below 0.05)" was 102 columns."""
    _, summary = simulate(COIN, 100)
    fp = attrs.evolve(summary.first_player, significant=True, p_value=0.0001,
                      wins=attrs.evolve(summary.first_player.wins, share=0.9))
    text = report.render(attrs.evolve(summary, first_player=fp))
    assert "  an advantage for the first player\n    (exact two-sided binomial test" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_a_rules_error_in_one_game_stops_the_run_and_names_its_seed(tmp_path):
    broken = tmp_path / "broken.rules"
    broken.write_text('game "Broken"\nplayers 2\nvar n: int = 0\nturn {\n'
                      '  choose k in [1, 2, 3] prompt "pick"\n  n = 12 / (k - 3)\n  win current\n}\n')
    result = cli_run("simulate", broken, "-n", 20, "--workers", 1)
    assert result.exit_code == 70
    assert "division by zero" in result.output and "--seed" in result.output


@pytest.mark.parametrize("bots", [("--bots", "greedy"), ("--bot", "P2=greedy"), ()])
def test_the_command_printed_for_a_failing_game_replays_that_failure(tmp_path, bots):
    """The hint said "'rulelang run' with --bots all --seed S ... replays it": but --bots all
    plays random bots (a failing heuristic was never called, the game finished) and run
    refuses --bots greedy. The printed command itself must fail the same way."""
    broken = tmp_path / "broken.rules"
    broken.write_text('game "Broken"\nplayers 2\noption most: int in 2..9 = 3 "most"\n'
                      'var n: int = 0\nturn {\n  choose k in 1..most prompt "pick"\n'
                      '  if k == most and n > 6 { n += 1 / (k - most) }\n'
                      '  n += k\n  if n > 30 { end }\n}\nheuristic p = 1 / (n - n)\n')
    result = cli_run("simulate", broken, "-n", 5, "--seed", 7, "--workers", 1,
                     "--option", "most=4", *bots)
    assert result.exit_code == 70, result.output
    found = re.search(r"seed (\d+): (rulelang run .*) replays it\)", result.output)
    assert found, result.output
    words = shlex.split(found[2])
    assert "--option" in words and "most=4" in words and ("--bots" in words) == (not bots)
    error = result.output[:result.output.index("(in game")]
    replayed = cli_run(*words[1:])
    assert replayed.exit_code == 70, replayed.output
    assert error.strip() in replayed.output


def test_a_game_where_everyone_decides_at_once_has_no_first_player_to_test():
    """Goofspiel's every bid is made by each player at once: simulate said "went first: P1
    100.0%" and tested an advantage no seat can have; compare compared it."""
    _, summary = simulate(str(ROOT / "examples/goofspiel.rules"), 20)
    assert summary.all_at_once and summary.first_player is None
    text = report.render(summary)
    assert "no seat moves first" in text
    assert "went first" not in text and "binomial" not in text
    _, turns = simulate(str(ROOT / "examples/nim.rules"), 20)  # a seat moves first there
    assert not turns.all_at_once and turns.first_player is not None
    assert "went first: P1 100.0%" in report.render(turns)
    compared = cli_run("compare", ROOT / "examples/goofspiel.rules", "--players", 2,
                       "--players", 3, "-n", 10, "--workers", 1)
    assert compared.exit_code == 0, compared.output
    assert "first player wins" not in compared.output


TAKE_A_ROW = """
game "Take a row"
players 2..4
card Card { value: int  name "{value}" }
zone deck: pile of Card
zone hand[player]: hand of Card
zone table: row of Card, public
var points[player]: int = 0
setup {
  for v in 1..12 { create Card(value: v) in deck }
  shuffle deck
  for p in players { deal 3 from deck to hand[p] }
}
play {
  repeat 3 times {
    choose picks in hand[p] by each p in players prompt "pick a card"
    for p, c in picks { move c to table }
    let low = first(sort(picks, pc => pc[1].value))
    choose row in 1..2 by low[0] prompt "take a row"
    points[low[0]] += row
  }
}
score p = points[p]
"""


@pytest.mark.parametrize("bots", [("random", "random", "random"), ("greedy", "random", "random")],
                         ids=["lean", "full"])
def test_rules_without_turns_whose_first_decision_is_made_at_once_have_no_first_player(
        tmp_path, bots):
    """Each player picks a card at once, then the lowest card's owner alone takes a row: no
    seat decides first (simulate said "went first: P1 100.0%" and tested P1's wins), on the
    lean path of random bots and on the full one alike."""
    path = tmp_path / "take_a_row.rules"
    path.write_text(TAKE_A_ROW)
    _, summary = simulate(str(path), 12, players=3, bots=bots)
    assert summary.first_at_once and not summary.all_at_once and summary.first_player is None
    text = report.render(summary)
    assert "none: the first decision is made by each player at once" in text
    assert "went first" not in text and "binomial" not in text


def test_bad_bots_and_options_are_refused_clearly():
    bad_bot = cli_run("simulate", ROOT / COIN, "-n", 5, "--bot", "P3=random")
    assert bad_bot.exit_code == 2 and "SEAT=KIND" in bad_bot.output
    human = cli_run("simulate", ROOT / COIN, "-n", 5, "--bots", "human")
    assert human.exit_code == 2
    option = cli_run("simulate", ROOT / COIN, "-n", 5, "--option", "speed=3")
    assert option.exit_code == 2 and "no option 'speed'" in option.output


def test_a_bots_budget_is_taken_by_bots_and_bot_and_a_bad_one_says_what_to_write():
    """``--bots mcts:4`` (playouts per decision): the report names the bot as written; a
    budget that is not one, or given to a bot that takes none, is refused with what to write."""
    played = cli_run("simulate", ROOT / COIN, "-n", 4, "--workers", 1, "--bots", "mcts:4",
                     "--bot", "P2=greedy:10")
    assert played.exit_code == 0, played.output
    assert "P1 mcts:4, P2 greedy:10" in played.output
    for given, words in ((("--bots", "mcts:fast"), "its playouts per decision"),
                         (("--bot", "P2=random:3"), "a random bot takes no budget"),
                         (("--bots", "clever"), "mcts:N for N playouts")):
        refused = cli_run("simulate", ROOT / COIN, "-n", 4, *given)
        assert refused.exit_code == 2 and words in " ".join(refused.output.split()), \
            refused.output


@pytest.mark.slow
def test_plot_draws_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "games.png"
    result = cli_run("simulate", ROOT / COIN, "-n", 20, "--workers", 1, "--plot", path)
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 5_000


@pytest.mark.slow
def test_a_plot_says_what_it_shows_bots_options_and_a_teams_wins(tmp_path, monkeypatch):
    """A chart kept apart from its report said only "Yokai: 30 games, 2 players": not the bots
    that played, nor the level, nor how often the team won (its score alone does not say)."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    drawn = []
    close = plt.close
    monkeypatch.setattr(plt, "close", lambda figure: (drawn.append(figure), close(figure)))
    hidden = ROOT / "tests" / "rules" / "hidden_coin.rules"
    result = cli_run("simulate", hidden, "-n", 20, "--workers", 1, "--bots", "first",
                     "--option", "rigged=true", "--plot", tmp_path / "coin.png")
    assert result.exit_code == 0, result.output
    title = drawn[0]._suptitle.get_text()
    assert "Hidden coin: 20 games (seeds 0 to 19), 2 players: P1 first, P2 first" in title
    assert "options: rigged=true" in title
    assert "the team won 0.0% (0.0 to 16.1%, 95% Wilson) of 20 games" in title


def test_a_report_of_random_seats_says_its_figures_are_random_plays():
    """Yokai Sketch at its default bots reported "an advantage for the first player" with no
    word that it was random play: a student took it for the game's."""
    said = "every seat played at random: these are the figures of random play"
    result = cli_run("simulate", ROOT / COIN, "-n", 10, "--workers", 1)
    assert said in " ".join(result.output.split())
    assert all(len(line) <= 100 for line in result.output.splitlines())
    for kind in (("--bots", "first"), ("--bot", "P2=first")):
        assert said not in " ".join(cli_run("simulate", ROOT / COIN, "-n", 10, "--workers", 1,
                                            *kind).output.split())
    team = cli_run("simulate", ROOT / TEAM_COIN, "-n", 10, "--workers", 1)
    assert said not in " ".join(team.output.split())  # a team: its own note, when it won none


def test_json_holds_the_figures_of_the_report(tmp_path):
    path = tmp_path / "coin.json"
    result = cli_run("simulate", ROOT / COIN, "-n", 100, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data.pop("options") == {"edge": "true"}  # every option, defaults too
    _, summary = simulate(COIN, 100)
    expected = json.loads(json.dumps(to_json(summary)))
    del expected["options"]
    assert data == expected
    assert [s["seat"] for s in data["seats"]] == ["P1", "P2"]


def test_a_plot_or_json_path_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    """--plot out.txt printed the whole report, then matplotlib's traceback."""
    pytest.importorskip("matplotlib")
    for args, said in (
            (("--plot", tmp_path / "out.txt"), "'.txt' is not a format a plot is drawn in"),
            (("--plot", tmp_path / "out"), "no extension"),
            (("--plot", tmp_path / "no" / "x.png"), "there is no folder"),
            (("--json", tmp_path / "no" / "x.json"), "there is no folder")):
        result = cli_run("simulate", ROOT / COIN, "-n", 5, "--workers", 1, *args)
        assert result.exit_code == 2, result.output
        assert said in result.output and "Who wins" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_shared_wins_are_counted_where_the_wins_add_up_to_more_than_every_game(tmp_path):
    """Wins of 29%, 36% and 38% (103%) with "draws 0.0%" and no word of the 3% shared."""
    shared = tmp_path / "shared.rules"
    shared.write_text('game "Shared"\nplayers 3\nturn {\n'
                      '  choose call in ["alone", "together"] prompt "call"\n'
                      '  if call == "together" {\n    win [P1, P2]\n  }\n  win current\n}\n')
    json_path = tmp_path / "shared.json"
    result = cli_run("simulate", shared, "-n", 100, "--workers", 1, "--json", json_path)
    assert result.exit_code == 0, result.output
    data = json.loads(json_path.read_text())
    together = data["shared_wins"]["count"]
    assert 0 < together < 100
    assert sum(s["wins"]["count"] for s in data["seats"]) == 100 + together
    line = next(line for line in result.output.splitlines() if line.startswith("  shared wins"))
    assert f" {together}.0% " in line and f"{together} games won by two seats or more" in line
    _, coin = simulate(COIN, 100)
    assert coin.shared_wins.count == 0  # one winner or a draw: none shared


def test_the_docs_name_every_bot_kind_simulate_takes():
    """docs/simulate.md listed random, greedy, mcts and first: not advice."""
    from rulelang.play.cli.simulate import SIM_BOT_KINDS
    docs = " ".join((ROOT / "docs" / "simulate.md").read_text(encoding="utf-8").split())
    listed = docs.split("The kinds are those of `rulelang run` but `human` (today ")[1]
    listed = listed.split("[below]")[0]
    assert all(f"`{kind}`" in listed for kind in SIM_BOT_KINDS), listed


def test_the_docs_describe_every_key_of_the_json_file():
    """--json wrote keys no page described, and a spread's low and high (the lowest and
    highest values) beside a rate's (the ends of its interval) under the same names."""
    docs = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    section = docs.split("## The JSON file")[1].split("\n## ")[0]
    keys: set = set()
    for rules, players in ((COIN, 2), (PARTNERS, 4), (TEAM_COIN, 2), (YOKAI, 2)):
        _, summary = simulate(rules, 5, players=players, bots=("random",) * players)
        data = to_json(summary)
        keys |= set(data) | {k for seat in data["seats"] for k in seat}
        keys |= {k for side in data.get("sides") or () for k in side}
        keys |= {k for part in ("first_player",) if data[part] for k in data[part]}
        keys |= {k for kind in data["kinds"] for k in kind}
        keys |= {k for report in data["reports"] for k in report}
    missing = sorted(k for k in keys if f"`{k}`" not in section)
    assert not missing, missing
    assert "**lowest and highest** values met" in section  # a spread's low and high


def test_a_report_of_bots_given_time_to_think_says_it_does_not_replay(tmp_path):
    """--think made figures that no second run repeats, with no word of it in the report."""
    path = tmp_path / "think.json"
    result = cli_run("simulate", ROOT / COIN, "-n", 3, "--workers", 1, "--bots", "greedy",
                     "--think", 0.001, "--json", path)
    assert result.exit_code == 0, result.output
    assert "--think 0.001: the bots thought for a time" in result.output
    assert "do not replay exactly" in " ".join(result.output.split())
    assert json.loads(path.read_text())["think"] == 0.001
    assert "--think" not in cli_run("simulate", ROOT / COIN, "-n", 3, "--workers", 1).output


# ------------------------------------------------------------------ partners (team p = ...)

def test_partners_win_once_per_side_and_the_first_player_is_tested_by_side():
    """Each of a side's wins was counted once per partner (every game "shared"), and the
    first player's test found no game with a single winner."""
    _, summary = simulate(PARTNERS, 200, players=4, bots=("random",) * 4)
    assert [s.side for s in summary.sides] == ["P1+P3", "P2+P4"]
    assert sum(s.wins.count for s in summary.sides) == 200  # never both, never neither
    assert summary.shared_wins.count == 0
    first = summary.first_player
    assert first.by_side and first.games == 200 and first.even_chance == 0.5
    assert first.wins.count == summary.sides[0].wins.count  # P1 always goes first
    assert not first.significant
    text = report.render(summary)
    assert "Who wins by side" in text and "no game had a single winner" not in text
    assert "the first player's side won" in text
    assert to_json(summary)["sides"][0]["side"] == "P1+P3"


def test_without_partners_the_figures_have_no_sides():
    _, summary = simulate(COIN, 100)
    assert summary.sides is None and not summary.first_player.by_side
    assert "sides" not in to_json(summary)
    assert "by side" not in report.render(summary)


def test_the_replay_command_of_random_bots_in_a_cooperative_game_seats_them_by_name():
    """``run --bots all`` seats partners (mcts) in a cooperative game, not random bots: the
    command that replays a simulation of random bots there names each seat's bot."""
    from types import SimpleNamespace

    from rulelang.play.cli.simulate import replay_hint

    def hint(cooperative, kinds):
        simulation = SimpleNamespace(bots=kinds, players=2, options={}, think=None,
                                     program=SimpleNamespace(cooperative=cooperative))
        return replay_hint("coop.rules", simulation, 3)
    assert "--bot P1=random --bot P2=random" in hint(True, ["random", "random"])
    assert "--bots all" not in hint(True, ["random", "random"])
    assert "--bots all" in hint(False, ["random", "random"])
    assert "--bots all" in hint(True, ["mcts", "mcts"])
