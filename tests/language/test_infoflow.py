"""The information-flow check: a value worked out from a face some seat may not know, shown
to every seat (log, prompt, end reason, public variable, report, choose), is a warning with
FILE:LINE:COL, the line, carets and a hint; disclose(...) marks a deliberate one. And a tuple
of cards is filtered in the log like a list."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.language.checker import flow_values
from rulelang.language.loader import load_program
from rulelang.play.cli import cli
from rulelang.tools.language_server.document import analyse
from support import ROOT
from support.infoflow import HEAD, messages, warnings


# ------------------------------------------------------------ each sink is flagged
def test_a_log_of_a_hidden_field_is_a_warning_with_file_line_col_carets_and_hint():
    source = HEAD + 'turn {\n  log "the deck starts with {top(deck).v}"\n  end\n}\n'
    program = rulelang.loads(source, name="flow.rules").program
    assert len(program.warnings) == 1
    shown = program.warnings[0].render(program.sources)
    line = HEAD.count("\n") + 2
    assert shown.startswith(f"flow.rules:{line}:7: warning: this log line shows a value "
                            "worked out from a hidden card's face")
    assert '      log "the deck starts with {top(deck).v}"\n' in shown
    assert "\n          ^^^^^" in shown
    assert "hint: a log line is read by every seat; if everybody is meant to learn it, " \
           "write disclose(...) around it" in shown


@pytest.mark.parametrize("body", [
    '  log "{text(top(deck))}"',                       # a card as text is its name
    '  log "{join(cards(deck))}"',
    '  log "{sum(c.v for c in deck)}"',
    '  log "{size([c for c in deck if c.v > 4])}"',      # the count of a filtered list
    '  log "{first(cards(hand[next(current)])).v}"',
    '  let x = top(deck).v\n  let y = x + 1\n  log "{y}"',
    '  log "{index_of(cards(deck), first(argmax(cards(deck), c => c.v)))}"',  # picked by face
])
def test_values_worked_out_from_hidden_faces_are_flagged_in_a_log(body):
    assert messages(body) and all("this log line shows" in m for m in messages(body))


def test_an_owner_zone_names_the_seat_that_may_know():
    assert messages('  log "{first(cards(hand[current])).v}"') == [
        "this log line shows a value worked out from a card only current may see"]


def test_a_prompt_is_flagged():
    assert messages('  choose x in [1, 2] prompt "the top is {top(deck).v}"') == [
        "the prompt shows a value worked out from a hidden card's face"]


def test_options_offered_to_a_seat_that_may_not_know_them_are_flagged():
    assert "the options offered to next(current) are a value worked out from a card only " \
           "current may see" in messages(
               '  choose r in [c.v for c in hand[current]] by next(current) prompt "guess"')


def test_a_chosen_number_is_in_every_transcript_so_it_is_flagged_even_for_its_owner():
    assert messages('  choose r in [c.v for c in hand[current]] prompt "a value you hold"') == [
        "the choice 'r' (written in every seat's transcript) is a value worked out from a "
        "card only current may see"]


def test_a_number_chosen_openly_is_warned_at_the_choice_not_again_where_it_is_read():
    """Sealed bids shown together: each bid is in every transcript once all have bid, so
    what is worked out from them (the highest, paid to the seller) is no secret. It was a
    secret of no one seat, and each place that read it warned of "a hidden card's face" in a
    game without a card."""
    money = 'var money[player]: int = 5, owner\n'
    bids = '  choose bids in 0..money[p] by each p in players prompt "bid"\n'
    said = ["the choice 'bids' (written in every seat's transcript) is a value worked out "
            "from the variable 'money', which only p may see"]
    assert messages(bids, money) == said
    assert messages(bids + '  let high = max(n for _, n in bids)\n  money[current] += high\n'
                    '  if high > 2 { log "{high} is a high bid" }\n', money) == said
    hidden = '  choose n in 0..money[current] privately prompt "hide"\n'
    assert messages(hidden + '  log "{n} was hidden"\n', money) == [  # privately: still secret
        "this log line shows a value worked out from a private choice of current's"]


def test_a_secret_of_a_variable_and_private_choices_is_named_so_not_as_a_cards_face():
    """Private bids paid from money kept secret: the highest of everyone's private bids,
    taken from the winner's money, was "a value worked out from a hidden card's face", in a
    game with no card that could be meant."""
    money = 'var money[player]: int = 5, owner\n'
    found = messages('  choose bids in 0..money[p] by each p in players privately prompt "bid"\n'
                     '  let high = max(n for _, n in bids)\n'
                     '  let winner = first([p for p, n in bids if n == high])\n'
                     '  money[winner] -= high\n', money)
    assert found and not any("card" in m for m in found)
    assert "the variable 'money' is set to a value worked out from the hidden variable " \
           "'money'" in found


def test_a_pass_offered_by_a_condition_on_a_hidden_hand_is_flagged_unless_disclosed():
    """A pass is a value every transcript shows: whether it was offered tells the condition
    (only low cards in hand), though a card chosen is shown as its zone shows it."""
    asked = '  choose c in hand[current] pass if {} prompt "play"\n'
    condition = "not any(h.v > 3 for h in hand[current])"
    assert messages(asked.format(condition)) == [
        "whether a pass is offered (a pass is written in every seat's transcript) is a value "
        "worked out from a card only current may see"]
    assert messages(asked.format(f"disclose({condition})")) == []
    assert messages(asked.format("points > 3")) == []


def test_a_card_played_face_up_in_the_branch_that_chose_from_it_is_no_secret():
    """A value chosen from a card in a branch that then plays the card face up is read at
    the next decision as that branch left it: the branch that did not (the card was none)
    does not make it a secret again (an early return, or an if around it, alike)."""
    played = ('  choose c in hand[current] pass prompt "play"\n'
              '  if c != none {\n    choose k in 1..c.v prompt "how far"\n'
              '    move c to table\n  }\n  choose again in [1, 2] prompt "next"\n')
    assert messages(played) == []
    kept = played.replace("move c to table", "move c to deck")  # (face down: still secret)
    assert messages(kept) == ["the choice 'k' (written in every seat's transcript) is a value "
                              "worked out from a card only current may see"]


def test_a_card_a_rule_plays_face_up_is_no_secret_in_its_caller_after_the_call():
    """A rule that lays the card it is passed on a public row (a deck-builder's "play an
    action") makes it public in the caller as a move there does: what the caller works out
    from the card after the call is no secret. A rule that may return first, or lays the
    card face down, leaves it secret."""
    played = ('  choose c in hand[current] prompt "play"\n  play(c)\n'
              '  if c.v > 3 {\n    move top(deck) to hand[current]\n  }')
    face_up = "rule play(c: C) {\n  move c to table\n  points += 1\n}\n"
    assert messages(played, face_up) == []
    secret = "only as this if decides, which reads a card only current may see"
    face_down = messages(played, face_up.replace("table", "deck"))
    assert len(face_down) == 1 and face_down[0].endswith(secret)
    may_return = face_up.replace("  move c", "  if points > 9 {\n    return\n  }\n  move c")
    returned = messages(played, may_return)
    assert len(returned) == 1 and returned[0].endswith(secret)


def test_a_rule_called_as_a_hidden_card_decides_warns_at_the_call_not_of_its_own_locals():
    """Every seat the rule asks sees that it runs (an attack that makes each other player
    discard, played while the hand holds an attack): that is said at the call; its locals
    worked out from public values (`let me = current`) are no secret of the hand's, read
    after another seat's choice (they were warned as if the bot of that seat planned with one)."""
    decls = ('rule attack(c: C) {\n  let me = current\n  move c to table\n'
             '  for q in others(me) {\n    choose d in hand[q] by q prompt "discard"\n'
             '    move d to deck\n    log "{me} made {q} discard"\n  }\n}\n')
    body = ('  while {}(any(h.v > 4 for h in hand[current])) {{\n'
            '    choose c in hand[current] where c.v > 4 prompt "attack with"\n'
            '    attack(c)\n  }}')
    said = messages(body.format(""), decls)
    assert said and all("whether rule 'attack' runs at all" in m for m in said), said
    assert messages(body.format("disclose"), decls) == []


def test_a_card_played_face_up_in_a_branch_after_a_decision_in_it_is_no_secret():
    """The same in an else branch, with sinks made before the branch (a log line in the
    other one): the decision inside the branch read them, and the branch's own sinks lost
    the card it played face up (they were warned, as if the card stayed in the hand)."""
    played = ('  choose c in hand[current] pass prompt "play"\n'
              '  if c == none {\n    log "{current} passes"\n  } else {\n'
              '    choose spot in 1..c.v prompt "how far"\n'
              '    move c to table\n  }')
    assert messages(played) == []
    kept = played.replace("move c to table", "move c to deck")  # (face down: still secret)
    assert messages(kept) == ["the choice 'spot' (written in every seat's transcript) is a "
                              "value worked out from a card only current may see"]


def test_each_seat_of_a_choice_made_by_each_is_its_chooser():
    # each seat is offered its own hand's values: no seat is offered what it may not know,
    # but every seat's transcript shows each answer once all have chosen
    assert messages('  choose r in [c.v for c in hand[p]] by each p in players prompt "a value"'
                    ) == ["the choice 'r' (written in every seat's transcript) is a value worked "
                          "out from a card only p may see"]
    assert messages('  choose r in [c.v for c in hand[next(p)]] by each p in players '
                    'prompt "guess"') == [
        "the options offered to p are a value worked out from a card only next(p) may see"]
    assert messages('  choose c in hand[p] by each p in players prompt "a card"') == []


def test_cards_chosen_by_each_and_played_face_up_in_a_loop_are_no_secret_after_it():
    """Cards chosen at once, then each played face up by a loop over the choice (a reveal
    all together): what is worked out from the choice after the loop is public, and so is
    what a rule is passed from it. A loop that leaves one out (a condition, a continue, the
    other card of a pair) or plays them face down keeps them secret."""
    decls = "rule score_it(p: player, c: C) {\n  points += c.v\n}\n"
    chosen = '  choose picks in hand[p] by each p in players prompt "pick"\n'
    after = ('  let order = sort(picks, pc => pc[1].v)\n'
             '  for p, c in order {\n    score_it(p, c)\n    log "{p}: {c.v}"\n  }\n')
    revealed = chosen + "  for p, c in picks {\n    move c to table\n  }\n" + after
    assert messages(revealed, decls) == []
    assert messages(revealed.replace("move c to table", "reveal c"), decls) == []
    secret = "the variable 'points' is set to a value worked out from a card only p may see"
    for loop in ("  for p, c in picks {\n    move c to deck\n  }\n",
                 "  for p, c in picks {\n    if p == P1 {\n      move c to table\n    }\n  }\n",
                 "  for p, c in picks {\n    if p == P1 {\n      continue\n    }\n"
                 "    move c to table\n  }\n"):
        assert secret in messages(chosen + loop + after, decls), loop
    pairs = ('  choose a in hand[P1] prompt "first"\n  choose b in hand[P1] prompt "second"\n'
             '  let both = [(a, b)]\n  for x, y in both {\n    move x to table\n  }\n'
             '  for x, y in both {\n    log "{y.v}"\n  }\n')
    assert messages(pairs) == ["this log line shows a value worked out from a card only P1 may see"]
    assert messages(pairs.replace("move x to table", "move x to table\n    move y to table")) == []


def test_a_loop_playing_each_items_card_face_up_leaves_its_other_parts_secret():
    """Only the card parts of a list's tuples are made public by a loop that plays them face
    up: a number worked out from a hidden variable beside them is still a secret after it."""
    body = ('  choose a in hand[P1] prompt "f"\n  let both = [(a, secret_best)]\n'
            '  for x, y in both {\n    move x to table\n  }\n  log "{both[0][1]}"\n')
    assert "this log line shows a value worked out from the hidden variable 'secret_best'" \
        in messages(body)
    assert messages(body.replace("secret_best", "2")) == []
    pairs = ('  choose a in hand[P1] prompt "f"\n  let both = [(P1, a)]\n'
             '  for p, c in both {\n    move c to table\n  }\n'
             '  log "{both[0][1].v} by {both[0][0]}"\n')  # (seat, card) pairs: all public
    assert messages(pairs) == []


def test_an_end_reason_is_flagged_and_a_card_in_it_is_shown_by_name():
    assert messages('  end "the top was {top(deck).v}"') == [
        "the end reason shows a value worked out from a hidden card's face"]
    assert messages('  end "the top was {top(deck)}"') == [
        "the end reason shows a value worked out from a hidden card's face"]


def test_a_public_variable_is_flagged_and_a_hidden_one_is_not():
    assert messages("  points = top(deck).v") == [
        "the variable 'points' is set to a value worked out from a hidden card's face"]
    assert messages("  secret_best = top(deck).v") == []


def test_an_owner_variable_may_hold_its_own_seats_secret_only():
    assert messages("  seen[current] = first(cards(hand[current])).v") == []
    assert messages("  seen[next(current)] = first(cards(hand[current])).v") == [
        "the variable 'seen' is set to a value worked out from a card only current may see"]


def test_an_owner_variable_written_at_another_seats_key_stays_each_seats_own():
    """Money paid from one seat to another (``money[next(current)] += 1``) keeps each seat's
    money its own: the whole variable became a secret from its own seats, so a choice of
    ``0..money[current]`` warned that current may not know its own money."""
    money = 'var money[player]: int = 5, owner\n'
    bid = '  choose n in 0..money[current] pass "pass" prompt "pay"\n  money[current] -= 1\n'
    alone = messages(bid, money)  # (the choice itself tells a bound on the money: warned)
    assert alone == ["the choice 'n' (written in every seat's transcript) is a value worked "
                     "out from the variable 'money', which only current may see"]
    paid = bid + "  money[next(current)] += 1\n"
    assert messages(paid, money) == alone
    leaked = messages(paid + "  money[next(current)] += seen[current]", money)
    assert any(m.startswith("the variable 'money' is set to") and "'seen'" in m
               for m in leaked)  # another seat's secret: still warned


def test_a_hidden_or_owner_variable_is_a_secret_where_it_is_read():
    """A secret kept in a variable (a number drawn at random into an owner or hidden one)
    leaked into a log line, a branch or a public variable with no warning: only cards'
    faces were secrets. Its own seat may read its own, and disclose(...) still says so."""
    lucky = 'var lucky[player]: int = 0, owner\n'
    assert messages('  lucky[current] = random(1..6)\n  log "lucky {lucky[current]}"', lucky) == [
        "this log line shows a value worked out from the variable 'lucky', which only "
        "current may see"]
    assert messages('  if 3 == lucky[current] { log "a lucky three" }', lucky) == [
        "a log line is written (at 20:32) only as this if decides, which reads the variable "
        "'lucky', which only current may see"]
    assert messages("  points = secret_best + 1") == [
        "the variable 'points' is set to a value worked out from the hidden variable "
        "'secret_best'"]
    assert messages("  seen[current] = lucky[current]", lucky) == []  # its own seat's
    assert messages("  seen[next(current)] = lucky[current]", lucky) == [
        "the variable 'seen' is set to a value worked out from the variable 'lucky', which "
        "only current may see"]
    assert messages('  log "{disclose(lucky[current])} {sum(lucky[p] for p in players)}"',
                    lucky) == ["this log line shows a value worked out from the hidden "
                               "variable 'lucky'"]  # every seat's: hidden from all
    assert messages('  log "{disclose(lucky[current] > 2)}"', lucky) == []
    assert messages("  points = secret_best + top(deck).v") == [  # a face is named first
        "the variable 'points' is set to a value worked out from a hidden card's face"]


def test_a_report_is_flagged():
    found = warnings("", decls='report "deck total" = sum(c.v for c in deck)\n')
    assert [w.message for w in found] == [
        "the report 'deck total' shows a value worked out from a hidden card's face"]


def test_a_card_created_face_up_from_a_hidden_value_is_flagged():
    assert messages("  create C(v: top(deck).v) in table") == [
        "the field 'v' of a card made where some seats see it is a value worked out from a "
        "hidden card's face"]
    assert messages("  create C(v: top(deck).v) in deck") == []


def test_values_flow_through_variables_functions_and_rule_parameters():
    assert messages('  secret_best = top(deck).v\n  log "{secret_best}"') == [
        "this log line shows a value worked out from a hidden card's face"]
    fn = "fn held(p: player) = sum(c.v for c in hand[p])\n"
    assert messages('  log "{held(current)}"', fn) == [
        "this log line shows a value worked out from a card only current may see"]
    rule = 'rule say(n: int) {\n  log "{n}"\n}\n'
    assert messages("  say(top(deck).v)", rule) == [
        "this log line shows a value worked out from a hidden card's face"]
    assert messages("  say(size(deck))", rule) == []


def test_whose_turn_a_cards_field_and_a_trigger_are_followed():
    assert messages("  current = if top(deck).v > 4 then P1 else P2") == [
        "'current' is set to a value worked out from a hidden card's face"]
    decls = "card Token { mark: int  var worth: int = 0 }\nzone pool: row of Token, public\n"
    assert messages("  create Token(mark: 1) in pool as t\n  t.worth = top(deck).v", decls) == [
        "the field 'worth' of a card its readers may see is set to a value worked out from "
        "a hidden card's face"]
    trigger = 'on enter hand[p] as c {\n  log "{p} gets a {c.v}"\n}\n'
    assert messages("  move top(deck) to hand[current]", trigger) == [
        "this log line shows a value worked out from a card only p may see"]


# ------------------------------------------------------------ what is not a leak
@pytest.mark.parametrize("body", [
    '  log "{top(deck)} and {cards(hand[current])}"',   # cards: each reader sees what they may
    '  log "{size(deck)} cards, {size(hand[current])} in hand"',
    '  log "{top(stack).v}"',                            # the top of a `top` pile is face up
    '  log "{sum(c.v for c in table)}"',                 # a public zone
    '  let c = top(deck)\n  move c to table\n  log "{c.v}"',   # face up for all by now
    '  let c = top(deck)\n  let n = c.v\n  move c to table\n  log "{n}"',
    '  reveal cards(deck)\n  log "{sum(c.v for c in deck)}"',
    '  choose c in hand[current] prompt "play"\n  move c to table\n  log "{c.v}"',
    '  choose c in hand[current] prompt "play"\n'
    '  choose side in [c.v, 0 - c.v] prompt "which way for {c}"\n  move c to table',
    '  choose c in hand[current] where c.v > 1 else "{c} is too low" prompt "play"',
    '  seen[current] = size(hand[current])',
])
def test_public_values_and_cards_are_not_flagged(body):
    assert messages(body) == []


def test_a_log_line_or_variable_is_read_at_the_next_decision():
    """Nobody reads a log line or a variable before the next decision: a card played face up
    before then is no secret; a decision in between is."""
    played = '  let c = top(deck)\n  log "{c.v}"\n  points = c.v\n'
    assert messages(played + "  move c to table") == []
    assert messages(played + '  choose x in [1, 2] prompt "go"\n  move c to table') == [
        "this log line shows a value worked out from a hidden card's face",
        "the variable 'points' is set to a value worked out from a hidden card's face"]


def test_a_card_revealed_to_one_seat_is_known_to_that_seat():
    peek = "  let c = top(deck)\n"
    assert messages(peek + "  seen[current] = c.v") == [
        "the variable 'seen' is set to a value worked out from a hidden card's face"]
    assert messages(peek + "  reveal c to current\n  seen[current] = c.v") == []
    assert messages(peek + "  reveal c to current\n  points = c.v") == [
        "the variable 'points' is set to a value worked out from a card only current may see"]


def test_a_public_zone_does_not_trigger_where_a_hidden_one_does():
    assert messages('  log "{first(cards(table)).v}"') == []
    assert messages('  log "{first(cards(deck)).v}"') != []


def test_the_bottom_of_a_top_pile_is_still_hidden():
    assert messages('  log "{bottom(stack).v}"') != []


def test_a_card_put_on_a_top_pile_is_face_up_for_all():
    """Played face up in every branch (a public row, or the top of a `top` pile): what was
    decided from its face is no secret (a Lost Cities discard was flagged three times)."""
    body = ('  let c = first(cards(hand[current]))\n'
            '  choose keep in [true, false] where not keep or c.v > 2 else "too low" prompt "play"\n'
            '  if keep { move c to table } else { move c to {zone} }\n')
    assert messages(body.replace("{zone}", "stack")) == []
    assert messages(body.replace("{zone}", "deck")) != []  # a hidden pile
    # put under the top, or a list of cards (only the last on top), it is not seen
    assert messages(body.replace("{zone}", "stack at bottom")) != []


def test_zones_offered_are_names_not_the_cards_in_them():
    """Choosing which pile to draw from tells nothing of its cards; whether a zone is empty
    is no secret."""
    assert messages('  choose z in [deck, stack] where not empty(z) else "empty" prompt "draw"\n'
                    '  move top(z) to hand[current]') == []


def test_options_filtered_by_a_where_that_reads_a_secret_are_flagged_at_the_where():
    """The seats are no secret; the condition reading another seat's hand is: the carets
    go under it, not under the seats."""
    found = warnings('  choose t in others(current)\n'
                     '    where all(c.v != 3 for c in hand[t]) else "no"\n    prompt "steal"')
    assert [w.message for w in found] == [
        "the options offered to current are a value worked out from a hidden card's face"]
    span = found[0].span
    assert (span.line, span.col) == (HEAD.count("\n") + 3, 11), span


def test_options_from_another_seats_hand_name_by_as_the_likely_fix():
    """In a rule called with current, choosing from hand[p] without `by p`: the hint said
    only to disclose the hand (the opposite of what was meant)."""
    found = warnings('  deal_to(current)', decls='rule deal_to(p: player) {\n'
                     '  choose c in cards(hand[p]) where c.v > 1 else "low" prompt "pick"\n}\n')
    assert "(if p is the one choosing here, say so: choose ... by p)" in found[0].hint, found



def test_a_local_that_holds_current_is_current():
    """`let me = current`, then a choice by current (the default) from hand[me]: the check
    took me for another seat and hinted `by me`, which changes nothing."""
    mine = '  let me = current\n' \
        '  choose c in hand[me] where c.v > 1 else "{c} is low" prompt "pick"\n'
    assert messages(mine + "  move c to table") == []
    assert messages(mine.replace("hand[me]", "hand[next(me)]") + "  move c to table") == [
        "the options offered to current are a value worked out from a card only next(me) may see"]
    # once current changes, the local holds the seat it was, no longer current
    moved = "  let me = current\n  current = next(current)\n" \
        '  choose c in hand[me] where c.v > 1 else "{c} is low" prompt "pick"\n  move c to table'
    assert messages(moved) == [
        "the options offered to current are a value worked out from a card only me may see"]


# ------------------------------------------------------------ disclose
@pytest.mark.parametrize("body,decls", [
    ('  log "the deck starts with {disclose(top(deck).v)}"', ""),
    ('  choose x in [1, 2] prompt "{disclose(top(deck).v)}"', ""),
    ('  end disclose("the top was {top(deck)}")', ""),
    ("  points = disclose(top(deck).v)", ""),
    ('  choose r in disclose([c.v for c in hand[current]]) prompt "a value you hold"', ""),
    ("", 'report "deck total" = disclose(sum(c.v for c in deck))\n'),
])
def test_disclose_marks_a_deliberate_leak_and_silences_it(body, decls):
    assert messages(body, decls) == []


def test_disclose_gives_the_value_itself():
    game = rulelang.loads(HEAD + 'turn {\n  points = disclose(size(deck) + 1)\n  end\n}\n') \
        .new_game(players=2, seed=1)
    assert game.view(0)["vars"]["points"] == 3


# ------------------------------------------------------------ the shipped games
SHIPPED = sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
                 for p in (ROOT / folder).glob("*.rules"))


@pytest.mark.parametrize("path", SHIPPED)
def test_the_shipped_games_have_no_warning(path):
    assert [w.render() for w in load_program(ROOT / path).warnings] == []


def test_the_secrecy_control_ruleset_is_flagged_by_the_checker():
    """The ruleset tests/runtime/test_secrecy.py catches by playing is caught before it runs."""
    rules = rulelang.loads('game "Leak"\nplayers 2\ncard C { n: int\n name "c{n}" }\n'
                           'zone deck: pile of C, hidden\nzone hand[player]: hand of C, owner\n'
                           'setup {\n  for n in 1..6 { create C(n: n) in deck }\n  shuffle deck\n'
                           '  deal 2 from deck to hand[P1]\n'
                           '  log "P1 holds {text(top(hand[P1]))}"\n}\n'
                           'turn {\n  choose x in [1, 2] prompt "go"\n  end\n}\n')
    assert [w.message for w in rules.program.warnings] == [
        "this log line shows a value worked out from a card only P1 may see"]


# ------------------------------------------------------------ tools show the warnings
LEAKY = HEAD + 'turn {\n  log "{top(deck).v}"\n  end\n}\n'


def test_rulelang_check_prints_warnings_and_strict_fails(tmp_path):
    path = tmp_path / "leaky.rules"
    path.write_text(LEAKY)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 0
    assert f"{path}:{HEAD.count(chr(10)) + 2}:7: warning: this log line shows" in result.output
    assert f"{path}: ok, 1 warning" in result.output
    assert CliRunner().invoke(cli, ["check", "--strict", str(path)]).exit_code == 65


def test_the_editor_shows_the_warnings():
    result = analyse(LEAKY, None)
    assert [(d.severity, d.span.line) for d in result.diagnostics] == [
        ("warning", HEAD.count("\n") + 2)]


def test_a_file_too_large_to_follow_gets_a_note_not_a_hang(monkeypatch):
    monkeypatch.setattr(flow_values, "MAX_STEPS", 5)
    found = warnings('  log "{top(deck).v}"')
    assert [w.severity for w in found] == ["note"]
    assert "gave up" in found[0].message


# ------------------------------------------------------------ tuples filtered like lists
def test_cards_in_a_tuple_are_shown_to_each_reader_as_they_may_see_them():
    rules = rulelang.loads(HEAD + 'turn {\n  log "pair {(first(cards(hand[P1])), 7)}"\n'
                                  '  log "list {[first(cards(hand[P1])), 7]}"\n  end\n}\n')
    game = rules.new_game(players=2, seed=3)
    mine = game.transcript(0)
    theirs = game.transcript(1)
    card = first_card_label(game)
    assert f"pair ({card}, 7)" in mine and f"list {card}, 7" in mine
    assert "pair (a C, 7)" in theirs and "list a C, 7" in theirs
    assert card not in theirs.split("\n", 1)[1]


def first_card_label(game):
    return game.view(0)["zones"]["hand[P1]"]["cards"][0]["name"]
