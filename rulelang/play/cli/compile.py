"""``rulelang compile``: print the Python a rules file is compiled to."""
from __future__ import annotations

import click

from rulelang.play.cli.common import load_rules


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
def compile(file):
    """Print the Python source FILE's rules are compiled to and run as.

    Rules that can pause for a decision are resumable state machines (their position
    is plain data, saved with the game); everything else is plain functions."""
    click.echo(load_rules(file).source(), nl=False)
