"""Whole campaigns between bots (``rulelang simulate --campaign``): how far the bots get, in how
many games, what each game offered went like, and what the campaign's variables come to.

Campaign ``i`` is started with the seed ``first_seed + i``; its games are seeded from it as
``rulelang run --campaign`` seeds them (``campaign.game_seed``), and each game's bots from the
game's seed (``playing.bot_seed``). Each next game is played with the first value the campaign
offers, as bots choose at ``rulelang run --campaign`` with no person at the table.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from rulelang.play.simulation.playing import GameFailure, GameRecord
from rulelang.play.simulation.report import (
    games,
    interval,
    number,
    percent,
    seconds_text,
    spread_text,
)
from rulelang.play.simulation.stats import spread, wilson
from rulelang.play.simulation.summary import value_text

if TYPE_CHECKING:
    from rulelang.play.simulation.playing import Table
    from rulelang.play.simulation.runner import Run

# Games in one campaign, at most: a campaign that offers more is taken for one these bots never
# finish (its record says so: not an error, the figures are still worth reading).
MAX_CAMPAIGN_GAMES = 1000


@attrs.frozen
class CampaignRecord:
    """One campaign played to its end (or to ``MAX_CAMPAIGN_GAMES``): plain data."""
    index: int
    seed: int
    games: list  # GameRecord of each game, in order
    choices: list  # each game's value of the offered option, as text
    end: dict  # each labelled campaign variable (by its label) -> its plain value at the end
    finished: bool  # nothing more offered (False: stopped at MAX_CAMPAIGN_GAMES)


def play_campaign(table: Table, index: int, seed: int) -> CampaignRecord | GameFailure:
    """Campaign ``index`` between the simulation's bots, each game with the first offer."""
    sim = table.simulation
    campaign = table.rules.new_campaign(players=sim.players, seed=seed, options=sim.options)
    records: list[GameRecord] = []
    choices: list[str] = []
    finished = False
    while len(records) < MAX_CAMPAIGN_GAMES:
        offers = campaign.offers()
        if not offers:
            finished = True
            break
        game = campaign.next_game(offers[0])
        record = table.played(game, index, game.seed)
        if isinstance(record, GameFailure):
            return GameFailure(index, seed, f"{record.message}\n(game {len(records) + 1} of the "
                                            f"campaign, {campaign.offered} {offers[0]})")
        records.append(record)
        choices.append(str(offers[0]))
    program = table.rules.program
    end = {var.label: value for name, value in campaign.vars.items()
           if (var := program.vars[name]).label}
    return CampaignRecord(index, seed, records, choices, end, finished)


def render(run: Run, title: str, offered: str, seat_names: list[str], bots: str,
           cooperative: bool) -> str:
    """The report of a run of campaigns, as plain text."""
    records: list[CampaignRecord] = run.records
    n = len(records)
    sim = run.simulation
    lines = [f"{title}: {n:,} campaigns (seeds {sim.first_seed} to {sim.first_seed + n - 1}), "
             f"{sim.players} players: {bots}",
             f"each game's {offered}: the first the campaign offers (as bots choose at "
             "`rulelang run --campaign`)", ""]
    if not records:
        return "\n".join(lines + ["no campaign finished"]) + "\n"
    finished = sum(r.finished for r in records)
    lengths = spread(len(r.games) for r in records)
    assert lengths is not None  # (some records)
    lines += ["Campaigns",
              f"  games     {spread_text(lengths)}",
              f"  finished  {finished} of {n} (nothing more offered; the others stopped at "
              f"{MAX_CAMPAIGN_GAMES:,} games)" if finished < n else
              f"  finished  all {n} (nothing more offered)", ""]
    lines += _by_choice(records, offered, seat_names, cooperative)
    lines += _at_the_end(records)
    return "\n".join(lines).rstrip("\n") + "\n"


def _by_choice(records: list[CampaignRecord], offered: str, seat_names: list[str],
               cooperative: bool) -> list[str]:
    played: dict[str, list[GameRecord]] = {}
    for r in records:
        for choice, game in zip(r.choices, r.games):
            played.setdefault(choice, []).append(game)
    heading = ("the team's wins, with their 95% Wilson intervals" if cooperative
               else "the share of the games each seat won")
    lines = [f"Games by {offered} (in the order first played; {heading})"]
    width = max(len(c) for c in played)
    for choice, games_played in played.items():
        total = len(games_played)
        if cooperative:
            rate = wilson(sum(g.result == "win" for g in games_played), total)
            said = f"{percent(rate.share)} ({interval(rate)})"
        else:
            said = ", ".join(f"{name} {percent(sum(seat in g.winners for g in games_played) / total)}"
                             for seat, name in enumerate(seat_names))
        lines.append(f"  {choice:<{width}}  {games(total):>10}  {said}")
    return [*lines, ""]


def _at_the_end(records: list[CampaignRecord]) -> list[str]:
    labels = list(records[0].end)
    if not labels:
        return []
    lines = ["At each campaign's end (its labelled variables)"]
    width = max(len(label) for label in labels)
    n = len(records)
    for label in labels:
        values = [r.end[label] for r in records]
        if all(isinstance(v, bool) for v in values):
            rate = wilson(sum(values), n)
            said = f"true in {rate.count} of {n}: {percent(rate.share)} ({interval(rate)})"
        elif all(_is_number(v) for v in values):
            said = spread_text(spread(values))  # type: ignore[arg-type]
        elif all(isinstance(v, list) and len(v) == len(values[0]) > 0
                 and all(_is_number(x) for x in v) for v in values):  # a number per place
            # (lists empty in every campaign are counted below: no place has a mean)
            means = [sum(v[i] for v in values) / n for i in range(len(values[0]))]
            said = f"{', '.join(number(m) for m in means)} on average"
        elif all(isinstance(v, list) for v in values):
            sizes = spread(len(v) for v in values)
            said = f"{number(sizes.mean)} items on average (from {number(sizes.low)} to " \
                   f"{number(sizes.high)})" if sizes is not None else ""
        else:
            common = Counter(value_text(v) for v in values).most_common(3)
            said = ", ".join(f"{text} in {count}" for text, count in common)
        lines.append(f"  {label:<{width}}  {said}")
    return [*lines, ""]


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def speed(run: Run) -> str:
    """The closing line: how many campaigns and games, in how long, on what."""
    played = sum(len(r.games) for r in run.records)
    seconds = max(run.elapsed, 1e-9)
    where = f"Ray ({run.workers} CPUs)" if run.backend == "ray" else (
        "1 worker" if run.workers == 1 else f"{run.workers} workers")
    return (f"{len(run.records):,} campaigns ({games(played)}) in {seconds_text(run.elapsed)} on "
            f"{where}: {played / seconds:,.1f} games/s")
