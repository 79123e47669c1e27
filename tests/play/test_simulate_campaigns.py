"""``rulelang simulate --campaign``: whole campaigns between bots, each next game with the first
value offered, as bots choose at ``rulelang run --campaign`` (docs/simulate.md). A later game
of a campaign, with what the games before left, could not be simulated from the command line."""
from __future__ import annotations

import re

from click.testing import CliRunner

import rulelang
from interpreter.bots import make_bot
from interpreter.runtime.knowledge import seat_knowledge
from rulelang.play.cli import cli
from rulelang.play.simulation.playing import bot_seed
from support import ROOT

LEAGUE = str(ROOT / "examples" / "league.rules")


def simulate(*args):
    return CliRunner().invoke(cli, ["simulate", *args], catch_exceptions=False)


def by_hand(seeds: range) -> tuple[dict[int, int], list[list[int]]]:
    """League's campaigns played with the API: P1's wins in each round, and the points."""
    rules = rulelang.load(LEAGUE)
    p1_wins = {1: 0, 2: 0, 3: 0}
    points = []
    for seed in seeds:
        campaign = rules.new_campaign(players=2, seed=seed)
        while offers := campaign.offers():
            game = campaign.next_game(offers[0])
            bots = [make_bot("random", bot_seed(game.seed, seat)) for seat in range(2)]
            while not game.is_over:
                game.play(bots[int(game.to_move)].choose(seat_knowledge(game)))
            p1_wins[offers[0]] += 0 in game.outcome_record.winners
        points.append(campaign.vars["points"])
    return p1_wins, points


def test_whole_campaigns_are_played_and_each_figure_is_what_the_games_left():
    result = simulate(LEAGUE, "--campaign", "-n", "20", "--workers", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("League: 20 campaigns (seeds 0 to 19), 2 players: P1 random, P2 random\n"
                          "each game's round: the first the campaign offers")
    assert "  games     3 on average (spread 0; from 3 to 3, median 3)" in out
    assert "  finished  all 20 (nothing more offered)" in out
    wins, points = by_hand(range(20))
    for round_ in (1, 2, 3):
        share = 100 * wins[round_] / 20
        assert re.search(rf"^  {round_}\s+20 games  P1 {share:.1f}%, P2 {100 - share:.1f}%$",
                         out, re.M), out
    means = [sum(p[i] for p in points) / 20 for i in (0, 1)]
    assert f"league points (P1 to P4)  {means[0]:.2f}, {means[1]:.2f}, 0, 0 on average" in out
    assert "level                     masters in 20" in out
    assert re.search(r"^20 campaigns \(60 games\) in [\d.]+ s on 1 worker", out, re.M)


def test_the_figures_are_the_same_on_two_workers():
    one = simulate(LEAGUE, "--campaign", "-n", "12", "--workers", "1", "--seed", "5").output
    two = simulate(LEAGUE, "--campaign", "-n", "12", "--workers", "2", "--seed", "5").output
    assert one.rsplit("\n", 2)[0] == two.rsplit("\n", 2)[0]


def test_a_cooperative_campaign_reads_as_the_teams():
    result = simulate(str(ROOT / "games" / "yami.rules"), "--campaign", "-n", "1",
                      "--players", "2", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "Games by mission (in the order first played; the team's wins, with their 95% " \
           "Wilson intervals)" in result.output
    assert re.search(r"^  moon path \(boxes ticked\)\s+12 on average", result.output, re.M)
    assert re.search(r"^  red envelope opened\s+true in 0 of 1: 0.0%", result.output, re.M)


def test_rules_without_a_campaign_or_with_its_option_given_are_refused():
    result = simulate(str(ROOT / "examples" / "nim.rules"), "--campaign", "-n", "2")
    assert result.exit_code == 2
    assert "Nim declares no campaign (campaign { ... }): leave out --campaign" in result.output
    result = simulate(LEAGUE, "--campaign", "--option", "round=2")
    assert result.exit_code == 2
    assert "option round is what the campaign offers game by game: leave out --option " \
           "round=..." in result.output
    result = simulate(LEAGUE, "--campaign", "--json", "x.json")
    assert result.exit_code == 2 and "a run of campaigns is reported as text only" in result.output


def test_a_list_left_empty_in_every_campaign_is_counted_not_left_blank():
    """Yami's "stars (missions)", a list of text empty in every campaign, was read as a number
    per place with no places: its line said "  on average" and nothing else."""
    from rulelang.play.simulation.campaigns import CampaignRecord, _at_the_end
    records = [CampaignRecord(i, i, [], [], {"stars": [], "points": [1, 3]}, True)
               for i in range(3)]
    lines = _at_the_end(records)
    assert "  stars   0 items on average (from 0 to 0)" in lines, lines
    assert "  points  1, 3 on average" in lines, lines
    result = simulate(str(ROOT / "games" / "yami.rules"), "--campaign", "-n", "1",
                      "--players", "2", "--workers", "1")
    assert not re.search(r"\S  +on average$", result.output, re.M), result.output
