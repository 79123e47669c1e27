"""What a seat's view holds, sorted into the parts of a screen.

Everything comes from the view and the rules' display hints, never from a
game's words:

- a grid zone is drawn as a grid; a grid with ``layout "under X"`` shows
  through X's empty cells, one with ``layout "over X"`` lies on top of X;
- zones kept per player (and variables kept per player that have a ``label``)
  are the columns of one table with a row per seat;
- other zones kept per key make a table with a row per key; a family with
  ``layout "beside X"`` adds its columns to X's table;
- a labelled variable kept per two keys is a table of its own, titled by its label: a row
  per first key, a column per second; one kept per one key (not seats) with 4 to 16 keys,
  a table of one row, a column a key;
- the other zones and labelled variables are short facts (``label value``);
  a variable without a label is the rules' own bookkeeping and is not shown;
- empty zones, and variables with no value, are left out: an empty zone kept
  per player stays (an empty hand says something), unless the game has no card of
  its kind at all (it does not apply); so is a zone whose ``layout`` is ``"none"``;
- a variable with ``shown "..."`` reads as that text; options are shown by their
  labels, and only those that apply (``option ... if COND``);
- the cards in the seat's own hand that have a ``drawing`` are drawn;
- the legend says what the symbols on the screen mean, from the ``means`` the
  rules give beside ``symbol``; what a ``tint`` means is said beside the card.
"""
from __future__ import annotations

import attrs
from rich.text import Text

from rulelang.play.plain_words import words
from rulelang.play.terminal import grid
from rulelang.play.terminal.cards import is_blank, is_card, style_of, value_text, zone_text


@attrs.define
class GridPart:
    title: str
    zone: dict
    layers: grid.Layers
    own: bool = False  # kept for the seat whose view it is (drawn first when not all fit)


@attrs.define
class Panels:
    """A view sorted for drawing."""
    header: Text
    grids: list          # [GridPart]
    tables: list         # [Grid]
    facts: list          # [(label, Text)]
    legend: list         # [Text]: one entry each, 'SYMBOLS meaning'
    cards: dict          # visible card name -> card, to colour moves that name one
    drawings: list = attrs.Factory(list)  # [card]: the seat's own cards that have a drawing
    # (row, column) of the seat's own hand in tables[0] when every card in it is drawn: the
    # drawings name the cards, so where they are shown the cell need not list them again
    drawn_hand: tuple[int, int] | None = None
    shown: dict = attrs.Factory(dict)  # move -> what the rules show beside it (choose ... shown)


def title_of(zone: dict) -> str:
    return zone.get("label") or zone["family"].replace("_", " ")


def layout_target(zone: dict, word: str):
    parts = (zone.get("layout") or "").split()
    return parts[-1] if len(parts) >= 2 and parts[0] == word else None


def build(view: dict) -> Panels:
    seats = {int(k): v for k, v in view["seats"].items()}
    seat_names = set(seats.values())
    families: dict[str, list] = {}
    for zone in view["zones"].values():
        families.setdefault(zone["family"], []).append(zone)
    attached: dict[tuple, list] = {}  # (word, target family) -> [family]
    for family, zones in families.items():
        for word in ("beside", "under", "over"):
            target = layout_target(zones[0], word)
            if target in families and target != family:
                attached.setdefault((word, target), []).append(family)
    placed = {f for fs in attached.values() for f in fs}

    grids, tables, facts = [], [], []
    per_seat = []  # (title, {seat name: Text})
    in_play = {card.get("kind") for zone in view["zones"].values() for card in zone["cards"]}
    seat = view.get("seat")
    you = seats.get(seat) if isinstance(seat, int) else None
    drawings = []
    drawn_column = None  # which of the per-seat columns is the seat's own hand, all drawn
    for family, zones in families.items():
        if family in placed:
            continue
        first = zones[0]
        if first.get("of") and first["of"] not in in_play and not first.get("made_in_play"):
            continue  # no card of its kind in this game (nor to come): it does not apply
        keys = first.get("keys")
        if (first.get("layout") or "").strip() == "none":
            continue  # the rules say it is not worth a place on the screen
        if first["kind"] == "grid":
            unders = [z for f in attached.get(("under", family), []) for z in families[f]]
            overs = [z for f in attached.get(("over", family), []) for z in families[f]]
            for zone in zones:
                title = title_of(zone) + (f" {' '.join(zone['keys'])}" if keys else "")
                grids.append(GridPart(title, zone, grid.Layers.of(zone, unders, overs),
                                      own=you is not None and you in (zone.get("keys") or ())))
        elif not keys:
            if first["cards"]:
                facts.append((title_of(first), zone_text(first)))
        elif len(keys) == 1 and all(z["keys"][0] in seat_names for z in zones):
            per_seat.append((title_of(first), {z["keys"][0]: zone_text(z) for z in zones}))
            own = [c for z in zones if z["keys"][0] == you for c in z["cards"]]
            drawings += [c for c in own if c.get("drawing")]
            if own and all(c.get("drawing") for c in own):
                drawn_column = len(per_seat)
        else:
            extras = [families[f] for f in attached.get(("beside", family), [])]
            table = _keyed_table(zones, extras, seat_names)
            if table is not None:
                tables.append(table)

    labels = view.get("var_labels", {})
    seat_vars = set(view.get("seat_vars", ()))
    shown = view.get("var_shown", {})
    for name, value in view["vars"].items():
        label = labels.get(name)
        if label is None:
            continue
        if name in shown:  # the rules say how it reads (nothing: it is not shown)
            if shown[name]:
                facts.append((label, Text(shown[name])))
            continue
        names = seats if name in seat_vars else None
        keyed = isinstance(value, dict) and not is_card(value)
        if keyed and value and all(k in seat_names for k in value):
            per_seat.append((label, {k: value_text(v, names) for k, v in value.items()}))
        elif keyed and value and all(k.count(",") == 1 for k in value):
            tables.append(_two_keys_table(label, value, names))
        elif keyed and ONE_KEY_TABLE[0] <= len(value) <= ONE_KEY_TABLE[1]:
            tables.append(_one_key_table(label, value, names))
        elif not is_blank(value):
            facts.append((label, value_text(value, names)))

    drawn_hand = None
    if per_seat:
        table = _seat_table(view, seats, per_seat)
        tables.insert(0, table)
        you_row = next((i for i, row in enumerate(table.rows)
                        if row[0].plain.endswith(" (you)")), None)
        if drawn_column is not None and you_row is not None:
            drawn_hand = (you_row, drawn_column)
    return Panels(_header(view, seats), grids, tables, facts, legend(grids),
                  _named_cards(view), drawings, drawn_hand,
                  (view.get("decision") or {}).get("shown", {}))


def _header(view, seats) -> Text:
    """Game · you are P1 · turn 3 · options: what matters first, as a long header is cut."""
    out = Text(view["game"], style="bold")
    seat = view.get("seat")
    if seat in seats:  # (the host's view, None, and everyone's, "public", are no one's)
        out.append(f" · you are {seats[seat]}", style="bold cyan")
    if view.get("over"):
        out.append(" · game over", style="bold")
    if view.get("turn"):
        out.append(f" · turn {view['turn']}")
    labels = view.get("option_labels", {name: words(name) for name in view.get("options", {})})
    for name, label in labels.items():  # only the options that apply, by their labels
        out.append(f" · {label} {value_text(view['options'][name]).plain}")
    return out


@attrs.define
class Grid:
    """A table of texts: a header row, then rows whose first cell names them."""
    title: str | None
    header: list      # [str]
    rows: list = attrs.Factory(list)  # [[Text]]
    in_time: bool = False  # rows kept per number (a trick a round): the latest matter most
    own_row: int | None = None  # the row of the seat whose view it is: never shortened

    def add_row(self, *cells):
        self.rows.append(list(cells))


def _seat_table(view, seats, columns) -> Grid:
    table = Grid(None, [""] + [title for title, _ in columns])
    you = view.get("seat")
    for seat, name in seats.items():
        cells = [values.get(name) for _, values in columns]
        if all(c is None for c in cells):
            continue  # a seat with nothing kept per player (a dummy seat)
        row = Text(name + (" (you)" if seat == you else ""), style="bold")
        if seat == you:
            table.own_row = len(table.rows)
        table.add_row(row, *[c if c is not None else Text("") for c in cells])
    return table


# a labelled variable kept per this many keys (not seats) is a table: a column a key (fewer
# read well on a line; more would not fit a screen's width)
ONE_KEY_TABLE = (4, 16)


def _one_key_table(label, value, names) -> Grid:
    """A variable kept per one key (``var temp[2..12]``), many keys: their values under
    them, titled by its label (a line of "2 0  3 0  4 0" pairs read as one run of numbers)."""
    table = Grid(label, [words(key) for key in value])
    table.add_row(*[value_text(v, names) for v in value.values()])
    return table


def _two_keys_table(label, value, names) -> Grid:
    """A variable kept per two keys (``var pos[player, 2..12]``): rows by the first key,
    columns by the second, titled by its label (its view's keys read ``"P1,2"``)."""
    rows: dict[str, dict] = {}
    columns: list[str] = []
    for key, v in value.items():
        row, _, column = key.partition(",")
        if column not in columns:
            columns.append(column)
        rows.setdefault(row, {})[column] = value_text(v, names)
    table = Grid(label, [""] + columns)
    for row, cells in rows.items():
        table.add_row(Text(words(row), style="bold"), *[cells.get(c, Text("")) for c in columns])
    return table


def _keyed_table(zones, extras, seat_names):
    """Zones kept per key: a row each. Kept per two keys: rows by the first key, columns
    by the second. Families laid out beside it add their columns. Empty rows are left out."""
    two_keys = len(zones[0]["keys"]) > 1
    title = title_of(zones[0])
    rows: dict[str, dict] = {}
    columns: list[str] = []
    filled: set = set()

    def add(zone_list, label):
        for zone in zone_list:
            keys = zone["keys"]
            rest = ",".join(keys[1:])
            column = " ".join(x for x in (label, rest) if x) or title
            if column not in columns:
                columns.append(column)
            rows.setdefault(keys[0], {})[column] = zone_text(zone)
            if zone["cards"]:
                filled.add(keys[0])

    add(zones, "" if two_keys else title)
    for extra in extras:
        second = extra[0]["keys"][1:] if len(extra[0]["keys"]) > 1 else []
        labelled = extra[0].get("label") or not all(k in seat_names for k in second)
        add(extra, title_of(extra[0]) if labelled else "")  # unlabelled, per seat: "P1", "P2"
    if not filled:
        return None
    # numbered rows filled from the first and not all yet (a trick a round) are kept in time:
    # the latest matter most; all filled, or with gaps, they are places (four rows of cards)
    numbered = sorted(rows, key=int) if all(key.isdigit() for key in rows) else []
    in_time = len(filled) < len(numbered) and set(numbered[:len(filled)]) == filled
    table = Grid(title if two_keys else None, [""] + columns, in_time=in_time)
    for row, cells in rows.items():
        if row in filled:
            table.add_row(Text(words(row), style="bold"), *[cells.get(c, Text("")) for c in columns])
    return table


# ---------------------------------------------------------------- the legend

def _visible_cards(view):
    """The cards on the screen: in the zones drawn, and held by labelled variables."""
    for zone in view["zones"].values():
        if (zone.get("layout") or "").strip() != "none":
            yield from zone["cards"]
    labels = view.get("var_labels", {})
    for name, value in view["vars"].items():
        if name in labels:
            yield from _cards_in(value)


def _cards_in(value):
    if is_card(value):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _cards_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _cards_in(v)


def legend(grids: list) -> list[Text]:
    """One entry per meaning: the symbols that mean it, then the meaning. (What a tint
    means is said beside each card's name, see cards.card_text.)"""
    symbols: dict[str, dict] = {}   # meaning -> {symbol: style}
    for card in _cards_drawn(grids):  # symbols are drawn on grids only
        if card.get("hidden"):
            continue
        if "symbol_means" in card:
            symbol = str(card.get("symbol") or card["name"][:3])
            marks = symbols.setdefault(card["symbol_means"], {})
            marks.setdefault(symbol, style_of(card))  # the first card's colour shows it
    named: dict[str, dict] = {}  # a symbol the rules give no meaning -> {card name: style}
    for card in _cards_drawn(grids):
        symbol = card.get("symbol")
        if not card.get("hidden") and "symbol_means" not in card and symbol \
                and str(symbol) != card["name"]:
            named.setdefault(str(symbol), {}).setdefault(card["name"], style_of(card))
    entries = []
    for meaning, marks in symbols.items():
        out = Text()
        for symbol, style in sorted(marks.items())[:8]:
            out.append(symbol, style=f"bold white on {style}" if style else "bold")
            out.append(" ")
        if len(marks) > 8:
            out.append("… ")
        out.append(meaning)
        entries.append(out)
    single = {symbol for symbol, names in named.items() if len(names) == 1}
    for symbol, names in sorted(named.items()):  # "Ki Fox": the card it stands for
        if len(names) == 1 and not _joined(symbol, single - {symbol}):
            (name, style), = names.items()
            entries.append(Text.assemble(
                (symbol, f"bold white on {style}" if style else "bold"), f" {name}"))
    for meaning in dict.fromkeys(card["edges_means"] for card in _cards_drawn(grids)
                                 if card.get("edges_means") and not card.get("hidden")):
        entries.append(Text.assemble(("edges", "bold"), f" {meaning}"))
    entries.extend(_grid_marks(grids))
    return entries


def _joined(symbol: str, parts: set[str]) -> bool:
    """Whether ``symbol`` is other symbols of the legend written one after another ("KiKa",
    for "Ki" and "Ka"): read from them, it needs no entry of its own."""
    if not parts:
        return False
    ends = {0}
    for start in range(len(symbol)):
        if start in ends:
            ends |= {start + len(p) for p in parts if symbol.startswith(p, start)}
    return len(symbol) in ends


def _cards_drawn(grids):
    for part in grids:
        for xy in sorted(part.layers.cells()):
            yield from part.layers.own.get(xy, [])
            for layer in (part.layers.under, part.layers.over):
                if xy in layer:
                    yield layer[xy]


def _grid_marks(grids) -> list[Text]:
    """The grid's own marks, those that are on the screen."""
    if not grids:
        return []
    hidden = stacked = laid_on = False
    for part in grids:
        for xy in part.layers.cells():
            card, more = part.layers.top(xy)
            hidden = hidden or bool(card and card.get("hidden"))
            on = part.layers.beneath(xy) is not None
            laid_on = laid_on or on
            stacked = stacked or (more and not on)
    out = [Text.assemble((grid.EMPTY, "grey50"), " empty cell")]
    if hidden:
        out.append(Text.assemble((grid.HIDDEN, "dim"), " a card face down"))
    if stacked:
        out.append(Text("[ ] cards lie under it"))
    if laid_on:
        out.append(Text(f"X{grid.ON}Y Y lies on X"))
    if any(xs.start < 0 or ys.start < 0
           for xs, ys in (grid.bounds(part.zone, part.layers) for part in grids)):
        # such a cell is named with a minus in moves, "-A1", "B-1": how to read them
        out.append(Text("-A -B... the columns left of A, -1 -2... the rows above row 1"))
    return out


def _named_cards(view) -> dict:
    named: dict[str, dict] = {}
    for card in _visible_cards(view):
        if not card.get("hidden"):
            named.setdefault(card["name"].lower(), card)
    return named
