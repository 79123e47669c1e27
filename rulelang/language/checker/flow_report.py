"""The information-flow check's warnings, in words: about implicit flows (a sink whose own
value is clean but which is reached, or not, as a condition on a secret decides: such a
warning points at the condition, what reads the secret and what to disclose, naming the sinks
it decides) and about a local kept while a seat decides. See flow.py for the whole idea."""
from __future__ import annotations

from typing import NamedTuple, cast

from rulelang.language import ast
from rulelang.language.checker.flow_values import EACH_OWNER, HIDDEN_LEVEL, Secret
from rulelang.language.errors import Diagnostic, Span

# how a warning names what decides: a State.conds entry's kind
KIND_WORDS = {"if": "if", "while": "while loop", "for": "for loop's list",
              "repeat": "repeat count"}


def secret_words(data: Secret) -> str:
    """How a warning names a secret: whose, and of what (a seat as the rules name it)."""
    if data.level == HIDDEN_LEVEL:
        if data.var:
            return f"the hidden variable '{data.var}'"
        return "the private choices of several seats" if data.chosen else "a hidden card's face"
    if data.owner == EACH_OWNER:
        return "the private choices of the seats choosing at once"
    if data.var:
        return f"the variable '{data.var}', which only {data.owner} may see"
    return f"a private choice of {data.owner}'s" if data.chosen else \
        f"a card only {data.owner} may see"


class Reached(NamedTuple):
    """A sink reached as a condition decides: where, what happens there, why it is seen."""
    span: Span
    event: str  # what every seat sees happen, e.g. "a log line is written"
    why: str


class Implicit:
    """The implicit flows found, by the condition that decides them."""

    def __init__(self) -> None:
        self.found: dict[tuple[Span, str, Secret], dict[Span, Reached]] = {}

    def add(self, cond: ast.Expr, kind: str, data: Secret, reached: Reached) -> None:
        self.found.setdefault((cond.span, kind, data), {}).setdefault(reached.span, reached)

    def warnings(self) -> list[Diagnostic]:
        out = []
        for (span, kind, data), sinks in self.found.items():
            ordered = sorted(sinks.values(), key=lambda r: (r.span.line, r.span.col))
            first, more = ordered[0], ordered[1:]
            words = KIND_WORDS.get(kind, kind)
            message = (f"{first.event} (at {_at(first.span)}) only as this {words} decides, "
                       f"which reads {secret_words(data)}")
            if more:
                places = ", ".join(_at(r.span) for r in more[:6]) + (", ..." if len(more) > 6
                                                                     else "")
                message += f" (and {len(more)} more place{'s' if len(more) > 1 else ''} " \
                           f"it decides: {places})"
            out.append(Diagnostic(
                message, span,
                f"{first.why}, so it tells what this {words} decided; if everybody is meant "
                "to learn that, write disclose(...) around the condition",
                severity="warning"))
        return out


def called_under_secret(what: str, why: str, span: Span, rule: str, calls: set[Span],
                        who: str) -> Diagnostic:
    """A sink that tells nothing itself, in a rule called only as a secret condition decides:
    what tells the secret is whether the rule runs, so the warning names its calls."""
    at = ", ".join(_at(c) for c in sorted(calls, key=lambda c: (c.line, c.col))[:6])
    return Diagnostic(
        f"{what} whether rule '{rule}' runs at all: it is called (at {at}) as a condition "
        f"decides that reads {who}, as the caller names it", span,
        f"{why}; if everybody is meant to learn what that condition decided, write "
        "disclose(...) around it at the call", severity="warning")


def grouped_by_rule(found: dict[str, list[Diagnostic]]) -> list[Diagnostic]:
    """The ``called_under_secret`` warnings of each rule as one, at its first place: they all
    tell the same secret, whether the rule runs, and one ``disclose`` at the call answers
    them all (a deck-builder's action played while the hand holds one gave sixteen)."""
    out = []
    for warned in found.values():
        first, *more = sorted({(w.span, w.message): w for w in warned}.values(), key=place)
        if more:
            places = ", ".join(_at(w.span) for w in more[:6] if w.span) + (
                ", ..." if len(more) > 6 else "")
            first = Diagnostic(f"{first.message} (and {len(more)} more place"
                               f"{'s' if len(more) > 1 else ''} in the rule: {places})",
                               first.span, first.hint, severity=first.severity)
        out.append(first)
    return out


def kept_warning(name: str, data: Secret, chooser: str, span: Span) -> Diagnostic:
    """A local worked out from ``data`` the chooser may not know, read after their choice
    (see ``FlowChecker.kept_for_later``)."""
    return Diagnostic(
        f"'{name}' holds a value worked out from {secret_words(data)} while {chooser} decides "
        "here, and is read after", span,
        f"a bot deciding for {chooser} would plan with its real value; work it out after the "
        "choose, or write disclose(...) around it if everybody is meant to learn it",
        severity="warning")


def shuffled_in_sight(name: str, span: Span) -> Diagnostic:
    """A pile every seat sees, shuffled: nobody forgets where its cards lie."""
    return Diagnostic(
        f"'{name}' is a public pile: shuffling it hides nothing, every seat still sees where "
        "each card lies (and knows it once they go face down)", span,
        f"to shuffle face down, move its cards to a hidden pile first and shuffle that: "
        f"move cards({name}) to PILE  shuffle PILE", severity="warning")


def place(d: Diagnostic) -> tuple[str, int, int]:
    """Where a warning is, to sort them (every warning of the check has a span)."""
    span = cast(Span, d.span)
    return span.file, span.line, span.col


def _at(span: Span) -> str:
    return f"{span.line}:{span.col}"
