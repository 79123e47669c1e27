"""``rulelang fmt --upgrade``: rewrite the older spellings of a .rules file as the language
spells them now.

Every older spelling the language still reads only to refuse (``place X on G at C``, a bare
``win`` in a cooperative game, ``reveal c.colour to p``...) is refused with a ``Fix``: the
text to write instead over the statement's span. The upgrade checks the file, applies every
fix in it, and checks again until no fix is left (a fix may uncover another: the checker
stops at a syntax error). What is not an older spelling is left as it is, errors included.
"""
from __future__ import annotations

from pathlib import Path

from rulelang.language.errors import Fix, RulesError, source_lines
from rulelang.language.loader import check_as_part, load_text

MAX_ROUNDS = 20  # a file is rewritten in a round or two; more means fixes that undo each other


def upgrade_text(text: str, name: str = "<rules>", path: Path | None = None) -> str:
    """``text`` with every older spelling rewritten. ``path``: where the file is (its imports
    are found beside it, and a file that is part of another is checked as part of it)."""
    for _ in range(MAX_ROUNDS):
        fixes = _fixes(text, name, path)
        if not fixes:
            break
        text = apply_fixes(text, fixes)
    return text


def _fixes(text: str, name: str, path: Path | None) -> list[Fix]:
    base = path.resolve().parent if path is not None else None
    try:
        load_text(text, name, base)
        return []
    except RulesError as error:
        found = [d.fix for d in error.diagnostics if d.fix is not None and d.fix.span.file == name]
        if found or path is None:
            return found
    part = check_as_part(path, text)  # a part of another file: checked with it
    if part is None:
        return []
    return [d.fix for d in part.found()
            if d.fix is not None and d.fix.span.file == part.name]


def apply_fixes(text: str, fixes: list[Fix]) -> str:
    """``text`` with each fix's span replaced by its text (from the last; a fix overlapping
    one already applied waits for the next round)."""
    lines = source_lines(text)
    starts = [0]
    for line in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, col: int) -> int:
        return starts[line - 1] + col - 1

    done_from = len(text) + 1
    for fix in sorted(fixes, key=lambda f: (f.span.line, f.span.col), reverse=True):
        if not 1 <= fix.span.line <= fix.span.end_line <= len(lines):
            continue
        start = offset(fix.span.line, fix.span.col)
        end = offset(fix.span.end_line, fix.span.end_col)
        if end > done_from:
            continue
        text = text[:start] + fix.text + text[end:]
        done_from = start
    return text
