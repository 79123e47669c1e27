"""Where in the rulebook an explained ``rule`` or ``fn`` belongs: in the chapter of what uses
it. A rule only the setup calls is part of setting up, one only the score reads part of the
end of the game; one used from several chapters (or from the turn) stays in "Playing".

Nothing here knows a game: the chapters come from the declarations that call each other.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulelang.language import ast
from rulelang.language.traversal import walk


def chapters_of_use(program: Any, chapter_of: Callable[[str], str | None]) -> dict[str, str]:
    """``"rule NAME"`` / ``"fn NAME"`` -> the one chapter every use of it leads to, for
    those used from one chapter only (``chapter_of`` places a top-level declaration)."""
    called = {**{f"rule {n}": d for n, d in program.rules.items()},
              **{f"fn {n}": d for n, d in program.fns.items()}}
    names = {key.split()[1]: key for key in called}
    roots: list[tuple[str, Any]] = [("on end" if which == "end" else which, decl)
                                    for which, decl in program.blocks.items()
                                    if decl is not None]
    roots += [(f"trigger {t.zone}", t) for t in program.triggers]
    roots += [("end when", d) for d in program.ends]
    roots += [(d.which if d.key is None else f"report {d.key}", d) for d in program.scores]
    roots += [("require", d) for d in program.requires]

    def calls(node: Any) -> set[str]:
        return {names[n.func.id] for n in walk(node)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id in names}

    used: dict[str, set[str]] = {key: set() for key in called}  # key -> chapters it serves
    callers: dict[str, set[str]] = {key: set() for key in called}  # key -> rules, fns
    for owner, decl in roots:
        chapter = chapter_of(owner)
        for key in calls(decl):
            if chapter is not None:  # (a heuristic's use is the bots', not a chapter's)
                used[key].add(chapter)
    for caller, decl in called.items():
        for key in calls(decl):
            if key != caller:
                callers[key].add(caller)
    changed = True
    while changed:  # through the rules and functions that call it, to a fixed point
        changed = False
        for key, by in callers.items():
            more = set().union(*(used[c] for c in by)) - used[key] if by else set()
            if more:
                used[key] |= more
                changed = True
    return {key: next(iter(found)) for key, found in used.items() if len(found) == 1}
