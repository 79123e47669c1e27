"""``rulelang run``: play a game at the terminal, or print a game played by bots."""
from __future__ import annotations

import secrets
import sys

import click

from rulelang.cli.common import (EXIT_DATA, EXIT_SOFTWARE, THINK_HELP, load_rules, new_game,
                                 parse_options, seat_kinds)
from rulelang.errors import RulesError, RulesRuntimeError
from rulelang.terminal.session import message_of


class GameHelp(click.Command):
    """``run FILE --help`` also describes the game in FILE: its seats and options."""

    def parse_args(self, ctx, args):
        files = [a for a in args if a.endswith(".rules") and not a.startswith("-")]
        if files:
            ctx.meta["rules_file"] = files[0]
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        file = ctx.meta.get("rules_file")
        if not file:
            formatter.write_paragraph()
            formatter.write_text("rulelang run FILE --help (or rulelang info FILE) also lists "
                                 "that game's options and seats.")
            return
        import rulelang
        from rulelang.cli.info import describe
        try:
            text = describe(rulelang.load(file), file)
        except rulelang.RulesError as error:
            text = f"{file}: {message_of(error)}"
        formatter.write_paragraph()
        for line in text.splitlines():
            formatter.write(line + "\n")


@click.command(cls=GameHelp)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=int, help="Number of players (default: the fewest allowed).")
@click.option("--seed", type=int, help="Seed for shuffles and dice (default: random; printed "
              "when the game is over).")
@click.option("--bot-seed", type=int, help="Seed for the bots' own choices (default: random when "
              "a person plays; with bots only, taken from --seed so a run replays).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="Set one of the game's declared options (repeatable).")
@click.option("--bots", type=click.Choice(["all"]), help="'all': bots play every seat.")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=KIND",
              help="Who plays a seat: human, random, greedy (looks one move ahead at the "
                   "game's heuristic), mcts (a tree search: stronger, slower) or first. SEAT is "
                   "P1, P2... (or 1, 2...). Seats not named: random, or in a cooperative game "
                   "an mcts partner.")
@click.option("--think", type=click.FloatRange(0, min_open=True), metavar="SECONDS",
              help=THINK_HELP)
@click.option("--moves", "moves_file", type=click.Path(exists=True, dir_okay=False),
              help="Play these moves first (one notation per line, # comments).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Save the game to this file when the run stops (and when you type 'save').")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a saved game; 'save' and quitting save back to this file "
                   "unless --save names another.")
def run(file, players, seed, bot_seed, option_pairs, bots, bot_pairs, think, moves_file,
        save_path, load_path):
    """Play the game in FILE: you against bots, people in turn, or bots only."""
    rules = load_rules(file)
    if seed is None:
        # Wide enough that no one can find it by trying seeds against what the table shows.
        seed = secrets.randbits(63)
    if load_path:
        game = load_game(rules, load_path)
    else:
        game = new_game(rules, players, seed, parse_options(option_pairs))
    kinds = seat_kinds(game, bots == "all", bot_pairs)
    if moves_file:
        _replay(game, moves_file)
    from rich.console import Console
    from rulelang.terminal.session import Quit, Session
    bot_seed = bots_seed(bot_seed, kinds, game)
    # 'save' (and stopping) writes to --save FILE, or back to the file the game was loaded from
    session = Session(game, kinds, Console(), save_path or load_path, bot_seed, copy=rules.restore,
                      think=think)
    stopped, interrupted = None, False
    try:
        session.play()
    except Quit as stop:
        stopped = stop.saved_to or False
    except KeyboardInterrupt:
        stopped, interrupted = session.saved_on_stop() or False, True
    except RulesRuntimeError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_SOFTWARE)
    if stopped is not None:
        click.echo(("\ninterrupted; " if interrupted else "stopped: ")
                   + (f"the game is saved to {stopped} (--load goes on with it)" if stopped
                      else "the game was not saved"))
        if interrupted:
            sys.exit(130)
        return
    if session.save_path:
        session.write_save(session.save_path)
    if not session.humans:
        click.echo(game.transcript(), nl=False)
    elif game.is_over:  # nothing is secret any more: say how to replay it
        click.echo(f"seed {game.seed}, bot seed {bot_seed} (--seed and --bot-seed replay it)")


def load_game(rules, path):
    try:
        with open(path, encoding="utf-8") as saved:
            return rules.restore(saved.read())
    except RulesError as error:
        click.echo(f"error: {path}: {message_of(error)}", err=True)
        sys.exit(EXIT_DATA)
    except (OSError, UnicodeDecodeError) as error:
        click.echo(f"error: {path}: cannot read it ({error})", err=True)
        sys.exit(EXIT_DATA)


def bots_seed(given, kinds, game):
    """The seed of the bots' own choices. A bot's moves are seen by everyone: with a person
    at the table they must owe nothing to the game's seed, or they would hint at it (and so
    at every hidden card). With bots only there is no one to hide from, and the run replays."""
    if given is not None:
        return given
    return secrets.randbits(63) if "human" in kinds.values() else game.seed


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
