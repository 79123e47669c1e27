"""Scenario files and `rulelang test`: every game's scenarios pass, and a game with one
rule broken fails the scenario that tests that rule."""
from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from rulelang.language.errors import CheckError, ParseError, RulesError
from rulelang.play.cli import cli
from rulelang.tools.scenarios import load_suite
from support import ROOT


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_the_oh_hell_example_scenarios_pass():
    result = run("test", str(ROOT / "examples" / "oh_hell.rules"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "3 passed, 0 failed"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["yokai_sketch", "yami", "yokai"])
def test_every_scenario_of_a_game_passes(game):
    result = run("test", str(ROOT / "games" / f"{game}.rules"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    passed = [line for line in lines if line.startswith("pass  ")]
    assert len(passed) >= 10
    assert lines[-1] == f"{len(passed)} passed, 0 failed"
    prefix = {"yokai_sketch": "YS-", "yami": "YA-", "yokai": "YK-"}[game]
    assert all(f"[{prefix}" in line for line in passed)  # each cites the rules it tests


def broken_copy(tmp_path, game, old, new, folder="games"):
    """FOLDER/GAME.rules with one rule changed, its scenarios (and the files it imports from
    FOLDER/GAME/, as Yami's campaign) beside it."""
    source = ROOT / folder
    text = (source / f"{game}.rules").read_text(encoding="utf-8")
    assert text.count(old) == 1
    rules = tmp_path / f"{game}.rules"
    rules.write_text(text.replace(old, new), encoding="utf-8")
    shutil.copy(source / f"{game}.scenarios", tmp_path / f"{game}.scenarios")
    if (source / game).is_dir():
        shutil.copytree(source / game, tmp_path / game)
    return rules


def test_a_completion_check_off_by_one_fails_the_rulebook_example(tmp_path):
    rules = broken_copy(tmp_path, "yokai_sketch", "total < yokai.value", "total <= yokai.value")
    result = run("test", str(rules))
    assert result.exit_code == 1
    out = result.output
    assert "FAIL  the rulebook's example: three cards to one take the Yokai  [YS-17, YS-18]" in out
    assert 'expect notebook[P1] = ["earth 4"]' in out
    assert "expected: [\"earth 4\"]\n      actual:   []" in out
    assert "pass  one card short: nothing happens" in out  # the rest still holds


@pytest.mark.slow
def test_a_star_rule_off_by_one_fails_the_star_scenario(tmp_path):
    rules = broken_copy(tmp_path, "yami", 'report "star" = success and round <= star_rounds()',
                        'report "star" = success and round < star_rounds()')
    result = run("test", str(rules))
    assert result.exit_code == 1
    assert "FAIL  every mission tile surrounded by round 5: success and the star" in result.output
    assert "expected: true\n      actual:   false" in result.output


@pytest.mark.slow
def test_must_follow_broken_fails_the_refusal(tmp_path):
    rules = broken_copy(tmp_path, "yami",
                        "where follows(card, hand[p], led, c => c.colour)",
                        "where true")
    result = run("test", str(rules))
    assert result.exit_code == 1
    assert "FAIL  must follow: a card of another colour is refused  [YA-19]" in result.output


@pytest.mark.parametrize("example,count", [("reversi", 4), ("goofspiel", 3), ("hanabi", 6)])
def test_every_scenario_of_an_example_passes(example, count):
    result = run("test", str(ROOT / "examples" / f"{example}.rules"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"{count} passed, 0 failed"


@pytest.mark.parametrize("example,old,new,failing", [
    ("reversi", "flanked(board, s, discs(opponent(c)), discs(c))",
     "flanked(board, s, discs(opponent(c)), discs(c), [(0, -1), (1, 0), (0, 1), (-1, 0)])",
     "one disc turns over lines in several directions at once"),
    ("goofspiel", "if size(best) == 1 {", "if size(best) >= 1 {",
     "when the highest bids tie, the prize is set aside"),
    ("hanabi", "last_turns = player_count + 1", "last_turns = player_count",
     "once the deck is empty everyone has one more turn; the fireworks are the score"),
    ("hanabi", "c.rank == 5 and clues < max_information_tokens",
     "c.rank == 4 and clues < max_information_tokens",
     "a 5 completes its firework and wins back a clue token"),
])
def test_an_example_with_a_rule_broken_fails_its_scenario(tmp_path, example, old, new, failing):
    result = run("test", str(broken_copy(tmp_path, example, old, new, folder="examples")))
    assert result.exit_code == 1
    assert f"FAIL  {failing}" in result.output


SCENARIO_RULES = """\
game "Count"
players 2
option goal: int in 1..9 = 3
zone deck: pile, public
zone hand[player]: hand, owner
card Chip { n: int  name "chip {n}" }
var points[player]: int = 0
setup { for n in 1..4 { create Chip(n: n) in deck } }
turn {
  choose c in hand[current] pass prompt "play"
  if c != none { points[current] += c.n  move c to deck }
}
end when any(points[p] >= goal for p in players)
score p = points[p]
"""


def write(tmp_path, scenarios, rules=SCENARIO_RULES):
    (tmp_path / "count.rules").write_text(rules, encoding="utf-8")
    (tmp_path / "count.scenarios").write_text(scenarios, encoding="utf-8")
    return str(tmp_path / "count.rules")


def outcome_of(tmp_path, scenarios):
    suite = load_suite(write(tmp_path, scenarios))
    return [(r.scenario.name, r.failure) for r in suite.run()]


def test_each_kind_of_expectation(tmp_path):
    results = outcome_of(tmp_path, """
scenario "all of them" {
  cites X-1
  position {
    current = P2
    turn = 4
    hand[P2] = ["chip 2", "chip 1"]
    points[P1] = 1
  }
  expect current = P2
  expect turn = 4
  expect hand[P2] = ["chip 2", "chip 1"]
  expect deck = ["chip 4", "chip 3"]       # top first: setup made 1..4, the last on top
  expect points[P1] = 1
  expect size(deck) + points[P1] == 3
  decides P2 "play"
  legal "chip 2", "chip 1", pass
  legal has pass
  legal lacks "chip 3"
  play "chip 3" refused
  play "chip 2"
  expect deck = ["chip 2", "chip 4", "chip 3"]
  play pass
  play "chip 1"
  over win P2
  over                                     # over, whatever the result
  scores 1, 3
  logged "P2 > play: chip 1"
}
""")
    assert results == [("all of them", None)]


@pytest.mark.parametrize("step, message, expected, actual", [
    ('expect hand[P2] = ["chip 1"]', "hand[P2] holds other cards", '["chip 1"]',
     '["chip 2", "chip 1"]'),
    ("expect points[P1] = 2", "points[P1] has another value", "2", "1"),
    ("expect size(deck) > 2", "the condition does not hold", "> 2", "2"),
    ("expect empty(deck)", "the condition does not hold", None, None),
    # an `and`: the part that fails, with its values (it said only "does not hold")
    ("expect size(deck) == 2 and size(hand[P2]) == 3 and empty(deck)",
     "the condition does not hold: size(hand[P2]) == 3", "3", "2"),
    ("expect size(deck) == 2 and empty(deck)", "the condition does not hold: empty(deck)",
     None, None),
    ('legal "chip 2"', "other legal moves", '["chip 2"]', '["chip 2", "chip 1", "pass"]'),
    ("decides P1", "another seat decides", "P1", "P2"),
    ('play "chip 2" refused', "the move 'chip 2' was played: it is legal here", "refused",
     "played"),
    ('play "chip 4"', "the move 'chip 4' is refused: chip 4 is in the deck, not in your hand "
                      "(legal: chip 2, chip 1, pass)", None, None),
    ("over win P1", "the game is not over", "win P1", "the game goes on (P2 decides)"),
    ("over", "the game is not over", "over", "the game goes on (P2 decides)"),
    ('logged "no such line"', "no line of the transcript says this", '"no such line"',
     "Count: 2 players, seed 0, goal=3\n-- turn 1: P2 --"),
])
def test_a_failure_says_what_was_expected_and_what_happened(tmp_path, step, message, expected,
                                                             actual):
    results = outcome_of(tmp_path, f"""
scenario "one step" {{
  position {{
    current = P2
    hand[P2] = ["chip 2", "chip 1"]
    points[P1] = 1
  }}
  {step}
}}
""")
    (_name, failure), = results
    assert (failure.message, failure.expected, failure.actual) == (message, expected, actual)
    assert failure.span.line == 8



def test_a_card_s_name_in_a_zone_asks_for_a_card_of_that_name(tmp_path):
    # (it was refused: 'in' looks for text in a zone of Chip: it is always false)
    results = outcome_of(tmp_path, """
scenario "held" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect "chip 2" in hand[P1] and "chip 3" not in hand[P1]
  expect size(hand[P1]) == 1 and not ("chip 1" in hand[P1])
}
scenario "not held" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect "chip 3" in hand[P1]
}
""")
    assert results[0] == ("held", None)
    name, failure = results[1]
    assert name == "not held"
    assert failure.message == "the condition does not hold"
    assert failure.span.line == 9

def test_a_card_s_name_not_in_a_zone_shows_what_the_zone_held(tmp_path):
    # (it said only that the condition does not hold)
    rules = SCENARIO_RULES.replace("1..4", "1..20")
    path = write(tmp_path, """
scenario "not held" {
  position { current = P1  hand[P1] = ["chip 2", "chip 1"] }
  expect "chip 3" in hand[P1]
}
scenario "held" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect size(deck) > 0 and "chip 2" not in hand[ P1 ]
}
scenario "nothing there" {
  position { current = P1 }
  expect "chip 3" in hand[P2]
}
scenario "a long pile" {
  position { current = P1 }
  expect "chip 30" in deck
}
""", rules)
    failures = [r.failure for r in load_suite(path).run()]
    assert [(f.message, f.expected, f.actual) for f in failures[:3]] == [
        ("the condition does not hold", 'a card named "chip 3"',
         'hand[P1] holds ["chip 2", "chip 1"]'),
        ('the condition does not hold: "chip 2" not in hand[ P1 ]', 'no card named "chip 2"',
         'hand[ P1 ] holds ["chip 2"]'),
        ("the condition does not hold", 'a card named "chip 3"', "hand[P2] holds no card"),
    ]
    # a pile top first, as expect deck = [...] writes it
    assert failures[3].actual == ('deck holds ["chip 20", "chip 19", "chip 18", "chip 17", '
                                  '"chip 16", "chip 15", "chip 14", "chip 13", "chip 12", '
                                  '"chip 11", "chip 10", "chip 9", ... 8 more]')


def test_a_card_s_name_no_card_has_says_so_with_a_did_you_mean(tmp_path):
    """`expect "chip 9" in deck` with no card of that name in the whole game (a typo) said
    only what the zone held, as for a card that is elsewhere."""
    failures = outcome_of(tmp_path, """
scenario "a typo" {
  expect "chp 3" in deck
}
scenario "elsewhere" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect "chip 2" in deck
}
""")
    (_typo, typo), (_elsewhere, elsewhere) = failures
    assert typo.message == 'the condition does not hold: no card in this game is named "chp 3"'
    assert (typo.expected, typo.hint) == ('a card named "chp 3"', "did you mean 'chip 3'?")
    assert typo.actual.startswith("deck holds [")
    assert (elsewhere.message, elsewhere.hint) == ("the condition does not hold", None)


def test_a_card_s_name_where_a_card_is_expected_is_the_card_of_that_name(tmp_path):
    # (knows(P1, "chip 2") was refused: argument 2 of knows() should be a card, but this is text)
    rules = SCENARIO_RULES.replace("1..4", "[1, 2, 3, 3]").replace(
        "score p", "card Token { v: int }\nfn held(c: Chip) = zone_of(c) == hand[P1]\nscore p")
    path = write(tmp_path, """
scenario "named" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect knows(P1, "chip 2") and not knows(P2, "chip 2") and knows(P2, "chip 1")
  expect held("chip 2") and not held("chip 1")
  expect "chip 2".n == 2 and knows(P1, "chip 2".n) and not knows(P2, "chip 2".n)
  expect zone_of("chip 1") == deck
}
scenario "not known" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect knows(P2, "chip 2")
}
scenario "elsewhere" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect zone_of("chip 2") == deck
}
scenario "no such card" {
  position { current = P1 }
  expect knows(P2, "chip 9")
}
scenario "two of that name" {
  position { current = P1 }
  expect held("chip 1") or held("chip 3")
}
""", rules)
    results = [(r.scenario.name, r.failure) for r in load_suite(path).run()]
    assert results[0] == ("named", None)
    said = [(f.message, f.expected, f.actual) for _, f in results[1:]]
    assert said == [
        ("the condition does not hold", None, None),
        ("the condition does not hold", '"deck"', '"hand[P1]"'),
        ("no card named 'chip 9' lies in a zone", None, None),
        ("2 cards are named 'chip 3' (in deck): a card's name in a condition speaks of one "
         "card; give the cards names of their own (the card's name clause) or expect what a "
         "zone holds", None, None),
    ]


def test_a_card_kind_called_like_a_function_in_a_scenario_says_how_to_name_a_card(tmp_path):
    # (it said: unknown function 'Chip', hint: declare it: fn Chip(x: int) = ...)
    path = write(tmp_path, """
scenario "called" {
  position { current = P1  hand[P1] = ["chip 2"] }
  expect knows(P1, Chip("chip 2"))
  expect size(hand[P1]) == 1 and Chip(2) == none
}
""")
    with pytest.raises(CheckError) as caught:
        load_suite(path)
    assert [(d.span.line, d.span.col, d.message, d.hint) for d in caught.value.diagnostics] == [
        (4, 20, "'Chip' is a card kind, not a function",
         'a scenario names a card by its name in quotes: write "chip 2" where a card is '
         'expected, as in knows(P1, "chip 2"), "chip 2".FIELD or "chip 2" in ZONE'),
        (5, 34, "'Chip' is a card kind, not a function",
         'a scenario names a card by its name in quotes: write "NAME" where a card is '
         'expected, as in knows(P1, "NAME"), "NAME".FIELD or "NAME" in ZONE'),
    ]


def test_a_scenario_from_a_seed_with_chance_fixed(tmp_path):
    rules = SCENARIO_RULES.replace("setup {", 'setup { current = random(players, "first")\n')
    scenarios = """
scenario "fixed" {
  seed 3
  option goal = 9
  fix "first" = P2
  decides P2
  expect goal == 9
}
"""
    suite = load_suite(write(tmp_path, scenarios, rules))
    assert [r.failure for r in suite.run()] == [None]


def test_a_fixed_chance_that_cannot_happen_fails_at_its_fix_line_saying_what_may_be(tmp_path):
    """A `fix` naming no event, or an outcome the event cannot give, failed at the scenario's
    first line (or at the move that drew it), and did not say what the outcomes could be."""
    rules = SCENARIO_RULES.replace("if c != none {", 'let d = random(1..6, "die")\n  if c != none {')
    scenarios = """
scenario "no such event" {
  fix "dice" = 3
  play pass
}
scenario "a die that shows no 7" {
  fix "die" = 2
  fix "die" = 7
  play pass, pass
}
"""
    results = load_suite(write(tmp_path, scenarios, rules)).run()
    typo, seven = (r.failure for r in results)
    assert (typo.span.line, typo.caret) == (3, True)
    assert "no chance event 'dice' (did you mean 'die'?)" in typo.message
    assert (seven.span.line, seven.caret) == (8, True)
    assert seven.message == ("fixed chance 'die': 7 is not one of the choices here "
                             "(1, 2, 3, 4, 5, 6): fix 'die' to one of them")


def test_a_fixed_outcome_the_game_never_draws_fails_the_scenario_at_its_line(tmp_path):
    """A `fix` queued for a draw that never came passed in silence: the scenario did not
    test what it said. Every outcome drawn passes; one left over fails at its line."""
    rules = SCENARIO_RULES.replace("if c != none {", 'let d = random(1..6, "die")\n  if c != none {')
    scenarios = """
scenario "each roll drawn" {
  fix "die" = 2
  fix "die" = 5
  play pass, pass
}
scenario "one roll too many" {
  fix "die" = 2
  fix "die" = 5
  fix "die" = 6
  play pass, pass
}
"""
    drawn, too_many = (r.failure for r in load_suite(write(tmp_path, scenarios, rules)).run())
    assert drawn is None
    assert (too_many.span.line, too_many.caret) == (10, True)  # fix "die" = 6
    assert too_many.message == ("this outcome was never drawn: the game drew 'die' 2 times, "
                                "and the scenario fixes it 3 times")
    assert too_many.hint.startswith("take the line out, or play on to the draw it is for")


def test_errors_in_a_scenario_file_point_at_it(tmp_path):
    with pytest.raises(ParseError) as error:
        load_suite(write(tmp_path, 'scenario "x" {\n  expect = 3\n}\n'))
    assert str(error.value).startswith(f"{tmp_path / 'count.scenarios'}:2:10: error:")
    with pytest.raises(CheckError) as error:
        load_suite(write(tmp_path, 'scenario "x" {\n  expect size(dekc) == 3\n}\n'))
    text = str(error.value)
    assert "count.scenarios:2:15: error: unknown name 'dekc'" in text
    assert "did you mean 'deck'?" in text
    with pytest.raises(ParseError) as error:
        load_suite(write(tmp_path, 'scenario "x" {\n  position { hand[P1] = [size(deck)] }\n}\n'))
    assert "a value in a scenario is written out, not computed" in str(error.value)
    with pytest.raises(ParseError) as error:
        load_suite(write(tmp_path, 'scenario "x" { }\nscenario "x" { }\n'))
    assert "two scenarios are called 'x'" in str(error.value)
    with pytest.raises(ParseError) as error:  # (it said: expected one of 'cites', ',', ...)
        load_suite(write(tmp_path, 'scenario "x" {\n  play "1", "2" refused\n}\n'))
    assert "unexpected 'refused' after several moves" in str(error.value)
    assert 'then: play "MOVE" refused' in str(error.value)



@pytest.mark.parametrize("after", ["expect size(deck) == 4", "}", "# a note\n  legal has pass"])
def test_a_comma_ending_a_line_of_moves_wants_another_move(tmp_path, after):
    # (it said: unexpected name 'deck' on the next line, expected one of 'cites', 'expect' ...)
    with pytest.raises(ParseError) as error:
        load_suite(write(tmp_path, f'scenario "x" {{\n  play pass, "#1",\n  {after}\n}}\n'))
    text = str(error.value)
    assert text.startswith(f"{tmp_path / 'count.scenarios'}:2:18: error: this line ends with ','")
    assert "a ',' wants another move after it" in text
    assert "expected one of" not in text


def test_moves_going_on_to_the_next_line_are_not_blamed_for_a_later_mistake(tmp_path):
    with pytest.raises(ParseError) as error:
        load_suite(write(tmp_path, 'scenario "x" {\n  play pass,\n    pass\n  expect = 3\n}\n'))
    assert "count.scenarios:4:10: error: unexpected '='" in str(error.value)

def test_a_position_that_cannot_be_built_fails_its_scenario(tmp_path):
    results = outcome_of(tmp_path, """
scenario "typo" {
  position { hand[P2] = ["chip 7"] }
  decides P2
}
""")
    (_name, failure), = results
    assert failure.message.startswith("the scenario cannot start: a position names a card "
                                      "'chip 7' that setup never made")


def test_missing_scenario_file_says_where_to_write_it(tmp_path):
    (tmp_path / "count.rules").write_text(SCENARIO_RULES, encoding="utf-8")
    with pytest.raises(RulesError) as error:
        load_suite(tmp_path / "count.rules")
    assert "count.scenarios: no scenarios for" in str(error.value)


def test_the_command_runs_one_scenario_by_name(tmp_path):
    path = write(tmp_path, 'scenario "first one" { decides P1 }\n'
                           'scenario "second one" { decides P2 }\n')
    result = run("test", path, "-k", "FIRST")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == ["pass  first one", "1 passed, 0 failed"]
    result = run("test", path)
    assert result.exit_code == 1
    assert "FAIL  second one" in result.output


SCENARIO_FILES = sorted(p.name for p in (ROOT / "examples").glob("*.scenarios"))


@pytest.mark.parametrize("name", SCENARIO_FILES)
def test_every_example_s_scenarios_pass(name):
    """Every example's scenarios file, as `rulelang test` runs it (an example's prompts or log
    changed without its scenarios is caught here, not only by the wheel's check)."""
    result = run("test", str(ROOT / "examples" / name.replace(".scenarios", ".rules")))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].endswith(" passed, 0 failed")


def test_winners_in_brackets_say_a_scenario_names_them_without(tmp_path):
    with pytest.raises(ParseError) as error:
        load_suite(write(tmp_path, 'scenario "x" {\n  over win [P1, P2]\n}\n'))
    assert "a scenario names the winners without brackets: over win P1, P3" in str(error.value)


def test_decides_takes_the_prompt_as_the_rules_write_it(tmp_path):
    """`simulate` shows a prompt as the rules write it, values in braces:
    `decides` takes it so too (each {...} a value), or as shown; other words still fail."""
    rules = SCENARIO_RULES.replace('prompt "play"', 'prompt "play ({points[current]} so far)"')
    scenarios = "\n".join(f"""
scenario "{i}" {{
  position {{
    current = P2
    hand[P2] = ["chip 2"]
  }}
  decides P2 {text}
}}""" for i, text in enumerate(['"play ({points[current]} so far)"', '"play (0 so far)"',
                                '"play ({p} so far)"', '"play ({points[current]} in all)"']))
    failures = [r.failure for r in load_suite(write(tmp_path, scenarios, rules)).run()]
    assert failures[:3] == [None, None, None]
    assert failures[3] is not None and failures[3].message == "another prompt"


def test_a_list_s_move_is_written_as_the_transcript_writes_it(tmp_path):
    """A choice among lists names a move by its items joined with + (`6+8`), as the
    transcript and a --moves file write it: a scenario refused it unquoted ("unexpected
    '+'"), and an expression after it still adds."""
    rules = """\
game "Pairs"
players 2
var took: list of int = []
turn {
  choose pair in [[6, 8], [7, 7], [2]] prompt "advance on"
  took += pair
  if size(took) >= 3 { end }
}
score p = 0
"""
    scenarios = """
scenario "pairs" {
  legal 6+8, 7+7, 2
  play 7+7
  play 9+9 refused
  expect size(took) == 1+1
}
"""
    suite = load_suite(write(tmp_path, scenarios, rules))
    assert [r.failure for r in suite.run()] == [None]


def test_one_fix_line_gives_an_event_s_next_outcomes_in_order(tmp_path):
    """A roll of four dice is four draws of "die": it took four `fix` lines, one a die."""
    rules = """\
game "Dice"
players 2
var rolled: list of int = []
turn {
  rolled = [random(1..6, "die") for i in 1..4]
  choose more in [true, false] prompt "roll again"
  end
}
score p = 0
"""
    scenarios = """
scenario "four dice" {
  fix "die" = 3, 3, 4, 6
  expect rolled = [3, 3, 4, 6]
}

scenario "one too many" {
  fix "die" = 3, 3, 4, 6, 1
  play yes
}
"""
    results = load_suite(write(tmp_path, scenarios, rules)).run()
    assert results[0].failure is None
    failure = results[1].failure
    assert failure is not None and failure.span.line == 8
    assert "the game drew 'die' 4 times, and the scenario fixes it 5 times" in failure.message
