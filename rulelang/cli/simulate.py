"""``rulelang simulate``: many games between bots, and what happened in them."""
from __future__ import annotations

import sys
import time
from collections import Counter

import click

from rulelang.cli.common import EXIT_SOFTWARE, load_rules, new_game, parse_options, seat_kinds
from rulelang.errors import RulesRuntimeError


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--games", "count", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--players", type=int, help="Number of players (default: the fewest allowed).")
@click.option("--seed", type=int, default=0, show_default=True, help="First seed.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=KIND",
              help="A seat's bot instead of random: greedy or first (repeatable).")
def simulate(file, count, players, seed, option_pairs, bot_pairs):
    """Play many games with bots and report who wins, and why."""
    from interpreter.bots import make_bot
    rules = load_rules(file)
    options = parse_options(option_pairs)
    wins, results, reasons, reports = Counter(), Counter(), Counter(), {}
    totals, decisions = Counter(), 0
    started = time.perf_counter()
    for i in range(count):
        game = new_game(rules, players, seed + i, options, log=False)  # no one reads it
        if i == 0:
            kinds = seat_kinds(game, True, bot_pairs)
            if "human" in kinds.values():
                raise click.BadParameter("simulate plays bots only", param_hint="--bot")
        bots = {s: make_bot(k, (seed + i) * 101 + s) for s, k in kinds.items()}
        try:
            while not game.is_over:
                game.play(bots[game.to_move].choose(game))
                decisions += 1
        except RulesRuntimeError as error:
            click.echo(error.render(), err=True)
            sys.exit(EXIT_SOFTWARE)
        outcome = game.outcome
        results[outcome["result"]] += 1
        wins.update(outcome["winners"])
        totals.update(outcome["scores"])
        reasons[outcome.get("reason")] += 1
        for key, value in outcome.items():
            if key not in ("scores", "winners", "result", "reason"):
                reports.setdefault(key, Counter())[str(value)] += 1
    elapsed = time.perf_counter() - started
    seats = sorted(totals) or game.players
    shown = ", ".join(f"{game.seat_name(s)} {k}" for s, k in kinds.items())
    click.echo(f"{rules.title}: {count} games, {game.nplayers} players ({shown})")
    for result, n in sorted(results.items()):
        click.echo(f"  {result:6} {n:6}  ({100 * n / count:.1f}%)")
    for seat in seats:
        click.echo(f"  {game.seat_name(seat):6} wins {wins[seat]:6}  ({100 * wins[seat] / count:.1f}%)"
                   f", average score {totals[seat] / count:.2f}")
    for reason, n in reasons.most_common(8):
        if reason:
            click.echo(f"  why: {reason}: {n}")
    for key, counter in reports.items():
        shown = ", ".join(f"{v}: {n}" for v, n in counter.most_common(6))
        click.echo(f"  {key}: {shown}")
    click.echo(f"  {count / elapsed:.1f} games/s, {decisions / elapsed:.0f} decisions/s, "
               f"{decisions / count:.1f} decisions per game")
