"""Errors an author or a player sees, and how they are printed.

Every error that can reach a user carries a position when it has one and is
printed as ``FILE:LINE:COL: error: MESSAGE``, then the source line, then carets
under the span, then a hint. Nothing here ever shows a Python traceback.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs


@attrs.frozen
class Span:
    """Where a piece of source text lives: 1-based lines and columns."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@attrs.frozen
class Fix:
    """What to write instead of an old spelling: the text that replaces ``span``
    (``rulelang fmt --upgrade`` applies it)."""

    span: Span
    text: str


@attrs.frozen
class Diagnostic:
    message: str
    span: Span | None = None
    hint: str | None = None
    severity: str = "error"
    fix: Fix | None = None

    def render(self, sources: dict[str, str] | None = None) -> str:
        where = f"{self.span}: " if self.span else ""
        lines = [f"{where}{self.severity}: {self.message}"]
        text = (sources or {}).get(self.span.file) if self.span else None
        if text is not None and self.span is not None:
            lines.extend(_excerpt(text, self.span))
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)


def source_lines(text: str) -> list[str]:
    """A file's lines as the parser numbers them: split at line feeds only (splitlines
    would also split at U+2028, a form feed... that may stand inside a comment or text)."""
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    return lines[:-1] if len(lines) > 1 and lines[-1] == "" else lines


def span_text(sources: Mapping[str, str], span: Span | None) -> str | None:
    """The source text a span covers, as written (its lines joined by line feeds); None when
    its file or its lines are not in ``sources``."""
    text = sources.get(span.file) if span is not None else None
    if text is None or span is None:
        return None
    lines = source_lines(text)
    if not 1 <= span.line <= span.end_line <= len(lines):
        return None
    if span.line == span.end_line:
        return lines[span.line - 1][span.col - 1:span.end_col - 1]
    return "\n".join([lines[span.line - 1][span.col - 1:], *lines[span.line:span.end_line - 1],
                      lines[span.end_line - 1][:span.end_col - 1]])


def _excerpt(text: str, span: Span) -> list[str]:
    lines = source_lines(text)
    if not 1 <= span.line <= len(lines):
        return []
    raw = lines[span.line - 1]
    line = raw.expandtabs(4)
    # columns count characters; a tab shows as several spaces, so measure on the shown text
    start = len(raw[:max(span.col - 1, 0)].expandtabs(4))
    end = (len(raw[:max(span.end_col - 1, 0)].expandtabs(4)) if span.end_line == span.line
           else len(line.rstrip()))
    width = max(end - start, 1)
    return ["    " + line.rstrip(), "    " + " " * start + "^" * width]


class RulesError(Exception):
    """Anything wrong with a ruleset, its use, or a move. Base of all rulelang errors."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None,
                 sources: dict[str, str] | None = None):
        self.diagnostics = diagnostics or [Diagnostic(message)]
        self.sources = sources or {}
        super().__init__(message)

    def render(self) -> str:
        return "\n".join(d.render(self.sources) for d in self.diagnostics)

    def words(self) -> str:
        """The error's words, without the 'error:' and the place its printed form gives: its
        errors' messages (one, but for a file's), on one line for a status line; the notes
        ("called from fn side", "3 more error(s) not shown") are for the full report."""
        said = [d.message for d in self.diagnostics if d.severity != "note"]
        return "; ".join(said or [d.message for d in self.diagnostics[:1]])

    def __str__(self) -> str:  # what print(error) and pytest show
        return self.render()


class ParseError(RulesError):
    """The file is not valid rulelang syntax."""


class CheckError(RulesError):
    """The file parses but means something impossible (unknown name, wrong type...)."""


class IllegalMove(RulesError):
    """A move that is not among the legal moves; the game is left unchanged. ``reason``:
    why, when the rules say (a ``choose ... where COND else "REASON"``), else None."""
    refusal: object  # set by Game.play: the runtime's Refusal (the reason, the move meant, "why?")

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None,
                 sources: dict[str, str] | None = None, reason: str | None = None):
        super().__init__(message, diagnostics, sources)
        self.reason = reason


class RulesRuntimeError(RulesError):
    """A ruleset did something impossible while running (for example a rule that never ends).
    ``game``: the game it stopped, where known (its transcript so far, for whoever may read
    every seat's: a game of bots alone)."""

    game: Any = None


def suggest(name: str, candidates: Iterable[str]) -> Callable[[], str | None]:
    """A did-you-mean worked out only when asked for (a checker shows at most 30 errors:
    comparing every unknown name of a hostile file with every known one would take minutes)."""
    return lambda: did_you_mean(name, candidates)


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    close = closest(name, candidates)
    return f"did you mean '{close}'?" if close is not None else None


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """What ``difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff)`` gives (or
    None), sooner: the exact ratio is worked out only for candidates whose cheap upper bound
    (``quick_ratio``) could still beat the best found, highest bound first. Against thousands
    of similar names every bound passed the cutoff and the exact ratio of each took seconds."""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(word)
    bounded = []
    for candidate in candidates:
        matcher.set_seq1(candidate)
        if matcher.real_quick_ratio() >= cutoff and (bound := matcher.quick_ratio()) >= cutoff:
            bounded.append((bound, candidate))
    bounded.sort(reverse=True)
    best: tuple[float, str] | None = None
    for bound, candidate in bounded:
        if best is not None and bound < best[0]:
            break  # ratio <= quick_ratio: none left can reach the best
        matcher.set_seq1(candidate)
        found = (matcher.ratio(), candidate)
        if found[0] >= cutoff and (best is None or found > best):  # ties as get_close_matches
            best = found
    return best[1] if best is not None else None
