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

import attrs

from interpreter.compiler.helpers import Frame
from interpreter.facts import NOTHING
from interpreter.log import Choice, Ending, Header, Message, SeenCard
from interpreter.protocol import decode, encode
from interpreter.values import Card, Cell, Keyed


@attrs.frozen
class Field:
    """One part of the state: its attribute, its key in a save (None: rebuilt from
    other parts), how it starts, saves, restores and copies."""
    attr: str
    key: str | None
    start: object  # (g) -> initial value
    save: object = None  # (g, value) -> JSON-ready
    load: object = None  # (g, data) -> value (earlier fields already loaded)
    copy: object = None  # (value) -> an independent copy; None: shared (immutable)
    optional: bool = False  # a save from before this part existed starts it afresh


def _same(value):
    return value


# ------------------------------------------------------------------ parts with some shape

def _save_rng(g, rng):
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _load_rng(g, data):
    version, internal, gauss = data
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _copy_rng(rng):
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _save_cards(g, cards):
    return [[c.kind, c.label, {k: encode(x) for k, x in c.f.items()}] for c in cards]


def _load_cards(g, data):
    cards = []
    for kind, label, fields in data:
        if kind not in g.rules.kinds:
            raise ValueError(kind)
        cards.append(Card(len(cards), kind, {}, label))
    g.cards = cards  # fields may name cards
    for card, (_, _, fields) in zip(cards, data):
        card.f = {k: decode(g, x) for k, x in fields.items()}
    return cards


def _save_told(g, told):
    """Only the cards someone was told of: {field: [[card, [[mask, value, yes], ...]], ...]}."""
    return {name: [[i, [[mask, encode(value), yes] for mask, value, yes in f]]
                   for i, f in enumerate(facts) if f] for name, facts in told.items()}


def _load_told(g, data):
    told = {name: [NOTHING] * len(g.cards) for name in g.rules.program.told_fields}
    for name, cards in data.items():
        if name not in told:
            raise ValueError(name)
        for i, facts in cards:
            told[name][g.cards[i].id] = tuple((int(mask), decode(g, value), bool(yes))
                                              for mask, value, yes in facts)
    return told


def _save_cv(g, cv):
    return {name: [encode(x) for x in values] for name, values in cv.items()}


def _load_cv(g, data):
    cv = {name: [None] * len(g.cards) for name in g.rules.var_fields}
    for name, values in data.items():
        cv[name] = [decode(g, x) for x in values]
    return cv


def _save_zones(g, zc):
    out = {}
    for zone in g.layout.zone_list:
        cards = zc[zone.i]
        if cards:
            out[zone.name] = ([[c.id, [list(x) for x in g.cells[c.id]]] for c in cards]
                              if zone.grid else [c.id for c in cards])
    return out


def _load_zones(g, data):
    zc = [[] for _ in g.layout.zone_list]
    g.where = [None] * len(g.cards)
    g.cells = [()] * len(g.cards)
    zg = [{} if z.grid else None for z in g.layout.zone_list]
    for name, items in data.items():
        zone = g.layout.zone_named[name]
        for entry in items:
            if zone.grid:
                card = g.cards[entry[0]]
                cells = tuple(Cell(*c) for c in entry[1])
                g.cells[card.id] = cells
                grid = zg[zone.i]
                for cell in cells:
                    grid[cell] = grid.get(cell, ()) + (card,)
            else:
                card = g.cards[entry]
            if g.where[card.id] is not None:
                raise ValueError("a card in two zones")
            g.where[card.id] = zone
            zc[zone.i].append(card)
    g.zg = zg
    return zc


def _save_vars(g, vars_):
    return {k: {"keyed": [[encode(key), encode(x)] for key, x in v.items()]}
            if type(v) is Keyed else encode(v) for k, v in vars_.items()}


def _load_vars(g, data):
    out = {}
    for name, value in data.items():
        if isinstance(value, dict) and "keyed" in value:
            out[name] = Keyed(name, ((_key(decode(g, k)), decode(g, x)) for k, x in value["keyed"]))
        else:
            out[name] = decode(g, value)
    return out


def _key(k):
    return tuple(k) if isinstance(k, list) else k


def _copy_vars(vars_):
    return {k: v.copy() if type(v) is Keyed else v for k, v in vars_.items()}


def _save_fixed(g, fixed):
    return {k: [encode(x) for x in q] for k, q in fixed.items() if q}


def _load_fixed(g, data):
    return {k: deque(decode(g, x) for x in q) for k, q in data.items()}


def _save_frames(g, frames):
    return [[f.unit.key, f.pc, [encode(x) for x in f.L]] for f in frames]


def _load_frames(g, data):
    units = g.rules.units
    return [Frame(units[key], int(pc), [decode(g, x) for x in L]) for key, pc, L in data]


def _copy_frames(frames):
    return [Frame(f.unit, f.pc, list(f.L)) for f in frames]


def _save_pending(g, pending):
    if pending is None or g.group is not None:  # a simultaneous choice's: from the group
        return None
    out = {"seat": int(pending.seat), "site": pending.site.index}
    if not pending.site.recomputable:
        out["values"] = [encode(x) for x in pending.values]
    return out


def _load_pending(g, data):
    if data is None:
        return None
    from interpreter.decisions import Decision
    site = g.rules.sites[data["site"]]
    frame = g.frames[-1]
    if "values" in data:
        values = [decode(g, x) for x in data["values"]]
        return Decision.offered(g, g.seats[data["seat"]], site, frame, values, replay=False)
    return Decision.recompute(g, site, frame)


def _save_group(g, group):
    if group is None:
        return None
    out = {"site": group.site.index, "seats": [int(d.seat) for d in group.decisions],
           "answers": [[int(seat), i] for seat, i in group.answers.items()]}
    if not group.site.recomputable:
        out["saved"] = [[[encode(x) for x in (d.values[:-1] if d.passing else d.values)],
                         d.passing] for d in group.decisions]
    return out


def _load_group(g, data):
    """A simultaneous choice, its decisions worked out again (or read from the save), its
    answers so far; ``pending`` is its first decision still unanswered."""
    if data is None:
        return None
    from interpreter.decisions import Group
    site = g.rules.sites[data["site"]]
    seats = [g.seats[s] for s in data["seats"]]
    saved = None
    if "saved" in data:
        saved = []
        for values, passing in data["saved"]:  # the options, without the pass move
            saved.append(([decode(g, x) for x in values], bool(passing)))
    frame = g.frames[-1]
    group = Group(site, frame, Group.asked(g, site, frame, seats, saved), {})
    for seat, i in data["answers"]:
        if group.of(g.seats[seat]) is None or not 0 <= i < len(group.of(g.seats[seat]).values):
            raise ValueError("answer")
        group.answers[g.seats[seat]] = int(i)
    if len(group.answers) >= len(group.decisions):
        raise ValueError("answers")
    g.pending = group.first_open()
    return group


def _parts(parts):
    return [{"card": p.card.id, "mask": p.mask} if type(p) is SeenCard else
            {"card": p.id} if type(p) is Card else p for p in parts]


def _unparts(g, parts):
    out = []
    for p in parts:
        if isinstance(p, dict):
            card = g.cards[p["card"]]
            out.append(SeenCard(card, p["mask"]) if "mask" in p else card)
        else:
            out.append(p)
    return tuple(out)


def _save_log(g, log):
    out = []
    for e in log:
        t = type(e)
        if t is Message:
            out.append(["msg", _parts(e.parts)])
        elif t is Choice:
            out.append(["choice", int(e.seat), _parts(e.prompt), e.notation, [c.id for c in e.named],
                        e.mask])
        elif t is Header:
            out.append(["header", e.text])
        else:
            out.append(["end", e.text])
    return out


def _load_log(g, data):
    out = []
    for e in data:
        kind = e[0]
        if kind == "msg":
            out.append(Message(_unparts(g, e[1])))
        elif kind == "choice":
            out.append(Choice(g.seats[e[1]], _unparts(g, e[2]), e[3],
                              tuple(g.cards[i] for i in e[4]), e[5]))
        elif kind == "header":
            out.append(Header(e[1]))
        elif kind == "end":
            out.append(Ending(e[1]))
        else:
            raise ValueError(kind)
    return out


def _save_result(g, result):
    return [result[0], encode(result[1]), result[2]] if result else None


def _load_result(g, data):
    if not data:
        return None
    how, value, reason = data
    return (how, decode(g, value), reason)


def _save_outcome(g, outcome):
    if outcome is None:
        return None
    out = dict(outcome)
    out["scores"] = [[k, v] for k, v in outcome["scores"].items()]
    return out


def _load_outcome(g, data):
    if data is None:
        return None
    out = dict(data)
    out["scores"] = {k: v for k, v in out["scores"]}
    return out


def _plain(g, value):
    return value


def _int(g, value):
    if type(value) is not int:
        raise ValueError(value)
    return value


def _seat_or_value(g, value):
    return decode(g, value)


# ------------------------------------------------------------------ the description

FIELDS = (
    Field("seed", "seed", lambda g: g.seed, _plain, _plain),
    Field("rng", "rng", lambda g: random.Random(g.seed), _save_rng, _load_rng, _copy_rng),
    Field("fixed", "fixed", lambda g: {}, _save_fixed, _load_fixed,
          lambda f: {k: deque(q) for k, q in f.items()}),
    Field("consts", "consts", lambda g: dict(g.options),
          lambda g, c: {k: encode(x) for k, x in c.items() if k not in g.options},
          lambda g, data: {**g.options, **{k: decode(g, x) for k, x in data.items()}}),
    Field("cards", "cards", lambda g: [], _save_cards, _load_cards, list),
    Field("known", "known", lambda g: [], lambda g, k: list(k), lambda g, data: list(data), list),
    Field("told", "told", lambda g: {name: [] for name in g.rules.program.told_fields},
          _save_told, _load_told, lambda t: {k: list(v) for k, v in t.items()}, optional=True),
    Field("cv", "cvars", lambda g: {name: [] for name in g.rules.var_fields}, _save_cv, _load_cv,
          lambda cv: {k: list(v) for k, v in cv.items()}),
    Field("zc", "zones", lambda g: [[] for _ in g.layout.zone_list], _save_zones, _load_zones,
          lambda zc: [list(z) for z in zc]),
    Field("where", None, lambda g: [], copy=list),  # rebuilt with the zones
    Field("cells", None, lambda g: [], copy=list),
    Field("zg", None, lambda g: [{} if z.grid else None for z in g.layout.zone_list],
          copy=lambda zg: [dict(z) if z is not None else None for z in zg]),
    Field("vars", "vars", lambda g: {}, _save_vars, _load_vars, _copy_vars),
    Field("current", "current", lambda g: g.players[0], lambda g, v: encode(v), _seat_or_value),
    Field("turn_number", "turn", lambda g: 0, _plain, _int),
    Field("in_setup", "in_setup", lambda g: True, _plain, lambda g, v: bool(v)),
    Field("steps", "steps", lambda g: 0, _plain, _int),
    Field("frames", "frames", lambda g: [], _save_frames, _load_frames, _copy_frames),
    Field("pending", "pending", lambda g: None, _save_pending, _load_pending),
    # a simultaneous choice (``choose ... by each``): its decisions and the secret answers
    # so far; copies fix it up (Game.copy), as they do ``pending``
    Field("group", "group", lambda g: None, _save_group, _load_group, optional=True),
    Field("log", "log", lambda g: [], _save_log, _load_log, list),
    Field("unsettled", "unsettled", lambda g: [], _plain, lambda g, d: [int(i) for i in d], list),
    Field("history", "history", lambda g: [], lambda g, h: list(h),
          lambda g, d: [str(m) for m in d], list),  # the moves played, as their notations
    Field("over", "over", lambda g: False, _plain, lambda g, v: bool(v)),
    Field("result", "result", lambda g: None, _save_result, _load_result),
    Field("outcome_cache", "outcome", lambda g: None, _save_outcome, _load_outcome),
)


def initialize(g):
    for f in FIELDS:
        setattr(g, f.attr, f.start(g))


def _write_copier():
    """``copy_state``, written out from ``FIELDS`` as one straight function: a copy is
    made for every new game (from its setup snapshot) and every look-ahead move, and a
    loop over the fields, reading each one's description, cost as much as the copying."""
    lines = ["def copy_state(src, dst, fresh_seed=None):",
             '    """``dst`` gets an independent copy of ``src``\'s state; with ``fresh_seed``, '
             'a new seed and its fresh generator instead of ``src``\'s."""']
    names = {"random": random}
    for i, f in enumerate(FIELDS):
        value = f"src.{f.attr}"
        if f.copy is not None:
            names[f"copy_{i}"] = f.copy
            value = f"copy_{i}({value})"
        if f.attr in ("seed", "rng"):  # not copied to be dropped: a fresh seed replaces them
            lines.append(f"    if fresh_seed is None: dst.{f.attr} = {value}")
        else:
            lines.append(f"    dst.{f.attr} = {value}")
    lines.append("    if fresh_seed is not None:")
    lines.append("        dst.seed, dst.rng = fresh_seed, random.Random(fresh_seed)")
    exec("\n".join(lines), names)  # attribute names of this module's own FIELDS only
    return names["copy_state"]


copy_state = _write_copier()


def encode_state(g) -> dict:
    return {f.key: f.save(g, getattr(g, f.attr)) for f in FIELDS if f.key is not None}


def decode_state(g, data: dict):
    for f in FIELDS:
        if f.key is not None:
            if f.optional and f.key not in data:
                setattr(g, f.attr, f.start(g))
                continue
            setattr(g, f.attr, f.load(g, data[f.key]))
