"""Checking ``reveal`` and ``tell`` (mixed into the Checker).

Each spelling says what it does: ``reveal CARDS`` shows cards' faces, ``tell CARD.FIELD``
tells one field's value without the face, ``tell whether CARD.FIELD == VALUE`` tells whether
the field is that value; each to everyone or ``to SEATS``. ``reveal`` once did all three,
told apart by the shape of what followed: those shapes are refused with the spelling to
write (a ``Fix``, which ``rulelang fmt --upgrade`` applies).
"""
from __future__ import annotations

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.expressions import Scope
from rulelang.language.checker.seats import mismatch_hint
from rulelang.language.checker.statements import StmtChecker
from rulelang.language.errors import Fix


class TellingChecker(CheckerBase):
    """Mixed into the Checker."""

    def s_Reveal(self, s: ast.Reveal, scope: Scope, loops: int) -> None:
        if s.kind == "faces":
            self.reveal_faces(s, scope)
        elif s.kind == "field":
            self.tell_field(s, scope)
        else:
            self.tell_whether(s, scope)
        if s.to is not None:
            t = self.expr(s.to, scope)
            if not StmtChecker.seats(t):
                self.error(s.to.span, f"{'reveal' if s.kind == 'faces' else 'tell'} ... to takes "
                                      f"a player or a list of players, not {T.spoken(t)}",
                           mismatch_hint(self, s.to, t, T.list_of(T.SEAT)))

    def reveal_faces(self, s: ast.Reveal, scope: Scope) -> None:
        what = s.what
        if isinstance(what, ast.Compare) and isinstance(what.left, ast.Attr):
            self.expr(what, scope)
            if self.field_of(what.left):  # the older spelling of tell whether
                self.older(s, "whether a card's field is a value", "tell whether ")
                return
        t = self.expr(what, scope)
        if isinstance(what, ast.Attr) and self.field_of(what) and not _cards(t):
            self.older(s, "one field of a card", "tell ")  # the older spelling of tell
            return
        if not (_cards(t) or t.name in ("any", "none")):
            self.error(what.span, f"reveal shows cards, but this is {T.spoken(t)}",
                       "a card or a list of cards (cards(zone) gives a zone's); to tell one "
                       "field of a card write tell c.FIELD")

    def older(self, s: ast.Reveal, what: str, word: str) -> None:
        written = self.written(s.span)
        instead = word + written.removeprefix("reveal").lstrip()
        self.error(s.span, f"'reveal' shows cards' faces; {what} is told with '{word.strip()}'",
                   f"write: {instead}", Fix(s.span, instead))

    def tell_field(self, s: ast.Reveal, scope: Scope) -> None:
        what = s.what
        if isinstance(what, ast.Compare):
            self.expr(what, scope)
            instead = "tell whether " + self.written(s.span).removeprefix("tell").lstrip()
            self.error(s.span, "'tell' tells a field's value; whether it is a value is told "
                               "with 'tell whether'", f"write: {instead}", Fix(s.span, instead))
            return
        t = self.expr(what, scope)
        if not (isinstance(what, ast.Attr) and self.fact_of(s, what)):
            self.error(what.span, f"tell names a card's field (c.colour), not {T.spoken(t)}",
                       "to show a card's face write reveal CARD" if _cards(t)
                       else "a card, a dot and the field: tell c.colour to p")

    def tell_whether(self, s: ast.Reveal, scope: Scope) -> None:
        what = s.what
        self.expr(what, scope)
        if not (isinstance(what, ast.Compare) and what.op == "==" and isinstance(what.left, ast.Attr)
                and self.fact_of(s, what.left)):
            self.error(what.span, "tell whether takes a card's field, == and a value",
                       "like: tell whether c.colour == blue to p")

    def field_of(self, attr: ast.Attr) -> bool:
        return isinstance(attr.ref, refs.Field)

    def fact_of(self, s: ast.Reveal, attr: ast.Attr) -> bool:
        """``attr`` is a card's field: ``s`` tells it (and the rules keep who was told)."""
        if not self.field_of(attr):
            return False
        s.fact = attr.name
        if s.fact not in self.program.told_fields:
            self.program.told_fields.append(s.fact)
        return True


def _cards(t: T.Type) -> bool:
    return t.name == "card" or (t.name == "list" and t.arg is not None and t.arg.name == "card")
