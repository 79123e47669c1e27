"""Card kinds show face down: a hidden card is shown to a seat as "a KIND" (its back), so a
pile shuffled face down with cards of two kinds in it tells every seat (its view, the
browser, a bot) where each kind lies. A deck of city cards with two epidemic cards
shuffled in, written as two kinds, shows where the epidemics are. A warning at the shuffle,
for a zone that holds no one kind (``of KIND``) and into which the rules put cards of two
kinds or more (made there, or moved or dealt from a zone that holds them)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulelang.language import ast, refs
from rulelang.language.errors import Diagnostic
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from rulelang.language.checker import Program


def _zone(e: Any) -> str | None:
    if isinstance(e, ast.Index):
        e = e.obj
    if isinstance(e, ast.Name) and isinstance(e.ref, (refs.Zone, refs.ZoneFamily)):
        return e.ref.name
    return None


def mixed_kind_shuffles(program: Program) -> list[Diagnostic]:
    """A warning at each face-down shuffle of a zone that may hold cards of several kinds."""
    nodes = program.body_nodes()
    kinds: dict[str, set[str]] = {}
    flows: list[tuple[set[str], str]] = []  # (zones cards may come from, the zone they go to)
    for n in nodes:
        if isinstance(n, (ast.Create, ast.CreateFrom)) and (dest := _zone(n.dest)) is not None:
            kinds.setdefault(dest, set()).add(n.kind)
        elif isinstance(n, (ast.Move, ast.Deal)) and (dest := _zone(n.dest)) is not None:
            what = n.what if isinstance(n, ast.Move) else n.src
            sources = {z for e in walk(what) if (z := _zone(e)) is not None}
            flows.append((sources, dest))
    changed = True
    while changed:  # kinds follow the moves until no zone learns another
        changed = False
        for sources, dest in flows:
            into = kinds.setdefault(dest, set())
            for src in sources:
                if src != dest and not kinds.get(src, set()) <= into:
                    into |= kinds[src]
                    changed = True
    out = []
    for n in nodes:
        name = _zone(n.zone) if isinstance(n, ast.Shuffle) else None
        info = program.zones.get(name) if name is not None else None
        if info is None or info.of is not None or info.visibility == "public":
            continue
        held = sorted(kinds.get(info.name, ()))
        if len(held) > 1:
            out.append(Diagnostic(
                f"'{info.name}' is shuffled face down with cards of {len(held)} kinds "
                f"({', '.join(held)}): every seat sees a hidden card's kind (its back), so "
                "where each kind lies is no secret", n.span,
                "if the backs should look alike, make them one kind told apart by a field "
                f"(card {held[0]} {{ ...  special: bool }}); if they differ in the real game "
                "too, all is as it should be",
                severity="warning"))
    return out
