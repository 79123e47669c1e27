"""Scores, winners and reports once a game is over (plain data; seats are ``Seat``s,
numbers that print as P1, so JSON gives them as numbers).

``Outcome`` keeps the results (scores, winners, result, reason) and the rules' reports
apart, so a report can never stand in for a result. ``Outcome.as_dict`` is the one place
it becomes the plain dict the public API (``game.outcome``), the views and saves hold.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from interpreter.runtime import views
from interpreter.runtime.protocol import text_of
from interpreter.runtime.top_level import ScoreCode
from interpreter.runtime.values import Fail, Seat

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

# the keys of the results in ``as_dict``
RESULTS = ("scores", "winners", "result", "reason", "tiebreak")


# GameEnd and Outcome are made once a game (every playout): slotted, not frozen (a frozen
# attrs class sets each field through object.__setattr__: GameEnd 5.0K instructions to make,
# 2.2K so). Nothing changes them once made.
@attrs.define
class GameEnd:
    """How the game ended: ``win``, ``lose`` or ``end`` (with the seats ``win`` named, a
    seat or a list of them) and the reason given, if any."""
    how: str
    named: Any
    reason: str | None


@attrs.define
class Outcome:
    scores: dict[Seat, Any]  # seat -> score (a cooperative game: the team's, each)
    winners: list[Seat]
    result: str  # "win" | "draw" | "loss" (a cooperative game lost) | "score"
    reason: str | None  # why the game ended, if the rules said
    reports: dict[str, Any]  # each `report "NAME" = VALUE`, in the order declared (one
    # kept per player, `report "NAME" p = VALUE`, as {"P1": VALUE, "P2": VALUE, ...})
    # when the rules' tiebreaks chose the winners among players tied on the score: each
    # tiebreak that told them apart, as written, with the values of those still tied then
    # ("stock[p, food]: P1 1, P2 3"); None when the score alone decided
    tiebreak: str | None = None
    # with ``team p = ...``: each player's side at the end, by seat order (0 for the side of
    # the first seat, 1 for the next side met...); not a result, so no save or dict holds it
    sides: list[int] | None = attrs.field(default=None, eq=False)

    def as_dict(self) -> dict[str, Any]:
        """The outcome as plain data: the results, then the reports. A report named like a
        result (``report "winners" = ...``) is left out here: it cannot replace the result
        (it is in ``reports``, the transcript's last line and the simulation's figures)."""
        out: dict[str, Any] = {"scores": self.scores, "winners": self.winners, "result": self.result}
        if self.reason:
            out["reason"] = self.reason
        if self.tiebreak:
            out["tiebreak"] = self.tiebreak
        for name, value in self.reports.items():
            if name not in RESULTS:
                out[name] = value
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Outcome:
        """An outcome from ``as_dict``'s form (a save's): every key not a result is a report."""
        return Outcome(data["scores"], data["winners"], data["result"], data.get("reason"),
                       {k: v for k, v in data.items() if k not in RESULTS}, data.get("tiebreak"))


def check_winners(g: Game, value: Any) -> None:
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


def compute_outcome(g: Game) -> Outcome:
    end: GameEnd = g.result  # type: ignore[assignment]  # finish set it (no cast: a call a game)
    players = g.players
    scoring = g.rules.scoring
    reports: dict[str, Any] = {}
    for declared in scoring.reports:
        expr = declared.expr
        # one per player (``report "NAME" p = ...``): each seat's value by its name (plain
        # data: a save keeps it as it is), so that it reads "P1 3, P2 4"
        reports[cast(str, declared.key)] = {
            g.seat_name(p): views.plain(g, expr(g, p), None) for p in g.players
        } if declared.per_seat else views.plain(g, expr(g), None)
    scores_of = scoring.score
    tiebreak = None
    if scoring.cooperative:
        team = _score(g, scores_of, None) if scores_of else 0
        scores = dict.fromkeys(players, team)
        # win and lose give the team's verdict; end (and end when, and a play block that
        # finishes) gives none: the score is the result
        result = "win" if end.how == "win" else "loss" if end.how == "lose" else "score"
        winners = list(players) if result == "win" else []
    else:
        scores = ({p: _score(g, scores_of, p) for p in players} if scores_of
                  else dict.fromkeys(players, 0))
        if end.how == "win":
            named = end.named
            winners = sorted(set(named)) if isinstance(named, list) else [named]
        else:
            tiebreaks = scoring.tiebreaks
            top = max(scores.values())
            winners = [p for p in players if scores[p] == top]
            if tiebreaks and len(winners) > 1:  # read only for the players tied on the best
                # score: the score alone decides most games (and every playout's end)
                keys = {p: (top,) + tuple(_score(g, t, p) for t in tiebreaks) for p in winners}
                best = max(keys.values())
                winners = [p for p in winners if keys[p] == best]
                if len(winners) < len(players):
                    tiebreak = _tiebreak_words(g, keys, top)
        result = "win"
        if len(players) > 1 and len(winners) == len(players):
            winners, result = [], "draw"
        elif not winners:
            result = "draw"
    return Outcome(scores, winners, result, end.reason or None, reports,
                   tiebreak if result == "win" else None,
                   sides_of(g) if scoring.team is not None else None)


def sides_of(g: Game) -> list[int] | None:
    """Each player's side by ``team p = VALUE`` (seats with equal values are partners), as
    numbers by seat order: 0 for the first seat's side, 1 for the next side met, and so on.
    None without a team declaration."""
    team = g.rules.scoring.team
    if team is None:
        return None
    numbered: dict[Any, int] = {}
    return [numbered.setdefault(_side_key(team.expr(g, p)), len(numbered)) for p in g.players]


def _side_key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def _tiebreak_words(g: Game, keys: dict[Seat, tuple[Any, ...]], top: Any) -> str | None:
    """How the tiebreaks told apart the players tied on the best score (None: no two were
    tied, so the score alone decided): each tiebreak that did, as the rules write it, with
    the values of the players still tied when it was looked at."""
    tied = [p for p in keys if keys[p][0] == top]
    said_parts = []
    written = None  # read from the source only when a tiebreak told the tied apart (it
    # splits the rules' text: most games' scores decide alone, and a playout's end is here)
    for i in range(1, len(keys[tied[0]]) if len(tied) > 1 else 0):
        values = {p: keys[p][i] for p in tied}
        if len(set(values.values())) > 1:
            if written is None:
                written = _tiebreaks_written(g)
            name = written[i - 1] if i - 1 < len(written) else f"tiebreak {i}"
            said_parts.append(f"{name}: " + ", ".join(
                f"{g.seat_name(p)} {text_of(v)}" for p, v in values.items()))
            best = max(values.values())
            tied = [p for p in tied if values[p] == best]
        if len(tied) == 1:
            break
    return "; then ".join(said_parts) or None


def _tiebreaks_written(g: Game) -> list[str]:
    """Each tiebreak's value as the rules write it, in the order declared ("tiebreak" where
    the source is not at hand)."""
    from rulelang.language.errors import span_text
    program = g.rules.program
    out = []
    for decl in program.scores:
        if decl.which == "tiebreak":
            text = span_text(program.sources, decl.expr.span)
            out.append("the tiebreak" if text is None else " ".join(text.split()))
    return out


def _score(g: Game, declared: ScoreCode, seat: Seat | None) -> Any:
    """A declared score's (or tie-break's) value for a seat (none: the team's), 0 for none."""
    if not declared.per_seat:
        return declared.expr(g) or 0
    return declared.expr(g, g.players[seat] if seat is not None else None) or 0


def said(value: Any) -> str:
    """A reported value in words: [3, 4] -> "3 and 4", true -> "yes", {P1: 2} -> "P1 2"."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {said(v)}" for k, v in value.items())
    if isinstance(value, list):
        items = [said(v) for v in value]
        if not items:
            return "none"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return text_of(value)


def outcome_line(g: Game, outcome: Outcome) -> str:
    """The transcript's last line: the result, then every report."""
    scores = outcome.scores
    extras = "".join(f"; {k}: {said(v)}" for k, v in outcome.reports.items())
    head = f"== game over: {result_words(g, outcome)}"
    if g.rules.program.cooperative:
        team = next(iter(scores.values()), 0)
        return head + extras if outcome.result == "score" else f"{head}; score {team}{extras}"
    table = ", ".join(f"{g.seat_name(p)} {scores[p]}" for p in scores)
    return f"{head}; scores {table}{extras}"


def result_words(g: Game, outcome: Outcome) -> str:
    """Who won and why, as the transcript's last line says it before the scores ("P1 wins
    (P2 took the last stone)", "a draw", "the team scores 12"): a page's banner."""
    reason = f" ({outcome.reason})" if outcome.reason else ""
    if g.rules.program.cooperative:
        if outcome.result == "score":
            return f"the team scores {next(iter(outcome.scores.values()), 0)}{reason}"
        return f"the team {'wins' if outcome.result == 'win' else 'loses'}{reason}"
    if outcome.result == "draw":
        return f"a draw{reason}"
    who = " and ".join(g.seat_name(p) for p in outcome.winners)
    verb = "wins" if len(outcome.winners) == 1 else "win"
    tiebreak = f" on the tiebreak ({outcome.tiebreak})" if outcome.tiebreak else ""
    return f"{who} {verb}{tiebreak}{reason}"
