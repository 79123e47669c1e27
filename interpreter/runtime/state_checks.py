"""Checking a restored state: a save is untrusted, so restoring takes nothing on faith.

``state.py`` reads each part of a save strictly (its shape and its types: the readers
here) and then runs one check per part against the whole state (the ``check`` of each
``Field``): every card in exactly one place, frames at positions their unit can be left
at, the pending decision the one those frames wait on, ``over`` and the outcome agreeing.
Anything wrong is a ``Damaged`` error naming what; ``restore`` turns it into a RulesError.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from interpreter.runtime.protocol import Damaged, _short
from interpreter.runtime.values import Card, Cell, EnumValue, Family, Placement, Row, Seat, Shape, Value, Zone

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Decision
    from interpreter.runtime.engine import Game
    from interpreter.runtime.helpers import Frame
    from interpreter.runtime.outcome import GameEnd, Outcome
    from rulelang.language.types import Type

MAX_TURNS = 10**9  # a turn counter in a save
MAX_LOG = 1_000_000  # log entries in a save
MAX_FRAMES = 400  # rules running inside each other (calls and triggers stop at 300)


# ------------------------------------------------------------------ readers

def need(ok: object, what: str) -> None:
    if not ok:
        raise Damaged(what)


def a_list(data: Any, what: str, length: int | None = None, most: int | None = None
           ) -> list[Any]:
    if type(data) is not list:
        raise Damaged(f"{what} should be a list, not {_short(data)}")
    if length is not None and len(data) != length:
        raise Damaged(f"{what} should have {length} items, not {len(data)}")
    if most is not None and len(data) > most:
        raise Damaged(f"{what} has {len(data):,} items (at most {most:,})")
    return data


def a_dict(data: Any, what: str) -> dict[Any, Any]:
    if type(data) is not dict:
        raise Damaged(f"{what} should be an object, not {_short(data)}")
    return data


def an_int(data: Any, what: str, lo: int, hi: int) -> int:
    if type(data) is int and lo <= data <= hi:
        return data
    if type(data) is not int:
        raise Damaged(f"{what} should be a whole number, not {_short(data)}")
    raise Damaged(f"{what} is {_short(data)}, outside {lo:,}..{hi:,}")


def a_bool(data: Any, what: str) -> bool:
    if type(data) is not bool:
        raise Damaged(f"{what} should be true or false, not {_short(data)}")
    return data


def a_text(data: Any, what: str) -> str:
    if type(data) is not str:
        raise Damaged(f"{what} should be text, not {_short(data)}")
    return data


def same_names(found: Iterable[Any], expected: Iterable[Any], what: str) -> None:
    """A save names exactly the parts the rules declare (no more, no fewer)."""
    found_names, expected_names = set(found), set(expected)
    if found_names == expected_names:
        return
    extra = sorted(found_names - expected_names, key=str)
    missing = sorted(expected_names - found_names, key=str)
    if extra:
        raise Damaged(f"{what}: these rules have no {_short(extra[0])}")
    raise Damaged(f"{what}: {_short(missing[0])} is missing")


# ------------------------------------------------------------------ values against types

def fits(g: Game, value: Value, ty: Type | None) -> bool:
    """Can a variable, a field or a constant of static type ``ty`` hold ``value``? None
    fits every type (as in the checker, where none is a value of every type)."""
    if value is None or ty is None:
        return True
    name, t = ty.name, type(value)
    if name == "any":
        return True
    if name == "int":
        return t is int or t is Seat
    if name == "bool":
        return t is bool
    if name == "text":
        return t is str
    if name == "seat":
        return t is Seat or (t is int and 0 <= value < len(g.seats))
    if name == "card":
        return t is Card and (not ty.arg or value.kind == ty.arg)
    if name == "enum":
        return t is EnumValue and value.enum == ty.arg
    if name == "zone":
        return t is Zone
    if name == "family":
        return t is Family
    if name == "cell":
        return t is Cell
    if name == "shape":
        return t is Shape
    if name == "placement":
        return t is Placement
    if name == "row":
        return t is Row
    if name == "list":
        return t is list and all(fits(g, x, ty.arg) for x in value)
    if name == "tuple":
        args = ty.arg or ()
        return t is tuple and (not args or len(args) == len(value)) and all(
            fits(g, x, a) for x, a in zip(value, args))
    return False  # a function: never saved


def fitting(g: Game, value: Value, ty: Type | None, what: str) -> Value:
    if not fits(g, value, ty):
        raise Damaged(f"{what} holds {_short(value)}, not {ty}")
    return value


# ------------------------------------------------------------------ checks across parts

def check_known(g: Game, known: list[int]) -> None:
    need(len(known) == len(g.cards), f"there are {len(g.cards)} cards but {len(known)} known masks")


def check_zones(g: Game, zc: list[list[Card]]) -> None:
    """Every card lies in at most one zone (the reading counted each once: a card may be
    out of play, as a position leaves the cards it does not place), and is known at least
    to the seats its zone shows it to."""
    everyone, known = g.everyone, g.known
    for zone in g.layout.zone_list:
        cards = zc[zone.i]
        shown = (cards if zone.vis == "public" else cards[-1:] if zone.vis == "top" else ())
        for card in shown:
            need(known[card.id] == everyone,
                 f"card {card.id} ({card.label}) lies face up in {zone.name} but not everyone knows it")
        if zone.vis == "owner" and zone.owner is not None:
            for card in cards:
                need(known[card.id] >> zone.owner & 1,
                     f"card {card.id} ({card.label}) is in {zone.name} but its owner does not know it")


def check_frames(g: Game, frames: list[Frame]) -> None:
    """The rules running: none once the game is over; else the play, setup only just above
    it (while setup runs), every frame at a position its unit can be left at."""
    if g.over:
        need(not frames, "a game that is over has no rules running")
        return
    need(frames and frames[0].unit.key == "play", "the rules running should start with the play")
    for depth, frame in enumerate(frames[1:], 1):
        need(frame.unit.key != "play", "the play runs once, at the bottom")
        need(frame.unit.key != "setup" or depth == 1, "setup runs only just above the play")
    in_setup = len(frames) > 1 and frames[1].unit.key == "setup"
    need(g.in_setup == in_setup, f"in_setup is {g.in_setup}, but setup is "
                                 f"{'running' if in_setup else 'over'}")


def check_pending(g: Game, pending: Decision | None) -> None:
    """A game at rest waits for exactly one decision unless it is over: the one its top
    frame is paused at, asked of the seat the rules would ask."""
    if g.over:
        need(pending is None, "a game that is over waits for no decision")
        return
    if pending is None:
        raise Damaged("a game that is not over waits for a decision")
    frame, site = g.frames[-1], pending.site
    need(frame.unit.key == site.unit and frame.pc == site.resume,
         f"the decision '{site.name}' is not where the running rules wait")
    need(pending.values, f"the decision '{site.name}' offers nothing")
    need(g.steps == 0, "steps should be 0 while a decision waits")


def check_unsettled(g: Game, unsettled: list[int]) -> None:
    log = g.log
    need(unsettled == sorted(set(unsettled)), "unsettled lines should be listed once, in order")
    for i in unsettled:
        need(0 <= i < len(log) and type(log[i]).__name__ == "Choice",
             f"unsettled line {i} is not a decision in the log")


def check_result(g: Game, result: GameEnd | None) -> None:
    need((result is None) == (not g.over), "over and result disagree: "
                                           f"over is {g.over}, the result is {_short(result)}")


def check_outcome(g: Game, outcome: Outcome | None) -> None:
    """The outcome is what the rules make of the finished game (so it is worked out again)."""
    if not g.over:
        need(outcome is None, "a game that is not over has no outcome")
        return
    from interpreter.runtime.outcome import compute_outcome
    worked_out = compute_outcome(g)
    need(outcome is not None and outcome.as_dict() == worked_out.as_dict(),
         "the outcome is not the one these rules give")
    g.outcome_cache = worked_out  # the same, with any report a save leaves out (named like a result)
