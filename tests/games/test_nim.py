"""The Nim example, end to end."""
from support import load, play_random


def test_nim_transcript(text_snapshot):
    game = load("examples/nim.rules").new_game(players=2, seed=1)
    play_random(game, seed=1)
    assert game.transcript() == text_snapshot
