"""What a bot aims at: the game's result for a seat, and the ruleset's ``heuristic``.

Every value here is for one seat and lies between 0 and 1, so the greedy bot and the tree
search can add and average them. In a cooperative game the team wins or loses together:
every seat's value is the team's, and partners optimise the same thing.
"""
from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

from interpreter.runtime.failures import GameOver

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.outcome import Outcome
    from interpreter.runtime.top_level import HeuristicCode


def heuristic(game: Game, seat: int) -> float:
    """The ruleset's ``heuristic`` for ``seat`` (0 if the rules declare none)."""
    declared = game.rules.heuristic
    if declared is None:
        return 0
    return game.guard(lambda: declared.expr(game, game.players[seat]) if declared.per_seat
                      else declared.expr(game)) or 0


def result(game: Game, seat: int) -> float:
    """1 for a win (the team's, in a cooperative game), 0.5 for a draw, 0 for a loss."""
    outcome = game.outcome_record
    if outcome is None:  # not over: no result yet (``value`` asks only once it is)
        return 0.0
    if outcome.result == "draw":
        return 0.5
    if game.rules.program.cooperative:
        return 1.0 if outcome.result == "win" else 0.0
    return 1.0 if seat in outcome.winners else 0.0


class Scale:
    """Squashes heuristic values into 0..1 around what this search has seen: the rules'
    heuristics have no common unit (a count of cells, a difference of points). ``centre``:
    the value squashed to the middle (a search gives the position it starts from, so a
    heuristic that only grows, such as points scored, is read as gains and losses from
    there rather than squashed flat far from 0)."""

    def __init__(self, centre: float = 0.0) -> None:
        self.total, self.count, self.centre = 0.0, 0, centre

    def squash(self, h: float) -> float:
        h -= self.centre
        self.total += abs(h)
        self.count += 1
        unit = 1.0 + self.total / self.count
        return 0.5 + 0.5 * math.tanh(h / unit)


RESULT_WEIGHT = 0.8  # at the end of a game: mostly the result, the heuristic breaks ties


def value(game: Game, seat: int, scale: Scale) -> float:
    """How good ``game`` is for ``seat``: over, mostly its result; still going, the
    heuristic. In 0..1."""
    h = scale.squash(heuristic(game, seat)) if game.rules.heuristic is not None else 0.5
    return _weighed(game, seat, h, game.outcome_record if game.is_over else None)


def values(game: Game, nseats: int, scale: Scale) -> list[float]:
    """``value(game, seat, scale)`` for every seat in turn (the scale sees them in that
    order), with the outcome read once: a playout's end, valued for each seat of the tree."""
    declared = game.rules.heuristic
    if declared is None:
        hs = [0.5] * nseats
    else:
        squash = scale.squash
        hs = [squash(h or 0) for h in game.guard(partial(_each_seat, game, declared, nseats))]
    outcome = game.outcome_record if game.over else None
    return [_weighed(game, seat, h, outcome) for seat, h in enumerate(hs)]


def _each_seat(game: Game, declared: HeuristicCode, nseats: int) -> list[Any]:
    """``heuristic``'s value for every seat in turn, in one ``guard``: a seat's value
    ended by ``GameOver`` is None, as ``guard`` makes it seat by seat; any other failure
    leaves as it would from the first seat it fails for."""
    expr, players, out = declared.expr, game.players, []
    for seat in range(nseats):
        try:
            out.append(expr(game, players[seat]) if declared.per_seat else expr(game))
        except GameOver:
            out.append(None)
    return out


def _weighed(game: Game, seat: int, h: float, outcome: Outcome | None) -> float:
    """The result (mostly) and the squashed heuristic ``h``, for a game ended by ``outcome``;
    not over, or ended with only a score: the heuristic alone stands in for the chance of
    winning (below a win, above a loss)."""
    if outcome is None or outcome.result == "score":
        return 0.2 + 0.6 * h
    return RESULT_WEIGHT * result(game, seat) + (1 - RESULT_WEIGHT) * h
