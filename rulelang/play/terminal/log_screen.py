"""The log as a decision's screen shows it, and that screen fitted around it: a seat's
decisions in a row on one line, more of the log condensed when what the others did since
this seat last moved does not fit (see ``decision_screen``), and the status lines under it."""
from __future__ import annotations

import attrs
from rich.text import Text

from rulelang.play.terminal.screen import _log_entry, _wrapped, compose, grid_drawings


def wrap_status(text: Text, width: int, most: int = 3) -> list[Text]:
    """A status line wrapped to ``width``: at most ``most`` lines (a longer one says 'why')."""
    lines = _wrapped(text, width, indent="  ")
    return lines if len(lines) <= most else lines[:most - 1] + [
        Text("  … (more with 'why')", style="dim")]


def decision_screen(view, parts, moves: list[str], width: int, height: int, **how):
    """The screen for a decision, its log as written when what the others did since this
    seat's last move fits so, else each seat's turn on one line if more of it fits so, else
    also the other lines in a row (what the rules said between the moves) sharing lines if
    all of it fits so in the room the rest of the screen leaves (those entries are longer:
    the rest would give way to more of the log than it does for the others)."""
    screens = []
    drawn = grid_drawings(parts, how.get("marks"))  # the grids, drawn once for every try
    for level, (condensed, joined) in enumerate(((False, None), (True, None), (True, width))):
        entries = _log_entries(view, condensed, joined)  # (once: the whole log is gone through)
        since = _since_last_move(view, entries)
        screen = compose(parts, [entry.text for entry in entries], moves, width, height,
                         min_log=_recent(since, height) if joined is None else 0, drawn=drawn,
                         **how)
        if screen.log_shown >= since:
            return screen
        if joined is None:
            screens.append((min(screen.log_shown, since) / since, -level, screen))
    return max(screens, key=lambda shown: shown[:2])[2]


def screen_log(view, condensed: bool = False) -> list[str]:
    """The log as the screen shows it: a seat's decisions in a row on one line ("P2 > play a
    card: red 5 · colour for red 5: red"; the same question again said once: "play a
    card: red 5, blue 2"), so that more of what the others did
    since this seat last moved fits ('log' shows every line as written). ``condensed``, for
    a screen short of lines: each seat's turn on one line, what it decided and what
    happened to it ("P4 looks at G8: a card · move the card from: F9 · ..."), without the
    line that says whose turn starts."""
    return [entry.text for entry in _log_entries(view, condensed)]


@attrs.define
class _LogEntry:
    text: str
    seat: str | None = None   # the seat the line is about (it starts with its name)
    decided: bool = False     # it holds a decision of that seat ("P2 > ...")
    prompt: str | None = None  # the prompt of the decision it ends with, when it does


JOINED_LINES = 2  # the most screen lines that lines joined (``joined``) may take together


def _log_entries(view, condensed: bool, joined: int | None = None) -> list[_LogEntry]:
    """The screen log's entries; ``joined`` (a screen's width): lines in a row that hold no
    decision share an entry too, as long as it takes at most JOINED_LINES lines so wide."""
    entries = _entries(view, condensed)
    if joined is None:
        return entries
    out: list[_LogEntry] = []
    for entry in entries:
        if out and not entry.decided and not out[-1].decided:
            text = f"{out[-1].text} · {entry.text}"
            if len(_log_entry(text, joined)) <= JOINED_LINES:
                out[-1] = _LogEntry(text)
                continue
        out.append(entry)
    return out


def _entries(view, condensed: bool) -> list[_LogEntry]:
    seats = set(view["seats"].values())
    log = view["log"]
    out: list[_LogEntry] = []
    said_better = None  # a seat whose decision the next line says ("P1 looks at F5: a red 5")
    turn_starts = False  # a turn's first line: never joined to the line before it
    for at, line in enumerate(log):
        after = log[at + 1] if at + 1 < len(log) else ""
        seat, said, rest = line.partition(" > ")
        joins = out and not turn_starts
        turn_starts = False
        if said and seat in seats:
            move = rest.rpartition(": ")[2]
            if move and after.startswith(f"{seat} ") and not after.startswith(
                    f"{seat} > ") and f"{move}: " in after:
                said_better, turn_starts = seat, not joins and bool(out)
                continue  # the rules' next line says the move better ("P4 looks at B3: red 5");
                # not one that only names it ("P2 takes trick 1 with KS": what followed)
            prompt = rest.rpartition(": ")[0] or None
            if joins and out[-1].seat == seat and (condensed or (
                    out[-1].decided and out[-1].text.startswith(f"{seat} > "))):
                # the same question again (a turn of many actions) is not said again:
                # "play a card: red 5, blue 2"
                out[-1].text += f", {move}" if prompt and out[-1].prompt == prompt \
                    else f" · {rest}"
                out[-1].decided, out[-1].prompt = True, prompt
                continue
            out.append(_LogEntry(line, seat, True, prompt))
            continue
        subject, decided, said_better = line.partition(" ")[0], said_better == line.partition(
            " ")[0], None
        if condensed and subject in seats:
            if joins and out[-1].seat == subject:
                out[-1].text += f" · {line.partition(' ')[2]}"
                out[-1].decided, out[-1].prompt = out[-1].decided or decided, None
                continue
            out.append(_LogEntry(line, subject, decided))
            continue
        if decided:  # the line that says a decision of its seat is that seat's move
            out.append(_LogEntry(line, subject, True))
            continue
        whose = after.partition(" ")[0]
        if condensed and line.startswith("-- ") and line.endswith(f": {whose} --") and \
                whose in seats:
            turn_starts = True
            continue  # "-- turn 3: P4 --": the next line names P4
        if condensed and at == len(log) - 1 and line.startswith("-- turn ") and \
                line.endswith(" --") and view.get("turn"):
            continue  # the turn just begun, nothing in it yet: the header says its number
        out.append(_LogEntry(line))
    return out


def since_last_move(view, condensed: bool = False) -> int:
    """How many of the screen log's lines were written since the seat last decided (or,
    before its first decision, since anyone's first: what setup wrote is not a move)."""
    return _since_last_move(view, _log_entries(view, condensed))


def _since_last_move(view, log: list[_LogEntry]) -> int:
    seat = view.get("seat")
    name = view["seats"].get(seat) if isinstance(seat, int) else None
    last = next((i for i, entry in enumerate(reversed(log))  # the lines after its last move
                 if name and entry.seat == name and entry.decided), None)
    if last is not None:
        return last
    first = next((i for i, entry in enumerate(log) if entry.decided), len(log))
    return len(log) - first


def recent_lines(view, height: int, condensed: bool = False) -> int:
    """How many of the latest lines of the screen's log to keep whatever else it shows: those
    written since the seat last decided (the others' moves), at most a fifth of it."""
    return _recent(since_last_move(view, condensed), height)


def _recent(since: int, height: int) -> int:
    return min(since, max(3, (height - 2) // 5))
