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


def test_the_socket_sends_the_result_in_words_as_the_end_line_begins():
    """The page read the banner's result out of the log's end line (cutting it at the
    reason, the tiebreak or the first "; "): the server sends it, the same for every seat
    and the spectator, once the game is over."""
    from rulelang.play.web.tables import SPECTATOR
    for path, players, seed in (("games/yami.rules", 2, 3), ("games/yokai_sketch.rules", 2, 3),
                                ("examples/nim.rules", 2, 1)):
        _, table = played_to_the_end(path, players, seed)
        end = table.game.transcript().splitlines()[-1]
        for seat in (*table.game.players, SPECTATOR):
            result = json.loads(table.message(seat))["result"]
            assert result and end.startswith(f"== game over: {result}"), (path, end)
            rest = end[len(f"== game over: {result}"):]
            assert rest == "" or rest.startswith("; "), end  # the scores and reports apart
    _, table = host_with("examples/nim.rules", players=2, seed=1)
    assert json.loads(table.message(0))["result"] is None


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


@pytest.mark.slow
def test_the_banner_says_winner_in_words_and_shows_the_rules_behind_score_and_reports(browser):
    """Yami's banner read "the team 0 ★" (a star, Yami's own word for a goal, and a score of
    0 for a win unexplained): a winner is said in words, never a symbol a game could use,
    and the score and each report have the rule behind them ("why?")."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    host, table = played_to_the_end("games/yokai_sketch.rules", 2, 3)
    winners = {table.game.seat_name(w) for w in table.game.outcome["winners"]}
    assert winners
    with live_server(host) as base:
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector("#outcome .scores .score")
        items = page.locator("#outcome .scores .score")
        for seat in (0, 1):
            text = items.nth(seat).inner_text()
            assert ("winner" in text) == (text.split()[0] in winners), text
        assert "\u2605" not in page.locator("#outcome").inner_text()
        assert page.evaluate("getComputedStyle(document.querySelector('#outcome .score'), "
                             "'::after').content") in ("none", "normal")
    host, table = played_to_the_end("games/yami.rules", 2, 3)
    outcome = table.game.outcome
    with live_server(host) as base:
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector("#outcome .scores .score")
        banner = page.locator("#outcome")
        assert page.locator("#outcome .result").inner_text() == \
            f"the team loses ({outcome['reason']})"
        assert page.locator("#outcome .reports li").all_inner_texts() == \
            ["star: no why?", f"rounds: {outcome['rounds']} why?"]
        banner.locator(".scores .whybutton").click()
        assert "score = " in banner.locator(".scores .why code").inner_text()
        banner.locator(".reports li").first.locator(".whybutton").click()
        shown = banner.locator(".reports .why").inner_text()
        assert "The star" in shown and "five rounds or fewer" in shown


def test_the_banner_says_the_whole_tiebreak_that_decided_the_win(browser, tmp_path):
    """A win two tiebreaks decided: the tiebreak's words hold "; " (the first cut there, mid
    bracket); the result reads whole, the scores apart."""
    from support.small_rules import MODULO
    path = tmp_path / "modulo.rules"
    path.write_text(MODULO)
    host, table = host_with(str(path), players=3, options={"foods": [4, 7, 3]})
    tiebreak = table.game.outcome["tiebreak"]
    assert "; then " in tiebreak
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    with live_server(host) as base:
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector("#outcome .result")
        assert page.locator("#outcome .result").inner_text() == \
            f"P2 wins on the tiebreak ({tiebreak})"
