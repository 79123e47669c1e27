"""The greedy bot: one look at each legal move, on a few samples of the hidden cards.

With ``lean``, samples and looks are played on the lean path (runtime/lean_twin.py), which
plays the same games with the same draws: the same choices as on the full path. Not the
default: a greedy decision is a few dozen looks of one move each, and moving the game onto
the lean path costs more than it saves there (benchmarks/playouts.py --kind greedy: 0.81-0.88x
in the two card games measured, README's Speed).

The budget is ``budget`` looks per decision, spread over up to ``samples`` samples (or
``think`` seconds, as many samples as fit). A look is a copy of a sample (``game.copy``: a few
list copies, no log) and the move
played on it: about the cost of a decision. The bot plays the move whose looks are best on
average for its seat (``scoring.value``: a win above everything, a loss below, the rules'
``heuristic`` between). When its move leads straight to another decision of its own (a
card, then where to play it), it looks through that one too, within its budget of looks,
and values it by the move there that is best on average over the samples (``Look``).
Samples come from its seat's knowledge only, so it cannot peek at a hidden card. A look
whose sample breaks the rules (a hidden variable as a setup drew it there) is worth 0.5. In a
choice made at once, the other seats' answers (unknown: a sample drops them) are drawn at
random for each look, the same for every move. Moves it values alike are told apart by
the rules' advice (``prefer``), worked out on a sample.
"""
from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING

from interpreter.bots.scoring import Broken, Scale, value
from interpreter.bots.simple import knowledge_of
from rulelang.language.errors import RulesRuntimeError

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Move
    from interpreter.runtime.engine import Game
    from interpreter.runtime.knowledge import SeatKnowledge


class GreedyBot:
    def __init__(self, seed: int = 0, samples: int = 4, budget: int = 400, depth: int = 3,
                 think: float | None = None, lean: bool = False):
        self.rng = random.Random(seed)
        self.samples, self.budget, self.depth, self.think = samples, budget, depth, think
        self.lean = lean

    def choose(self, given: SeatKnowledge | Game) -> Move:
        knowledge = knowledge_of(given)
        moves = knowledge.moves
        if len(moves) == 1:
            return moves[self.rng.randrange(len(moves))]
        seat = knowledge.seat
        deadline = time.perf_counter() + self.think if self.think is not None else None
        looks = [Look() for _ in moves]
        scale = Scale()
        # The budget is looks in all: many moves, fewer samples (always one at least).
        samples = max(1, min(self.samples, self.budget // len(moves)))
        done = 0
        first: Game | None = None
        self.broken, self.ended = Broken(), 0
        while done < samples or deadline is not None:
            world = knowledge.sample(self.rng, self.lean)
            first = first or world
            self.chance = self.rng.getrandbits(63)  # every look at this world: the same chance
            self.left = max(len(moves), self.budget // samples)
            for i, move in enumerate(moves):
                assert move.index is not None  # a legal move knows its place
                self.look(world, move.index, seat, self.depth, scale, looks[i])
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.broken.check(self.ended)
        totals = [look.worth() for look in looks]
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        advice = first.advice() if first is not None and len(ties) > 1 else None
        if advice is not None:  # the rules' advice, read on a sample (never the host's game)
            most = max(advice[i] for i in ties)
            ties = [i for i in ties if advice[i] == most]
        return moves[self.rng.choice(ties)]

    def look(self, world: Game, index: int, seat: int, depth: int, scale: Scale, into: Look) -> None:
        """Play move ``index`` on a copy of ``world``; what it is worth goes ``into`` the
        move's ``Look`` (through its own next decision, when it leads to one)."""
        after = world.copy(logging=False, seed=self.chance)  # (a seed copies faster than a generator)
        group = after.group
        try:
            after.apply(index, seat)
            if group is not None:  # chosen at once: the others' answers, unknown, at random
                others = random.Random(self.chance)  # (the same for every move looked at)
                while after.group is group:  # (the next such choice is another group)
                    assert after.pending is not None  # (a group waits for its decisions)
                    after.apply(others.randrange(len(after.pending.values)))
        except RulesRuntimeError as error:  # the sample broke the rules (a hidden variable
            self.broken.add(error)  # as a setup drew it, say): a look that tells nothing
            self.left -= 1
            into.total += 0.5
            into.ended += 1
            self.ended += 1
            return
        self.left -= 1
        if not after.is_over and depth > 1 and after.to_move == seat and self.left > 0:
            pending = after.pending
            assert pending is not None  # (its seat is to move)
            n = len(pending.values)
            if n <= self.left:
                into.reached += 1
                keys = pending.move_keys()
                for i in range(n):
                    then = into.next.get(keys[i])
                    if then is None:
                        then = into.next[keys[i]] = Look()
                    self.look(after, i, seat, depth - 1, scale, then)
                return
        try:
            into.total += value(after, seat, scale)
        except RulesRuntimeError as error:  # (its value cannot be read in that world: as above)
            self.broken.add(error)
            into.total += 0.5
        into.ended += 1
        self.ended += 1


class Look:
    """What a move is worth over the samples looked at: the values of the looks that
    ended with it, and, in the samples where it leads to the bot's own next decision,
    a ``Look`` for each move of that one (by its notation)."""
    __slots__ = ("total", "ended", "reached", "next")

    def __init__(self) -> None:
        self.total, self.ended, self.reached = 0.0, 0, 0
        self.next: dict[Hashable, Look] = {}

    def worth(self) -> float:
        """The mean over the samples. At its own next decision the bot takes the move best
        *on average*, not the best in each sample: it will not know the hidden cards then
        either (taking each sample's best would value "play a card" as if it knew which)."""
        looked = self.ended + self.reached
        if not looked:
            return 0.0
        best = max(look.worth() for look in self.next.values()) if self.next else 0.0
        return (self.total + self.reached * best) / looked
