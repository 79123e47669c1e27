"""Player-facing text in a .rules file: ``about``, ``duration`` and ``explain``.

An ``explain`` gives the rulebook's words for what follows it: the next declaration at the
top level, the next statement in a block, or, written first in a block, the whole block.
The builder takes every one out of the tree (nothing that checks or runs the rules meets
it) and keeps it in ``Module.teaching`` with the span of what it explains. From there:

- ``problems`` says what is wrong with them (for the checker);
- ``Teaching`` finds the explanations around a line of the rules (what a log line or a
  refused move comes from: "why?");
- the rulebook (rulelang.tools.rulebook) is assembled from them.
"""
from __future__ import annotations

import re
from typing import TypeVar, cast

import attrs

from rulelang.language import ast
from rulelang.language.errors import Diagnostic, Span

Item = TypeVar("Item", bound=ast.Node)  # a declaration or a statement

RULE_ID = re.compile(r"[A-Za-z][A-Za-z0-9]*-[0-9]+[a-z]?")  # as scenarios cite them

# What a declaration is, in the words a rulebook would use to place it.
_DECL_WORDS = {
    ast.GameDecl: "game", ast.PlayersDecl: "players", ast.DummyDecl: "dummy",
    ast.CoopDecl: "cooperative", ast.TalkDecl: "talk", ast.ImportDecl: "import",
    ast.OptionDecl: "option", ast.EnumDecl: "enum", ast.CardDecl: "card",
    ast.TableDecl: "table", ast.ZoneDecl: "zone", ast.VarDecl: "var", ast.ConstDecl: "const",
    ast.FnDecl: "fn", ast.RuleDecl: "rule", ast.TriggerDecl: "trigger", ast.EndDecl: "end when",
    ast.RequireDecl: "require", ast.OfferDecl: "offer", ast.CampaignDecl: "campaign",
}


def describe(node: ast.Node) -> str:
    """What an explanation is about: "rule deal", "option levels", "setup", "statement"."""
    if isinstance(node, ast.BlockDecl):
        return "on end" if node.which == "end" else node.which
    if isinstance(node, ast.ScoreDecl):
        return node.which if node.key is None else f"report {node.key}"
    word = _DECL_WORDS.get(type(node))
    if word is None:
        return "statement"
    name = getattr(node, "name", None) or getattr(node, "zone", None)
    return f"{word} {name}" if name and word not in ("game", "players") else word


def attach_explains(items: list[Item], block: Span | None, out: list[ast.Explain]) -> list[Item]:
    """``items`` without their Explain nodes, which go to ``out``, each pointed at what it
    explains: the next item, or, first in a block, the block (``block``, its span)."""
    kept: list[Item] = []
    waiting: list[ast.Explain] = []
    for item in items:
        if isinstance(item, ast.Explain):
            if item.kind == "explain" and block is not None and not kept and not waiting:
                item.target, item.target_span = "block", block
                out.append(item)
            elif item.kind == "explain":
                waiting.append(item)
            else:  # an about or duration: not something an explain can be about
                out.extend(waiting)  # left with no target: problems() says so
                waiting = []
                out.append(item)
            continue
        for explain in waiting:
            explain.target, explain.target_span = describe(item), item.span
            out.append(explain)
        waiting = []
        kept.append(item)
    out.extend(waiting)  # nothing after them: problems() says so
    return kept


def place_explains(module: ast.Module) -> None:
    """Give each explanation its owner: the top-level declaration it is in (or explains)."""
    for e in module.teaching:
        if e.kind != "explain" or e.target_span is None:
            continue
        if e.target not in ("statement", "block"):
            e.owner = e.target
            continue
        for decl in module.decls:
            if _holds(decl.span, e.span):
                e.owner = describe(decl)
                if isinstance(decl, ast.CampaignDecl):  # its after block, its vars
                    inner = next((i for i in decl.items if _holds(i.span, e.span)), None)
                    e.owner = "campaign" if inner is None else f"campaign {describe(inner)}"
                break


def problems(modules: list[ast.Module]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    durations: list[ast.Explain] = []
    titled: dict[tuple[bool, str], ast.Explain] = {}  # (of an option?, title) -> the first
    for module in modules:
        for e in module.teaching:
            if e.kind == "explain" and e.title and e.title.strip():
                # the rulebook's paragraphs and its options are read apart: the same title
                # may name an option and a paragraph (the option and what it brings)
                key = (bool(e.owner and e.owner.startswith("option ")), e.title.strip().casefold())
                first = titled.setdefault(key, e)
                if first is not e:
                    out.append(Diagnostic(
                        f"the title \"{e.title}\" is given twice (first at line "
                        f"{first.span.line}{_in_file(first, e)}): the rulebook, 'why' and the "
                        "Rules panel would show two rules by one name", e.span,
                        "give each its own title, or merge their texts into one explain"))
            texts = list(e.lines) + ([e.title] if e.title is not None else [])
            if any("{" in t or "}" in t for t in texts):
                out.append(Diagnostic(
                    "the text of a rulebook is plain text: it is read before the game starts, "
                    "when there are no values to show", e.span,
                    "write the words without { }"))
            if e.kind == "explain" and e.target_span is None:
                out.append(Diagnostic(
                    "this explain explains nothing: it must come before the declaration or "
                    "statement it is about", e.span,
                    "move it before what it explains, or make it part of the game's about"))
            if e.kind == "explain" and e.owner == "heuristic":
                out.append(Diagnostic(
                    "an explain of the heuristic is shown nowhere: the heuristic guides the "
                    "bots, it is not a rule players follow", e.span,
                    "write a # comment for readers of the rules instead"))
            if e.kind == "explain" and e.title is not None and not e.title.strip():
                out.append(Diagnostic("an explain's title is empty", e.span,
                                      "give it a title, or leave the title out"))
            for i, rule in enumerate(e.cites):
                if rule in e.cites[:i]:
                    out.append(Diagnostic(f"'{rule}' is cited twice", e.span,
                                          f"cite '{rule}' once"))
                if not RULE_ID.fullmatch(rule):
                    out.append(Diagnostic(
                        f"'{rule}' is not a rule ID", e.span,
                        "a rule ID is letters, a dash and a number, like YS-12"))
            if e.kind in ("about", "explain") and not e.paragraphs:
                out.append(Diagnostic(f"this {e.kind} has no text", e.span,
                                      'write its text as strings, one per line: { "..." }'))
            if e.kind == "duration":
                durations.append(e)
    for extra in durations[1:]:
        out.append(Diagnostic("the game's duration is given twice", extra.span,
                              "keep one duration"))
    return out


def _in_file(first: ast.Explain, later: ast.Explain) -> str:
    return "" if first.span.file == later.span.file else f" of {first.span.file}"


@attrs.frozen
class Explained:
    """A line of the rules and the explanations around it, the nearest first."""
    file: str
    line: int
    code: str  # that line of the rules, as written (stripped)
    explains: tuple[ast.Explain, ...]  # the innermost first

    @property
    def title(self) -> str | None:
        return next((e.title for e in self.explains if e.title), None)

    @property
    def cites(self) -> tuple[str, ...]:
        """Every rule ID the explanations cite, the nearest first."""
        seen: list[str] = []
        for e in self.explains:
            seen.extend(rule for rule in e.cites if rule not in seen)
        return tuple(seen)

    @property
    def text(self) -> str:
        """The nearest explanation's words (its first paragraphs)."""
        return " ".join(self.explains[0].paragraphs) if self.explains else ""

    def plain(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "code": self.code, "title": self.title,
                "cites": list(self.cites), "text": self.text}


class Teaching:
    """The explanations of a ruleset, and what explains a given line."""

    def __init__(self, explains: list[ast.Explain], sources: dict[str, str]) -> None:
        self.explains = list(explains)
        self.sources = sources
        self._lines: dict[str, list[str]] = {}

    @property
    def about(self) -> list[str]:
        return [p for e in self.explains if e.kind == "about" for p in e.paragraphs]

    @property
    def duration(self) -> str | None:
        return next((e.lines[0] for e in self.explains if e.kind == "duration"), None)

    def of(self, target: str) -> list[ast.Explain]:
        """The explanations of one declaration: of("rule deal"), of("option levels")."""
        return [e for e in self.explains if e.kind == "explain" and e.target == target]

    def source_line(self, file: str, line: int) -> str:
        lines = self._lines.get(file)
        if lines is None:
            lines = self._lines[file] = (self.sources.get(file) or "").splitlines()
        return lines[line - 1].strip() if 1 <= line <= len(lines) else ""

    def at(self, span: Span) -> Explained:
        """What explains the code at ``span``: every explanation whose target holds it."""
        around = [e for e in self.explains if e.kind == "explain" and e.target_span is not None
                  and _holds(e.target_span, span)]
        around.sort(key=_extent)
        return Explained(span.file, span.line, self.source_line(span.file, span.line),
                         tuple(around))


def _extent(e: ast.Explain) -> tuple[int, int]:
    """How much of the rules an explanation's target spans: its lines, then its columns."""
    target = cast(Span, e.target_span)  # Teaching.at sorts only explanations with a target
    return (target.end_line - target.line, target.end_col - target.col)


def _holds(outer: Span, inner: Span) -> bool:
    return outer.file == inner.file and (outer.line, outer.col) <= (inner.line, inner.col) \
        and (inner.line, inner.col) <= (outer.end_line, outer.end_col)
