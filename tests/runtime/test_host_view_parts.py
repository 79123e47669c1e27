"""The game tests read the host's prompt, variables and zones through support/host.py,
which works each out alone: each must be what ``game.view(None)`` holds, move after move."""
from __future__ import annotations

import random

import pytest

from support import host, load


@pytest.mark.parametrize("path,players", [("games/yami.rules", 3), ("games/yokai.rules", 2),
                                          ("games/yokai_sketch.rules", 2)])
def test_each_part_is_what_the_host_s_view_holds(path, players):
    game = load(path).new_game(players=players, seed=5)
    rng = random.Random(5)
    compared = 0
    while not game.is_over and compared < 40:
        view = game.view(None)
        assert host.prompt(game) == view["decision"]["prompt"]
        assert {name: host.var(game, name) for name in view["vars"]} == view["vars"]
        assert {name: host.zone(game, name) for name in view["zones"]} == view["zones"]
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        compared += 1
    assert compared >= 5  # some positions were compared
