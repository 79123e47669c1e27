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


SIDES = '''game "Advised race"
players 2
var rounds: int = 0
var total[player]: int = 0
turn {
  choose n in 1..6 prefer n == 3 prompt "pick"
  total[current] += random(0..1)
  rounds += 1
  if rounds >= 4 {
    end
  }
}
score p = total[p]
heuristic p = total[p]
'''


def test_in_a_game_of_sides_too_the_advised_move_is_kept_where_the_search_sees_no_gain():
    """Not only partners: in a dice race (push your luck) the search alone lost to the advice
    alone, 6 of 24 (docs/bot-figures.md); keeping to the advice but where the search is
    clearly better won 15 of 24. Here every move is worth the same, chance deciding: the
    advised 3 at nearly every seed (noise can still pass the bar now and then); without the
    trust the search picks among moves it cannot tell apart, by the noise of its playouts."""
    def pick(trust: float, seed: int) -> str:
        game = rulelang.loads(SIDES, "sides.rules").new_game(players=2, seed=seed)
        return MctsBot(seed, trust=trust).choose(seat_knowledge(game)).notation
    kept = [pick(0.15, seed) for seed in range(12)].count("3")
    searched = [pick(0.0, seed) for seed in range(12)].count("3")
    assert kept >= 10 and searched <= 6, (kept, searched)  # (10 and 4 at these seeds)


def test_a_seats_spread_is_its_own_values():
    """The spread the trust reads was the first seat's values squared for every seat (one
    value for a team): in a game of sides another seat's spread came out wrong. The nodes keep
    the deciding seat's squares."""
    from interpreter.bots.mcts import Node, back_up, spread
    for seat, expected in ((0, 1 / 3), (1, 0.01 * 4 / 3)):  # (1, 0, 1, 0's unbiased
        node = Node(2)                                     # variance; 0.5 four times: the floor)
        for ends in ([1.0, 0.5], [0.0, 0.5], [1.0, 0.5], [0.0, 0.5]):
            back_up([node], ends, seat)
        assert abs(spread(node, seat) - expected) < 1e-9
