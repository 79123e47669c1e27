"""A table (tables.Table.ending) and the terminal (Session.ending) say whether a move ends the
game by trying it on an in-memory copy of the game: the same answers as trying it on the game
restored from its save, as the terminal did before, for moves offered along random games."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from rulelang.play import foresight
from rulelang.play.terminal.session import Session
from support.web import host_with


# (path, options, seeds, every how many decisions the moves are tried before the last few)
@pytest.mark.parametrize("path,options,seeds,every", [
    ("examples/nim.rules", {"pile_sizes": "3"}, 3, 1),
    ("games/yokai_sketch.rules", None, 1, 6),  # (its restored saves replay the game: slow)
])
def test_a_move_is_said_to_end_the_game_as_when_tried_on_the_restored_save(
        path, options, seeds, every):
    said = []
    for seed in range(seeds):
        length = len(played(path, options, seed, lambda table: []))

        def look(table, length=length):
            moved = len(table.game.history)
            if moved % every and moved < length - 8:
                return []
            return [said_alike(table, move.notation) for move in table.game.legal_moves()[:4]]

        for looked in played(path, options, seed, look):
            said += looked
    assert said and any(words is not None for words in said)


def played(path, options, seed, look) -> list:
    """What ``look(table)`` returned before each move of a game played to its end by
    random moves (the same game for a seed)."""
    _, table = host_with(path, seed=seed, options=options)
    game, rng, seen = table.game, random.Random(seed), []
    while not game.is_over:
        seen.append(look(table))
        moves = game.legal_moves()
        assert table.play(game.to_move, moves[rng.randrange(len(moves))].notation,
                          table.version) is None
    return seen


def said_alike(table, move):
    """What the table says of ``move``; the terminal says the same, and so does the game
    restored from its save."""
    said = foresight.ending(table.game, table.game.to_move, move, table.rules.restore)
    assert table.ending(table.game.to_move, move, table.version) == said
    terminal = Session(table.game, dict.fromkeys(table.game.players, "human"),
                       Console(file=io.StringIO()), foresee=True)
    assert terminal.ending({"seat": table.game.to_move}, move) == said
    return said
