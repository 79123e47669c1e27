"""``rulelang simulate``'s figures of how decisions were answered and of the turn order:
how often a yes-or-no question was answered yes (seat by seat where the bots differ), and
whether a place in the turn order wins more (three players or more)."""
from __future__ import annotations

import json
import re

import pytest

from support import cli_run

PUSH = ('game "Push"\nplayers 2\nvar rolls: int = 0\nturn {\n'
        '  choose again in [true, false] prompt "roll again"\n'
        '  rolls += 1\n  if rolls >= 20 { end }\n}\nscore p = 0\n')


def test_a_yes_or_no_decision_says_how_often_it_was_answered_yes(tmp_path):
    """A push-your-luck designer asks how often the bots rolled again: the kinds' table said
    how many such decisions there were, never how they were answered. Random bots (the lean
    path) say yes about half the time; `first` bots (the full path) always."""
    rules = tmp_path / "push.rules"
    rules.write_text(PUSH)
    path = tmp_path / "push.json"
    result = cli_run("simulate", rules, "-n", 50, "--workers", 1, "--json", path)
    assert result.exit_code == 0, result.output
    said = re.search(r"answered yes \(of its yes-or-no decisions\): roll again (\d+\.\d)%",
                     result.output)
    assert said is not None, result.output
    assert 40 < float(said.group(1)) < 60
    kind = json.loads(path.read_text(encoding="utf-8"))["kinds"][0]
    assert 0.4 < kind["yes"] < 0.6
    first = cli_run("simulate", rules, "-n", 5, "--workers", 1, "--bots", "first")
    assert "roll again 100.0%" in first.output, first.output
    assert "(P1" not in first.output  # the same bot at every seat: one share


def test_seats_whose_bots_differ_say_each_how_often_it_answered_yes(tmp_path):
    """mcts against advice: which of them pushes its luck further? The share answered yes
    was one figure for both seats."""
    rules = tmp_path / "push.rules"
    rules.write_text(PUSH)
    path = tmp_path / "push.json"
    result = cli_run("simulate", rules, "-n", 30, "--workers", 1, "--bot", "P1=first",
                     "--bot", "P2=random", "--json", path)
    assert result.exit_code == 0, result.output
    said = re.search(r"roll again \d+\.\d% \(P1 100\.0%, P2 (\d+\.\d)%\)", result.output)
    assert said is not None and 35 < float(said.group(1)) < 65, result.output
    seats = json.loads(path.read_text(encoding="utf-8"))["kinds"][0]["seat_yes"]
    assert [s["seat"] for s in seats] == ["P1", "P2"] and seats[0]["share"] == 1


def test_three_players_are_told_whether_a_place_in_the_turn_order_wins_more(tmp_path):
    """Only the first player's wins were tested: a third seat that always wins read as "the
    first player wins less", never as the third place winning more."""
    rules = tmp_path / "third.rules"
    rules.write_text('game "Third"\nplayers 2..4\nturn {\n'
                     '  choose n in 1..2 prompt "wait"\n'
                     '  if current == P3 or (player_count == 2 and current == P2) { win current }\n'
                     '}\nscore p = 0\n')
    path = tmp_path / "third.json"
    result = cli_run("simulate", rules, "--players", 3, "-n", 40, "--workers", 1,
                     "--json", path)
    assert result.exit_code == 0, result.output
    assert ("wins by place in the turn order (1st: the first player): 1st 0.0%, 2nd 0.0%, "
            "3rd 100.0%") in result.output
    assert "the places differ (chi-square test of the 40 games with one winner, p < 0.001)" \
        in result.output
    order = json.loads(path.read_text(encoding="utf-8"))["turn_order"]
    assert order["games"] == 40 and order["significant"]
    two = cli_run("simulate", rules, "--players", 2, "-n", 10, "--workers", 1)
    assert "turn order" not in two.output  # two players: the first player's test says it all


def test_the_chi_square_test_s_tail_is_the_distribution_s():
    """Pearson's chi-square against equal chances, worked out without scipy: its values
    for odd and even degrees of freedom (scipy.stats.chi2.sf, to 12 digits)."""
    from rulelang.play.simulation.stats import chi_square_even
    assert chi_square_even([61, 57, 35, 47]) == pytest.approx(0.0443869593673832, rel=1e-9)
    assert chi_square_even([30, 20, 10]) == pytest.approx(0.00673794699908547, rel=1e-9)
    assert chi_square_even([5, 9, 20, 7, 11]) == pytest.approx(0.0112757939473318, rel=1e-9)
    assert chi_square_even([10, 12]) == pytest.approx(0.669815357599417, rel=1e-9)
    assert chi_square_even([50, 50, 50]) == 1.0 and chi_square_even([0, 0, 0]) == 1.0
