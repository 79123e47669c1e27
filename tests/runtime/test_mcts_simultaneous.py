"""A choice every seat makes at once is searched decoupled (``mcts.Round``): no seat's pick in
the tree depends on another's pick of the same round. Chained in seat order, the later seats
answered the earlier picks as if they had seen them, so every seat's search feared the worst
of a move the others could not have seen (a sealed bid always outbid, a guess always guessed)."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.bots.mcts import MctsBot, Node
from interpreter.runtime.knowledge import seat_knowledge
from support import ROOT

# The first seat plays it safe (wins one time in four) or hides a side; the second seat
# guesses the side, at the same time. Hiding wins half the time against any guess.
RULES = '''game "Bold or safe"
players 2
enum Side { safe, left, right }
fn sides_for(p: player) = if p == first(players) then [safe, left, right] else [left, right]
play {
  choose picks in sides_for(p) by each p in players prompt "pick a side"
  let mine = first([s for p, s in picks if p == first(players)])
  let theirs = first([s for p, s in picks if p != first(players)])
  if mine == safe {
    if random(1..4, "die") == 1 { win first(players) } else { win last(players) }
  } else {
    if mine == theirs { win last(players) } else { win first(players) }
  }
}
'''


def searched(seed: int) -> tuple[str, MctsBot]:
    game = rulelang.loads(RULES, "bold.rules").new_game(players=2, seed=seed)
    bot = MctsBot(seed, playouts=200)
    return bot.choose(seat_knowledge(game)).notation, bot


def test_a_side_hidden_at_the_same_time_is_not_taken_for_a_side_seen():
    picks = [searched(seed)[0] for seed in range(12)]
    # chained, the guesser's node learnt each side and every hidden side lost: 12 of 12 safe
    assert picks.count("safe") <= 2, picks


@pytest.fixture
def made_nodes(monkeypatch: pytest.MonkeyPatch) -> list[Node]:
    """Every node a search makes, in the order made (the first: its root)."""
    nodes: list[Node] = []
    made = Node.__init__

    def kept(self: Node, nseats: int) -> None:
        made(self, nseats)
        nodes.append(self)

    monkeypatch.setattr(Node, "__init__", kept)
    return nodes


def test_the_later_seat_is_searched_at_one_node_for_the_round(made_nodes):
    searched(0)
    root = made_nodes[0]
    assert root.round is not None
    assert set(root.round.seats) == {1}  # the guesser's moves: one node, whatever was hidden
    guesses = root.round.seats[1].children
    assert set(guesses) <= {"left", "right"} and guesses
    # the picks together lead on (none here: the game is over once both have picked)
    assert all(not child.children for child in root.children.values())


# between two rounds with choices, one every seat answers with its only move: it opens no
# node (nothing is searched in it), and the tree goes on after it
FORCED_BETWEEN = '''game "Forced between"
players 2
var total: int = 0
play {
  repeat 2 times {
    choose picks in [1, 2, 3] by each p in players prompt "pick"
    for p, n in picks {
      total += n
    }
    choose rest in [0] by each p in players prompt "rest"
  }
  if total > 8 { win first(players) } else { win last(players) }
}
'''


def test_a_round_of_forced_moves_between_searched_ones_opens_no_node():
    game = rulelang.loads(FORCED_BETWEEN, "forced.rules").new_game(players=2, seed=1)
    bot = MctsBot(1, playouts=100)
    assert bot.choose(seat_knowledge(game)).notation == "3"  # (a crash before)
    assert bot.played == 100


@pytest.mark.parametrize("name", ["goofspiel", "sushi_draft"])
def test_whole_games_of_choices_made_at_once_play_with_the_tree_search(name):
    """Sushi draft's rounds where every seat's pick is forced crashed the search."""
    rules = rulelang.load(ROOT / "examples" / f"{name}.rules")
    game = rules.new_game(players=3, seed=7)
    bots = [MctsBot(seat, playouts=6) for seat in range(3)]
    while not game.is_over:
        seat = int(game.legal_moves()[0].seat)
        game.play(bots[seat].choose(seat_knowledge(game, seat)))
    assert game.outcome is not None


# the guesser's advice ranks its eight guesses (a high one first): its node for the round is
# widened as the round is visited, as any node is (progressive widening), not held to the
# first two the advice ranks
WIDE_GUESS = '''game "Wide guess"
players 2
play {
  choose picks in 1..8 by each p in players prefer picks prompt "pick a number"
  let mine = first([n for p, n in picks if p == first(players)])
  let theirs = first([n for p, n in picks if p != first(players)])
  if mine == theirs { win last(players) } else { win first(players) }
}
'''


def test_the_later_seats_node_for_the_round_widens_with_its_visits(made_nodes):
    game = rulelang.loads(WIDE_GUESS, "wide.rules").new_game(players=2, seed=3)
    MctsBot(3, playouts=200).choose(seat_knowledge(game))
    root = made_nodes[0]
    assert root.round is not None
    guesser = root.round.seats[1]
    assert guesser.informed  # (the advice orders its moves: widened with visits)
    assert guesser.visits > 100
    assert len(guesser.children) > 2, sorted(guesser.children)


# A sealed bid of 0 to 100 for a prize worth 10: a bid above the prize's worth loses money.
PRIZE = '''game "Prize"
players 3
var money[player]: int = 100, owner
var prizes[player]: int = 0
play {
  choose bids in 0..money[p] by each p in players prompt "bid for a prize worth 10"
  let high = max(n for _, n in bids)
  let winner = first([p for p, n in bids if n == high])
  money[winner] -= high
  prizes[winner] += 1
}
score p = money[p] + 10 * prizes[p]
'''


def test_a_sealed_bid_of_many_numbers_is_searched_among_the_bids_that_look_best():
    """101 bids and 64 playouts, no advice: the root's one look at each bid told none apart
    (a bid alone changes nothing until every seat has bid), so each bid got a playout or
    none and the bot bid at random (58 for a prize worth 10). Each look now answers for the
    others at random: the bids that look best are searched, and none pays far above worth."""
    game = rulelang.loads(PRIZE, "prize.rules").new_game(players=3, seed=0)
    bids = [int(MctsBot(seed).choose(seat_knowledge(game, 0)).notation) for seed in range(8)]
    assert max(bids) <= 15, bids
