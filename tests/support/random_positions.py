"""A random game played on an adapter's ``Position`` (rulelang/adapters/chance_nodes.py),
for the tests that look at it step by step."""
from __future__ import annotations


def random_steps(position, rng):
    """Yield ``position`` before each step of a random game played on it, then take the
    step: at a chance node an outcome, else a legal move, each at random from ``rng``."""
    while position.is_chance or not position.engine.is_over:
        yield position
        if position.is_chance:
            outcomes = position.chance.outcomes()
            position.decide_chance(outcomes[rng.randrange(len(outcomes))][0])
        else:
            moves = position.engine.legal_moves()
            position.play(moves[rng.randrange(len(moves))])
