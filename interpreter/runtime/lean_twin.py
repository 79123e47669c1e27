"""A game in progress, moved onto the lean path: bots play their look-ahead there.

A bot is handed a full game's knowledge (the host plays the full path: log, notations,
moves); its samples and the playouts on them are games nobody reads. ``lean_twin(game)``
is ``game`` as it stands, as a ``LeanGame`` of the same rules compiled lean
(``Rules.lean()``): the same state, chance and pending decision, so it plays on as
``game`` would, decision for decision (tests/runtime/test_lean_twin.py plays both on).

The two compilations of a ruleset differ only in what they write (log lines, prompts, how
a ``choose`` offers), not in their shape: their rules, triggers and ``choose`` sites have
the same names, numbers and places to resume, and they share their enum members. What a
twin changes is what belongs to one compilation: each frame's unit and each decision's
site (taken by name and number), the layout (its zones hold their compilation's triggers:
the twin takes the lean rules' layout of the same shape) and so every zone a value holds.
The pending decision keeps its options, notations and order; a lean game names a move by
its notation when it has one (``LeanGame.notation``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from interpreter.runtime.decision_parts import Decision, Group
from interpreter.runtime.helpers import Frame
from interpreter.runtime.layout import Layout
from interpreter.runtime.lean_game import LeanGame
from interpreter.runtime.values import Family, Keyed, Row, Zone
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.ruleset import Ruleset
    from interpreter.runtime.values import Value
    from rulelang.language.checker import Program

MAX_TWIN_LAYOUTS = 64  # layouts kept per ruleset (one per players + options, as Rules keeps)
_CONTAINERS = (list, tuple, Keyed, Row, dict)
_ZONED = (Zone, Family)


def lean_twin(game: Game) -> LeanGame | None:
    """``game`` as it stands, on the lean path (a new game: ``game`` is not changed); None
    where a card's fixed fields hold a zone (cards are shared by both: such a game stays on
    the full path)."""
    if isinstance(game, LeanGame):
        return game.copy(logging=False)
    zoned = _zoned_state(game.rules.program)
    if zoned and any(_holds_zone(x) for card in game.cards if card.f for x in card.f.values()):
        return None
    lean = game.rules.lean()
    layout = _lean_layout(game, lean)
    twin: Any = game.copy(logging=False)
    twin.__class__ = LeanGame  # (the same slots: a LeanGame adds none)
    twin.rules = lean
    twin.triggers_pause = lean.code.analysis.triggers_pause
    twin.layout = layout
    twin.seat_name = layout.seat_name
    twin.players, twin.seats, twin.dummies = layout.players, layout.seats, layout.dummies
    twin.zones, twin.tables, twin.everyone = layout.zones, layout.tables, layout.everyone
    twin.log, twin.unsettled, twin.history = [], [], []
    zones = layout.zone_list
    twin.where = [zones[z.i] if z is not None else None for z in twin.where]
    rezone = _Rezoner(layout)
    if rezone.needed(game, zoned):
        rezone.state(twin)
    units = lean.units
    frames = twin.frames = [Frame.of(units[f.unit.key], f.pc, rezone.all(f.L)) for f in twin.frames]
    if twin.group is not None:
        group = twin.group
        site = _site(lean, group.site)
        decisions = [_decision(twin, d, site, Frame.of(units[d.frame.unit.key], d.frame.pc,
                                                        rezone.all(d.frame.L)), rezone)
                     for d in group.decisions]
        twin.group = Group(site, frames[-1], decisions, dict(group.answers))
        seat = cast(Decision, game.pending).seat  # (a group: a decision waits)
        twin.pending = twin.group.of(seat) or twin.group.first_open()
    elif twin.pending is not None:
        full = twin.pending
        decision = _decision(twin, full, _site(lean, full.site), frames[-1], rezone)
        site = full.site
        values, notations = full.values, full.notations
        decision.passing = site.pass_word if (
            site.can_pass and values and values[-1] is None and notations[-1] == site.pass_word
        ) else False
        twin.pending = decision
    return cast(LeanGame, twin)


def _site(lean: Ruleset, site: Any) -> Any:
    twin = lean.sites[site.index]
    if twin.unit != site.unit or twin.resume != site.resume:  # (one compiler: never)
        raise AssertionError(f"the lean rules' choose {site.index} is not the full rules'")
    return twin


def _decision(twin: Any, full: Decision, site: Any, frame: Frame, rezone: _Rezoner) -> Decision:
    """``full`` as the twin's decision: its options, notations (its moves' keys) and order."""
    prompt = full._prompt
    decision = Decision.of(full.seat, site, frame, rezone.all(full.values), full.notations,
                           tuple(rezone.all(prompt)) if prompt is not None else None, twin)
    decision.passing, decision.index = full.passing, full.index
    return decision


def _lean_layout(game: Game, lean: Ruleset) -> Layout:
    """The lean rules' layout of ``game``'s shape: its tables are ``game``'s own (they may
    have drawn chance), its zones the lean rules' (with their triggers)."""
    full = game.layout
    kept = lean.twin_layouts.get(id(full))
    if kept is not None and kept[0] is full:
        return kept[1]
    layout = Layout(lean, game.nplayers, list(full.dummies), full.tables, game.options)
    if len(lean.twin_layouts) < MAX_TWIN_LAYOUTS:
        lean.twin_layouts[id(full)] = (full, layout)  # (keeps ``full`` alive: its id stays its)
    return layout


class _Rezoner:
    """Values with every zone (and keyed family of zones) replaced by the layout's own."""

    def __init__(self, layout: Layout):
        self.zone_list, self.zones = layout.zone_list, layout.zones

    def needed(self, game: Game, zoned: bool) -> bool:
        """Whether the state may hold a zone outside the frames and decisions (variables,
        constants, var fields: only if ``zoned``, their types allow it; outcomes fixed in
        advance, how cards were made)."""
        holds = _holds_zone
        return ((zoned and (any(holds(v) for v in game.vars.values())
                            or any(holds(v) for v in game.consts.values())
                            or any(holds(v) for values in game.cv.values() for v in values)))
                or any(holds(v) for queue in game.fixed.values() for v in queue)
                or any(holds(v) for how in game.made.values() for _, kept in how.values()
                       for v in kept))

    def state(self, twin: Any) -> None:
        one = self.one
        twin.vars = {k: one(v) for k, v in twin.vars.items()}
        twin.consts = {k: one(v) for k, v in twin.consts.items()}
        twin.cv = {k: self.all(values) for k, values in twin.cv.items()}
        for queue in twin.fixed.values():
            kept = self.all(queue)
            queue.clear()
            queue.extend(kept)
        twin.made = {cid: {field: (site, tuple(self.all(kept))) for field, (site, kept) in how.items()}
                     for cid, how in twin.made.items()}

    def all(self, values: Any) -> list[Value]:
        """A list of values rezoned; the common case (no zone, no container) stays cheap."""
        out = list(values)
        for i, x in enumerate(out):
            t = type(x)
            if t in _ZONED or t in _CONTAINERS:
                out[i] = self.one(x)
        return out

    def one(self, v: Value) -> Value:
        t = type(v)
        if t is Zone:
            return self.zone_list[v.i]
        if t is Family:
            return self.zones[v.name]
        if t is list:
            return [self.one(x) for x in v]
        if t is tuple:
            return tuple([self.one(x) for x in v])
        if t is Keyed:
            return Keyed(v.name, ((self.one(k), self.one(x)) for k, x in v.items()))
        if t is Row or t is dict:
            return t((k, self.one(x)) for k, x in v.items())
        return v


# id of a checked program -> (it, whether its cards' fields, variables or constants may hold a
# zone, by their declared types): worked out once per ruleset
_ZONED_STATE: dict[int, tuple[Program, bool]] = {}


def _zoned_state(program: Program) -> bool:
    kept = _ZONED_STATE.get(id(program))
    if kept is not None and kept[0] is program:
        return kept[1]
    types: list[object] = [f.type for kind in program.cards.values() for f in kind.fields.values()]
    types += [v.type for v in program.vars.values()]
    types += [o.type for o in program.options.values()]
    types += [getattr(d.value, "ty", None) for d in program.consts]
    zoned = any(_type_holds_zone(t) for t in types)
    if len(_ZONED_STATE) < 256:
        _ZONED_STATE[id(program)] = (program, zoned)
    return zoned


def _type_holds_zone(t: object) -> bool:
    """Whether a value of static type ``t`` may be or hold a zone (unknown: it may)."""
    if t is None:
        return True
    if isinstance(t, tuple):
        return any(_type_holds_zone(x) for x in t)
    if not isinstance(t, Type):
        return False  # (an enum's, a card kind's or a table's name)
    if t.name in ("zone", "family", "any", "row"):
        return True
    return t.name in ("list", "tuple") and _type_holds_zone(t.arg)


def _holds_zone(v: Value) -> bool:
    t = type(v)
    if t is Zone or t is Family:
        return True
    if t is list or t is tuple:
        return any(_holds_zone(x) for x in v)
    if t is Row or t is dict or t is Keyed:
        return any(_holds_zone(k) or _holds_zone(x) for k, x in v.items())
    return False
