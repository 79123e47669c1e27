"""Checking zones and variables: kinds, keys, who sees them, and how they are drawn
(part of the checker)."""
from __future__ import annotations

from collections.abc import Callable
from typing import cast

import attrs

from rulelang.language import ast
from rulelang.language import types as T
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.errors import did_you_mean, suggest
from rulelang.language.key_ranges import IntKeys, Key, static_problem

ZoneKeyRef = ast.TypeRef | ast.KeyRange  # a key as a zone or a variable declares it

MAX_GRID = 100  # cells along each side of a bounded grid
MAX_ZONES = 10_000  # zones in all, a family counting one per key (the most players assumed)
MAX_VALUES = 10_000  # values of variables in all, a keyed variable counting one per key
ZONE_KINDS = ("pile", "hand", "row", "grid")
VISIBILITIES = ("hidden", "public", "owner", "others", "top")
ZONE_OPTIONS = VISIBILITIES + ("label", "layout")
VAR_VISIBILITIES = ("public", "hidden", "owner")
VAR_OPTIONS = VAR_VISIBILITIES + ("label", "shown")  # shown "TEXT": its value, read aloud
# How a zone may be drawn (`layout "beside deck"`, read by the terminal: see docs/language.md,
# zones): a word and a zone, or one word alone. A drawing that learns a layout adds it here.
LAYOUTS = ("beside", "under", "over")
LAYOUTS_ALONE = ("none",)
GRID_LAYOUTS = ("under", "over")  # a grid drawn with another grid


@attrs.define(eq=False)
class ZoneInfo:
    name: str
    keys: list[Key]
    kind: str
    width: int | ast.Name | None  # a name (an option, a constant) each game works out
    height: int | ast.Name | None
    of: str | None
    visibility: str
    label: str | None
    layout: str | None
    decl: ast.ZoneDecl


@attrs.define(eq=False)
class VarInfo:
    name: str
    keys: list[Key]
    type: T.Type
    init: ast.Expr | None
    visibility: str
    decl: ast.VarDecl
    label: str | None = None  # display hint: what a screen calls it (unlabelled: not shown)
    campaign: bool = False  # kept across the games of a campaign


class ZoneChecker(CheckerBase):
    """Mixed into the Checker."""

    def key_types(self, refs: list[ZoneKeyRef]) -> list[Key]:
        keys: list[Key] = []
        for ref in refs:
            if isinstance(ref, ast.KeyRange):
                keys.append(Key(self.key_range(ref), T.INT))
            elif ref.name in ("player", "seat"):
                keys.append(Key(ref.name, T.SEAT))
            elif ref.name in self.enums:
                keys.append(Key(ref.name, T.enum(ref.name)))
            else:
                self.error(ref.span, f"a key must be player, seat, an enum or a range of "
                                     f"numbers like 1..7, not '{ref.name}'",
                           suggest(ref.name, list(self.enums) + ["player", "seat"]))
                keys.append(Key("player", T.ANY))
        return keys

    def family_size(self, keys: list[Key]) -> int:
        """How many zones (or values) a declaration with these keys makes, at most."""
        players = self.program.max_players
        seats = players + self.dummies
        size = 1
        for key in keys:
            domain = key.domain
            if isinstance(domain, IntKeys):  # known here when written as numbers; else
                lo, hi = domain.lo, domain.hi  # counted when a game's options are known
                known = all(isinstance(e, ast.Lit) and type(e.value) is int for e in (lo, hi))
                size *= max(0, cast(ast.Lit, hi).value - cast(ast.Lit, lo).value + 1) if known else 1
                continue
            size *= (players if domain == "player" else seats if domain == "seat"
                     else len(self.enums.get(domain, ())))
        return size

    def count_made(self, d: ast.ZoneDecl | ast.VarDecl, keys: list[Key], what: str) -> None:
        """Zones and keyed variables are counted as declared: past the cap, an error there."""
        total = self.made.get(what, 0) + self.family_size(keys)
        self.made[what] = total
        most = MAX_ZONES if what == "zones" else MAX_VALUES
        if total > most >= total - self.family_size(keys):
            self.error(d.span, f"'{d.name}' brings the {what} to {total:,}: a ruleset may "
                               f"have at most {most:,}",
                       "key it by fewer things, or by an enum with fewer members")

    def key_range(self, ref: ast.KeyRange) -> IntKeys:
        """``[1..tricks]``: both ends whole numbers known before setup."""
        consts = {d.name: d for d in self.program.consts}
        variables = {d.name for m in self.modules for d in m.decls if isinstance(d, ast.VarDecl)}
        for end in (ref.lo, ref.hi):
            before = len(self.diagnostics)
            problem: ast.Expr | None
            if isinstance(end, ast.Name) and end.id in variables and end.id not in self.symbols:
                problem = end  # a variable changes during the game: not known before setup
            else:
                self.expect(end, self.top_scope(), T.INT, "an end of a key range")
                problem = static_problem(end, consts)
            if problem is not None and len(self.diagnostics) == before:
                self.error(problem.span, "the ends of a key range are known before setup: "
                                         "numbers, options, constants or player_count",
                           "the zones and variables of each key are made before setup runs")
        text = self.source_of(ref.span) or "a range"
        return IntKeys(ref.lo, ref.hi, text)

    def grid_side(self, side: ast.Name) -> None:
        """A grid's width or height given by name: an option or a constant known before
        setup (each game works it out from its options, as it does a key range)."""
        before = len(self.diagnostics)
        consts = {c.name: c for c in self.program.consts}
        variables = {d.name for m in self.modules for d in m.decls if isinstance(d, ast.VarDecl)}
        problem: ast.Expr | None
        if side.id in variables and side.id not in self.symbols:
            problem = side  # a variable changes during the game
        else:
            self.expect(side, self.top_scope(), T.INT, "a grid's size")
            problem = static_problem(side, consts)
        if len(self.diagnostics) == before and problem is not None:
            self.error(side.span, f"a grid's size is known before setup: '{side.id}' is not",
                       "write a number, an option or a constant made of them "
                       "(zone board: grid columns x rows of Disc)")

    def d_ZoneDecl(self, d: ast.ZoneDecl) -> None:
        keys = self.key_types(d.keys)
        self.count_made(d, keys, "zones")
        if d.kind not in ZONE_KINDS:
            self.error(d.span, f"unknown kind of zone '{d.kind}'", "zones are a pile, hand, row or grid")
        if (d.width is not None) and d.kind != "grid":
            self.error(d.span, "only a grid has a size (W x H)")
        named = [side for side in (d.width, d.height) if isinstance(side, ast.Name)]
        for side in named:
            self.grid_side(side)
        width, height = d.width, d.height  # a size by name is checked above
        if isinstance(width, int) and isinstance(height, int) and not (
                1 <= width <= MAX_GRID and 1 <= height <= MAX_GRID):
            self.error(d.span, f"a grid is 1 to {MAX_GRID} cells wide and high, not "
                               f"{d.width} x {d.height}",
                       "leave the size out for a grid without edges: zone board: grid")
        of = d.of if d.of in self.cards else None
        if d.of is not None and of is None:
            self.unknown(d.span, d.of, "card kind", self.cards)
        visibility, label, layout = None, None, None
        for name, text, span in d.options:
            if name not in ZONE_OPTIONS:
                self.error(span, f"unknown zone option '{name}'", _zone_option_hint(name))
            elif name in VISIBILITIES:
                if visibility:
                    self.error(span, f"zone '{d.name}' already says '{visibility}'")
                visibility = name
            elif text is None:
                self.error(span, f"'{name}' needs text after it, like {name} \"...\"")
            elif name == "label":
                label = text
            else:
                layout = text
        if visibility is None:
            visibility = {"pile": "hidden", "hand": "owner"}.get(d.kind, "public")
        if visibility in ("owner", "others") and not any(k.type == T.SEAT for k in keys):
            if visibility == "owner" and d.kind == "hand" and not d.keys:
                visibility = "hidden"
            elif visibility == "owner":
                self.error(d.span, "only a zone kept per player can be seen by its 'owner'",
                           "key it by player, like zone hand[player]: hand, owner")
            else:
                self.error(d.span, "only a zone kept per player can be seen by the 'others'",
                           "key it by player, like zone hand[player]: hand, others")
        info = ZoneInfo(d.name, keys, d.kind, d.width, d.height, of, visibility, label, layout, d)
        self.program.zones[d.name] = info
        ty = T.zone(of)
        if keys:
            self.define("family", d.name, ty, d, d.span, False, [k.type for k in keys])
            sym = self.symbols.get(d.name)
            if sym:
                sym.type = ty
        else:
            self.define("zone", d.name, ty, d, d.span, False)

    def check_layouts(self) -> None:
        for zone in self.program.zones.values():
            if zone.layout is not None:
                problem = layout_problem(zone, self.program.zones)
                if problem:
                    span = next(sp for name, _, sp in zone.decl.options if name == "layout")
                    self.error(span, *problem)

    def d_VarDecl(self, d: ast.VarDecl) -> None:
        keys = self.key_types(d.keys)
        self.count_made(d, keys, "values of variables")
        ty = self.type_of(d.type)
        if d.init is not None:
            self.expect(d.init, self.top_scope(), ty, f"the start value of '{d.name}'")
        vis, label = None, None
        for name, text, span in d.options:
            if name not in VAR_OPTIONS:
                self.unknown(span, name, "variable option", VAR_OPTIONS)
            elif name in VAR_VISIBILITIES:
                if vis:
                    self.error(span, f"variable '{d.name}' already says '{vis}'")
                vis = name
            elif text is None:
                self.error(span, f"'{name}' needs text after it, like {name} \"...\"")
            else:
                label = text
        if d.campaign:
            self.campaign_var(d, ty, vis)
        vis = vis or "public"
        if vis == "owner" and not any(k.type == T.SEAT for k in keys):
            self.error(d.span, "only a variable kept per player can be seen by its 'owner'")
        self.program.vars[d.name] = VarInfo(d.name, keys, ty, d.init, vis, d, label, d.campaign)
        self.define("varfam" if keys else "var", d.name, ty, d, d.span, False, [k.type for k in keys])


def _zone_option_hint(name: str) -> Callable[[], str]:
    every = f"{', '.join(VISIBILITIES)} (who sees its cards), label \"...\", layout \"...\""

    def hint() -> str:
        close = did_you_mean(name, ZONE_OPTIONS)
        return f"{close} A zone's options are: {every}" if close else \
            f"a zone's options are: {every}"
    return hint


def layout_problem(zone: ZoneInfo, zones: dict[str, ZoneInfo]) -> tuple[str, str] | None:
    """What is wrong with a zone's `layout "..."` as (message, hint), or None if it is fine.

    A layout is a word of LAYOUTS and the zone it is placed against; a drawing that learns a
    new layout adds its word there (and a case here if it needs more than a zone's name).
    """
    forms = ", ".join([f'"{word} ZONE"' for word in LAYOUTS] + [f'"{w}"' for w in LAYOUTS_ALONE])
    assert zone.layout is not None  # asked only of a zone with a layout
    words = zone.layout.split()
    if len(words) == 1 and words[0] in LAYOUTS_ALONE:
        return None
    if len(words) != 2 or words[0] not in LAYOUTS:
        return f'unknown layout "{zone.layout}"', f"a layout is one of: {forms}"
    word, target = words
    if target not in zones:
        return (f"unknown zone '{target}' in the layout",
                did_you_mean(target, zones) or f"a layout is one of: {forms}")
    if target == zone.name:
        return f"zone '{zone.name}' cannot be drawn {word} itself", f"a layout is one of: {forms}"
    if word in GRID_LAYOUTS and not (zone.kind == "grid" == zones[target].kind):
        return (f"only a grid can be drawn {word} another grid",
                f"'{zone.name}' is a {zone.kind} and '{target}' a {zones[target].kind}; "
                f"for other zones write \"beside {target}\"")
    return None
