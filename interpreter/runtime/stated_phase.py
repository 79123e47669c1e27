"""A position that starts mid-round: as a phase, a rule of the rules, begins.

A position without a phase starts a turn, and a ``play`` block runs from the top (a new
round's deal would undo it). With ``phase=RULE`` the game is first played from its setup
until that rule, in the ``phase_call``-th of its runs that ask one, asks for a decision:
each decision before it is answered with its first legal move (a phase never reached says
how often the rule ran, and how many of those runs asked). That run of the rule is then taken back to its
start (its arguments kept), the position is laid over the game, and the rule runs again
from its first line on what the position states. So the rules keep their place: the loop
a round is in, the rule that called it and what follows the call. What the callers had
worked out before stays as it was (the rule's arguments, the number of the trick in the
round): state what they read as variables.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language.errors import RulesError, did_you_mean

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.helpers import Frame
    from interpreter.runtime.ruleset import CompiledUnit
    from interpreter.runtime.values import Value

MAX_DECISIONS_BEFORE = 10_000  # a phase the first moves never reach is refused, not waited for


def run_to_phase(g: Game, phase: str, call: int) -> None:
    """Play ``g`` (its setup done) from the top of its play until rule ``phase``, in its
    ``call``-th run, waits for a decision; then take that run back to its start."""
    units = g.rules.units
    asking = sorted(key.removeprefix("rule:") for key, unit in units.items()
                    if key.startswith("rule:") and unit.machine)
    unit = units.get(f"rule:{phase}")
    if unit is None or not unit.machine:
        hint = did_you_mean(phase, asking)
        what = (f"the rule '{phase}' never asks a decision" if unit is not None
                else f"the phase '{phase}' is no rule of these rules"
                + (f" ({hint})" if hint else ""))
        raise RulesError(f"{what}; a phase is a rule that asks one (itself or through the "
                         f"rules it calls): {', '.join(asking) or 'these rules have none'}")
    if type(call) is not int or call < 1:
        raise RulesError(f"the phase's run is counted from 1, not {call!r}")
    from interpreter.runtime.stated_position import _to_start_of_turn
    _to_start_of_turn(g)
    game_class = type(g)
    started = [0]  # the runs of that rule begun, whether or not they reached a decision
    g.__class__ = _counting(game_class, unit, started)
    try:
        g.run()
        runs: list[Frame] = []  # the frames of that rule met at a decision (kept: ids stay theirs)
        for _ in range(MAX_DECISIONS_BEFORE):
            if g.over:
                break
            for frame in g.frames:
                if frame.unit is unit and all(frame is not seen for seen in runs):
                    runs.append(frame)
            if len(runs) >= call:
                depth = next((i for i, f in enumerate(g.frames) if f is runs[call - 1]), None)
                if depth is not None:
                    _back_to_start(g, depth)
                    return
            g.play(g.legal_moves()[0])
    finally:
        g.__class__ = game_class
    said = f"run {call} of {phase}" if call > 1 else phase
    if not g.over:
        raise RulesError(f"the game never reaches a decision in {said}: "
                         f"{MAX_DECISIONS_BEFORE:,} decisions came first")
    reached = len(runs)
    some = "none" if reached == 0 else f"{reached}" if reached < started[0] else "each"
    raise RulesError(
        f"the game never reaches a decision in {said}: it ended after {phase} ran "
        f"{started[0]} time(s), {some} of them reaching a decision"
        + ("" if reached == started[0] else
           f" (each decision before it answered with its first legal move; a phase counts "
           f"only the runs of {phase} that reach a decision)"))


def _counting(game_class: type[Game], unit: object, started: list[int]) -> type[Game]:
    """The game's class, but counting in ``started`` each run of ``unit`` begun."""
    def call(self: Game, called: CompiledUnit, args: list[Value]) -> Frame:
        if called is unit:
            started[0] += 1
        return game_class.call(self, called, args)
    return type(game_class.__name__, (game_class,), {"__slots__": (), "call": call})


def _back_to_start(g: Game, depth: int) -> None:
    """The rule running at ``depth`` taken back to its first line, its arguments kept; the
    rules it called and the decision it waits on dropped."""
    frame = g.frames[depth]
    unit = frame.unit
    params = unit.nslots - len(unit.pad)
    frame.pc, frame.L = 0, frame.L[:params] + list(unit.pad)
    del g.frames[depth + 1:]
    g.pending = None
    g.group = None


def start_in_phase(g: Game) -> None:
    """The position laid over the game: the phase's rule runs from its start to its first
    decision, with no past (the moves that led there are not the position's)."""
    g.log = []
    g.unsettled = []
    g.history = []
    g.steps = 0
    g.run()
