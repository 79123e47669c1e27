"""Shared test fixtures: text snapshots of transcripts, and loaded rulesets."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

import rulelang

ROOT = Path(__file__).resolve().parent.parent


class TextSnapshot(SingleFileSnapshotExtension):
    """One readable .txt file per snapshot, diffable in review."""
    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture(autouse=True, scope="session")
def _own_config_folder(tmp_path_factory):
    """Saves are sealed with a key made in the user's configuration folder: the tests make
    theirs in a folder of their own (commands they start inherit it), never in the user's."""
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("config"))


_LOADED: dict = {}


def load(relative: str):
    """Load a ruleset from the repository once per test session."""
    if relative not in _LOADED:
        _LOADED[relative] = rulelang.load(ROOT / relative)
    return _LOADED[relative]


def play_random(game, seed: int, max_moves: int = 20_000):
    """Play random legal moves to the end; returns the notations played."""
    rng = random.Random(seed)
    played = []
    while not game.is_over:
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        played.append(str(move))
        game.play(move)
        if len(played) > max_moves:
            raise AssertionError(f"no end after {max_moves} moves")
    return played
