"""The views as interpreter/runtime/views.py wrote them before they were made cheaper, kept
verbatim (all but this docstring) as the reference tests/runtime/test_views_differential.py
holds the module to: every view, transcript and log line, byte for byte, for every reader.
Do not change it to follow views.py: it is the general code the faster one copies."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from interpreter.runtime.facts import known_to
from interpreter.runtime.layout import key_texts
from interpreter.runtime.log import Choice, Ending, Header, Message, SeenCard
from interpreter.runtime.protocol import kind_of, text_of
from interpreter.runtime.readers import shown_texts
from interpreter.runtime.values import Card, Cell, Placement, Seat, Value, Zone, cell_name

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game


PUBLIC = "public"  # a spectator's seat: shown only what every seat may know


class Public:
    """The seat of a spectator's view: it sees what every seat sees, and no more."""
    def __init__(self, everyone: int):
        self.everyone = everyone


Reader = int | Public | None  # a seat, a spectator, or None: the host, who reads everything


def sees(mask: int, seat: Reader) -> bool:
    """Whether ``seat`` (None: the host) may read what the seats in ``mask`` may read."""
    if seat is None:
        return True
    if isinstance(seat, Public):
        return mask & seat.everyone == seat.everyone
    return bool(mask >> seat & 1)


def knows(g: Game, card: Card, seat: Reader) -> bool:
    return sees(g.known[card.id], seat)


def card_view(g: Game, card: Card, seat: Reader) -> dict[str, Any]:
    if not knows(g, card, seat):
        out: dict[str, Any] = {"hidden": True, "kind": card.kind}
        for name, facts in g.told.items():  # what this seat was told of the card
            if facts[card.id]:
                known = known_to(facts[card.id], lambda mask: sees(mask, seat))
                if known is None:
                    continue
                if known.known:
                    out[name] = plain(g, known.value, seat)
                else:  # `not` is a keyword, never a field's name
                    out.setdefault("not", {})[name] = [plain(g, v, seat) for v in known.not_values]
        return out
    out = {"name": card.label, "kind": card.kind}
    for key, value in card.f.items():
        out[key] = value if type(value) in AS_IS else plain(g, value, seat)
    code = g.rules.kinds[card.kind]
    for name in code.var_fields:
        out[name] = plain(g, g.cv[name][card.id], seat)
    if code.hints is not None:
        values = code.hints(g, *(_field(g, card, f) for f in code.hint_fields))
        for name, value in zip(code.hint_names, values):  # the edges: a list of four texts
            out[name] = [text_of(v) for v in value] if name == "edges" else text_of(value)
    return out


def _field(g: Game, card: Card, name: str) -> Value:
    return card.f[name] if name in card.f else g.cv[name][card.id]


# values a view shows as they are (their kinds' ``plain`` gives them back): written out
# in ``plain`` and ``card_view`` (tests/runtime/test_views_as_is.py checks the kinds say so)
AS_IS = frozenset({int, str, bool, type(None), Seat})


def plain(g: Game, value: Value, seat: Reader, ty: object = None) -> Any:
    """Any runtime value as JSON-friendly data, as ``seat`` may see it."""
    if type(value) in AS_IS:
        return value
    return kind_of(value).plain(g, value, seat)


def zone_view(g: Game, zone: Zone, seat: Reader) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": zone.kind, "visibility": zone.vis, "size": len(g.zc[zone.i]),
           "family": zone.family or zone.name}
    if zone.family is not None:
        out["keys"] = key_texts(g.layout, zone.key, zone.info.keys)
    if zone.info.label:
        out["label"] = zone.info.label
    if zone.info.layout:
        out["layout"] = zone.info.layout
    if zone.holds:
        out["of"] = zone.holds  # its kind of card: a screen leaves out a kind not in play
        if zone.holds in g.rules.made_in_play:
            out["made_in_play"] = True
    cards = g.zc[zone.i]
    if zone.grid:
        out["width"], out["height"] = zone.width, zone.height
        out["cards"] = [dict(card_view(g, c, seat), cells=[cell_name(x) for x in g.cells[c.id]])
                        for c in cards]
    else:
        out["cards"] = [card_view(g, c, seat) for c in cards]
    return out


def all_zones(g: Game) -> list[Zone]:
    return g.layout.zone_list


def vars_view(g: Game, seat: Reader) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for var in g.rules.code.tops.vars:
        info = var.info
        value = g.vars[info.name]
        if info.visibility == "hidden" and seat is not None:
            continue
        if not info.keys:
            out[info.name] = plain(g, value, seat, info.type)
            continue
        owner_at = next((i for i, key in enumerate(info.keys) if key.of_seats), None)
        shown: dict[str, Any] = {}
        for key, v in value.items():
            keys = key if isinstance(key, tuple) else (key,)
            if info.visibility == "owner" and seat is not None and owner_at is not None \
                    and keys[owner_at] != seat:
                continue
            shown[",".join(key_texts(g.layout, key, info.keys))] = plain(g, v, seat, info.type)
        out[info.name] = shown
    return out


def _check_seat(g: Game, seat: Value) -> Reader:
    """None (the host: everything), PUBLIC (a spectator) or a player's seat, however the
    caller wrote it."""
    if seat == PUBLIC:
        return Public(g.everyone)
    return None if seat is None else g.seat_of(seat)


def view(g: Game, seat: Value = None) -> dict[str, Any]:
    seat = _check_seat(g, seat)
    out: dict[str, Any] = {
        "game": g.title,
        "seat": PUBLIC if isinstance(seat, Public) else seat,
        "seats": {s: g.seat_name(s) for s in g.seats},
        "players": g.nplayers,
        "options": {k: plain(g, v, seat) for k, v in g.options.items()},
        "current": plain(g, g.current, seat),
        "turn": g.turn_number,
        "to_move": plain(g, g.to_move, seat),
        "to_move_all": g.to_move_all,
        "zones": {z.name: zone_view(g, z, seat) for z in all_zones(g)},
        "vars": vars_view(g, seat),
        "seat_vars": [v.info.name for v in g.rules.code.tops.vars if v.info.type.name == "seat"],
        # a campaign's variables are shown (by their labels) in a game of a campaign, when
        # they hold something (not 0, false or empty): the campaign's own screen shows all
        "var_labels": {info.name: info.label for info in (v.info for v in g.rules.code.tops.vars)
                       if info.label and (not info.campaign or (
                           g.in_campaign and g.vars[info.name] not in (0, False, None, [])))},
        "option_labels": option_labels(g),
        "var_shown": shown_vars(g, seat),
        "log": [line for line in rendered_log(g, seat) if line is not None],
        # where each log line comes from in the rules (Rules.why explains it)
        "log_at": [e.at for e in g.log],
        "over": g.over,
    }
    if g.pending is not None:
        pending = g.pending
        if g.group is not None and isinstance(seat, int):
            pending = g.group.of(seat) or pending  # a simultaneous choice: the seat's own decision
        decision: dict[str, Any] = {"seat": g.seats[pending.seat],
                                    "prompt": render_parts(g, pending.prompt, seat)}
        if pending.site.private:
            decision["private"] = True
        if seat is None or seat == pending.seat:
            decision["moves"] = list(pending.notations)
            cells = {n: [cell_name(c) for c in v.cells]
                     for n, v in zip(pending.notations, pending.values)
                     if isinstance(v, Placement)}
            if cells:
                decision["cells"] = cells
            # a move that names cells among other things (a tile at a cell and its turn,
            # a step from a cell to a cell): the cells it names, so a page marks them
            at = {n: [cell_name(x) for x in v if isinstance(x, Cell)]
                  for n, v in zip(pending.notations, pending.values)
                  if type(v) is tuple and any(isinstance(x, Cell) for x in v)}
            if at:
                decision["at"] = at
            if pending.site.shown is not None:  # `choose ... shown TEXT`: beside each move
                decision["shown"] = shown_texts(g, pending)
            seen = {c.label.lower() for c in g.cards
                    if seat is None or g.known[c.id] >> seat & 1}
            not_cards = [n for n, v in zip(pending.notations, pending.values)
                         if type(v) is int and n.lower() in seen]
            if not_cards:
                decision["not_cards"] = not_cards
        out["decision"] = decision
    if g.group is not None:  # the answers given so far: each seat sees only its own
        out["chosen"] = {g.seats[d.seat]: d.notations[g.group.answers[d.seat]]
                         for d in g.group.decisions if d.seat in g.group.answers
                         and (seat is None or seat == d.seat)}
    if g.over:
        out["outcome"] = g.outcome
    if seat is None:
        out["seed"] = g.seed  # the host's alone: with the public rules it rebuilds every secret
    return out


def option_labels(g: Game) -> dict[str, str]:
    """The options that apply to this game (``option ... if COND``), by the names players
    read (their explanation's title, else the name)."""
    when = g.rules.code.tops.option_when
    out: dict[str, str] = {}
    for name in g.options:
        test = when.get(name)
        try:
            if test is not None and not test(g):
                continue
        except Exception:
            pass
        out[name] = g.rules.option_label(name)
    return out


def shown_vars(g: Game, seat: Reader) -> dict[str, str]:
    """How the labelled variables the seat may read say their values (``shown "..."``)."""
    out: dict[str, str] = {}
    for name, text in g.rules.code.tops.shown.items():
        info = g.rules.program.vars[name]
        if info.visibility == "hidden" and seat is not None:
            continue
        if info.campaign and not g.in_campaign:
            continue
        try:
            out[name] = text_of(text(g))
        except Exception:
            continue
    return out


def render_parts(g: Game, parts: Sequence[Value], seat: Reader) -> str:
    """A logged message as ``seat`` may read it: unknown cards by kind only, and a run
    of them counted ("3 hidden Tile cards" rather than "a Tile, a Tile, a Tile")."""
    out: list[str] = []
    i, n = 0, len(parts)
    while i < n:
        kind = _hidden_kind(g, parts[i], seat)
        if kind is None:
            p = parts[i]
            out.append(p if isinstance(p, str) else p.card.label if type(p) is SeenCard else p.label)
            i += 1
            continue
        count, j = 1, i + 1
        while j + 1 < n and parts[j] == ", " and _hidden_kind(g, parts[j + 1], seat) == kind:
            count, j = count + 1, j + 2
        if count == 1:
            out.append(f"a {kind}")
        else:
            out.append(f"{count} hidden cards" if kind.lower() == "card"
                       else f"{count} hidden {kind} cards")
        i = j
    return "".join(out)


def _hidden_kind(g: Game, part: Value, seat: Reader) -> str | None:
    """The kind of a message part that is a card ``seat`` cannot see, else None."""
    t = type(part)
    if t is SeenCard:  # who knew it when it was logged
        return None if sees(part.mask, seat) else part.card.kind
    if t is Card:
        return None if knows(g, part, seat) else part.kind
    return None


def render(g: Game, entry: Header | Message | Choice | Ending, seat: Reader) -> str:
    if type(entry) is Header:
        return f"-- {entry.text} --"
    if type(entry) is Message:
        return render_parts(g, entry.parts, seat)
    if type(entry) is Choice:
        who = entry.seat
        shown = entry.notation if seat == who or sees(entry.mask, seat) else "(hidden)"
        return f"{g.seat_name(who)} > {render_parts(g, entry.prompt, seat)}: {shown}"
    return entry.text


def header(g: Game, seat: Reader = None) -> str:
    """The transcript's first line. The seed is the host's alone: the rules are public,
    so anyone holding the seed could replay setup and read every hidden card."""
    options = ", ".join(f"{k}={'+'.join(map(text_of, v)) if isinstance(v, list) else text_of(v)}"
                        for k, v in g.options.items())  # a list option as it is typed: 2+3
    counted = f"{g.nplayers} player" + ("s" if g.nplayers != 1 else "")
    seeded = (f", seed {g.seed}" if seat is None else ", as a spectator sees it"
              if isinstance(seat, Public) else f", as {g.seat_name(seat)} sees it")
    return f"{g.title}: {counted}{seeded}" + (f", {options}" if options else "")


def transcript(g: Game, seat: Value = None) -> str:
    seat = _check_seat(g, seat)
    lines = [header(g, seat)]
    lines.extend(line for line in rendered_log(g, seat) if line is not None)
    return "\n".join(lines) + "\n"


# Views and transcripts render the whole log each time they are asked (a page after each
# move, a test comparing views step by step): a line that cannot change is rendered once
# per game and reader. Kept beside the game, not in it, so nothing of it is saved or
# copied: for each reader, each line with the entry it was rendered from (held, so the
# entry at that place in the log now is known by identity), or None where the line may
# read differently later. Each call makes a new list, never changing one another thread
# may be reading.
_KEPT: WeakKeyDictionary[Game, dict[object, list[tuple[object, str | None]]]] = \
    WeakKeyDictionary()


def _reader_key(seat: Reader) -> object:
    return ("public", seat.everyone) if isinstance(seat, Public) else seat


def _final(entry: Header | Message | Choice | Ending, at: int, unsettled: Sequence[int]) -> bool:
    """Whether the entry renders the same for good: not while a card it names bare can still
    be turned up or hidden (a ``SeenCard`` keeps who knew it then), nor while a choice's
    readers may still change (an unsettled line: its mask is set when it settles)."""
    t = type(entry)
    if t is Message:
        return all(type(p) is not Card for p in entry.parts)  # type: ignore[union-attr]
    if t is Choice:
        return at not in unsettled and all(type(p) is not Card
                                           for p in entry.prompt)  # type: ignore[union-attr]
    return True  # a header or the ending: text fixed when written


def share_rendered(g: Game, twin: Game) -> None:
    """A copy keeps its rendered lines with the game's, in one place: lines rendered for
    either (or any copy of them) serve all. They come from entries the copies share, which
    cannot read differently; a line from an entry one copy does not hold (its own copy of
    an unsettled line, or a move the other made) fails the identity check and is rendered
    again. Without it each copy of a game (OpenSpiel makes one per step, and replays from
    an older copy after chance) renders its whole log afresh."""
    try:
        _KEPT[twin] = _KEPT.setdefault(g, {})  # its lists are replaced, never changed
    except TypeError:  # a game that cannot be weakly held
        pass


def rendered_log(g: Game, seat: Reader) -> list[str | None]:
    """Every log line as ``seat`` reads it now (``render`` of each entry), reusing the lines
    rendered before from entries that cannot read differently since."""
    try:
        by_reader = _KEPT.setdefault(g, {})
    except TypeError:  # a game that cannot be weakly held: rendered in full
        return [render(g, e, seat) for e in g.log]
    key = _reader_key(seat)
    before = by_reader.get(key, [])
    known = len(before)
    out: list[str | None] = []
    now: list[tuple[object, str | None]] = []
    unsettled = g.unsettled
    for at, entry in enumerate(g.log):
        if at < known:
            was, line = before[at]
            if was is entry and line is not None:
                out.append(line)
                now.append((entry, line))
                continue
        line = render(g, entry, seat)
        out.append(line)
        now.append((entry, line if line is not None and _final(entry, at, unsettled) else None))
    by_reader[key] = now
    return out
