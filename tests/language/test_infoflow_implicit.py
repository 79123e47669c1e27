"""The information-flow check follows implicit flows: what a branch on a hidden face does
(a public variable set, a log line, a card moved, a choice offered, the game ended), a loop
counted by a hidden face, a card sent where a hidden face says, `end when` on a hidden face.
And it raises no false alarm where the face is public by the time anyone sees the effect
(a card played face up in both branches, revealed to all then read again via top(deck)).
The reliability probe's 10 leaks and 5 correct rulesets, and more like them."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from support import ROOT

HEAD = '''game "Flow"
players 2
card C { v: int  name "c{v}" }
zone deck: pile of C
zone stack: pile of C, top
zone hand[player]: hand of C
zone table: row of C, public
zone left: pile of C, public
zone right: pile of C, public
var points: int = 0
var secret_best: int = 0, hidden
var seen[player]: int = 0, owner
setup {
  for n in 1..8 { create C(v: n) in deck }
  shuffle deck
  deal 2 from deck to hand[P1]
  deal 2 from deck to hand[P2]
  deal 2 from deck to stack
  deal 1 from deck to table
}
'''


def warnings(body):
    decls = ("fn high(c: C) = c.v > 4\n" if "high(" in body else "") + \
        ("rule bump() {\n  points += 1\n}\n" if "bump(" in body else "")
    text = HEAD + decls + "turn {\n" + body + "\n  win current\n}\n"
    return [w.message for w in rulelang.loads(text, name="flow.rules").program.warnings]


LEAKS = {
    # 1. a branch on a hidden face sets a public variable
    "branch sets a public variable": '  if top(deck).v > 4 { points = 1 }',
    # 2. a branch on a hidden face writes a log line (its text is constant)
    "branch logs": '  if top(deck).v > 4 { log "high" }',
    # 3. a loop counted by a hidden face: the number of log lines tells it
    "loop count": '  repeat top(deck).v times { log "tick" }',
    # 4. a loop index: the position of the 8 in the deck, kept in a public variable
    "loop index": '  let i = 0\n  for c in cards(deck) {\n    if c.v == 8 { points = i }\n'
                  '    i += 1\n  }',
    # 5. where a card is sent says a hidden face
    "destination by branch": '  if top(deck).v > 4 { move top(table) to left } else '
                             '{ move top(table) to right }',
    # 6. whose hand a card is dealt to says a hidden face
    "destination by key": '  move top(table) to hand[if top(deck).v > 4 then P1 else P2]',
    # 7. a choice offered only when a hidden face says so
    "choice offered": '  if top(deck).v > 4 {\n    choose n in [1, 2] prompt "pick"\n  }',
    # 8. the game won in a branch on a hidden face
    "game ended": '  if top(deck).v == 8 { win next(current) }',
    # 9. a rule called from a branch on a hidden face sets a public variable
    "rule called in a branch": '  if top(deck).v > 4 { bump() }',
    # 10. a hidden face through a function, in a while loop, into the log
    "while on a function": '  while high(top(deck)) {\n    move top(deck) to stack\n'
                           '    log "again"\n  }',
    # more like them
    "owner's hand decides a public variable": '  if first(cards(hand[P1])).v > 4 { points = 1 }',
    "else branch": '  if top(deck).v > 4 { secret_best = 1 } else { points = 2 }',
    "after a branch that ends the game": '  if top(deck).v == 1 { win current }\n  points = 3',
    "a local set in a branch, logged later": '  let x = 0\n  if top(deck).v > 4 { x = 1 }\n'
                                             '  log "{x}"',
    "current set in a branch": '  if top(deck).v > 4 { current = next(current) }',
    "a shuffle in a branch": '  if top(deck).v > 4 { shuffle deck }',
}


@pytest.mark.parametrize("name", LEAKS)
def test_each_implicit_leak_is_warned(name):
    assert warnings(LEAKS[name]), name


def test_end_when_on_a_hidden_face_is_warned():
    text = HEAD + "end when top(deck).v == 8\nturn {\n  choose n in [1, 2] prompt \"pick\"\n}\n"
    messages = [w.message for w in rulelang.loads(text, name="flow.rules").program.warnings]
    assert messages == ["'end when' decides by a value worked out from a hidden card's face"]


def test_the_owner_is_named_when_only_they_may_know_the_condition():
    assert warnings('  if first(cards(hand[P1])).v > 4 { log "x" }') == [
        "a log line is written (at 22:41) only as this if decides, which reads a card only P1 "
        "may see"]


CORRECT = {
    # 1. a card revealed to all, then read again through top(deck)
    "revealed then read via top": '  reveal top(deck)\n  log "{top(deck).v}"\n'
                                  '  if top(deck).v > 4 { points = 1 }',
    # 2. a card let, revealed to all, then read through the expression it came from
    "revealed local then read via top": '  let c = top(deck)\n  reveal c\n'
                                        '  if top(deck).v > 4 { points = 1 }',
    # 3. played face up in either branch: the branch tells what everyone then sees
    "played face up either way": '  let c = top(deck)\n  if c.v > 4 { move c to left } else '
                                 '{ move c to right }\n  log "{c} went {points}"',
    # 4. a branch on a hidden face that changes only hidden or the owner's own state
    "hidden effects only": '  if top(deck).v > 4 { secret_best = 1 }\n'
                           '  if first(cards(hand[current])).v > 4 { seen[current] = 1 }',
    # 5. branches and loops on public values
    "public branches": '  for c in cards(table) { points += c.v }\n'
                       '  if points > 2 { log "many" }\n  repeat size(deck) times { points += 1 }',
    # more like them
    "disclosed condition": '  if disclose(top(deck).v > 4) { points = 1 }',
    "a choice from one's own hand": '  choose c in cards(hand[current]) by current prompt "play"\n'
                                    '  move c to table\n  if c.v > 4 { points += 1 }',
    "a loop over a hidden pile that looks at no face": '  for c in cards(deck) { points += 1 }',
}


@pytest.mark.parametrize("name", CORRECT)
def test_no_false_alarm(name):
    assert warnings(CORRECT[name]) == [], name


@pytest.mark.parametrize("path", sorted(str(p.relative_to(ROOT)) for p in
                                        list((ROOT / "games").glob("*.rules"))
                                        + list((ROOT / "examples").glob("*.rules"))))
def test_the_shipped_games_and_examples_pass_check_strict(path):
    result = CliRunner().invoke(cli, ["check", "--strict", str(ROOT / path)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output


def test_an_implicit_flow_is_warned_at_the_condition_that_reads_the_secret():
    """A sink whose own value is clean, reached as an `if` on a secret decides: the warning
    points at the condition (what to disclose) and names the sinks it decides, once."""
    body = ('  for q in players {\n'
            '    if any(c.v > 4 for c in hand[q]) {\n'
            '      log "{q} has a high card"\n'
            '      break\n'
            '    }\n'
            '    log "{q} has none"\n'
            '  }')
    text = HEAD + "turn {\n" + body + "\n  win current\n}\n"
    program = rulelang.loads(text, name="flow.rules").program
    assert len(program.warnings) == 1
    line = HEAD.count("\n") + 3
    shown = program.warnings[0].render(program.sources)
    assert shown.startswith(
        f"flow.rules:{line}:8: warning: a log line is written (at {line + 1}:11) only as this "
        f"if decides, which reads a card only q may see (and 1 more place it decides: "
        f"{line + 4}:9)\n")
    assert "\n           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n" in shown
    assert "hint: a log line is read by every seat, so it tells what this if decided; if " \
           "everybody is meant to learn that, write disclose(...) around the condition" in shown
    disclosed = text.replace("if any(c.v > 4 for c in hand[q])",
                             "if disclose(any(c.v > 4 for c in hand[q]))")
    assert rulelang.loads(disclosed, name="flow.rules").program.warnings == []


def test_a_value_worked_out_from_the_secret_is_still_warned_where_it_is_shown():
    assert warnings('  if top(deck).v > 4 { log "{top(deck).v}" }') == [
        "this log line shows a value worked out from a hidden card's face"]


def test_a_rule_called_under_a_secret_condition_is_warned_naming_its_calls():
    """A log line in a rule called as an if on a hand decides said it showed "a value
    worked out from a card only q may see": the line reads nothing secret (q is the rule's
    own parameter, another seat); whether the rule runs tells it, so the warning says so and
    names the calls."""
    text = HEAD + ('rule pay(q: player) {\n  log "{q} pays"\n}\n'
                   'turn {\n  if any(c.v > 4 for c in hand[P2]) {\n    pay(P1)\n  }\n'
                   '  win current\n}\n')
    program = rulelang.loads(text, name="flow.rules").program
    call = HEAD.count("\n") + 6
    assert [w.message for w in program.warnings] == [
        f"this log line shows whether rule 'pay' runs at all: it is called (at {call}:5) "
        "as a condition decides that reads a card only P2 may see, as the caller names it"]
    assert "write disclose(...) around it at the call" in program.warnings[0].hint


def test_a_rule_called_under_a_secret_condition_is_warned_once_for_all_it_shows():
    """Every sink of such a rule tells the same thing, whether it runs, and one disclose at
    the call answers them all: one warning, at its first place, naming the others (an action
    card's rule, played while the hand holds one, gave a warning a line)."""
    text = HEAD + ('rule pay(q: player) {\n  log "{q} pays"\n  points += 1\n'
                   '  move top(deck) to table\n}\n'
                   'turn {\n  if any(c.v > 4 for c in hand[P2]) {\n    pay(P1)\n  }\n'
                   '  win current\n}\n')
    program = rulelang.loads(text, name="flow.rules").program
    rule = HEAD.count("\n") + 1
    assert [w.message for w in program.warnings] == [
        f"this log line shows whether rule 'pay' runs at all: it is called (at {rule + 7}:5) "
        "as a condition decides that reads a card only P2 may see, as the caller names it "
        f"(and 2 more places in the rule: {rule + 2}:13, {rule + 3}:3)"]
