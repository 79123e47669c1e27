"""A position works out its legal moves by action id once per game state
(``Position.moves_by_action``, rulelang/adapters/chance_nodes.py): after every move, draw and
copy, what it gives is what the engine's legal moves give now, for the position and for a
copy that played on from it (the two share their engine game until one moves)."""
from __future__ import annotations

import random

from rulelang.adapters.table import open_table
from support import ROOT


def _fresh(position, actions):
    return {actions.id_of(str(m)): str(m) for m in position.engine.legal_moves()}


def _cached(position, actions):
    return {i: str(m) for i, m in position.moves_by_action(actions).items()}


def test_the_moves_by_action_are_the_engines_after_every_step_and_copy():
    table = open_table(ROOT / "games/yokai_sketch.rules", players=2)
    actions = table.actions
    rng = random.Random(5)
    position = table.new_position()
    steps = 0
    while position.is_chance or not position.engine.is_over:
        if position.is_chance:
            outcomes = position.chance.outcomes()
            position.decide_chance(outcomes[rng.randrange(len(outcomes))][0])
            continue
        assert _cached(position, actions) == _fresh(position, actions)
        copy = position.copy()
        assert _cached(copy, actions) == _fresh(position, actions)  # shared, as the engine is
        moves = list(position.moves_by_action(actions).values())
        copy.play(moves[-1])  # the copy moves on: the position's own moves stay its own
        if not copy.is_chance and not copy.engine.is_over:
            assert _cached(copy, actions) == _fresh(copy, actions)
        assert _cached(position, actions) == _fresh(position, actions)
        position.play(moves[rng.randrange(len(moves))])
        steps += 1
    assert steps > 50
