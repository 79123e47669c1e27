"""A game's copies share its random generator until one of them draws
(interpreter/runtime/draws.py, ``share`` and ``own``): the copy costs no copy of the
generator, and each game still draws exactly what it would have drawn from a generator of
its own, whichever of them draws first, however many copies there are."""
from __future__ import annotations

import rulelang
from interpreter.runtime import draws
from support import ROOT
from support import play_random_steps as played  # (game, seed, moves)

PIG = ROOT / "examples/pig.rules"  # a die rolled at every roll: a draw every other move


def test_a_copy_holds_the_game_s_generator_until_one_of_them_draws():
    game = rulelang.load(PIG).new_game(players=2, seed=3)
    twin = game.copy(logging=False)
    assert twin.rng is game.rng
    played(twin, 1, 6)  # rolls: the copy draws from a generator of its own
    assert twin.rng is not game.rng
    assert game.copy(seed=5).rng is not game.rng  # a fresh seed: a fresh generator


def test_copies_draw_what_games_with_their_own_generators_draw():
    """The game, a copy and a copy of the copy, each moved on in turn, in every order:
    each ends as the same game moved on alone ends."""
    rules = rulelang.load(PIG)
    for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2]):
        game = played(rules.new_game(players=2, seed=8), 0, 10)
        twin = game.copy()
        grandchild = twin.copy()
        family = [game, twin, grandchild]
        expected = []
        for i in range(3):
            alone = played(rules.new_game(players=2, seed=8), 0, 10)
            alone.rng = draws.copied(alone.rng)  # certainly its own
            expected.append(played(alone, 100 + i, 30).save())
        for i in order:
            played(family[i], 100 + i, 30)
        assert [g.save() for g in family] == expected, order


def test_the_count_of_holders_falls_as_copies_take_their_own():
    game = rulelang.load(PIG).new_game(players=2, seed=2)
    game.rng = draws.copied(game.rng)  # its own (a new game shares its setup's)
    copies = [game.copy(logging=False) for _ in range(3)]
    shared = game.rng
    assert shared.users == 4
    for n, twin in enumerate(copies):
        played(twin, n, 8)
        assert twin.rng is not shared and shared.users == 3 - n
    before = shared.getstate()
    played(game, 9, 8)  # the last holder draws from it, copying nothing
    assert game.rng is shared and shared.getstate() != before
