"""Scores, winners and reports once a game is over (plain data: seats as numbers)."""
from __future__ import annotations

from interpreter.runtime import views
from interpreter.runtime.top_level import ScoreCode


def compute_outcome(g) -> dict:
    how, value, reason = g.result
    players = [int(p) for p in g.players]
    reports = {}
    scores_of, tiebreaks = None, []
    for declared in g.rules.code.tops.scores:
        if declared.which == "score":
            scores_of = declared
        elif declared.which == "tiebreak":
            tiebreaks.append(declared)
        else:
            expr = declared.expr
            reports[declared.key] = views.plain(g, expr(g, g.players[0]) if declared.per_seat
                                                else expr(g), None)

    def of(declared: ScoreCode, seat: int | None):
        if not declared.per_seat:
            return declared.expr(g) or 0
        return declared.expr(g, g.players[seat] if seat is not None else None) or 0

    if g.rules.program.cooperative:
        team = of(scores_of, None) if scores_of else 0
        scores = {p: team for p in players}
        # win and lose give the team's verdict; end (and end when, and a play block that
        # finishes) gives none: the score is the result
        result = "win" if how == "win" else "loss" if how == "lose" else "score"
        winners = list(players) if result == "win" else []
    else:
        scores = {p: of(scores_of, p) if scores_of else 0 for p in players}
        if how == "win":
            chosen = value if isinstance(value, list) else [value]
            winners = sorted(int(p) for p in chosen if p in players)
        else:
            keys = {p: (scores[p],) + tuple(of(t, p) for t in tiebreaks) for p in players}
            best = max(keys.values())
            winners = [p for p in players if keys[p] == best]
        result = "win"
        if len(players) > 1 and len(winners) == len(players):
            winners, result = [], "draw"
        elif not winners:
            result = "draw"
    out = {"scores": scores, "winners": winners, "result": result}
    if reason:
        out["reason"] = reason
    out.update(reports)
    return out
