"""The information-flow check, more cases: a secret stored in a public variable or under a
branch, shuffles that hide nothing or show kinds, and rules that give back a value (what a rule
returns tells its caller what it was worked out from, and which return was reached the
branches around it). test_infoflow.py has each sink's cases."""
from __future__ import annotations

import rulelang
from support.infoflow import HEAD, messages, warnings


def test_a_secret_stored_in_a_public_variable_is_warned_there_and_not_at_each_later_use():
    """The store is the leak: every seat sees the variable from then on, so what reads it
    shows nothing more (one leaking line gave a warning at every use, the first not where
    the hidden card is read)."""
    body = ('  points = top(deck).v\n  log "{points} points"\n'
            '  choose n in [1, 2] where n < points else "too many" prompt "go"\n'
            '  if points > 3 { win current }')
    found = warnings(body)
    assert [(w.span.line - HEAD.count("\n"), w.message) for w in found] == [
        (2, "the variable 'points' is set to a value worked out from a hidden card's face")]


def test_a_leak_into_a_variable_under_a_branch_is_one_warning_at_the_branch():
    decls = ("var gold[player]: int = 0\nvar wood[player]: int = 0\n"
             "rule take(p: player, n: int) {\n  wood[p] += n\n"
             "  if n == 1 and top(deck).v > 2 { gold[p] += 1 }\n}\n")
    body = ('  choose n in 1..2 where n == 1 or gold[current] > 0 else "needs gold" prompt "take"\n'
            '  take(current, n)\n  if wood[current] > 5 { end }')
    found = warnings(body, decls)
    assert [(w.span.line - HEAD.count("\n"), w.span.col) for w in found] == [(5, 6)]
    assert found[0].message == ("the variable 'gold' is set (at 22:46) only as this if "
                                "decides, which reads a hidden card's face")


def test_shuffling_a_public_pile_warns_that_it_hides_nothing():
    """A flood deck's discard, face up, "shuffled and put back on top" as
    `shuffle discard  move cards(discard) to deck`: every seat still knows the order (a
    shuffle forgets only what the zone does not show), so the deck's next cards are known
    to all. The warning says so, once, and how to shuffle face down; a hidden pile, a
    `top` pile and a public row shuffled say nothing."""
    decls = "zone discard: pile of C, public\n"
    found = messages("  shuffle discard\n  move cards(discard) to deck", decls)
    assert found == ["'discard' is a public pile: shuffling it hides nothing, every seat still "
                     "sees where each card lies (and knows it once they go face down)"]
    (warning,) = warnings("  shuffle discard", decls)
    assert "move cards(discard) to PILE  shuffle PILE" in warning.hint
    assert warning.span.line == HEAD.count("\n") + 3
    for quiet in ("shuffle deck", "shuffle stack", "shuffle table"):
        assert messages("  " + quiet, decls) == []


KINDS = '''game "Kinds"
players 2
card City { n: int  name "city {n}" }
card Epidemic { level: int  name "epidemic" }
zone deck: pile
zone box: pile
zone face_up: pile, public
zone cities: pile of City
setup {
  create City(n: 1) x 8 in deck
  create Epidemic(level: 1) x 2 in box
  move cards(box) to deck
  shuffle deck
  create City(n: 2) in cities
  shuffle cities
  create Epidemic(level: 2) in face_up
  create City(n: 3) in face_up
  shuffle face_up
}
turn { win current }
'''


def test_a_pile_shuffled_face_down_with_two_kinds_of_card_warns_that_kinds_show():
    """A hidden card shows its kind (its back) to every seat: epidemic cards written as a
    kind of their own, moved into the city deck and shuffled, lie where every seat sees.
    The warning is at the shuffle, names the kinds and says what to write; a zone of one
    kind (`of City`) and a public pile say nothing."""
    found = rulelang.loads(KINDS, name="kinds.rules").program.warnings
    kinds = [w for w in found if "kinds" in w.message]
    assert [w.message for w in kinds] == [
        "'deck' is shuffled face down with cards of 2 kinds (City, Epidemic): every seat "
        "sees a hidden card's kind (its back), so where each kind lies is no secret"]
    assert kinds[0].span.line == 13 and "make them one kind told apart by a field" in kinds[0].hint


# ------------------------------------------------------------ a rule's value
PEEK = """rule peek(p: player) -> int {
  choose look in [true, false] by p prompt "look?"
  if look {
    return top(deck).v
  }
  return 0
}
rule public_peek() -> int {
  choose look in [true, false] prompt "look?"
  return size(cards(table))
}
"""


def test_a_secret_a_rule_gives_back_stays_secret_in_its_caller():
    found = warnings('  let x = peek(current)\n  log "{x}"\n  public_peek()', PEEK)
    assert [w.message for w in found] == [
        "this log line shows a value worked out from a hidden card's face"]
    assert found[0].span.line == HEAD.count("\n") + PEEK.count("\n") + 3  # at the log line
    assigned = messages('  let x = 1\n  x = peek(current)\n  points = x\n  public_peek()', PEEK)
    assert assigned and all("'points' is set to" in m for m in assigned)


def test_a_public_value_a_rule_gives_back_is_no_secret():
    assert messages('  let x = public_peek()\n  log "{x}"\n  peek(current)', PEEK) == []
    assert messages('  let x = peek(current)\n  log "{disclose(x)}"\n  public_peek()', PEEK) == []


def test_which_return_a_rule_reached_tells_its_branch_and_only_its_own():
    branchy = PEEK + """rule low() -> int {
  choose go in [true, false] prompt "go?"
  if top(deck).v > 4 {
    return 1
  }
  return 2
}
rule plain() -> int {
  return 3
}
"""
    found = messages('  let x = low()\n  log "{x}"\n  peek(current)\n  public_peek()\n'
                     '  if top(deck).v > 2 {\n    plain()\n  }\n  let y = plain()\n  log "{y}"',
                     branchy)
    assert found == ["this log line shows a value worked out from a hidden card's face"]


def test_a_rules_value_given_back_by_another_rule_stays_secret_in_the_last_caller():
    """``return peek(p)``: what peek's returns tell is what relay's return tells."""
    relay = PEEK + "rule relay(p: player) -> int {\n  return peek(p)\n}\n"
    found = warnings('  let x = relay(current)\n  log "{x}"\n  public_peek()', relay)
    assert [w.message for w in found] == [
        "this log line shows a value worked out from a hidden card's face"]
    public = "rule relay() -> int {\n  return public_peek()\n}\n"
    assert messages('  let x = relay()\n  log "{x}"\n  peek(current)', PEEK + public) == []


def test_a_secret_passed_to_a_rule_whose_value_is_given_back_is_secret_inside_it():
    """``return say(top(deck))``: the call is a call as a ``let``'s, its arguments passed."""
    decls = ("rule say(c: C) -> int {\n  log \"{c.v}\"\n  return 1\n}\n"
             "rule relay() -> int {\n  return say(top(deck))\n}\n")
    found = warnings('  let x = relay()\n  log "{x}"', decls)
    assert [(w.span.line - HEAD.count("\n"), w.message) for w in found] == [
        (2, "this log line shows a value worked out from a hidden card's face")]


# a card picked by its face from a hand, then shown to every seat
PICKED = '  let xs = [c for c in hand[current] if c.v > 3]\n  reveal first(xs)\n'
REVEAL_SAYS = ("whether cards are shown to all (and how) depends on a value worked out from a "
               "card only current may see")  # (which card passed the filter: said at the reveal)
LOG_SAYS = "this log line shows a value worked out from a card only current may see"


def test_a_card_revealed_to_all_may_be_named_after_though_it_was_picked_by_its_face():
    """``reveal first(xs)`` shows that very card to every seat: naming it (or its fields)
    right after tells nothing the reveal did not (the log was warned, as the filter read a
    face)."""
    assert messages(PICKED + '  log "{current} shows {first(xs)}"') == [REVEAL_SAYS]
    assert messages(PICKED + '  log "{current} shows {first(xs).v}"') == [REVEAL_SAYS]


def test_what_a_reveal_shows_is_that_value_only():
    """Another card of the same list, or what the list tells, is as secret as it was; and
    once the list is set again, the same words name another card."""
    assert messages(PICKED + '  log "{current} shows {last(xs)}"') == [REVEAL_SAYS, LOG_SAYS]
    assert messages(PICKED + '  log "{size(xs)} of them"') == [REVEAL_SAYS, LOG_SAYS]
    assert messages(PICKED + '  xs = [c for c in hand[current] if c.v < 3]\n'
                             '  log "{first(xs)}"') == [REVEAL_SAYS, LOG_SAYS]
    assert messages('  let xs = [c for c in hand[current] if c.v > 3]\n  let c = first(xs)\n'
                    '  xs = [c for c in hand[current] if c.v < 3]\n  reveal c\n'
                    '  log "{first(xs)}"') == [LOG_SAYS]  # (c came from the other xs)
    assert messages(PICKED + '  log "{sum(first(xs).v for xs in [cards(hand[current])])}"') \
        == [REVEAL_SAYS, LOG_SAYS]  # (a name bound again inside)


def test_a_reveal_names_other_cards_once_current_or_a_variable_is_set_again():
    """The same words name another seat's cards after `current` or a variable they read is
    set: set between the reveal and the log, or between the `let` and the reveal."""
    shown = '  reveal first(hand[current])\n'
    said = '  log "{first(hand[current]).v}"'
    assert messages(shown + said) == []
    assert messages(shown + '  current = next(current)\n' + said) != []
    assert messages('  let c = first(hand[current])\n  current = next(current)\n'
                    '  reveal c\n' + said) != []
    who = 'var who: player = P1\n'
    assert messages('  let c = first(hand[who])\n  who = next(who)\n  reveal c\n'
                    '  log "{first(hand[who]).v}"', who) != []
    assert messages('  let c = first(hand[who])\n  reveal c\n'
                    '  log "{first(hand[who]).v}"', who) == []
