"""In a cooperative game the ``mcts`` bot plays the best advised move unless its search finds
one clearly better: its partners read its moves as made by the advice (the partner model)."""
from __future__ import annotations

import rulelang
from interpreter.bots.mcts import MctsBot
from interpreter.runtime.knowledge import seat_knowledge

RULES = '''game "Advised"
players 2
cooperative
var rounds: int = 0
var total: int = 0
turn {
  choose n in 1..6 prefer n == 3 prompt "pick"
  if n == 5 {
    lose team "five"
  }
  total += 1
  rounds += 1
  if rounds >= 4 {
    end
  }
}
score = total
heuristic = total
'''


def chosen(trust: float, seed: int) -> str:
    game = rulelang.loads(RULES, "advised.rules").new_game(players=2, seed=seed)
    return MctsBot(seed, trust=trust).choose(seat_knowledge(game)).notation


def test_the_advised_move_is_kept_where_the_search_sees_no_clear_gain():
    picks = {chosen(0.15, seed) for seed in range(12)}
    assert picks == {"3"}
    # without the trust the search picks among moves it cannot tell apart
    assert {chosen(0.0, seed) for seed in range(12)} != {"3"}


def test_a_move_clearly_worse_than_another_is_not_kept_for_the_advice():
    # (the game ends after one move: the partners' advised 5 cannot lose it for everyone)
    worse = RULES.replace("prefer n == 3", "prefer n == 5").replace("rounds >= 4", "rounds >= 1")
    for seed in range(6):
        game = rulelang.loads(worse, "advised.rules").new_game(players=2, seed=seed)
        assert MctsBot(seed, trust=0.15).choose(seat_knowledge(game)).notation != "5"
