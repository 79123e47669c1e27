"""The tree search's written-out playouts (``MctsBot.written_out``: copies made again in
place, runtime/scratch.py; random moves drawn in the loop as ``draws.below`` draws them; where
no decision has advice or is made by every seat at once, the whole playout one play-out, every
rule run direct, a ``Walk`` answering each decision: Yokai Sketch, Oh Hell, Pig, Breakthrough)
against the general code they copy (``world.copy`` with a seed, for each playout and each
look at a wide root's moves; ``Policy.pick``): the same choices, the same draws from the
bot's generator, the same playouts and work, decision for decision, on both paths, in games
with hidden cards, chance in play, simultaneous choices, advice, partners and wide roots."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.bots import MctsBot
from interpreter.bots.mcts import walkable
from interpreter.runtime.knowledge import seat_knowledge
from support import ROOT, soak

GAMES = [
    ("games/yokai_sketch.rules", 2, {}),  # hidden cards, a pass move
    ("examples/oh_hell.rules", 3, {}),  # bids, tricks, a new deal each hand (chance in play)
    ("examples/goofspiel.rules", 2, {}),  # choices made at once
    ("examples/hanabi.rules", 2, {}),  # cooperative: advice, the partner model
    ("examples/pig.rules", 2, {}),  # dice rolled in every playout
    ("examples/breakthrough.rules", 2, {}),  # wide roots, no advice: a look at each move
]


def _played(path, players, options, written_out, lean, decisions=10) -> list[tuple]:
    rules = rulelang.load(ROOT / path)
    game = rules.new_game(players=players, seed=11, options=options, log=False)
    bots = [MctsBot(seat, playouts=12, lean=lean) for seat in range(players)]
    for bot in bots:
        bot.written_out = written_out
    seen = []
    while not game.is_over and len(seen) < decisions:
        bot = bots[game.to_move]
        move = bot.choose(seat_knowledge(game))
        seen.append((int(game.to_move), str(move), bot.played, bot.worked, bot.rng.getstate()))
        game.play(move)
    return seen


@pytest.mark.soak  # 10 decisions a game in CI's soak step, 5 otherwise (tests/support/soak.py)
@pytest.mark.parametrize("lean", [True, False])
@pytest.mark.parametrize(("path", "players", "options"), GAMES)
def test_written_out_playouts_choose_as_the_general_code(path, players, options, lean):
    decisions = soak.games(5, 10)
    ours = _played(path, players, options, True, lean, decisions)
    general = _played(path, players, options, False, lean, decisions)
    assert ours == general
    assert len(ours) >= 5


# every other shipped ruleset whose playouts are walks (``mcts.walkable``): hidden hands,
# passes, melds, dice as cards, captures, a campaign's game, four players
WALKED = [("examples/checkers.rules", 2), ("examples/connect_four.rules", 2),
          ("examples/gin_rummy.rules", 2), ("examples/hearts.rules", 4),
          ("examples/kuhn_poker.rules", 2), ("examples/league.rules", 2),
          ("examples/leduc_poker.rules", 2), ("examples/liars_dice.rules", 2),
          ("examples/love_letter.rules", 3), ("examples/mancala.rules", 2),
          ("examples/nim.rules", 2), ("examples/no_thanks.rules", 3),
          ("examples/reversi.rules", 2), ("examples/tictactoe.rules", 2)]


@pytest.mark.parametrize(("path", "players"), WALKED)
def test_every_walk_chooses_as_the_general_code(path, players):
    rules = rulelang.load(ROOT / path)
    assert walkable(rules.lean().new_game(players=players, seed=11))
    ours = _played(path, players, {}, True, True, 4)
    assert ours == _played(path, players, {}, False, True, 4)
    assert len(ours) >= 2
