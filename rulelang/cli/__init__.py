"""The command line: ``rulelang run``, ``check``, ``simulate``, ``serve`` and the rest.

Each command lives in its own module here and is imported only when it is the
one asked for, so ``rulelang check`` does not pay for what ``simulate`` needs.
Exit codes: 0 success, 65 a parse or check error, 70 an error while running,
2 bad usage.
"""
from __future__ import annotations

import importlib

import click

import rulelang

# command name -> module in this package defining a click command of the same name
COMMANDS = {
    "run": "run",
    "check": "check",
    "simulate": "simulate",
    "serve": "serve",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use (click's documented pattern)."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        module = COMMANDS.get(name)
        if module is None:
            return None
        return getattr(importlib.import_module(f"rulelang.cli.{module}"), name.replace("-", "_"))


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(rulelang.__version__, prog_name="rulelang")
def cli():
    """rulelang: write the rules of a tabletop game, then play it."""


def main():
    cli(prog_name="rulelang")
