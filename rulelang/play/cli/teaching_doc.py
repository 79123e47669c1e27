"""``rulelang doc``: one HTML page for teaching, the players' rulebook with, beside each rule,
the .rules code that makes it happen and the scenarios that test it (linked both ways)."""
from __future__ import annotations

from pathlib import Path

import click

from rulelang.play.cli import EXIT_IO
from rulelang.play.cli.common import load_rules
from rulelang.play.cli.print_rules import rulebook_of
from rulelang.tools import teaching_page


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
    book = rulebook_of("doc", file, loaded, option_pairs, players)
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
