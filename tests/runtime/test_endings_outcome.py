"""How the statements that end a game end it (issue 29): `win WHO "REASON"` names the winners
and the reason, `win team` and `lose team` give a cooperative team its verdict, `end` lets the
scores decide; `team` stays a name elsewhere, and a reason is only a quoted text, so the
statement after a `win` is never read as its reason."""
from __future__ import annotations

import rulelang

COMPETITIVE = 'game "Race"\nplayers 2\n'
COOPERATIVE = 'game "Team"\nplayers 2\ncooperative\nscore = 3\n'


def outcome(head: str, turn: str) -> dict:
    game = rulelang.loads(f"{head}turn {{\n  {turn}\n}}\n").new_game(players=2, seed=1)
    assert game.is_over
    return game.outcome


def test_win_names_a_seat_and_may_give_a_reason():
    result = outcome(COMPETITIVE, 'win P2 "took the last stone"')
    assert [str(s) for s in result["winners"]] == ["P2"]
    assert result["reason"] == "took the last stone" and result["result"] == "win"


def test_win_team_and_lose_team_give_the_team_its_verdict_with_the_reason():
    won = outcome(COOPERATIVE, 'win team "the tower stands"')
    assert (won["result"], won["reason"]) == ("win", "the tower stands")
    assert len(won["winners"]) == 2
    lost = outcome(COOPERATIVE, 'lose team "it fell at {1 + 6}"')
    assert (lost["result"], lost["reason"], lost["winners"]) == ("loss", "it fell at 7", [])


def test_end_lets_the_scores_decide_in_either_kind_of_game():
    assert outcome(COOPERATIVE, 'end "built"')["result"] == "score"
    assert outcome(COMPETITIVE, 'end "a draw"')["result"] == "draw"


def test_team_is_still_a_name_where_it_is_not_after_win_or_lose():
    game = rulelang.loads(COMPETITIVE + "var team: int = 2\nturn {\n  team += 1\n"
                          "  win current \"{team}\"\n}\n").new_game(players=2)
    assert game.outcome["reason"] == "3"


def test_a_statement_after_win_on_the_next_line_is_not_read_as_its_reason():
    """The reason is a quoted text, so a call on the next line stays a statement of its own
    (a reason that could be any expression would swallow it)."""
    rules = rulelang.loads(COMPETITIVE + "var n: int = 0\nrule bump() { n += 1 }\nturn {\n"
                           "  if n == 1 {\n    win current\n  }\n  bump()\n}\n")
    game = rules.new_game(players=2)
    assert game.is_over and [str(s) for s in game.outcome["winners"]] == ["P2"]
    assert "reason" not in game.outcome

