"""The greedy bot: one look at each legal move, on a few samples of the hidden cards.

The budget is ``budget`` looks per decision, spread over up to ``samples`` samples (or
``think`` seconds, as many samples as fit). A look is a copy of a sample (``game.copy``: a few list copies, no log) and the move
played on it: about the cost of a decision. The bot plays the move whose looks are best on
average for its seat (``scoring.value``: a win above everything, a loss below, the rules'
``heuristic`` between). When its move leads straight to another decision of its own (a
card, then where to play it), it looks through that one too, within its budget of looks.
Samples come from its seat's knowledge only, so it cannot peek at a hidden card. In a
choice made at once, the other seats' answers (unknown: a sample drops them) are drawn at
random for each look, the same for every move.
"""
from __future__ import annotations

import random
import time

from interpreter.bots import knowledge_of
from interpreter.bots.scoring import Scale, value


class GreedyBot:
    def __init__(self, seed: int = 0, samples: int = 4, budget: int = 400, depth: int = 3,
                 think: float | None = None):
        self.rng = random.Random(seed)
        self.samples, self.budget, self.depth, self.think = samples, budget, depth, think

    def choose(self, given):
        knowledge = knowledge_of(given)
        moves = knowledge.moves
        if len(moves) == 1:
            return moves[self.rng.randrange(len(moves))]
        seat = knowledge.seat
        deadline = time.perf_counter() + self.think if self.think is not None else None
        totals = [0.0] * len(moves)
        scale = Scale()
        # The budget is looks in all: many moves, fewer samples (always one at least).
        samples = max(1, min(self.samples, self.budget // len(moves)))
        done = 0
        while done < samples or deadline is not None:
            world = knowledge.sample(self.rng)
            self.chance = self.rng.getrandbits(63)  # every look at this world: the same chance
            self.left = max(len(moves), self.budget // samples)
            for i, move in enumerate(moves):
                totals[i] += self.look(world, move.index, seat, self.depth, scale)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(totals)
        return moves[self.rng.choice([i for i, t in enumerate(totals) if t >= best - 1e-9])]

    def look(self, world, index, seat, depth, scale) -> float:
        after = world.copy(logging=False, seed=self.chance)  # (a seed copies faster than a generator)
        group = after.group
        after.apply(index, seat)
        if group is not None:  # chosen at once: the others' answers, unknown, drawn at random
            others = random.Random(self.chance)  # (the same for every move looked at)
            while after.group is group:  # (the next such choice is another group)
                after.apply(others.randrange(len(after.pending.values)))
        self.left -= 1
        if not after.is_over and depth > 1 and after.to_move == seat and self.left > 0:
            n = len(after.pending.values)
            if n <= self.left:
                return max(self.look(after, i, seat, depth - 1, scale) for i in range(n))
        return value(after, seat, scale)
