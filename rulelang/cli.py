"""The command line: ``rulelang run``, ``rulelang check``, ``rulelang simulate``.

Exit codes: 0 success, 65 a parse or check error, 70 an error while running,
2 bad usage.
"""
from __future__ import annotations

import os
import sys
import time
from collections import Counter

import click

import rulelang
from rulelang.errors import CheckError, ParseError, RulesError, RulesRuntimeError

EXIT_DATA, EXIT_SOFTWARE, EXIT_USAGE = 65, 70, 2
BOT_KINDS = ("human", "random", "greedy", "first")


def _load(path):
    try:
        return rulelang.load(path)
    except (ParseError, CheckError) as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_DATA)
    except RulesError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_DATA if os.path.exists(path) else EXIT_USAGE)


def _options(pairs):
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"'{pair}' should be NAME=VALUE", param_hint="--option")
        options[name.strip()] = value.strip()
    return options


def _new_game(rules, players, seed, options):
    try:
        return rules.new_game(players=players, seed=seed, options=options)
    except RulesRuntimeError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_SOFTWARE)
    except RulesError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_USAGE)


def _seat_kinds(game, bots_all, bot_pairs):
    interactive = sys.stdin.isatty() and not bots_all
    kinds = {seat: "random" for seat in game.players}
    if interactive:
        kinds[0] = "human"
    for pair in bot_pairs:
        seat_text, sep, kind = pair.partition("=")
        seat = _seat_number(game, seat_text.strip())
        if not sep or seat is None or kind not in BOT_KINDS:
            raise click.BadParameter(
                f"'{pair}': write SEAT=KIND with SEAT like P1 or 0..{len(game.players) - 1} "
                f"and KIND one of {', '.join(BOT_KINDS)}", param_hint="--bot")
        if kind == "human" and not sys.stdin.isatty():
            raise click.BadParameter("a human seat needs a terminal", param_hint="--bot")
        kinds[seat] = kind
    return kinds


def _seat_number(game, text):
    if text.upper().startswith("P") and text[1:].isdigit():
        seat = int(text[1:]) - 1
    elif text.isdigit():
        seat = int(text)
    else:
        return None
    return seat if seat in game.players else None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(rulelang.__version__, prog_name="rulelang")
def cli():
    """rulelang: write the rules of a tabletop game, then play it."""


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=int, help="Number of players (default: the fewest allowed).")
@click.option("--seed", type=int, help="Seed for shuffles and dice (default: random, printed).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="Set one of the game's declared options (repeatable).")
@click.option("--bots", type=click.Choice(["all"]), help="'all': bots play every seat.")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=KIND",
              help="Who plays a seat: human, random, greedy (looks one move ahead at the "
                   "game's heuristic) or first. SEAT is P1, P2... or 0, 1...")
@click.option("--moves", "moves_file", type=click.Path(exists=True, dir_okay=False),
              help="Play these moves first (one notation per line, # comments).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Save the game to this file when the run stops.")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a game saved with --save.")
def run(file, players, seed, option_pairs, bots, bot_pairs, moves_file, save_path, load_path):
    """Play the game in FILE: you against bots, people in turn, or bots only."""
    rules = _load(file)
    if seed is None:
        seed = int.from_bytes(os.urandom(3), "big")
    if load_path:
        try:
            with open(load_path, encoding="utf-8") as saved:
                game = rules.restore(saved.read())
        except RulesError as error:
            click.echo(f"error: {load_path}: {error}", err=True)
            sys.exit(EXIT_DATA)
    else:
        game = _new_game(rules, players, seed, _options(option_pairs))
    kinds = _seat_kinds(game, bots == "all", bot_pairs)
    if moves_file:
        _replay(game, moves_file)
    from rich.console import Console
    from rulelang.session import Quit, Session
    session = Session(game, kinds, Console(), save_path, seed)
    try:
        session.play()
    except Quit:
        click.echo("stopped.")
    except KeyboardInterrupt:
        click.echo("\ninterrupted.")
    except RulesRuntimeError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_SOFTWARE)
    finally:
        if save_path:
            with open(save_path, "w", encoding="utf-8") as out:
                out.write(game.save())
    if not session.humans:
        click.echo(game.transcript(), nl=False)


def _replay(game, path):
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            move = line.split("#", 1)[0].strip()
            if not move:
                continue
            try:
                game.play(move)
            except RulesError as error:
                click.echo(f"{path}:{number}: {error}", err=True)
                sys.exit(EXIT_SOFTWARE)


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def check(files):
    """Parse and check rules files; print every problem found."""
    failed = False
    for path in files:
        try:
            rulelang.load(path)
            click.echo(f"{path}: ok")
        except RulesError as error:
            failed = True
            click.echo(error.render(), err=True)
    sys.exit(EXIT_DATA if failed else 0)


@cli.command()
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
    rules = _load(file)
    options = _options(option_pairs)
    wins, results, reasons, reports = Counter(), Counter(), Counter(), {}
    totals, decisions = Counter(), 0
    started = time.perf_counter()
    for i in range(count):
        game = _new_game(rules, players, seed + i, options)
        if i == 0:
            kinds = _seat_kinds(game, True, bot_pairs)
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


def main():
    cli(prog_name="rulelang")
