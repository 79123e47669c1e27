"""The game state, described once: what a game holds, how each part starts, saves,
restores and copies.

``Game`` starts from ``initialize``; ``saving`` writes and reads ``FIELDS`` in order;
``Game.copy`` copies them. Everything else on a game is derived (the layout: seats,
zones, tables) or passing (the trigger queue, call depths, the end-check flag).

Cards and zones are shared handles (``values.py``); what changes about them is here,
in flat lists indexed by the handle's number, so a copy is a few list copies:
``where[card]`` its zone, ``cells[card]`` its cells on a grid, ``known[card]`` the
bitmask of seats that know its face, ``cv[field][card]`` its ``var`` fields,
``zc[zone]`` a zone's cards in order (a pile's top last), ``zg[zone]`` a grid's
cells -> the tuple of cards on each; ``told[field][card]`` the facts of that field told
to seats that cannot see the card (``facts.py``).
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from itertools import product
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import attrs

from interpreter.runtime import draws
from interpreter.runtime.facts import NOTHING
from interpreter.runtime.helpers import MAX_LOOP_STEPS as TICK_LIMIT
from interpreter.runtime.helpers import Frame
from interpreter.runtime.pools import load_pooled, save_pooled
from interpreter.runtime.protocol import Damaged, Json, _short, decode, encode
from interpreter.runtime.state_checks import (
    MAX_FRAMES,
    MAX_TURNS,
    a_bool,
    a_dict,
    a_list,
    a_text,
    an_int,
    check_frames,
    check_known,
    check_outcome,
    check_pending,
    check_result,
    check_unsettled,
    check_zones,
    fitting,
    need,
    same_names,
)
from interpreter.runtime.state_log import (
    _load_history,
    _load_log,
    _load_outcome,
    _load_result,
    _load_unsettled,
    _save_log,
    _save_outcome,
    _save_result,
)
from interpreter.runtime.values import MAX_CARDS, Card, Cell, Keyed, Seat, Value
from rulelang.language.errors import RulesError

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Decision, Group
    from interpreter.runtime.engine import Game
    from interpreter.runtime.facts import Facts
    from interpreter.runtime.game_fields import Making

Saver: TypeAlias = "Callable[[Game, Any], Json]"
Loader: TypeAlias = "Callable[[Game, Json], Any]"

MAX_SEED = 2**256  # a seed in a save


@attrs.frozen
class Field:
    """One part of the state: its attribute, its key in a save (None: rebuilt from
    other parts), how it starts, saves, restores and copies."""
    attr: str
    key: str | None
    start: Callable[[Game], Any]  # initial value
    save: Saver | None = None  # (g, value) -> JSON-ready
    load: Loader | None = None  # (g, data) -> value (earlier fields already loaded)
    copy: Callable[[Any], Any] | None = None  # an independent copy; None: shared (immutable)
    check: Callable[[Game, Any], None] | None = None  # once every part is read: Damaged if wrong
    optional: bool = False  # a save from before this part existed starts it afresh
    empty: str = ""  # "[]" or "{}": always a list or a dict, its empty copy is a new one


def _same(value: Value) -> Value:
    return value


# ------------------------------------------------------------------ parts with some shape
# Each ``_load_*`` reads its part of a save strictly (a save is untrusted): the shape, the
# types, the ranges, the names the rules declare; ``state_checks`` holds the readers and
# the checks run once every part is read.

def _load_seed(g: Game | None, data: Json) -> int:
    return an_int(data, "the seed", -MAX_SEED, MAX_SEED)


def _save_rng(g: Game, rng: random.Random) -> Json:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _load_rng(g: Game, data: Json) -> random.Random:
    version, internal, gauss = a_list(data, "the random generator", 3)
    need(version == random.Random().getstate()[0] and gauss is None,
         "the random generator is not one this Python makes")
    a_list(internal, "the random generator's state", 625)
    need(all(type(x) is int and 0 <= x < 2**32 for x in internal[:-1]),
         "the random generator's state should be 624 numbers of 32 bits")
    an_int(internal[-1], "the random generator's position", 1, 624)
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _load_consts(g: Game, data: Json) -> dict[str, Value]:
    declared = {d.name: d.value.ty for d in g.rules.program.consts}
    same_names(a_dict(data, "consts"), declared, "consts")
    return {**g.options, **{k: fitting(g, decode(g, x), declared[k], f"const {k}")
                            for k, x in data.items()}}


def _save_cards(g: Game, cards: list[Card]) -> Json:
    return [[c.kind, c.label, {k: encode(x) for k, x in c.f.items()}] for c in cards]


def _load_cards(g: Game, data: Json) -> list[Card]:
    cards: list[Card]
    cards, kinds, declared = [], g.rules.kinds, g.rules.program.cards
    for entry in a_list(data, "cards", most=MAX_CARDS):
        kind, label, fields = a_list(entry, f"card {len(cards)}", 3)
        need(type(kind) is str and kind in kinds, f"card {len(cards)}: no card kind {_short(kind)}")
        same_names(a_dict(fields, f"card {len(cards)}'s fields"), kinds[kind].fixed,
                   f"card {len(cards)}'s fields")
        cards.append(Card(len(cards), kind, {}, a_text(label, f"card {len(cards)}'s name")))
    g.cards = cards  # fields may name cards
    for card, (_, _, fields) in zip(cards, data):
        types = declared[card.kind].fields
        card.f = {k: fitting(g, decode(g, x), types[k].type, f"card {card.id}'s {k}")
                  for k, x in fields.items()}
    return cards


def _load_known(g: Game, data: Json) -> list[int]:
    everyone = g.everyone
    a_list(data, "known", len(g.cards))
    if not all(type(k) is int and 0 <= k <= everyone for k in data):
        for i, k in enumerate(data):
            an_int(k, f"who knows card {i}", 0, everyone)
    return list(data)


def _save_told(g: Game, told: dict[str, list[Facts]]) -> Json:
    """Only the cards someone was told of: {field: [[card, [[mask, value, yes], ...]], ...]}."""
    return {name: [[i, [[mask, encode(value), yes] for mask, value, yes in f]]
                   for i, f in enumerate(facts) if f] for name, facts in told.items()}


def _load_told(g: Game, data: Json) -> dict[str, list[Facts]]:
    told: dict[str, list[Facts]] = {name: [NOTHING] * len(g.cards) for name in g.rules.program.told_fields}
    for name, cards in data.items():
        if name not in told:
            raise ValueError(name)
        for i, facts in cards:
            told[name][g.cards[i].id] = tuple((int(mask), decode(g, value), bool(yes))
                                              for mask, value, yes in facts)
    return told


def _save_cv(g: Game, cv: dict[str, list[Value]]) -> Json:
    return {name: [encode(x) for x in values] for name, values in cv.items()}


def _load_cv(g: Game, data: Json) -> dict[str, list[Value]]:
    same_names(a_dict(data, "cvars"), g.rules.var_fields, "card variables")
    kinds, declared = g.rules.kinds, g.rules.program.cards
    cv = {}
    for name in g.rules.var_fields:
        values = [decode(g, x) for x in a_list(data[name], f"cvars {name}", len(g.cards))]
        for card, value in zip(g.cards, values):
            if kinds[card.kind].has_var(name):
                fitting(g, value, declared[card.kind].fields[name].type, f"card {card.id}'s {name}")
            else:
                need(value is None, f"card {card.id} ({card.kind}) has no field {name}")
        cv[name] = values
    return cv


def _save_made(g: Game, made: dict[int, dict[str, Making]]) -> Json:
    """How each card made by chance was made: {card: {field ("" for the card): [site,
    [the locals its values read]]}}."""
    return {str(cid): {field: [site, [encode(x) for x in kept]]
                       for field, (site, kept) in how.items()} for cid, how in made.items()}


def _load_made(g: Game, data: Json) -> dict[int, dict[str, Making]]:
    makings = g.rules.code.makings
    out: dict[int, dict[str, Making]] = {}
    for cid, how in a_dict(data, "made").items():
        card = decode(g, {"card": an_int(int(cid) if str(cid).isdigit() else -1, "made", 0,
                                          MAX_CARDS)})
        record: dict[str, Making] = {}
        for field, entry in a_dict(how, f"made {cid}").items():
            site, kept = a_list(entry, f"made {cid}", 2)
            an_int(site, f"made {cid}", 0, len(makings) - 1)
            a_list(kept, f"made {cid}", len(makings[site].slots))
            need(field == "" or field in makings[site].fields, f"made {cid}: no field {_short(field)}")
            record[field] = (site, tuple(decode(g, x) for x in kept))
        out[card.id] = record
    return out


def _save_zones(g: Game, zc: list[list[Card]]) -> Json:
    out = {}
    for zone in g.layout.zone_list:
        cards = zc[zone.i]
        if cards:
            out[zone.name] = ([[c.id, [list(x) for x in g.cells[c.id]]] for c in cards]
                              if zone.grid else [c.id for c in cards])
    return out


def _load_zones(g: Game, data: Json) -> list[list[Card]]:
    zc: list[list[Card]] = [[] for _ in g.layout.zone_list]
    g.where = [None] * len(g.cards)
    g.cells = [()] * len(g.cards)
    zg: list[dict[Cell, tuple[Card, ...]] | None] = [{} if z.grid else None for z in g.layout.zone_list]
    for name, items in a_dict(data, "zones").items():
        zone = g.layout.zone_named.get(name)
        if zone is None:
            raise Damaged(f"zones: there is no zone {_short(name)}")
        for entry in a_list(items, f"zone {name}"):
            if zone.grid:
                cid, cells = a_list(entry, f"a card on {name}", 2)
                card = decode(g, {"card": cid})
                cells = tuple(decode(g, {"cell": c}) for c in a_list(cells, f"card {cid}'s cells"))
                need(cells and all(zone.in_bounds(c) for c in cells),
                     f"card {cid} is not on cells of {name}")
                g.cells[card.id] = cells
                grid = cast("dict[Cell, tuple[Card, ...]]", zg[zone.i])  # a grid's
                for cell in cells:
                    grid[cell] = grid.get(cell, ()) + (card,)
            else:
                card = decode(g, {"card": entry})
            need(g.where[card.id] is None, f"card {card.id} ({card.label}) is in two places")
            need(zone.holds is None or card.kind == zone.holds,
                 f"{name} holds {zone.holds} cards, not card {card.id} ({card.kind})")
            g.where[card.id] = zone
            zc[zone.i].append(card)
    g.zg = zg
    return zc


def _save_vars(g: Game, vars_: dict[str, Value]) -> Json:
    return {k: save_var(v) for k, v in vars_.items()}


def save_var(v: Value) -> Json:
    """A variable's value as a save holds it (a keyed one as its [key, value] pairs)."""
    if type(v) is Keyed:
        return {"keyed": [[encode(key), encode(x)] for key, x in v.items()]}
    return encode(v)


def _load_vars(g: Game, data: Json) -> dict[str, Value]:
    declared = g.rules.program.vars
    same_names(a_dict(data, "vars"), declared, "vars")
    return {name: load_var(g, name, value) for name, value in data.items()}


def load_var(g: Game, name: str, value: Json) -> Value:
    """A declared variable's value read from a save (a game's, or a campaign's: ``g`` may be
    a game not started, for its rules, seats and keys); ``Damaged`` if it cannot be."""
    info = g.rules.program.vars[name]
    if not info.keys:
        return fitting(g, decode(g, value), info.type, f"var {name}")
    need(type(value) is dict and set(value) == {"keyed"}, f"var {name} is kept per key")
    expected = set(product(*(g.layout.domain(g.rules, k.domain) for k in info.keys)))
    if len(info.keys) == 1:
        expected = {k for (k,) in expected}
    keyed = Keyed(name)
    for pair in a_list(value["keyed"], f"var {name}", len(expected)):
        k, x = a_list(pair, f"var {name}", 2)
        k = _key(decode(g, k))
        need(k in expected and k not in keyed, f"var {name}: the key {_short(k)} is wrong")
        keyed[k] = fitting(g, decode(g, x), info.type, f"var {name}[{_short(k)}]")
    return keyed


def _key(k: Value) -> Value:
    return tuple(k) if isinstance(k, list) else k


def _copy_lists_of(kind: Callable[[Any], Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A copier of a dict of lists (or queues): each value copied, in one pass in C
    (a copy is made for every new game and every look-ahead move)."""
    def copy(values: dict[str, Any]) -> dict[str, Any]:
        return dict(zip(values, map(kind, values.values()))) if values else {}
    return copy


def _copy_grids(zg: list[dict[Cell, tuple[Card, ...]] | None]) -> list[dict[Cell, tuple[Card, ...]] | None]:
    """Each grid zone's cells -> card map copied; the other zones' None kept."""
    if zg.count(None) == len(zg):  # no grids
        return list(zg)
    return [dict(z) if z is not None else None for z in zg]


def _copy_vars(vars_: dict[str, Value]) -> dict[str, Value]:
    """The variables, a variable kept per key copied (its table: the others are values that
    never change in place); the dict copied in C, then those tables replaced."""
    out = dict(vars_)
    for name, value in vars_.items():
        if type(value) is Keyed:
            out[name] = value.copy()
    return out


def _load_current(g: Game, data: Json) -> Seat | None:
    current = decode(g, data)
    need(current is None or type(current) is Seat or (type(current) is int and 0 <= current < len(g.seats)),
         f"current should be a seat, not {_short(data)}")
    return g.seats[current] if type(current) is int else current  # an older save's number


def _save_fixed(g: Game, fixed: dict[str, deque[Value]]) -> Json:
    return {k: [encode(x) for x in q] for k, q in fixed.items() if q}


def _load_fixed(g: Game, data: Json) -> dict[str, deque[Value]]:
    out = {}
    for event, queue in a_dict(data, "fixed").items():
        try:
            g.chance_sites_of(event)
        except RulesError:
            raise Damaged(f"fixed: these rules draw no chance event {_short(event)}") from None
        out[event] = deque(decode(g, x) for x in a_list(queue, f"fixed {event}"))
    return out


def _save_frames(g: Game, frames: list[Frame]) -> Json:
    return [[f.unit.key, f.pc, [encode(x) for x in f.L]] for f in frames]


def _load_frames(g: Game, data: Json) -> list[Frame]:
    units = g.rules.units
    frames: list[Frame] = []
    for entry in a_list(data, "frames", most=MAX_FRAMES):
        key, pc, L = a_list(entry, f"frame {len(frames)}", 3)
        unit = units.get(key) if type(key) is str else None
        if unit is None or not unit.machine:
            raise Damaged(f"frame {len(frames)}: no rule {_short(key)} can wait")
        need(type(pc) is int and pc in unit.resumes,
             f"frame {len(frames)}: {unit.name} cannot be left at position {_short(pc)}")
        a_list(L, f"frame {len(frames)}'s locals", unit.nslots)
        frames.append(Frame.of(unit, pc, [decode(g, x) for x in L]))
    return frames


def _copy_frames(frames: list[Frame]) -> list[Frame]:
    """Each frame anew, its locals' list copied (``Frame.of`` written out: no call a frame)."""
    out = []
    for frame in frames:
        twin = Frame()
        twin.unit, twin.pc, twin.L = frame.unit, frame.pc, frame.L[:]
        out.append(twin)
    return out


def _save_pending(g: Game, pending: Decision | None) -> Json:
    if pending is None or g.group is not None:  # a simultaneous choice's: from the group
        return None
    out: dict[str, Json] = {"seat": int(pending.seat), "site": pending.site.index}
    if not pending.site.recomputable:
        out["values"] = [encode(x) for x in pending.values]
    return out


def _load_pending(g: Game, data: Json) -> Decision | None:
    if data is None:
        return None
    from interpreter.runtime.decision_parts import Decision
    a_dict(data, "pending")
    sites = g.rules.sites
    site = sites[an_int(data.get("site"), "the decision's site", 0, len(sites) - 1)]
    need(g.frames, "a decision waits, but no rules run")
    seat = decode(g, {"seat": data.get("seat")})
    need(seat in g.players, f"{_short(seat)} is not a player, so cannot decide")
    frame = g.frames[-1]
    need(frame.unit.key == site.unit and frame.pc == site.resume,
         f"the decision '{site.name}' is not where the running rules wait")
    if "values" in data:
        need(set(data) == {"seat", "site", "values"}, "pending: unknown parts")
        values = [decode(g, x) for x in a_list(data["values"], "the decision's options")]
        return Decision.offered(g, seat, site, frame, values, replay=False)
    need(site.recomputable and set(data) == {"seat", "site"},
         f"the decision '{site.name}' should list its options")
    try:
        decision: Decision = g.guard(lambda: Decision.recompute(g, site, frame))
    except RulesError as error:
        raise Damaged(f"the decision '{site.name}' cannot be worked out again "
                      f"({str(error).splitlines()[0]})") from None
    need(decision.seat == seat, f"the decision '{site.name}' is for "
                                f"{g.seat_name(decision.seat)}, not {g.seat_name(seat)}")
    return decision


def _save_group(g: Game, group: Group | None) -> Json:
    if group is None:
        return None
    out: dict[str, Json] = {"site": group.site.index, "seats": [int(d.seat) for d in group.decisions],
           "answers": [[int(seat), i] for seat, i in group.answers.items()]}
    if not group.site.recomputable:
        out["saved"] = [[[encode(x) for x in (d.values[:-1] if d.passing else d.values)],
                         d.passing] for d in group.decisions]
    return out


def _load_group(g: Game, data: Json) -> Group | None:
    """A simultaneous choice, its decisions worked out again (or read from the save), its
    answers so far; ``pending`` is its first decision still unanswered."""
    if data is None:
        return None
    from interpreter.runtime.decision_parts import Group
    site = g.rules.sites[data["site"]]
    seats = [g.seats[s] for s in data["seats"]]
    saved: list[tuple[list[Value], bool]] | None = None
    if "saved" in data:
        saved = []
        for values, passing in data["saved"]:  # the options, without the pass move
            saved.append(([decode(g, x) for x in values], bool(passing)))
    frame = g.frames[-1]
    group = Group(site, frame, Group.asked(g, site, frame, seats, saved), {})
    for seat, i in data["answers"]:
        decision = group.of(g.seats[seat])
        if decision is None or not 0 <= i < len(decision.values):
            raise ValueError("answer")
        group.answers[g.seats[seat]] = int(i)
    if len(group.answers) >= len(group.decisions):
        raise ValueError("answers")
    g.pending = group.first_open()
    return group


def _plain(g: Game, value: Value) -> Value:
    return value


def _counter(most: int, what: str) -> Callable[[Game, Json], int]:
    return lambda g, value: an_int(value, what, 0, most)


def _flag(what: str) -> Callable[[Game, Json], bool]:
    return lambda g, value: a_bool(value, what)


# ------------------------------------------------------------------ the description

FIELDS = (
    Field("seed", "seed", lambda g: g.seed, _plain, _load_seed),
    # shared by the copies until one draws (draws.py, ``share`` and ``own``)
    Field("rng", "rng", lambda g: random.Random(g.seed), _save_rng, _load_rng, draws.share),
    Field("fixed", "fixed", lambda g: {}, _save_fixed, _load_fixed, _copy_lists_of(deque),
          empty="{}"),
    Field("consts", "consts", lambda g: dict(g.options),
          lambda g, c: {k: encode(x) for k, x in c.items() if k not in g.options}, _load_consts),
    Field("cards", "cards", lambda g: [], _save_cards, _load_cards, list, empty="[]"),
    Field("known", "known", lambda g: [], lambda g, k: list(k), _load_known, list, check_known,
          empty="[]"),
    Field("told", "told", lambda g: {name: [] for name in g.rules.program.told_fields},
          _save_told, _load_told, _copy_lists_of(list.copy), optional=True, empty="{}"),
    Field("cv", "cvars", lambda g: {name: [] for name in g.rules.var_fields}, _save_cv, _load_cv,
          _copy_lists_of(list.copy), empty="{}"),
    # cards made by chance: how to make their faces again (a bot's sample draws them anew)
    Field("made", "made", lambda g: {}, _save_made, _load_made, dict, optional=True, empty="{}"),
    Field("rules_cards", "rules_cards", lambda g: 0, _plain,
          lambda g, n: an_int(n, "rules_cards", 0, len(g.cards)), optional=True),
    # what each seat knows of cards shuffled together (pools.py): replaced, never changed
    # in place, so copies share it
    Field("pooled", "pooled", lambda g: {}, save_pooled, load_pooled, optional=True),
    Field("zc", "zones", lambda g: [[] for _ in g.layout.zone_list], _save_zones, _load_zones,
          lambda zc: list(map(list.copy, zc)), check_zones,  # (list.copy: no constructor's checks)
          empty="[]"),
    Field("where", None, lambda g: [], copy=list, empty="[]"),  # rebuilt with the zones
    Field("cells", None, lambda g: [], copy=list, empty="[]"),
    Field("zg", None, lambda g: [{} if z.grid else None for z in g.layout.zone_list],
          copy=_copy_grids, empty="[]"),
    Field("vars", "vars", lambda g: {}, _save_vars, _load_vars, _copy_vars, empty="{}"),
    Field("current", "current", lambda g: g.players[0], lambda g, v: encode(v), _load_current),
    Field("turn_number", "turn", lambda g: 0, _plain, _counter(MAX_TURNS, "the turn")),
    Field("in_setup", "in_setup", lambda g: True, _plain, _flag("in_setup")),
    Field("steps", "steps", lambda g: 0, _plain, _counter(TICK_LIMIT, "steps")),
    Field("over", "over", lambda g: False, _plain, _flag("over")),  # before what depends on it
    Field("frames", "frames", lambda g: [], _save_frames, _load_frames, _copy_frames, check_frames,
          empty="[]"),
    Field("pending", "pending", lambda g: None, _save_pending, _load_pending, check=check_pending),
    # a simultaneous choice (``choose ... by each``): its decisions and the secret answers
    # so far; copies fix it up (Game.copy), as they do ``pending``
    Field("group", "group", lambda g: None, _save_group, _load_group, optional=True),
    Field("log", "log", lambda g: [], _save_log, _load_log, list, empty="[]"),
    Field("unsettled", "unsettled", lambda g: [], _plain, _load_unsettled, list, check_unsettled,
          empty="[]"),
    Field("history", "history", lambda g: [], lambda g, h: list(h), _load_history,
          list, empty="[]"),  # the moves played, as their notations
    Field("result", "result", lambda g: None, _save_result, _load_result, check=check_result),
    Field("outcome_cache", "outcome", lambda g: None, _save_outcome, _load_outcome,
          check=check_outcome),
)


def initialize(g: Game) -> None:
    for f in FIELDS:
        setattr(g, f.attr, f.start(g))


# the fields whose value is always a list or always a dict (``Field.empty``): empty, its
# copy is a new one (tests/runtime/test_playout_costs.py checks each against its copier)
EMPTY_COPIES = {f.attr: f.empty for f in FIELDS if f.empty}


def _write_copier() -> Callable[..., None]:
    """``copy_state``, written out from ``FIELDS`` as one straight function: a copy is
    made for every new game (from its setup snapshot) and every look-ahead move, and a
    loop over the fields, reading each one's description, cost as much as the copying."""
    lines = ["def copy_state(src, dst, fresh_seed=None):",
             '    """``dst`` gets an independent copy of ``src``\'s state; with ``fresh_seed``, '
             'a new seed and its fresh generator instead of ``src``\'s."""']
    names: dict[str, Any] = {"Unseeded": draws.Unseeded}
    for i, f in enumerate(FIELDS):
        value = f"src.{f.attr}"
        if f.copy is not None:
            names[f"copy_{i}"] = f.copy
            empty = EMPTY_COPIES.get(f.attr)
            # an empty list or dict made fresh, with no call (a game's snapshot holds
            # many: its log, its history, the cards of a game that makes them later)
            value = f"copy_{i}({value})" if empty is None else \
                f"copy_{i}(v) if (v := {value}) else {empty}"
        if f.attr in ("seed", "rng"):  # not copied to be dropped: a fresh seed replaces them
            lines.append(f"    if fresh_seed is None: dst.{f.attr} = {value}")
        else:
            lines.append(f"    dst.{f.attr} = {value}")
    lines.append("    if fresh_seed is not None:")
    lines.append("        dst.seed, dst.rng = fresh_seed, Unseeded(fresh_seed)")  # seeded if it draws
    exec("\n".join(lines), names)  # attribute names of this module's own FIELDS only
    return cast("Callable[..., None]", names["copy_state"])


copy_state = _write_copier()


def encode_state(g: Game) -> dict[str, Json]:
    return {f.key: cast(Saver, f.save)(g, getattr(g, f.attr))  # a saved part has save and load
            for f in FIELDS if f.key is not None}


def decode_state(g: Game, data: dict[str, Json]) -> None:
    """Read a save's state into ``g``, checking each part, then each against the rest;
    a ``Damaged`` error names the part that is wrong."""
    optional = {f.key for f in FIELDS if f.optional and f.key not in data}  # older saves
    same_names([k for k in data if k not in ("signature", "people")],  # (people: the fronts')
               [f.key for f in FIELDS if f.key is not None and f.key not in optional]
               + list(WRAPPING), "the save")
    for f in FIELDS:
        if f.key is not None:
            if f.optional and f.key not in data:
                setattr(g, f.attr, f.start(g))
                continue
            try:
                setattr(g, f.attr, cast(Loader, f.load)(g, data[f.key]))
            except ValueError as error:  # a Damaged error, or a value unpacked from a wrong shape
                raise _named(f.key, error) from None
    for f in FIELDS:
        if f.check is not None:
            try:
                f.check(g, getattr(g, f.attr))
            except Damaged as error:
                raise _named(cast(str, f.key), error) from None  # the checked parts are saved


WRAPPING = ("format", "game", "fingerprint", "players", "options")  # and a "signature" maybe


def _named(key: str, error: Exception) -> Damaged:
    text = str(error) if type(error) is Damaged else f"it has the wrong shape ({error})"
    return Damaged(text if text.startswith(key) else f"{key}: {text}")
