"""``rulelang check``: parse and check rules files."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from rulelang.language.errors import CheckError, RulesError
from rulelang.language.loader import (  # the checker only, no interpreter
    check_as_part,
    load_library,
    load_program,
)
from rulelang.play.cli.common import EXIT_DATA


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--strict", is_flag=True,
              help="Count warnings (a hidden card's face that may leak) as errors.")
def check(files, strict):
    """Parse and check rules files; print every problem found, then the warnings."""
    failed = False
    for path in files:
        as_part = ""
        try:
            program = load_program(path)
        except CheckError as error:  # a part of another file? checked with it
            part = check_as_part(Path(path))
            if part is None:
                shown: RulesError = error  # (a library's own error, when it is one)
                try:
                    library = load_library(path)
                except RulesError as library_error:
                    library, shown = None, library_error
                if library is None:
                    failed = True
                    click.echo(shown.render(), err=True)
                    continue
                program, as_part = library, " (a library: no game of its own, for games to import)"
            else:
                as_part = f" (as part of {part.whole}, which imports it)"
            if part is not None and part.error is not None:
                failed = True
                click.echo(f"{path}: checked as part of {part.whole}, which imports it", err=True)
                click.echo(part.error.render(), err=True)
                continue
            if part is not None:
                program = part.program
                program.warnings[:] = part.own()
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
            click.echo(f"{path}: ok{as_part}, {len(warned)} warning{s}")
        else:
            click.echo(f"{path}: ok{as_part}")
    sys.exit(EXIT_DATA if failed else 0)
