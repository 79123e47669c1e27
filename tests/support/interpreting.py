"""What the interpreter's semantic tests share: a two-player head, a kind of tile, a game of a
small ruleset, and what a seat reads of it (tests/runtime/test_interpreter*.py)."""
from __future__ import annotations

import rulelang

HEAD = 'game "T"\nplayers 2\n'
TILES = """
enum Suit { red, blue }
card Tile {
  suit: Suit
  rank: int
  name "{suit}{rank}"
}
"""


def game(text, players=2, seed=1, options=None, fix=None, head=HEAD):
    return rulelang.loads(head + text, "t.rules").new_game(players=players, seed=seed,
                                                           options=options, fix=fix)


def names(g, zone, seat=None):
    """The cards of a zone as `seat` sees them: names, or '?' for a face it cannot see."""
    return [c.get("name", "?") for c in g.view(seat)["zones"][zone]["cards"]]


def moves(g):
    return [str(m) for m in g.legal_moves()]


def log(g, seat=None):
    return g.transcript(seat).splitlines()[1:]
