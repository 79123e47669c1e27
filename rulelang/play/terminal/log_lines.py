"""The log as the terminal's screen shows it: a seat's decisions in a row on one line, and
how many of the latest lines a screen keeps (what the others did since the seat's last move
first)."""
from __future__ import annotations

import attrs

from rulelang.play.terminal.screen import _log_entry


def screen_log(view, condensed: bool = False) -> list[str]:
    """The log as the screen shows it: a seat's decisions in a row on one line ("P2 > play a
    card: red 5 · colour for red 5: red"), so that more of what the others did
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
            if joins and out[-1].seat == seat and (condensed or (
                    out[-1].decided and out[-1].text.startswith(f"{seat} > "))):
                out[-1].text += f" · {rest}"
                out[-1].decided = True
                continue
            out.append(_LogEntry(line, seat, True))
            continue
        subject, decided, said_better = line.partition(" ")[0], said_better == line.partition(
            " ")[0], None
        if condensed and subject in seats:
            if joins and out[-1].seat == subject:
                out[-1].text += f" · {line.partition(' ')[2]}"
                out[-1].decided = out[-1].decided or decided
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
