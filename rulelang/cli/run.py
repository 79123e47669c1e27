"""``rulelang run``: play a game at the terminal, or print a game played by bots."""
from __future__ import annotations

import os
import sys

import click

from rulelang.cli.common import (EXIT_DATA, EXIT_SOFTWARE, load_rules, new_game, parse_options,
                                 seat_kinds)
from rulelang.errors import RulesError, RulesRuntimeError


@click.command()
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
    rules = load_rules(file)
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
        game = new_game(rules, players, seed, parse_options(option_pairs))
    kinds = seat_kinds(game, bots == "all", bot_pairs)
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
