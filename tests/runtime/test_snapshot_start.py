"""A game started by its snapshot's starter (interpreter/runtime/snapshot_start.py) is the game
``Rules.start_game`` made by copying the snapshot: every ruleset in games/, examples/ and
tests/rules/ (every configuration support/differential.py plays), full (log off) and lean,
compared attribute by attribute before it runs (the same values, in the same order, the same
sharing with the snapshot), then both run and played on with the same moves to the same end
and state; and the starter is what ``start_game`` and ``played_out`` use."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.rules import Rules
from interpreter.runtime import snapshot_start
from interpreter.runtime.engine import Game
from rulelang import RulesError
from support import differential
from support import lean_differential as both

SEEDS = (5, 2**70 + 3)
MAX_MOVES = 300
SLOTS = sorted({name for kind in Game.__mro__ for name in getattr(kind, "__slots__", ())})


def _described(g: Game, snapshot: Game) -> list[tuple[str, object, bool]]:
    """Every attribute of ``g`` (its slots, then its own dict in its order), as a value to
    compare, and whether it is the snapshot's own object."""
    out = []
    for name in SLOTS + list(vars(g)):
        value = getattr(g, name)
        if name == "rng":
            shown: object = (type(value), value.getstate())
        elif name == "frames":
            shown = [(f.unit, f.pc, f.L, f.L is s.L) for f, s in zip(value, snapshot.frames)]
        elif name == "seat_name":  # the layout's method: a starter binds the snapshot's
            # (a bound method holds nothing that changes), a copy binds it again
            out.append((name, (value.__self__, value.__func__), False))
            continue
        else:
            shown = value
        shared = value is getattr(snapshot, name, None) and not isinstance(value, (int, str, bool))
        out.append((name, shown, shared))
    return out


def _copied(rules: Rules, snapshot: Game, seed: int) -> Game:
    """What ``start_game`` made of the snapshot before its starters: a copy, then its sets."""
    game = snapshot.copy(seed=seed)
    game.fixed = {}
    game.chance_source = None
    game.after_setup = None
    return game


def _played_on(game: Game, lean: bool, rng: random.Random) -> tuple[str | None, list[int]]:
    moves, failed = [], None
    try:
        game.run()
        while not game.is_over and len(moves) < MAX_MOVES:
            count = game.move_count if lean else len(game.legal_moves())
            i = rng.randrange(count)
            moves.append(i)
            game.apply(i)
    except RulesError as error:
        failed = str(error).splitlines()[0]
    return failed, moves


def _difference(config: differential.Config, lean: bool) -> str | None:
    """Where the starter's game and the copy part; None when they agree, or "" when this
    configuration has no starter (no snapshot, or requires that draw chance)."""
    rules = both.lean_rules(config.path) if lean else both.full_rules(config.path)
    where = f"{config} lean {lean}"
    options = dict(config.options)
    try:
        for seed in range(3):  # the third game makes the starter
            rules.new_game(players=config.players, seed=seed, options=options, log=False)
    except RulesError:
        pass
    asked = (config.players, (), False) if not options else \
        (config.players, tuple(sorted((k, (type(v), v)) for k, v in options.items())), False)
    start = rules._starters.get(asked)
    if start is None:
        return ""  # (no snapshot, or requires that draw chance: each game checks them)
    snapshot = rules._snapshots[rules._asked[asked]]
    for seed in SEEDS:
        ours, theirs = start(seed, None, None), _copied(rules, snapshot, seed)
        if type(ours) is not type(theirs):
            return f"{where}: a {type(ours).__name__}"
        a, b = _described(ours, snapshot), _described(theirs, snapshot)
        if [x[0] for x in a] != [x[0] for x in b]:
            return f"{where}: attributes {[x[0] for x in a]} vs {[x[0] for x in b]}"
        for x, y in zip(a, b):
            if x != y:
                return f"{where}: {x!r:.300} vs {y!r:.300}"
        ours, theirs = start(seed, None, None), _copied(rules, snapshot, seed)
        ends = [_played_on(g, lean, random.Random(seed)) for g in (ours, theirs)]
        if ends[0] != ends[1] or both.state_text(ours) != both.state_text(theirs):
            return f"{where}: they part ({ends[0][0]} / {ends[1][0]})"
    return None


def test_a_game_started_by_its_starter_is_the_snapshot_s_copy():
    configs = differential.configurations()  # made here, not at collection: every worker collects
    found = [_difference(config, lean) for config in configs for lean in (False, True)]
    assert [d for d in found if d] == [], "\n".join([d for d in found if d][:5])
    assert found.count(None) >= len(configs), found.count(None)  # most compared, both ways


def test_the_third_game_on_starts_by_the_starter(monkeypatch):
    rules = rulelang.load("examples/league.rules").lean()
    made = []
    real = snapshot_start.starter

    def counting(snapshot):
        start = real(snapshot)
        return lambda *args: (made.append(args), start(*args))[1]

    monkeypatch.setattr("interpreter.rules.starter", counting)
    games = [rules.played_out(lambda g, s, v, site: 0, players=2, seed=seed) for seed in range(5)]
    assert [args[0] for args in made] == [3, 4]
    again = rulelang.load("examples/league.rules").lean()
    for seed, game in enumerate(games):  # the same games as rules that start none by one
        again._starters.clear()
        other = again.played_out(lambda g, s, v, site: 0, players=2, seed=seed)
        assert both.state_text(game) == both.state_text(other)


@pytest.mark.parametrize("lean", [False, True])
def test_a_logged_game_is_copied_and_outcomes_fixed_are_its_own(lean):
    """A snapshot that keeps a log is copied as ever (its lines are the copy's to fix up);
    a game started by a starter with ``fix`` has those outcomes, and no earlier game's."""
    full = rulelang.load("examples/pig.rules")
    rules = full.lean() if lean else full
    for seed in range(4):
        rules.new_game(players=2, seed=seed)
    assert ((2, (), True) in rules._starters) is lean
    for seed in range(4):
        rules.new_game(players=2, seed=seed, fix={"die": 6}, log=False)
    assert (2, (), False) in rules._starters
    game = rules.new_game(players=2, seed=9, fix={"die": 6}, log=False)
    other = rulelang.load("examples/pig.rules")
    other = other.lean() if lean else other
    want = other.new_game(players=2, seed=9, fix={"die": 6}, log=False)
    assert both.state_text(game) == both.state_text(want)
    assert rules.new_game(players=2, seed=9, log=False).fixed == {}
