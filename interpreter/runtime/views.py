"""What each seat may see: views, transcripts, positions.

This is the one place where secrets are filtered. A card's face is shown to a
seat only if the card's ``known`` mask has that seat's bit: the mask is set by
the zones' declared visibility when cards move, by ``reveal``, and cleared by
``shuffle``. Views, transcripts and the terminal all read through here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import is_
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from interpreter.runtime.facts import Facts, known_to
from interpreter.runtime.layout import key_texts
from interpreter.runtime.log import Choice, Ending, Header, Message
from interpreter.runtime.protocol import edged_hints, kind_of, text_of
from interpreter.runtime.readers import (  # (views.render_parts: read there too)
    Public,
    Reader,
    render_parts,
    sees,
    shown_texts,
)
from interpreter.runtime.values import Card, Cell, EnumValue, Placement, Seat, Value, Zone, cell_name
from rulelang.language import ast, traversal

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from rulelang.language.checker import Program


PUBLIC = "public"  # a spectator's seat: shown only what every seat may know


def card_view(g: Game, card: Card, seat: Reader) -> dict[str, Any]:
    """The card as ``seat`` may see it: its face (name, fields, hints) if the seat knows
    it, else its kind and what the seat was told of it."""
    return card_views(g, (card,), seat)[0]


def card_views(g: Game, cards: Sequence[Card], seat: Reader,
               faces: dict[int, tuple[Card, dict[str, Any], bool]] | None = None,
               hint_texts: dict[tuple[str, tuple[Value, ...]], dict[str, str]] | None = None
               ) -> list[dict[str, Any]]:
    """``card_view`` of each card, the reader's test and the kinds' parts looked up once
    (a zone's cards, a view's thousands of cards). A known card's face (its name, kind
    and fixed fields, when they show the same to every reader; with its hints too when
    they read those alone and it has no var field: its whole view) is worked out once per
    game and card and copied for each view (``faces``, the game's: ``_Kept``); hints that
    read the card's fields alone, var fields too (``hints_pure``), are kept by the kind
    and the fields' values (``hint_texts``, the game's too)."""
    if faces is None:  # (a card alone, in a value: the faces a view kept, if any)
        faces = _faces_kept(g)
    known = g.known
    # a card is shown if its mask holds every bit of ``bit`` (``sees``): the seat's own,
    # every seat's for a spectator, none for the host
    bit = 0 if seat is None else seat.everyone if isinstance(seat, Public) else 1 << seat
    told = list(g.told.items())
    kinds, cv = g.rules.kinds, g.cv
    last: object = None
    var_fields: Sequence[str] = ()
    hint_fields: Sequence[str] = ()
    hint_names: Sequence[str] = ()
    hints = None
    edged = False  # the kind's hints hold its edges: a list of texts, not a text
    pure = False  # the kind's hints are kept by its fields' values
    whole = False  # a kept face is the card's whole view
    fixed_args: Callable[[dict[str, Value]], tuple[Value, ...]] | None = None
    read_args: Callable[[dict[str, Value], dict[str, list[Value]], int], tuple[Value, ...]] | None = None
    views: list[dict[str, Any]] = []
    for card in cards:
        cid = card.id
        if known[cid] & bit != bit:
            out: dict[str, Any] = {"hidden": True, "kind": card.kind}
            for name, facts in told:  # what this seat was told of the card
                if facts[cid]:
                    _told(g, out, name, facts[cid], seat)
            views.append(out)
            continue
        face = faces.get(cid)
        if face is not None and face[0] is card:
            out = face[1].copy()  # a new record, as each call gave
            if face[2]:
                views.append(out)
                continue
            same = False  # (kept already)
        else:
            out = {"name": card.label, "kind": card.kind}
            same = True  # the face shows the same to every reader: kept
            for key, value in card.f.items():
                t = type(value)
                if t in AS_IS:
                    out[key] = value
                elif t is EnumValue:
                    out[key] = value.name
                else:  # (a value whose view may depend on the reader)
                    out[key], same = plain(g, value, seat), False
        code = kinds[card.kind]
        if code is not last:
            last, var_fields = code, code.var_fields
            hints, hint_fields, hint_names = code.hints, code.hint_fields, code.hint_names
            edged = "edges" in hint_names
            whole, fixed_args = code.whole_face, code.hint_getter  # (worked out when compiled)
            read_args = code.hint_reader
            pure = code.hints_pure and hint_texts is not None
        if same and not whole:
            faces[cid] = (card, out.copy(), False)
        for name in var_fields:
            value = cv[name][cid]
            t = type(value)  # (a member by its name, written out as for the fixed fields)
            out[name] = value if t in AS_IS else value.name if t is EnumValue else plain(g, value, seat)
        if hints is not None:
            f = card.f
            if fixed_args is not None:
                args = fixed_args(f)
            elif read_args is not None:
                args = read_args(f, cv, cid)
            elif len(hint_fields) == 1:
                n = hint_fields[0]
                args = (f[n] if n in f else cv[n][cid],)
            else:
                args = tuple([f[n] if n in f else cv[n][cid] for n in hint_fields])
            shown = None
            kept_as: tuple[str, tuple[Value, ...]] | None = None
            if pure:
                kept_as = (card.kind, args)
                try:
                    shown = hint_texts.get(kept_as)  # type: ignore[union-attr]  # (pure: a dict)
                except TypeError:  # a field holding a list: worked out each time
                    kept_as = None
            if shown is None:
                shown = (edged_hints(g, card.kind, hint_names, hints(g, *args)) if edged
                         else dict(zip(hint_names, map(text_of, hints(g, *args)))))
                if kept_as is not None and len(hint_texts) < HINTS_KEPT:  # type: ignore[arg-type]
                    hint_texts[kept_as] = shown  # type: ignore[index]
            out.update(shown)
        if same and whole:
            faces[cid] = (card, out.copy(), True)
        views.append(out)
    return views


def _told(g: Game, out: dict[str, Any], name: str, facts: Facts, seat: Reader) -> None:
    """What ``seat`` was told of one field of a card it cannot see, added to its view."""
    known = known_to(facts, lambda mask: sees(mask, seat))
    if known is None:
        return
    if known.known:
        out[name] = plain(g, known.value, seat)
    else:  # `not` is a keyword, never a field's name
        out.setdefault("not", {})[name] = [plain(g, v, seat) for v in known.not_values]


# values a view shows as they are (their kinds' ``plain`` gives them back): written out
# in ``plain`` and ``card_views`` (tests/runtime/test_views_as_is.py checks the kinds say so;
# ``card_views`` also writes out an enum member's, its name: test_views_differential.py)
AS_IS = frozenset({int, str, bool, type(None), Seat})


def plain(g: Game, value: Value, seat: Reader, ty: object = None) -> Any:
    """Any runtime value as JSON-friendly data, as ``seat`` may see it."""
    if type(value) in AS_IS:
        return value
    return kind_of(value).plain(g, value, seat)


def zone_view(g: Game, zone: Zone, seat: Reader) -> dict[str, Any]:
    return _zone_view(g, zone, seat, _kept(g))


def _zone_view(g: Game, zone: Zone, seat: Reader, kept: _Kept) -> dict[str, Any]:
    cards = g.zc[zone.i]
    faces, hints = kept.faces, kept.hint_texts
    out = dict(_zone_head(g, zone, kept.heads))  # a new record, as each call gave
    out["size"] = len(cards)
    if zone.family is not None:
        out["keys"] = list(out["keys"])  # a new list too
    if zone.grid:
        out["cards"] = [dict(shown, cells=[cell_name(x) for x in g.cells[c.id]])
                        for c, shown in zip(cards, card_views(g, cards, seat, faces, hints))]
    else:
        out["cards"] = card_views(g, cards, seat, faces, hints)
    return out


def _zone_head(g: Game, zone: Zone, heads: dict[int, tuple[Zone, dict[str, Any]]]) -> dict[str, Any]:
    """What a zone's view says of the zone itself, all but its size and cards (kept in
    its place, "size" third): it reads only the zone and the layout's seat names, which
    no move changes, so it is worked out once per game and zone (and kept for its copies:
    ``share_rendered``; ``heads``, the game's). The same for every reader."""
    found = heads.get(zone.i)
    if found is not None and found[0] is zone:
        return found[1]
    out: dict[str, Any] = {"kind": zone.kind, "visibility": zone.vis, "size": 0,
                           "family": zone.family or zone.name}
    if zone.family is not None:
        out["keys"] = key_texts(g.layout, zone.key, zone.info.keys)
    if zone.info.label:
        out["label"] = zone.info.label
    if zone.info.layout:
        out["layout"] = zone.info.layout
    if zone.holds:
        out["of"] = zone.holds  # its kind of card: a screen leaves out a kind not in play,
        if zone.holds in g.rules.made_in_play:  # unless the rules may make one later on
            out["made_in_play"] = True
    if zone.grid:
        out["width"], out["height"] = zone.width, zone.height
    heads[zone.i] = (zone, out)
    return out


def kinds_made_in_play(program: Program) -> frozenset[str]:
    """The card kinds a `create` makes once the game is under way (in a rule, a turn or
    play block, a trigger; not in setup): a zone of such a kind applies before its first
    card is made (a board of marks before the first mark)."""
    tops: list[ast.Node] = [*program.rules.values(), *program.triggers]
    tops += [block for name, block in program.blocks.items() if name != "setup"]
    return frozenset(node.kind for node in traversal.walk(tops)
                     if isinstance(node, (ast.Create, ast.CreateFrom)))


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


def view(g: Game, seat: Value = None, log: bool = True) -> dict[str, Any]:
    """``Game.view``: with ``log`` False, "log" and "log_at" are empty."""
    seat = _check_seat(g, seat)
    kept = _kept(g)
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
        "zones": {z.name: _zone_view(g, z, seat, kept) for z in all_zones(g)},
        "vars": vars_view(g, seat),
        "seat_vars": [v.info.name for v in g.rules.code.tops.vars if v.info.type.name == "seat"],
        # a campaign's variables are shown (by their labels) in a game of a campaign, when
        # they hold something (not 0, false or empty): the campaign's own screen shows all
        "var_labels": {info.name: info.label for info in (v.info for v in g.rules.code.tops.vars)
                       if info.label and (not info.campaign or (
                           g.in_campaign and g.vars[info.name] not in (0, False, None, [])))},
        "option_labels": option_labels(g),
        "var_shown": shown_vars(g, seat),
        "log": [line for line in rendered_log(g, seat) if line is not None] if log else [],
        # where each log line comes from in the rules (Rules.why explains it)
        "log_at": [e.at for e in g.log] if log else [],
        "over": g.over,
    }
    if g.pending is not None:
        pending = g.pending
        if g.group is not None and isinstance(seat, int):
            pending = g.group.of(seat) or pending  # a simultaneous choice: the seat's own decision
        decision: dict[str, Any] = {"seat": g.seats[pending.seat],
                                    "prompt": render_parts(g, pending.prompt, seat)}
        if pending.site.private:  # (the rules say so to all: no part of the answer)
            decision["private"] = True  # its answer shown to its chooser alone
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
            not_cards = _named_like_cards(g, pending, seat)
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


def _named_like_cards(g: Game, pending: Any, seat: Reader) -> list[str]:
    """The moves that are numbers but read as the name of a card the seat can see (a row
    numbered 2 beside the card "2"): a page must not take a tap on that card for the move.
    (A text that names a card, "blue 2", stands for that card.)"""
    plain_moves = [n for n, v in zip(pending.notations, pending.values) if type(v) is int]
    if not plain_moves:
        return []
    known = g.known
    names = {c.label.lower() for c in g.cards
             if seat is None or (isinstance(seat, int) and known[c.id] >> seat & 1)}
    return [n for n in plain_moves if n.lower() in names]


def forced_openly(g: Game, seat: int, seen: dict[str, Any] | None = None,
                  public: dict[str, Any] | None = None) -> bool:
    """Whether every seat can tell that ``seat``'s only move is forced: its view (``seen``,
    else worked out) shows it nothing a spectator's does not, but for its own seat, decision
    and choice. Where it does (one card of the colour led, in a hidden hand), a front must
    not play that move by itself, nor say to another seat that it was the only one: how soon
    it came, or the words, would tell the others what the seat holds."""
    seen = g.view(seat) if seen is None else seen
    public = g.view(PUBLIC) if public is None else public  # (a spectator's view, when made)
    mine = dict(seen, seat=public["seat"], decision=public.get("decision"),
                chosen=public.get("chosen"))
    if "chosen" not in seen:
        del mine["chosen"]
    return mine == public


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


def host_lines(g: Game, start: int = 0) -> list[str]:
    """The lines of the whole transcript (``transcript(g)``: the host's, under its header)
    of the log's entries from ``start`` on. The host reads each line as it was written, for
    good: nothing is hidden from it, and a card's label is fixed when the card is made; so
    these lines, printed as the game goes, are the transcript printed at its end."""
    return [render(g, entry, None) for entry in g.log[start:]]


# Views and transcripts render the whole log each time they are asked (a page after each
# move, a test comparing views step by step): a line that cannot change is rendered once
# per game and reader. Kept beside the game, not in it, so nothing of it is saved or
# copied: for each reader, the entries the lines were rendered from (held, so the entry at
# that place in the log now is known by identity), each line, or None where the line may
# read differently later, and how many lines lead before the first None. Each call makes
# new lists, never changing one another thread may be reading. The zones' heads
# (``_zone_head``) are kept with them.
class _Kept:
    __slots__ = ("faces", "heads", "lines", "hint_texts")

    def __init__(self) -> None:
        self.lines: dict[object, tuple[list[object], list[str | None], int]] = {}
        self.heads: dict[int, tuple[Zone, dict[str, Any]]] = {}  # zone.i -> (zone, its head)
        # card id -> (the card, its face, whether that is its whole view: ``card_views``);
        # a card's fixed fields never change
        self.faces: dict[int, tuple[Card, dict[str, Any], bool]] = {}
        # (card kind, the values of the fields its hints read) -> the hints' texts by name, for the
        # kinds whose hints read nothing else (``hints_pure``)
        self.hint_texts: dict[tuple[str, tuple[Value, ...]], dict[str, str]] = {}


_KEPT: WeakKeyDictionary[Game, _Kept] = WeakKeyDictionary()
HINTS_KEPT = 10_000  # a game's kept hint texts, at most (cards' fields can take many values)
_NOTHING_KEPT: tuple[list[object], list[str | None], int] = ([], [], 0)


def _kept(g: Game) -> _Kept:
    try:
        return _KEPT.setdefault(g, _Kept())
    except TypeError:  # a game that cannot be weakly held: kept for this call only
        return _Kept()


def _faces_kept(g: Game) -> dict[int, tuple[Card, dict[str, Any], bool]]:
    try:
        kept = _KEPT.get(g)
    except TypeError:  # a game that cannot be weakly held
        kept = None
    return kept.faces if kept is not None else {}


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
    an older copy after chance) renders its whole log afresh. (The zones' heads go with
    them: a copy has the game's layout, so its zones.)"""
    try:
        _KEPT[twin] = _KEPT.setdefault(g, _Kept())  # its lists are replaced, never changed
    except TypeError:  # a game that cannot be weakly held
        pass


def rendered_log(g: Game, seat: Reader) -> list[str | None]:
    """Every log line as ``seat`` reads it now (``render`` of each entry), reusing the lines
    rendered before from entries that cannot read differently since."""
    by_reader = _kept(g).lines  # (a game that cannot be weakly held: nothing kept, all rendered)
    key = _reader_key(seat)
    log = g.log
    entries, kept, settled = by_reader.get(key, _NOTHING_KEPT)
    # the lines before the first that may change, from the same entries: as they were (the
    # loop below would reuse each of them too, one by one)
    same = list(map(is_, entries[:settled], log))
    try:
        start = same.index(False)
    except ValueError:
        start = len(same)
    out = kept[:start]
    now = kept[:start]
    first_open = -1
    known = len(entries)
    unsettled = g.unsettled
    for at in range(start, len(log)):
        entry = log[at]
        if at < known and entries[at] is entry:
            line = kept[at]
            if line is not None:
                out.append(line)
                now.append(line)
                continue
        line = render(g, entry, seat)
        out.append(line)
        if line is None or not _final(entry, at, unsettled):
            if first_open < 0:
                first_open = at
            now.append(None)
        else:
            now.append(line)
    by_reader[key] = (list(log), now, len(log) if first_open < 0 else first_open)
    return out
