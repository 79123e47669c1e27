"""Grids drawn as lines of text: a cell is a few characters wide, columns are
lettered A, B, C... and rows numbered from 1, as cells are named in moves.

A cell shows the top card lying on it (its ``symbol``, else the start of its
name), bracketed when other cards lie under it; ``?`` a card face down; ``·``
an empty cell. A grid laid out ``under`` another shows through where the other
is empty; one laid out ``over`` another is drawn on top of it, after the symbol
of the card it lies on (``c-:P1``: a follower on a tile), as the page shows both.
"""
from __future__ import annotations

import attrs
from rich.cells import cell_len, set_cell_size
from rich.text import Text

from interpreter.runtime.values import Fail, cell_name, column_name, parse_cell
from rulelang.play.terminal.cards import style_of

EMPTY = "·"
HIDDEN = "?"
ON = ":"  # between a card and the card of a grid laid out over it


def cell_xy(name: str) -> tuple[int, int]:
    """'E5' -> (4, 4); '-A3' -> (-1, 2), as the rules name cells (ValueError: not a cell)."""
    try:
        x, y = parse_cell(name)
    except Fail as error:
        raise ValueError(str(error)) from None
    return x, y


def is_cell_name(text: str) -> bool:
    try:
        cell_xy(text)
    except ValueError:
        return False
    return True


def cell_label(xy) -> str:
    return cell_name(tuple(xy))


@attrs.define
class Layers:
    """What lies on each cell of one drawn grid: the grid's own cards (top last), the
    cards of grids laid out under it and over it."""
    own: dict = attrs.Factory(dict)      # (x, y) -> [card, ...] bottom to top
    under: dict = attrs.Factory(dict)    # (x, y) -> card
    over: dict = attrs.Factory(dict)     # (x, y) -> card

    @classmethod
    def of(cls, zone: dict, unders: list, overs: list) -> Layers:
        layers = cls()
        for card in zone["cards"]:
            for name in card.get("cells", []):
                layers.own.setdefault(cell_xy(name), []).append(card)
        for target, zones in ((layers.under, unders), (layers.over, overs)):
            for other in zones:
                for card in other["cards"]:
                    for name in card.get("cells", []):
                        target[cell_xy(name)] = card
        return layers

    def top(self, xy):
        """The card seen on a cell, and whether more lie under it."""
        if xy in self.over:
            return self.over[xy], True
        own = self.own.get(xy)
        if own:
            return own[-1], len(own) > 1
        return self.under.get(xy), False

    def beneath(self, xy):
        """The card a card of a grid laid out over this one lies on, if any."""
        if xy not in self.over:
            return None
        own = self.own.get(xy)
        return own[-1] if own else self.under.get(xy)

    def cells(self):
        return set(self.own) | set(self.under) | set(self.over)


def symbol_of(card: dict) -> str:
    if card.get("hidden"):
        return HIDDEN
    return str(card.get("symbol") or card["name"][:3])


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns of the screen (a wide character takes two)."""
    return text if cell_len(text) <= width else set_cell_size(text, width)


def centred(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns and centred in them (the odd space on the right)."""
    text = cut(text, width)
    pad = width - cell_len(text)
    return " " * (pad // 2) + text + " " * (pad - pad // 2)


def symbol_width(card, stacked: bool, beneath=None) -> int:
    """How many columns of the screen a cell's symbols take whole: "[AbC]" with its
    brackets, "c-:P1" with the card beneath; 0 for an empty cell."""
    if beneath is not None:
        return cell_len(symbol_of(beneath)) + len(ON) + cell_len(symbol_of(card))
    if card is None:
        return 0
    return cell_len(symbol_of(card)) + (2 if stacked else 0)


def cell_width(layers: Layers, column: int | None = None) -> int:
    """How wide the cells are drawn (of one column, or of the whole grid): the widest symbol
    whole, "[AbCdEf]" with its brackets (a cut symbol would mislead), an odd width to
    centre it, at least 3."""
    widest = 1
    for xy in layers.cells():
        if column is not None and xy[0] != column:
            continue
        card, stacked = layers.top(xy)
        widest = max(widest, symbol_width(card, stacked, layers.beneath(xy)))
    return max(3, min(widest + (widest % 2 == 0), 9))


def cell_text(card, stacked: bool, width: int, highlight: str | None = None,
              beneath=None) -> Text:
    if beneath is not None:  # a card over another: both, each as it is drawn alone
        under, over = symbol_of(beneath), symbol_of(card)
        if highlight:
            return Text(centred(under + ON + over, width), style=highlight)
        pad = width - cell_len(under) - len(ON) - cell_len(over)
        text = Text(" " * max(pad // 2, 0))
        text.append_text(_styled(beneath, under))
        text.append(ON, style="dim")
        text.append_text(_styled(card, over))
        text.append(" " * max(pad - pad // 2, 0))
        text.truncate(width)
        return text
    if card is None:
        return Text(f"{EMPTY:^{width}}", style=highlight or "grey50")
    symbol = symbol_of(card)
    if stacked:
        symbol = f"[{symbol}]"
    symbol = centred(symbol, width)
    if highlight:
        return Text(symbol, style=highlight)
    return _styled(card, symbol)


def _styled(card, symbol: str) -> Text:
    if card.get("hidden"):
        return Text(symbol, style="dim")
    tint = style_of(card)
    return Text(symbol, style=f"bold white on {tint}" if tint else "bold")


def bounds(zone: dict, layers: Layers, extra=()):
    """The columns and rows to draw: a bounded grid whole, an unbounded one around its cards."""
    if zone.get("width"):
        return range(zone["width"]), range(zone["height"])
    every = list(layers.cells()) + list(extra) or [(0, 0)]
    xs = range(min(x for x, _ in every) - 1, max(x for x, _ in every) + 2)
    ys = range(min(y for _, y in every) - 1, max(y for _, y in every) + 2)
    return xs, ys


def axis_names(xs, ys):
    """Each column's letters and each row's number, as cells are named (A1 at the top left;
    -A left of A, -1 above row 1), as the page labels them."""
    columns = [column_name(x) for x in xs]
    rows = [str(y + 1) if y >= 0 else str(y) for y in ys]
    return columns, rows


def grid_lines(zone: dict, layers: Layers, marks: dict | None = None) -> list[Text]:
    """The grid as lines: a header of column names, then a line per row.
    ``marks`` maps cells to a style that highlights them."""
    marks = marks or {}
    xs, ys = bounds(zone, layers, marks)
    widths = {x: cell_width(layers, x) for x in xs}  # a column as wide as its widest cell
    columns, rows = axis_names(xs, ys)
    label = max(len(r) for r in rows)
    header = Text(" " * (label + 1), style="dim")
    for x, name in zip(xs, columns):
        header.append(f"{name:^{widths[x]}}", style="dim")
    lines = [header]
    for y, row_name in zip(ys, rows):
        line = Text(f"{row_name:>{label}} ", style="dim")
        for x in xs:
            card, stacked = layers.top((x, y))
            line.append_text(cell_text(card, stacked, widths[x], marks.get((x, y)),
                                       layers.beneath((x, y))))
        lines.append(line)
    return lines


def shape_lines(cells: list[str], layers: Layers, focus=(), width: int = 3) -> list[Text]:
    """A small drawing of the cells a placement would cover: ``█`` an empty cell, the
    symbol of a mark it would cover, ``◆`` a cell in ``focus`` (the ones the player named);
    its columns lettered and its rows numbered as the board's are."""
    points = [cell_xy(c) for c in cells]
    focus = {cell_xy(c) for c in focus}
    x0, x1 = min(x for x, _ in points), max(x for x, _ in points)
    y0, y1 = min(y for _, y in points), max(y for _, y in points)
    columns, rows = axis_names(range(x0, x1 + 1), range(y0, y1 + 1))
    label = max(len(r) for r in rows)
    header = Text(" " * (label + 1), style="dim")
    for name in columns:
        header.append(f"{name:^{width}}", style="dim")
    lines = [header]
    for y, row_name in zip(range(y0, y1 + 1), rows):
        line = Text(f"{row_name:>{label}} ", style="dim")
        for x in range(x0, x1 + 1):
            if (x, y) not in points:
                line.append(" " * width)
                continue
            card, _ = layers.top((x, y))
            if card is not None:
                style = "bold black on bright_white" if (x, y) in focus else "reverse"
                line.append(centred(symbol_of(card), width), style=style)
            elif (x, y) in focus:
                line.append(f"{'◆':█^{width}}", style="bold")
            else:
                line.append("█" * width)
        lines.append(line)
    return lines


def drawing_lines(cards: list, width: int, gap: int = 3, compact: bool = False) -> list[Text]:
    """Cards with a ``drawing`` (a shape, rows split by ``/``), side by side as many as fit:
    each its name, then its shape in blocks of its tint. ``compact``: the shape beside the
    name, two of its rows to a line in half blocks (a square each, as a cell is twice as
    tall as wide), for a screen short of lines."""
    boxes = []
    for card in cards:
        rows = str(card["drawing"]).split("/")
        style = style_of(card) or "white"
        name = Text(card["name"], style=f"bold {style}")
        if compact:
            halves = half_blocks(rows)
            pad = " " * (len(card["name"]) + 1)
            boxes.append([name + Text(" " + halves[0], style=style)]
                         + [Text(pad + half, style=style) for half in halves[1:]])
            continue
        shape = [Text("".join("██" if ch == "#" else "  " for ch in row), style=style)
                 for row in rows]
        boxes.append([name] + shape)
    if compact:
        gap = 2
    lines: list[Text] = []
    row: list = []
    used = 0
    for box in boxes + [None]:
        box_width = max(t.cell_len for t in box) if box else 0
        if box is None or (row and used + gap + box_width > width):
            height = max(len(b) for b, _ in row) if row else 0
            for i in range(height):
                line = Text()
                for b, w in row:
                    piece = b[i] if i < len(b) else Text("")
                    line.append_text(piece)
                    line.append(" " * (w + gap - piece.cell_len))
                line.rstrip()
                lines.append(line)
            row, used = [], 0
        if box is not None:
            row.append((box, box_width))
            used += box_width + gap
    return lines


def half_blocks(rows: list[str]) -> list[str]:
    """A shape's rows (``#`` a square) two to a line: ``▀`` the upper square, ``▄`` the
    lower, ``█`` both."""
    out = []
    for top, low in zip(rows[0::2], rows[1::2] + [""]):
        line = ""
        for x in range(max(len(top), len(low))):
            up, down = top[x:x + 1] == "#", low[x:x + 1] == "#"
            line += "█" if up and down else "▀" if up else "▄" if down else " "
        out.append(line.rstrip())
    return out
