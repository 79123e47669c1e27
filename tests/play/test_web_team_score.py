"""The final banner of a cooperative game shows the team's one score once, not a chip per seat
holding the same number (issue 27: a Yami page ended with "P1 0 / P2 0"); a competitive
game keeps a chip per seat."""
from __future__ import annotations

import json
import random

import pytest

from support.web import host_with, live_server, token_of


def played_to_the_end(path, players, seed):
    host, table = host_with(path, players=players, seed=seed)
    game, rng = table.game, random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        assert table.play(game.to_move, moves[rng.randrange(len(moves))].notation,
                          table.version) is None
    return host, table


def test_the_socket_says_whether_the_score_is_the_team_s():
    for path, players, team in (("games/yami.rules", 2, True),
                                ("games/yokai_sketch.rules", 2, False)):
        _, table = played_to_the_end(path, players, 3)
        assert json.loads(table.message(table.game.players[0]))["team"] is team


@pytest.mark.slow
def test_the_banner_shows_the_team_s_score_once_and_each_seat_s_otherwise(browser):
    shown = {}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for path in ("games/yami.rules", "games/yokai_sketch.rules"):
        host, table = played_to_the_end(path, 2, 3)
        with live_server(host) as base:
            page.goto(f"{base}/t/{token_of(table, 'P1')}")
            page.wait_for_selector("#outcome .scores .score")
            shown[path] = page.locator("#outcome .scores .score").all_inner_texts()
    team = shown["games/yami.rules"]
    assert len(team) == 1 and team[0].startswith("the team"), team
    assert [text.split()[0] for text in shown["games/yokai_sketch.rules"]] == ["P1", "P2"]
