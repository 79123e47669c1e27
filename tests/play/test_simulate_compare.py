"""rulelang compare: variants side by side, on a game whose answers are known."""
from __future__ import annotations

import json
import re

import pytest

from rulelang.play.simulation.stats import Difference
from rulelang.play.simulation.variants import _difference
from support import ROOT, cli_run

COIN = str(ROOT / "tests" / "rules" / "fair_coin.rules")  # edge=true: 1/3 draws; false: none


def figure(data, name):
    return next(f for f in data["comparison"]["figures"] if f["name"] == name)


def test_a_coin_without_an_edge_has_no_draws_and_more_wins(tmp_path):
    path = tmp_path / "compare.json"
    result = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                     "-n", 300, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    assert "comparing edge" in result.output and "(baseline)" in result.output
    data = json.loads(path.read_text())
    assert [v["label"] for v in data["variants"]] == ["edge=true", "edge=false"]
    draws = figure(data, "draws")
    assert draws["values"][1]["count"] == 0
    assert draws["differences"][0] is None and draws["differences"][1]["significant"]
    for seat in ("P1 wins", "P2 wins"):  # 1/3 becomes 1/2
        diff = figure(data, seat)["differences"][1]
        assert diff["low"] < 1 / 6 < diff["high"]
    first = figure(data, "first player wins (games with one winner)")["differences"][1]
    assert not first["significant"]  # half the decided games, with or without an edge
    # figures the same in every game (one turn, one decision) are left out
    names = {f["name"] for f in data["comparison"]["figures"]}
    assert "decisions" not in names and "turns" not in names


def test_holm_adjusts_every_p_value_reported():
    result = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                     "-n", 100, "--workers", 1)
    assert result.exit_code == 0, result.output
    assert "Holm's method" in result.output and "Fisher's exact test" in result.output
    assert all(len(line) < 100 for line in result.output.splitlines())  # fits 100 columns


def test_lengths_are_compared_with_welch():
    oh_hell = ROOT / "examples" / "oh_hell.rules"
    result = cli_run("compare", oh_hell, "--players", 3, "--option", "tricks=3",
                     "--option", "tricks=5", "-n", 40, "--workers", 1)
    assert result.exit_code == 0, result.output
    block = result.output.split("decisions (mean per game)")[1].split("\n\n")[0]
    assert "tricks=3  12 " in block and "tricks=5  18 " in block and "differs" in block


def test_player_counts_can_be_compared():
    pig = ROOT / "examples" / "pig.rules"
    result = cli_run("compare", pig, "--players", 2, "--players", 3, "-n", 30, "--workers", 1)
    assert result.exit_code == 0, result.output
    p3 = result.output.split("P3 wins")[1].split("\n\n")[0]
    assert "2 players  -" in p3  # no third seat at two players: nothing to test


def test_seat_shares_at_different_player_counts_are_each_tested_against_1_in_p(tmp_path):
    """P1's wins at 2 players (fair: 50%) and at 3 (fair: 33%) were compared as raw shares:
    "-18.5 points" was the player count, not the game."""
    path = tmp_path / "compare.json"
    pig = ROOT / "examples" / "pig.rules"
    result = cli_run("compare", pig, "--players", 2, "--players", 3, "-n", 40, "--workers", 1,
                     "--json", path)
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    for name in ("P1 wins", "first player wins (games with one winner)"):
        shares = figure(data, name)
        assert shares["measure"] == "fair share"
        for value, difference, players in zip(shares["values"], shares["differences"], (2, 3)):
            assert difference["test"] == "exact binomial test"
            assert abs(difference["difference"] - (value["share"] - 1 / players)) < 1e-6
    assert figure(data, "P3 wins")["differences"][0] is None  # no third seat at 2 players
    names = {f["name"] for f in data["comparison"]["figures"]}
    assert "draws" not in names  # Pig has none, at any count: left out (not tested at 1 in P)
    p1 = result.output.split("P1 wins (each against its fair share, 1 in P players)")[1]
    assert "(baseline)" not in p1.split("\n\n")[0] and "points from fair" in p1
    assert "each variant's is tested against its fair share" in " ".join(result.output.split())
    same = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                   "-n", 20, "--workers", 1)  # one player count: shares against the baseline
    assert "fair share" not in same.output and "(baseline)" in same.output


def test_compare_needs_exactly_one_thing_to_vary():
    assert cli_run("compare", COIN, "-n", 10).exit_code == 2
    one_value = cli_run("compare", COIN, "--option", "edge=true", "-n", 10)
    assert one_value.exit_code == 2 and "only one thing can vary" in one_value.output
    two = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                  "--players", 2, "--players", 3, "-n", 10)
    assert two.exit_code == 2


def test_holm_counts_the_comparisons_it_adjusted_not_those_too_few_to_test(tmp_path):
    """The footnote said "for the 9 comparisons made" where the means had too few games to be
    tested: Holm's method had adjusted 5."""
    pig = ROOT / "examples" / "pig.rules"
    path = tmp_path / "pig.json"
    result = cli_run("compare", pig, "--players", 2, "--players", 3, "-n", 10, "--workers", 1,
                     "--json", path)
    assert result.exit_code == 0, result.output
    assert "too few games to test" in result.output
    differences = [d for f in json.loads(path.read_text())["comparison"]["figures"]
                   for d in f["differences"] if d is not None]
    adjusted = sum(1 for d in differences if d["adjusted_p"] is not None)
    assert 0 < adjusted < len(differences)
    footnote = " ".join(result.output.split("The first variant is the baseline.")[1].split())
    assert f"Holm's method for the {adjusted} comparisons made" in footnote


def test_a_difference_called_a_difference_never_shows_as_zero():
    """"2.00 vs 2.00, -0.00 (-0.00 to -0.00), p < 0.001: differs", and "-0.0" as an end."""
    tiny = Difference("Welch's test", -0.0012, -0.0015, -0.0009, 1e-9, 1e-8, True)
    assert _difference(tiny, "mean").startswith("-0.0012 (-0.0015 to -0.00090), p < 0.001")
    share = Difference("Fisher's exact test", 0.0003, 0.0001, 0.0004, 1e-9, 1e-8, True)
    assert _difference(share, "mean share").startswith("+0.030 points (+0.010 to +0.040)")
    none = Difference("Welch's test", 0.0, 0.0, 0.0, 1.0, 1.0, False)
    assert _difference(none, "mean") == "0 (0 to 0), p = 1.000: no clear difference"
    usual = Difference("Welch's test", -1.65, -2.69, -0.61, 0.001, 0.028, True)
    assert _difference(usual, "mean") == "-1.65 (-2.69 to -0.61), p = 0.028: differs"


def test_an_interval_that_disagrees_with_the_adjusted_verdict_says_it_is_not_adjusted():
    """"-16.7 points (-32.1 to -0.0), p = 0.997: no clear difference"."""
    levels = Difference("Fisher's exact test", -0.167, -0.321, -0.0003, 0.04, 0.997, False)
    said = _difference(levels, "share")
    assert said == ("-16.7 points (-32.1 to -0.030, not adjusted), p = 0.997: "
                    "no clear difference")
    agreeing = Difference("Fisher's exact test", -0.05, -0.2, 0.1, 0.5, 1.0, False)
    assert "not adjusted" not in _difference(agreeing, "share")
    tiny = _difference(Difference("W", -0.00001, -0.1, 0.1, 1, 1), "share")
    assert tiny.startswith("-0.0010 points") and not re.search(r"-0\.0\b", tiny)


def test_every_variant_is_checked_before_any_game_is_played():
    """A value the rules refuse stopped compare only after the first variant was played
    (minutes with mcts); two options varied were not named; a variant twice went unsaid."""
    no_thanks = ROOT / "examples" / "no_thanks.rules"
    for args, said in (
            (("--option", "removed=5", "--option", "removed=25"), "removed=25 is not allowed"),
            (("--players", 3, "--players", 8), "not 8"),
            (("--option", "removed=5", "--option", "removed=5"), "gives 5 twice"),
            (("--players", 3, "--players", 3), "--players gives 3 twice"),
            (("--option", "removed=5", "--option", "removed=05"), "are the same variant")):
        result = cli_run("compare", no_thanks, *args, "-n", 10, "--workers", 1)
        assert result.exit_code == 2, result.output
        assert said in result.output and "games/s" not in result.output, result.output
    both = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                   "--option", "speed=1", "--option", "speed=2", "-n", 10)
    assert both.exit_code == 2
    said = " ".join(both.output.split())
    assert "option edge and option speed each have two values" in said
    assert "compare varies one thing at a time" in said


def test_each_variant_is_set_up_once_and_played_as_checked(monkeypatch):
    """check_variants sets up every variant (a first game of each) before any is played;
    the games are played from those setups, not from a second setting up of each."""
    from rulelang.play.cli import compare, simulate
    prepared = []

    def counted(*args, **kwargs):
        prepared.append(simulate.prepare(*args, **kwargs))
        return prepared[-1]
    played = []

    def recorded(simulation, *args, **kwargs):
        played.append(simulation)
        return simulate.play(simulation, *args, **kwargs)
    monkeypatch.setattr(compare, "prepare", counted)
    monkeypatch.setattr(compare, "play", recorded)
    result = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                     "-n", 10, "--workers", 1)
    assert result.exit_code == 0, result.output
    assert [s.simulation.options["edge"] for s in prepared] == ["true", "false"]
    assert played == [s.simulation for s in prepared]


def test_the_head_of_a_comparison_says_what_was_played(tmp_path):
    """A saved report did not say the player count, the options held fixed, that the seats'
    bots differed, or --think; a list option read "pile_sizes=1, 3, 5, 7, is_misere=true"."""
    nim = ROOT / "examples" / "nim.rules"
    path = tmp_path / "nim.json"
    result = cli_run("compare", nim, "--option", "is_misere=true", "--option", "is_misere=false",
                     "--bot", "P1=greedy", "--think", 0.001, "-n", 5, "--workers", 1,
                     "--json", path)
    assert result.exit_code == 0, result.output
    head = result.output.split("\n\n")[0]
    assert "2 players, random bots, P1=greedy; comparing is_misere" in head
    assert "options held fixed: pile_sizes=1+3+5+7" in head
    assert "the seats' bots differ" in head and "--think 0.001" in head
    data = json.loads(path.read_text())
    assert data["players"] == 2 and data["options"] == {"pile_sizes": "1+3+5+7"}
    assert data["think"] == 0.001 and data["bots"] == ["random", "P1=greedy"]
    # simulate writes a list option as --option takes it too
    alone = cli_run("simulate", nim, "-n", 3, "--workers", 1)
    assert "options: pile_sizes=1+3+5+7, is_misere=true" in alone.output
    again = cli_run("simulate", nim, "-n", 3, "--workers", 1, "--option", "pile_sizes=1+3+5+7")
    assert again.exit_code == 0, again.output


def test_the_fair_share_of_a_seat_with_partners_is_not_one_in_p():
    """With partners (team p = ...), P1's wins are its side's and the first player's test
    counts sides: neither is tested against 1/P (4 players in two sides: 1/2, not 1/4)."""
    from types import SimpleNamespace

    from rulelang.play.simulation.variants import _fair_share

    def variant(players, sides, even):
        first = SimpleNamespace(even_chance=even)
        return SimpleNamespace(summary=SimpleNamespace(players=players, sides=sides,
                                                       first_player=first))
    assert _fair_share(variant(4, ["P1+P3", "P2+P4"], 0.5),
                       "first player wins (games with one winner)") == 0.5
    assert _fair_share(variant(4, ["P1+P3", "P2+P4"], 0.5), "P1 wins") is None
    assert _fair_share(variant(3, None, 1 / 3), "P2 wins") == 1 / 3


def test_a_report_kept_per_player_is_compared_seat_by_seat(tmp_path):
    """A `report "NAME" p = ...` was left out of compare (only a report that is one number
    was compared): a designer comparing busts per seat saw nothing of them."""
    rules = tmp_path / "taken.rules"
    rules.write_text(
        'game "Taken"\nplayers 2\noption bonus: int = 0 "more for P1"\n'
        "var took[player]: int = 0\nvar turns: int = 0\n"
        'turn {\n  choose n in 1..3 prompt "take"\n'
        "  took[current] += n + (if current == P1 then bonus else 0)\n"
        "  turns += 1\n  if turns >= 4 { end }\n}\n"
        'score p = took[p]\nreport "took" p = took[p]\n')
    path = tmp_path / "compare.json"
    result = cli_run("compare", rules, "--option", "bonus=0", "--option", "bonus=5",
                     "-n", 60, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    assert 'report "took" P1 (mean per game)' in result.output
    data = json.loads(path.read_text())
    assert figure(data, 'report "took" P1')["differences"][1]["significant"]
    assert not figure(data, 'report "took" P2')["differences"][1]["significant"]


def test_how_often_a_yes_or_no_question_is_answered_yes_is_compared(tmp_path):
    """Taller columns, a higher target: do the bots push their luck further? The share of
    yes answers was not a figure compare knew."""
    rules = tmp_path / "push.rules"
    rules.write_text('game "Push"\nplayers 2\noption yes_first: bool = true "yes offered first"\n'
                     "var rolls: int = 0\nturn {\n"
                     "  choose again in (if yes_first then [true, false] else [false, true])"
                     ' prompt "roll again"\n'
                     "  rolls += 1\n  if rolls >= 6 { end }\n}\nscore p = 0\n")
    path = tmp_path / "compare.json"
    result = cli_run("compare", rules, "--option", "yes_first=true", "--option", "yes_first=false",
                     "--bots", "first", "-n", 30, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    block = result.output.split('answered yes: "roll again" (share of its answers in a game)')[1]
    assert "yes_first=true   100.0%" in block and "yes_first=false  0.0%" in block
    diff = figure(json.loads(path.read_text()), 'answered yes: "roll again"')["differences"][1]
    assert diff["significant"] and diff["difference"] == -1


def test_two_rules_files_are_compared_the_first_the_baseline(tmp_path):
    """A designer's own copy of a game beside the original: compare took one file only, so a
    variant written as a file could only be simulated apart and read side by side by eye."""
    variant = tmp_path / "no_edge.rules"
    variant.write_text((ROOT / "tests" / "rules" / "fair_coin.rules").read_text()
                       .replace("option edge: bool = true", "option edge: bool = false"))
    path = tmp_path / "compare.json"
    result = cli_run("compare", COIN, variant, "-n", 300, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    assert "comparing files" in result.output
    assert re.search(r"fair_coin\.rules +\S+%.*\(baseline\)", result.output)
    data = json.loads(path.read_text())
    assert data["varying"] == "files" and data["files"] == [COIN, str(variant)]
    assert [v["label"] for v in data["variants"]] == ["fair_coin.rules", "no_edge.rules"]
    draws = figure(data, "draws")  # 1/3 of the original's games, none of the copy's
    assert draws["values"][1]["count"] == 0 and draws["differences"][1]["significant"]


def test_files_compared_vary_alone_and_each_once(tmp_path):
    variant = tmp_path / "fair_coin.rules"  # the same name in another folder: labelled by path
    variant.write_text((ROOT / "tests" / "rules" / "fair_coin.rules").read_text())
    result = cli_run("compare", COIN, variant, "--option", "edge=true", "--option",
                     "edge=false", "-n", 5)
    assert result.exit_code == 2 and "the files are what varies" in result.output
    result = cli_run("compare", COIN, COIN, "-n", 5)
    assert result.exit_code == 2 and f"{COIN} is given twice: a variant" in result.output
    again = str(ROOT / "tests" / ".." / "tests" / "rules" / "fair_coin.rules")
    result = cli_run("compare", COIN, again, "-n", 5)
    assert result.exit_code == 2 and f"{again} is given twice (as {COIN})" in result.output
    result = cli_run("compare", COIN, variant, "-n", 40, "--workers", 1)
    assert result.exit_code == 0, result.output
    assert f"  {COIN}: " in result.output and f"  {variant}: " in result.output


def test_a_cooperative_file_is_not_compared_with_a_competitive_one():
    yokai = ROOT / "games" / "yokai.rules"
    result = cli_run("compare", COIN, yokai, "-n", 5)
    assert result.exit_code == 2
    assert "yokai.rules cooperative and fair_coin.rules not" in result.output


def test_bots_can_be_compared_to_see_how_much_play_matters(tmp_path):
    """Whether a game rewards skill (and whether a comparison's bots are strong enough to mean
    anything) could only be read from two simulate runs side by side: --bots took one kind."""
    hidden = ROOT / "tests" / "rules" / "hidden_coin.rules"  # the oracle sees the coin
    path = tmp_path / "compare.json"
    result = cli_run("compare", hidden, "--bots", "random", "--bots", "oracle", "-n", 30,
                     "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    head = result.output.splitlines()[0]
    assert head.endswith("2 players; comparing bots") and "random bots" not in head
    assert "oracle bots: ORACLE: every seat played with every card face up" in \
        " ".join(result.output.split())
    data = json.loads(path.read_text())
    assert data["varying"] == "bots" and data["bots"] == ["random", "oracle"]
    assert [v["summary"]["bots"]["P1"] for v in data["variants"]] == ["random", "oracle"]
    wins = figure(data, "team wins")
    assert wins["values"][1]["share"] == 1 and wins["differences"][1]["significant"]
    twice = cli_run("compare", hidden, "--bots", "random", "--bots", "random", "-n", 5)
    assert twice.exit_code == 2 and "--bots gives random twice" in twice.output
    both = cli_run("compare", hidden, "--bots", "random", "--bots", "oracle", "--players", 2,
                   "--players", 3, "-n", 5)
    assert both.exit_code == 2 and "--players and --bots each have two values" in both.output


def test_files_compared_say_which_options_differ_between_them(tmp_path):
    """A copy whose option default was changed (or an option taken out) was compared without a
    word of it: only the options all the files share were listed, as held fixed."""
    text = (ROOT / "examples" / "pig.rules").read_text()
    variant = tmp_path / "pig_d8.rules"
    variant.write_text(text.replace("option diceoutcomes: int in 2..12 = 6",
                                    "option diceoutcomes: int in 2..12 = 8"))
    result = cli_run("compare", ROOT / "examples" / "pig.rules", variant, "-n", 30,
                     "--workers", 1)
    assert result.exit_code == 0, result.output
    head = " ".join(result.output.split("\n\n")[0].split())
    assert "options held fixed: winscore=100, ask_first=true" in head
    assert "options that differ between the files: diceoutcomes: pig.rules 6, pig_d8.rules 8" \
        in head


STEPS = """game "Steps"
players 2
option steps: int in 0..2 = 0 "2: a call of b plays on, up to three turns"
var calls: int = 0

turn {
  choose call in ["a", "b"] prompt "call"
  calls += 1
  if steps < 2 or call == "a" or calls >= 3 {
    win current
  }
}
"""


def test_two_variants_the_same_in_every_game_are_not_tested_against_each_other(tmp_path):
    """Yami's missions 1 and 2 (every game 28 decisions, 7 rounds, score 0) were tested against
    each other: "0 (0 to 0), p = 1.000", each such test counted among those Holm's method
    adjusts, making every other p-value larger."""
    rules = tmp_path / "steps.rules"
    rules.write_text(STEPS)
    result = cli_run("compare", rules, "--option", "steps=0", "--option", "steps=1",
                     "--option", "steps=2", "-n", 40, "--workers", 1)
    assert result.exit_code == 0, result.output
    block = result.output.split("decisions (mean per game)")[1].split("\n\n")[0]
    assert "steps=1  1 (spread 0)" in block
    assert "the same in every game of both: nothing to test" in block
    assert "0 (0 to 0)" not in result.output
    steps2 = next(line for line in block.splitlines() if "steps=2" in line)
    assert "p < 0.001: differs" in steps2  # the variant that does differ is still tested


def test_the_docs_describe_every_key_of_compares_json_file(tmp_path):
    path = tmp_path / "compare.json"
    result = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                     "-n", 40, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    docs = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    section = docs.split("## The JSON file")[1].split("\n## ")[0].split("`compare --json")[1]
    keys = set(data) | set(data["variants"][0]) | set(data["comparison"])
    keys |= {k for f in data["comparison"]["figures"] for k in f}
    keys |= {k for f in data["comparison"]["figures"] for d in f["differences"] if d for k in d}
    missing = sorted(k for k in keys if f"`{k}`" not in section)
    assert not missing, missing


@pytest.mark.slow
def test_compare_draws_each_figure_with_its_interval(tmp_path, monkeypatch):
    """compare had no chart: a designer drew the variants' figures by hand from its text."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    drawn = []
    close = plt.close
    monkeypatch.setattr(plt, "close", lambda figure: (drawn.append(figure), close(figure)))
    path = tmp_path / "compare.png"
    result = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                     "-n", 60, "--workers", 1, "--plot", path)
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    title = " ".join(drawn[0]._suptitle.get_text().split())
    assert "Fair coin: 60 games a variant (seeds 0 to 59), 2 players, random bots" in title
    assert "comparing edge" in title and "95% intervals" in title
    panels = [ax for ax in drawn[0].axes if ax.get_visible()]
    assert [ax.get_title() for ax in panels][:3] == ["P1 wins (%)", "P2 wins (%)", "draws (%)"]
    draws = panels[2]  # the baseline's third of the games drawn, the other's none
    points = [bar.lines[0].get_xdata()[0] for bar in draws.containers]
    assert points[1] == 0 and 15 < points[0] < 50
    bad = cli_run("compare", COIN, "--option", "edge=true", "--option", "edge=false",
                  "--plot", tmp_path / "out.txt")
    assert bad.exit_code == 2 and "not a format a plot is drawn in" in bad.output


@pytest.mark.slow
def test_a_compare_plot_marks_each_seats_fair_share_where_player_counts_differ(tmp_path,
                                                                              monkeypatch):
    """Where the player counts differ, a seat's wins are tested against 1 in P, not against
    the baseline: the chart's red said "differs from the baseline" there too."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    drawn = []
    close = plt.close
    monkeypatch.setattr(plt, "close", lambda figure: (drawn.append(figure), close(figure)))
    pig = ROOT / "examples" / "pig.rules"
    result = cli_run("compare", pig, "--players", 2, "--players", 3, "-n", 30, "--workers", 1,
                     "--plot", tmp_path / "pig.png")
    assert result.exit_code == 0, result.output
    p1 = next(ax for ax in drawn[0].axes if ax.get_title().startswith("P1 wins"))
    assert "grey: its fair share, 1 in P" in " ".join(p1.get_title().split())
    fair = [line.get_xdata()[0] for line in p1.lines if line.get_gid() == "fair share"]
    assert [round(x, 1) for x in fair] == [50.0, 33.3]


TIES = """game "Ties"
players 2
option tied: bool = true "both score the same: the tiebreak decides"
var rolled[player]: int = 0

turn {
  choose go in ["roll"] prompt "roll"
  rolled[current] = random(1..2, "die")
  if current == P2 {
    end
  }
}

score p = if tied then 1 else rolled[p]
tiebreak p = rolled[p]
"""


def test_tiebreaks_are_compared_and_shares_that_never_happen_left_out(tmp_path):
    """compare left out the tiebreak (how often the score alone did not decide: a designer's
    figure simulate reports), and tested a draw that no variant ever had: "0.0% against 0.0%,
    p = 1.000", counted in Holm's adjustment."""
    rules = tmp_path / "ties.rules"
    rules.write_text(TIES)
    path = tmp_path / "compare.json"
    result = cli_run("compare", rules, "--option", "tied=true", "--option", "tied=false",
                     "-n", 200, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    names = [f["name"] for f in json.loads(path.read_text())["comparison"]["figures"]]
    assert "tiebreaks" in names and "shared wins" not in names
    tiebreaks = result.output.split("\ntiebreaks\n")[1].split("\n\n")[0]
    assert "tied=true   100.0%" not in tiebreaks  # half the ties stay ties: draws
    assert "differs" in tiebreaks
    coin = cli_run("compare", COIN, "--option", "edge=false", "--option", "edge=true", "-n", 60,
                   "--workers", 1)
    assert "\ndraws\n" in coin.output  # the edge's draws: in one variant, so compared
    assert "\ntiebreaks\n" not in coin.output  # no tiebreak in the coin's rules


def test_rotated_bots_have_their_wins_compared_each_against_its_fair_share(tmp_path):
    """compare --rotate: each bot's wins (by_bot) are figures of their own; where the player
    counts differ, each against its seats of the P (random holds two of three seats)."""
    path = tmp_path / "compare.json"
    pig = ROOT / "examples" / "pig.rules"
    result = cli_run("compare", pig, "--players", 2, "--players", 3, "--bot", "P1=greedy",
                     "--rotate", "-n", 12, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data["rotate"] is True
    assert "--rotate: each game moves every bot one seat on" in result.output
    for kind, seats in (("greedy", (1, 1)), ("random", (1, 2))):
        shares = figure(data, f"bot {kind} wins")
        assert shares["measure"] == "fair share"
        for variant, value, difference, players, held in zip(
                data["variants"], shares["values"], shares["differences"], (2, 3), seats):
            bot = next(b for b in variant["summary"]["by_bot"] if b["bot"] == kind)
            assert value == bot["wins"] and bot["fair_share"] == round(held / players, 6)
            assert abs(difference["difference"] - (value["share"] - held / players)) < 1e-6
    assert "bot random wins (each against its fair share, its seats of the P)" in result.output
    plain = cli_run("compare", pig, "--players", 2, "--players", 3, "--bot", "P1=greedy",
                    "-n", 4, "--workers", 1)
    assert "bot greedy wins" not in plain.output and "the seats' bots differ" in plain.output
