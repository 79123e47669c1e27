"""Information-set Monte Carlo tree search (single observer, with determinizations).

Each playout starts from a new sample of the hidden cards (``SeatKnowledge.sample``), so
the search never reads a face its seat does not know. One tree serves every sample: a node
is a sequence of moves (by notation) from the decision at hand; a move a sample does not
offer is skipped in that playout, and a node's choice among its children weighs each child
by how often it was on offer (ISUCT). The tree grows one node per playout; below it the
playout is random moves up to ``horizon`` decisions, then the position is valued
(``scoring.value``: the result if the game is over, the rules' heuristic if not). Every
node keeps a total per seat and each seat picks what is best for itself. In a cooperative
game there is one value, the team's (its result; the heuristic as this seat knows it), and
every seat in the tree plays for it: partners are modelled as playing for the team.

A decision with more moves than half the playouts (a tile that fits in 150 places) cannot
be searched this way: each move would be tried once at best. The bot then takes the
greedy bot's one look at each move instead.

The budget is ``playouts`` per decision (reproducible: same seed, same moves), or ``think``
seconds (not reproducible: how far it gets depends on the machine).
"""
from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from interpreter.bots.greedy import GreedyBot
from interpreter.bots.scoring import Scale, value
from interpreter.bots.simple import knowledge_of

if TYPE_CHECKING:
    from interpreter.runtime.decisions import Move
    from interpreter.runtime.engine import Game
    from interpreter.runtime.knowledge import SeatKnowledge


class Node:
    __slots__ = ("children", "visits", "offered", "totals", "seat")

    def __init__(self, seat: int | None, nseats: int):
        self.children: dict[Move, Node] = {}  # Move -> Node
        self.visits = 0
        self.offered = 0  # playouts in which this node's move was on offer
        self.totals = [0.0] * nseats  # summed values, per seat
        self.seat = seat  # who chose the move leading here (None at the root)


class MctsBot:
    def __init__(self, seed: int = 0, playouts: int = 60, think: float | None = None,
                 horizon: int = 10, exploration: float = 0.7):
        self.rng = random.Random(seed)
        self.playouts, self.think = playouts, think
        self.horizon, self.exploration = horizon, exploration
        self.greedy = GreedyBot(seed + 1, budget=max(2 * playouts, 100))

    def choose(self, given: SeatKnowledge | Game) -> Move:
        knowledge = knowledge_of(given)
        moves = knowledge.moves
        if len(moves) == 1:
            return moves[0]
        if len(moves) * 2 > self.playouts and self.think is None:
            return self.greedy.choose(knowledge)  # too many moves to try each even twice
        nseats = len(knowledge.players)
        team = knowledge.seat if knowledge.cooperative else None
        root = Node(None, nseats)
        scale = Scale()
        deadline = time.perf_counter() + self.think if self.think is not None else None
        done = 0
        while True:
            self.playout(knowledge.sample(self.rng), root, nseats, scale, team)
            done += 1
            if deadline is None:
                if done >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
        visits = [root.children[m].visits if m in root.children else -1 for m in moves]
        best = max(visits)
        return moves[self.rng.choice([i for i, v in enumerate(visits) if v == best])]

    def playout(self, game: Game, root: Node, nseats: int, scale: Scale, team: int | None) -> None:
        rng, node, path = self.rng, root, [root]
        while not game.is_over:  # down the tree, adding one node
            moves = game.legal_moves()
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                for m in moves:
                    if m in children:
                        children[m].offered += 1
                child = children[move] = Node(move.seat, nseats)
                child.offered = 1
                assert move.index is not None  # a legal move knows its place
                game.apply(move.index)
                path.append(child)
                break
            seat = game.to_move
            assert seat is not None  # (the game is not over)
            best, chosen = -1.0, moves[0]  # every score is above -1: the first is bettered
            for m in moves:
                child = children[m]
                child.offered += 1
                bonus = self.exploration * math.sqrt(math.log(child.offered) / child.visits)
                score = child.totals[seat] / child.visits + bonus
                if score > best:
                    best, chosen = score, m
            node = children[chosen]
            assert chosen.index is not None
            game.apply(chosen.index)
            path.append(node)
        steps = 0
        while not game.is_over and steps < self.horizon:  # then at random
            assert game.pending is not None  # (not over: a decision waits)
            game.apply(rng.randrange(len(game.pending.values)))
            steps += 1
        if team is not None:  # one value for the whole team, from this seat's knowledge
            values = [value(game, team, scale)] * nseats
        else:
            values = [value(game, seat, scale) for seat in range(nseats)]
        for n in path:
            n.visits += 1
            totals = n.totals
            for s in range(nseats):
                totals[s] += values[s]
