"""The lean playout path (interpreter/compiler/lean_code.py, interpreter/runtime/lean_game.py) plays the
same games as the full path: seeded random games of every ruleset in games/, examples/ and
tests/rules/ (every player count and option value support/differential.py plays), both ways,
must offer the same seats the same moves, draw the same chance, end in the same state and
outcome, and fail with the same error."""
from __future__ import annotations

import pytest

import rulelang
from support import ROOT, differential
from support import lean_differential as both
from support.lean_differential import soak_part

QUICK_SEEDS = range(1000, 1004)  # (the soak-marked test below plays more)
MAX_MOVES = 400  # a longer game is compared up to there


def test_every_ruleset_plays_the_same_games_both_ways():
    configs = differential.configurations()  # made here, not at collection: every worker collects
    found = [d for config in configs for seed in QUICK_SEEDS
             if (d := both.difference(config, seed, MAX_MOVES)) is not None]
    assert found == [], "\n".join(found[:5])
    assert len(configs) * len(QUICK_SEEDS) >= 400


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("part", [0, 1], ids=["first half", "second half"])
def test_thousands_of_games_play_the_same_both_ways(part):
    """Under RULELANG_SOAK=1 (as CI runs it), about 2,700 games (3,100 with the quick
    test's): 24 seeds of each configuration (each its own player count and options), the
    faults' configurations included, in two parts (run side by side); otherwise 2 seeds of
    each in each part (tests/support/soak.py). benchmarks/lean_differential.py plays as
    many more as it is asked."""
    found = soak_part(both.difference, part, MAX_MOVES)
    assert found == [], "\n".join(found[:5])


def test_the_paths_really_are_compared():
    """The lean game is a LeanGame of its own module (no log lines, no prompts), and the
    comparison sees a move played differently."""
    config = next(c for c in differential.configurations()
                  if c.path == "games/yokai_sketch.rules")
    lean = both.lean_rules(config.path)
    assert lean.lean_path and "g.log.append" not in lean.source()
    assert "g.log.append" in both.full_rules(config.path).source()
    game = lean.new_game(players=2, seed=3)
    assert type(game).__name__ == "LeanGame"
    full = both.play_full(config, 3, 40)
    played = both.play_lean(config, 3, 40)
    assert full == played
    changed = (*played.decisions[:5], (*played.decisions[5][:2], played.decisions[5][2] + 1))
    assert full.decisions != changed


def test_moves_are_numbers_and_notations_are_worked_out_on_demand():
    rules = rulelang.load(ROOT / "games/yokai_sketch.rules")
    full = rules.new_game(players=2, seed=5, log=False)
    game = rules.lean().new_game(players=2, seed=5)
    assert game.legal_moves() == range(game.move_count) == range(len(full.legal_moves()))
    assert [game.notation(i) for i in game.legal_moves()] == list(map(str, full.legal_moves()))
    while full.legal_moves()[-1].notation != "pass":  # a decision where passing is allowed
        full.play(full.legal_moves()[0])
        game.play(0)
    assert game.notation(game.move_count - 1) == "pass"  # the pass move last, by its word
    with pytest.raises(rulelang.IllegalMove, match="numbered 0 to"):
        game.play(game.move_count)
    with pytest.raises(rulelang.IllegalMove):
        game.play("pass")  # a lean game takes numbers only
    assert game.transcript() is not None and game.log == []


def test_cards_alike_lying_apart_are_named_apart_on_the_lean_path_too():
    """Two cards of one name in two zones are two moves, named by where each lies; a lean
    game's notation says the name the full path gives (it said the card's name twice)."""
    rules = rulelang.loads("""
game "Chips"
players 2
card Chip { name "chip" }
zone left: row of Chip, public
zone right: row of Chip, public
setup {
  create Chip() in left
  create Chip() in right
}
turn {
  choose c in cards(left) + cards(right) prompt "take"
  win current
}
""")
    full = rules.new_game(players=2, seed=1, log=False)
    game = rules.lean().new_game(players=2, seed=1)
    names = list(map(str, full.legal_moves()))
    assert len(names) == 2 and len(set(names)) == 2  # (named by place: left#1, right#1)
    assert [game.notation(i) for i in game.legal_moves()] == names


def test_a_copy_of_a_lean_game_is_lean_and_goes_on_alike():
    rules = rulelang.load(ROOT / "examples/oh_hell.rules").lean()
    game = rules.new_game(players=3, seed=9)
    for _ in range(4):
        game.play(0)
    twin = game.copy()
    assert type(twin) is type(game)
    assert [twin.notation(i) for i in twin.legal_moves()] == \
        [game.notation(i) for i in game.legal_moves()]
    while not game.is_over:
        i = game.move_count - 1
        game.play(i)
        twin.play(i)
    assert twin.is_over and twin.outcome == game.outcome


def test_a_log_line_that_would_fail_fails_on_the_lean_path_as_in_the_logged_game():
    """The lean path writes no log line, but works out the parts of one that could fail
    (compiler/quiet_log.py): it stops where the logged game does, with its error."""
    config = next(c for c in differential.configurations()
                  if c.path == differential.FAULTS and c.options == (("fault", 1),))
    logged = differential.baseline(config)
    assert "cannot read .size" in logged.error  # log "{gem.size}"
    lean = both.play_lean(config, config.seed, MAX_MOVES)
    assert lean.error is not None and "cannot read .size" in lean.error
    assert lean == both.play_full(config, config.seed, MAX_MOVES)
