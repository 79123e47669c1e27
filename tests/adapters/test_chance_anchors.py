"""A position whose rules draw chance after setup (Yokai Sketch shuffles its discards into a
new deck) keeps a
snapshot every ``ANCHOR_EVERY`` moves, and a draw decided later rebuilds the game from the
latest one (rulelang/adapters/chance_nodes.py): the same game, state for state, as one
rebuilt from the draw before it, and fewer moves replayed."""
from __future__ import annotations

import random

import pytest

from rulelang.adapters import chance_nodes
from rulelang.adapters.table import open_table
from support import ROOT
from support.random_positions import random_steps

REBUILD = chance_nodes.Position._rebuild


def _played(path, players, seed, every, monkeypatch):
    monkeypatch.setattr(chance_nodes, "ANCHOR_EVERY", every)
    table = open_table(ROOT / path, players=players)
    position = table.new_position()
    rng = random.Random(seed)
    saves, replayed = [], []
    def counting(self):
        since = self.anchor.moves if self.anchor is not None else 0
        replayed.append(len(self.moves) - since)
        return REBUILD(self)

    monkeypatch.setattr(chance_nodes.Position, "_rebuild", counting)
    for at in random_steps(position, rng):
        if not at.is_chance:
            saves.append(at.engine.save())
    saves.append(position.engine.save())  # (over)
    return saves, replayed


@pytest.mark.parametrize("seed", range(3))
def test_a_draw_in_play_rebuilds_from_the_latest_snapshot_the_same_game(seed, monkeypatch):
    every = chance_nodes.ANCHOR_EVERY
    assert every > 1
    path = "games/yokai_sketch.rules"
    saves, replayed = _played(path, 2, seed, every, monkeypatch)
    plain, replayed_plain = _played(path, 2, seed, 10**9, monkeypatch)  # no snapshot in play
    assert saves == plain
    assert max(replayed) <= every < max(replayed_plain)


def test_rules_that_draw_only_in_setup_take_no_snapshot_in_play(monkeypatch):
    table = open_table(ROOT / "examples/nim.rules", players=2)
    position = table.new_position()
    assert not position.chance_in_play
    while not position.engine.is_over:
        position.play(position.engine.legal_moves()[0])
    assert position.anchor is None
