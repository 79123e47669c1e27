"""A failure while rules run, as an error that points at the ``.rules`` file.

The generated module remembers, for each of its lines, which unit it belongs to and
which statement it runs (``compiler.source.Writer``). The innermost line of a unit in
the traceback is the statement that failed (a function's own lines are skipped: an
error inside one is reported at the statement that called it, as is a runaway count).
"""
from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

import attrs

from interpreter.runtime.python_errors import in_words
from interpreter.runtime.values import Fail
from rulelang.language.errors import Diagnostic, RulesRuntimeError, Span

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game


class GameOver(Exception):
    """Raised by ``Game.finish`` to leave whatever rules were running."""


# What a ruleset's code may raise as it runs, each turned into a RulesRuntimeError that says
# where (``runtime_error``): the rules' own failures, and Python's where the rules fail it
GUARDED = (Fail, RecursionError, TypeError, AttributeError, KeyError, IndexError, ValueError)


@attrs.frozen
class LineOrigin:
    """Where a line of the generated module comes from (``Compiled.where``, one a line)."""
    region: str | None  # the unit's name ("rule deal"), or None inside a function or helper
    span: Span | None  # the rules statement it runs


def runtime_error(g: Game, error: BaseException) -> RulesRuntimeError:
    origin = locate(g, error.__traceback__)
    text = f"in {origin.region}: {message(error)}"
    failure = RulesRuntimeError(text, [Diagnostic(text, origin.span)], g.rules.program.sources)
    failure.game = g
    return failure


def message(error: BaseException) -> str:
    if isinstance(error, Fail):
        return str(error)
    if isinstance(error, RecursionError):
        return ("rules and functions call one another too deeply (a chain of calls some "
                "hundreds long, or one that never ends)")
    worded = in_words(error)
    if worded is not None:
        return worded
    return f"{error.__class__.__name__}: {error}"


def locate(g: Game, tb: TracebackType | None) -> LineOrigin:
    """The unit and the statement of the innermost line of a unit in the traceback."""
    code = g.rules.code
    found = LineOrigin("setting up the game", None)
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == code.filename:
            origin = code.where[tb.tb_lineno - 1]
            if origin.region is not None:
                found = origin
        tb = tb.tb_next
    return found
