"""The tree search pauses Python's cyclic collector while it searches (``MctsBot.choose``)
and leaves it as it found it: on when it was on, off when it was off, even when the search
fails."""
from __future__ import annotations

import gc

import pytest

import rulelang
from interpreter.bots import MctsBot
from interpreter.runtime.knowledge import seat_knowledge
from support import ROOT


def _knowledge():
    game = rulelang.load(ROOT / "games/yokai_sketch.rules").new_game(players=2, seed=3, log=False)
    while len(game.legal_moves()) == 1:
        game.play(game.legal_moves()[0])
    return seat_knowledge(game)


@pytest.mark.parametrize("on", [True, False])
def test_the_collector_is_left_as_found(on):
    was = gc.isenabled()
    seen = []
    bot = MctsBot(1, playouts=4)
    real = bot.searched

    def searched(knowledge, moves, collecting):
        seen.append(gc.isenabled())
        return real(knowledge, moves, collecting)
    bot.searched = searched
    try:
        gc.enable() if on else gc.disable()
        bot.choose(_knowledge())
        assert gc.isenabled() is on
        assert seen == [False]  # paused while searching
    finally:
        gc.enable() if was else gc.disable()


def test_the_collector_is_back_on_after_a_failed_search():
    was = gc.isenabled()
    bot = MctsBot(1, playouts=4)

    def searched(knowledge, moves, collecting):
        raise RuntimeError("a search that fails")
    bot.searched = searched
    try:
        gc.enable()
        with pytest.raises(RuntimeError):
            bot.choose(_knowledge())
        assert gc.isenabled()
    finally:
        gc.enable() if was else gc.disable()


def test_a_long_search_passes_over_the_young_objects(monkeypatch):
    from interpreter.bots import mcts
    passes = []
    monkeypatch.setattr(mcts.gc, "collect", lambda generation=2: passes.append(generation))
    was = gc.isenabled()
    try:
        gc.enable()
        bot = MctsBot(1, playouts=2 * mcts.YOUNG_PASS + 10, work=None)
        bot.choose(_knowledge())
        assert bot.played == 2 * mcts.YOUNG_PASS + 10
        assert passes == [0, 0]
    finally:
        gc.enable() if was else gc.disable()
