"""The lean module's direct forms (interpreter/compiler/direct_code.py), run by
``LeanGame.play_out``, play the same games as its machines played through ``play``: seeded
random games of every ruleset in games/, examples/ and tests/rules/ (every player count and
option value support/differential.py plays), both ways, must ask the same seats to pick
among as many moves, draw the same chance, end in the same state and outcome, and fail
with the same error (tests/support/direct_differential.py)."""
from __future__ import annotations

import json
import random
import sys

import pytest

from rulelang import IllegalMove
from support import ROOT, differential
from support import direct_differential as both
from support.lean_differential import full_rules, lean_rules, soak_part

QUICK_SEEDS = range(2000, 2002)  # (the soak-marked run plays more)
MAX_MOVES = 400  # a longer game is stopped there, both ways (play_out's limit)


def test_every_ruleset_plays_the_same_games_direct():
    configs = differential.configurations()
    found = [d for config in configs for seed in QUICK_SEEDS
             if (d := both.difference(config, seed, MAX_MOVES)) is not None]
    assert found == [], "\n".join(found[:5])
    assert len(configs) * len(QUICK_SEEDS) >= 200


def test_every_ruleset_plays_the_same_games_played_out_from_the_start():
    """``Rules.played_out``: the first decision asked of the policy too, so a play block
    holding the whole game runs direct (from the ruleset's snapshot)."""
    configs = differential.configurations()
    found = [d for config in configs
             if (d := both.difference(config, 2000, MAX_MOVES, started=True)) is not None]
    assert found == [], "\n".join(found[:5])


def test_played_out_is_for_lean_rules_and_runs_the_play_block_direct():
    import rulelang
    rules = full_rules("examples/goofspiel.rules")
    with pytest.raises(rulelang.RulesError, match="only lean rules"):
        rules.played_out(_pick(random.Random(1)), players=2)
    lean = lean_rules("examples/goofspiel.rules")
    lean.new_game(players=3, seed=1)  # its snapshot
    asked = []  # whether a decision was left pending (a machine's) when the policy was asked
    game = lean.played_out(lambda g, seat, values, site: asked.append(g.pending is not None) or 0,
                           players=3, seed=2)
    assert game.is_over and game.answered == len(asked) > 0
    assert not any(asked)  # every pick asked in a direct form, the first too
    stopped = lean.played_out(_pick(random.Random(1)), players=3, seed=2, limit=4)
    assert stopped.stopped and stopped.answered == 4


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("part", [0, 1], ids=["first half", "second half"])
def test_thousands_of_games_play_the_same_direct(part):
    """Under RULELANG_SOAK=1, 24 seeds of each configuration in two parts; otherwise 2 of
    each in each part (tests/support/soak.py)."""
    found = soak_part(both.difference, part, MAX_MOVES)
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


@pytest.mark.parametrize("path", ["examples/goofspiel.rules", "examples/sushi_draft.rules"])
def test_a_choice_for_each_seat_at_once_plays_direct(path):
    """A choose for every seat at once has a direct form (every seat's options worked out,
    then each seat's pick asked in seat order): the same games as through play, stopped by
    the limit between two seats' picks too (goofspiel bids all at once; sushi draft also
    asks only some seats, and may ask none)."""
    source = lean_rules(path).source()
    assert "g.direct_each(" in source and "def direct_" in source
    assert (ROOT / path).exists()
    configs = [c for c in differential.configurations() if c.path == path]
    assert configs
    for config in configs:
        for seed in (7, 8):
            for limit in (MAX_MOVES, 3, 2 * config.players + 1):
                assert both.difference(config, seed, limit) is None
        assert both.play_direct(config, 7, MAX_MOVES).outcome is not None


EACH = """
game "Each"
players 2..3

card Chip {
  n: int
  name "c{n}"
}
zone hand[player]: hand of Chip, public
zone out: pile of Chip, public

setup {
  for p in players {
    for n in 1..4 {
      create Chip(n: n) in hand[p]
      create Chip(n: n) in hand[p]
    }
  }
}

turn {
  let some = [p for p in players if size(hand[p]) > 5]
  choose chips in hand[p] by each p in some pass "c1" if size(hand[p]) == 6 and random(1..3, "whim") == 1
  for p, c in chips {
    if c != none {
      move c to out
    }
  }
  choose last in hand[p] by each p in players prompt "last {random(1..6, "die")}"
  for p, c in last {
    move c to out
  }
}
"""


@pytest.mark.parametrize("seed", range(6))
def test_a_choice_for_each_seat_fails_and_draws_alike_direct(tmp_path, seed):
    """Alike cards merged per seat, a pass word that names an option, no seat asked, a seat
    with nothing left and a prompt that draws chance: direct, the same picks, draws, state
    and error as through play."""
    import rulelang
    path = tmp_path / "each.rules"
    path.write_text(EACH)
    rules = rulelang.load(path).lean()
    assert "g.direct_each(" in rules.source()
    for players in (2, 3):
        seen = _played_both_ways(rules, players, seed)
        assert seen[0][1] is not None  # (it fails)
        assert seen[0] == seen[1]
        assert seen[0][0]


def _played_both_ways(rules, players: int, seed: int, limit: int | None = None) -> list:
    """The same seeded random picks through play (the machines), then played out direct:
    each way's picks (seat, number of options), error (None: none) and state (where the rules
    stood when it failed left out)."""
    import rulelang
    seen = []
    for direct in (False, True):
        rng, picks = random.Random(seed), []

        def policy(game, seat, values, site, rng=rng, picks=picks):
            picks.append((seat, len(values)))
            return rng.randrange(len(values))
        game = rules.new_game(players=players, seed=seed)
        error = None
        try:
            if direct:
                game.play_out(policy, limit=limit)
            else:
                while not game.is_over and (limit is None or len(picks) < limit):
                    decision = game.pending
                    game.play(policy(game, decision.seat, decision.values, decision.site))
        except rulelang.RulesError as failure:
            error = str(failure)
        state = json.loads(both.state_text(game))
        for part in both.MID_WAY:
            state.pop(part, None)
        seen.append((picks, error, state))
    return seen


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


# a rule on a cycle (down) that calls, at each depth, a rule on none (helper), and a rule and
# a trigger that call each other (fill, on enter heap); `settle` and `on enter out` lie on no
# cycle
LOOPS = """
game "Loops"
players 2

card Token {
  n: int
  name "t{n}"
}
zone pile: pile of Token, public
zone heap: pile of Token, public
zone out: pile of Token, public

rule helper() {
  choose w in [1, 2] prompt "help"
}

rule down(n: int) {
  helper()
  down(n + 1)
}

rule fill() {
  choose v in [1, 2] prompt "fill"
  move top(pile) to heap
}

rule settle() {
  choose u in [1, 2] prompt "settle"
  move top(pile) to out
  move top(out) to pile
}

on enter heap as c {
  move c to pile
  fill()
}

on enter out as c {
  log "{c} out"
}

setup {
  create Token(n: 1) in pile
}

turn {
  choose z in [1, 2, 3] prompt "which"
  if z == 1 {
    down(1)
  } else if z == 2 {
    fill()
  } else {
    settle()
  }
}
"""


@pytest.mark.parametrize("seed", [1, 2, 5, 7])
def test_only_what_lies_on_a_cycle_counts_its_depth_and_the_loop_is_named(tmp_path, seed):
    """A rule or a trigger on no cycle of calls and fired triggers cannot run itself without
    end, so its direct or plain form keeps no count of its depth; the limit names the rule
    that loops (not the rule it calls at the deepest point), with the same picks, error and
    state both ways."""
    import rulelang
    path = tmp_path / "loops.rules"
    path.write_text(LOOPS)
    rules = rulelang.load(path).lean()
    source = rules.source()
    # each function's comment line names what it runs ("# 'rule down', direct")
    counted = sorted(part.split("\n")[1].strip() for part in source.split("\ndef ")
                     if "g.rdepth" in part)
    assert counted == ["# 'rule down', direct", "# 'rule fill', direct"]  # (triggers: run_direct)
    for_seed = _played_both_ways(rules, 2, seed, limit=2000)
    assert for_seed[0] == for_seed[1]
    assert all("'helper'" not in error for _, error, _ in for_seed if error is not None)


PLAIN_TRIGGERS = """
game "Plain triggers"
players 2

card C {
  n: int
}
zone a: pile of C, public
zone b: pile of C, public
zone out: pile of C, public

on enter a as c {
  move c to b
}

on enter b as c {
  move c to a
}

on enter out as c {
  log "out"
}

setup {
  create C(n: 1) in out
}

turn {
  choose x in [1, 2]
  if x == 1 {
    move top(out) to a
  }
  move top(out) to out
}
"""


def test_a_trigger_on_no_cycle_keeps_no_depth_and_one_on_a_cycle_is_stopped(tmp_path):
    """Triggers that cannot pause: one that fires no trigger that fires it again keeps no
    count of its depth; two that fire each other are stopped, played either way."""
    import rulelang
    path = tmp_path / "plain.rules"
    path.write_text(PLAIN_TRIGGERS)
    rules = rulelang.load(path).lean()
    counted = sorted(part.split("\n")[1].strip() for part in rules.source().split("\ndef ")
                     if "g.rdepth" in part)
    assert counted == ["# 'on enter a'", "# 'on enter b'"]
    for is_direct in (False, True):
        game = rules.new_game(players=2, seed=3)
        with pytest.raises(rulelang.RulesError, match=r"on enter [ab] fires itself without end"):
            if is_direct:
                game.play_out(lambda game, seat, values, site: 0)
            else:
                while not game.is_over:
                    game.play(0)


# a rule on a cycle (down) whose every call fires a trigger that asks and fires nothing
# (on enter heap: on no cycle)
DOWN_FIRES = """
game "Down fires"
players 2

card Token {
  n: int
  name "t{n}"
}
zone pile: pile of Token, public
zone heap: pile of Token, public

rule down(n: int) {
  choose w in [1, 2] prompt "down"
  move top(pile) to heap
  down(n + 1)
}

on enter heap as c {
  choose y in [1, 2] prompt "again"
  move c to pile
}

setup {
  create Token(n: 1) in pile
}

turn {
  down(1)
}
"""


def test_a_trigger_on_no_cycle_fired_at_the_deepest_point_is_not_named_as_the_loop(tmp_path):
    """The trigger's frames reached the limit first, and the error said 'on enter heap fires
    itself without end' of a trigger that fires nothing: the rule that loops is named, with
    the same picks both ways."""
    import rulelang
    path = tmp_path / "down.rules"
    path.write_text(DOWN_FIRES)
    rules = rulelang.load(path).lean()
    seen = []
    for is_direct in (False, True):
        game, picks = rules.new_game(players=2, seed=1), []

        def policy(game, seat, values, site, picks=picks):
            picks.append(len(values))
            return 0
        with pytest.raises(rulelang.RulesError) as failure:
            if is_direct:
                game.play_out(policy, limit=2000)
            else:
                while not game.is_over:
                    decision = game.pending
                    game.play(policy(game, decision.seat, decision.values, decision.site))
        seen.append((len(picks), str(failure.value)))
    assert seen[0] == seen[1]
    assert "rule 'down' calls itself without end" in seen[0][1]
    assert "fires itself" not in seen[0][1]


# a rule on a cycle (down) that ends the game 250 calls deep, and an `on end` that calls a rule
# on a cycle (tally) 100 deep: together past the limit of 300, each well under it
DEEP_END = """
game "Deep end"
players 2

var counted: int = 0

rule tally(n: int) {
  counted += 1
  if n > 1 {
    tally(n - 1)
  }
}

rule down(n: int) {
  if n >= 250 {
    win current "deep enough"
  }
  down(n + 1)
}

on end {
  tally(100)
}

turn {
  choose z in [1, 2] prompt "which"
  down(1)
}

score p = counted
"""


@pytest.mark.parametrize("way", ["full", "lean", "direct"])
def test_on_end_runs_with_the_depth_of_the_rule_that_ended_the_game_put_back(tmp_path, way):
    """A game ended deep in a rule calling itself runs `on end` from no depth: a rule on a
    cycle that `on end` calls may go as deep as it could anywhere (the depth the ending rule
    had reached is not counted against it), on the full, lean and direct paths."""
    import rulelang
    path = tmp_path / "deep_end.rules"
    path.write_text(DEEP_END)
    rules = rulelang.load(path)
    game = (rules if way == "full" else rules.lean()).new_game(players=2, seed=1)
    if way == "direct":
        game.play_out(lambda game, seat, values, site: 0)
    else:
        game.play(game.legal_moves()[0] if way == "full" else 0)
    assert game.is_over
    assert game.vars["counted"] == 100


PASS_ENUM = """
game "Pass enum"
players 2

enum Tone { low, high }
card Chip {
  n: int
  name "c{n}"
}
zone out: pile of Chip, public
var turns: int = 0

setup {
  create Chip(n: 1) in out
}

turn {
  let tones = [t for t in [low, high] if t != low or random(1..2, "whim") == 1]
  choose a in tones pass "word" prompt "tone"
  let numbers = [n for n in 1..3 if n != 2 or random(1..4, "late") == 1]
  choose b in numbers pass "2" prompt "number"
  turns += 1
}
end when turns == 40   # (a pick that let the clash pass would end here, not play on)
"""


@pytest.mark.parametrize("seed", range(4))
def test_a_pass_word_among_distinct_values_is_checked_alike_direct(tmp_path, seed):
    """A pass beside values alike when equal: an enum's (named by their names) clear of the
    pass word, then numbers, one naming it; direct and through play: the same
    picks, draws, state and error (``pick_distinct``'s check of the pass word, written out)."""
    import rulelang
    path = tmp_path / "pass_enum.rules"
    path.write_text(PASS_ENUM)
    rules = rulelang.load(path).lean()
    assert "g.pick_distinct(" in rules.source()
    seen = _played_both_ways(rules, 2, seed)
    assert seen[0] == seen[1]
    assert "same name as an option" in seen[0][1] and seen[0][0]
