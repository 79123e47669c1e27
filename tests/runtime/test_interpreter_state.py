"""The interpreter's state: illegal moves change nothing, saves restore exactly, games are
deterministic, and runaway rules stop with an error that names them."""
from __future__ import annotations

import time

import pytest

import rulelang
from support import RULES, play_random, play_random_steps
from support.interpreting import HEAD

SINK = RULES / "kitchen_sink.rules"


def rules_of(text):
    return rulelang.loads(HEAD + text, "t.rules")


def replay(rules, moves, **kwargs):
    game = rules.new_game(**kwargs)
    for move in moves:
        game.play(move)
    return game


@pytest.fixture(scope="module")
def sink():
    return rulelang.load(SINK)


# ------------------------------------------------------------------ illegal moves

def test_an_illegal_move_leaves_the_game_exactly_as_it_was(sink):
    game = sink.new_game(players=2, seed=4)
    play_random_steps(game, 4, 3)
    before = game.save()
    for bad in ["no such move", "", "pass", "P9", "deck#99"]:
        if bad in [str(m) for m in game.legal_moves()]:
            continue
        with pytest.raises(rulelang.IllegalMove) as caught:
            game.play(bad)
        assert "is not a legal move for" in str(caught.value) or (  # or why, when it can be said
            "is refused: " in str(caught.value) and caught.value.reason)
        assert game.save() == before


def test_a_move_for_the_wrong_seat_is_illegal(sink):
    from interpreter.runtime.decision_parts import Move
    game = sink.new_game(players=2, seed=4)
    move = game.legal_moves()[0]
    before = game.save()
    with pytest.raises(rulelang.IllegalMove):
        game.play(Move(1 - move.seat, move.notation))
    assert game.save() == before


# ------------------------------------------------------------------ determinism

def test_same_seed_and_moves_give_the_same_transcript_byte_for_byte(sink):
    first = sink.new_game(players=3, seed=11)
    moves = play_random(first, seed=5)
    second = replay(rulelang.load(SINK), moves, players=3, seed=11)
    assert second.transcript() == first.transcript()
    for seat in (0, 1, 2):
        assert second.transcript(seat) == first.transcript(seat)
    assert second.outcome == first.outcome
    assert second.save() == first.save()


def test_another_seed_deals_another_game(sink):
    a = sink.new_game(players=2, seed=1).view(None)["zones"]["bag"]["cards"]
    b = sink.new_game(players=2, seed=2).view(None)["zones"]["bag"]["cards"]
    assert a != b


# ------------------------------------------------------------------ save and restore

@pytest.mark.parametrize("steps", [0, 1, 2, 5, 9])
def test_a_restored_game_continues_identically(sink, steps):
    game = sink.new_game(players=3, seed=7)
    play_random_steps(game, steps, steps)
    saved = game.save()
    copy = sink.restore(saved)
    assert copy.save() == saved
    assert copy.view(None) == game.view(None)
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert copy.to_move == game.to_move
    rest = play_random(game, seed=99)
    for move in rest:
        copy.play(move)
    assert copy.transcript() == game.transcript()
    assert copy.outcome == game.outcome


def test_a_save_restores_in_the_middle_of_a_trigger():
    rules = rules_of("""
card Tile { rank: int  name "t{rank}" }
zone a: pile of Tile, public
zone b: pile of Tile, public
var kept: int = 0
on enter b as c {
  choose keep in [true, false] prompt "keep {c}?"
  if keep { kept += c.rank } else { move c to a at bottom }
}
setup { for r in 1..3 { create Tile(rank: r) in a } }
turn {
  move top(a) to b
  log "kept {kept}"
  if kept >= 5 { win current }
}
""")
    game = rules.new_game(seed=1)
    assert [str(m) for m in game.legal_moves()] == ["yes", "no"]  # inside the trigger
    copy = rules.restore(game.save())
    for g in (game, copy):
        for move in ["no", "yes", "yes", "yes"]:  # t3 back under, then t2, t1, t3 kept
            g.play(move)
    assert "kept 6" in game.transcript()
    assert copy.transcript() == game.transcript()
    assert copy.is_over and copy.outcome == game.outcome


def test_a_save_restores_a_grid():
    rules = rules_of("""
card Stone { colour: text  name colour }
zone board: grid 3 x 3 of Stone
zone bag: pile of Stone, public
setup { create Stone(colour: "o") x 5 in bag }
turn {
  choose where in empty_cells(board) prompt "place"
  move top(bag) to board at where
  if empty(bag) { end }
}
""")
    game = replay(rules, ["B2", "A1"], seed=1)
    copy = rules.restore(game.save())
    assert copy.view(None)["zones"]["board"] == game.view(None)["zones"]["board"]
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert "B2" not in [str(m) for m in copy.legal_moves()]
    for g in (game, copy):
        for move in ["C3", "A3", "C1"]:
            g.play(move)
    assert copy.transcript() == game.transcript() and copy.is_over


def test_a_save_keeps_secrets_secret_when_restored(sink):
    game = sink.new_game(players=2, seed=3)
    copy = sink.restore(game.save())
    for seat in (0, 1):
        assert copy.view(seat) == game.view(seat)
        assert copy.transcript(seat) == game.transcript(seat)


def test_a_finished_game_restores_finished(sink):
    game = sink.new_game(players=2, seed=3)
    play_random(game, seed=3)
    copy = sink.restore(game.save())
    assert copy.is_over and copy.outcome == game.outcome and copy.legal_moves() == []


@pytest.mark.parametrize("text", ["", "not json", "{}", '{"format": "rulelang-save/1"}', "[1, 2]"])
def test_a_broken_save_is_a_clear_error(sink, text):
    with pytest.raises(rulelang.RulesError):
        sink.restore(text)


def test_a_damaged_save_is_a_clear_error(sink):
    import json
    data = json.loads(sink.new_game(players=2, seed=3).save())
    data["frames"] = [["rule:nothing", 0, []]]
    with pytest.raises(rulelang.RulesError, match="damaged"):
        sink.restore(json.dumps(data))


def test_a_save_from_other_rules_is_refused(sink):
    other = rules_of("turn { choose x in [1] win current }").new_game(seed=1)
    with pytest.raises(rulelang.RulesError, match="from other rules"):
        sink.restore(other.save())


# ------------------------------------------------------------------ runaway rules

RUNAWAY = {
    "empty loop": ("turn {\n  loop { }\n}", "in turn", 4),
    "while true": ("var n: int = 0\nturn {\n  while true { n += 1 }\n}", "in turn", 5),
    "rule calls itself": ("rule again(n: int) {\n  again(n + 1)\n}\nturn {\n  again(1)\n}",
                          "rule 'again' calls itself without end", 4),
    # (told in the function, then "called from turn" at line 5)
    "function calls itself": ("fn forever(n: int) = forever(n + 1)\nturn {\n  log \"{forever(1)}\"\n}",
                              "function 'forever' calls itself without end", 3),
    "turn with no decision": ("var n: int = 0\nturn {\n  n += 1\n}",
                              "turns keep passing with no decision", 4),
    "loop in setup": ("setup {\n  loop { }\n}\nturn { win current }", "in setup", 4),
    "huge comprehension": ("rule spin() {\n  let n = size([x for a in 1..100000 for x in 1..100000])\n}"
                           "\nturn {\n  spin()\n}", "seems never to end", 4),
}


@pytest.mark.parametrize("name", sorted(RUNAWAY))
def test_a_runaway_rule_stops_with_an_error_naming_it(name):
    text, words, line = RUNAWAY[name]
    started = time.monotonic()
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        rules_of(text).new_game(seed=1)
    assert time.monotonic() - started < 60  # a guard against a hang, not a measure of speed
    error = caught.value
    assert words in str(error)
    d, *callers = error.diagnostics
    assert d.span is not None and d.span.file == "t.rules" and d.span.line == line
    assert [c.severity for c in callers] == ["note"] * len(callers)
    assert "Traceback" not in str(error)


def test_a_runaway_after_a_move_leaves_a_clear_error():
    rules = rules_of("turn {\n  choose n in [1, 2]\n  if n == 2 {\n    loop { }\n  }\n}")
    game = rules.new_game(seed=1)
    with pytest.raises(rulelang.RulesRuntimeError, match="in turn"):
        game.play("2")


def test_runtime_errors_name_the_rule_and_line():
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        rules_of("rule bad() {\n  let x = 1 / 0\n}\nturn {\n  bad()\n  win current\n}").new_game()
    [d] = caught.value.diagnostics
    assert d.message == "in rule bad: division by zero"
    assert (d.span.line, d.span.col) == (4, 11)  # at the division itself
    assert str(caught.value).startswith("t.rules:4:11: error: in rule bad: division by zero")


def test_a_players_save_is_filtered_like_their_view_and_cannot_be_continued():
    import json
    rules = rules_of('zone hand[player]: hand, owner\ncard C { n: int name "c{n}" }\n'
                     'setup {\n  create C(n: 1) in hand[P1]\n  create C(n: 2) in hand[P2]\n}\n'
                     'turn {\n  choose c in hand[current]\n  win current\n}')
    game = rules.new_game(players=2, seed=1)
    mine = json.loads(game.save(0))
    assert mine["view"] == json.loads(json.dumps(game.view(0)))
    assert mine["transcript"] == game.transcript(0)
    assert "c2" not in game.save(0) and "c1" in game.save(0)
    with pytest.raises(rulelang.RulesError, match="cannot be continued"):
        rules.restore(game.save(0))
    with pytest.raises(rulelang.RulesError):
        game.save(5)


@pytest.mark.parametrize("jump", ["break", "continue"])
def test_a_loop_whose_body_ends_in_a_jump_after_a_decision_compiles(jump):
    """The loop's own step back to its top follows the body; a body that ends jumping left
    it nothing to follow (the compiler failed an assertion there: a fuzzed Liar's Dice)."""
    game = rules_of("var n: int = 0\nturn {\n  loop {\n    choose x in [1, 2] prompt \"go\"\n"
                    "    n += x\n    if n > 3 { break }\n    " + jump + "\n  }\n  win current\n}"
                    ).new_game(seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert game.outcome["winners"]
