"""The command line: ``rulelang run``, ``check``, ``test``, ``simulate``, ``compare``, ``serve`` and the rest.

Each command lives in its own module here and is imported only when it is the
one asked for, so ``rulelang check`` does not pay for what ``simulate`` needs.
Exit codes: 0 success, 65 a parse or check error, 70 an error while running,
2 bad usage.
"""
from __future__ import annotations

import errno
import importlib
import io
import os
import sys

import click

import rulelang

# command name -> module in this package defining a click command of the same name
COMMANDS = {
    "run": "run",
    "check": "check",
    "simulate": "simulate",
    "compare": "compare",
    "info": "info",
    "fmt": "fmt",
    "lsp": "lsp",
    "compile": "compile",
    "serve": "serve",
    "test": "test",
    "rules": "print_rules",
    "doc": "teaching_doc",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use (click's documented pattern)."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        module = COMMANDS.get(name)
        if module is None:
            return None
        return getattr(importlib.import_module(f"rulelang.play.cli.{module}"), name.replace("-", "_"))


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(rulelang.__version__, prog_name="rulelang")
def cli():
    """rulelang: write the rules of a tabletop game, then play it."""


EXIT_IO = 74  # sysexits' EX_IOERR: the terminal or a file could not be read or written


def main():
    """The ``rulelang`` command. Whatever goes wrong with the streams around it (stdin closed,
    stdout a full disk or a closed pipe), it ends with one line and a documented exit code."""
    if sys.stdin is None or sys.stdin.closed:  # started with stdin closed: read nothing
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (stdin for the process)
    if sys.stdout is None or sys.stdout.closed:  # started with stdout closed (>&-)
        sys.stdout = _Closed()
    try:
        cli(prog_name="rulelang", standalone_mode=False)
    except click.exceptions.Abort:
        _say("interrupted.")
        sys.exit(130)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        _say("\ninterrupted.")
        sys.exit(130)
    except OSError as error:  # a broken pipe, a full disk, a terminal gone
        _io_failure(error)
    else:
        try:
            if not sys.stdout.closed:  # the language server closes it on 'exit'
                sys.stdout.flush()
        except OSError as error:  # the last of the output did not fit
            _io_failure(error)


def _io_failure(error):
    _quiet_stdout()
    if isinstance(error, BrokenPipeError):  # a reader that stopped early wanted no more
        pass
    elif error.filename:
        _say(f"rulelang: {error.filename}: {error.strerror or error}")
    else:
        _say(f"rulelang: cannot write the output: {error.strerror or error}")
    sys.exit(EXIT_IO)


def _say(text):
    try:
        click.echo(text, err=True)
    except OSError:
        pass


class _Closed(io.TextIOBase):
    """Stdout when it was closed: writing to it fails as writing to a closed descriptor does
    (one line, exit 74), and a command that writes nothing there still works."""

    def writable(self):
        return True

    def write(self, text):
        raise OSError(errno.EBADF, "standard output is closed")


def _quiet_stdout():
    """Point stdout at nothing, so Python's own flush at exit cannot fail a second time."""
    try:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (as stdin above)
    except OSError:
        pass
