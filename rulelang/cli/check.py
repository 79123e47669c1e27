"""``rulelang check``: parse and check rules files."""
from __future__ import annotations

import sys

import click

from rulelang.cli.common import EXIT_DATA
from rulelang.errors import RulesError
from rulelang.loader import load_program  # the checker only: checking needs no interpreter


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--strict", is_flag=True,
              help="Count warnings (a hidden card's face that may leak) as errors.")
def check(files, strict):
    """Parse and check rules files; print every problem found, then the warnings."""
    failed = False
    for path in files:
        try:
            program = load_program(path)
        except RulesError as error:
            failed = True
            click.echo(error.render(), err=True)
            continue
        warned = [w for w in program.warnings if w.severity == "warning"]
        for warning in program.warnings:
            click.echo(warning.render(program.sources), err=True)
        if warned:
            failed = failed or strict
            s = "s" if len(warned) != 1 else ""
            click.echo(f"{path}: ok, {len(warned)} warning{s}")
        else:
            click.echo(f"{path}: ok")
    sys.exit(EXIT_DATA if failed else 0)
