"""``rulelang check``: parse and check rules files."""
from __future__ import annotations

import sys

import click

from rulelang.cli.common import EXIT_DATA
from rulelang.errors import RulesError
from rulelang.loader import load_program  # the checker only: checking needs no interpreter


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def check(files):
    """Parse and check rules files; print every problem found."""
    failed = False
    for path in files:
        try:
            load_program(path)
            click.echo(f"{path}: ok")
        except RulesError as error:
            failed = True
            click.echo(error.render(), err=True)
    sys.exit(EXIT_DATA if failed else 0)
