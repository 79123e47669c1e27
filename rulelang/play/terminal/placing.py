"""Choosing a placement the way players think of it: by a cell it should cover.

A placement's notation names its anchor and turn (``A1 r90 f``), which nobody
thinks in. Instead the player types a cell (or several: ``E3 F3``); the
placements covering all of them are drawn, numbered, each showing what it
would cover and marked ✗ if it ends the game; a number picks one, another cell
narrows them down.
"""
from __future__ import annotations

import re

from rich.text import Text

from rulelang.play.terminal import edged, grid
from rulelang.play.terminal import panels as panels_of
from rulelang.play.terminal.screen import GAP

FOCUS = "bold black on bright_white"
NAMED = "bold black on cyan"  # a cell a move names among other things (G8 in "G8 90")
_WORD = re.compile(r"\([^)]*\)|[^\s,]+")  # a cell as (x,y), or a word between spaces/commas


def cells_typed(answer: str) -> list[str] | None:
    """'e3 f3' -> ['E3', 'F3'] ('-a3' the cell left of A3, on a grid without edges); None unless
    every word is a cell's name."""
    words = _WORD.findall(answer)
    if not words or not all(grid.is_cell_name(w) for w in words):
        return None
    return [grid.cell_label(grid.cell_xy(w)) for w in words]


def named_cells(view) -> dict | None:
    """The cells the moves name among other things (a tile laid at G8 and turned, `G8 90`; a
    step `A2 A3`), marked on the board as the page marks them: where a move can go."""
    at = view["decision"].get("at")
    return {grid.cell_xy(c): NAMED for cells in at.values() for c in cells} if at else None


def hint(view) -> list[Text]:
    cells = view["decision"]["cells"]
    example = next(iter(cells.values()))[0]
    said = Text(f"{len(cells)} ways to place it. Type a cell it should cover (like {example}), "
                "or several, to see the ways that do.", style="italic")
    return [*shape_lines(cells), said]


def shape_lines(cells: dict[str, list[str]]) -> list[Text]:
    """The shape being placed, in half blocks (two rows to a line), as a way to place it
    unturned covers the board (the card may have left the hand's drawings)."""
    plain = next((move for move in cells if move.endswith(" r0")), next(iter(cells)))
    spots = [grid.cell_xy(cell) for cell in cells[plain]]
    left, top = min(x for x, _ in spots), min(y for _, y in spots)
    width = max(x for x, _ in spots) - left + 1
    rows = ["".join("#" if (left + x, y) in spots else "." for x in range(width))
            for y in range(top, max(y for _, y in spots) + 1)]
    head = "the shape to place: "
    return [Text((head if i == 0 else " " * len(head)) + line, style="bold")
            for i, line in enumerate(grid.half_blocks(rows))]


def pick(session, view, typed: list[str]):
    """The placements covering the typed cells: (a move, None) or (None, what to say)."""
    cells = view["decision"]["cells"]
    status = Text("")
    while True:
        options = [m for m, covered in cells.items() if all(c in covered for c in typed)]
        if not options:
            return None, Text(f"no way to place it covers {' and '.join(typed)}"
                              + _why_not(view, typed), style="red")
        if len(options) == 1:  # shown before it is played, all the same
            return (options[0], None) if confirm(session, view, options[0]) else (None, Text(""))
        parts = panels_of.build(view)
        layers = parts.grids[0].layers if parts.grids else grid.Layers()
        drawn: list = []

        def pictures(width, height, parts=parts, layers=layers, options=options, typed=typed,
                     drawn=drawn):  # drawn now, in this round of the loop
            room = height - 3 - _grid_height(parts)
            lines, shown = _pictures(session, view, options, cells, layers, typed, width,
                                     max(room - 1, 2))
            drawn[:] = shown
            more = len(options) - len(shown)
            note = f"{len(options)} ways cover {' '.join(typed)}"
            note += (f"; {len(shown)} drawn: type another cell to narrow them down" if more
                     else "")
            if any("✗" in line.plain for line in lines):
                note += "; ✗ ends the game"
            return lines + [Text(note, style="italic")]

        marks = {grid.cell_xy(c): FOCUS for c in typed}
        session.draw(view, status, marks=marks, below=pictures)
        answer = session.ask("which one? a number, another cell, or Enter to go back")
        if not answer:
            return None, Text("")
        if answer.isdigit():
            if 1 <= int(answer) <= len(drawn):
                return drawn[int(answer) - 1], None
            status = Text(f"type a number from 1 to {len(drawn)}", style="red")
            continue
        more = cells_typed(answer)
        if more is None:
            if answer in cells:
                return answer, None
            status = Text(f"'{answer}' is not a cell: cells are named like {typed[0]}",
                          style="red")
            continue
        typed = typed + [c for c in more if c not in typed]
        status = Text("")


def confirm(session, view, move) -> bool:
    """Draw one placement on the board and in small, and ask whether to play it."""
    cells = view["decision"]["cells"]
    parts = panels_of.build(view)
    layers = parts.grids[0].layers if parts.grids else grid.Layers()

    def picture(width, height):
        lines, _ = _pictures(session, view, [move], cells, layers, (), width, height)
        return lines
    marks = {grid.cell_xy(c): FOCUS for c in cells[move]}
    status = Text(f"{move} covers {', '.join(cells[move])}")
    while True:
        session.draw(view, status, marks=marks, below=picture)
        typed = session.ask("place it here? (y/n)")
        answer = typed.lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no", ""):
            return False
        status = Text(f"{move} covers {', '.join(cells[move])}\n")
        status.append(session.not_yes_or_no(typed, "to place it here", "to choose again"))


def _why_not(view, typed) -> str:
    """Why no placement covers the cells typed: off the board, or already covered."""
    zone = next((z for z in view["zones"].values() if z["kind"] == "grid"), None)
    if zone is None:
        return ""
    taken = {c for card in zone["cards"] for c in card.get("cells", [])}
    width, height = zone.get("width"), zone.get("height")
    for cell in typed:
        x, y = grid.cell_xy(cell)
        if width and not (0 <= x < width and 0 <= y < height):
            return f": {cell} is off the board"
        if cell in taken:
            return f": {cell} is covered already"
    return ""


def _grid_height(parts) -> int:
    return sum(1 + len(edged.lines(p.zone, p.layers)) for p in parts.grids)


def _pictures(session, view, options, cells, layers, typed, width, room):
    """As many numbered drawings of the options as fit in ``room`` lines."""
    boxes = []
    for i, move in enumerate(options, 1):
        shape = grid.shape_lines(cells[move], layers, typed)
        boxes.append((move, Text(f"{i}. {move}", style="bold"), shape))
    rows, shown = [], []
    used = 0
    start = 0
    while start < len(boxes):
        line_width, row = 0, []
        for box in boxes[start:]:
            box_width = max(box[1].cell_len + 2, *(s.cell_len for s in box[2])) + GAP
            if row and line_width + box_width > width:
                break
            row.append((box, box_width))
            line_width += box_width
        height = 1 + max(len(box[2]) for box, _ in row)
        if used + height > room:
            break
        rows.append(row)
        shown.extend(box[0] for box, _ in row)
        used += height
        start += len(row)
    lines = []
    for row in rows:
        height = 1 + max(len(box[2]) for box, _ in row)
        block = [Text() for _ in range(height)]
        column = 0
        for (move, label, shape), box_width in row:
            title = label if session.ending(view, move) is None else \
                label + Text(" ✗", style="bold red")
            for j, piece in enumerate([title] + shape):
                block[j].append_text(piece)
            column += box_width
            _pad_to(block, column)
        for line in block:
            line.rstrip()
            lines.append(line)
    return lines, shown


def _pad_to(block, column):
    for line in block:
        if line.cell_len < column:
            line.append(" " * (column - line.cell_len))
