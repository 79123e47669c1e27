"""``Position.playout`` (OpenSpiel's ``RolloutEvaluator`` asks it for a leaf's value) plays on
the lean path (rulelang/adapters/chance_nodes.py): against the full path it played before
(``lean=False``), from positions along seeded games of rulesets with hidden cards, chance
in play, simultaneous choices and passes, the same outcome and the same draws from the
generator, every time."""
from __future__ import annotations

import random

import pytest

from rulelang.adapters.table import open_table
from support import ROOT
from support.random_positions import random_steps

GAMES = [
    ("games/yokai_sketch.rules", 2),  # a pass, a deck shuffled again
    ("examples/oh_hell.rules", 3),
    ("examples/goofspiel.rules", 2),  # choices made at once
    ("examples/pig.rules", 2),  # dice: chance at every turn
    ("examples/hanabi.rules", 2),  # cooperative
    ("examples/liars_dice.rules", 2),
]


@pytest.mark.parametrize(("path", "players"), GAMES)
def test_a_playout_on_the_lean_path_is_the_full_paths(path, players):
    table = open_table(ROOT / path, players=players)
    rng = random.Random(17)
    position = table.new_position()
    compared = 0
    for at in random_steps(position, rng):
        if compared < 12:
            lean_rng, full_rng = random.Random(compared), random.Random(compared)
            lean = at.playout(lean_rng)
            full = at.playout(full_rng, lean=False)
            assert lean == full
            assert lean_rng.getstate() == full_rng.getstate()
            compared += 1
    assert compared >= 4  # (a game of Liar's Dice may be five states long)
