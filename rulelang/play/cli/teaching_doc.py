"""``rulelang doc``: one HTML page for teaching, the players' rulebook with, beside each rule,
the .rules code that makes it happen and the scenarios that test it (linked both ways)."""
from __future__ import annotations

from pathlib import Path

import click

from rulelang.language.errors import RulesError
from rulelang.play.cli import EXIT_IO
from rulelang.play.cli.common import EXIT_USAGE, load_rules, parse_options
from rulelang.tools import rulebook, teaching_page
from rulelang.tools.scenarios import scenario_path


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Where to write the page (default: FILE with .html; '-' for stdout).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="An option in force (the page says which values are).")
@click.option("--players", type=int, default=None, help="Players, for the values that depend on it.")
def doc(file, output, option_pairs, players):
    """Write one HTML page of FILE for teaching: each rule of the rulebook beside its code
    and the scenarios that test it."""
    loaded = load_rules(file)
    options = parse_options(option_pairs)
    try:
        loaded.new_game(players=players, seed=0, options=options)  # the options, checked
    except RulesError as error:
        click.echo(f"rulelang doc: {error.diagnostics[0].message}", err=True)
        raise SystemExit(EXIT_USAGE) from None
    book = rulebook.build(loaded, options, scenario_path(file), players)
    root = str(Path(file).resolve().parent)
    text = teaching_page.page(book, loaded.teaching.sources, root)
    if output == "-":
        click.echo(text, nl=False)
        return
    target = Path(output) if output else Path(file).with_suffix(".html")
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        click.echo(f"rulelang doc: cannot write {target}: {error.strerror}", err=True)
        raise SystemExit(EXIT_IO) from None
    click.echo(f"wrote {target}")
