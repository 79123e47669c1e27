"""Engines written for one game each, that benchmarks/speed.py times beside rulelang's.

``reference(path, players)`` gives, for a ruleset that has one, the reference's name and a
function playing one random game from a seed (returning its decisions), or None:

- Yokai Sketch: benchmarks/yokai_sketch_by_hand.py, the same rules written directly in
  Python (plain lists and ints, no notation, log or views);
- Oh Hell, Goofspiel, Reversi and Hanabi: OpenSpiel's C++ games (oh_hell with the same
  tricks, goofspiel with as many cards and random prize order, othello, hanabi), driven
  from Python as rulelang's are: one random legal action per decision (every player's at
  once in a simultaneous move), chance drawn by its probabilities. Only where ``pyspiel``
  is installed (the ``openspiel`` extra, part of ``test``).
"""
from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent


def reference(path: str, players: int) -> tuple[str, Callable[[int], int]] | None:
    name = Path(path).stem
    if name == "yokai_sketch":
        sys.path.insert(0, str(HERE))
        from yokai_sketch_by_hand import play_one

        def by_hand(seed: int) -> int:
            return play_one(seed)[1]
        return "by hand", by_hand
    try:
        import pyspiel
    except ImportError:
        return None
    settings = {"oh_hell": ("oh_hell", {"players": players, "num_tricks_fixed": 5}),
                "goofspiel": ("goofspiel", {"players": players, "num_cards": 13,
                                            "imp_info": True, "points_order": "random",
                                            "returns_type": "total_points"}),
                "reversi": ("othello", {}),
                "hanabi": ("hanabi", {"players": players})}
    if name not in settings:
        return None
    game_name, params = settings[name]
    try:
        game = pyspiel.load_game(game_name, params)
    except Exception:
        return None

    def native(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.is_simultaneous_node():
                actions = [state.legal_actions(p) for p in range(game.num_players())]
                state.apply_actions([a[int(rng.random() * len(a))] if a else 0 for a in actions])
                decisions += sum(1 for a in actions if a)
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
                decisions += 1
        return decisions
    return f"OpenSpiel {game_name}", native
