"""A seat's view of a game as fixed-size numbers (for learners) and as text.

Everything here reads one seat's view (``game.view(seat)``), never the game itself, so
an observation holds only what that seat may know. The layout is fixed per ruleset,
players and options (a ``Table``), so the same number always means the same thing:

- who observes (one-hot over players), who is current and who is to move (one-hot
  over seats, plus "nobody"), the turn number, whether the game is over;
- for each zone: its size, how many of its cards the seat cannot see, how many of each
  card (by name) it holds among those it can, the last card (a pile's top, a row's
  newest), the values of the cards' changeable fields (enum and bool fields counted,
  number fields summed); for a grid, each cell's top card by name (an unbounded grid:
  the cells within ``GRID_REACH`` steps of the origin);
- for each variable (each key of a keyed one): whether the seat sees it, and its value
  (a number; one-hot for a bool, enum, seat or card; counts for a list of those);
- the seat's own legal moves as a mask over the action space (zeros if not its turn).

The information-state encoding adds, for each seat, how many times the seat was seen
making each move (its log lines, as this seat reads them: counts, not order).
"""
from __future__ import annotations

import itertools
import json

import numpy as np

from rulelang.language.key_ranges import IntKeys

GRID_REACH = 8  # an unbounded grid is encoded within this many cells of its origin
MAX_LINES_KEPT = 100_000  # log lines whose place an encoder keeps (then it starts again)


class Encoder:
    def __init__(self, table):
        self.table = table
        facts, program = table.facts, table.rules.program
        self.players = table.players
        self.seats = list(facts.seats)
        self.seat_index = {name: i for i, name in enumerate(self.seats)}
        self.actions = table.actions
        self.labels_of_kind = {k: list(v) for k, v in facts.labels.items()}
        self.size = 0
        self.parts: list = []  # (name, offset, length), in order

        self.current_at = self._part("current", len(self.seats) + 1)
        self.to_move_at = self._part("to_move", len(self.seats) + 1)
        self.turn_at = self._part("turn", 1)
        self.over_at = self._part("over", 1)
        self.seat_at = self._part("seat", self.players)
        self.zones = []
        for name, info in facts.zones.items():
            family = info.get("family", name)
            holds = program.zones[family].of if family in program.zones else None
            labels = self.labels_of_kind.get(holds, []) if holds else \
                [label for kind in self.labels_of_kind.values() for label in kind]
            label_index = {label: i for i, label in enumerate(dict.fromkeys(labels))}
            fields = _mutable_fields(program, holds)
            zone = _ZoneLayout(name, label_index, fields, _grid_window(info, facts))
            zone.offset = self._part("zone " + name, zone.length())
            self.zones.append(zone)
        self.vars = []
        for info in program.vars.values():
            for key in _key_texts(program, info, facts):
                layout = _VarLayout(info.name, key, info.type, self._value_width(info.type))
                layout.offset = self._part(f"var {info.name}" + (f"[{key}]" if key else ""),
                                           1 + layout.width)
                self.vars.append(layout)
        self.mask_offset = self._part("legal moves", len(self.actions))
        self.observation_size = self.size
        self.history_offset = self._part("moves seen", self.players * (len(self.actions) + 1))
        self.information_size = self.size
        self._line_places: dict[str, int] = {}  # see _line_place
        # the view last encoded (held: compared by identity), its seat and its numbers
        self._last_observation: tuple[dict, int, np.ndarray] | None = None
        # each seat's view last encoded as an information state (held), its numbers and its
        # log (a copy): a later view whose log goes on from it counts only the lines added
        self._last_information: dict[int, tuple[dict, np.ndarray, list]] = {}

    def _part(self, name, length):
        offset = self.size
        self.parts.append((name, offset, length))
        self.size += length
        return offset

    def _value_width(self, ty) -> int:
        name = ty.name
        if name in ("int", "bool"):
            return 1
        if name == "enum":
            return len(self.table.rules.program.enums[ty.arg])
        if name == "seat":
            return len(self.seats)
        if name == "card":
            return len(self._card_labels(ty.arg)) + 1
        if name == "list" and ty.arg is not None and ty.arg.name in ("enum", "seat", "card"):
            return self._value_width(ty.arg)
        return 0

    def _card_labels(self, kind):
        if kind:
            return self.labels_of_kind.get(kind, [])
        return list(dict.fromkeys(label for k in self.labels_of_kind.values() for label in k))

    # ------------------------------------------------------------ encoding
    def observation(self, view: dict, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        last = self._last_observation  # OpenSpiel asks for both tensors of each view in turn
        if last is not None and last[0] is view and last[1] == seat:
            if out is None:
                return last[2].copy()
            out[:self.observation_size] = last[2]
            return out
        out = np.zeros(self.observation_size, np.float32) if out is None else out
        self._encode_observation(view, seat, out)
        self._last_observation = (view, seat, out[:self.observation_size].copy())
        return out

    def _encode_observation(self, view: dict, seat: int, out: np.ndarray) -> None:
        out[:self.observation_size] = 0
        out[self.seat_at + seat] = 1
        self._one_hot_seat(out, self.current_at, view.get("current"))
        self._one_hot_seat(out, self.to_move_at, view.get("to_move"))
        out[self.turn_at] = view.get("turn") or 0
        out[self.over_at] = 1.0 if view.get("over") else 0.0
        zones = view.get("zones", {})
        for zone in self.zones:
            zone.encode(out, zones.get(zone.name))
        variables = view.get("vars", {})
        for var in self.vars:
            value_map = variables.get(var.name)
            if var.key is None:
                present, value = var.name in variables, value_map
            else:
                present = isinstance(value_map, dict) and var.key in value_map
                value = value_map.get(var.key) if present else None
            if present:
                out[var.offset] = 1
                self._value(out, var.offset + 1, var.type, value)
        decision = view.get("decision")
        if decision and decision.get("seat") == seat:
            for move in decision.get("moves", ()):
                out[self.mask_offset + self.actions.id_of(move)] = 1

    def information(self, view: dict, seat: int) -> np.ndarray:
        last = self._last_information.get(seat)  # OpenSpiel asks again for a seat's last view
        if last is not None and last[0] is view:
            return last[1].copy()
        log = list(view.get("log", ()))
        out = self._encode_information(view, seat, log, last)
        self._last_information[seat] = (view, out, log)
        return out.copy()

    def _encode_information(self, view: dict, seat: int, log: list,
                            last: tuple[dict, np.ndarray, list] | None) -> np.ndarray:
        """The observation, then the moves seen: counted from the seat's last information
        state when this log goes on from its log (the same lines first: a game played on, as
        OpenSpiel asks step by step), so a game's information states cost each line once,
        not once per step; otherwise counted from the first line."""
        out = np.zeros(self.information_size, np.float32)
        self.observation(view, seat, out)
        start = 0
        if last is not None:
            before = last[2]
            if len(before) <= len(log) and log[:len(before)] == before:
                out[self.history_offset:] = last[1][self.history_offset:]
                start = len(before)
        places, place = self._line_places, self._line_place
        for line in log[start:] if start else log:
            at = places.get(line, -2)
            if at == -2:
                at = place(line)
            if at >= 0:
                out[at] += 1
        return out

    def _line_place(self, line: str) -> int:
        """Where a log line counts in the information state (-1: nowhere), kept by its text
        (a game's views repeat their log: each line is read once, not once per view)."""
        width = len(self.actions) + 1
        who = next((p for p in range(self.players) if line.startswith(self.seats[p] + " > ")),
                   None)
        if who is None or ": " not in line:
            at = -1
        else:
            found = self.actions.ids.get(line.rsplit(": ", 1)[1])
            at = self.history_offset + who * width + (found if found is not None else width - 1)
        if len(self._line_places) >= MAX_LINES_KEPT:
            self._line_places.clear()
        self._line_places[line] = at
        return at

    def _one_hot_seat(self, out, offset, seat):
        width = len(self.seats) + 1
        index = seat if isinstance(seat, int) and 0 <= seat < len(self.seats) else width - 1
        out[offset + index] = 1

    def _value(self, out, at, ty, value):
        """A variable's value: a number as itself; a bool, enum, seat or card one-hot; a
        list of enum members, seats or cards as counts."""
        name = ty.name
        if value is None:
            return
        if name == "int":
            out[at] = value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0
        elif name == "bool":
            out[at] = 1.0 if value else 0.0
        elif name == "list" and isinstance(value, list) and ty.arg is not None:
            if ty.arg.name in ("enum", "seat", "card"):
                for item in value:
                    i = self._index(ty.arg, item)
                    if i is not None:
                        out[at + i] += 1
        else:
            i = self._index(ty, value)
            if i is not None:
                out[at + i] = 1

    def _index(self, ty, value):
        """Where a value of an enum, seat or card type goes in its one-hot block."""
        if ty.name == "enum":
            members = self.table.rules.program.enums[ty.arg]
            return members.index(value) if value in members else None
        if ty.name == "seat":
            index = value if isinstance(value, int) else self.seat_index.get(value)
            return index if index is not None and 0 <= index < len(self.seats) else None
        if ty.name == "card" and isinstance(value, dict):
            labels = self._card_labels(ty.arg)
            label = value.get("name")
            return labels.index(label) if label in labels else len(labels)
        return None


class _ZoneLayout:
    """Where one zone's numbers go: size, unseen count, counts by name, last card,
    changeable fields, and a grid's cells."""

    def __init__(self, name, label_index, fields, window):
        self.name, self.labels, self.fields, self.window = name, label_index, fields, window
        self.offset = 0
        self.field_widths = [(f, _field_width(ty, members)) for f, ty, members in fields]

    def length(self):
        n = len(self.labels)
        return 2 + n + (n + 1) + sum(w for _, w in self.field_widths) + len(self.window) * (n + 1)

    def encode(self, out, zone: dict | None):
        if not zone:
            return
        n = len(self.labels)
        at = self.offset
        cards = zone.get("cards", [])
        out[at] = zone.get("size", len(cards))
        at += 1
        hidden_at, counts_at, last_at = at, at + 1, at + 1 + n
        fields_at = last_at + n + 1
        hidden = 0
        named: list[int] = []  # each seen card's place among the names (counted at once)
        counted: list[int] = []  # where each seen card's enum fields count (counted at once)
        labels, fields = self.labels, self.fields
        for card in cards:
            if card.get("hidden"):
                hidden += 1
                continue
            i = labels.get(card.get("name"))
            if i is not None:
                named.append(i)
            if not fields:
                continue
            f_at = fields_at
            for (field, _ty, members), (_, width) in zip(self.fields, self.field_widths):
                value = card.get(field)
                if value is not None:
                    if members is not None:
                        if value in members:
                            counted.append(f_at + members.index(value))
                    else:
                        out[f_at] += float(value) if isinstance(value, (int, float)) else 0.0
                f_at += width
        if hidden:
            out[hidden_at] += hidden
        if named:  # (whole numbers: the same sums as one at a time)
            _count(out, named, counts_at, n)
        if counted:
            _count(out, counted, 0, len(out))
        self.mark_places(out, cards, last_at, fields_at)

    def mark_places(self, out, cards: list[dict], last_at: int, fields_at: int):
        """Where the zone's cards lie: its last card's name (a zone with no cells), or each
        cell of the window by the name of the card on top of it."""
        n = len(self.labels)
        if cards and not self.window:
            last = cards[-1]
            i = None if last.get("hidden") else self.labels.get(last.get("name"))
            out[last_at + (n if i is None else i)] = 1
        if self.window:
            grid_at = fields_at + sum(w for _, w in self.field_widths)
            for card in cards:
                i = None if card.get("hidden") else self.labels.get(card.get("name"))
                for cell in card.get("cells", ()):
                    c = self.window.get(cell)
                    if c is not None:
                        base = grid_at + c * (n + 1)
                        out[base:base + n + 1] = 0  # the top card hides what lies under it
                        out[base + (n if i is None else i)] = 1


# below this many, places are counted one at a time: numpy's bincount over a zone's names
# costs more than a Python loop over a few cards (a hand: 2.8 µs against 0.8 for five)
FEW_TO_COUNT = 24


def _count(out: np.ndarray, places: list[int], at: int, width: int) -> None:
    """Add 1 at ``out[at + i]`` for each ``i`` in ``places`` (whole numbers: the same sums in
    either order)."""
    if len(places) < FEW_TO_COUNT:
        for i in places:
            out[at + i] += 1
    else:
        out[at:at + width] += np.bincount(places, minlength=width)


class _VarLayout:
    def __init__(self, name, key, ty, width):
        self.name, self.key, self.type, self.width = name, key, ty, width
        self.offset = 0


def _mutable_fields(program, kind):
    """(field, type, enum members or None) of the changeable fields of the kinds a zone holds."""
    kinds = [program.cards[kind]] if kind in program.cards else list(program.cards.values())
    out = []
    for k in kinds:
        for f in k.fields.values():
            if not f.mutable or f.type.name not in ("enum", "bool", "int"):
                continue
            members = program.enums[f.type.arg] if f.type.name == "enum" else (
                [True, False] if f.type.name == "bool" else None)
            if all(existing[0] != f.name for existing in out):
                out.append((f.name, f.type, members))
    return out


def _field_width(ty, members):
    return len(members) if members is not None else 1


def _grid_window(info, facts) -> dict:
    """cell notation -> index, for a grid zone's encoded cells (empty for other zones)."""
    from interpreter.runtime.values import cell_name
    if info.get("kind") != "grid":
        return {}
    width, height = info.get("width"), info.get("height")
    if width and height:
        cells = [(x, y) for y in range(height) for x in range(width)]
    else:
        cells = [(x, y) for y in range(-GRID_REACH, GRID_REACH + 1)
                 for x in range(-GRID_REACH, GRID_REACH + 1)]
    return {cell_name(c): i for i, c in enumerate(cells)}


def _key_texts(program, info, facts):
    """The keys a variable is shown under in a view ("P1", "water,P2"); [None] if unkeyed."""
    if not info.keys:
        return [None]
    domains = []
    for domain in (key.domain for key in info.keys):
        if domain == "player":
            domains.append(list(facts.seats)[:facts.players])  # players come first
        elif domain == "seat":
            domains.append(list(facts.seats))
        elif isinstance(domain, IntKeys):  # worked out from the options and constants known
            domains.append([str(k) for k in domain.values(program, facts.known, facts.players)])
        else:
            domains.append(list(program.enums[domain]))
    return [",".join(combo) for combo in itertools.product(*domains)]


def observation_text(view: dict) -> str:
    """The seat's view as it is now (without its log), as text."""
    found = _TEXTS.get(id(view))
    if found is not None and found[0] is view:
        return found[1]
    text = _ENCODER.encode({k: v for k, v in view.items() if k != "log"})
    if len(_TEXTS) >= _TEXTS_KEPT:
        _TEXTS.clear()
    _TEXTS[id(view)] = (view, text)
    return text


def information_text(view: dict) -> str:
    """The seat's view with everything it has read (its log): what it knows of the game so far."""
    if "log" not in view or not all(type(key) is str for key in view):
        return _ENCODER.encode(view)  # (keys json writes as text sort otherwise)
    # the observation's text with the log's part put in among its parts, as sort_keys does:
    # after the parts of the keys before "log" (the text of those alone, but its "}")
    seen = observation_text(view)
    log = '"log": ' + _log_text(view["log"], view.get("seat"))
    head = _ENCODER.encode({k: v for k, v in view.items() if k < "log"})
    if head == "{}":
        return "{" + log + ("}" if seen == "{}" else ", " + seen[1:])
    return head[:-1] + ", " + log + seen[len(head) - 1:]


def _log_text(log, seat) -> str:
    """``log`` as json writes it: a list of text lines goes on from the text of the log last
    written for ``seat`` when it goes on from that log (the same lines first), so a game's
    information states write each line once, not once per step."""
    if type(log) is not list:
        return _ENCODER.encode(log)
    try:
        last = _LOG_TEXTS.get(seat)
    except TypeError:  # a seat that cannot be a key: nothing kept
        return _ENCODER.encode(log)
    start = 0
    if last is not None:
        before, text = last
        if len(before) <= len(log) and log[:len(before)] == before:
            start = len(before)
    added = log[start:] if start else log
    if not all(type(line) is str for line in added):
        return _ENCODER.encode(log)  # (default=str, or a kind of text of its own: as json does)
    if not start:
        text = _ENCODER.encode(log)
    elif added:  # (the kept log has lines: its text ends "]")
        text = text[:-1] + ", " + ", ".join(map(_ENCODER.encode, added)) + "]"
    if len(_LOG_TEXTS) >= _TEXTS_KEPT:
        _LOG_TEXTS.clear()
    _LOG_TEXTS[seat] = (list(log), text)
    return text


# The logs last written as text, by the seat whose view they are in: (a copy, its text).
_LOG_TEXTS: dict = {}
# The views whose observation was last written as text: (view, its text) by the view's id.
# OpenSpiel asks for a state's observation and its information state, of the same view: the
# information state is the observation's text with the log's part put in.
_TEXTS: dict[int, tuple[dict, str]] = {}
_TEXTS_KEPT = 16
_ENCODER = json.JSONEncoder(sort_keys=True, default=str)  # json.dumps's, made once
