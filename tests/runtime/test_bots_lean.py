"""Bots look ahead on the lean path (their samples are ``lean_twin``s, runtime/lean_twin.py)
and make the same choices as on the full path: the same seed, the same moves, decision for
decision, in games with hidden cards, simultaneous choices, advice and partners."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.bots import GreedyBot, MctsBot
from interpreter.runtime.knowledge import seat_knowledge
from interpreter.runtime.lean_game import LeanGame
from support import ROOT

GAMES = [
    ("games/yokai_sketch.rules", 2, {}),  # hidden cards, a pass move
    ("examples/oh_hell.rules", 3, {}),  # bids (numbers), tricks
    ("examples/goofspiel.rules", 2, {}),  # choices made at once
    ("examples/hanabi.rules", 2, {}),  # cooperative: advice, the partner model
]


def _choices(path, players, options, make, decisions) -> list[str]:
    rules = rulelang.load(ROOT / path)
    game = rules.new_game(players=players, seed=7, options=options, log=False)
    bots = [make(seat) for seat in range(players)]
    chosen = []
    while not game.is_over and len(chosen) < decisions:
        move = bots[game.to_move].choose(seat_knowledge(game))
        chosen.append(f"{int(game.to_move)} {move}")
        game.play(move)
    return chosen


@pytest.mark.parametrize(("path", "players", "options"), GAMES)
def test_mcts_chooses_the_same_on_the_lean_path(path, players, options):
    lean = _choices(path, players, options,
                    lambda seat: MctsBot(seat, playouts=16, lean=True), 12)
    full = _choices(path, players, options,
                    lambda seat: MctsBot(seat, playouts=16, lean=False), 12)
    assert lean == full
    assert len(lean) >= 6


@pytest.mark.parametrize(("path", "players", "options"), GAMES[:3])
def test_greedy_chooses_the_same_on_the_lean_path(path, players, options):
    lean = _choices(path, players, options, lambda seat: GreedyBot(seat, lean=True), 10)
    full = _choices(path, players, options, lambda seat: GreedyBot(seat, lean=False), 10)
    assert lean == full


def test_the_worlds_are_lean_and_the_full_ones_are_not():
    """What the bots play on: lean samples by default, full ones with lean=False; moves
    keyed the same (the root's keys are its notations)."""
    rules = rulelang.load(ROOT / "games/yokai_sketch.rules")
    game = rules.new_game(players=2, seed=3, log=False)
    knowledge = seat_knowledge(game)
    import random
    lean = knowledge.sample(random.Random(1), lean=True)
    full = knowledge.sample(random.Random(1), lean=False)
    assert type(lean) is LeanGame and type(full) is not LeanGame
    notations = [m.notation for m in knowledge.moves]
    assert lean.pending.move_keys() == full.pending.move_keys() == notations
    assert lean.save() == full.save()  # the same sample, drawn the same way
