"""Rules that give back a value (``rule NAME(...) -> TYPE``, ``return VALUE``, called as
``let x = r(...)`` or ``x = r(...)``): the value lands in the caller's local on every path
(a rule that pauses for a decision, one that cannot, one that calls itself, a direct form),
and a game saved to JSON between a rule's decision and its return restores and gives the
value back as the game that was not saved does. tests/rules/call_the_bluff.rules, a game
built on them, is among the rulesets every differential test plays both ways."""
from __future__ import annotations

import json
import random

import pytest

import rulelang
from support import play_random
from support.interpreting import HEAD, log, moves

CLAIMS = HEAD + """
var total[player]: int = 0

rule claim(p: player) -> int {
  loop {
    choose n in 1..4 by p prompt "claim"
    if n != 3 {
      return n
    }
    log "{p}: not 3"
  }
}

rule doubled(n: int) -> int {
  if n > 2 {
    return n * 2
  }
  return n
}

rule depth(n: int) -> int {
  if n == 0 {
    return 0
  }
  let below = depth(n - 1)
  return below + 1
}

rule challenge(claimer: player, claimed: int) -> bool {
  choose calls in [false, true] by next(claimer) prompt "call {claimed}?"
  if calls {
    let again = claim(next(claimer))
    return again > claimed
  }
  return false
}

turn {
  let n = claim(current)
  total[current] += doubled(n)
  let caught = false
  caught = challenge(current, n)
  let d = depth(3)
  log "{current} claimed {n}, caught {caught}, total {total[current]}, depth {d}"
  if total[current] >= 6 or caught { win current }
}
"""


def _rules() -> rulelang.Rules:
    return rulelang.loads(CLAIMS, "claims.rules")


def test_a_rules_value_lands_in_its_callers_local_on_the_full_path():
    game = _rules().new_game(seed=1)
    for move in ["3", "4", "yes", "1"]:  # 3 is claimed again; then 4 (doubled: 8), called
        game.play(move)
    assert log(game)[1:6] == ["P1 > claim: 3", "P1: not 3", "P1 > claim: 4", "P2 > call 4?: yes",
                              "P2 > claim: 1"]
    assert log(game)[6] == "P1 claimed 4, caught no, total 8, depth 3"
    assert game.is_over and game.outcome["winners"] == [game.players[0]]


def test_a_value_kept_by_an_assignment_lands_too():
    game = _rules().new_game(seed=1)
    for move in ["2", "yes", "4"]:  # called; the caller claims 4 > 2: caught
        game.play(move)
    assert "P1 claimed 2, caught yes, total 2, depth 3" in log(game)
    assert game.is_over


def test_a_save_between_the_decision_and_the_return_gives_the_value_back_when_restored():
    rules = _rules()
    game = rules.new_game(seed=4)
    game.play("2")
    game.play("yes")  # inside challenge, inside claim: waiting for the caller's claim
    assert moves(game) == ["1", "2", "3", "4"]
    saved = json.loads(game.save())  # plain JSON, between the choose and the return
    restored = rules.restore(json.dumps(saved))
    for g in (game, restored):
        g.play("1")
    assert "P1 claimed 2, caught no, total 2, depth 3" in log(restored)
    assert restored.transcript() == game.transcript()
    rest = play_random(game, seed=5)
    for move in rest:
        restored.play(move)
    assert restored.transcript() == game.transcript() and restored.outcome == game.outcome


def test_the_lean_path_and_the_direct_forms_play_the_same_games():
    full, lean = _rules(), _rules().lean()
    for seed in range(12):
        game, rng, picks = full.new_game(seed=seed, log=False), random.Random(seed), []
        while not game.is_over:
            legal = game.legal_moves()
            picks.append(rng.randrange(len(legal)))
            game.play(legal[picks[-1]])
        twin = lean.new_game(seed=seed)  # through its machines, move by move
        for pick in picks:
            twin.play(twin.legal_moves()[pick])
        assert twin.is_over and twin.outcome == game.outcome
        asked = iter(picks)  # the same picks, asked of a policy: every rule run direct
        out = lean.played_out(lambda g, seat, values, site, asked=asked: next(asked), seed=seed)
        assert out.is_over and out.outcome == game.outcome and out.answered == len(picks)


def test_the_generated_code_keeps_a_paused_rules_value_in_g_returned():
    source = _rules().source()
    assert "g.returned = " in source  # the rule that pauses sets it as it returns
    assert "= g.returned" in source  # its caller takes it as it resumes


def test_the_bluffing_games_scenarios_pass_a_position_inside_the_challenge_too():
    """tests/rules/call_the_bluff.scenarios: the values through whole turns, and a position
    stated as the challenge begins (``phase challenge``), whose verdict reaches the turn, and
    one as the claim begins (``phase claim``), whose value another rule gives back."""
    from rulelang.tools.scenarios import load_suite
    from support import ROOT
    results = load_suite(ROOT / "tests" / "rules" / "call_the_bluff.rules").run()
    assert [r.failure for r in results] == [None] * 5


def test_a_value_given_back_after_a_trigger_that_asks_reaches_the_caller_through_a_save():
    rules = rulelang.loads(HEAD + """
card Tile { rank: int  name "t{rank}" }
zone a: pile of Tile, public
zone b: pile of Tile, public
var kept: int = 0
on enter b as c {
  choose keep in [true, false] prompt "keep {c}?"
  if keep { kept += c.rank }
}
rule draw_one() -> int {
  let c = top(a)
  move c to b
  return c.rank * 10 + kept
}
setup { for r in 1..3 { create Tile(rank: r) in a } }
turn {
  let got = draw_one()
  log "got {got}"
  if empty(a) { win current }
}
""", "tiles.rules")
    game = rules.new_game(seed=1)
    assert moves(game) == ["yes", "no"]  # in the trigger the rule's move fired
    restored = rules.restore(json.dumps(json.loads(game.save())))
    for g in (game, restored):
        for move in ["yes", "no", "yes"]:
            g.play(move)
    assert [line for line in log(restored) if line.startswith("got")] == \
        ["got 33", "got 23", "got 14"]
    assert restored.transcript() == game.transcript() and restored.is_over
    lean = rules.lean().new_game(seed=1)
    for pick in [0, 1, 0]:
        lean.play(lean.legal_moves()[pick])
    assert lean.is_over and lean.outcome == game.outcome


# ------------------------------------------------------------ return RULE(...)
# a rule's value given back by another rule as its own (``return r(...)``): by a rule that
# pauses, by one that cannot and calls itself, and by one that pauses and calls itself
RELAY = HEAD + """
rule ask(p: player) -> int {
  choose n in 1..4 by p prompt "pick"
  return n
}

rule relay(p: player) -> int {
  log "{p} relays"
  return ask(p)
}

rule settle(n: int) -> int {
  if n <= 0 {
    return 10
  }
  return settle(n - 1)
}

rule climb(p: player, n: int) -> int {
  if n <= 0 {
    return relay(p)
  }
  return climb(p, n - 1)
}

turn {
  let a = relay(current)
  let b = climb(next(current), 2)
  let s = settle(3)
  log "{current}: {a} {b} {s}"
  if a + b > 6 { win current }
}
"""


def _relay() -> rulelang.Rules:
    return rulelang.loads(RELAY, "relay.rules")


def test_a_rules_value_given_back_by_another_rule_reaches_the_first_caller():
    game = _relay().new_game(seed=1)
    for move in ["3", "4"]:
        game.play(move)
    assert log(game)[1:6] == ["P1 relays", "P1 > pick: 3", "P2 relays", "P2 > pick: 4",
                              "P1: 3 4 10"]
    assert game.is_over and game.outcome["winners"] == [game.players[0]]


def test_a_save_inside_a_rule_whose_value_is_given_back_three_frames_up_restores():
    rules = _relay()
    game = rules.new_game(seed=1)
    game.play("3")  # paused in ask, called by relay, by climb three times
    frames = [f[0] for f in json.loads(game.save())["frames"]]
    assert frames == ["play", "rule:climb", "rule:climb", "rule:climb", "rule:relay", "rule:ask"]
    restored = rules.restore(game.save())
    for g in (game, restored):
        g.play("2")
    assert "P1: 3 2 10" in log(restored)
    assert restored.transcript() == game.transcript()
    rest = play_random(game, seed=3)
    for move in rest:
        restored.play(move)
    assert restored.transcript() == game.transcript() and restored.outcome == game.outcome


def test_a_value_given_back_plays_the_same_games_lean_and_direct():
    full, lean = _relay(), _relay().lean()
    for seed in range(8):
        game, rng, picks = full.new_game(seed=seed, log=False), random.Random(seed), []
        while not game.is_over:
            legal = game.legal_moves()
            picks.append(rng.randrange(len(legal)))
            game.play(legal[picks[-1]])
        twin = lean.new_game(seed=seed)
        for pick in picks:
            twin.play(twin.legal_moves()[pick])
        assert twin.is_over and twin.outcome == game.outcome
        asked = iter(picks)
        out = lean.played_out(lambda g, seat, values, site, asked=asked: next(asked), seed=seed)
        assert out.is_over and out.outcome == game.outcome and out.answered == len(picks)
    assert "direct_" in lean.source() and "return t" in lean.source()


ENDLESS = HEAD + """
rule sink(p: player, n: int) -> int {
  if n == 0 {
    choose k in 1..2 by p prompt "k"
  }
  return sink(p, n + 1)
}
rule forever(n: int) -> int {
  return forever(n + 1)
}
turn {
  let x = sink(current, 0)
  let y = forever(x)
  log "{y}"
}
"""


def test_a_rule_giving_back_its_own_call_without_end_stops_on_every_path():
    rules = rulelang.loads(ENDLESS, "t.rules")
    game = rules.new_game(seed=1)
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        game.play("1")  # the rule that pauses, a frame more each time
    assert "rule 'sink' calls itself without end" in str(caught.value)
    assert caught.value.diagnostics[0].span.line == 8  # its return
    lean = rules.lean()
    seen = []
    for direct in (False, True):
        twin = lean.new_game(seed=1)
        with pytest.raises(rulelang.RulesError) as failure:
            if direct:
                twin.play_out(lambda g, seat, values, site: 0, limit=100)
            else:
                twin.play(twin.legal_moves()[0])
        seen.append(str(failure.value))
    assert seen[0] == seen[1] == str(caught.value)
    plain = rulelang.loads(HEAD + "rule forever(n: int) -> int {\n  return forever(n + 1)\n}\n"
                           "turn {\n  let y = forever(1)\n  log \"{y}\"\n}\n", "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        plain.new_game(seed=1)  # the plain function, its depth counted
    assert "rule 'forever' calls itself without end" in str(caught.value)
    assert "Traceback" not in str(caught.value)
