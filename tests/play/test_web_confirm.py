"""`pass "WORD" confirm "TEXT"` in the browser: a tap on the pass move shows the rules' text,
and the move is played only on a second tap ("Play it"), as a move that ends the game is."""
from __future__ import annotations

import pytest

from support.small_rules import CONFIRMED_PASS
from support.web import host_with, live_server, token_of, until


@pytest.mark.slow
def test_a_pass_the_rules_ask_to_confirm_needs_a_second_tap(browser, tmp_path):
    path = tmp_path / "confirm.rules"
    path.write_text(CONFIRMED_PASS)
    host, table = host_with(str(path), seed=1, kinds={})
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        stop = page.locator('button.move[data-move="stop"]')
        stop.wait_for()
        page.wait_for_timeout(700)  # (a page just drawn takes no taps for a moment)
        version = table.version
        stop.click()
        warning = page.locator(".confirm.warning")
        warning.wait_for()
        assert "stop: Stopping ends the game for everyone." in warning.inner_text()
        assert table.version == version  # nothing played yet
        warning.locator("button.cancel").click()
        assert page.locator(".confirm.warning").count() == 0 and table.version == version
        page.wait_for_timeout(700)
        page.locator('button.move[data-move="1"]').click()  # an option: played at once
        until(page, lambda: table.version > version)
        assert table.game.history == ["1"]
