"""What each seat may see: views, transcripts, positions.

This is the one place where secrets are filtered. A card's face is shown to a
seat only if the card's ``known`` mask has that seat's bit: the mask is set by
the zones' declared visibility when cards move, by ``reveal``, and cleared by
``shuffle``. Views, transcripts and the terminal all read through here.
"""
from __future__ import annotations

from interpreter.builtins import Family, Row
from interpreter.values import Card, Cell, EnumValue, Placement, Shape, Zone, cell_name


PUBLIC = "public"  # a spectator's seat: shown only what every seat may know


class Public:
    """The seat of a spectator's view: it sees what every seat sees, and no more."""
    def __init__(self, everyone):
        self.everyone = everyone


def sees(mask, seat) -> bool:
    """Whether ``seat`` (None: the host) may read what the seats in ``mask`` may read."""
    if seat is None:
        return True
    if isinstance(seat, Public):
        return mask & seat.everyone == seat.everyone
    return bool(mask >> seat & 1)


def knows(card, seat) -> bool:
    return sees(card.known, seat)


def position(card) -> str:
    """A card named by where it lies, for a chooser who cannot see its face."""
    zone = card.zone
    if zone is None:
        return f"card{card.id}"
    if zone.grid is not None:
        return f"{zone.name}@{cell_name(card.cells[0])}" if card.cells else zone.name
    i = zone.cards.index(card)
    return f"{zone.name}#{len(zone.cards) - i if zone.kind == 'pile' else i + 1}"


def card_view(g, card, seat) -> dict:
    if not knows(card, seat):
        return {"hidden": True, "kind": card.kind}
    out = {"name": card.label, "kind": card.kind}
    for key, value in card.f.items():
        out[key] = plain(g, value, seat)
    out.update(g.rules.display_hints(g, card))
    return out


def plain(g, value, seat, ty=None):
    """Any runtime value as JSON-friendly data, as ``seat`` may see it."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, Card):
        return card_view(g, value, seat)
    if isinstance(value, EnumValue):
        return value.name
    if isinstance(value, (Zone, Shape, Placement)):
        return value.label if isinstance(value, Placement) else (
            value.name if isinstance(value, Zone) else value.text)
    if type(value) is Cell:
        return cell_name(value)
    if isinstance(value, tuple):
        return [plain(g, v, seat) for v in value]
    if isinstance(value, Family):
        return value.name
    if isinstance(value, Row):
        return {k: plain(g, v, seat) for k, v in value.items()}
    if isinstance(value, (list, dict)):
        return [plain(g, v, seat) for v in value]
    return str(value)


def zone_view(g, zone, seat) -> dict:
    out = {"kind": zone.kind, "visibility": zone.vis, "size": len(zone.cards),
           "family": zone.family or zone.name}
    if zone.family is not None:
        out["keys"] = key_texts(g, zone.key, zone.info.keys)
    if zone.info.label:
        out["label"] = zone.info.label
    if zone.info.layout:
        out["layout"] = zone.info.layout
    if zone.grid is not None:
        out["width"], out["height"] = zone.width, zone.height
        out["cards"] = [dict(card_view(g, c, seat), cells=[cell_name(x) for x in c.cells])
                        for c in zone.cards]
    else:
        out["cards"] = [card_view(g, c, seat) for c in zone.cards]
    return out


def all_zones(g):
    for value in g.zones.values():
        if isinstance(value, Family):
            yield from value.values()
        else:
            yield value


def key_texts(g, key, domains) -> list[str]:
    """A zone's or variable's key as texts, one per key (seats as P1, P2...)."""
    keys = key if isinstance(key, tuple) else (key,)
    return [g.text_of(k, d in ("player", "seat")) for k, (d, _) in zip(keys, domains)]


def vars_view(g, seat) -> dict:
    out = {}
    for info, _ in g.rules.vars:
        value = g.vars[info.name]
        if info.visibility == "hidden" and seat is not None:
            continue
        if not info.keys:
            out[info.name] = plain(g, value, seat, info.type)
            continue
        owner_at = next((i for i, (d, _) in enumerate(info.keys) if d in ("player", "seat")), None)
        shown = {}
        for key, v in value.items():
            keys = key if isinstance(key, tuple) else (key,)
            if info.visibility == "owner" and seat is not None and keys[owner_at] != seat:
                continue
            shown[",".join(key_texts(g, key, info.keys))] = plain(g, v, seat, info.type)
        out[info.name] = shown
    return out


def _check_seat(g, seat):
    """None (the host: everything), PUBLIC (a spectator) or a player's seat, however the
    caller wrote it."""
    if seat == PUBLIC:
        return Public(g.everyone)
    return None if seat is None else g.seat_of(seat)


def view(g, seat=None) -> dict:
    seat = _check_seat(g, seat)
    out = {
        "game": g.title,
        "seat": PUBLIC if isinstance(seat, Public) else seat,
        "seats": {s: g.seat_name(s) for s in g.seats},
        "players": g.nplayers,
        "options": {k: plain(g, v, seat) for k, v in g.options.items()},
        "current": g.current,
        "turn": g.turn_number,
        "to_move": g.to_move,
        "zones": {z.name: zone_view(g, z, seat) for z in all_zones(g)},
        "vars": vars_view(g, seat),
        "seat_vars": [info.name for info, _ in g.rules.vars if info.type.name == "seat"],
        "var_labels": {info.name: info.label for info, _ in g.rules.vars if info.label},
        "log": [line for line in (render(g, e, seat) for e in g.log) if line is not None],
        "over": g.over,
    }
    if g.pending is not None:
        decision = {"seat": g.pending.seat, "prompt": render_parts(g, g.pending.prompt, seat)}
        if seat is None or seat == g.pending.seat:
            decision["moves"] = list(g.pending.notations)
            cells = {n: [cell_name(c) for c in v.cells]
                     for n, v in zip(g.pending.notations, g.pending.values)
                     if isinstance(v, Placement)}
            if cells:
                decision["cells"] = cells
        out["decision"] = decision
    if g.over:
        out["outcome"] = g.outcome
    if seat is None:
        out["seed"] = g.seed  # the host's alone: with the public rules it rebuilds every secret
    return out


def render_parts(g, parts, seat) -> str:
    """A logged message as ``seat`` may read it: unknown cards by kind only, and a run
    of them counted ("3 hidden Tile cards" rather than "a Tile, a Tile, a Tile")."""
    out = []
    i, n = 0, len(parts)
    while i < n:
        kind = _hidden_kind(parts[i], seat)
        if kind is None:
            p = parts[i]
            out.append(p if isinstance(p, str) else p[0].label if isinstance(p, tuple) else p.label)
            i += 1
            continue
        count, j = 1, i + 1
        while j + 1 < n and parts[j] == ", " and _hidden_kind(parts[j + 1], seat) == kind:
            count, j = count + 1, j + 2
        if count == 1:
            out.append(f"a {kind}")
        else:
            out.append(f"{count} hidden cards" if kind.lower() == "card"
                       else f"{count} hidden {kind} cards")
        i = j
    return "".join(out)


def _hidden_kind(part, seat):
    """The kind of a message part that is a card ``seat`` cannot see, else None."""
    if isinstance(part, tuple):  # (card, who knew it when it was logged)
        card, mask = part
        return None if sees(mask, seat) else card.kind
    if isinstance(part, Card):
        return None if knows(part, seat) else part.kind
    return None


def card_name(card, seat):
    return card.label if knows(card, seat) else f"a {card.kind}"


def render(g, entry, seat):
    kind = entry[0]
    if kind == "header":
        return f"-- {entry[1]} --"
    if kind == "msg":
        return render_parts(g, entry[1], seat)
    if kind == "choice":
        _, who, prompt, notation, _, mask = entry
        shown = notation if seat == who or sees(mask, seat) else "(hidden)"
        return f"{g.seat_name(who)} > {render_parts(g, prompt, seat)}: {shown}"
    return entry[1]


def header(g, seat=None) -> str:
    """The transcript's first line. The seed is the host's alone: the rules are public,
    so anyone holding the seed could replay setup and read every hidden card."""
    options = ", ".join(f"{k}={'+'.join(map(g.text_of, v)) if isinstance(v, list) else g.text_of(v)}"
                        for k, v in g.options.items())  # a list option as it is typed: 2+3
    counted = f"{g.nplayers} player" + ("s" if g.nplayers != 1 else "")
    seeded = (f", seed {g.seed}" if seat is None else ", as a spectator sees it"
              if isinstance(seat, Public) else f", as {g.seat_name(seat)} sees it")
    return f"{g.title}: {counted}{seeded}" + (f", {options}" if options else "")


def transcript(g, seat=None) -> str:
    seat = _check_seat(g, seat)
    lines = [header(g, seat)]
    lines.extend(line for line in (render(g, e, seat) for e in g.log) if line is not None)
    return "\n".join(lines) + "\n"


def outcome_line(g, outcome) -> str:
    scores = outcome["scores"]
    names = {p: g.seat_name(p) for p in scores}
    extras = "".join(f"; {k}: {g.text_of(v) if not isinstance(v, (dict, list)) else v}"
                     for k, v in outcome.items() if k not in ("scores", "winners", "result", "reason"))
    reason = f" ({outcome['reason']})" if outcome.get("reason") else ""
    if g.rules.program.cooperative:
        team = next(iter(scores.values()), 0)
        verb = "wins" if outcome["result"] == "win" else "loses"
        return f"== game over: the team {verb}{reason}; score {team}{extras}"
    table = ", ".join(f"{names[p]} {scores[p]}" for p in scores)
    if outcome["result"] == "draw":
        return f"== game over: a draw{reason}; scores {table}{extras}"
    who = " and ".join(names[p] for p in outcome["winners"])
    verb = "wins" if len(outcome["winners"]) == 1 else "win"
    return f"== game over: {who} {verb}{reason}; scores {table}{extras}"
