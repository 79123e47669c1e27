"""A game moved onto the lean path mid-play (interpreter/runtime/lean_twin.py) plays on as
the full game does: every ruleset in games/, examples/ and tests/rules/ (every player count
and option value support/differential.py plays), seeded random games turned lean at some
decision, then both played on with the same draws, must offer the same seats the same moves
(the twin's named on demand), draw the same chance, and end in the same state and outcome."""
from __future__ import annotations

import random

import rulelang
from interpreter.runtime.lean_game import LeanGame
from interpreter.runtime.lean_twin import lean_twin
from rulelang import RulesError
from support import differential
from support import lean_differential as both

SEEDS = range(2000, 2004)
MAX_MOVES = 300


def _moves(game) -> tuple:
    if isinstance(game, LeanGame):
        return tuple(game.notation(i) for i in game.legal_moves())
    return tuple(map(str, game.legal_moves()))


def _difference(config, seed) -> str | None:
    """Where the full game and its twin (made at a decision the seed picks) first part."""
    rng = random.Random(seed)
    where = f"{config.path} {config.players}p {dict(config.options)} seed {seed}"
    try:
        game = both.full_rules(config.path).new_game(players=config.players, seed=seed,
                                                     options=dict(config.options), log=False)
    except RulesError:
        return None  # refused by its own require: nothing to compare
    turn_at = rng.randrange(12)
    twin = None
    failed = [None, None]
    for n in range(MAX_MOVES):
        if game.is_over:
            break
        if n == turn_at:
            twin = lean_twin(game)
            if twin is None:
                return None
            assert type(twin) is LeanGame
        moves = _moves(game)
        if twin is not None and (twin.is_over or (int(twin.to_move), _moves(twin))
                                 != (int(game.to_move), moves)):
                return f"{where}: decision {n}: {moves!r:.200} vs {_moves(twin)!r:.200}"
        i = rng.randrange(len(moves))
        for k, played in enumerate((game, twin)):
            if played is None:
                continue
            try:
                played.apply(i)
            except RulesError as error:
                failed[k] = str(error).splitlines()[0]
        if failed != [None, None]:
            if twin is not None and failed[0] != failed[1]:
                return f"{where}: decision {n}: errors {failed!r}"
            return None
    if twin is None:
        return None
    if game.is_over != twin.is_over or game.outcome != twin.outcome:
        return f"{where}: outcome {game.outcome!r} vs {twin.outcome!r}"
    if both.state_text(game) != both.state_text(twin):
        return f"{where}: the states differ"
    return None


def test_a_game_turned_lean_plays_on_as_the_full_game():
    configs = differential.configurations()  # made here, not at collection: every worker collects
    found = [d for config in configs for seed in SEEDS if (d := _difference(config, seed))]
    assert found == [], "\n".join(found[:5])
    assert len(configs) * len(SEEDS) >= 200


def test_the_twin_is_compared_and_leaves_the_game_alone():
    """The twin is lean (its own rules' units and zones), the game it was made from is not
    changed by playing the twin, and a different move is seen."""
    config = next(c for c in differential.configurations()
                  if c.path == "games/yokai_sketch.rules")
    game = both.full_rules(config.path).new_game(players=2, seed=4, log=False)
    for _ in range(5):
        game.apply(0)
    before = game.save()
    twin = lean_twin(game)
    assert twin is not None and twin.rules is game.rules.lean()
    assert all(f.unit is twin.rules.units[f.unit.key] for f in twin.frames)
    assert all(z is None or z is twin.layout.zone_list[z.i] for z in twin.where)
    assert twin.layout is not game.layout
    twin.play(twin.move_count - 1)
    while not twin.is_over:
        twin.play(0)
    assert game.save() == before
    other = lean_twin(game)
    assert other is not None
    other.play(0)
    assert both.state_text(other) != both.state_text(lean_twin(game))


ZONE_VARIABLE = """
game "Zone variable"
players 2

card Chip {
  name "chip"
}

zone pool: pile of Chip, public
zone hand[player]: pile of Chip, owner
var target: zone = pool

setup {
  create Chip() x 6 in pool
}

turn {
  let mine = hand[current]
  choose c in pool prompt "take a chip"
  move c to mine
  target = mine
}

end when empty(pool)

score p = size(hand[p]) + (if target == hand[p] then 10 else 0)
"""


def test_a_zone_the_state_holds_is_the_lean_layouts():
    """A variable and a paused rule's local holding a zone: the twin's hold the lean
    layout's zone of the same place, so comparing them with the lean rules' zones works."""
    rules = rulelang.loads(ZONE_VARIABLE, "zone_variable.rules")
    game = rules.new_game(players=2, seed=1, log=False)
    game.apply(0)
    twin = lean_twin(game)
    assert twin is not None
    target = twin.vars["target"]
    assert target is twin.layout.zone_list[target.i] and target is not game.vars["target"]
    mine = twin.frames[-1].L[0]
    assert mine is twin.layout.zone_list[mine.i] and mine is not game.frames[-1].L[0]
    while not twin.is_over:
        twin.play(0)
        game.apply(0)
    assert game.is_over and twin.outcome == game.outcome
    assert max(game.outcome["scores"].values()) >= 10  # the last taker's hand is the target
