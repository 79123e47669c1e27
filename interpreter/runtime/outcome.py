"""Scores, winners and reports once a game is over (plain data; seats are ``Seat``s,
numbers that print as P1, so JSON gives them as numbers)."""
from __future__ import annotations

from interpreter.runtime import views
from interpreter.runtime.values import Fail, Seat


def check_winners(g, value):
    """``win`` names players of this game: a seat or a list of seats (the checker sees to
    the type; a dummy seat, or none, is known only as the game runs)."""
    for seat in value if type(value) is list else (value,):
        if seat is None:
            raise Fail("win names no player (the value is none); to end the game with no "
                       "winner write end")
        if type(seat) is not Seat or seat not in g.players:
            what = f"{seat.name}, a dummy seat" if type(seat) is Seat else \
                f"{g.text_of(seat)}, not a seat"
            raise Fail(f"win names {what}: only the players, {', '.join(map(str, g.players))}, "
                       "can win")


def compute_outcome(g) -> dict:
    how, value, reason = g.result
    tops = g.rules.code.tops
    players = g.players
    reports = {}
    scores_of, tiebreaks = None, []
    for which, key, expr, per_seat, ty in tops["scores"]:
        if which == "score":
            scores_of = (expr, per_seat)
        elif which == "tiebreak":
            tiebreaks.append((expr, per_seat))
        else:
            reports[key] = views.plain(g, expr(g, g.players[0]) if per_seat else expr(g), None)

    def of(expr, per_seat, seat):
        if not per_seat:
            return expr(g) or 0
        return expr(g, g.players[seat] if seat is not None else None) or 0

    if g.rules.program.cooperative:
        team = of(*scores_of, None) if scores_of else 0
        scores = {p: team for p in players}
        # win and lose give the team's verdict; end (and end when, and a play block that
        # finishes) gives none: the score is the result
        result = "win" if how == "win" else "loss" if how == "lose" else "score"
        winners = list(players) if result == "win" else []
    else:
        scores = {p: of(*scores_of, p) if scores_of else 0 for p in players}
        if how == "win":
            chosen = value if isinstance(value, list) else [value]
            winners = sorted(set(chosen))
        else:
            keys = {p: (scores[p],) + tuple(of(e, s, p) for e, s in tiebreaks) for p in players}
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
