"""Drawing a game at the terminal, from a seat's view only.

Everything here reads ``game.view(seat)``, so nothing a seat may not see can
reach its screen. The picture comes from what the .rules file declares: each
zone by its kind (a grid as a grid, a pile as its size and top card, a hand as
a list), zones keyed by one value as a table, zones keyed by two as a grid of
rows and columns, and the layout hints ``layout "beside X"`` (add these zones
as columns of X's table) and ``layout "under X"`` (draw this grid in X's
picture where X is empty). Cards use their ``symbol`` and ``tint`` hints.
"""
from __future__ import annotations

import re

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

COLOURS = {
    "red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "purple": "magenta",
    "violet": "magenta", "magenta": "magenta", "orange": "dark_orange", "cyan": "cyan",
    "white": "white", "black": "grey11", "grey": "grey50", "gray": "grey50", "brown": "orange4",
    "pink": "hot_pink", "gold": "gold1",
}
_CELL = re.compile(r"^([A-Z])(\d+)$")


def style_of(card: dict) -> str:
    tint = card.get("tint")
    if tint is None:
        return ""
    return COLOURS.get(str(tint).lower(), "")


def card_text(card: dict) -> Text:
    if card.get("hidden"):
        return Text("?", style="dim")
    return Text(card["name"], style=style_of(card))


def cards_text(cards: list, limit: int = 14) -> Text:
    out = Text()
    hidden = sum(1 for c in cards if c.get("hidden"))
    shown = [c for c in cards if not c.get("hidden")]
    for i, card in enumerate(shown[:limit]):
        if i:
            out.append(", ")
        out.append_text(card_text(card))
    if len(shown) > limit:
        out.append(f", +{len(shown) - limit} more")
    if hidden:
        out.append((", " if shown else "") + f"{hidden} face down", style="dim")
    return out


def zone_text(zone: dict) -> Text:
    cards, kind = zone["cards"], zone["kind"]
    if not cards:
        return Text("empty", style="dim")
    if kind == "pile":
        top = cards[-1]
        if top.get("hidden"):
            return Text(f"{len(cards)} face down", style="dim")
        out = card_text(top)
        out.append(f"  ({len(cards)} card{'s' if len(cards) != 1 else ''})", style="dim")
        return out
    return cards_text(cards)


# ---------------------------------------------------------------- grids

def _cell_xy(name):
    m = _CELL.match(name)
    if m:
        return ord(m.group(1)) - 65, int(m.group(2)) - 1
    x, _, y = name.strip("()").partition(",")
    return int(x), int(y)


def grid_picture(zone: dict, layers: list, marks: dict | None = None) -> Table:
    """A grid as a table of cells: the zone's cards, then its layers where it is empty."""
    cells: dict = {}
    stacked: set = set()
    for card in zone["cards"]:  # cards on one cell: draw the top one (the last), in brackets
        for xy in map(_cell_xy, card.get("cells", [])):
            if xy in cells:
                stacked.add(xy)
            cells[xy] = card
    for source in layers:
        for card in source["cards"]:
            for name in card.get("cells", []):
                cells.setdefault(_cell_xy(name), card)
    marks = {_cell_xy(k): v for k, v in (marks or {}).items()}
    if zone.get("width"):
        xs, ys = range(zone["width"]), range(zone["height"])
    else:
        every = list(cells) + list(marks) or [(0, 0)]
        xs = range(min(x for x, _ in every) - 1, max(x for x, _ in every) + 2)
        ys = range(min(y for _, y in every) - 1, max(y for _, y in every) + 2)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 0))
    table.add_column("", justify="right", style="dim")
    for x in xs:
        table.add_column(chr(65 + x) if 0 <= x < 26 else str(x), justify="center", min_width=3)
    for y in ys:
        row = [str(y + 1)]
        for x in xs:
            row.append(_cell_text(cells.get((x, y)), marks.get((x, y)), (x, y) in stacked))
        table.add_row(*row)
    return table


def _cell_text(card, mark, stacked=False):
    if mark is not None:
        if card is not None and not card.get("hidden"):  # keep what lies there, highlighted
            return Text(f"{str(card.get('symbol') or card['name'][:3]):^3}", style="bold reverse")
        return Text(mark, style="bold reverse")
    if card is None:
        return Text(" · ", style="grey37")
    if card.get("hidden"):
        return Text("[?]" if stacked else " ? ", style="dim")
    symbol = str(card.get("symbol") or card["name"][:3])
    symbol = f"[{symbol}]" if stacked else symbol
    style = style_of(card)
    return Text(f"{symbol:^3}", style=f"bold white on {style}" if style else "bold")


# ---------------------------------------------------------------- whole view

def _group(view):
    families: dict[str, list] = {}
    for name, zone in view["zones"].items():
        families.setdefault(zone["family"], []).append((name, zone))
    return families


def _layout_target(zone, word):
    layout = zone.get("layout") or ""
    parts = layout.split()
    return parts[1] if len(parts) == 2 and parts[0] == word else None


def render(view: dict, marks: dict | None = None):
    """The whole table as rich renderables, seen by ``view['seat']``."""
    families = _group(view)
    beside: dict[str, list] = {}
    under: dict[str, list] = {}
    for family, zones in families.items():
        first = zones[0][1]
        for word, table in (("beside", beside), ("under", under)):
            target = _layout_target(first, word)
            if target in families:
                table.setdefault(target, []).append(family)
    merged = {f for fs in list(beside.values()) + list(under.values()) for f in fs}
    parts = []
    simple = Table(box=None, show_header=False, padding=(0, 1))
    simple.add_column(style="bold")
    simple.add_column()
    for family, zones in families.items():
        if family in merged:
            continue
        first = zones[0][1]
        title = first.get("label") or family
        if first["kind"] == "grid":
            layers = [z for f in under.get(family, []) for _, z in families[f]]
            for name, zone in zones:
                parts.append(Text(zone.get("label") or name, style="bold"))
                parts.append(grid_picture(zone, layers, marks))
        elif "keys" not in first:
            simple.add_row(title, zone_text(first))
        else:
            parts.append(_family_table(title, zones, [families[f] for f in beside.get(family, [])]))
    if simple.row_count:
        parts.insert(0, simple)
    parts.append(_vars_table(view))
    return Group(*parts)


def _family_table(title, zones, extras):
    """Zones keyed by one value: a row each. By two: rows by the first key, columns by the second."""
    two_keys = len(zones[0][1]["keys"]) > 1
    table = Table(title=title if two_keys else None, title_justify="left", title_style="bold",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    rows: dict[str, dict] = {}
    columns: list[str] = []

    def add(zone_list, label):
        for _, zone in zone_list:
            keys = zone["keys"]
            column = " ".join(x for x in (label, ",".join(keys[1:])) if x)
            if column not in columns:
                columns.append(column)
            rows.setdefault(keys[0], {})[column] = zone_text(zone)

    add(zones, "" if two_keys else title)
    for extra in extras:
        first = extra[0][1]
        add(extra, first.get("label") or first["family"])
    table.add_column("")
    for column in columns:
        table.add_column(column.strip())
    for row, cells in rows.items():
        table.add_row(row, *[cells.get(c, Text("")) for c in columns])
    return table


def _vars_table(view):
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    seats, seat_vars = view["seats"], set(view.get("seat_vars", ()))
    for name, value in view["vars"].items():
        if name in seat_vars:
            value = _seat_names(value, seats)
        table.add_row(name, _value_text(value))
    return table


def _seat_names(value, seats):
    if isinstance(value, dict):
        return {k: _seat_names(v, seats) for k, v in value.items()}
    return seats.get(value, value) if isinstance(value, int) else value


def _value_text(value):
    if isinstance(value, dict) and ("name" in value or "hidden" in value):
        return card_text(value)
    if isinstance(value, dict):
        out = Text()
        for i, (k, v) in enumerate(value.items()):
            if i:
                out.append("  ")
            out.append(f"{k}: ", style="dim")
            out.append_text(_value_text(v))
        return out
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return cards_text(value)
        return Text(", ".join(str(_value_text(v)) for v in value) or "-")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    return Text("-" if value is None else str(value))


def moves_table(moves: list[str]) -> Table:
    """The legal moves, numbered, in columns."""
    columns = 1 if len(moves) <= 8 else 3 if len(moves) <= 60 else 4
    table = Table(box=None, show_header=False, padding=(0, 2))
    for _ in range(columns):
        table.add_column()
    per = -(-len(moves) // columns)
    for r in range(per):
        row = []
        for c in range(columns):
            i = c * per + r
            row.append(Text.assemble((f"{i + 1:>3}. ", "dim"), moves[i]) if i < len(moves) else "")
        table.add_row(*row)
    return table


def anchors(moves: list[str]) -> dict[str, list[str]]:
    """Moves named 'CELL rest' grouped by their cell (placements), else empty."""
    groups: dict[str, list[str]] = {}
    for move in moves:
        head = move.split(" ", 1)[0]
        if not _CELL.match(head):
            return {}
        groups.setdefault(head, []).append(move)
    return groups


def grid_hint(view: dict, groups: dict):
    """For many placements: the grid with every cell where one can start, marked '+'."""
    marks = {cell: " + " for cell in groups}
    count = sum(len(v) for v in groups.values())
    note = Text(f"{count} possible placements. Type a cell marked + (like "
                f"{next(iter(groups))}) to see what fits there, or a whole move like "
                f"'{next(iter(groups.values()))[0]}'.", style="italic")
    grids = [(name, z) for name, z in view["zones"].items()
             if z["kind"] == "grid" and not _layout_target(z, "under")]
    if not grids:
        return note
    name, zone = grids[0]
    layers = [z for z in view["zones"].values() if _layout_target(z, "under") == zone["family"]]
    return Group(grid_picture(zone, layers, marks), note)


def shape_preview(cells: list) -> Text:
    """A small drawing of the cells a placement covers."""
    if not cells:
        return Text("")
    points = [_cell_xy(c) for c in cells]
    x0, y0 = min(x for x, _ in points), min(y for _, y in points)
    x1, y1 = max(x for x, _ in points), max(y for _, y in points)
    rows = []
    for y in range(y0, y1 + 1):
        rows.append("     " + "".join("██" if (x, y) in points else "  " for x in range(x0, x1 + 1)))
    return Text("\n".join(rows) + f"   covers {' '.join(cells)}")
