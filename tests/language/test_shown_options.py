"""`choose NAME in OPTIONS shown TEXT`: what each option gives, read beside its move (a
tile's edges beside its turn, a price beside a number of cards), worked out for each option
when a screen asks; the moves, the transcript and the bots are as without it."""
from __future__ import annotations

import pytest

import rulelang
from support import ROOT, cli_run
from support.infoflow import messages

RULES = """
game "Shown"
players 2
card Good { title: text  cost: int  name "{title}" }
zone market: row of Good, public
var total: int = 0
fn price(n: int) = n * 3
setup {
  create Good(title: "salt", cost: 2) in market
  create Good(title: "silk", cost: 5) in market
}
turn {
  choose n in 1..3 pass "stop" prompt "take" shown "{price(n)} gold for {n}"
  if n == none { end }
  total += n
  choose g in market prompt "buy" shown "costs {g.cost}"
  if total > 4 { end }
}
score p = total
"""


def test_each_move_shows_its_text_to_its_chooser_and_the_pass_none():
    game = rulelang.loads(RULES, "shown.rules").new_game(players=2, seed=1)
    said = {"1": "3 gold for 1", "2": "6 gold for 2", "3": "9 gold for 3"}
    assert game.shown_options() == said and game.shown_options(0) == said
    assert game.shown_options(1) == {}  # P2 is not asked
    assert game.view(0)["decision"]["shown"] == said
    assert "shown" not in game.view(1)["decision"]  # (nor its moves: they are P1's)
    assert [str(m) for m in game.legal_moves()] == ["1", "2", "3", "stop"]  # named as before
    game.play("2")
    assert game.shown_options() == {"salt": "costs 2", "silk": "costs 5"}  # cards too
    restored = game.rules.restore(game.save())  # worked out again from the rule's locals
    assert restored.shown_options() == {"salt": "costs 2", "silk": "costs 5"}
    game.play("silk")
    game.play("stop")
    assert game.is_over and game.shown_options() == {}


def test_the_moves_and_the_transcript_are_the_same_as_without_it():
    plain = RULES.replace(' shown "{price(n)} gold for {n}"', "").replace(
        ' shown "costs {g.cost}"', "")
    games = [rulelang.loads(rules, "r.rules").new_game(players=2, seed=3) for rules in (RULES, plain)]
    for move in ["1", "salt", "3", "silk"]:
        for game in games:
            work = game.work
            game.view(0)  # (the texts worked out: nothing of the game changes, nor the work
            assert game.work == work  # counted towards the rule's bound)
            game.play(move)
    assert games[0].transcript() == games[1].transcript()
    assert games[1].shown_options() == {} and "shown" not in games[1].view(0)["decision"]


def test_each_seat_choosing_at_once_reads_its_own_options_texts():
    rules = """
game "Bids"
players 2
var money[player]: int = 0
setup { money[P1] = 2  money[P2] = 3 }
turn {
  choose bids in 0..money[p] by each p in players prompt "bid" shown "{money[p] - bids} left"
  end
}
score p = 0
"""
    game = rulelang.loads(rules, "bids.rules").new_game(players=2, seed=1)
    assert game.shown_options(0) == {"0": "2 left", "1": "1 left", "2": "0 left"}
    assert game.shown_options(1) == {"0": "3 left", "1": "2 left", "2": "1 left", "3": "0 left"}


@pytest.mark.parametrize(("clause", "message"), [
    ("shown n", "'shown' gives each option a text to read beside its move, not a number"),
    ('shown "a" shown "b"', "a choose has one 'shown'"),
    # read whenever a screen asks: a draw there would change the game, or tell the next draw
    ('shown "{random([1, 2], \\"x\\")}"', "'shown' is read whenever a screen shows the "
                                          "options, so it cannot draw by chance (random)"),
    ('shown "{lucky(n)}"', "'shown' is read whenever a screen shows the options, so it "
                           "cannot draw by chance (random)"),
])
def test_a_shown_that_is_no_text_or_said_twice_is_an_error(clause, message):
    rules = RULES.replace('shown "{price(n)} gold for {n}"', clause).replace(
        "fn price(n: int) = n * 3", "fn price(n: int) = n * 3\n"
                                    "fn lucky(n: int) = n + random([1, 2], \"luck\")")
    with pytest.raises(rulelang.RulesError) as caught:
        rulelang.loads(rules, "bad.rules")
    assert [d.message for d in caught.value.diagnostics] == [message]


def test_a_shown_text_from_a_face_the_chooser_may_not_know_is_a_warning():
    said = messages('  choose n in 1..2 prompt "take" shown "{n + top(deck).v}"')
    assert said == ["what 'shown' tells current of each option is a value worked out from a "
                    "hidden card's face"], said
    assert messages('  choose c in hand[current] prompt "play" shown "worth {c.v}"') == []


def test_a_local_read_only_by_shown_is_kept_for_it_also_in_a_restored_game():
    rules = rulelang.loads("""
game "Locals"
players 2
var total: int = 0
turn {
  let k = total + 5
  choose n in 1..3 prompt "take" shown "{n + k} in all"
  total += n
  if total > 6 { end }
}
score p = 0
""", "locals.rules")
    game = rules.new_game(players=2, seed=1)
    game.play("2")
    said = {"1": "8 in all", "2": "9 in all", "3": "10 in all"}
    assert game.shown_options() == said
    assert rules.restore(game.save()).shown_options() == said


def test_a_shown_text_that_fails_is_the_rules_error_said_where():
    """It was Python's ``Fail`` out of ``shown_options`` (the view said it as the rules'
    error): both now say it with the file, the line and the carets."""
    rules = RULES.replace('shown "{price(n)} gold for {n}"', 'shown "{price(n) / (n - 1)}"')
    game = rulelang.loads(rules, "shown.rules").new_game(players=2, seed=1)
    for ask in (game.shown_options, lambda: game.view(0)):
        with pytest.raises(rulelang.RulesRuntimeError) as caught:
            ask()
        assert str(caught.value).startswith("shown.rules:"), str(caught.value)


def test_a_card_named_in_a_shown_text_is_told_as_its_chooser_knows_it():
    """``shown "{c}"`` of cards held face out (the others see them, not their holder) named
    each card to its holder (the text was made with the card's label, not for a reader);
    now the text is rendered for the chooser, as a log line is: "a C"."""
    rules = rulelang.loads('game "H"\nplayers 2\ncard C { v: int }\n'
                           'zone hand[player]: hand of C, others\nzone deck: pile of C, hidden\n'
                           'setup { for v in 1..3 { create C(v: v) in hand[P1] } }\n'
                           'turn {\n  choose c in hand[current] prompt "play" shown "{c} worth"\n'
                           '  move c to deck\n  if empty(hand[P1]) { win current }\n}\n', "h.rules")
    game = rules.new_game(players=2, seed=1)
    said = {f"hand[P1]#{i}": "a C worth" for i in (1, 2, 3)}
    assert game.shown_options() == said and game.view(0)["decision"]["shown"] == said


def test_a_view_leaves_the_work_counted_as_it_was():
    """A view runs the rules' code (hints, shown texts), and its work was added to the
    game's count toward the rules' bound (0 -> 160 in Edge Match): whether a screen asked
    then changed the move at which a long rule is stopped."""
    game = rulelang.load(f"{ROOT}/examples/edge_match.rules").new_game(players=2, seed=1)
    before = (game.work, game.steps)
    game.view(0)
    game.view(None)
    assert (game.work, game.steps) == before


def test_a_shown_text_that_fails_at_the_first_decision_is_said_not_a_traceback(tmp_path):
    """simulate looks at the first game's view (its options), which works out a choice's
    shown texts: one that divides by zero ended in Python's traceback."""
    broken = tmp_path / "shown.rules"
    broken.write_text('game "Shown"\nplayers 2\nvar t: int = 0\nturn {\n'
                      '  choose n in 0..2 prompt "take" shown "{6 / n} each"\n  t += n\n'
                      '  if t > 4 { win current }\n}\n')
    result = cli_run("simulate", broken, "-n", 2, "--workers", 1)
    assert result.exit_code == 70, result.output
    assert "shown.rules:5:42: error: in turn: division by zero" in result.output
    assert "Traceback" not in result.output
