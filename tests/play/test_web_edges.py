"""The page draws a card's edges (the rules' `edges` hint) on its four sides, on the board
and in a hand, and names the cells of a grid with no edges as the moves do (-A1 left of A1,
A-1 above it), a name that can be played from the board."""
from __future__ import annotations

import pytest

from support.small_rules import MARKED_TILES
from support.web import host_with, live_server, token_of, until

SIDES = ["top", "right", "bottom", "left"]


@pytest.mark.slow
def test_edges_are_drawn_on_each_side_and_open_cells_named_as_the_moves(browser):
    host, table = host_with("examples/edge_match.rules", players=2, seed=1)
    game = table.game
    laid = game.view(0)["zones"]["table"]["cards"][0]
    to_lay = game.view(0)["zones"]["drawn"]["cards"][0]
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector(".cell.edged")
        cells = page.evaluate("""[...document.querySelectorAll('.cell.edged')].map(c => ({
            cell: c.dataset.cell,
            edges: ['top', 'right', 'bottom', 'left'].map(s => c.querySelector('.edge.' + s).textContent),
            inside: [...c.querySelectorAll('.edge')].every(e => {
              const a = e.getBoundingClientRect(), b = c.getBoundingClientRect();
              return a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
            })}))""")
        card = page.evaluate("""[...document.querySelectorAll('.card.edged')].map(c =>
            ['top', 'right', 'bottom', 'left'].map(s => c.querySelector('.edge.' + s).textContent))""")
        named = page.evaluate("[...document.querySelectorAll('.cell')].map(c => c.dataset.cell)")
        labels = page.evaluate("[...document.querySelectorAll('.grid .label')].map(l => l.textContent)")
        page.click(".cell[data-cell='-A1']")  # a move named from the board, left of A1:
        page.click(".cell[data-cell='-A1']")  # chosen, then played by a second tap
        until(page, lambda: "-A1" in table.game.transcript())
    assert cells == [{"cell": "A1", "edges": laid["edges"], "inside": True}]
    assert card == [to_lay["edges"]]
    assert {"-A-1", "A-1", "-A1", "A1", "B1", "A2"} <= set(named)
    assert {"-A", "A", "B", "-1", "1", "2"} <= set(labels)
    assert all("(" not in name for name in named)
    assert "P1 > lay city at: -A1" in table.game.transcript()


@pytest.mark.slow
def test_each_turn_of_the_tile_is_offered_with_the_edges_it_gives(browser):
    """`choose ... shown TEXT`: a button each turn, with the edges the tile then shows."""
    host, table = host_with("examples/edge_match.rules", players=2, seed=1)
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector(".cell[data-cell='-A1']")
        page.click(".cell[data-cell='-A1']")
        page.click(".cell[data-cell='-A1']")
        page.wait_for_selector("button.move[data-move='3']")
        buttons = page.evaluate("""[...document.querySelectorAll('button.move')].map(
            b => [b.dataset.move, b.textContent])""")
    assert buttons == [["0", "0 (↑c →f ↓f ←f)"], ["2", "2 (↑f →f ↓c ←f)"],
                       ["3", "3 (↑f →f ↓f ←c)"]]


@pytest.mark.slow
def test_a_tile_laid_over_a_card_keeps_its_edges_on_the_cell(browser, tmp_path):
    """The page draws the card beneath as the cell's piece and the tile over it as a badge:
    the tile's edges are drawn on the cell all the same."""
    rules = tmp_path / "marked.rules"
    rules.write_text(MARKED_TILES)
    host, table = host_with(str(rules), players=2, seed=1)
    table.game.play("A1")
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector(".cell.edged")
        cells = page.evaluate("""[...document.querySelectorAll('.cell.edged')].map(c => [
            c.dataset.cell, ['top', 'right', 'bottom', 'left'].map(
                s => c.querySelector('.edge.' + s).textContent), c.querySelector('.sym').textContent,
            c.querySelector('.badge').textContent])""")
    assert cells == [["A1", ["r", "f", "r", "f"], "田", "="]]
