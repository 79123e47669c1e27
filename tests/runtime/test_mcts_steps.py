"""``mcts.step`` (a step down the tree) against the general code it writes out: where every
move is allowed (a node with no advice or look to order it), a move that has a node already
is not ranked again (its rank was given when its node was made, and such a node's order is
never made again). The same choices, draws, playouts and work, decision for decision, with
``step`` as it was, in games whose nodes are ordered by nothing, by advice and by looks."""
from __future__ import annotations

import math
from typing import cast

import pytest

import rulelang
from interpreter.bots import MctsBot, mcts
from interpreter.bots.mcts import Node, Order
from interpreter.runtime.knowledge import seat_knowledge
from support import ROOT

GAMES = [
    ("games/yokai_sketch.rules", 2),  # no advice: every node unordered
    ("examples/oh_hell.rules", 3),
    ("examples/hanabi.rules", 2),  # advice: ordered nodes, widened as they are visited
    ("examples/breakthrough.rules", 2),  # wide roots, ordered by a look at each move
]


def general_step(node: Node, keys, seat: int, c: float) -> tuple[int, Node]:
    """``step`` as it was: every move ranked, whether every move is allowed or not."""
    order, children = cast(Order, node.order), node.children
    limit = 2 + int(1.5 * math.sqrt(node.visits)) if node.informed else 1 << 30
    tried: list[tuple[int, Node]] = []
    untried = best_rank = -1
    i = -1
    for n in keys:
        i += 1
        rank = order.get(n)
        if rank is None:
            rank = order[n] = len(order)
        if rank >= limit:
            continue
        child = children.get(n)
        if child is None:
            if best_rank < 0 or rank < best_rank:
                best_rank, untried = rank, i
        else:
            tried.append((i, child))
    if untried >= 0:
        for _, child in tried:
            child.offered += 1
        child = children[keys[untried]] = Node(len(node.totals))
        child.offered = 1
        return untried, child
    if not tried:
        return -1, node
    best, chosen = -1.0, tried[0]
    for i, child in tried:
        offered = child.offered = child.offered + 1
        visits = child.visits
        score = child.totals[seat] / visits + c * math.sqrt(math.log(offered) / visits)
        if score > best:
            best, chosen = score, (i, child)
    return chosen


def _played(path: str, players: int, decisions: int = 6) -> list[tuple]:
    rules = rulelang.load(ROOT / path)
    game = rules.new_game(players=players, seed=5, log=False)
    bots = [MctsBot(seat, playouts=24) for seat in range(players)]
    seen = []
    while not game.is_over and len(seen) < decisions:
        moves = game.legal_moves()
        if len(moves) == 1:
            game.play(moves[0])
            continue
        bot = bots[game.to_move]
        move = bot.choose(seat_knowledge(game))
        seen.append((int(game.to_move), str(move), bot.played, bot.worked, bot.rng.getstate()))
        game.play(move)
    return seen


@pytest.mark.parametrize(("path", "players"), GAMES)
def test_steps_choose_as_the_general_code(path, players, monkeypatch):
    ours = _played(path, players)
    monkeypatch.setattr(mcts, "step", general_step)
    assert ours == _played(path, players)
    assert len(ours) >= 3
