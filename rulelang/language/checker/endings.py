"""Checking ``win``, ``lose`` and ``end`` (mixed into the Checker).

One meaning per shape: ``win`` names who wins (a seat, a list of seats, or ``team`` in a
cooperative game), ``lose team`` is the cooperative team's loss, and ``end`` ends the game and
lets the scores decide. A reason is a text in quotes after it. The older spellings (a bare
``win``, ``win "reason"`` in a cooperative game, ``lose`` with a reason alone) are refused
with a fix: the spelling to write, which ``rulelang fmt --upgrade`` applies.
"""
from __future__ import annotations

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.expressions import Scope
from rulelang.language.checker.seats import mismatch_hint
from rulelang.language.checker.statements import StmtChecker
from rulelang.language.errors import Fix

NO_TEAM = "there is no team in a competitive game"


class EndingChecker(CheckerBase):
    """Mixed into the Checker."""

    def s_Finish(self, s: ast.Finish, scope: Scope, loops: int) -> None:
        if s.reason is not None:
            self.expect(s.reason, scope, T.TEXT, f"the reason after '{s.how}'")
        if s.how == "end":
            if s.reason is not None and not _quoted(s.reason):  # `end EXPR`: not a statement after it
                instead = f'end "{{{self.written(s.reason.span)}}}"'
                self.error(s.reason.span, "the reason after 'end' is a text in quotes",
                           f"write: {instead}", Fix(s.span, instead))
            return
        if self.program.cooperative:
            self.cooperative_finish(s, scope)
        else:
            self.competitive_finish(s, scope)

    def cooperative_finish(self, s: ast.Finish, scope: Scope) -> None:
        """In a cooperative game the team wins or loses together: ``win team``, ``lose team``."""
        if s.team:
            return
        verb = "wins" if s.how == "win" else "loses"
        if s.value is None:
            instead = f"{s.how} team"
            self.error(s.span, f"say who {verb}: in a cooperative game, '{instead}'",
                       f"write: {instead}", self.fix(s, instead))
            return
        t = self.expr(s.value, scope)
        if T.fits(t, T.TEXT) and t != T.ANY:  # the older `win "reason"`: the reason alone
            reason = self.written(s.value.span)
            quoted = reason if _quoted(s.value) else f'"{{{reason}}}"'
            instead = f"{s.how} team {quoted}"
            self.error(s.value.span, f"'{s.how}' names who {verb} before the reason: in a "
                                     "cooperative game, the team",
                       f"write: {instead}", self.fix(s, instead))
        elif StmtChecker.seats(t) and s.how == "win":
            self.error(s.value.span, "in a cooperative game the players win together, not "
                                     "one seat", "write: win team", self.fix(s, "win team"))
        else:
            self.error(s.value.span, f"in a cooperative game '{s.how}' takes 'team', not "
                                     f"{T.spoken(t)}", f"write: {s.how} team \"the reason\"")

    def competitive_finish(self, s: ast.Finish, scope: Scope) -> None:
        """In a competitive game ``win`` names the winners; there is no ``lose``."""
        if s.how == "lose":
            self.error(s.span, "'lose' is the team's loss in a cooperative game; in a "
                               "competitive game name who wins",
                       "write win and the others (win others(p)), or end to let the "
                       "scores decide")
            return
        if s.team:
            if any(isinstance(d, ast.ScoreDecl) and d.which == "team"
                   for m in self.modules for d in m.decls):  # (checked after the blocks)
                self.error(s.span, "'win team' is a cooperative game's: name the side that "
                                   "wins by its seats",
                           "write win and a list of partners (win [P1, P3], or a fn of your "
                           "rules that lists a side's seats); 'team p = ...' says who "
                           "partners whom")
            else:
                self.error(s.span, f"{NO_TEAM}: say who wins",
                           "write win and a seat or a list of seats (win current); for sides "
                           "that win together, declare who partners whom (team p = ...) and "
                           "name the side's seats: win [P1, P3]; if all the players win or "
                           "lose together, declare the game cooperative")
            return
        if s.value is None:
            self.error(s.span, "say who wins: win p (or declare the game cooperative)",
                       "a seat or a list of seats: win current, win [P1, P3]")
            return
        t = self.expr(s.value, scope)
        if not StmtChecker.seats(t):
            self.error(s.value.span, f"win takes a player or a list of players, not {T.spoken(t)}",
                       "to end the game with a reason write end \"...\": scores decide"
                       if t == T.TEXT else mismatch_hint(self, s.value, t, T.list_of(T.SEAT)))

    def fix(self, s: ast.Finish, instead: str) -> Fix:
        return Fix(s.span, instead + self.reason_written(s))

    def reason_written(self, s: ast.Finish) -> str:
        return f" {self.written(s.reason.span)}" if s.reason is not None else ""


def _quoted(e: ast.Expr) -> bool:
    """Written in quotes (a text, maybe with {values} in it), or disclosed: disclose("...")."""
    if isinstance(e, ast.Call) and e.ref == refs.Builtin("disclose") and len(e.args) == 1:
        return _quoted(e.args[0])
    return isinstance(e, ast.Text) or (isinstance(e, ast.Lit) and isinstance(e.value, str))
