"""A card about to be shuffled at a chance node is named by its host view, written as JSON;
that text is kept per card and var fields' values where the view depends on nothing else
(rulelang/adapters/chance_nodes.py, ``FACES_KEPT``). Against the view written anew at every
draw, in seeded games of every ruleset whose shuffles are chance nodes."""
from __future__ import annotations

import json
import random

import pytest

from interpreter.runtime.views import card_view
from rulelang.adapters import chance_nodes
from rulelang.adapters.table import open_table
from support import ROOT
from support.random_positions import random_steps

GAMES = [
    ("games/yokai_sketch.rules", 2),  # var fields (a card's colour), hints read them
    ("examples/hanabi.rules", 2),
    ("examples/love_letter.rules", 2),
    ("examples/oh_hell.rules", 3),
    ("examples/sushi_draft.rules", 3),
    ("games/yokai.rules", 2),
]


@pytest.mark.parametrize(("path", "players"), GAMES)
def test_a_kept_face_is_the_view_written_anew(path, players, monkeypatch):
    face = chance_nodes._face
    checked = {"kept": 0, "all": 0}

    def compared(game, card):
        kept_before = len(chance_nodes.FACES_KEPT)
        got = face(game, card)
        assert got == json.dumps(card_view(game, card, None), sort_keys=True, default=str)
        checked["all"] += 1
        checked["kept"] += len(chance_nodes.FACES_KEPT) == kept_before  # found, not added
        return got

    monkeypatch.setattr(chance_nodes, "_face", compared)
    chance_nodes.FACES_KEPT.clear()
    table = open_table(ROOT / path, players=players)
    for seed in range(3):
        rng = random.Random(seed)
        for _ in random_steps(table.new_position(), rng):
            pass  # (each shuffle's faces compared as the game draws them)
    assert checked["all"] > 0
    if path == "games/yokai_sketch.rules":
        assert checked["kept"] > checked["all"] // 2  # the same cards, shuffled game after game
