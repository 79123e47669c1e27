"""`report "NAME" p = VALUE`: a report with one value per player, said seat by seat."""
from __future__ import annotations

import rulelang

RULES = '''
game "Per seat"
players 3
var taken[player]: int = 0
turn {
  choose n in 1..3 prompt "take"
  taken[current] += n
  if current == P3 { end }
}
score p = taken[p]
report "taken" p = taken[p]
report "total" = taken[P1] + taken[P2] + taken[P3]
'''


def played():
    rules = rulelang.loads(RULES)
    game = rules.new_game(players=3, seed=1)  # P1 moves first, then P2 and P3
    for n in ("1", "2", "3"):
        game.play(n)
    return rules, game


def test_a_report_per_player_is_kept_by_seat_name_and_said_seat_by_seat():
    _, game = played()
    assert game.outcome["taken"] == {"P1": 1, "P2": 2, "P3": 3}
    assert game.outcome["total"] == 6  # a report without a player is one value, as before
    assert game.transcript().endswith("; taken: P1 1, P2 2, P3 3; total: 6\n")


def test_a_report_per_player_survives_a_save():
    rules, game = played()
    again = rules.restore(game.save())
    assert again.outcome["taken"] == {"P1": 1, "P2": 2, "P3": 3}
    assert again.transcript() == game.transcript()


def test_without_a_player_the_same_value_reads_as_a_list_with_no_seat():
    rules = rulelang.loads(RULES.replace('report "taken" p = taken[p]',
                                         'report "taken" = [taken[p] for p in players]'))
    game = rules.new_game(players=3, seed=1)
    for n in ("1", "2", "3"):
        game.play(n)
    assert game.outcome["taken"] == [1, 2, 3]
    assert "taken: 1, 2 and 3" in game.transcript()
