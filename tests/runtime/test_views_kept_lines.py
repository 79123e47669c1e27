"""Views and transcripts keep the log lines that cannot read differently any more
(interpreter/runtime/views.py ``rendered_log``): a line naming a card bare is rendered again
once the card is turned up, an unsettled choice once it settles, and every reader's lines
are what rendering each entry afresh gives, move after move, in every game."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.runtime import views
from support import ROOT
from support.secrecy import FILES

GUESS = """
game "Kept lines"
players 2
card Gem { size: int  name "gem {size}" }
zone hand[player]: hand of Gem
setup {
  create Gem(size: 1) in hand[P1]
}
turn {
  choose n in [1, 2] prompt "guess {top(hand[P1])}"
  if n == 2 {
    reveal cards(hand[P1])
    win current
  }
}
"""


def afresh(game, seat) -> list:
    reader = views._check_seat(game, seat)
    return [line for line in (views.render(game, e, reader) for e in game.log) if line is not None]


def test_a_line_naming_a_card_reads_differently_once_the_card_is_turned_up():
    game = rulelang.loads(GUESS, "guess.rules").new_game(players=2, seed=1)
    game.play("1")
    assert "P1 > guess a Gem: 1" in game.view(1)["log"]
    assert "P1 > guess a Gem: 1" in game.transcript(1)
    game.play("2")  # P2 turns the gem up
    assert game.view(1)["log"][1] == "P1 > guess gem 1: 1"
    assert "P1 > guess gem 1: 1" in game.transcript(1)
    assert game.view(1)["log"] == afresh(game, 1)


def test_a_line_that_cannot_change_is_rendered_once(monkeypatch):
    game = rulelang.load(ROOT / "games/yokai_sketch.rules").new_game(players=2, seed=4)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    game.view(0)
    rendered = []
    real = views.render
    monkeypatch.setattr(views, "render", lambda g, e, s: rendered.append(e) or real(g, e, s))
    game.view(0)
    changing = [e for at, e in enumerate(game.log) if not views._final(e, at, game.unsettled)]
    assert rendered == changing and len(changing) < len(game.log) / 2
    assert any(type(e).__name__ == "Choice" for e in changing)  # a prompt naming a card bare
    before = len(game.log)
    game.play(game.legal_moves()[0])
    rendered.clear()
    game.view(0)
    new = [e for e in rendered if not any(e is c for c in changing)]
    assert new == game.log[before:]  # and the new lines


@pytest.mark.parametrize("path", FILES)
def test_every_reader_reads_each_line_as_rendered_afresh(path):
    """Random games of every ruleset: after each move, the host's, a spectator's and each
    seat's log and transcript are the entries rendered one by one; a copy reads alike."""
    rules = rulelang.load(ROOT / path)
    players = min(rules.player_counts)
    game = rules.new_game(players=players, seed=2)
    rng = random.Random(2)
    readers = [None, views.PUBLIC, *range(players)]
    for _ in range(60):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        for seat in readers:
            reader = views._check_seat(game, seat)
            kept = [line for line in views.rendered_log(game, reader) if line is not None]
            assert kept == afresh(game, seat), (path, seat)
    for seat in readers:  # what views and transcripts show: the same lines
        lines = afresh(game, seat)
        assert game.view(seat)["log"] == lines, (path, seat)
        assert game.transcript(seat).splitlines()[1:] == lines, (path, seat)
    twin = game.copy()
    assert [twin.view(s)["log"] for s in readers] == [afresh(game, s) for s in readers]


def test_a_view_without_the_log_is_the_view_but_for_its_lines():
    game = rulelang.load(ROOT / "games/yokai_sketch.rules").new_game(players=2, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    for seat in (0, 1, None):
        whole, bare = game.view(seat), game.view(seat, log=False)
        assert whole["log"] and bare["log"] == [] and bare["log_at"] == []
        assert {k: v for k, v in bare.items() if k not in ("log", "log_at")} == \
            {k: v for k, v in whole.items() if k not in ("log", "log_at")}
