"""``scoring.values`` (a playout's end valued for every seat at once, as the tree search
reads it) against ``scoring.value`` asked seat by seat: the same numbers, and the scale
left in the same state, at every position of seeded random games played to their end, in
rulesets with a heuristic per seat, without one, cooperative, and ending in draws."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.bots.scoring import Scale, value, values
from support import ROOT

CASES = [("games/yokai_sketch.rules", 2, {}), ("examples/oh_hell.rules", 3, {}),
         ("examples/hanabi.rules", 2, {}), ("examples/tictactoe.rules", 2, {}),
         ("examples/liars_dice.rules", 3, {}), ("games/yokai.rules", 3, {"levels": [1]})]


@pytest.mark.parametrize(("path", "players", "options"), CASES, ids=[c[0] for c in CASES])
def test_values_at_once_are_value_seat_by_seat(path, players, options):
    rules = rulelang.load(ROOT / path).lean()
    ends = set()
    for seed in range(8):
        game = rules.new_game(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        at_once, by_seat = Scale(1.5), Scale(1.5)
        while True:
            work = game.work
            got = values(game, players, at_once)
            worked, game.work = game.work - work, work
            assert got == [value(game, seat, by_seat) for seat in range(players)]
            assert game.work - work == worked  # the same work counted
            assert (at_once.total, at_once.count) == (by_seat.total, by_seat.count)
            if game.is_over:
                ends.add(game.outcome_record.result)
                break
            game.play(rng.randrange(len(game.legal_moves())))
    assert ends  # every game was played to its end
    if path == "examples/tictactoe.rules":
        assert "draw" in ends  # (seed 7)
