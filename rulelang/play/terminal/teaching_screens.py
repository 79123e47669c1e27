"""What the terminal shows to teach a game: a one-screen "how to play" before the first
move, the whole rulebook (``rules``), and the rule behind an event or a refusal (``why``).
Every word comes from the rules (``about``, ``explain``: see rulelang.tools.rulebook)."""
from __future__ import annotations

import textwrap
from pathlib import Path

from rich.text import Text

from rulelang.tools import rulebook

HOW_TO_MOVE = ("At any prompt: 'rules' shows the whole rulebook, 'why' the rule behind the "
               "latest events (or behind a refused move), 'help' the rest.")


def wrapped(words: str, width: int, indent: str = "", style: str = "") -> list[Text]:
    return [Text(line, style=style) for line in textwrap.wrap(
        words, max(width, 20), initial_indent=indent, subsequent_indent=indent,
        break_on_hyphens=False)] or [Text("")]


def book_of(game) -> rulebook.Rulebook:
    from rulelang.tools.scenarios import scenario_path  # only here: it brings in Lark

    rules = game.rules
    main = rules.program.main_file
    path = scenario_path(main) if main and Path(main).exists() else None
    return rulebook.build(rules, rulebook.options_of(game), path, game.nplayers)


def intro_lines(game, width: int, height: int) -> list[Text]:
    """Title, what the game is, and how to ask for more: at most ``height`` lines."""
    book = rulebook.Rulebook(game.rules.program.title, "", game.rules.teaching.duration,
                             game.rules.program.cooperative, tuple(game.rules.teaching.about),
                             (), (), (), ())
    facts = [f"{game.nplayers} players"] + ([book.duration] if book.duration else []) + (
        ["cooperative: you win or lose together"] if book.cooperative else [])
    head = wrapped(f"{book.title} · " + " · ".join(facts), width, style="bold") + [Text("")]
    tail = [Text("")] + wrapped(HOW_TO_MOVE, width, style="italic")
    body: list[Text] = [Text("How to play", style="bold")]
    if not book.overview:
        body += wrapped("The rules say nothing about themselves: type 'rules' for what can "
                        "be said of them.", width, "  ")
    room = height - len(head) - len(tail) - 1  # the prompt's line
    for n, words in enumerate(book.overview):
        paragraph = wrapped(words, width, "  ")
        gap = [Text("")] if n else []
        if len(body) + len(gap) + len(paragraph) > room:
            body.append(Text("  … ('rules' has the rest)", style="dim"))
            break
        body += gap + paragraph
    return head + body[:max(room, 1)] + tail


def rulebook_lines(game, width: int) -> list[Text]:
    lines = rulebook.text(book_of(game), max(width - 1, 40))
    return [Text(line, style="bold" if line and not line.startswith(" ") else "")
            for line in lines]


def explained_lines(why, width: int, full: bool) -> list[Text]:
    """One place in the rules: its explanation's title and rule IDs, the line of the
    rules, and (``full``) the explanation's words."""
    if why is None:
        return [Text("    (no rule says more about this)", style="dim")]
    name = Path(why.file).name
    title = why.title or "no explanation in the rules"
    cites = f" ({', '.join(why.cites)})" if why.cites else ""
    out = wrapped(f"{title}{cites} · {name} line {why.line}: {why.code}", width, "    ",
                  "cyan")
    if full and why.text:
        out += wrapped(why.text, width, "      ")
    return out


def why_lines(game, seat, width: int, refused=None, events: int = 8) -> list[Text]:
    """The rule behind a refused move (``refused``, a Refusal), then behind the latest
    events the seat can read (the newest last, explained in full)."""
    rules = game.rules
    out: list[Text] = []
    if refused is not None:
        out += [Text(f"Why was '{refused.move}' refused?", style="bold")]
        out += wrapped(refused.text(), width, "  ")
        out += explained_lines(rules.why(refused.at), width, True) + [Text("")]
    view = game.view(seat)
    lines = list(zip(view["log"], view["log_at"]))[-events:]
    out.append(Text("The latest events, and the rules behind them (the newest last):",
                    style="bold"))
    for n, (line, at) in enumerate(lines):
        out += wrapped(line, width, "  ")
        out += explained_lines(rules.why(at), width, n == len(lines) - 1)
    return out
