"""Copies of a game keep their rendered log lines together (interpreter/runtime/views.py
``share_rendered``): a line rendered for a game is not rendered again for its copy, or for
a copy of an older copy (OpenSpiel copies the game at every step and replays from an older
copy after chance), and each still reads its own log as rendering afresh gives."""
from __future__ import annotations

import random

import rulelang
from interpreter.runtime import views
from support import ROOT


def afresh(game, seat) -> list:
    reader = views._check_seat(game, seat)
    return [line for line in (views.render(game, e, reader) for e in game.log) if line is not None]


def changing(game) -> list:
    return [e for at, e in enumerate(game.log) if not views._final(e, at, game.unsettled)]


def log_and_rendered(game, seat, monkeypatch) -> tuple[list, list]:
    """The seat's log as the game's view gives it, and the entries rendered to give it."""
    rendered = []
    real = views.render
    monkeypatch.setattr(views, "render", lambda g, e, s: rendered.append(e) or real(g, e, s))
    log = game.view(seat)["log"]
    monkeypatch.undo()
    return log, rendered


def test_a_copy_renders_only_the_lines_that_may_still_change(monkeypatch):
    game = rulelang.load(ROOT / "games/yokai_sketch.rules").new_game(players=2, seed=4)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    game.view(0)
    twin = game.copy()
    log, rendered = log_and_rendered(twin, 0, monkeypatch)
    assert log == afresh(twin, 0)
    assert rendered == changing(twin) and len(rendered) < len(twin.log) / 2


def test_lines_rendered_for_a_game_serve_a_later_copy_of_an_older_copy(monkeypatch):
    """A copy made before the game moved on, copied again: the lines the game rendered
    since are the older copy's too (the same entries), so only what the newest copy
    logged itself, and what may still change, is rendered for it."""
    game = rulelang.load(ROOT / "games/yokai_sketch.rules").new_game(players=2, seed=4)
    older = game.copy()
    for _ in range(10):
        game.play(game.legal_moves()[0])
    game.view(1)
    newest = older.copy()
    for _ in range(2):
        newest.play(newest.legal_moves()[0])
    log, rendered = log_and_rendered(newest, 1, monkeypatch)
    assert log == afresh(newest, 1)
    own = [e for e in newest.log if not any(e is mine for mine in game.log)]
    assert own and len(own) < len(newest.log) / 2  # most lines were logged before the copies
    assert all(any(e is r for r in rendered) for e in own)
    assert len(rendered) == len(own) + len([e for e in changing(newest)
                                            if not any(e is mine for mine in own)])


def test_copies_that_part_ways_each_read_their_own_log():
    rules = rulelang.load(ROOT / "games/yokai_sketch.rules")
    game = rules.new_game(players=2, seed=7)
    rng = random.Random(7)
    family = [game]
    for _ in range(40):
        one = rng.choice([g for g in family if not g.is_over] or [game])
        if one.is_over:
            break
        if rng.random() < 0.3:
            one = one.copy()
            family.append(one)
        moves = one.legal_moves()
        one.play(moves[rng.randrange(len(moves))])
        for g in family:
            for seat in (None, views.PUBLIC, 0, 1):
                assert g.view(seat)["log"] == afresh(g, seat)
