"""``flanking`` from a grid's empty cells (``builtin_functions.flanking_empty``, which the
compiler writes for ``flanking(Z, empty_cells(Z), ...)``) and ``flanked`` of cards (the
grid's map asked only for the cells the lines reach, ``geometry.flanked_on``), against the
general code they stand for: ``flanking`` of the list of empty cells, and ``flanked_in``
of the sets of cells (``_cell_set``). Random positions on grids of several sizes: discs
stacked on a cell, cards on two cells, cards off the grid (in a pile or on another grid),
and lists holding cells, none, numbers; the same answer, or the same failure."""
from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulelang
from interpreter.runtime import builtin_functions as builtins
from interpreter.runtime import geometry
from interpreter.runtime.values import cell
from support import soak

RULES = """
game "Lines"
players 2
enum Colour {{ black, white }}
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
def _rules(w, h):
    return rulelang.loads(RULES.format(w=w, h=h)).lean()


def _outcome(f, *args):
    try:
        return ("value", f(*args))
    except Exception as e:  # the same failure: its type and message
        return ("raised", type(e), str(e))


position = st.fixed_dictionaries({
    "size": st.sampled_from(SIZES),
    "seed": st.integers(0, 10_000),
    "put": st.lists(st.tuples(st.integers(0, 8), st.integers(0, 7), st.booleans(),
                              st.sampled_from(["one", "two", "other", "box"])), max_size=40),
    "odd": st.lists(st.sampled_from([None, 7, "cell", "off"]), max_size=2),
    "steps": st.sampled_from(STEPS),
})


def _game(p):
    w, h = p["size"]
    game = _rules(w, h).new_game(players=2, seed=p["seed"])
    board, other, box = (game.zones[n] for n in ("board", "other", "box"))
    colour = game.cv["colour"]
    white = _rules(w, h).enum_values["Colour"][1]
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
    return game, board, discs


def _lists(game, p, discs):
    colour = game.cv["colour"]
    first = [d for d in discs if colour[d.id] is colour[discs[0].id]]
    second = [d for d in discs if colour[d.id] is not colour[discs[0].id]]
    odd = {None: None, 7: 7, "cell": cell(1, 0), "off": cell(-1, 2)}
    return first + [odd[k] for k in p["odd"]], second


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(position)
def test_flanking_from_the_empty_cells_is_flanking_of_their_list(p):
    game, board, discs = _game(p)
    through, ends = _lists(game, p, discs)
    for a, b in ((through, ends), (ends, through), (through, through)):
        args = (a, b) if p["steps"] is None else (a, b, list(p["steps"]))
        expected = _outcome(builtins._flanking, game, board,
                            builtins._empty_cells(game, board), *args)
        assert _outcome(builtins.flanking_empty, game, board, *args) == expected


@pytest.mark.soak
@settings(max_examples=soak.examples(300), deadline=None)
@given(position, st.integers(0, 8), st.integers(0, 7))
def test_flanked_of_cards_is_flanked_of_their_cells(p, x, y):
    game, board, discs = _game(p)
    through, ends = _lists(game, p, discs)
    w, h = p["size"]
    start = cell(x % w, y % h)
    steps = geometry.DIRECTIONS if p["steps"] is None else p["steps"]
    lines = geometry.lines_of(w, h, steps, start)
    for a, b in ((through, ends), (ends, through), (through, through)):
        args = (a, b) if p["steps"] is None else (a, b, list(p["steps"]))
        general = _outcome(lambda t, e: geometry.flanked_in(
            lines, builtins._cell_set(game, board, t), builtins._cell_set(game, board, e)), a, b)
        assert _outcome(builtins._flanked, game, board, start, *args) == general


@pytest.mark.soak
@settings(max_examples=soak.examples(200), deadline=None)
@given(position, st.integers(0, 8), st.integers(0, 7))
def test_flanked_of_cards_the_compiler_knows_is_flanked(p, x, y):
    """``flanked_cards``: the compiler calls it with two lists made of a zone's cards."""
    game, board, discs = _game(p)
    colour = game.cv["colour"]
    first = [d for d in game.zc[board.i] if colour[d.id] is colour[discs[0].id]]
    second = [d for d in discs if colour[d.id] is not colour[discs[0].id]]  # off the grid too
    w, h = p["size"]
    start = cell(x % w, y % h)
    for a, b in ((first, second), (second, first), (first, first)):
        args = (a, b) if p["steps"] is None else (a, b, list(p["steps"]))
        assert _outcome(builtins.flanked_cards, game, board, start, *args) == \
            _outcome(builtins._flanked, game, board, start, *args)
