"""A look-ahead game used again: a tree search plays each playout on a copy of one of a
few worlds (a decision's samples), dozens of copies of each, every one dropped at once.

``Scratch(world).fresh(seed)`` is what ``world.copy(logging=False, seed=seed)`` is, but for
the first it makes one copy and then restores that one in place: the state copied as every
copy copies it (``state.copy_state``, the same function), what a copy resets reset
(``Game.copy``'s steps), the game's shape (rules, layout, seats) kept from the first copy,
without making a new game object and filling its attributes one by one (about half of a
copy's cost). Its generator is seeded only if the playout draws (``draws.Unseeded``): the
same draws as a generator seeded at once. ``tests/runtime/test_scratch.py`` compares every
attribute of a restored game with a copy's, after playouts of every configuration of the
shipped rules. A scratch serves one playout at a time: the game it gave is changed by the
next ``fresh``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.runtime.draws import Unseeded
from interpreter.runtime.lean_game import LeanGame
from interpreter.runtime.state import copy_state

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game


class Scratch:
    __slots__ = ("world", "game", "names", "dropped", "lean")

    def __init__(self, world: Game):
        self.world = world
        self.game: Any = None  # the copy, played on since
        self.names: frozenset[str] = frozenset()  # the attributes a copy's own dict holds
        self.dropped: tuple[str, ...] = ()  # those set while playing, dropped before
        self.lean = isinstance(world, LeanGame)

    def fresh(self, seed: int) -> Game:
        """``world.copy(logging=False, seed=seed)``, made in the scratch's game."""
        world, game = self.world, self.game
        if game is None:
            game = self.game = world.copy(logging=False)
            game.seed, game.rng = seed, Unseeded(seed)
            self.names = frozenset(game.__dict__)
            return game
        own = game.__dict__
        if len(own) != len(self.names):  # set while playing (what a copy has not): dropped,
            for name in self.dropped:  # those the playouts before set first (a play-out sets
                own.pop(name, None)  # the same few each time), with no difference of sets
            if len(own) != len(self.names):  # (nothing a game plays deletes: own holds
                new = tuple(own.keys() - self.names)  # every name of a copy's and these)
                self.dropped += new
                for name in new:
                    del own[name]
        # Game.copy's steps, in its order, but for the new object. The game's shape (its
        # rules, title, options, layout, seats, zones, tables, logging off) is the world's
        # already, from the first copy: nothing a game plays sets it again.
        game.queue, game.depth, game.rdepth, game.work = [], 0, 0, world.work
        game.dirty, game.on_checkpoint, game.ending = world.dirty, None, False
        copy_state(world, game, seed)  # (consts among the state, as a copy's; the seed last)
        unsettled = game.unsettled
        if unsettled:  # lines that may still change: the copy's own
            log = game.log
            for i in unsettled:
                log[i] = log[i].copied()
        if game.group is not None:
            game.group = game.group.moved_to(game)
            game.pending = game.group.first_open()
        elif game.pending is not None:
            game.pending = game.pending.moved_to(game)
            if self.lean:  # (LeanGame.copy: the pass word, which moved_to does not keep)
                game.pending.passing = world.pending.passing  # type: ignore[union-attr]
        return game  # type: ignore[no-any-return]

    def last(self, seed: int) -> Game:
        """``fresh(seed)`` for the last playout on the world: the world itself, given up to
        it (nothing reads it after), made as a copy is made (``Game.copy``'s resets, a fresh
        seed); no state copied. The world must not have run since it was made a copy (a
        sample: ``tests/runtime/test_scratch.py`` compares it with a copy of itself)."""
        world: Any = self.world
        self.game = None  # (the scratch serves no more)
        world.queue, world.depth, world.rdepth = [], 0, 0
        world.on_checkpoint, world.ending = None, False
        world.seed, world.rng = seed, Unseeded(seed)
        return world  # type: ignore[no-any-return]
