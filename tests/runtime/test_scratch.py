"""A scratch game made again in place (interpreter/runtime/scratch.py) is what a copy is:
every ruleset in games/, examples/ and tests/rules/ (every configuration support/
differential.py plays), full and lean, a world taken at some decision, a playout played on
its scratch, then the scratch made fresh again and compared with ``world.copy(logging=False,
seed=...)`` attribute by attribute (the same values, the same sharing with the world), and
both played on with the same moves to the same end and state."""
from __future__ import annotations

import random

from interpreter.runtime.engine import Game
from interpreter.runtime.lean_twin import lean_twin
from interpreter.runtime.scratch import Scratch
from rulelang import RulesError
from support import differential
from support import lean_differential as both

SEEDS = range(3000, 3002)
MAX_MOVES = 300
SLOTS = sorted({name for kind in Game.__mro__ for name in getattr(kind, "__slots__", ())})


def _decision(d, g) -> tuple:
    return (d.seat, d.site, d.values, d.notations, d.keys, d.passing, d.index, d.moves,
            d._prompt, d.frame is g.frames[-1], (d.frame.unit, d.frame.pc, d.frame.L), d.game is g)


def _described(g, world) -> dict[str, object]:
    """Every attribute of ``g`` (its slots and its own dict), as a value to compare, and
    whether it is the world's own object."""
    out: dict[str, object] = {}
    for name in SLOTS + sorted(vars(g)):
        value = getattr(g, name)
        if name == "rng":
            shown: object = value.getstate()
        elif name == "pending":
            shown = _decision(value, g) if value is not None else None
        elif name == "group":
            shown = None if value is None else (
                value.site, value.answers, value.frame is g.frames[-1],
                [_decision(d, g) for d in value.decisions])
        elif name == "frames":
            shown = [(f.unit, f.pc, f.L) for f in value]
        elif name == "seat_name":
            shown = value.__self__
        else:
            shown = value
        shared = value is getattr(world, name, None) and not isinstance(value, (int, str, bool))
        out[name] = (shown, shared)
    return out


def _moves(game) -> tuple:
    return tuple(map(str, game.legal_moves()))


def _part_way(config, seed: int, rng: random.Random):
    """The config's game after up to 9 random moves, the log off (None: it failed, or ended
    on the way)."""
    try:
        game = both.full_rules(config.path).new_game(players=config.players, seed=seed,
                                                     options=dict(config.options), log=False)
        for _ in range(rng.randrange(10)):
            if game.is_over:
                return None
            game.apply(rng.randrange(len(game.legal_moves())))
    except RulesError:
        return None
    return game


def _difference(config, seed: int, lean: bool) -> str | None:
    rng = random.Random(seed)
    where = f"{config.path} {config.players}p {dict(config.options)} seed {seed} lean {lean}"
    game = _part_way(config, seed, rng)
    if game is None:
        return None
    if game.is_over:
        return None
    world = lean_twin(game) if lean else game.copy(logging=False)
    if world is None:
        return None
    scratch = Scratch(world)
    played = scratch.fresh(rng.getrandbits(63))
    try:  # a playout: the scratch played on, to its end or an error
        for _ in range(MAX_MOVES):
            if played.is_over:
                break
            played.apply(rng.randrange(len(played.legal_moves())))
    except RulesError:
        pass
    seed_again = rng.getrandbits(63)
    again, copy = scratch.fresh(seed_again), world.copy(logging=False, seed=seed_again)
    if again is not played:
        return f"{where}: not made in place"
    return _played_alike(where, again, copy, _described(again, world),
                         _described(copy, world), rng)


def _played_alike(where: str, ours_game, copy, ours: dict, theirs: dict,
                  rng: random.Random) -> str | None:
    """``ours_game`` and ``copy`` described alike (``ours``, ``theirs``: attribute by
    attribute), then played on alike to the same end and state (or the same error)."""
    if ours.keys() != theirs.keys():
        return f"{where}: attributes {sorted(ours.keys() ^ theirs.keys())}"
    for name in ours:
        if ours[name] != theirs[name]:
            return f"{where}: {name}: {ours[name]!r:.300} vs {theirs[name]!r:.300}"
    failed = [None, None]
    for _ in range(MAX_MOVES):  # both played on alike
        if ours_game.is_over or copy.is_over:
            break
        if _moves(ours_game) != _moves(copy):
            return f"{where}: the moves differ"
        i = rng.randrange(len(ours_game.legal_moves()))
        for k, g in enumerate((ours_game, copy)):
            try:
                g.apply(i)
            except RulesError as error:
                failed[k] = str(error).splitlines()[0]
        if failed != [None, None]:
            return None if failed[0] == failed[1] else f"{where}: errors {failed!r}"
    if ours_game.is_over != copy.is_over or \
            both.state_text(ours_game) != both.state_text(copy):
        return f"{where}: they end apart"
    return None


def test_a_scratch_made_again_is_a_copy_of_its_world():
    configs = differential.configurations()  # made here, not at collection: every worker collects
    found = [d for config in configs for seed in SEEDS for lean in (False, True)
             if (d := _difference(config, seed, lean))]
    assert found == [], "\n".join(found[:5])
    assert len(configs) * len(SEEDS) >= 100


def _last_difference(config, seed: int, lean: bool) -> str | None:
    """``Scratch.last``: the world itself, made as a copy of it would be (the same values,
    attribute by attribute, as ``world.copy(logging=False, seed=...)``), and played on
    alike with it to the same end and state. A world whose choice is made at once is left
    out (the search plays none of those on the world: a copy's pending decision is its
    group's first open one)."""
    rng = random.Random(seed)
    where = f"{config.path} {config.players}p {dict(config.options)} seed {seed} lean {lean}"
    game = _part_way(config, seed, rng)
    if game is None:
        return None
    if game.is_over or game.group is not None:
        return None
    world = lean_twin(game) if lean else game.copy(logging=False)
    if world is None:
        return None
    seed_again = rng.getrandbits(63)
    copy = world.copy(logging=False, seed=seed_again)
    last = Scratch(world).last(seed_again)
    if last is not world:
        return f"{where}: not the world"
    ours = {name: shown for name, (shown, _) in _described(last, world).items()}
    theirs = {name: shown for name, (shown, _) in _described(copy, world).items()}
    return _played_alike(where, last, copy, ours, theirs, rng)


def test_the_last_playout_on_the_world_itself_plays_as_a_copy():
    configs = differential.configurations()
    found = [d for config in configs for seed in SEEDS for lean in (False, True)
             if (d := _last_difference(config, seed, lean))]
    assert found == [], "\n".join(found[:5])
