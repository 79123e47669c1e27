"""Where the rules advise, the ``mcts`` bot plays the best advised move unless its search finds
one clearly better: in a cooperative game its partners read its moves as made by the advice
(the partner model); in any game a few dozen playouts cut at a horizon cannot see what the
advice knows (a deck-builder's silver pays turns later, an estate's point counts at once)."""
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


RACE = '''game "Build"
players 2
var coins[player]: int = 0
var points[player]: int = 0
var rounds: int = 0
turn {
  choose buy in ["silver", "estate", "nothing"] prefer buy == "silver" prompt "buy"
  if buy == "silver" { coins[current] += 1 }
  if buy == "estate" { points[current] += 1 }
  points[current] += coins[current] / 6
  rounds += 1
  if rounds >= 40 { end }
}
score p = points[p]
'''


def test_in_a_game_against_others_the_advice_is_kept_against_a_short_sighted_search():
    """The score as it stands (the heuristic made from it) rises at once with an estate, with
    a silver only turns later, past the search's horizon: the advice, silver, is kept."""
    for seed in range(6):
        game = rulelang.loads(RACE, "build.rules").new_game(players=2, seed=seed)
        assert MctsBot(seed, trust=0.15).choose(seat_knowledge(game)).notation == "silver"
        # the search alone buys the estate: a point at once, a silver's within no horizon
        assert MctsBot(seed, trust=0.0).choose(seat_knowledge(game)).notation == "estate"
