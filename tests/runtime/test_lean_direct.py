"""The lean module's direct forms (interpreter/compiler/direct_code.py), run by
``LeanGame.play_out``, play the same games as its machines played through ``play``: seeded
random games of every ruleset in games/, examples/ and tests/rules/ (every player count and
option value support/differential.py plays), both ways, must ask the same seats to pick
among as many moves, draw the same chance, end in the same state and outcome, and fail
with the same error (tests/support/direct_differential.py)."""
from __future__ import annotations

import random
import sys

import pytest

from rulelang import IllegalMove
from support import ROOT, differential, soak
from support import direct_differential as both
from support.lean_differential import full_rules, lean_rules

QUICK_SEEDS = range(2000, 2002)  # (the soak-marked run plays more)
MAX_MOVES = 400  # a longer game is stopped there, both ways (play_out's limit)


def test_every_ruleset_plays_the_same_games_direct():
    configs = differential.configurations()
    found = [d for config in configs for seed in QUICK_SEEDS
             if (d := both.difference(config, seed, MAX_MOVES)) is not None]
    assert found == [], "\n".join(found[:5])
    assert len(configs) * len(QUICK_SEEDS) >= 200


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("part", [0, 1], ids=["first half", "second half"])
def test_thousands_of_games_play_the_same_direct(part):
    """Under RULELANG_SOAK=1, 24 seeds of each configuration in two parts; otherwise 3 of
    each in each part (tests/support/soak.py)."""
    half = soak.games(3, 12)
    found = []
    for config in differential.configurations():
        for seed in range(part * 12, part * 12 + half):
            d = both.difference(config, seed, MAX_MOVES)
            if d is not None:
                found.append(d)
    assert found == [], "\n".join(found[:5])


def _pick(rng):
    return lambda game, seat, values, site: rng.randrange(len(values))


def test_direct_forms_are_written_in_the_lean_module_only():
    path = "games/yokai_sketch.rules"
    assert "def direct_" in lean_rules(path).source()
    assert "def direct_" not in full_rules(path).source()
    assert "if g.direct:" in lean_rules(path).source()


def test_a_game_handed_over_mid_turn_finishes_as_the_loop_would():
    rules = lean_rules("games/yokai_sketch.rules")
    for seed in range(6):
        rng = random.Random(seed)
        loop = rules.new_game(players=2, seed=seed)
        while not loop.is_over:
            loop.play(rng.randrange(loop.move_count))
        rng = random.Random(seed)
        game = rules.new_game(players=2, seed=seed)
        for _ in range(7):  # a few decisions through play: its frames are open mid-turn
            game.play(rng.randrange(game.move_count))
        game.play_out(_pick(rng))
        assert game.is_over and game.outcome == loop.outcome
        assert both.state_text(game) == both.state_text(loop)


def test_the_limit_stops_a_game_after_that_many_decisions():
    rules = lean_rules("games/yokai_sketch.rules")
    game = rules.new_game(players=2, seed=4)
    assert game.play_out(_pick(random.Random(4)), limit=10) == 10
    assert game.stopped and not game.is_over and game.move_count == 0
    assert game.direct is False and game.turn_number > 0
    with pytest.raises(IllegalMove, match="stopped in the middle of a rule"):
        game.play(0)
    ahead = rules.new_game(players=2, seed=4)
    assert ahead.play_out(_pick(random.Random(4)), limit=0) == 0  # nothing answered
    assert not ahead.stopped and ahead.move_count > 0  # its decision pending, as it was
    answered = ahead.play_out(_pick(random.Random(4)))
    assert ahead.is_over and answered > 10


def test_without_direct_forms_play_out_plays_through_play():
    """A choose for each seat at once has no direct form: the pending decisions are
    answered through play (examples/goofspiel.rules bids all at once)."""
    path = "examples/goofspiel.rules"
    assert "def direct_" not in lean_rules(path).source()
    assert (ROOT / path).exists()
    config = next(c for c in differential.configurations() if c.path == path)
    assert both.difference(config, 7, MAX_MOVES) is None
    assert both.play_direct(config, 7, MAX_MOVES).outcome is not None


DEEP = """
game "Deep"
players 2

card Token {
  n: int
  name "t{n}"
}
zone pile: pile of Token, public
zone heap: pile of Token, public

rule down(n: int) {
  choose x in [1, 2] prompt "pick"
  down(n + 1)
}

on enter heap as c {
  choose y in [1, 2] prompt "again"
  move c to pile
  move c to heap
}

setup {
  create Token(n: 1) in pile
}

turn {
  choose z in [1, 2] prompt "which"
  if z == 1 {
    down(1)
  } else {
    move top(pile) to heap
  }
}
"""


def _nested(k, work):
    return work() if k == 0 else _nested(k - 1, work)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_rules_and_triggers_without_end_fail_alike_direct(tmp_path, seed):
    """A rule calling itself and a trigger firing itself, each asking at every call, are
    stopped at the same depth with the same error both ways, however deep the caller's own
    stack is (direct forms nest Python frames where machines stack frames)."""
    import rulelang
    path = tmp_path / "deep.rules"
    path.write_text(DEEP)
    rules = rulelang.load(path).lean()
    assert "def direct_" in rules.source()
    errors = []
    limit = sys.getrecursionlimit()
    for direct in (False, True):
        rng = random.Random(seed)
        game = rules.new_game(players=2, seed=seed)
        with pytest.raises(rulelang.RulesError) as failure:
            if direct:
                _nested(300, lambda game=game, rng=rng: game.play_out(_pick(rng)))
            else:
                while not game.is_over:
                    game.play(rng.randrange(game.move_count))
        errors.append(str(failure.value))
    assert errors[0] == errors[1]
    assert "without end" in errors[0]
    assert sys.getrecursionlimit() == limit  # play_out's room on the stack is put back
