"""Grids on the terminal: a card drawn with the card it lies on, also when either has edges,
and every symbol measured in the screen's columns (a wide character takes two), so that the
grid's columns line up."""
from __future__ import annotations

from rich.cells import cell_len

import rulelang
from rulelang.play.terminal import edged, grid
from support.small_rules import MARKED_TILES


def _marked_tiles_after(move: str | None) -> tuple[dict, grid.Layers]:
    game = rulelang.loads(MARKED_TILES).new_game(players=2, seed=1)
    if move is not None:
        game.play(move)
    zones = game.view(0)["zones"]
    return zones["marks"], grid.Layers.of(zones["marks"], [], [zones["tiles"]])


def test_a_tile_with_edges_laid_over_a_card_shows_the_card_it_lies_on():
    """The tile laid over A1's mark hid the mark (its symbol alone between its edges), where
    a card with no edges shows both ("田:="), as the legend says; now both, with the edges."""
    marks, layers = _marked_tiles_after("A1")
    drawn = [line.plain for line in edged.lines(marks, layers)]
    assert drawn == ["      A       B     C",  # (田 takes two columns: o lies under B)
                     "      r",
                     "1 f 田:=  f   o     ·",
                     "      r"], drawn


def test_a_card_with_no_edges_laid_over_a_tile_leaves_the_tile_s_edges_in_sight():
    """A marker on a tile: the tile's edges are still drawn around both symbols."""
    layers = grid.Layers()
    layers.own[(0, 0)] = [{"name": "bend", "symbol": "L", "edges": ["r", "r", "f", "f"]}]
    layers.over[(0, 0)] = {"name": "P1 marker", "symbol": "P1"}
    drawn = [line.plain for line in edged.lines({"cards": [], "width": 1, "height": 1}, layers)]
    assert drawn[2].split() == ["1", "f", "L:P1", "r"], drawn
    assert drawn[1].split() == ["r"] and drawn[3].split() == ["f"]


def test_a_wide_symbol_takes_its_columns_of_the_screen_on_a_grid_with_no_edges():
    """A symbol of wide characters ("田", "日本") was measured by its characters: its cell
    drew wider than its column, pushing every cell after it to the right."""
    marks, layers = _marked_tiles_after(None)
    drawn = [line.plain for line in grid.grid_lines(marks, layers)]
    assert drawn == ["   A  B  C ", "1 田  o  · "], drawn  # (田: two columns, A's first two)
    layers.own[(0, 0)] = [{"name": "sun", "symbol": "日本"}]
    layers.own[(1, 0)] = [{"name": "sun", "symbol": "日本"}, {"name": "moon", "symbol": "月"}]
    drawn = [line.plain for line in grid.grid_lines(marks, layers)]
    assert drawn == ["    A    B   C ", "1 日本 [月]  · "], drawn
    assert cell_len(drawn[0]) == cell_len(drawn[1])
    for width in (1, 2, 3):  # cut to the width in columns, never wider
        assert cell_len(grid.cell_text({"name": "sun", "symbol": "日本"}, False, width).plain) \
            == width
