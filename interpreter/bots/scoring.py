"""What a bot aims at: the game's result for a seat, and the ruleset's ``heuristic`` (rules
that declare none but a ``score``: the score as it stands, ``ScoreHeuristic``).

Every value here is for one seat and lies between 0 and 1, so the greedy bot and the tree
search can add and average them. In a cooperative game the team wins or loses together:
every seat's value is the team's, and partners optimise the same thing.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import attrs

from interpreter.runtime.failures import GUARDED, GameOver
from interpreter.runtime.outcome import sides_of
from interpreter.runtime.top_level import HeuristicCode, ScoreCode
from rulelang.language.errors import RulesRuntimeError

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.outcome import Outcome


def heuristic(game: Game, seat: int) -> float:
    """The ruleset's ``heuristic`` for ``seat`` (``declared_heuristic``; 0 without one)."""
    return _heuristic(game, seat, declared_heuristic(game.rules))


def _heuristic(game: Game, seat: int, declared: HeuristicCode | None) -> float:
    if declared is None:
        return 0
    return game.guard(lambda: declared.expr(game, game.players[seat]) if declared.per_seat
                      else declared.expr(game)) or 0


@attrs.frozen
class ScoreHeuristic(HeuristicCode):
    """The heuristic of rules that declare none but a ``score``: the score as it stands now,
    as if the game ended here, a seat's less the best of the others' (a cooperative game:
    the team's; with ``team p = ...``, its side's less the best other side's). Most rules'
    scores read what play builds up (points, tricks, chips, cards taken), so bots aim at the
    end's scores from the start, as a player does; a score that cannot be worked out yet (it
    fails before the end) counts 0, as does one that is not a number. ``every``: each seat's
    value at once (each score worked out once)."""
    every: Callable[[Game, int], list[float]]


# a ruleset's score (by id, kept with it) -> the heuristic made of it (``declared_heuristic``)
_FROM_SCORE: dict[int, tuple[ScoreCode, ScoreHeuristic]] = {}
MOST_KEPT = 256


def declared_heuristic(rules: Any) -> HeuristicCode | None:
    """The rules' ``heuristic``; without one, a ``ScoreHeuristic`` of their ``score``; None
    without either."""
    declared = rules.heuristic
    if declared is not None:
        return cast(HeuristicCode, declared)
    score = rules.scoring.score
    if score is None:
        return None
    kept = _FROM_SCORE.get(id(score))
    if kept is None:
        if len(_FROM_SCORE) >= MOST_KEPT:
            _FROM_SCORE.clear()
        made = _score_heuristic(score)
        kept = _FROM_SCORE[id(score)] = (score, made)
    return kept[1]


def _score_heuristic(score: ScoreCode) -> ScoreHeuristic:
    if not score.per_seat:  # the team's
        def team(game: Game) -> float:
            return _score_now(score, game, None)
        return ScoreHeuristic(team, False, lambda game, nseats: [team(game)] * nseats)

    expr = score.expr

    def every(game: Game, nseats: int) -> list[float]:
        players = game.players
        try:
            scores = [expr(game, p) for p in players]
        except GUARDED:  # (one that fails: each seat's again, a failing one 0)
            scores = [_score_now(score, game, p) for p in players]
        for v in scores:
            if type(v) is not int and type(v) is not float:
                scores = [v if type(v) in (int, float) else 0 for v in scores]
                break
        if len(scores) < 2:
            return scores
        if game.rules.scoring.team is not None:
            return _by_side(game, scores)[:nseats]
        ranked = sorted(scores, reverse=True)
        best, second = ranked[0], ranked[1]  # the best of the others': second for the best
        return [v - (second if v == best else best) for v in scores[:nseats]]

    def one(game: Game, seat: Any) -> float:
        return every(game, len(game.players))[game.players.index(seat)]
    return ScoreHeuristic(one, True, every)


def _by_side(game: Game, scores: list[Any]) -> list[Any]:
    """With ``team p = ...``: each seat's side's score (the best of its partners') less the
    best other side's; a partner is no rival. Sides that cannot be worked out yet (the
    team's value fails) leave every seat a side of its own."""
    try:
        sides = sides_of(game) or list(range(len(scores)))
    except GUARDED:
        sides = list(range(len(scores)))
    best: dict[int, Any] = {}
    for side, v in zip(sides, scores):
        if side not in best or v > best[side]:
            best[side] = v
    if len(best) < 2:  # one side only: its score
        return [best[side] for side in sides]
    ranked = sorted(best.items(), key=lambda kv: kv[1], reverse=True)
    (top_side, top), (_, second) = ranked[0], ranked[1]
    return [best[side] - (second if side == top_side else top) for side in sides]


def _score_now(score: ScoreCode, game: Game, seat: Any) -> float:
    try:
        value = score.expr(game, seat) if score.per_seat else score.expr(game)
    except GUARDED:
        return 0
    return value if type(value) in (int, float) else 0


MOST_WATCHED = 5000  # decisions of each random game ``score_stands_still`` plays


def score_stands_still(games: Sequence[Game], most: int = MOST_WATCHED) -> bool:
    """Whether bots have nothing to go by in these rules: they declare no ``heuristic``, so
    bots value a position by the score as it stands (``ScoreHeuristic``), and that score
    stayed the same for every seat at every decision of whole games played at random from
    each of ``games`` (new games of the same rules: copies are played) until they were over.
    A score set only at the end (``won[p]`` once a round is decided) reads so: every move
    looks alike until the last. False when the rules have a heuristic or no score, or when
    no game lasted more than two decisions (or each lasted past ``most``, or failed)."""
    if not games:
        return False
    rules = games[0].rules
    if rules.heuristic is not None or rules.scoring.score is None:
        return False
    score = rules.scoring.score
    watched = [_stands_still(game, score, i + 1, most) for i, game in enumerate(games)]
    return True in watched and False not in watched


def _stands_still(game: Game, score: ScoreCode, seed: int, most: int) -> bool | None:
    """One random game's answer for ``score_stands_still`` (None: it tells nothing)."""
    import random
    rng = random.Random(seed)
    twin = game.copy(logging=False, seed=seed)
    seats: list[Any] = list(twin.players) if score.per_seat else [None]

    def now() -> list[float]:
        return [_score_now(score, twin, seat) for seat in seats]
    first, decisions = now(), 0
    try:
        while not twin.is_over:
            if decisions >= most:
                return None
            moves = twin.legal_moves()
            if moves:
                twin.play(rng.choice(moves))
            else:  # (a simultaneous choice: each seat still to choose in turn)
                seat = twin.to_move_all[0]
                twin.play(rng.choice(twin.legal_moves(seat)), seat)
            decisions += 1
            if not twin.is_over and now() != first:
                return False
    except (GameOver, RulesRuntimeError):
        return None
    return True if decisions > 2 else None


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
    declared = declared_heuristic(game.rules)
    try:
        h = scale.squash(_heuristic(game, seat, declared)) if declared is not None else 0.5
    except RulesRuntimeError as error:
        raise HeuristicFailed.of(error) from None
    return _weighed(game, seat, h, game.outcome_record if game.is_over else None)


def values(game: Game, nseats: int, scale: Scale) -> list[float]:
    """``value(game, seat, scale)`` for every seat in turn (the scale sees them in that
    order), with the outcome read once: a playout's end, valued for each seat of the tree."""
    declared = declared_heuristic(game.rules)
    if declared is None:
        hs = [0.5] * nseats
    else:
        try:
            raw = game.guard(partial(_each_seat, game, declared, nseats))
        except RulesRuntimeError as error:
            raise HeuristicFailed.of(error) from None
        # ``Scale.squash`` for each in turn, written out (one call a playout, not one a seat:
        # the same arithmetic, in the same order)
        centre, total, count, tanh, hs = scale.centre, scale.total, scale.count, math.tanh, []
        for got in raw:
            h = (got or 0) - centre
            total += abs(h)
            count += 1
            hs.append(0.5 + 0.5 * tanh(h / (1.0 + total / count)))
        scale.total, scale.count = total, count
    outcome = game.outcome_record if game.over else None
    if outcome is None or outcome.result == "score":  # (``_weighed``'s first case, for all)
        return [0.2 + 0.6 * h for h in hs]
    return [_weighed(game, seat, h, outcome) for seat, h in enumerate(hs)]


def _each_seat(game: Game, declared: HeuristicCode, nseats: int) -> list[Any]:
    """``heuristic``'s value for every seat in turn, in one ``guard``: a seat's value
    ended by ``GameOver`` is None, as ``guard`` makes it seat by seat; any other failure
    leaves as it would from the first seat it fails for."""
    if type(declared) is ScoreHeuristic:
        return declared.every(game, nseats)
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


class HeuristicFailed(RulesRuntimeError):
    """The rules' heuristic failed in a world a bot looked at (``Broken`` counts these)."""

    @classmethod
    def of(cls, error: RulesRuntimeError) -> HeuristicFailed:
        failed = cls(str(error.args[0]), error.diagnostics, error.sources)
        failed.game = error.game
        return failed


class Broken:
    """The look-aheads of one decision that broke the rules. A sampled world may break them
    (a hidden variable left as its setup made it, say): that look tells nothing, and the
    search goes on. When the heuristic failed in every look, the rules are at fault (one
    that divides by zero): its error is raised rather than a move picked at random in
    silence. (Play itself failing in every world is no proof: a world may be wrong in the
    same way each time, its hidden values all sampled alike, where the real game is not.)"""
    __slots__ = ("first", "count")

    def __init__(self) -> None:
        self.first: HeuristicFailed | None = None
        self.count = 0

    def add(self, error: RulesRuntimeError) -> None:
        if isinstance(error, HeuristicFailed):
            self.count += 1
            if self.first is None:
                self.first = error

    def check(self, tried: int) -> None:
        if self.first is not None and self.count >= tried:
            raise self.first
