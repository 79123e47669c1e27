"""The ``mcts`` bot's budget is counted, not timed: its playouts stop at ``playouts`` or once
they have done ``work`` (the runtime's count of what the rules computed for the advice and
the values they read), whichever comes first; so a decision whose advice is costly does less,
and the same seed still gives the same move."""
from __future__ import annotations

import rulelang
from interpreter.bots.mcts import MctsBot
from interpreter.runtime.knowledge import seat_knowledge

RULES = '''game "Costly advice"
players 2
cooperative
var rounds: int = 0
turn {
  choose n in 1..6 prefer size([k for k in 1..COST if k > n]) prompt "pick"
  rounds += 1
  if rounds >= 6 {
    end
  }
}
score = rounds
heuristic = rounds
'''


def decide(cost: int, work: int | None, seed: int = 1) -> tuple[str, int, int]:
    game = rulelang.loads(RULES.replace("COST", str(cost)), "costly.rules").new_game(
        players=2, seed=seed)
    bot = MctsBot(seed, playouts=64, work=work)
    move = bot.choose(seat_knowledge(game))
    return move.notation, bot.played, bot.worked


def test_cheap_advice_plays_every_playout():
    _, played, worked = decide(10, 200_000)
    assert played == 64 and 0 < worked < 200_000


def test_costly_advice_stops_the_playouts_at_the_work_budget():
    _, played, worked = decide(2_000, 200_000)
    assert played < 64
    assert worked >= 200_000  # (the playout that crossed it counts)
    _, unbounded, _ = decide(2_000, None)
    assert unbounded == 64


def test_a_work_budget_replays():
    assert decide(2_000, 200_000, seed=5) == decide(2_000, 200_000, seed=5)
