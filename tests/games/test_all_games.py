"""Every ruleset in games/ and examples/ plays to the end with random bots, deterministically,
and survives save/restore at any point."""
from __future__ import annotations

import json
import random

import pytest

from support import ROOT, load

FILES = sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
               for p in (ROOT / folder).glob("*.rules"))
SEEDS = (1, 2, 3)


def player_counts(rules):
    return list(rules.player_counts)


def random_game(rules, players, seed):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not game.is_over:
        legal = game.legal_moves()
        assert legal, "a game that is not over must offer a move"
        assert len({str(m) for m in legal}) == len(legal), "notations must be unique"
        move = legal[rng.randrange(len(legal))]
        moves.append(str(move))
        game.play(move)
        assert len(moves) < 5000, "game did not end"
    return game, moves


@pytest.mark.parametrize("path", FILES)
def test_plays_to_the_end_deterministically(path):
    rules = load(path)
    for players in player_counts(rules):
        for seed in SEEDS:
            game, moves = random_game(rules, players, seed)
            again = rules.new_game(players=players, seed=seed)
            for move in moves:
                again.play(move)
            assert again.transcript() == game.transcript()
            outcome = game.outcome
            assert set(outcome["scores"]) == set(range(players))
            assert set(outcome["winners"]) <= set(range(players))
            assert outcome["result"] in ("win", "loss", "draw")
            json.dumps(game.view(None))
            json.dumps(game.view(0))


@pytest.mark.parametrize("path", FILES)
def test_save_and_restore_mid_game(path):
    rules = load(path)
    players = player_counts(rules)[-1]
    game, moves = random_game(rules, players, seed=11)
    part, played = rules.new_game(players=players, seed=11), 0  # goes on from cut to cut
    for cut in sorted({0, 1, len(moves) // 3, len(moves) // 2, len(moves) - 1}):
        for move in moves[played:cut]:
            part.play(move)
        played = cut
        text = part.save()
        restored = rules.restore(text)
        assert restored.save() == text
        assert restored.view(None) == part.view(None)
        for move in moves[cut:]:
            restored.play(move)
        assert restored.transcript() == game.transcript()
        assert restored.outcome == game.outcome
