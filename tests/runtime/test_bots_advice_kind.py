"""The advice bot plays the rules' best advised move, from its seat's knowledge only."""
from __future__ import annotations

from pathlib import Path

import rulelang
from interpreter.bots import KINDS, make_bot
from interpreter.runtime.knowledge import seat_knowledge

ROOT = Path(__file__).resolve().parents[2]

ADVISED = '''
game "Advice"
players 2
var total: int = 0, label "total"
turn {
  choose n in 1..3 prefer (total + n) % 4 == 0 prefer n prompt "add 1, 2 or 3"
  total += n
  if total >= 21 {
    win current
  }
}
'''


def test_advice_is_a_kind():
    assert "advice" in KINDS


def test_it_plays_the_best_advised_move(tmp_path):
    path = tmp_path / "advice.rules"
    path.write_text(ADVISED)
    rules = rulelang.load(path)
    game = rules.new_game(players=2, seed=3)
    bot = make_bot("advice", 1)
    played = []
    while not game.is_over:
        move = bot.choose(seat_knowledge(game))
        played.append(move.notation)
        game.play(move)
    total = 0
    for n in map(int, played):  # a multiple of 4 when it can be reached, else the larger number
        assert (total + n) % 4 == 0 if total % 4 != 0 else n == 3
        total += n


def test_a_team_of_advice_bots_wins_yokai_level_1_sometimes():
    rules = rulelang.load(ROOT / "games/yokai.rules")
    wins = 0
    for i in range(12):
        game = rules.new_game(players=3, seed=1000 + i, options={"levels": [1]}, log=False)
        bots = [make_bot("advice", 7 * i + seat) for seat in range(3)]
        while not game.is_over:
            game.play(bots[game.to_move].choose(seat_knowledge(game)))
        wins += game.outcome["result"] == "win"
        if wins >= 3:
            break  # shown: the games left could not change the verdict
    assert wins >= 3  # advice alone wins about half of 12; random bots never do
