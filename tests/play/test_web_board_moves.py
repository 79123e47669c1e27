"""Moves that name cells among other things, a tile laid at a cell and turned (`B1 90`) or
a step from a cell to a cell (`A2 A3`), chosen on the page's board."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.play.web.host import Host
from support.small_rules import TURNED_TILES
from support.web import HAS_CHROMIUM, NO_CHROMIUM, live_server, open_page, played, press, token_of

if not HAS_CHROMIUM:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)


def test_a_move_naming_a_cell_and_a_turn_is_chosen_by_tapping_its_cell(browser):
    """A tile laid at a cell and turned (the move `(cell, degrees)`, written `B1 90`): the
    view names each such move's cells (``at``), the page marks those cells and says so, a tap
    shows the first way there and a second tap the next (nothing played until confirmed),
    and the buttons stay."""
    host = Host()
    table = host.open("turned.rules", rulelang.loads(TURNED_TILES, "turned.rules"), 2, None,
                      None, seed=0)
    at = table.game.view(0)["decision"]["at"]
    assert at["B1 90"] == ["B1"] and sorted({c for cs in at.values() for c in cs}) == [
        "A2", "B1", "B3", "C2"]
    assert "at" not in table.game.view(1)["decision"]  # the moves are the chooser's
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        assert page.locator(".cell.target").count() == 4
        assert page.locator("button.move").count() == 16
        assert page.locator(".hint.at").inner_text().startswith("Or tap a marked cell")
        press(page, '.cell[data-cell="D4"]')  # no move names it: said near the prompt
        assert page.locator("#decision .refusal").inner_text() == (
            "No move names D4: tap a marked cell.")
        press(page, '.cell[data-cell="C2"]')
        assert page.locator(".confirm .what").inner_text() == "Play C2 0 1 of 4"
        assert page.locator('.cell.preview[data-cell="C2"]').count() == 1
        press(page, '.cell[data-cell="C2"]')
        assert page.locator(".confirm .what").inner_text() == "Play C2 90 2 of 4"
        assert table.version == 0  # nothing is played before it is confirmed
        press(page, ".confirm button.go")
        played(page, 0, force=True)
        assert table.game.history == ["C2 90"]
        assert page.errors == [], page.errors
