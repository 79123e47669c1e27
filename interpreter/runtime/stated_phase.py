"""A position that starts mid-round: in a phase, a rule of the rules, as it asks.

A position without a phase starts a turn, and a ``play`` block runs from the top (a new
round's deal would undo it). With ``phase=RULE`` the game is first played from its setup
until that rule (the ``phase_call``-th time it runs) asks for a decision: each decision
before it is answered with its first legal move, as the rules offer it. The position is
then laid over that game, and the decision is worked out again in it. So the rules keep
their place: the loop a round is in, the call that plays the trick, the steps after it.
What the rules had worked out before the position was laid over stays as it was (a rule's
arguments, the number of the trick in the round): state what they read as variables.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language.errors import RulesError, did_you_mean

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.helpers import Frame

MAX_DECISIONS_BEFORE = 10_000  # a phase the first moves never reach is refused, not waited for


def run_to_phase(g: Game, phase: str, call: int) -> None:
    """Play ``g`` (its setup done) from the top of its play until rule ``phase``, in its
    ``call``-th run, waits for a decision."""
    unit = g.rules.units.get(f"rule:{phase}")
    if unit is None:
        rules = sorted(key.removeprefix("rule:") for key in g.rules.units if key.startswith("rule:"))
        hint = did_you_mean(phase, rules)
        raise RulesError(f"the phase '{phase}' is no rule of these rules"
                         + (f" ({hint})" if hint else "")
                         + f"; a phase is a rule that asks a decision: {', '.join(rules) or 'none'}")
    if type(call) is not int or call < 1:
        raise RulesError(f"the phase's run is counted from 1, not {call!r}")
    from interpreter.runtime.stated_position import _to_start_of_turn
    _to_start_of_turn(g)
    g.run()
    runs: list[Frame] = []  # the frames of that rule met so far (kept: their ids stay theirs)
    for _ in range(MAX_DECISIONS_BEFORE):
        if g.over:
            break
        for frame in g.frames:
            if frame.unit is unit and all(frame is not seen for seen in runs):
                runs.append(frame)
        if any(frame.unit is unit for frame in g.frames) and len(runs) >= call \
                and any(frame is runs[call - 1] for frame in g.frames):
            return
        g.play(g.legal_moves()[0])
    said = f"run {call} of {phase}" if call > 1 else phase
    raise RulesError(f"the game never reaches a decision in {said}: "
                     + (f"it ended after {phase} ran {len(runs)} time(s)" if g.over
                        else f"{MAX_DECISIONS_BEFORE:,} decisions came first"))


def settle_at_phase(g: Game) -> None:
    """The game stopped in its phase, with the position laid over it: the moves that led
    there forgotten (a position has no past), the waiting decision worked out again."""
    from interpreter.runtime.decisions import Decision, Group
    g.log = []
    g.unsettled = []
    g.history = []
    g.steps = 0
    frame = g.frames[-1]
    group = g.group
    if group is not None:
        seats = [d.seat for d in group.decisions]
        g.group = Group(group.site, frame, Group.asked(g, group.site, frame, seats), {})
        g.pending = g.group.first_open()
        return
    pending = g.pending
    if pending is None:
        raise RulesError("the game waits for no decision in its phase")
    g.pending = g.guard(lambda: Decision.recompute(g, pending.site, frame))
