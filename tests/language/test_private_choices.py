"""``choose ... privately``: a value chosen in secret (where a ship lies, a number to guess),
by one player or by each at once. Every other seat reads "(hidden)" where the choice is, in
its transcript, view, record and the OpenSpiel information state made from that view,
before and after a save; the information-flow check follows the value as a secret of its
chooser's; a card is refused with what to write. (A new author's Battleship found no way to
keep a placement secret.)"""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.bots import KINDS, make_bot
from interpreter.runtime.knowledge import seat_knowledge
from interpreter.runtime.views import PUBLIC
from support import ROOT

HIDE = (ROOT / "tests/rules/hide_and_guess.rules").read_text(encoding="utf-8")


def hidden_then_guessed(hidden: str, guessed: str = "1"):
    game = rulelang.loads(HIDE, name="hide.rules").new_game(players=2, seed=0)
    game.play(hidden)  # P1 hides
    game.play(guessed)  # P2 guesses
    return game


def test_the_chooser_reads_the_choice_and_every_other_reader_reads_hidden():
    game = hidden_then_guessed("3")
    assert "P1 > hide a stone: 3" in game.transcript(seat="P1")
    assert "P1 > hide a stone: 3" in game.transcript()  # the host
    for reader in ("P2", PUBLIC):
        shown = game.transcript(seat=reader)
        assert "P1 > hide a stone: (hidden)" in shown and ": 3" not in shown
        assert "P2 lifts cup 1: empty" in shown


@pytest.mark.parametrize("reader", ["P2", PUBLIC])
def test_nothing_offered_to_another_reader_differs_with_the_choice(reader):
    # the same game with the stone under cup 2 or cup 3: P2 (who guessed cup 1) and a
    # spectator are offered the same view, record and transcript either way
    under_2, under_3 = hidden_then_guessed("2"), hidden_then_guessed("3")
    assert under_2.view(reader) == under_3.view(reader)
    assert under_2.transcript(seat=reader) == under_3.transcript(seat=reader)
    if reader == "P2":
        assert under_2.save(seat="P2") == under_3.save(seat="P2")
        assert under_2.view("P1") != under_3.view("P1")  # (the chooser's do differ)


def test_a_restored_game_keeps_the_choice_hidden():
    game = hidden_then_guessed("3")
    restored = game.rules.restore(game.save())
    assert "P1 > hide a stone: (hidden)" in restored.transcript(seat="P2")
    assert "P1 > hide a stone: 3" in restored.transcript(seat="P1")


def test_a_bot_of_another_seat_samples_no_choice_it_could_not_see():
    game = rulelang.loads(HIDE, name="hide.rules").new_game(players=2, seed=0)
    game.play("3")  # P1 hides under cup 3; P2 is to guess
    worlds = seat_knowledge(game).worlds(random.Random(1), 8)
    assert {w.vars["hidden_at"][game.seats[0]] for w in worlds} == {0}  # as set up


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_bot_of_the_guesser_guesses_alike_wherever_the_stone_is(kind):
    # a bot that could read the hidden cup would find it (a right guess wins at once)
    guesses = set()
    for hidden in ("1", "2", "3"):
        game = rulelang.loads(HIDE, name="hide.rules").new_game(players=2, seed=0)
        game.play(hidden)
        guesses.add(str(make_bot(kind, 7).choose(seat_knowledge(game))))
    assert len(guesses) == 1


def test_openspiel_information_states_of_the_other_seat_do_not_tell_the_choice(tmp_path):
    pytest.importorskip("pyspiel")
    from rulelang.adapters.openspiel import load_game
    path = tmp_path / "hide.rules"
    path.write_text(HIDE, encoding="utf-8")
    spiel = load_game(path, players=2)
    states = []
    for hidden in (1, 2):
        state = spiel.new_initial_state()
        moves = [a for a in state.legal_actions() if state.action_to_string(a).endswith(str(hidden))]
        state.apply_action(moves[0])
        states.append(state)
    assert states[0].information_state_string(1) == states[1].information_state_string(1)
    assert list(states[0].information_state_tensor(1)) == list(states[1].information_state_tensor(1))


BASE = '''game "Private"
players 2
card C { v: int }
zone hand[player]: hand of C
var told: int = 0
turn {
  BODY
  end
}
score p = 0
'''


def warnings(body):
    return [w.message for w in rulelang.loads(BASE.replace("BODY", body), "p.rules").program.warnings]


@pytest.mark.parametrize("body, warning", [
    ('choose n in 1..3 privately\n  log "{n}"', "this log line shows"),
    ("choose n in 1..3 privately\n  told = n", "the variable 'told' is set to"),
    ('choose n in 1..3 privately\n  choose m in 1..3 prompt "after {n}"', "the prompt shows"),
])
def test_a_private_choice_shown_to_every_seat_is_a_warning(body, warning):
    assert warnings(body) == [f"{warning} a value worked out from a private choice of current's"]


def test_a_card_laid_where_a_private_choice_says_warns_and_says_how_to_keep_it_secret():
    rules = rulelang.loads('''game "Fleet"
players 2
card Ship { n: int }
zone dock[player]: row of Ship, owner
zone sea[player]: grid 4x4 of Ship, owner
setup {
  for p in players { create Ship(n: 1) in dock[p] }
  choose spots in placements(shape("##"), empty_cells(sea[p])) by each p in players privately
    prompt "place your ship"
  for p, spot in spots { move top(dock[p]) to sea[p] at spot }
}
turn { end }
score p = 0
''', "fleet.rules")
    [warning] = rules.program.warnings
    assert warning.message.startswith("which card moves where")
    assert warning.hint.endswith("or, to keep it secret, keep the choice in a variable only its "
                                 "chooser reads (var NAME[player]: TYPE, owner) rather than "
                                 "placing a card by it")


def test_two_seats_private_choices_shown_together_are_named_as_such_not_as_a_card():
    """Rules with no card at all were told a log line showed 'a hidden card's face'."""
    found = warnings('choose a in 1..3 by P1 privately\n  choose b in 1..3 by P2 privately\n'
                     '  let c = a + b\n  log "{c}"')
    assert found[-1] == ("this log line shows a value worked out from the private choices of "
                         "several seats")


def test_a_private_choice_kept_or_disclosed_is_no_warning():
    assert warnings("choose n in 1..3 privately") == []
    assert warnings('choose n in 1..3 privately\n  log "{disclose(n > 1)}"') == []
    # the same choice made in the open: its value is in every transcript, so no secret
    assert warnings('choose n in 1..3\n  log "{n}"') == []


@pytest.mark.parametrize("body, message, hint", [
    ("choose c in hand[current] privately",
     "'privately' keeps a value chosen from the others; a card chosen is seen as its zone shows it",
     "leave 'privately' out"),
])
def test_privately_where_it_cannot_apply_is_refused(body, message, hint):
    with pytest.raises(rulelang.CheckError) as error:
        rulelang.loads(BASE.replace("BODY", body), "p.rules")
    text = str(error.value)
    assert text.startswith(f"p.rules:7:3: error: {message}") and hint in text


def test_privately_is_no_keyword_elsewhere():
    # a clause word, soft: a variable may still be called so, and `secret` stays a name
    rules = rulelang.loads('game "Words"\nplayers 2\nvar secret: int = 0\nturn {\n'
                           '  choose n in 1..2 privately\n  secret = n\n  end\n}\n'
                           'score p = secret\n', "w.rules")
    game = rules.new_game(players=2)
    game.play("2")
    assert game.outcome["scores"] == {game.seats[0]: 2, game.seats[1]: 2}


def test_a_private_choice_naming_public_cards_is_never_shown_once_they_are_known():
    # a pair of cards on the table, chosen privately: every seat knows both cards, but not
    # which pair was chosen (a line naming cards is otherwise shown once its cards are known)
    rules = rulelang.loads('''game "Pairs"
players 2
card C { v: int  name "c{v}" }
zone table: row of C, public
setup { create C(v: 1) in table  create C(v: 2) in table  create C(v: 3) in table }
turn {
  choose pair in pairs(cards(table)) privately prompt "pick a pair"
  choose n in 1..2 by next(current) prompt "go on"
  end
}
score p = 0
''', "pairs.rules")
    game = rules.new_game(players=2)
    game.apply(1)
    game.apply(0)
    assert "P1 > pick a pair: (hidden)" in game.transcript(seat="P2")
    assert "P1 > pick a pair: (hidden)" not in game.transcript(seat="P1")


EACH = '''game "Places"
players 3
var spot_of[player]: int = 0, owner
var told: int = 0
turn {
  choose spots in 1..9 by each p in players privately prompt "place"
  BODY
  end
}
score p = 0
'''


def test_private_choices_made_at_once_are_each_their_choosers():
    game = rulelang.loads(EACH.replace("BODY", ""), "places.rules").new_game(players=3)
    for spot in ("4", "5", "6"):
        game.play(spot)
    assert "P1 > place: 4\nP2 > place: (hidden)\nP3 > place: (hidden)" in game.transcript("P1")
    assert "P1 > place: (hidden)\nP2 > place: 5\nP3 > place: (hidden)" in game.transcript("P2")
    assert "P1 > place: (hidden)\nP2 > place: (hidden)\nP3 > place: (hidden)" in \
        game.transcript(PUBLIC)


@pytest.mark.parametrize("body, warned", [
    ("for p, spot in spots { spot_of[p] = spot }", []),  # each kept by its own seat
    ('for p, spot in spots { log "{p} has placed" }', []),
    ("for p, spot in spots { spot_of[next(p)] = spot }",
     ["the variable 'spot_of' is set to a value worked out from a private choice of p's"]),
    ("for p, spot in spots { told = spot }",
     ["the variable 'told' is set to a value worked out from a private choice of p's"]),
    ('log "{spots}"', ["this log line shows a value worked out from the private choices of the "
                       "seats choosing at once"]),
])
def test_the_flow_check_follows_each_seats_private_choice(body, warned):
    rules = rulelang.loads(EACH.replace("BODY", body), "places.rules")
    assert [w.message for w in rules.program.warnings] == warned


EACH_AGAIN = '''game "Fleet"
players 2
var spots_of[player]: list of int = [], owner
var told: int = 0
setup {
  repeat 3 times {
    choose spot in [n for n in 1..9 if not n in spots_of[p]] by each p in players privately
      prompt "place a ship"
    BODY
  }
}
turn { end }
score p = 0
'''


@pytest.mark.parametrize("body, warned", [
    ("for p, n in spot { spots_of[p] += [n] }", []),  # each seat's options read its own
    ("for p, n in spot { spots_of[p] = spots_of[p] + [n] }", []),
    ("for p, n in spot { spots_of[p] += [n]  told = n }",
     ["the variable 'told' is set to a value worked out from a private choice of p's"]),
])
def test_private_choices_made_at_once_from_each_seats_own_secret_stay_each_seats(body, warned):
    """Ships placed one by one, each seat's options the cells its own earlier ships left
    free (an owner variable read at its own key): each answer is still its own seat's, so
    keeping it warns nothing; it said a hidden card's face was offered and kept."""
    rules = rulelang.loads(EACH_AGAIN.replace("BODY", body), "fleet.rules")
    assert [w.message for w in rules.program.warnings] == warned
    if not warned:  # kept by the wrong seat, it is still a leak
        leak = body.replace("{ spots_of[p]", "{ spots_of[next(p)]")
        rules = rulelang.loads(EACH_AGAIN.replace("BODY", leak), "fleet.rules")
        assert any(w.message.startswith("the variable 'spots_of' is set to")
                   for w in rules.program.warnings)


def test_the_terminal_says_the_answer_is_private_and_shows_the_others_hidden(tmp_path):
    from support.terminal import run
    path = tmp_path / "hide.rules"
    path.write_text(HIDE, encoding="utf-8")
    term = run(str(path), "--seed", "0", "--bot-seed", "1", "--bot", "P2=random")
    screen = term.wait("hide a stone")
    assert "P1, hide a stone (only you will see your answer) >" in screen
    screen = term.type("2", "guess the cup")  # P2 (a bot) guesses, then hides; P1 guesses
    assert "P2 > hide a stone: (hidden)" in screen
    assert "P1 > hide a stone: 2" in screen
    term.child.sendline("quit")
    term.child.expect("Quit without saving")
    term.child.sendline("y")
    term.finish()


def test_a_private_choice_s_prompt_keeps_its_cards_as_each_seat_knew_them_then():
    """A private line is never settled: the card its prompt names was read afresh, so a
    card turned up later showed the other seat what the prompt had named."""
    rules = rulelang.loads(
        'game "Mind"\nplayers 2\ncard Card { rank: int  name "card {rank}" }\n'
        'zone hand[player]: hand of Card\nzone table: row of Card, public\n'
        'setup { create Card(rank: 1) in hand[P1]\n create Card(rank: 2) in hand[P1] }\n'
        'play {\n  choose c in hand[P1] by P1 prompt "a card"\n'
        '  choose n in [1, 2] by P1 privately prompt "a number for {c}"\n'
        '  move c to table\n  choose d in [1] by P2 prompt "go on"\n}\n', "mind.rules")
    game = rules.new_game(players=2, seed=1)
    game.play("card 2")
    game.play("1")
    assert "P1 > a number for a Card: (hidden)" in game.transcript("P2")
    game.play("1")  # card 2 is on the table now: the private line's prompt does not change
    assert "P1 > a number for a Card: (hidden)" in game.transcript("P2")
    assert "P1 > a number for card 2: 1" in game.transcript("P1")
