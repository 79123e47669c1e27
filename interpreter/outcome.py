"""Scores, winners and reports once a game is over."""
from __future__ import annotations

from interpreter import views


def compute_outcome(g) -> dict:
    how, value, reason = g.result
    rules, L = g.rules, g.global_L
    players = g.players
    reports = {}
    scores_of, tiebreaks = None, []
    for which, slot, key, expr, ty in rules.scores:
        if which == "score":
            scores_of = (slot, expr)
        elif which == "tiebreak":
            tiebreaks.append((slot, expr))
        else:
            reports[key] = views.plain(g, expr(g, L), None, ty)

    def per_seat(slot, expr, seat):
        if slot is not None:
            L[slot] = seat
        return expr(g, L) or 0

    if rules.program.cooperative:
        team = per_seat(*scores_of, None) if scores_of else 0
        scores = {p: team for p in players}
        result = "win" if how == "win" else "loss"
        winners = list(players) if result == "win" else []
    else:
        scores = {p: per_seat(*scores_of, p) if scores_of else 0 for p in players}
        if how == "win":
            chosen = value if isinstance(value, list) else [value]
            winners = sorted(p for p in chosen if p in players)
        else:
            keys = {p: (scores[p],) + tuple(per_seat(s, e, p) for s, e in tiebreaks)
                    for p in players}
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
