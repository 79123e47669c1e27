"""The information-flow check's warning for a value a rule keeps while a seat decides: a local
worked out from a face the chooser may not know, read after the ``choose``. A bot's sample of
the chooser's knowledge keeps the rule's values worked out so far (runtime/knowledge.py), so
a bot deciding there would plan with the real value; the warning says so where it is."""
from __future__ import annotations

import pytest

import rulelang
from support import ROOT

HEAD = '''game "Kept"
players 2
card C { v: int  name "c{v}" }
zone deck: pile of C
zone hand[player]: hand of C
zone table: row of C, public
var best: int = 0, hidden
setup {
  for n in 1..8 { create C(v: n) in deck }
  shuffle deck
  deal 2 from deck to hand[P1]
  deal 2 from deck to hand[P2]
  deal 2 from deck to table
}
'''

KEPT = "'w' holds a value worked out from a hidden card's face while current decides here"


def messages(body: str) -> list[str]:
    program = rulelang.loads(HEAD + "turn {\n" + body + "\n  end\n}\n", name="kept.rules").program
    return [w.message for w in program.warnings]


def test_a_hidden_value_kept_across_a_choice_is_a_warning_at_the_choose():
    body = ('  let w = top(deck).v\n'
            '  choose take in [true, false] prompt "take the top?"\n'
            '  if take { best = w }')
    program = rulelang.loads(HEAD + "turn {\n" + body + "\n  end\n}\n", name="kept.rules").program
    (warning,) = program.warnings
    assert warning.message == KEPT + ", and is read after"
    shown = warning.render(program.sources)
    line = HEAD.count("\n") + 3
    assert shown.startswith(f"kept.rules:{line}:3: warning: ")
    assert "hint: a bot deciding for current would plan with its real value; work it out " \
           "after the choose" in shown


@pytest.mark.parametrize("body", [
    # read again the next time round a loop
    '  let w = 0\n  repeat 2 times {\n    best = w\n    choose n in [1, 2] prompt "n"\n'
    '    w = top(deck).v + n\n  }',
    # read by the choose's own clauses
    '  let w = top(deck).v\n  choose n in [1, 2] where n < w else "too many" prompt "n"',
    # a card only the other player may see
    '  let w = first(cards(hand[next(current)])).v\n  choose n in [1, 2] prompt "n"\n'
    '  best = w + n',
])
def test_every_way_a_kept_hidden_value_is_read_after_is_flagged(body):
    assert any("while current decides here" in m for m in messages(body))


@pytest.mark.parametrize("body", [
    # read only before the choice
    '  let w = top(deck).v\n  best = w\n  choose n in [1, 2] prompt "n"',
    # worked out after it
    '  choose n in [1, 2] prompt "n"\n  let w = top(deck).v\n  best = w + n',
    # what the chooser may know: its own hand, the table
    '  let w = first(cards(hand[current])).v\n  choose n in [1, 2] prompt "n"\n  best = w + n',
    '  let w = first(cards(table)).v\n  choose n in [1, 2] prompt "n"\n  best = w + n',
    # meant for everybody
    '  let w = disclose(top(deck).v)\n  choose n in [1, 2] prompt "n"\n  best = w + n',
    # a card kept (a sample deals it a face of its own)
    '  let w = top(deck)\n  choose n in [1, 2] prompt "n"\n  move w to table',
])
def test_a_value_the_chooser_may_know_or_not_kept_is_not_flagged(body):
    assert not any("decides here" in m for m in messages(body))


def test_no_shipped_ruleset_keeps_a_hidden_value_across_a_choice():
    for path in sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules")):
        program = rulelang.load(path).program
        assert not [w for w in program.warnings if "decides here" in w.message], path
