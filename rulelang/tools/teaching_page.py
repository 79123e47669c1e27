"""One HTML page for teaching (``rulelang doc FILE``): the players' rulebook, and beside each
explained rule the ``.rules`` code that makes it happen and the scenarios that test it.

Links go both ways: a rule lists the scenarios citing its rule IDs, a scenario lists the
rules it tests; a rule ID anywhere leads to the rules citing it. Everything comes from the
rulebook (rulelang.tools.rulebook) and the rules' own sources: nothing here knows a game.
The page is one file with its style inside, no script, and the same bytes for the same rules.
"""
from __future__ import annotations

import html
from pathlib import Path

import attrs

from rulelang.tools.rulebook import Example, Paragraph, Rulebook, TableText, placed

MAX_CODE_LINES = 60  # a longer stretch of code is folded (details) rather than shown open


@attrs.frozen
class Links:
    """Who cites what: rule IDs to the rulebook's paragraphs and to the examples."""
    paragraphs: dict  # rule ID -> [Paragraph]
    examples: dict  # rule ID -> [Example]
    targets: dict  # anchor -> the rule IDs whose link leads there (the first place citing them)
    starts: dict  # (file, line) -> [Paragraph] whose code starts there

    @classmethod
    def of(cls, book: Rulebook) -> Links:
        paragraphs: dict = {}
        for chapter in book.chapters:
            for p in chapter.paragraphs:
                for rule in p.cites:
                    paragraphs.setdefault(rule, []).append(p)
        examples: dict = {}
        for example in book.examples:
            for rule in example.cites:
                examples.setdefault(rule, []).append(example)
        starts: dict = {}  # (file, line) -> the rules whose code starts on that line
        for chapter in book.chapters:
            for p in chapter.paragraphs:
                if p.file is not None and p.lines is not None:
                    starts.setdefault((p.file, p.lines[0]), []).append(p)
        first = {rule: found[0].anchor for rule, found in examples.items()}
        first.update({rule: found[0].anchor for rule, found in paragraphs.items()})
        targets: dict = {}
        for rule, anchor in sorted(first.items()):
            targets.setdefault(anchor, []).append(rule)
        return cls(paragraphs, examples, targets, starts)

    def marks(self, anchor: str) -> str:
        """The targets of the rule-ID links that lead to ``anchor``."""
        return "".join(f'<span id="id-{html.escape(rule)}"></span>'
                       for rule in self.targets.get(anchor, []))

    def examples_of(self, paragraph: Paragraph) -> list[Example]:
        out: list = []
        for rule in paragraph.cites:
            out.extend(e for e in self.examples.get(rule, []) if e not in out)
        return out

    def paragraphs_of(self, example: Example) -> list[Paragraph]:
        out: list = []
        for rule in example.cites:
            out.extend(p for p in self.paragraphs.get(rule, []) if p not in out)
        return out


def page(book: Rulebook, sources: dict[str, str], root: str | None = None) -> str:
    """The page: ``sources`` maps each rules file to its text (for the code beside each
    rule); ``root`` is the folder file names are shown relative to."""
    links = Links.of(book)
    e = html.escape
    out = ["<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{e(book.title)}: the rules and the code</title>",
           f"<style>{STYLE}</style>", "</head>", "<body>",
           f"<h1>{e(book.title)}</h1>", f'<p class="facts">{e(_facts(book))}</p>']
    out += _contents(book)
    if book.overview:
        out.append('<section id="overview"><h2>Overview</h2>')
        out += [f"<p>{e(words)}</p>" for words in book.overview]
        out.append("</section>")
    for chapter in book.chapters:
        out.append(f'<section id="{e(chapter.key)}"><h2>{e(chapter.title)}</h2>')
        for item in placed(chapter):
            if isinstance(item, TableText):
                out += _table(item)
            else:
                out += _rule(item, links, sources, root)
        out.append("</section>")
    if book.talk:
        out.append('<section id="talk"><h2>What the players may say to each other</h2>')
        out += [f"<p>{e(words)}</p>" for words in book.talk]
        out.append("</section>")
    if book.options:
        out.append('<section id="options"><h2>Options</h2><dl>')
        for o in book.options:
            out.append(f'<dt id="option-{e(o.name)}">{e(o.label)} <code>{e(o.name)}</code>: '
                       f"{e(o.value)}</dt>")
            texts = ([o.doc] if o.doc else []) + list(o.texts)
            texts += [f"may be: {o.allowed}"] if o.allowed else []
            out += [f"<dd>{e(t)}</dd>" for t in texts]
        out.append("</dl></section>")
    if book.examples:
        out.append('<section id="examples"><h2>Worked examples: the scenarios</h2>'
                   "<p>Each is a position, moves, and what must follow; "
                   "<code>rulelang test</code> runs them all.</p>")
        for example in book.examples:
            out += _example(example, links, root)
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _facts(book: Rulebook) -> str:
    facts = [book.players] + ([book.duration] if book.duration else [])
    if book.cooperative:
        facts.append("cooperative: the players win or lose together")
    return " · ".join(facts)


def _contents(book: Rulebook) -> list[str]:
    e = html.escape
    items = ['<li><a href="#overview">Overview</a></li>'] if book.overview else []
    items += [f'<li><a href="#{e(c.key)}">{e(c.title)}</a></li>' for c in book.chapters]
    items += ['<li><a href="#options">Options</a></li>'] if book.options else []
    items += ['<li><a href="#examples">Worked examples</a></li>'] if book.examples else []
    return ['<nav><ol class="contents">', *items, "</ol></nav>"]


def _rule(p: Paragraph, links: Links, sources: dict, root: str | None) -> list[str]:
    """A rule of the rulebook (its words) beside its code and the scenarios testing it."""
    e = html.escape
    title = p.title or (p.target or "").capitalize()
    out = [f'<article class="rule" id="{e(p.anchor)}">', '<div class="words">',
           f"<h3>{links.marks(p.anchor)}{e(title)}</h3>"]
    if p.cites:
        out.append(f'<p class="cites">{_cite_links(p.cites)}</p>')
    out += [f"<p>{e(words)}</p>" for words in p.texts]
    examples = links.examples_of(p)
    if examples:
        out.append('<p class="tested">Tested by: ' + ", ".join(
            f'<a href="#{e(x.anchor)}">{e(x.name)}</a>' for x in examples) + "</p>")
    else:
        out.append('<p class="tested none">No scenario cites this rule.</p>')
    out.append("</div>")
    out += _code(p, links, sources, root)
    out.append("</article>")
    return out


def _code(p: Paragraph, links: Links, sources: dict, root: str | None) -> list[str]:
    """The lines of the rules a paragraph explains, numbered; where the code of another
    explained rule starts inside them, a link to that rule."""
    e = html.escape
    if p.file is None or p.lines is None or p.file not in sources:
        return ['<div class="code"><p class="none">No code of its own.</p></div>']
    first, last = p.lines
    lines = sources[p.file].splitlines()[first - 1:last]

    def line_html(n: int, line: str) -> str:
        inner = [q for q in links.starts.get((p.file, n), []) if q is not p and n > first]
        marks = "".join(f'  <a class="inner" href="#{e(q.anchor)}">'
                        f'↳ {e(q.title or q.target or "")}</a>' for q in inner)
        return f'<span class="n">{n:>4}</span>  {e(line)}{marks}'
    numbered = "\n".join(line_html(n, line) for n, line in enumerate(lines, first))
    where = f"{_shown_path(p.file, root)}, lines {first}-{last}" if last > first else \
        f"{_shown_path(p.file, root)}, line {first}"
    block = f'<pre id="code-{e(p.anchor)}"><code>{numbered}</code></pre>'
    if len(lines) > MAX_CODE_LINES:
        block = f"<details><summary>{len(lines)} lines of code</summary>{block}</details>"
    return ['<div class="code">', f'<p class="where">{e(where)} '
            f'(<a href="#{e(p.anchor)}">the rule</a>)</p>', block, "</div>"]


def _example(x: Example, links: Links, root: str | None) -> list[str]:
    e = html.escape
    out = [f'<article class="example" id="{e(x.anchor)}">',
           f"<h3>{links.marks(x.anchor)}{e(x.name)}</h3>"]
    if x.cites:
        out.append(f'<p class="cites">{_cite_links(x.cites)}</p>')
    tested = links.paragraphs_of(x)
    if tested:
        out.append('<p class="tests">Tests: ' + ", ".join(
            f'<a href="#{e(p.anchor)}">{e(p.title or p.target or p.anchor)}</a>'
            for p in tested) + "</p>")
    out.append(f'<p class="where">{e(_shown_path(x.file, root))}, line {x.line}</p>')
    out.append("<pre><code>" + "\n".join(e(line) for line in x.source) + "</code></pre>")
    out.append("</article>")
    return out


def _cite_links(cites) -> str:
    """Rule IDs, each leading to where the rulebook cites it first."""
    return ", ".join(f'<a class="id" href="#id-{html.escape(rule)}">{html.escape(rule)}</a>'
                     for rule in cites)


def _table(table: TableText) -> list[str]:
    e = html.escape
    out = [f"<table><caption>{e(table.title)}</caption>",
           "<tr>" + "".join(f"<th>{e(h)}</th>" for h in table.header) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in table.rows]
    out.append("</table>")
    if table.note:
        out.append(f'<p class="note">{e(table.note)}</p>')
    return out


def _shown_path(file: str, root: str | None) -> str:
    if root is None:
        return Path(file).name
    try:
        return str(Path(file).resolve().relative_to(Path(root).resolve()))
    except ValueError:
        return Path(file).name


STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 78rem; padding: 1rem 2rem;
       color: #222; }
h1 { margin-bottom: 0; } .facts { color: #666; margin-top: 0.2rem; }
nav ol { columns: 2; } section { margin-top: 2rem; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2rem; }
.rule { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr); gap: 1.2rem;
        border-top: 1px solid #eee; padding: 0.8rem 0; }
.rule h3, .example h3 { margin: 0 0 0.3rem; font-size: 1.05rem; }
.cites { font-size: 0.85rem; margin: 0; } .cites a { color: #6a4b9a; }
.tested, .tests { font-size: 0.9rem; } .none { color: #999; }
.where { font-size: 0.8rem; color: #666; margin: 0 0 0.2rem; }
pre { background: #f6f6f3; border: 1px solid #e4e4dc; border-radius: 6px; padding: 0.5rem;
      overflow-x: auto; font-size: 0.82rem; margin: 0; }
.n { color: #aaa; user-select: none; }
.inner { font-family: system-ui, sans-serif; font-size: 0.75rem; color: #6a4b9a; }
.example { border-top: 1px solid #eee; padding: 0.8rem 0; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; }
td, th { border: 1px solid #ddd; padding: 0.15rem 0.5rem; text-align: left; }
article:target { background: #fff8dc; }
@media (max-width: 50rem) { .rule { grid-template-columns: 1fr; } }
"""
