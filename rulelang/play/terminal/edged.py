"""Cards with ``edges`` (four short texts: top, right, bottom, left, as the card lies now).

On a grid each cell is drawn three lines tall, the top edge above the card's symbol, the
left and right edges beside it and the bottom edge under it, so that two cards side by
side show the edges that meet next to each other (A1 shows a on top and bottom, b on its
sides; B1 meets its b with a b)::

        A     B
        a     b
    1 b = b b L a
        a     a

In a list of cards (a hand, a row) a card's edges follow its name: ``K ↑a →a ↓b ←b``
(cards.card_text).
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from rulelang.play.terminal import grid
from rulelang.play.terminal.cards import edge_texts

GAP = 1  # columns between two cells, so that the edges that meet are told apart
MAX_WIDTH = 11  # of a cell: edges longer than fit are cut there (a hint, not a rule)


edges_of = edge_texts  # a card's four edge texts, each on one line, if the reader sees them


def has_edges(layers: grid.Layers) -> bool:
    """Whether a grid holds a card with edges (then it is drawn a cell to three lines)."""
    return any(edges_of(card) for cards in layers.own.values() for card in cards) or any(
        edges_of(card) for layer in (layers.under, layers.over) for card in layer.values())


def _width(layers: grid.Layers, column: int, ys) -> int:
    """A column as wide as its widest cell: on the middle line the left edge, the symbol (and
    the card it lies on) and the right edge, a space apart; an odd width (the symbol
    centred), from 5 to MAX_WIDTH."""
    widest = 1
    for y in ys:
        card, stacked = layers.top((column, y))
        if card is None:
            continue
        beneath = layers.beneath((column, y))
        symbol = grid.symbol_width(card, stacked, beneath)
        edges = _edges_here(card, beneath)
        if edges is None:
            widest = max(widest, symbol)
        else:
            top, right, bottom, left = map(cell_len, edges)
            widest = max(widest, top, bottom, left + symbol + right + 2)
    widest = max(5, widest + (widest % 2 == 0))
    return min(widest, MAX_WIDTH)


def _edges_here(card, beneath) -> list[str] | None:
    """The edges drawn around a cell: the top card's, else those of the card it lies on (a
    marker laid over a tile leaves the tile's edges in sight)."""
    edges = edges_of(card)
    return edges if edges is not None or beneath is None else edges_of(beneath)


def _cell(layers: grid.Layers, xy, width: int, highlight: str | None) -> list[Text]:
    """A cell's three lines, each ``width`` wide."""
    card, stacked = layers.top(xy)
    beneath = layers.beneath(xy)
    edges = _edges_here(card, beneath)
    blank = Text(" " * width, style=highlight or "")
    if edges is None:  # empty, face down, or a card with no edges: drawn as on any grid
        middle = grid.cell_text(card, stacked, width, highlight, beneath)
        return [blank, middle, blank.copy()]
    top, right, bottom, left = edges
    symbol = grid.symbol_width(card, stacked, beneath)
    room = max(1, (width - symbol - 2) // 2)  # for each side edge (a character of each at
    # least: a symbol too long for the cell with them is cut by cell_text)
    left, right = grid.cut(left, room), grid.cut(right, room)
    inner = width - cell_len(left) - cell_len(right) - 2
    middle = Text(left + " ", style=highlight or "")
    # the card it lies on too, as on any grid ("c-:P1"), not hidden under the top card
    middle.append_text(grid.cell_text(card, stacked, inner, highlight, beneath))
    middle.append(" " + right, style=highlight or "")
    return [Text(grid.centred(top, width), style=highlight or ""), middle,
            Text(grid.centred(bottom, width), style=highlight or "")]


def lines(zone: dict, layers: grid.Layers, marks: dict | None = None) -> list[Text]:
    """A grid as lines: a cell to three lines where it holds a card with edges, else as
    every other grid is drawn (grid.grid_lines)."""
    if has_edges(layers):
        return grid_lines(zone, layers, marks)
    return grid.grid_lines(zone, layers, marks)


def grid_lines(zone: dict, layers: grid.Layers, marks: dict | None = None) -> list[Text]:
    """The grid as lines, a cell three lines tall: a header of column names, then three
    lines per row, its name on the middle one. ``marks`` maps cells to a highlight."""
    marks = marks or {}
    xs, ys = grid.bounds(zone, layers, marks)
    widths = {x: _width(layers, x, ys) for x in xs}
    columns, rows = grid.axis_names(xs, ys)
    label = max(len(r) for r in rows)
    header = Text(" " * (label + 1), style="dim")
    for x, name in zip(xs, columns):
        header.append(f"{name:^{widths[x]}}" + " " * GAP, style="dim")
    header.rstrip()
    out = [header]
    for y, row_name in zip(ys, rows):
        three = [Text(" " * (label + 1)), Text(f"{row_name:>{label}} ", style="dim"),
                 Text(" " * (label + 1))]
        for x in xs:
            for line, part in zip(three, _cell(layers, (x, y), widths[x], marks.get((x, y)))):
                line.append_text(part)
                line.append(" " * GAP)
        for line in three:
            line.rstrip()
        out.extend(three)
    return out
