"""``rulelang rules``: the players' rulebook of a game, assembled from its rules (their
``about`` and ``explain`` texts, tables, options) and its scenarios as worked examples."""
from __future__ import annotations

import shutil

import click

from rulelang.language.errors import RulesError
from rulelang.play.cli.common import EXIT_USAGE, load_rules, parse_options
from rulelang.tools import rulebook
from rulelang.tools.scenarios import scenario_path


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="An option in force (the rulebook says which values are).")
@click.option("--players", type=int, default=None, help="Players, for the values that depend on it.")
@click.option("--width", type=click.IntRange(40, 400), default=None,
              help="Wrap the text to this many columns (default: the terminal's, at most 100).")
@click.option("--check", "check_only", is_flag=True,
              help="List what the rulebook says nothing about; exit 1 if anything.")
def rules(file, option_pairs, players, width, check_only):
    """Print the players' rulebook of FILE: how to play, from the rules themselves."""
    loaded = load_rules(file)
    options = checked_options("rules", loaded, option_pairs, players)
    if check_only:
        missing = rulebook.gaps(loaded, scenario_path(file))
        for gap in missing:
            click.echo(f"{file}: {gap}")
        if not missing:
            click.echo(f"{file}: every option, rule and block has its text")
        raise SystemExit(1 if missing else 0)
    book = rulebook.build(loaded, options, scenario_path(file), players)
    width = width or min(shutil.get_terminal_size((80, 24)).columns, 100)
    click.echo("\n".join(rulebook.text(book, width)))


def rulebook_of(command, file, loaded, option_pairs, players):
    """The rulebook of FILE with these options (checked by starting a game with them: a
    wrong one ends the command with its message)."""
    options = checked_options(command, loaded, option_pairs, players)
    return rulebook.build(loaded, options, scenario_path(file), players)


def checked_options(command, loaded, option_pairs, players):
    """The options given, checked with the number of players by starting a game with them
    (a wrong one ends the command with its message, --check too)."""
    options = parse_options(option_pairs)
    try:
        loaded.new_game(players=players, seed=0, options=options)
    except RulesError as error:
        click.echo(f"rulelang {command}: {error.diagnostics[0].message}", err=True)
        raise SystemExit(EXIT_USAGE) from None
    return options
