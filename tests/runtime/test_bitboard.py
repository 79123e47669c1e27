"""``flanking`` on bit boards (interpreter/runtime/bitboard.py) against the general code that
walks each start's rays (``geometry.flanking_in``): random grids, steps (long ones too),
overlapping ``through`` and ``ends``, cells off the grid; and every position of random
Reversi games, through the built-in as the rules call it."""
from __future__ import annotations

import random

import rulelang
from interpreter.runtime import bitboard, geometry
from interpreter.runtime import builtin_functions as builtins
from interpreter.runtime.values import cell
from support import ROOT

STEPS = list(geometry.DIRECTIONS) + [(2, 1), (-1, 3), (0, 2), (-3, -1)]


def _random_case(rng: random.Random):
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    steps = tuple(rng.sample(STEPS, rng.randint(1, len(STEPS))))
    anywhere = [cell(x, y) for x in range(-2, width + 2) for y in range(-2, height + 2)]
    on = [c for c in anywhere if 0 <= c[0] < width and 0 <= c[1] < height]
    through = set(rng.sample(anywhere, rng.randint(0, len(anywhere) // 2)))
    ends = set(rng.sample(anywhere, rng.randint(0, len(anywhere) // 3)))
    starts = rng.sample(on, rng.randint(0, len(on)))
    starts += rng.sample(starts, min(len(starts), 2))  # a start twice: kept twice
    return width, height, steps, starts, through, ends


def _board(cells, width, height) -> int:
    bit = bitboard.bits(width, height)
    return sum(bit[c] for c in cells if c in bit)


def test_flanking_on_bit_boards_finds_what_the_rays_find():
    rng = random.Random(26)
    found = 0
    for _ in range(1500):
        width, height, steps, starts, through, ends = _random_case(rng)
        expected = geometry.flanking_in(width, height, steps, starts, through, ends)
        got = bitboard.flanking_bits(width, height, steps, starts, _board(through, width, height),
                                     _board(ends, width, height))
        assert got == expected, (width, height, steps, starts, through, ends)
        found += len(expected)
    assert found > 500  # the cases flank something, often


def test_a_start_off_the_grid_is_left_to_the_rays():
    """A line from outside the grid may enter it: the bit boards cannot say, so they give
    None and the built-in walks the rays (the same answer as before)."""
    outside = [cell(-1, 1)]
    assert bitboard.flanking_bits(4, 4, ((1, 0),), outside, 0b10 << 4, 0b100 << 4) is None
    assert geometry.flanking_in(4, 4, ((1, 0),), outside, {cell(0, 1)}, {cell(1, 1)}) == outside


def test_reversi_positions_flank_the_same_through_the_built_in():
    rules = rulelang.load(ROOT / "examples/reversi.rules").lean()
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = rules.new_game(players=2, seed=seed)
        board = game.zones["board"]
        while not game.is_over:
            discs = list(game.zc[board.i])
            for colour in ("black", "white"):
                mine = [d for d in discs if game.cv["colour"][d.id].name == colour]
                theirs = [d for d in discs if game.cv["colour"][d.id].name != colour]
                empty = builtins._empty_cells(game, board)
                expected = geometry.flanking_in(8, 8, geometry.DIRECTIONS, empty,
                                                builtins._cell_set(game, board, theirs),
                                                builtins._cell_set(game, board, mine))
                assert builtins._flanking(game, board, empty, theirs, mine) == expected
                # cells and none among the cards (cells off the grid too): the slow path
                mixed = [*theirs[:3], None, cell(9, 2), *(game.cells[d.id][0] for d in theirs[3:])]
                expected = geometry.flanking_in(8, 8, geometry.DIRECTIONS, empty,
                                                builtins._cell_set(game, board, mixed),
                                                builtins._cell_set(game, board, mine))
                assert builtins._flanking(game, board, empty, mixed, mine) == expected
                checked += 1
            game.play(int(rng.random() * game.move_count))
    assert checked > 500


def test_a_card_on_several_cells_or_none_counts_each_of_its_cells():
    """``bits_of`` and ``_cell_set`` take a card's one cell without a loop: a card on more
    cells of the grid (a placement) gives each of them, one on none gives nothing, and a card
    off the grid gives nothing whatever its cells."""
    rules = rulelang.load(ROOT / "examples/reversi.rules").lean()
    game = rules.new_game(players=2, seed=1)
    board = game.zones["board"]
    discs = list(game.zc[board.i])
    boxed = list(game.zc[game.zones["box"].i])[:2]
    game.cells[discs[0].id] = (cell(0, 0), cell(1, 0), cell(2, 0))
    game.cells[discs[1].id] = ()
    game.cells[boxed[0].id] = (cell(5, 5),)  # (cells of a card not on the grid: not read)
    items = [*discs, *boxed]
    expected = {c for d in discs for c in game.cells[d.id]}
    assert builtins._cell_set(game, board, items) == expected
    assert bitboard.bits_of(game, board, items, 8, 8) == _board(expected, 8, 8)
    mixed = [*items, cell(7, 7), None]  # the slow path, by type
    assert builtins._cell_set(game, board, mixed) == expected | {cell(7, 7)}
    assert bitboard.bits_of(game, board, mixed, 8, 8) == _board(expected | {cell(7, 7)}, 8, 8)


def test_a_board_s_cells_by_its_bytes_are_its_bits_cells_in_reading_order():
    """``cells_of`` (a byte of the board at a time, each byte's cells from a table) gives
    every cell whose bit is set, in reading order, as going through the bits one by one
    does; and as ``digit_cells`` does, which a grid over ``BYTES_MOST`` cells uses."""
    rng = random.Random(7)
    for width, height in ((8, 8), (3, 5), (12, 12), (7, 1), (20, 20), (1, 1)):
        order = [cell(x, y) for y in range(height) for x in range(width)]
        for _ in range(60):
            chosen = rng.sample(range(len(order)), rng.randrange(0, len(order) + 1))
            board = sum(1 << i for i in chosen)
            expected = [order[i] for i in sorted(chosen)]
            assert bitboard.cells_of(board, width, height) == expected
            assert bitboard.digit_cells(board, width, height) == expected
    assert bitboard.BYTES_MOST < 20 * 20  # (so the last size goes by its digits)
