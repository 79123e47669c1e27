"""The work budget: whatever a ruleset computes between two decisions is counted, so a
hostile or mistaken ruleset stops soon with an error naming the rule, never a hang or a
memory bill. Each case is bounded by the budget itself (5,000,000 steps): a few seconds
at most. Nothing here measures speed (benchmarks do)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulelang

HEAD = 'game "Work"\nplayers 2\n'


def runs(text, words):
    rules = rulelang.loads(HEAD + text, "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match=words) as caught:
        rules.new_game(seed=1)
    assert "t.rules:" in str(caught.value)  # names where in the rules
    return str(caught.value)


@pytest.mark.parametrize("text", [
    # a list held twice in itself: 2^60 items once written out
    "var x: any = [1]\nturn { repeat 60 times { x = [x, x] } win current }",
    "var x: any = [1]\nturn { repeat 60 times { x = [(x, 1), x] } win current }",
    "var x: any = [1]\nturn { repeat 60 times { x = [x] + [x] } win current }",
    "var x: any = [1]\nturn { repeat 60 times { x = pairs([x, x, 1]) } win current }",
])
def test_a_list_holding_itself_twice_is_refused_where_it_is_made(text):
    runs(text, "too large|steps of work")


@pytest.mark.parametrize("text", [
    # each of these goes through 10^5 items 10^5 times between two decisions
    "turn { let a = 1..100000\n  let b = [x for x in a if x in a] win current }",
    "turn { let a = 1..100000\n  loop { let b = a - [a] } }",
    "turn { let a = 1..100000\n  loop { let b = sort(a) } }",
    "turn { let a = 1..100000\n  loop { let b = sum(a) } }",
    "turn { let a = 1..100000\n  loop { let b = join(a) } }",
    "turn { let a = 1..100000\n  loop { let b = text(a) } }",
    "turn { let a = 1..10000\n  loop { let b = \"{a}{a}\" } }",
    "turn { let a = 1..100000\n  loop { let b = index_of(a, 0) } }",
    "turn { let b = [[x, x] for x in 1..10000]\n  let c = [[x, x] for x in 1..10000]\n"
    "  loop { let d = b == c } }",
    "turn { let a = [1]\n  let b = [[x, x] for x in 1..1000]\n  loop { let c = b - [[0, 0]] } }",
    "turn { let a = 1..1000\n  let b = [[x for x in a if x == y] for y in a for z in a] win current }",
])
def test_going_through_lists_is_counted(text):
    runs(text, "steps of work")


def test_a_function_calling_itself_twice_is_counted():
    runs("fn f(n: int) = if n == 0 then 0 else f(n - 1) + f(n - 1)\n"
         "turn { log \"{f(60)}\" win current }", "steps of work")


def test_a_number_doubled_in_a_loop_is_refused():
    runs("var n: int = 1\nturn { loop { n = n + n } }", "too large")
    runs("var n: int = 1\nturn { loop { n += n } }", "too large")
    runs("turn { let a = [1]\n  loop { a = [sum(a + a)] } }", "too large")


def test_placements_count_their_work():
    # a line of 100 cells on 100 x 100 cells: some 2,000,000 steps a call, counted before it runs
    runs('card C { n: int }\nzone board: grid 100x100 of C\n'
         'turn { loop { let p = placements(shape("' + "#" * 100 + '"), empty_cells(board)) } }',
         "steps of work")


def test_the_budget_starts_again_at_each_decision():
    # 4 decisions, each going through 3 * 10^6 items: more than the budget in all
    rules = rulelang.loads(HEAD + "turn {\n  let a = 1..1000000\n  let s = sum(a) + sum(a)\n"
                           "  choose n in [1, 2] prompt \"pick\"\n}\nend when false\n", "t.rules")
    game = rules.new_game(seed=1)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    assert not game.is_over


@pytest.mark.parametrize("text", [
    "var x: any = [1]\nturn { loop { x = [x] } }",
    "var x: any = [1]\nturn { loop { x = (x, 1) } }",
    "var x: any = [1]\nturn { loop { x = pairs([x, 1]) } }",
    "fn wrap(v) = [v]\nvar x: any = [1]\nturn { loop { x = wrap(x) } }",
    "var x: any = [1]\nturn { loop { x = [y for y in [x]] } }",
])
def test_lists_nested_too_deep_to_save_are_refused_where_they_are_made(text):
    message = runs(text, "nested more than 100 deep")
    if "fn wrap" in text:  # made in the function: told there, then where it was called
        assert "in fn wrap" in message and "note: called from turn" in message
    else:
        assert "in turn" in message


@pytest.mark.parametrize("text", [
    "var x: any = [1..1000]\nturn { loop { x += x } }",
    "var x: any = [1..1000]\nturn { loop { x = x + x } }",
    "var x: any = [1]\nturn { loop { x += [x] } }",
])
def test_a_list_of_lists_doubled_is_refused_where_it_is_made(text):
    runs(text, "too large")


@pytest.mark.parametrize("text", [
    "var n: int = 3\nturn { loop { n = n * n } }",
    "var n: int = 3\nturn { loop { n = n + n * 2 } }",
    "var n: int = 3\nturn { loop { n -= n * 3 } }",
    "var n: int = 3\nturn { loop { n = sum([n, n, n]) } }",
    "var n: int = 3\nturn { loop { n = abs(n) + abs(n) } }",
])
def test_numbers_too_long_to_save_are_refused_where_they_are_made(text):
    runs(text, "too large")


def test_two_triggers_moving_a_card_back_and_forth_stop_with_an_error():
    rules = rulelang.loads(HEAD + "card C { n: int }\nzone a: pile of C\nzone b: pile of C\n"
                           "on enter a as c {\n  move c to b\n}\n"
                           "on enter b as c {\n  move c to a\n}\n"
                           "setup { create C(n: 1) in b }\nturn {\n  move top(b) to a\n  win current\n}\n",
                           "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match="fires itself without end"):
        rules.new_game(seed=1)


def test_two_triggers_that_wait_for_decisions_stop_with_an_error():
    # each waits for a decision, then moves the card on: waiting triggers pile up
    rules = rulelang.loads(HEAD + "card C { n: int }\nzone a: pile of C\nzone b: pile of C\n"
                           "on enter a as c {\n  choose x in [1] prompt \"go\"\n  move c to b\n}\n"
                           "on enter b as c {\n  move c to a\n}\n"
                           "setup { create C(n: 1) in b }\nturn {\n  move top(b) to a\n  win current\n}\n",
                           "t.rules")
    game = rules.new_game(seed=1)
    with pytest.raises(rulelang.RulesRuntimeError, match=r"on enter . fires itself without end") \
            as caught:
        for _ in range(1000):
            game.play(game.legal_moves()[0])
    assert "t.rules:" in str(caught.value)


@pytest.mark.parametrize("decl, what", [
    ("zone z[E, E]: pile", "zones to 40,000"),
    ("zone z[E, player]: pile\nzone y[E, player]: pile\nzone w[E, player]: pile", "zones to 9,600"),
    ("var v[E, E]: int = 0", "values of variables to 40,000"),
])
def test_families_of_zones_and_variables_are_capped(decl, what):
    enum = "enum E { " + ", ".join(f"m{i}" for i in range(200)) + " }\n"
    text = 'game "T"\nplayers 2..16\n' + enum + decl + "\nturn { win current }\n"
    if what.endswith("9,600"):  # 3 x 3,200: under the cap
        rulelang.loads(text, "t.rules")
        return
    with pytest.raises(rulelang.CheckError, match=what + ": a ruleset may have at most 10,000"):
        rulelang.loads(text, "t.rules")


@pytest.mark.parametrize("text", [
    'var t: text = "{1..100000}"\nturn { loop { log "{t}" } }',
    'var t: text = "{1..100000}"\nturn { loop { log "{[t, t]}" } }',
    'var t: text = "{1..100000}"\nturn { loop { log t } }',
])
def test_a_long_log_is_counted(text):
    runs(text, "steps of work")


def test_families_keyed_by_ranges_from_options_are_capped_when_a_game_starts():
    rules = rulelang.loads(HEAD + "option n: int in 1..1000 = 10\nzone z[1..n, 1..n]: pile\n"
                           "var v[1..n, 1..n]: int = 0\nturn { win current }\n", "t.rules")
    rules.new_game(options={"n": 100})  # 10,000 of each: allowed
    with pytest.raises(rulelang.RulesError, match="make 10,201 zones: a ruleset may have at most"):
        rules.new_game(options={"n": 101})


# ------------------------------------------------------------------ random hostile programs

STEPS = [
    "a = [a, a]", "a = [a, b]", "a += a", "a += [b]", "b = (a, n)", "a = pairs([a, b, 1])",
    "a = sort([a, a])", "a = unique([a, b, a])", "a = a - [[b]]", "a = [x for x in [a, b] if x != a]",
    "b = a", "b = [t, t]", "n = n + n", "n = n * n", "n -= n * 7", "n = sum([n, n, n])",
    "n = size(a)", "t = \"{t}{t}\"", "t = \"{a}\"", "t = join([t, t, t])", "t = text(b)",
    "log \"{a} {n}\"", "log t", "if a == b { n += 1 }", "if [a] == [b] { n += 1 }",
]


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=6),
       times=st.integers(min_value=1, max_value=40))
def test_whatever_a_ruleset_builds_can_be_shown_and_saved_or_is_refused(steps, times):
    text = (HEAD + 'var a: list of any = [1]\nvar b: any = [2]\nvar n: int = 3\nvar t: text = "ab"\n'
            f"turn {{\n  repeat {times} times {{\n    " + "\n    ".join(steps) + "\n  }\n"
            '  choose x in [1] prompt "go"\n}\n')
    rules = rulelang.loads(text, "t.rules")
    try:
        game = rules.new_game(seed=1)
    except rulelang.RulesRuntimeError as error:
        assert "t.rules:" in str(error)
        return
    saved = game.save()
    assert rules.restore(saved).save() == saved
    game.view(0)
    game.transcript()
