"""What the runtime calls of a compiled ruleset besides its units: the generated functions
of its top-level declarations (options, constants, variables' starts, tables, ends,
requires, scores...), by role, in records.

The compiler fills these in (``interpreter.compiler``); they live here because the runtime
is what reads them, and the runtime imports nothing of the compiler. A function ``f`` is
called ``f(g)``, or ``f(g, seat)`` where ``per_seat`` says so.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

Fn = Callable[..., Any]  # a generated function: (g, *params) -> value


@attrs.frozen
class OptionCode:
    default: Fn
    allowed: Fn | None  # the values it may take (None: any of its type)


@attrs.frozen
class DummyCode:
    name: str
    cond: Fn | None  # whether the dummy seat is in the game (None: always)


@attrs.frozen
class ConstCode:
    name: str
    value: Fn


@attrs.frozen
class TableCode:
    order: list[str]  # the column names, in the order the rows give them
    rows: Fn  # -> [[value, ...], ...]


@attrs.frozen
class VarCode:
    info: Any  # the checker's VarInfo: name, keys, type, visibility, label, campaign...
    init: Fn | None  # its start value (None: none)


@attrs.frozen
class RequireCode:
    cond: Fn
    message: Fn


@attrs.frozen
class ScoreCode:
    """A ``score``, ``tiebreak``, ``team`` or ``report`` declaration (not the heuristic)."""
    which: str  # "score" | "tiebreak" | "team" | "report"
    key: str | None  # a report's name
    expr: Fn
    per_seat: bool  # called with a seat (``score p = ...``)
    ty: Any  # the value's static type


@attrs.frozen
class HeuristicCode:
    expr: Fn
    per_seat: bool


@attrs.frozen
class OfferCode:
    """A campaign's ``offer``: the option the next game is chosen by, and its values."""
    option: str
    values: Fn


@attrs.frozen
class TopLevel:
    fns: dict[str, Fn]  # every fn of the rules by name (scenarios call them)
    options: dict[str, OptionCode]
    dummies: list[DummyCode]
    consts: list[ConstCode]
    tables: dict[str, TableCode]
    vars: list[VarCode]
    ends: list[Fn]  # the `end when` conditions
    ends_cost: int  # the work of checking them all once
    requires: list[RequireCode]
    scores: list[ScoreCode]
    heuristic: HeuristicCode | None
    offer: OfferCode | None  # a campaign's; None without one
    # read only by the screens: when an option applies (`option ... if COND`), by option,
    # and how a variable reads (`shown "..."`), by variable
    option_when: dict[str, Fn] = attrs.field(factory=dict)
    shown: dict[str, Fn] = attrs.field(factory=dict)


@attrs.frozen
class Scoring:
    """A ruleset's ``score``, ``tiebreak`` and ``report`` declarations sorted by role once
    (every game's end reads them: ``outcome.compute_outcome``)."""
    score: ScoreCode | None  # the last ``score`` declared, as the game's score
    tiebreaks: list[ScoreCode]
    reports: list[ScoreCode]
    cooperative: bool  # the team wins or loses together
    team: ScoreCode | None = None  # ``team p = ...`` (partners: seats with equal values)

    @staticmethod
    def of(scores: list[ScoreCode], cooperative: bool) -> Scoring:
        score = team = None
        for declared in scores:
            if declared.which == "score":
                score = declared
            elif declared.which == "team":
                team = declared
        return Scoring(score, [d for d in scores if d.which == "tiebreak"],
                       [d for d in scores if d.which == "report"], cooperative, team)


PARTS = (OptionCode, DummyCode, ConstCode, TableCode, VarCode, RequireCode, ScoreCode,
         HeuristicCode, OfferCode, TopLevel)  # the records above (their functions resolved in turn)
