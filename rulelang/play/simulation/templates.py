"""Naming kinds of decision and kinds of ending by the text the rules wrote for them.

A decision's prompt and a game's end reason are texts with values worked into
them (``"follow {led}"``, ``"{tile} breaks the {m} on {c}"``). Counted as they
are printed, every card or cell makes a kind of its own; counted by the text
written in the rules, they group the way the author thinks of them. The texts
are found in the checked syntax tree (every ``choose`` prompt and every
``win``/``lose``/``end`` reason), so this works for any ruleset.
"""
from __future__ import annotations

import re

import attrs

from rulelang.language import ast
from rulelang.language.errors import span_text
from rulelang.language.traversal import SKIP, Visitor

_NUMBER = re.compile(r"\d+")
_CACHE_LIMIT = 20_000  # texts remembered per classifier: enough for any game's variety


@attrs.frozen
class Template:
    label: str  # the text as written in the rules: "follow {led}"
    pattern: re.Pattern
    literal: int  # characters of plain text: the more, the more specific
    head: str = ""  # the plain text before its first value (all of it, with none)
    tail: str = ""  # and after its last


class Classifier:
    """Finds which of the rules' texts a printed text came from."""

    def __init__(self, templates: list[Template]):
        self.templates = sorted(templates, key=lambda t: -t.literal)
        self.cache: dict[str, str] = {}

    def kind(self, text: str) -> str:
        found = self.cache.get(text)
        if found is None:
            found = next((t.label for t in self.templates if t.pattern.fullmatch(text)), None)
            if found is None:
                # a text worked out whole in play (``lose join(wrong, "; ")``): its own kind,
                # with its numbers as '#', so counts and rounds do not split it further
                found = _NUMBER.sub("#", text)
            if len(self.cache) < _CACHE_LIMIT:
                self.cache[text] = found
        return found


def classifiers(program) -> tuple[Classifier, Classifier]:
    """One classifier for decision prompts, one for end reasons, from a checked program."""
    texts = _Texts(program.sources)
    texts.visit([*program.rules.values(), *program.blocks.values(), *program.triggers,
                 *program.fns.values()])
    return Classifier(list(texts.prompts.values())), Classifier(list(texts.reasons.values()))


class _Texts(Visitor):
    """The texts the rules wrote for decisions and for endings, by label, first written first."""

    def __init__(self, sources: dict) -> None:
        self.sources = sources
        self.prompts: dict[str, Template] = {}
        self.reasons: dict[str, Template] = {}

    def visit_Choose(self, node: ast.Choose) -> None:
        # without a prompt, a decision is asked by the name of what is chosen
        text = node.prompt if node.prompt is not None else ast.Lit(node.name)
        template = _template(text, self.sources)
        if template is not None:
            self.prompts.setdefault(template.label, template)

    def visit_Finish(self, node: ast.Finish) -> None:
        if node.reason is not None:
            template = _template(node.reason, self.sources)
            if template is not None:
                self.reasons.setdefault(template.label, template)

    def visit_Expr(self, node: ast.Expr) -> object:
        return SKIP  # no statement is inside an expression


def _template(expr, sources) -> Template | None:
    if isinstance(expr, ast.Lit) and isinstance(expr.value, str):
        return Template(expr.value, re.compile(re.escape(expr.value), re.DOTALL),
                        len(expr.value), expr.value, expr.value)
    if not isinstance(expr, ast.Text) or not any(isinstance(p, str) for p in expr.parts):
        return None  # worked out whole in play ("{join(...)}"): each text counts as its own kind
    label, pattern, literal = [], [], 0
    for part in expr.parts:
        if isinstance(part, str):
            label.append(part)
            pattern.append(re.escape(part))
            literal += len(part)
        else:
            label.append("{" + _source(part, sources) + "}")
            pattern.append("(?:.*?)")
    parts = expr.parts
    return Template("".join(label), re.compile("".join(pattern), re.DOTALL), literal,
                    parts[0] if parts and isinstance(parts[0], str) else "",
                    parts[-1] if parts and isinstance(parts[-1], str) else "")


def _source(expr, sources) -> str:
    """An interpolated expression as its author wrote it (one line), else '...'."""
    span = expr.span
    if span is None or span.line != span.end_line:
        return "..."
    return span_text(sources, span) or "..."
