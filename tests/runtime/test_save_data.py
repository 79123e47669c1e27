"""``saving.save_data``: what a save writes before it is text. The differential tests compare
whole states by it (support/lean_differential.py ``state_text``), so it must read as the
save reads back, and the state text must tell the same games apart as the save does."""
from __future__ import annotations

import json
import random

from interpreter.runtime.saving import save_data
from support import differential
from support import lean_differential as both


def _played(config, moves: int):
    game = both.full_rules(config.path).new_game(players=config.players, seed=config.seed,
                                                 options=dict(config.options), log=False)
    rng = random.Random(config.seed)
    while not game.is_over and moves:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
        moves -= 1
    return game


def test_the_save_data_is_what_the_save_reads_back_as():
    for path in ("games/yami.rules", "games/yokai.rules", "examples/oh_hell.rules"):
        config = next(c for c in differential.configurations() if c.path == path)
        game = _played(config, 30)
        data = save_data(game)
        assert json.loads(json.dumps(data)) == json.loads(game.save())
        read_back = json.loads(game.save())
        for part in both.NOT_COMPARED:
            read_back.pop(part, None)
        assert both.state_text(game) == json.dumps(read_back, sort_keys=True)


def test_the_state_text_tells_apart_games_one_move_apart():
    config = next(c for c in differential.configurations() if c.path == "games/yokai_sketch.rules")
    assert both.state_text(_played(config, 6)) != both.state_text(_played(config, 7))
