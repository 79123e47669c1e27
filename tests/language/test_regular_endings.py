"""One meaning per shape for the statements that end a game (issue 29): `win` names who wins
(a seat, a list of seats, or `team`), `lose team` is a cooperative team's loss, `end` lets the
scores decide; a reason is a quoted text after it. The older spellings are refused with the
spelling to write, carried as a fix that `rulelang fmt --upgrade` applies."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language.errors import CheckError

COMPETITIVE = 'game "Race"\nplayers 2\n'
COOPERATIVE = 'game "Team"\nplayers 2\ncooperative\nscore = 3\n'


def refusal(head: str, turn: str):
    """The first error for a file whose turn is ``turn`` (a line of its own, line 5 or 6)."""
    with pytest.raises(CheckError) as caught:
        rulelang.loads(f"{head}turn {{\n  {turn}\n}}\n", "e.rules")
    return caught.value.diagnostics[0]


@pytest.mark.parametrize("turn,message,fix", [
    ("win", "say who wins: in a cooperative game, 'win team'", "win team"),
    ("lose", "say who loses: in a cooperative game, 'lose team'", "lose team"),
    ('win "the tower stands"', "'win' names who wins before the reason: in a cooperative "
                               "game, the team", 'win team "the tower stands"'),
    ('lose join(["a", "b"], "; ")', "'lose' names who loses before the reason: in a "
                                    "cooperative game, the team",
     'lose team "{join(["a", "b"], "; ")}"'),
    ("win P1", "in a cooperative game the players win together, not one seat", "win team"),
])
def test_the_older_cooperative_spellings_are_refused_with_what_to_write(turn, message, fix):
    error = refusal(COOPERATIVE, turn)
    assert error.message == message
    assert error.hint == f"write: {fix}"
    assert error.fix is not None and error.fix.text == fix
    assert (error.fix.span.line, error.fix.span.col) == (6, 3)  # the whole statement


def test_the_fix_keeps_the_reason_written_after_the_older_spelling():
    error = refusal(COOPERATIVE, 'win P1 "done"')
    assert error.fix.text == 'win team "done"'


@pytest.mark.parametrize("turn,message", [
    ("win team", "there is no team in a competitive game: say who wins"),
    ("lose team", "'lose' is the team's loss in a cooperative game; in a competitive game "
                  "name who wins"),
    ("win", "say who wins: win p (or declare the game cooperative)"),
    ('win "a reason"', "win takes a player or a list of players, not text"),
])
def test_a_competitive_game_refuses_the_team_and_a_win_with_no_winner(turn, message):
    error = refusal(COMPETITIVE, turn)
    assert error.message == message
    assert error.fix is None  # no spelling means the same: the author decides


def test_a_reason_is_text():
    error = refusal(COMPETITIVE, "end 3")
    assert "the reason after 'end'" in error.message


def test_an_end_reason_not_in_quotes_is_refused_with_the_text_to_write():
    """A reason in quotes only: else `end` followed by a call on the next line would read
    the call as its reason."""
    error = refusal(COMPETITIVE, 'end join(["a", "b"], " ")')
    assert error.message == "the reason after 'end' is a text in quotes"
    assert error.fix.text == 'end "{join(["a", "b"], " ")}"'
