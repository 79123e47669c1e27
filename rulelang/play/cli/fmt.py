"""``rulelang fmt``: lay out rules files the one canonical way (see rulelang/tools/formatter.py)."""
from __future__ import annotations

import sys

import click

from rulelang.language.errors import RulesError
from rulelang.language.loader import MAX_SOURCE
from rulelang.play.cli.common import EXIT_DATA

EXIT_WOULD_CHANGE = 1


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--check", is_flag=True,
              help="Change nothing; list the files that are not formatted and exit 1 if any.")
@click.option("--upgrade", is_flag=True,
              help="Also rewrite older spellings the language now refuses (place, a bare win "
                   "in a cooperative game, reveal c.field...) as it spells them now.")
def fmt(files, check, upgrade):
    """Format rules files in place (FILE '-' reads standard input and writes standard output)."""
    from pathlib import Path

    from rulelang.tools.formatter import format_text
    from rulelang.tools.upgrade import upgrade_text
    failed = changed = False
    for path in files:
        try:
            text = _read_stdin() if path == "-" else _read(path)
            name = "<stdin>" if path == "-" else path
            source = upgrade_text(text, name, None if path == "-" else Path(path)) \
                if upgrade else text
            result = format_text(source, name)
        except RulesError as error:
            failed = True
            click.echo(error.render(), err=True)
            continue
        if path == "-":
            if not check:
                sys.stdout.write(result)
            changed |= result != text
            continue
        if result == text:
            continue
        changed = True
        if check:
            click.echo(f"{path}: not formatted", err=True)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as out:
                out.write(result)
            click.echo(f"{path}: formatted", err=True)
    if failed:
        sys.exit(EXIT_DATA)
    sys.exit(EXIT_WOULD_CHANGE if check and changed else 0)


def _read_stdin():
    text = sys.stdin.read(MAX_SOURCE + 1)
    if len(text) > MAX_SOURCE:
        raise RulesError(f"<stdin>: too long (a .rules file may have at most {MAX_SOURCE:,} "
                         "characters)")
    return text


def _read(path):
    if not path.endswith(".rules"):
        raise RulesError(f"{path}: not a .rules file")
    try:
        with open(path, encoding="utf-8", newline="") as source:
            text = source.read(MAX_SOURCE + 1)  # no more: a huge file is refused, not read
        if len(text) > MAX_SOURCE:
            raise RulesError(f"{path}: too long (a .rules file may have at most "
                             f"{MAX_SOURCE:,} characters)")
        return text
    except FileNotFoundError:
        raise RulesError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path}: cannot read it (it is not UTF-8 text)") from None
    except OSError as error:
        raise RulesError(f"{path}: cannot read it ({error.strerror})") from None
