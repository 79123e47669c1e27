"""The chance events a ruleset can draw, found in its syntax tree.

A test fixes chance by naming an event: ``shuffle deck``, ``shuffle stack[water]``
or the label given to ``random(items, "first player")``. Listing the events the
rules can produce lets a misspelt name be refused at once (with a did-you-mean)
instead of silently fixing nothing, and knowing which events only setup can
draw lets an outcome that setup never used be reported.
"""
from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import attrs

from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.runtime.values import Value
    from rulelang.language.checker import Program


@attrs.frozen
class Outcomes:
    """Several outcomes of one chance event, taken by its draws in order:
    ``fix={"roll": Outcomes([6, 6, 1])}`` (a bare value fixes only the first draw)."""
    items: tuple[Value, ...] = attrs.field(converter=tuple)


@attrs.frozen
class ChanceSite:
    """One place in the rules that draws chance.

    ``kind`` is "shuffle" or "random"; ``zone`` the zone or family shuffled (None when
    the zone is only known at run time); ``label`` a random pick's literal label, or
    ``pattern`` a regular expression when the label is built from values (None when
    it could be anything); ``setup_only`` is true when only setup can reach the site.
    """
    kind: str
    zone: str | None = None
    family: bool = False
    label: str | None = None
    pattern: str | None = None
    setup_only: bool = False

    @property
    def shown(self) -> str:
        if self.kind == "shuffle":
            if self.zone is None:
                return "shuffle ZONE"
            return f"shuffle {self.zone}[...]" if self.family else f"shuffle {self.zone}"
        if self.label is not None:
            return self.label
        return self.pattern_shown or "any random label"

    @property
    def pattern_shown(self) -> str | None:
        return None if self.pattern is None else re.sub(r"\(\.\+\)", "...", self.pattern).replace("\\", "")


# program -> its sites: a checked program never changes, and each Rules made of it (every
# load of the same text, each compiler switch, the lean rules) asks again
_SITES: WeakKeyDictionary[Program, tuple[ChanceSite, ...]] = WeakKeyDictionary()


def chance_sites(program: Program) -> list[ChanceSite]:
    """Every site that draws chance, each once per distinct event name (found once per
    program)."""
    kept = _SITES.get(program)
    if kept is None:
        kept = _SITES[program] = tuple(_found_sites(program))
    return list(kept)


def _found_sites(program: Program) -> list[ChanceSite]:
    callers = _rule_callers(program)
    setup_rules = _reached_only_from_setup(program, callers)
    found: dict[tuple[str, str | None, bool, str | None, str | None], ChanceSite] = {}
    units = [("setup", program.blocks["setup"].body)] if "setup" in program.blocks else []
    units += [(name, program.blocks[name].body) for name in ("play", "turn", "end") if name in program.blocks]
    units += [("rule:" + r.name, r.body) for r in program.rules.values()]
    units += [("trigger", t.body) for t in program.triggers]
    for unit, body in units:
        only = unit == "setup" or unit in setup_rules
        for site in _sites_in(body, program):
            key = (site.kind, site.zone, site.family, site.label, site.pattern)
            previous = found.get(key)
            found[key] = attrs.evolve(site, setup_only=only and (previous is None or previous.setup_only))
    for fn in program.fns.values():  # a function may draw: reachable from anywhere
        for site in _sites_in([fn.lets, fn.body], program):
            key = (site.kind, site.zone, site.family, site.label, site.pattern)
            found[key] = attrs.evolve(site, setup_only=False)
    for expr in [d.cond for d in program.ends]:
        for site in _sites_in(expr, program):
            key = (site.kind, site.zone, site.family, site.label, site.pattern)
            found[key] = attrs.evolve(site, setup_only=False)
    return list(found.values())


def _sites_in(tree: Any, program: Program) -> list[ChanceSite]:
    out = []
    for node in walk(tree):
        if isinstance(node, ast.Shuffle):
            out.append(_shuffle_site(node.zone))
        elif isinstance(node, ast.Call) and node.ref == refs.Builtin("random"):
            out.append(_random_site(node.args[1] if len(node.args) > 1 else None))
    return out


def _shuffle_site(zone: ast.Expr) -> ChanceSite:
    ref = getattr(zone, "ref", None)
    if isinstance(zone, ast.Name) and isinstance(ref, refs.Zone):
        return ChanceSite("shuffle", zone=ref.name)
    if isinstance(zone, ast.Index) and isinstance(ref, refs.ZoneFamily):
        return ChanceSite("shuffle", zone=ref.name, family=True)
    return ChanceSite("shuffle")  # a zone reached through a variable: any zone


def _random_site(label: ast.Expr | None) -> ChanceSite:
    if label is None:
        return ChanceSite("random", label="random")
    if isinstance(label, ast.Lit) and isinstance(label.value, str):
        return ChanceSite("random", label=label.value)
    if isinstance(label, ast.Text):
        pattern = "".join(re.escape(p) if isinstance(p, str) else "(.+)" for p in label.parts)
        return ChanceSite("random", pattern=pattern)
    return ChanceSite("random")


def _rule_callers(program: Program) -> dict[str, set[str]]:
    """rule name -> the units that call it ("setup", "play", "rule:x", "trigger", "fn")."""
    callers: dict[str, set[str]] = {}
    units = [(name, b.body) for name, b in program.blocks.items()]
    units += [("rule:" + r.name, r.body) for r in program.rules.values()]
    units += [("trigger", t.body) for t in program.triggers]
    for unit, body in units:
        for node in walk(body):
            if isinstance(node, ast.Call) and isinstance(node.ref, refs.Rule):
                callers.setdefault(node.ref.name, set()).add(unit)
    return callers


def _reached_only_from_setup(program: Program, callers: dict[str, set[str]]) -> set[str]:
    """The rules ("rule:name") that only setup, directly or through other rules, calls."""
    only: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name in program.rules:
            unit = "rule:" + name
            sources = callers.get(name, set())
            if unit not in only and sources and all(s == "setup" or s in only for s in sources):
                only.add(unit)
                changed = True
    return only


def event_matches(site: ChanceSite, event: str, zone_names: Collection[str]) -> bool:
    """Whether ``event`` (as a test writes it) names a draw of this site."""
    if site.kind == "shuffle":
        if not event.startswith("shuffle "):
            return False
        name = event[len("shuffle "):]
        if site.zone is None:
            return name in zone_names
        if site.family:
            return name.startswith(site.zone + "[") and name in zone_names
        return name == site.zone
    if site.label is not None:
        return event == site.label
    if site.pattern is not None:
        return re.fullmatch(site.pattern, event) is not None
    return not event.startswith("shuffle ")
