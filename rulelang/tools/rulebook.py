"""The players' rulebook, assembled from a ruleset: its ``about`` and ``explain`` texts (in
chapters by what they explain), the rules' own tables, the cards each zone holds once a
game is set up (for each number of players), the options in force, and the scenarios as
worked examples. ``rulelang rules FILE`` prints it; the terminal pages it, the browser's
Rules panel shows it (``plain()``), and ``rulelang doc`` lays it beside the code.

Nothing here knows a game: every word comes from the .rules file (or its scenarios).
"""
from __future__ import annotations

import collections
import functools
import re
from pathlib import Path

import attrs

from rulelang.language.errors import RulesError
from rulelang.tools import rulebook_asked, rulebook_places

# Chapters, in a rulebook's order, and the declarations whose explanations they hold
# (by the first word of what an explanation sits in: see teaching.describe).
CHAPTERS = (
    ("components", "What is in the game", ("game", "players", "cooperative", "team", "dummy",
                                          "enum", "card", "table", "zone", "var", "const")),
    ("setup", "Setting up", ("setup", "require")),
    ("playing", "Playing", ("turn", "play", "rule", "trigger", "fn", "talk", "import")),
    ("end", "The end of the game", ("end", "on", "score", "tiebreak", "report")),
    ("options", "Options", ("option",)),
    ("campaign", "The campaign", ("campaign", "offer", "after")),
)
LEFT_OUT = ("heuristic",)  # for bots: not a rule of the game
MAX_TABLE_ROWS = 60  # a longer table is summed up, not printed
SETUPS = 8  # the setups whose cards are counted (seeds 0 to 7: a rulebook is always the same)


@attrs.frozen
class Paragraph:
    title: str | None
    cites: tuple
    texts: tuple  # paragraphs of words
    target: str | None  # what it explains: "rule deal", "statement"...
    owner: str | None  # the declaration it sits in
    file: str | None = None
    lines: tuple | None = None  # (first, last) line of the code it explains
    anchor: str = ""  # a name for links (rulelang doc)


@attrs.frozen
class TableText:
    title: str
    header: tuple
    rows: tuple  # (tuple of texts, ...)
    note: str = ""
    after: str = ""  # the anchor of the paragraph it goes with (the explain of its table)


@attrs.frozen
class Chapter:
    key: str
    title: str
    paragraphs: tuple
    tables: tuple = ()


@attrs.frozen
class OptionText:
    name: str
    label: str
    doc: str | None
    value: str
    default: str
    allowed: str | None
    texts: tuple  # its explanation's paragraphs


@attrs.frozen
class Example:
    name: str
    cites: tuple
    source: tuple  # the scenario's lines, as written
    file: str
    line: int
    anchor: str = ""


@attrs.frozen
class Rulebook:
    title: str
    players: str
    duration: str | None
    cooperative: bool
    overview: tuple
    chapters: tuple
    options: tuple
    examples: tuple
    talk: tuple

    def plain(self) -> dict:
        """As JSON takes it; each chapter says too in what order its paragraphs and tables
        are read (``placed``): ``{"paragraph": i}`` or ``{"table": i}``, each an index."""
        out = attrs.asdict(self)
        for chapter, plain in zip(self.chapters, out["chapters"]):
            at = {id(p): {"paragraph": i} for i, p in enumerate(chapter.paragraphs)}
            at.update({id(t): {"table": i} for i, t in enumerate(chapter.tables)})
            plain["placed"] = [at[id(part)] for part in placed(chapter)]
        return out


def chapter_of(owner: str | None) -> str | None:
    if owner is None:
        return None
    word = owner.split()[0]
    if word in LEFT_OUT:
        return None
    for key, _, words in CHAPTERS:
        if word in words or owner.startswith(words):
            return key
    return "playing"


def build(rules, options: dict | None = None, scenarios: str | Path | None = None,
          players: int | None = None) -> Rulebook:
    """The rulebook of ``rules`` with ``options`` in force; the worked examples are the
    scenarios in the file ``scenarios`` (when given and readable)."""
    program = rules.program
    teaching = rules.teaching
    by_chapter: dict = {key: [] for key, _, _ in CHAPTERS}
    explained_options: dict = {}
    # a rule or function goes where it is used (a rule only the setup calls: setting up)
    places = rulebook_places.chapters_of_use(program, chapter_of)
    for i, e in enumerate(teaching.explains):
        if e.kind != "explain":
            continue
        span = e.target_span
        paragraph = Paragraph(e.title, tuple(e.cites), tuple(e.paragraphs), e.target, e.owner,
                              span.file if span else None,
                              (span.line, span.end_line) if span else None, f"rule-{i + 1}")
        if e.owner and e.owner.startswith("option "):
            explained_options.setdefault(e.owner.split()[1], []).append(paragraph)
        chapter = chapter_of(e.owner)
        if chapter == "playing" and e.owner in places:
            chapter = places[e.owner]
        if chapter is not None and chapter != "options":
            by_chapter[chapter].append(paragraph)
    game = _a_game(rules, options, players)
    tables = {"components": tuple(_partners(rules, game, options)) + tuple(_tables(rules, game))
              + tuple(_counts(rules, options))}
    # rules that explain none of their play or of their end: what can be read from them
    values = options_of(game) if game is not None else {}  # a prompt's {option}: its value
    for key, derive in (("playing", functools.partial(rulebook_asked.asked, values=values)),
                        ("playing", rulebook_asked.chance),
                        ("end", functools.partial(rulebook_asked.endings, values=values))):
        derived = derive(program, TableText) if not by_chapter[key] else None
        if derived is not None:
            tables[key] = tables.get(key, ()) + (derived,)
    chapters = tuple(Chapter(key, title, tuple(by_chapter[key]), tables.get(key, ()))
                     for key, title, _ in CHAPTERS if key != "options"
                     and (by_chapter[key] or tables.get(key)))
    low, high = program.min_players, program.max_players
    return Rulebook(
        program.title, f"{low} players" if low == high else f"{low} to {high} players",
        teaching.duration, program.cooperative, tuple(teaching.about), chapters,
        tuple(_options(rules, game, explained_options)), tuple(_examples(scenarios)),
        tuple(program.talk))


def options_of(game) -> dict:
    """A game's options as ``--option`` would give them (lists as 2+3): to build its rulebook."""
    return {name: option_text(value) for name, value in game.options.items()}


def option_text(value) -> str:
    """One option's value as ``--option NAME=VALUE`` takes it: a list's items joined with +
    (``levels=2+3``, not ``[2, 3]``), true or false: what info, the lobby and simulate print."""
    from interpreter.runtime.protocol import text_of
    if isinstance(value, (list, tuple)):
        return "+".join(option_text(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return text_of(value)


def _a_game(rules, options, players):
    try:
        return rules.new_game(players=players or rules.program.min_players, seed=0,
                              options=options or {})
    except RulesError:
        return None


def _label(name: str) -> str:
    """A name as players read it: ``face_down`` -> "face down", ``PlayingCard`` ->
    "Playing card" (a kind's name is written in capitals joined)."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name.replace("_", " "))
    return spaced[:1] + spaced[1:].lower() if spaced != name.replace("_", " ") else spaced


def _cards_of(kind: str) -> str:
    """A kind's row in the table of cards: "Tile cards" for a kind named Tile, "Playing cards"
    (not "Playing card cards") for PlayingCard, "Cards" for a kind named Card."""
    label = _label(kind)
    return label + "s" if label.lower().endswith("card") else label + " cards"


def _options(rules, game, explained):
    for name, spec in rules.options.items():
        paragraphs = explained.get(name, [])
        label = next((p.title for p in paragraphs if p.title), None) or _label(name)
        value = default = allowed = "?"
        if game is not None:
            value = shown(game.options[name])
            try:
                default = shown(spec.default(game))
                allowed = (shown(list(spec.allowed(game))) if spec.allowed is not None
                           else None)
            except Exception:
                allowed = None
        yield OptionText(name, label, spec.decl.doc, value, default, allowed,
                         tuple(t for p in paragraphs for t in p.texts))


def shown(value) -> str:
    """A value as players read it: words, lists joined with "and", no brackets."""
    from interpreter.runtime.protocol import text_of
    if isinstance(value, (list, tuple, range)):
        items = [shown(v) for v in value]
        if not items:
            return "none"
        if isinstance(value, range) or (len(items) > 3 and all(i.isdigit() for i in items)
                                        and [int(i) for i in items] == list(range(
                                            int(items[0]), int(items[0]) + len(items)))):
            return f"{items[0]} to {items[-1]}"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return _label(text_of(value))


def _tables(rules, game):
    """The rules' own tables that the rules explain, as written (their values worked out)."""
    if game is None:
        return
    for name, table in rules.code.tops.tables.items():
        order, rows_of = table.order, table.rows
        explained = rules.teaching.of(f"table {name}")
        if not explained:
            continue  # data the rulebook does not speak of (a board's starting layout...)
        title = next((e.title for e in explained if e.title), None) or _label(name)
        after = f"rule-{rules.teaching.explains.index(explained[0]) + 1}"  # (as build's)
        try:
            rows = rows_of(game)
        except Exception:
            continue
        note = ""
        if len(rows) > MAX_TABLE_ROWS:
            note = f"{len(rows) - MAX_TABLE_ROWS} more rows in the rules"
            rows = rows[:MAX_TABLE_ROWS]
        yield TableText(title, tuple(_label(c) for c in order),
                        tuple(tuple(_cell(v) for v in row) for row in rows), note, after)


def _partners(rules, game, options=None):
    """Who partners whom (``team p = ...``): each side's value and its seats in a game as it
    is set up, when the games set up from the other seeds of ``SETUPS`` agree (else partners
    are settled by chance or in play, and the rules' words stand alone)."""
    decl = rules.scoring.team
    if decl is None:
        return
    written = next((rulebook_asked.written(rules.program, d.expr.span)
                    for d in rules.program.scores if d.which == "team"), "...")
    param = next((d.param for d in rules.program.scores if d.which == "team"), "p")
    rows = _sides(decl, game)
    for seed in range(1, SETUPS) if rows and game is not None else ():  # as _counts: chance
        try:  # deciding partners would show one setup's draw as the rule
            other = rules.new_game(players=len(game.players), seed=seed, options=options or {})
        except RulesError:
            other = None
        if other is None or _sides(decl, other) != rows:
            rows = {}
            break
    note = f"team {param} = {written}: partners share a side"
    if rows and game is not None:
        note += f" (as set up for {len(game.players)} players)"
    yield TableText("Partners", ("side", "its seats"),
                    tuple((side, " and ".join(seats)) for side, seats in rows.items()), note)


def _sides(decl, game) -> dict[str, list[str]]:
    """Each side's value as shown, and its seats' names (none when it cannot be told)."""
    rows: dict[str, list[str]] = {}
    if game is None:
        return rows
    try:
        for seat in game.players:
            rows.setdefault(_cell(decl.expr(game, seat)), []).append(game.seat_name(seat))
    except Exception:  # a team the set-up game cannot tell yet (read from play)
        return {}
    return rows


def _cell(value) -> str:
    from interpreter.runtime.protocol import text_of
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return shown(value)
    return _label(text_of(value)) if value is not None else "none"


def _counts(rules, options):
    """How many cards each zone holds once a game is set up, for each number of players."""
    counts: dict = {}  # zone title -> {players: text}
    order: list = []
    kinds: dict = {}  # card kind -> {players: count}
    playable = []
    for players in rules.player_counts:
        try:
            # several setups: what a shuffle or a random first player decides is not told
            # as if it were the rules' (a card dealt to whoever goes first is not P1's)
            games = [rules.setup_only(players, options or {}, seed=seed)
                     for seed in range(SETUPS)]
        except RulesError:
            continue
        game = games[0]
        playable.append(players)
        for card in game.cards:
            kinds.setdefault(card.kind, {})[players] = kinds.get(card.kind, {}).get(players, 0) + 1
        families: dict = {}
        for zone in game.layout.zone_list:
            families.setdefault(zone.family or zone.name, []).append(zone)
        for family, zones in families.items():
            each = [[len(g.zc[z.i]) for z in zones] for g in games]
            if not any(any(sizes) for sizes in each):
                continue
            info = zones[0].info
            title = info.label or _label(family)
            if title not in counts:
                counts[title] = {}
                order.append(title)
            counts[title][players] = _sizes_text(each, zones, game)
    if not playable:
        return
    header = ("",) + tuple(f"{n} players" for n in playable)
    if len(set(kinds)) and any(kinds.values()):
        yield TableText("The cards", header, tuple(
            (_cards_of(kind),) + tuple(str(per.get(n, 0)) for n in playable)
            for kind, per in kinds.items()))
    if order:  # (a game of no cards, or none placed in setup: no table of nothing)
        yield TableText("Where the cards are once the game is set up", header, tuple(
            (title,) + tuple(counts[title].get(n, "none") for n in playable) for title in order))


def _sizes_text(each, zones, game) -> str:
    """How many cards ``zones`` hold, ``each`` their sizes after each of several setups."""
    sizes = each[0]
    if any(other != sizes for other in each):
        return _sizes_by_chance(each, zones)
    if len(zones) == 1 and zones[0].family is None:
        return str(sizes[0])
    if len(set(sizes)) == 1:
        return f"{sizes[0]} in each of {len(sizes)}" if not _per_seat(zones) else f"{sizes[0]} each"
    if _per_seat(zones):
        return ", ".join(str(s) for s in sizes)
    return f"{sum(sizes)} in all"


_NUMBERS = dict(enumerate(("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                           "nine", "ten")))


def _sizes_by_chance(each, zones) -> str:
    """Sizes that differ from one setup to the next: who holds how many (not which seat),
    or, when even that changes, the fewest and the most."""
    per_seat = _per_seat(zones)
    held = {tuple(sorted(sizes, reverse=True)) for sizes in each}
    if per_seat and len(held) == 1:
        counted = collections.Counter(next(iter(held)))
        return ", ".join(f"{size} for {_NUMBERS.get(n, n)} player{'s' if n > 1 else ''}"
                         for size, n in counted.items() if size or len(counted) == 1)
    if len(zones) > 1 and not per_seat:
        low, high = min(sum(sizes) for sizes in each), max(sum(sizes) for sizes in each)
        return f"{low} to {high} in all"
    low, high = min(min(sizes) for sizes in each), max(max(sizes) for sizes in each)
    return f"{low} to {high}" + (" each" if per_seat else "")


def _per_seat(zones) -> bool:
    domains = zones[0].info.keys
    return len(domains) == 1 and domains[0].of_seats


def _examples(path):
    if path is None:
        return
    path = Path(path)
    if not path.is_file():
        return
    try:
        text = path.read_text(encoding="utf-8")
        yield from _examples_in(text, str(path))
    except (OSError, UnicodeDecodeError, RulesError):
        return


@functools.lru_cache(maxsize=32)
def _examples_in(text: str, file: str) -> tuple[Example, ...]:
    """The examples of a scenarios file's ``text``: parsed once per text (every table served
    of one rules file builds its rulebook, and parsing is most of that)."""
    from rulelang.tools.scenarios.syntax import parse_scenarios
    scenarios = parse_scenarios(text, file)
    lines = text.splitlines()
    out = []
    for i, s in enumerate(scenarios):
        body = lines[s.span.line:s.span.end_line - 1]  # inside the braces
        indent = min((len(line) - len(line.lstrip()) for line in body if line.strip()), default=0)
        body = [line[indent:].rstrip() for line in body
                if line.strip() and not line.strip().startswith("cites ")]
        out.append(Example(s.name, tuple(s.cites), tuple(body), file, s.span.line,
                           f"example-{i + 1}"))
    return tuple(out)


# ------------------------------------------------------------------ what has no text yet

def gaps(rules, scenarios: str | Path | None = None) -> list[str]:
    """What the rulebook of ``rules`` says nothing about: no overview, an option with
    neither a description nor an explanation, a rule or block that nothing explains, a rule
    ID a worked example (a scenario in the file ``scenarios``) cites that no explain does."""
    program = rules.program
    explains = [e for e in rules.teaching.explains if e.kind == "explain"]
    main = program.main_file
    out = [] if rules.teaching.about else ["the game has no about { ... } overview"]
    explained = {e.target for e in explains} | {e.owner for e in explains}
    for name, decl in ((n, o.decl) for n, o in program.options.items()):
        if not decl.doc and f"option {name}" not in explained:
            out.append(f"option {name} is neither described nor explained")
    wanted = [f"rule {name}" for name, d in program.rules.items() if d.span.file == main]
    wanted += [which for which, d in program.blocks.items() if d.span.file == main]
    wanted += [f"trigger {t.zone}" for t in program.triggers if t.span.file == main]
    wanted += ["end when"] * bool([d for d in program.ends if d.span.file == main])
    named = {"end": "on end", "after": "campaign after"}  # as the explains name their owner
    for target in wanted:
        shown = named.get(target, target)
        if shown not in explained:
            out.append(f"{shown} has no explain")
    stated = {rule for e in explains for rule in e.cites}
    for example in _examples(scenarios):
        unstated = [rule for rule in example.cites if rule not in stated]
        if unstated:
            out.append(f"the scenario \"{example.name}\" cites {', '.join(unstated)}, which no "
                       "explain cites")
    return out


# ------------------------------------------------------------------ as text

def placed(chapter: Chapter) -> list:
    """The chapter's paragraphs and tables in reading order: a table the rules explain just
    after its explanation, the others (the counts, what can be read from the rules) last."""
    anchors = {p.anchor for p in chapter.paragraphs}
    out: list = []
    for p in chapter.paragraphs:
        out.append(p)
        out += [t for t in chapter.tables if t.after and t.after == p.anchor]
    return out + [t for t in chapter.tables if t.after not in anchors]


def text(book: Rulebook, width: int = 80) -> list[str]:
    """The rulebook as lines of plain text, wrapped to ``width``."""
    import textwrap

    def wrap(words, indent=""):
        return textwrap.wrap(words, width, initial_indent=indent, subsequent_indent=indent,
                             break_on_hyphens=False) or [""]

    out = [book.title.upper()]
    facts = [book.players] + ([book.duration] if book.duration else []) + (
        ["cooperative: the players win or lose together"] if book.cooperative else [])
    out += wrap(" · ".join(facts))
    if book.overview:
        out += ["", "Overview"]
        for words in book.overview:
            out += wrap(words, "  ") + [""]
        out.pop()
    for chapter in book.chapters:
        out += ["", chapter.title]
        title = None  # the paragraph's just above
        for p in placed(chapter):
            if isinstance(p, TableText):
                lines = table_lines(p, width, "  ")
                if p.title == title:  # just under its own explanation: not named twice
                    lines = lines[1:]
                out += ([""] if out[-1] else []) + lines + [""]
                title = None
                continue
            title = p.title
            head = " ".join(x for x in (p.title, f"({', '.join(p.cites)})" if p.cites else "")
                            if x)
            for n, words in enumerate(p.texts):
                lead = f"{head}. " if head and n == 0 else ""
                out += wrap(lead + words, "  ")
        if out[-1] == "":
            out.pop()
    if book.talk:
        out += ["", "What the players may say to each other"]
        for words in book.talk:
            out += wrap(words, "  ")
    if book.options:
        out += ["", "Options (and the values in force)"]
        for o in book.options:
            out += wrap(f"{o.label}: {o.value}" + (f" (default {o.default})"
                                                   if o.default != o.value else ""), "  ")
            for words in ([o.doc] if o.doc else []) + list(o.texts):
                out += wrap(words, "    ")
            if o.allowed:
                out += wrap(f"may be: {o.allowed}", "    ")
    if book.examples:
        out += ["", "Worked examples (the scenarios: rulelang test runs them)"]
        for n, example in enumerate(book.examples, 1):
            cites = f" ({', '.join(example.cites)})" if example.cites else ""
            out += [""] + wrap(f"{n}. {example.name}{cites}", "  ")
            for line in example.source:
                out += _code_lines(line, width, "     ")
    return out


def _code_lines(line: str, width: int, indent: str) -> list[str]:
    """A line of a scenario: as written when it fits, else its comment on lines of its own
    and the code wrapped where it must be (never cut)."""
    import textwrap
    if len(indent) + len(line) <= width:
        return [indent + line]
    code, hash_, comment = _split_comment(line)
    depth = indent + " " * (len(code) - len(code.lstrip()))
    out = textwrap.wrap(code.strip(), width, initial_indent=depth,
                        subsequent_indent=depth + "    ", break_long_words=True,
                        break_on_hyphens=False)
    if hash_:
        out += textwrap.wrap(comment.strip(), width, initial_indent=depth + "# ",
                             subsequent_indent=depth + "# ", break_on_hyphens=False)
    return out


def _split_comment(line: str) -> tuple[str, str, str]:
    """Code and its trailing comment (a # outside strings)."""
    inside = False
    for i, ch in enumerate(line):
        if ch == '"':
            inside = not inside
        elif ch == "#" and not inside:
            return line[:i].rstrip(), "#", line[i + 1:]
    return line, "", ""


def table_lines(table: TableText, width: int, indent: str = "") -> list[str]:
    """A table as lines no wider than ``width``: its widest columns wrapped, never cut."""
    import textwrap
    widths = [len(h) for h in table.header]
    for row in table.rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row)]
    room = width - len(indent) - 2 * (len(widths) - 1)
    while sum(widths) > room and max(widths) > 8:
        widest = widths.index(max(widths))
        widths[widest] -= 1
    out = [indent + table.title]
    for row in (table.header,) + tuple(table.rows):
        cells = [textwrap.wrap(c, max(w, 1), break_long_words=True) or [""]  # an empty column
                 for c, w in zip(row, widths)]
        for i in range(max(len(c) for c in cells)):
            out.append((indent + "  ".join((c[i] if i < len(c) else "").ljust(w)
                                           for c, w in zip(cells, widths))).rstrip())
    if table.note:
        out.append(indent + table.note)
    return out
