"""A game to JSON and back, mid-game, exactly.

Everything is saved as data: cards and where they lie, variables, the random
generator's state, the frames of the rules that are running (code, position,
locals) and the pending decision. Restoring continues identically.
"""
from __future__ import annotations

import hashlib
import json
from collections import deque

from interpreter.builtins import Family, Row
from interpreter.compile_stmt import Frame
from interpreter.engine import Decision, Game
from interpreter.values import Card, Cell, EnumValue, Placement, Shape, Zone, parse_shape
from interpreter.views import all_zones
from rulelang.errors import RulesError

FORMAT = "rulelang-save/1"
PLAYER_FORMAT = "rulelang-player-record/1"


def fingerprint(rules) -> str:
    digest = hashlib.sha256()
    for name, text in sorted(rules.program.sources.items()):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()[:16]


# ------------------------------------------------------------------ values

def encode(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, Card):
        return {"card": v.id}
    if isinstance(v, EnumValue):
        return {"enum": [v.enum, v.name]}
    if isinstance(v, list):
        return [encode(x) for x in v]
    if type(v) is Cell:
        return {"cell": list(v)}
    if isinstance(v, tuple):
        return {"tuple": [encode(x) for x in v]}
    if isinstance(v, Zone):
        return {"zone": v.name}
    if isinstance(v, Family):
        return {"family": v.name}
    if isinstance(v, Shape):
        return {"shape": v.text}
    if isinstance(v, Placement):
        return {"placement": [list(c) for c in v.cells], "label": v.label}
    if isinstance(v, Row):
        return {"row": {k: encode(x) for k, x in v.items()}}
    raise RulesError(f"cannot save a value of type {type(v).__name__}")


class _Decoder:
    def __init__(self, g):
        self.g = g
        self.zones = {z.name: z for z in all_zones(g)}

    def __call__(self, v):
        if v is None or isinstance(v, (bool, int, str)):
            return v
        if isinstance(v, list):
            return [self(x) for x in v]
        (tag, body), = [(k, x) for k, x in v.items() if k != "label"]
        if tag == "card":
            return self.g.cards[body]
        if tag == "enum":
            return next(m for m in self.g.rules.enum_values[body[0]] if m.name == body[1])
        if tag == "cell":
            return Cell(*body)
        if tag == "tuple":
            return tuple(self(x) for x in body)
        if tag == "zone":
            return self.zones[body]
        if tag == "family":
            return self.g.zones[body]
        if tag == "shape":
            return parse_shape(body)
        if tag == "placement":
            return Placement(tuple(Cell(*c) for c in body), v["label"])
        if tag == "row":
            return Row((k, self(x)) for k, x in body.items())
        raise ValueError(tag)


def _keyed(d):
    return [[encode(k), encode(x)] for k, x in d.items()]


# ------------------------------------------------------------------ save

def save(g: Game) -> str:
    code_keys = {id(code): key for key, code in g.rules.codes.items()}
    pending = None
    if g.pending is not None:
        p = g.pending
        pending = {"seat": p.seat, "values": [encode(x) for x in p.values],
                   "notations": p.notations, "named": [[c.id for c in n] for n in p.named],
                   "prompt": _parts(p.prompt), "slot": p.slot}
    data = {
        "format": FORMAT,
        "game": g.title,
        "fingerprint": fingerprint(g.rules),
        "players": g.nplayers,
        "seed": g.seed,
        "options": {k: encode(x) for k, x in g.options.items()},
        "rng": _rng_state(g.rng.getstate()),
        "fixed": {k: [encode(x) for x in q] for k, q in g.fixed.items() if q},
        "consts": {k: encode(x) for k, x in g.consts.items() if k not in g.options},
        "cards": [[c.kind, c.label, c.known, {k: encode(x) for k, x in c.f.items()}]
                  for c in g.cards],
        "zones": {z.name: [[c.id, [list(x) for x in c.cells]] if z.grid is not None else c.id
                           for c in z.cards] for z in all_zones(g) if z.cards},
        "vars": {k: {"keyed": _keyed(x)} if type(x) is dict
                 else encode(x) for k, x in g.vars.items()},
        "current": g.current,
        "turn": g.turn_number,
        "in_setup": g.in_setup,
        "steps": g.steps,
        "frames": [[code_keys[id(f.code)], f.pc, [encode(x) for x in f.L]] for f in g.frames],
        "pending": pending,
        "log": [_entry(e) for e in g.log],
        "unsettled": [i for i, e in enumerate(g.log) if any(e is u for u in g.unsettled)],
        "history": g.history,
        "over": g.over,
        "result": [g.result[0], encode(g.result[1]), g.result[2]] if g.result else None,
        "outcome": _outcome(g.outcome_cache),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def save_for(g: Game, seat) -> str:
    """What one player may keep of the game: their view and their transcript."""
    view = g.view(seat)  # raises RulesError for a seat that is not playing
    data = {"format": PLAYER_FORMAT, "game": g.title, "seat": view["seat"], "view": view,
            "transcript": g.transcript(seat)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _rng_state(state):
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _parts(parts):
    return [{"card": p.id} if isinstance(p, Card) else
            {"card": p[0].id, "mask": p[1]} if isinstance(p, tuple) else p for p in parts]


def _entry(e):
    kind = e[0]
    if kind == "msg":
        return ["msg", _parts(e[1])]
    if kind == "choice":
        return ["choice", e[1], _parts(e[2]), e[3], [c.id for c in e[4]], e[5]]
    return list(e)


def _outcome(outcome):
    if outcome is None:
        return None
    out = dict(outcome)
    out["scores"] = [[k, v] for k, v in outcome["scores"].items()]
    return out


# ------------------------------------------------------------------ restore

def restore(rules, text: str) -> Game:
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, PLAYER_FORMAT):
            raise ValueError("format")
    except ValueError:
        raise RulesError("this is not a rulelang save") from None
    if data["format"] == PLAYER_FORMAT:
        raise RulesError("this is one player's record of the game: it holds only what that "
                         "player may see, so it cannot be continued (save with game.save())")
    if data.get("fingerprint") != fingerprint(rules):
        raise RulesError(f"this save is from other rules ({data.get('game')!r}), "
                         "or the rules changed since it was made")
    try:
        return _restore(rules, data)
    except (KeyError, IndexError, TypeError, ValueError, StopIteration):
        raise RulesError("this save is damaged and cannot be restored") from None


def _restore(rules, data) -> Game:
    def given(x):  # an option as new_game takes it: enum members by name, lists item by item
        if isinstance(x, list):
            return [given(i) for i in x]
        return x["enum"][1] if isinstance(x, dict) and "enum" in x else x
    chosen = {k: given(x) for k, x in data["options"].items()}
    g = Game(rules, data["players"], data["seed"], chosen, {})  # tables may read options
    g._build_state()
    decode = _Decoder(g)
    g.options = {k: decode(x) for k, x in data["options"].items()}
    g.consts.update(g.options)
    g.consts.update({k: decode(x) for k, x in data["consts"].items()})
    version, internal, gauss = data["rng"]
    g.rng.setstate((version, tuple(internal), gauss))
    for kind, label, known, _ in data["cards"]:
        card = Card(len(g.cards), kind, {}, label)
        card.known = known
        g.cards.append(card)
    for card, (_, _, _, fields) in zip(g.cards, data["cards"]):
        card.f = {k: decode(x) for k, x in fields.items()}
    for name, items in data["zones"].items():
        zone = decode.zones[name]
        for item in items:
            if zone.grid is not None:
                card = g.cards[item[0]]
                card.cells = tuple(Cell(*c) for c in item[1])
                for cell in card.cells:
                    zone.grid.setdefault(cell, []).append(card)
            else:
                card = g.cards[item]
            card.zone = zone
            zone.cards.append(card)
    for name, value in data["vars"].items():
        if isinstance(value, dict) and "keyed" in value:
            g.vars[name] = {_key(decode(k)): decode(x) for k, x in value["keyed"]}
        else:
            g.vars[name] = decode(value)
    g.fixed = {k: deque(decode(x) for x in q)
               for k, q in data["fixed"].items()}
    g.current, g.turn_number = data["current"], data["turn"]
    g.in_setup, g.steps = data["in_setup"], data["steps"]
    g.frames = [Frame(rules.codes[key], pc, [decode(x) for x in L]) for key, pc, L in data["frames"]]
    g.log = [_unentry(g, e) for e in data["log"]]
    g.unsettled = [g.log[i] for i in data["unsettled"]]
    g.history = list(data["history"])
    p = data["pending"]
    if p is not None:
        g.pending = Decision(p["seat"], [decode(x) for x in p["values"]], p["notations"],
                             [tuple(g.cards[i] for i in n) for n in p["named"]],
                             _unparts(g, p["prompt"]), p["slot"])
    g.over = data["over"]
    if data["result"]:
        how, value, reason = data["result"]
        g.result = (how, decode(value), reason)
    if data["outcome"] is not None:
        out = dict(data["outcome"])
        out["scores"] = {k: v for k, v in out["scores"]}
        g.outcome_cache = out
    return g


def _key(k):
    return tuple(k) if isinstance(k, list) else k


def _unparts(g, parts):
    out = []
    for p in parts:
        if isinstance(p, dict):
            card = g.cards[p["card"]]
            out.append((card, p["mask"]) if "mask" in p else card)
        else:
            out.append(p)
    return out


def _unentry(g, e):
    kind = e[0]
    if kind == "msg":
        return ["msg", _unparts(g, e[1])]
    if kind == "choice":
        return ["choice", e[1], _unparts(g, e[2]), e[3], tuple(g.cards[i] for i in e[4]), e[5]]
    return list(e)
