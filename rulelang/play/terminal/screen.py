"""One screen per decision: the parts of a view fitted to the terminal's size.

The screen is drawn from the top: a header line; the grids on the left with
the tables, facts and legend beside them when there is room (else below);
the latest log lines in the space left; the moves; a status line; the prompt
on the last line. When it does not all fit, a table of many rows stands in
blocks side by side, the log goes, then the legend, then the facts are shortened,
and the moves are listed on demand.
"""
from __future__ import annotations

import io
import re
from typing import Any

import attrs
from rich.console import Console
from rich.text import Text

from interpreter.runtime.refusals import number_ranges
from interpreter.runtime.values import Value
from rulelang.play.terminal import edged
from rulelang.play.terminal.cards import style_of
from rulelang.play.terminal.grid import drawing_lines
from rulelang.play.terminal.panels import Panels

GAP = 3          # columns between the grids and what stands beside them
MIN_BESIDE = 30  # the narrowest column worth putting beside a grid
CARDS_COMMAND = "cards"  # draws the seat's cards that have a drawing, when the screen cannot
GRIDS_COMMAND = "grids"  # draws every grid, when the screen cannot
_MEASURE = Console(width=1000, file=io.StringIO())  # rich wraps text for a console


@attrs.define
class Screen:
    lines: list        # [Text], at most height - 2
    menu_shown: bool   # the moves are listed (else 'moves' lists them)
    log_shown: int = 0  # how many of the log's latest lines are wholly on it
    header_lines: int = 1  # the header's lines at its top (a long header wraps)


def table_lines(table, width: int, cell_lines: int | None = None,
                recent: int | None = None, abreast: bool = False) -> list[Text]:
    """A panels.Grid as lines: columns as wide as their cells, the widest ones wrapped
    when the whole is wider than ``width``; a header line. ``recent``: of a table whose rows
    come in time (kept per number: a trick each round), only the latest rows so many.
    ``abreast``: a table of many rows, narrow enough, in blocks side by side (as a
    newspaper's columns), each under the header: a supply of sixteen piles in eight lines."""
    count = len(table.header)
    natural = [max([len(table.header[i])] + [row[i].cell_len for row in table.rows])
               for i in range(count)]
    room = width - 2 * (count - 1) - natural[0]  # the first column names the rows: kept whole
    cap = max(natural[1:], default=0)
    while cap > 8 and sum(min(w, cap) for w in natural[1:]) > room:
        cap -= 1  # the widest columns narrowed alike, until the table fits
    widths = [natural[0]] + [min(w, cap) for w in natural[1:]]
    lines = []
    if table.title:
        lines.append(Text(table.title, style="bold"))
    header = Text()  # underlined rather than ruled: a line saved
    for i, name in enumerate(table.header):
        header.append(f"{name:<{widths[i]}}", style="bold underline" if name else "")
        if i < count - 1:
            header.append("  ")
    header.rstrip()
    lines.append(header)
    rows = table.rows
    if recent is not None and table.in_time and len(rows) > recent:
        rows = rows[-recent:]  # each row says its number: the earlier ones are in the log
    own = table.rows[table.own_row] if table.own_row is not None else None
    # short of room, every cell in so many lines but the seat's own: what it holds and has
    # played stays whole (the end of the screen gives way first: "more than fits")
    shortened = [_row_lines(row, widths, None if row is own else cell_lines) for row in rows]
    blocks = _blocks_abreast(table, rows, widths, width) if abreast else 1
    if blocks > 1:
        return lines[:-1] + _abreast(header, shortened, blocks)
    for row in shortened:
        lines.extend(row)
    return lines


ABREAST_ROWS = 6  # a table of fewer rows is never split into blocks side by side


def _blocks_abreast(table, rows: list, widths: list[int], width: int) -> int:
    """How many blocks side by side a table's rows go into: as many as fit ``width``, but
    none for a table of rows kept in time (read down, the latest last) or of few rows."""
    if table.in_time or len(rows) < ABREAST_ROWS:
        return 1
    block = sum(widths) + 2 * (len(widths) - 1)
    return max(1, min((width + GAP) // (block + GAP), len(rows) // (ABREAST_ROWS // 2)))


def _abreast(header: Text, rows: list[list[Text]], blocks: int) -> list[Text]:
    """Rows (each its lines) in ``blocks`` blocks side by side, read down then across, each
    block under the header, as few lines tall as the rows allow."""
    per_block = -(-len(rows) // blocks)
    columns = [[header] + [line for row in rows[start:start + per_block] for line in row]
               for start in range(0, len(rows), per_block)]
    out = columns[0]
    for column in columns[1:]:
        out = _side_by_side(out, column, max(line.cell_len for line in out))
    return out


def _row_lines(row: list[Text], widths: list[int], cell_lines: int | None) -> list[Text]:
    """One row of a table as lines, its cells wrapped to their columns' widths."""
    count = len(widths)
    cells = [_wrapped_items(cell, widths[i]) for i, cell in enumerate(row)]
    if cell_lines is not None:  # short of room: each cell in so many lines
        cells = [c if len(c) <= cell_lines else _shortened(cell, widths[i], cell_lines)
                 for i, (c, cell) in enumerate(zip(cells, row))]
    lines = []
    for j in range(max(len(c) for c in cells)):
        line = Text()
        for i, cell in enumerate(cells):
            piece = cell[j] if j < len(cell) else Text("")
            if len(piece) > widths[i]:  # (a Text sliced is copied span by span: only if cut)
                piece = piece[: widths[i]]
            line.append_text(piece)
            if i < count - 1:
                line.append(" " * (widths[i] - len(piece) + 2))
        line.rstrip()
        lines.append(line)
    return lines


def _shortened(cell: Text, width: int, lines: int) -> list[Text]:
    """A cell in at most ``lines`` lines of ``width``: as many of its items (separated by
    commas) as fit whole, and how many more there are; never an item cut in the middle."""
    plain = cell.plain
    ends = [at for at in range(len(plain)) if plain.startswith(", ", at)] + [len(plain)]
    for keep in range(len(ends) - 1, 0, -1):
        piece = cell[:ends[keep - 1]]
        piece.append(f" +{len(ends) - keep} more", style="dim")
        wrapped = _wrapped_items(piece, width)
        if len(wrapped) <= lines:
            return wrapped
    return [Text(f"{len(ends)} of them" if len(ends) > 1 else "(too long)", style="dim")]


def _fewer_facts(entries: list[Text], width: int, limit: int) -> list[Text]:
    """The facts in at most ``limit`` lines: the first ones whole, and how many more."""
    for keep in range(len(entries) - 1, -1, -1):
        lines = packed(entries[:keep] + [Text(f"+{len(entries) - keep} more", style="dim")],
                       width)
        if len(lines) <= limit:
            return lines
    return []


def packed(entries: list[Text], width: int, sep: str = "   ") -> list[Text]:
    """Short entries side by side, as many to a line as fit."""
    lines, line = [], Text()
    for entry in entries:
        if line.plain and line.cell_len + len(sep) + entry.cell_len > width:
            lines.append(line)
            line = Text()
        if line.plain:
            line.append(sep)
        line.append_text(entry)
    if line.plain:
        lines.append(line)
    return [piece for line in lines for piece in _wrapped_items(line, width)]


def fact_entries(facts) -> list[Text]:
    return [Text.assemble((f"{label} ", "bold"), value) for label, value in facts]


def numbered_by_position(moves: list[str]) -> bool:
    """Whether a number typed picks the move at that place in the menu: not when some move is
    itself a number (a bid of 3 is typed 3, and the menu shows the moves unnumbered)."""
    return not any(move.lstrip("-").isdigit() for move in moves)


WHOLE = re.compile(r"-?[0-9]+")  # a move that is a whole number


def too_many_to_list(moves: list[str]) -> str:
    """What the screen says of moves too many to list: the numbers on offer, in runs (a bid of
    0 to 194, or pass), or else how many moves there are."""
    numbers: list[Value] = [int(m) for m in moves if WHOLE.fullmatch(m)]
    words = [m for m in moves if not WHOLE.fullmatch(m)]
    runs = number_ranges(numbers)
    if runs is None or len(words) > 3:
        return f"{len(moves)} possible moves: type 'moves' to list them"
    return (f"type a number: {runs}" + "".join(f", or {w}" for w in words)
            + " ('moves' lists them)")


def shown_beside(shown: dict | None, move: str) -> str:
    """What the rules show beside a move (``choose ... shown TEXT``), on one line; ''."""
    return " ".join(str((shown or {}).get(move) or "").split())


def with_shown(decision: dict, move: str) -> str:
    """A move as a line names it: with what the rules show beside it, ``3 (↑f →f ↓f ←c)``."""
    said = shown_beside(decision.get("shown"), move)
    return f"{move} ({said})" if said else move


def menu_lines(moves: list[str], width: int, cards: dict, limit: int,
               shown: dict | None = None) -> list[Text] | None:
    """The moves numbered (unless some are numbers), each with what the rules show beside it
    (``shown``), in as many columns as fit; None if more than ``limit`` lines."""
    if not moves:
        return []
    items = []
    numbered = numbered_by_position(moves)
    for i, move in enumerate(moves, 1):
        card = cards.get(move.lower())
        item = Text(f"{i:>{len(str(len(moves)))}}. " if numbered else "", style="dim")
        item.append(move, style=style_of(card) if card else "")
        if card and card.get("note"):  # what the rules say beside the card: its cost, say
            item.append(f" ({card['note']})", style="dim")
        said = shown_beside(shown, move)
        if said:  # what the option gives (choose ... shown TEXT): a tile's edges, say
            item.append(f" ({said})", style="dim")
        items.append(item)
    cell = max(item.cell_len for item in items) + 3
    columns = max(1, min(len(items), (width + 3) // cell))
    rows = -(-len(items) // columns)
    if rows > limit:
        return None
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(columns):
            i = c * rows + r
            if i < len(items):
                line.append_text(items[i])
                if c < columns - 1:
                    line.append(" " * (cell - items[i].cell_len))
        lines.append(line)
    return lines


def _side_by_side(left: list[Text], right: list[Text], left_width: int) -> list[Text]:
    out = []
    for i in range(max(len(left), len(right))):
        line = left[i].copy() if i < len(left) else Text()
        if i < len(right):
            line.append(" " * (left_width + GAP - line.cell_len))
            line.append_text(right[i])
        out.append(line)
    return out


def every_grid(panels: Panels) -> list[Text]:
    """Every grid, one under another (what the 'grids' command pages)."""
    return _grid_block(grid_drawings(panels, None)).lines


def grid_drawings(panels: Panels, marks) -> list[list[Text]]:
    """Each grid drawn under its title, ``marks`` highlighting cells: drawn once a screen,
    however many ways of arranging them (and of fitting the rest) are tried."""
    return [[Text(part.title, style="bold")] + edged.lines(part.zone, part.layers, marks)
            for part in panels.grids]


@attrs.frozen
class GridBlock:
    lines: list[Text]  # the grids as arranged, and the note under them
    width: int  # of the widest line


def _grid_block(blocks: list[list[Text]], per_row: int = 1, note: str = "") -> GridBlock:
    """The grids drawn (``grid_drawings``): one under another, or ``per_row`` side by side;
    under them, the ``note`` (which grids are not drawn for want of room)."""
    lines: list[Text] = []
    for start in range(0, len(blocks), per_row):
        row = blocks[start]
        for block in blocks[start + 1:start + per_row]:
            row = _side_by_side(row, block, max(line.cell_len for line in row))
        lines.extend(row)
    if note:
        width = max((line.cell_len for line in lines), default=0)
        lines.extend(_wrapped(Text(note, style="dim"), width))
    return GridBlock(lines, max((line.cell_len for line in lines), default=0))


def _side_blocks(panels: Panels, width: int, with_legend: bool, facts_limit=None,
                 cell_lines=None, recent=None, abreast=False):
    lines = []
    for table in panels.tables:
        lines.extend(table_lines(table, width, cell_lines, recent, abreast))
    facts = packed(fact_entries(panels.facts), width)
    if facts_limit is not None and len(facts) > facts_limit:
        facts = _fewer_facts(fact_entries(panels.facts), width, facts_limit)
    lines.extend(facts)
    if with_legend and panels.legend:
        legend = packed(panels.legend, width)
        legend[0] = Text.assemble(("legend ", "bold"), legend[0]) if len(
            legend[0].plain) + 7 <= width else legend[0]
        lines.extend(legend)
    return lines


def compose(panels: Panels, log: list[str], moves: list[str], width: int, height: int,
            marks=None, below: list[Text] | None = None, list_moves: bool = True,
            min_log: int = 0, status_lines: int = 1, asking: bool = True,
            drawn: list[list[Text]] | None = None) -> Screen:
    """The screen's lines (the status lines and the prompt come after them); none wider
    than ``width``: what is longer is wrapped, never cut.

    ``below`` replaces the list of moves (a placement's options, say); ``marks``
    highlights grid cells; ``min_log``: log lines kept however little room there is (what
    the other seats did since this one last moved). Several grids stand one under another,
    else, when so they do not fit, as few side by side as make them fit; else fewer grids
    are drawn (the seat's own first), the others named (and, when ``asking`` (a prompt comes
    after the screen), that the 'grids' command draws them); when nothing fits, the screen
    that leaves out the fewest lines. ``drawn``: the grids as ``grid_drawings`` drew them
    with these ``marks`` (drawn here if not given)."""
    best = None
    grids = panels.grids
    drawn = grid_drawings(panels, marks) if drawn is None else drawn
    order = sorted(range(len(grids)), key=lambda i: not grids[i].own)  # the seat's own first
    for count in range(len(grids), 0, -1) if grids else [0]:
        kept = sorted(order[:count])
        shown = attrs.evolve(panels, grids=[grids[i] for i in kept])
        not_drawn = [grids[i].title for i in range(len(grids)) if i not in kept]
        note = f"not drawn: {', '.join(not_drawn)}" + (
            f" (type '{GRIDS_COMMAND}')" if asking else "") if not_drawn else ""
        for per_row in range(1, max(count, 1) + 1):
            block = _grid_block([drawn[i] for i in kept], per_row, note)
            if per_row > 1 and block.width > width:
                break
            screen, left_out = _composed(shown, block, log, moves, width, height, below,
                                         list_moves, min_log, status_lines)
            if not left_out:
                return screen
            if best is None or left_out < best[0]:
                best = (left_out, screen)
    assert best is not None
    return best[1]


def _composed(panels: Panels, block: GridBlock, log: list[str], moves: list[str], width: int,
              height: int, below: list[Text] | None, list_moves: bool, min_log: int,
              status_lines: int) -> tuple[Screen, int]:
    """The screen with the grids arranged as ``block``, and how many lines of its body were
    left out (0: it all fits)."""
    budget = max(height - 1 - status_lines, 3)
    grid_lines, grid_width = block.lines, block.width
    two_columns = bool(grid_lines) and width - grid_width - GAP >= MIN_BESIDE
    side_width = width - grid_width - GAP if two_columns else width
    header = _wrapped(panels.header, width, indent="  ")

    bottom: list[Text] | None
    if below is not None:
        bottom, menu_shown = [piece for line in below for piece in _wrapped(line, width)], False
    else:
        limit = max(2, budget // 3)
        bottom = menu_lines(moves, width, panels.cards, limit, panels.shown) if list_moves else None
        menu_shown = bottom is not None
        if bottom is None:
            bottom = [Text(too_many_to_list(moves), style="italic")] if moves else []

    def main(with_legend, facts_limit=None, cell_lines=None, recent=None, drawn_hand=False,
             abreast=False):
        shown = _hand_said_drawn(panels) if drawn_hand else panels
        return _side_blocks(shown, side_width, with_legend, facts_limit, cell_lines, recent,
                            abreast)

    def body_of(side, beside=()):
        side = side + list(beside)
        if two_columns:
            return _side_by_side(grid_lines, side, grid_width), len(side)
        return grid_lines + side, len(grid_lines) + len(side)

    def small(side):
        """The drawings small: the first ones beside the grid under what stands there (if
        there is room), the others below; the split that takes the fewest lines."""
        cards = panels.drawings
        best = None
        for k in range(len(cards) + 1) if two_columns else [0]:
            beside = drawing_lines(cards[:k], side_width, compact=True) if k else []
            under = drawing_lines(cards[k:], width, compact=True) if k < len(cards) else []
            body, height = body_of(side, beside)
            if best is None or len(body) + len(under) <= len(best[0]) + len(best[2]):
                best = (body, height, under)
        assert best is not None
        return best

    full_room = budget - len(header) - len(bottom)
    # What gives way when room is short, in turn: a table of many rows laid in blocks side by
    # side (a supply of piles), the hand's drawings drawn small (beside the grid where there
    # is room, else below), a table's earlier rows (of tables kept per number: past tricks),
    # the legend, the drawings, the facts and the tables' cells shortened. The first that
    # fits is drawn. Where the drawings are, the hand's cell need not list the cards they name.
    tries: list[tuple[str, dict[str, Any]]] = [
        ("full", dict(with_legend=True)), ("full", dict(with_legend=True, abreast=True))] + [
        ("small", how) for how in (dict(with_legend=True), dict(with_legend=True, recent=2),
                                   dict(with_legend=False, recent=2),
                                   dict(with_legend=False, recent=1))]
    tries += [("", dict(with_legend=False, recent=1))]
    tries += [("", dict(with_legend=False, recent=1, facts_limit=2, cell_lines=lines))
              for lines in (None, 2, 1)]
    tries[2:] = [(drawn_as, dict(how, abreast=True)) for drawn_as, how in tries[2:]]
    pictures: list[Text] = []
    # the others' latest moves kept below if anything fits so; else the room they take too
    for room in dict.fromkeys((full_room - _log_need(log, min_log, width), full_room)):
        for drawn_as, how in tries:
            kind = drawn_as if panels.drawings else ""
            side = main(**how, drawn_hand=bool(kind))
            if kind == "small":
                body, side_height, pictures = small(side)
            else:
                (body, side_height), pictures = body_of(side), (
                    drawing_lines(panels.drawings, width) if kind == "full" else [])
            if len(body) + len(pictures) <= room:
                break
        if len(body) + len(pictures) <= room:
            break
    drawn_somewhere = bool(kind) and len(body) + len(pictures) <= room
    left_out = max(len(body) - room, 0)
    cut = left_out > 0
    if cut:
        said = _wrapped(Text("… more than fits: make the window taller", style="dim"), width)
        body = body[: max(room - len(said), 0)] + said
    if panels.drawings and not drawn_somewhere and len(body) < room:
        pictures = [Text(f"the drawings of your cards: type '{CARDS_COMMAND}'", style="dim")]
    lines = header + body
    spare = budget - len(lines) - len(pictures) - len(bottom)
    beside = len(grid_lines) - side_height
    if two_columns and beside >= 3 and spare < max(min_log, 3) and not cut:
        # the latest log lines in the room beside the grid, when there is none below
        tail = _log_lines(log, side_width, beside)
        log_shown = _log_fitting(log, side_width, beside)
        start = len(header) + side_height + (beside - len(tail))
        for i, line in enumerate(tail):
            row = start + i
            lines[row] = _side_by_side([lines[row][:grid_width]], [line], grid_width)[0]
    else:
        log_shown = _log_fitting(log, width, spare)
        if spare > 0:
            lines.extend(pictures)
            pictures = []
            lines.extend(_log_lines(log, width, spare))
    lines.extend(pictures)
    filler = [Text("")] * max(budget - len(lines) - len(bottom), 0)  # the moves stay at the bottom
    return Screen(lines + filler + bottom, menu_shown, log_shown, len(header)), left_out


def _hand_said_drawn(panels: Panels) -> Panels:
    """The panels with the seat's own hand said as a count: its cards are drawn, by name."""
    if panels.drawn_hand is None or not panels.tables:
        return panels
    row, column = panels.drawn_hand
    table = panels.tables[0]
    rows = [list(cells) for cells in table.rows]
    count = len(panels.drawings)
    rows[row][column] = Text(f"{count} card{'s' if count != 1 else ''}, drawn below",
                             style="dim")
    return attrs.evolve(panels, tables=[attrs.evolve(table, rows=rows)] + panels.tables[1:])


def _log_need(log: list[str], count: int, width: int) -> int:
    """The screen lines the latest ``count`` log lines take, wrapped to ``width``."""
    return sum(len(_log_entry(line, width)) for line in log[-count:]) if count > 0 else 0


def _log_fitting(log: list[str], width: int, count: int) -> int:
    """How many of the latest log lines fit whole in ``count`` screen lines."""
    used = shown = 0
    for line in reversed(log):
        used += len(_log_entry(line, width))
        if used > count:
            break
        shown += 1
    return shown


def _log_entry(line: str, width: int) -> list[Text]:
    """A log line wrapped to ``width`` between words, its later lines indented; a number
    stays with the word before it ("orange 1", "round 2": parted, they read as two things),
    and so does a ``·`` between decisions."""
    if len(line) <= width:
        return [Text(line, style="dim")]
    words: list[str] = []
    for word in line.split(" "):
        if words and (word.isdigit() or word == "·"):  # nor a line begun by a separator
            words[-1] += " " + word
        else:
            words.append(word)
    pieces: list[str] = []
    piece = ""
    for word in words:
        room = width - (2 if pieces else 0)
        if piece and len(piece) + 1 + len(word) > room:
            pieces.append(piece)
            piece = ""
        piece = f"{piece} {word}" if piece else word
        while len(piece) > width - (2 if pieces else 0):  # one word wider than the screen
            cut = width - (2 if pieces else 0)
            pieces.append(piece[:cut])
            piece = piece[cut:]
    pieces.append(piece)
    return [Text(("  " if i else "") + piece, style="dim") for i, piece in enumerate(pieces)]


def _log_lines(log: list[str], width: int, count: int) -> list[Text]:
    """The latest log lines that fill ``count`` screen lines, each wrapped to ``width``."""
    if count <= 0:
        return []
    out: list[Text] = []
    for line in reversed(log):
        pieces = _log_entry(line, width)
        if len(out) + len(pieces) > count:
            if not out:  # the newest line alone is too long: its first lines
                out = pieces[:count]
            break
        out = pieces + out
    return out


def fitted(lines: list[Text], width: int) -> list[Text]:
    """Lines for a page of text ('log', 'piles'): each wider than ``width`` wrapped, between
    a list's items where it is one, never cut."""
    return [piece for line in lines for piece in _wrapped_items(line, width)]


def _wrapped_items(text: Text, width: int) -> list[Text]:
    """A list (``a, b, c``) wrapped to ``width`` between its items, never inside one ("red 1"
    stays whole: "red" and "1" on two lines read as two things), unless one alone is wider."""
    plain = text.plain
    if len(plain) <= width or ", " not in plain:
        return _wrapped(text, width)
    ends = [at + 1 for at in range(len(plain)) if plain.startswith(", ", at)] + [len(plain)]
    lines: list[Text] = []
    line, start = Text(), 0
    for end in ends:
        item = text[start:end]  # with its comma
        start = end + 1  # the space after the comma is where a line may break
        if line.plain and line.cell_len + 1 + item.cell_len > width:
            lines.append(line)
            line = Text()
        if line.plain:
            line.append(" ")
        line.append_text(item)
    lines.append(line)
    return [piece for line in lines for piece in _wrapped(line, width)]


def _wrapped(text: Text, width: int, indent: str = "") -> list[Text]:
    """A line wrapped to ``width`` (never cut), its later lines indented."""
    if text.cell_len <= width:
        return [text]
    lines = list(text.wrap(_MEASURE, max(width - len(indent), 10)))
    wrapped = lines[:1] + [Text(indent) + piece for piece in lines[1:]]
    for piece in wrapped:
        piece.rstrip()  # in place
    return wrapped
