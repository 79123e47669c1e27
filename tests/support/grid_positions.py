"""Random positions on grids of several sizes for the line builtins' tests
(test_flanking_cards.py, test_field_lines.py): discs stacked on a cell, cards on two cells,
cards off the grid (in a pile or on another grid), black or white."""
from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

import rulelang
from interpreter.runtime import geometry
from interpreter.runtime.values import cell

RULES = """
game "Lines"
players 2
enum Colour {{ black, white, red }}  # (red: neither list's, where two are asked)
card Disc {{ var colour: Colour = black }}
zone board: grid {w} x {h} of Disc
zone other: grid 3 x 3 of Disc
zone box: pile of Disc, public
setup {{ create Disc() x 60 in box }}
turn {{ choose c in [1, 2] prompt "go" }}
"""
SIZES = [(8, 8), (5, 3), (1, 7), (9, 2)]
STEPS = [None, ((1, 0),), ((0, 1), (2, 1), (-1, -3)), tuple(geometry.DIRECTIONS)]


@cache
def rules(w, h):
    return rulelang.loads(RULES.format(w=w, h=h)).lean()


position = st.fixed_dictionaries({
    "size": st.sampled_from(SIZES),
    "seed": st.integers(0, 10_000),
    "put": st.lists(st.tuples(st.integers(0, 8), st.integers(0, 7), st.booleans(),
                              st.sampled_from(["one", "two", "other", "box"])), max_size=40),
    "odd": st.lists(st.sampled_from([None, 7, "cell", "off"]), max_size=2),
    "steps": st.sampled_from(STEPS),
})


def game_at(p):
    w, h = p["size"]
    game = rules(w, h).new_game(players=2, seed=p["seed"])
    board, other, box = (game.zones[n] for n in ("board", "other", "box"))
    colour = game.cv["colour"]
    white, red = rules(w, h).enum_values["Colour"][1:]
    discs = list(game.zc[box.i])
    for n, (across, down, is_white, where) in enumerate(p["put"]):
        disc = discs[n]
        x, y = across % w, down % h
        if where == "one":
            game.move(disc, board, cell(x, y))
        elif where == "two" and w > 1:  # a card on two cells
            game.move(disc, board, [(x, y), ((x + 1) % w, y)])
        elif where == "other":
            game.move(disc, other, cell(x % 3, y % 3))
        if is_white:
            colour[disc.id] = white
        elif n % 7 == 3:
            colour[disc.id] = red
    return game, board, discs
