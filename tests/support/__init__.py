"""What many tests share: the repository's paths, rulesets loaded once, random play.

Helpers live in this package, never in test files: a test file imports from here, not from
another test file. (``pyproject.toml`` puts ``tests/`` on the path, so ``import support``.)"""
from __future__ import annotations

import os
import random
import re
from functools import cache
from pathlib import Path

import rulelang

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
RULES = TESTS / "rules"  # small rulesets written for the tests
SAVES = TESTS / "saves"  # saves made by earlier commits

_LOADED: dict = {}
_NOT_OURS = {".venv", ".git", "build", "dist", "node_modules", "__pycache__"}


@cache
def rules_files() -> tuple[Path, ...]:
    """Every ``.rules`` file of the repository, sorted: a walk that does not enter the
    virtual environment or build output (walking them was a second per test file at
    collection, in every worker)."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if d not in _NOT_OURS and not d.startswith(".")]
        found += [Path(folder) / f for f in files if f.endswith(".rules")]
    return tuple(sorted(found))


def load(relative: str):
    """Load a ruleset from the repository once per test session."""
    if relative not in _LOADED:
        _LOADED[relative] = rulelang.load(ROOT / relative)
    return _LOADED[relative]


_PLAYERS = re.compile(r"^players\s+(\d+)(?:\s*\.\.\s*(\d+))?", re.MULTILINE)


def declared_players(path: Path) -> tuple[int, int]:
    """The fewest and most players a ruleset's ``players`` line declares, read from its text
    without parsing or checking it: tests that run once per player count are collected in
    every pytest-xdist worker, where loading every ruleset took seconds. The tests that use
    it check it against the loaded rules."""
    found = _PLAYERS.search(path.read_text(encoding="utf-8"))
    assert found, f"{path}: no players line"
    return int(found[1]), int(found[2] or found[1])


def play_random_steps(game, seed: int, steps: int):
    """Play up to ``steps`` random legal moves (fewer if the game ends); returns the game."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


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


def openspiel_step(state, rng) -> None:
    """One step of an OpenSpiel state at random (``rng``, numpy's): a chance outcome by its
    probability, else one of the legal actions."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def cli_run(*args):
    """``rulelang ARGS`` in the test's process (click's runner), each argument as text."""
    from click.testing import CliRunner

    from rulelang.play.cli import cli
    return CliRunner().invoke(cli, [str(a) for a in args])
