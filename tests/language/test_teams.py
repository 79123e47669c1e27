"""``team p = VALUE``: partnerships in a competitive game (Spades, Bridge, Tichu). Seats with
equal values are partners; the checker checks the value like a score per seat, and a
`win team` in such a game points at naming the side's seats, not at `cooperative`."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language.errors import CheckError

SIDES = """game "Sides"
players 4
var n: int = 0
turn {
  n += 1
  if n > 3 { %s }
}
score p = n
%s
"""


def first_error(text: str):
    with pytest.raises(CheckError) as caught:
        rulelang.loads(text, "sides.rules")
    return caught.value.diagnostics[0]


@pytest.mark.parametrize("team", [
    "team p = if p == P1 or p == P3 then 1 else 2",
    'team p = if p == P1 or p == P3 then "odd" else "even"',
    "team p = if p == P1 or p == P3 then P1 else P2",
])
def test_a_team_declaration_is_a_value_per_seat(team):
    rules = rulelang.loads(SIDES % ("end", team), "sides.rules")
    assert rules.scoring.team is not None and rules.scoring.team.per_seat
    assert rules.scoring.reports == []  # not a report: the outcome lists no "team"


def test_a_team_that_cannot_be_compared_is_refused_with_what_to_write():
    error = first_error(SIDES % ("end", "team p = [p]"))
    assert error.message == ("a team is a number, a text, a player or an enum value, not a "
                             "list of players")
    assert "team p = if p == P1 or p == P3 then 1 else 2" in error.hint
    assert (error.span.line, error.span.col) == (9, 10)


def test_a_team_declared_twice_or_in_a_cooperative_game_is_refused():
    error = first_error(SIDES % ("end", "team p = 1\nteam p = 2"))
    assert error.message == "a game has one team declaration"
    coop = 'game "C"\nplayers 2\ncooperative\nturn { end }\nscore = 1\nteam p = 1\n'
    error = first_error(coop)
    assert error.message.startswith("a cooperative game is one team already")


def test_win_team_with_partners_declared_says_to_name_the_side_not_cooperative():
    error = first_error(SIDES % ("win team", "team p = if p == P1 or p == P3 then 1 else 2"))
    assert error.message == "'win team' is a cooperative game's: name the side that wins by its seats"
    assert "win [P1, P3]" in error.hint and "cooperative" not in error.hint
    assert (error.span.line, error.span.col) == (6, 14)


def test_win_team_without_partners_points_at_the_team_declaration_too():
    error = first_error(SIDES % ("win team", ""))
    assert error.message == "there is no team in a competitive game: say who wins"
    assert "team p = ..." in error.hint


def test_partners_win_together_when_named():
    text = SIDES % ("win [P1, P3]", "team p = if p == P1 or p == P3 then 1 else 2")
    game = rulelang.loads(text, "sides.rules").new_game(players=4, seed=0, log=False)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.outcome["winners"] == [0, 2]
    assert game.outcome_record.sides == [0, 1, 0, 1]
    assert "sides" not in game.outcome_record.as_dict()


def test_a_team_that_fails_says_it_was_the_team_at_its_line():
    """It said "in score" at the team's line."""
    from rulelang import RulesRuntimeError
    text = SIDES % ("end", "team p = 10 / (n - n)")
    rules = rulelang.loads(text, "sides.rules")
    with pytest.raises(RulesRuntimeError) as caught:  # the game ends as it starts
        rules.new_game(players=4, seed=0, log=False)
    assert "in team: division by zero" in str(caught.value)
