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


def test_a_prompt_naming_a_card_reads_as_each_seat_knew_the_card_when_it_was_settled():
    """P2 being asked settles P1's line: the gem, unknown to P2 then, stays "a Gem" for it
    once turned up (it read "gem 1" then: a card turned up later would tell which of the
    cards the prompt had named)."""
    game = rulelang.loads(GUESS, "guess.rules").new_game(players=2, seed=1)
    game.play("1")
    assert "P1 > guess a Gem: 1" in game.view(1)["log"]
    assert "P1 > guess a Gem: 1" in game.transcript(1)
    game.play("2")  # P2 turns the gem up
    assert game.view(1)["log"][1] == "P1 > guess a Gem: 1"
    assert "P1 > guess a Gem: 1" in game.transcript(1)
    assert "P1 > guess gem 1: 1" in game.transcript(0)  # its chooser knew it
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


THINK = """
game "Think of a card"
players 2
card Card { rank: int  name "card {rank}" }
zone hand[player]: hand of Card
zone table: row of Card, public
setup {
  create Card(rank: 1) in hand[P1]
  create Card(rank: 2) in hand[P1]
}
play {
  choose c in hand[P1] by P1 prompt "a card to think about"
  choose ok in [true] by P1 prompt "keep {c} in mind"
  shuffle hand[P1]
  choose d in hand[P1] by P1 prompt "a card to show"
  move d to table
}
"""


def test_a_card_chosen_then_shuffled_away_is_not_told_by_turning_it_up_later():
    """P1 thinks of a card, shuffles its hand, shows card 2: P2 read the thought card (and
    the prompt naming it) as card 2 when it was, "(hidden)" and "a Card" when not, so the
    card shown told P2 what P1 had thought of. A shuffle settles the lines naming its
    cards while nobody else knows them."""
    seen = set()
    for thought in ("card 1", "card 2"):
        game = rulelang.loads(THINK, "think.rules").new_game(players=2, seed=1)
        game.play(thought)
        game.play("yes")
        game.play("card 2")
        seen.add(game.transcript("P2"))
        assert f"P1 > keep {thought} in mind: yes" in game.transcript("P1")
    assert len(seen) == 1, seen
    assert "P1 > a card to think about: (hidden)\nP1 > keep a Card in mind: yes" in seen.pop()
