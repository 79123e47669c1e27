"""Every refused move gets a reason in the players' words (issue 27): the rules' own
(`where ... else`), else one worked out from what the seat can see; a near miss gets a
did-you-mean; and the refusal knows the place in the rules behind the decision ("why?").
That none of it tells a seat a hidden card is test_secrecy.py's generic check (its records
hold what every card's name is answered with)."""
from __future__ import annotations

import random

import pytest

import rulelang
from support import load


@pytest.fixture(scope="module")
def yami():
    """A 3-player Yami game at P2's lead: P1 holds cards P2 cannot see."""
    game = load("games/yami.rules").new_game(players=3, seed=3)
    assert game.view(None)["decision"]["prompt"] == "lead a card"
    return game


def test_a_card_not_in_hand_is_said_so_and_where_it_lies_only_if_the_seat_can_see_it(yami):
    seat = yami.seat_name(yami.to_move)
    hidden = next(c["name"] for c in yami.view(None)["zones"]["hand[P1]"]["cards"])
    assert yami.refused(hidden).text() == f"'{hidden}' is refused: {hidden} is not in your hand"
    yami.play(yami.legal_moves()[0])  # led: now in the trick, face up
    led = yami.history[-1]
    refused = yami.refused(led)
    assert refused.reason == f"{led} is in trick 1, not in your hand"
    assert seat != yami.seat_name(yami.to_move)


def test_a_near_miss_gets_a_did_you_mean_or_the_card_meant(yami):
    legal = yami.legal_moves()[0].notation
    typo = legal[:-3] + legal[-2] + legal[-3] + legal[-1]  # two letters swapped
    refused = yami.refused(typo)
    assert refused.suggestion == legal and refused.reason is None
    assert refused.text() == f"'{typo}' is not a move now; did you mean '{legal}'?"
    mine = {m.notation for m in yami.legal_moves()}
    absent = next(f"{c} {n}" for c in ("purple", "blue", "green") for n in range(1, 8)
                  if f"{c} {n}" not in mine)
    misspelt = absent.replace("purple", "purpel").replace("blue", "bleu").replace(
        "green", "grene")
    assert yami.refused(misspelt).reason == f"no card is called that ({absent} is not in " \
                                            "your hand)"
    assert yami.refused("hello").text() == "'hello' is not a move now"
    assert yami.refused(legal) is None


def test_a_number_naming_no_card_is_said_so_not_read_as_another_number_mistyped():
    """Cards named by numbers (1 to 20): '105' names no card, and is not '15' (or '10')
    mistyped, whether or not that card is in the hand; a number that is a card not in the
    hand is said so."""
    rules = rulelang.loads('game "Numbers"\nplayers 2\ncard Card { v: int  name "{v}" }\n'
                           'zone hand[player]: hand of Card\nzone table: row of Card, public\n'
                           'setup {\n  for v in 1..20 { create Card(v: v) in table }\n'
                           '  move top(table) to hand[P1]\n}\n'
                           'turn {\n  choose c in hand[current] prompt "play"\n  end\n}\n'
                           'score p = 0\n', "numbers.rules")
    game = rules.new_game(players=2)
    assert [m.notation for m in game.legal_moves()] == ["20"]
    for typed in ("105", "999", "21"):
        assert game.refused(typed).text() == f"'{typed}' is refused: no card is called {typed}"
    assert game.refused("15").reason == "15 is in the table, not in your hand"


BIDS = ('game "Bids"\nplayers 2\nvar money[player]: int = 194, owner\nturn {\n'
        '  choose n in 0..money[current] pass if money[current] > 100 prompt "bid"\n'
        '  money[current] -= 1\n  end\n}\nscore p = 0\n')


def test_a_number_not_on_offer_is_told_the_numbers_that_are_not_a_number_alike():
    """A bid of 0 to 194: '250' got "did you mean '50'?", '17.5' "did you mean '175'?" and
    '-3' nothing at all; each is now told the numbers on offer, in runs, and the pass."""
    game = rulelang.loads(BIDS, "bids.rules").new_game(players=2)
    said = "is not one of the numbers to choose from now: 0 to 194, or 'pass'"
    for typed in ("250", "17.5", "-3", "195"):
        refused = game.refused(typed)
        assert refused.text() == f"'{typed}' is refused: {typed} {said}"
        assert refused.suggestion is None
    assert game.refused("hello").text() == "'hello' is not a move now"  # no number: as before


NONE_AMONG_NUMBERS = ('game "None"\nplayers 2\nturn {\n  let opts: list of int = [1, none, 3]\n'
                      '  choose n in opts PASS prompt "pick"\n  end\n}\nscore p = 0\n')


def test_a_none_among_the_numbers_is_named_none_not_pass():
    """A none among the options (no pass offered) was told as "or 'pass'", a move refused in
    turn; it is named as offered, 'none', beside the pass when there is one."""
    plain = rulelang.loads(NONE_AMONG_NUMBERS.replace("PASS ", ""), "none.rules").new_game(players=2)
    assert [m.notation for m in plain.legal_moves()] == ["1", "none", "3"]
    assert plain.refused("7").text() == \
        "'7' is refused: 7 is not one of the numbers to choose from now: 1, 3, or 'none'"
    passing = rulelang.loads(NONE_AMONG_NUMBERS.replace("PASS", "pass if true"),
                             "none.rules").new_game(players=2)
    assert passing.refused("7").text() == ("'7' is refused: 7 is not one of the numbers to "
                                           "choose from now: 1, 3, or 'none' or 'pass'")


def test_a_number_on_offer_written_otherwise_is_told_how_it_is_written():
    """'05' and '+5' (a box that held 0, then 5 typed after it) were told "05 is not one of
    the numbers to choose from now: 0 to 194": 5 is one; they are told to write it 5."""
    game = rulelang.loads(BIDS, "bids.rules").new_game(players=2)
    for typed in ("05", "+5", "005"):
        assert game.refused(typed).text() == (f"'{typed}' is refused: write it 5 (the numbers "
                                              "to choose from now: 0 to 194, or 'pass')")
    assert "is not one of the numbers" in game.refused("0195").text()


def test_the_numbers_on_offer_are_said_in_runs():
    from interpreter.runtime.refusals import number_ranges
    assert number_ranges([0, 1, 2, 3, None]) == "0 to 3"
    assert number_ranges([1, 3, 4, 6, 7, 8, 10]) == "1, 3, 4, 6 to 8, 10"
    assert number_ranges(["a", 1]) is None and number_ranges([None]) is None


def test_the_refusal_points_at_the_choose_behind_it(yami):
    refused = yami.refused("hello")
    why = yami.rules.why(refused.at)
    assert why.code.startswith("choose card in hand[p]")
    assert why.title == "Following" or "YA-19" in why.cites


def test_the_rules_own_reason_comes_first():
    """Yōkai: a card under a hint may not be looked at; the rules say so (YK-15)."""
    rules = load("games/yokai.rules")
    game = rules.new_game(players=2, seed=0)
    rng = random.Random(0)
    while True:
        hints = [c for c in game.view(None)["zones"]["table"]["cards"] if c["kind"] == "Hint"]
        if hints and game.view(None)["decision"]["prompt"].startswith("observe a card"):
            break
        game.play(rng.choice([m for m in game.legal_moves() if m.notation != "appeased"]))
    cell = hints[0]["cells"][0]
    families = "/".join(hints[0]["families"])
    refused = game.refused(cell)
    assert refused.rules_said and refused.reason == f"{cell} is locked under the {families} hint"
    with pytest.raises(rulelang.IllegalMove) as caught:
        game.play(cell)
    assert caught.value.reason == refused.reason and caught.value.refusal == refused


def test_passing_where_the_rules_do_not_allow_it():
    """Yokai Sketch, YS-12: with four cards at the start of the play phase a card must be
    played: 'pass' is not offered, and the refusal says so."""
    game = load("games/yokai_sketch.rules").new_game(players=2, seed=3)
    assert "pass" not in [m.notation for m in game.legal_moves()]
    assert game.refused("pass").reason == "'pass' is not allowed now"


def test_a_list_named_in_another_order_is_offered_in_the_order_on_offer():
    """Moves that are lists of cards are named by their items joined with "+", in the order
    the rules offer them: the same items in another order suggest that move."""
    rules = rulelang.loads('''game "Pairs"
players 2
card Money { value: int  name "${value}" }
zone hand[player]: hand of Money
zone bid[player]: row of Money, public
setup { for p in players { for v in [1, 4, 6] { create Money(value: v) in hand[p] } } }
fn two_of(cs: list of Money) = [[a, b] for a in cs for b in cs if a.value < b.value]
turn {
  choose pair in two_of(cards(hand[current])) prompt "bid two"
  move pair to bid[current]
  end
}
score p = sum(c.value for c in bid[p])
''', name="pairs.rules")
    game = rules.new_game(players=2, seed=1)
    refused = game.refused("$6+$4")
    assert refused.suggestion == "$4+$6"
    assert refused.text() == "'$6+$4' is not a move now; did you mean '$4+$6'?"
    assert game.refused("$6 + $1").suggestion == "$1+$6"
    assert game.refused("$4+$6") is None


WHERE_CLAUSES = '''game "Why clause"
players 2
turn {
  choose n in 1..4
    where n != 4 else "4 is full"
    where n != 3 else "3 costs too much"
    prompt "pick"
  end
}
'''


def test_the_refusal_points_at_the_where_clause_that_refused_the_move():
    """'why' quoted the choose line for a move a `where` clause refused: it is that clause's
    line now (the choose's when no clause refused it); the terminal's 'why' shows it."""
    from rulelang.play.terminal.teaching_screens import why_lines

    rules = rulelang.loads(WHERE_CLAUSES, "why.rules")
    game = rules.new_game(players=2, seed=0)
    said = {move: rules.why(game.refused(move).at) for move in ("4", "3", "9")}
    assert (said["4"].line, said["4"].code) == (5, 'where n != 4 else "4 is full"')
    assert (said["3"].line, said["3"].code) == (6, 'where n != 3 else "3 costs too much"')
    assert (said["9"].line, said["9"].code) == (4, "choose n in 1..4")
    screen = "\n".join(str(line) for line in why_lines(game, "P1", 100, game.refused("3")))
    assert 'why.rules line 6: where n != 3 else "3 costs too much"' in screen


PLACING = '''game "Tiles"
players 1
card T { n: int }
zone box: pile of T
zone board: grid 4 x 4 of T
setup { create T(n: 1) in box }
turn {
  let s = shape("##")
  choose spot in placements(s, cells(board)) where first(cells(spot)) != cell("A1")
    else "the corner is kept free" prompt "place"
  move first(box) to board at spot
  win current
}
'''


def test_a_placement_refused_at_a_cell_names_the_ways_at_that_cell_not_another_cell():
    """'D4 r0' once got "did you mean 'I4 r0'?" (another cell): now the ways at D4, or
    that nothing lies at the cell, with the rules' reason when their `where` gives one."""
    game = rulelang.loads(PLACING).new_game(players=1)
    at_b2 = [m.notation for m in game.legal_moves() if m.notation.startswith("B2 ")]
    assert at_b2 and "B2 r180" not in at_b2
    refused = game.refused("b2 r180")
    assert refused.suggestion is None
    assert refused.reason == f"not a way on offer at B2 (at B2: {', '.join(at_b2)})"
    assert game.refused("D4 r0").reason == "nothing can be placed at D4 now"
    assert game.refused("A1 r0").reason == "the corner is kept free"
    assert game.refused("A1 r90 f").reason == \
        "nothing can be placed at A1 now: the corner is kept free"


def test_a_seat_with_one_move_hears_the_rules_reasons_for_the_others():
    """Yami: a forced follow; the rules' `where ... else` says why the other cards are out
    (the browser says it beside the only choice)."""
    game = load("games/yami.rules").new_game(players=2, seed=3)
    rng = random.Random(3)
    while len(game.legal_moves()) != 1:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    prompt = game.view(None)["decision"]["prompt"]
    assert prompt.startswith("follow ")
    assert game.refusal_reasons() == [f"{game.seat_name(game.to_move)} must follow {prompt[7:]}"]
    tiles = rulelang.loads(PLACING).new_game(players=1)
    assert tiles.refusal_reasons() == ["the corner is kept free"]


def test_in_a_choice_made_by_each_a_seats_reasons_are_its_own_decisions():
    """The reasons a seat is told for what it is not offered come from its own decision,
    never from another seat's (worked out from that seat's hidden hand)."""
    rules = rulelang.loads('''game "Each"
players 2
card Chip { n: int  name "chip {n}" }
zone hand[player]: hand of Chip
setup {
  create Chip(n: 1) in hand[P1]
  create Chip(n: 5) in hand[P1]
  create Chip(n: 2) in hand[P2]
  create Chip(n: 7) in hand[P2]
}
play {
  choose c in hand[p] where c.n > 2 else "{c} is too low" by each p in players
  end
}
score p = 0
''', name="each.rules")
    game = rules.new_game(players=2, seed=1)
    assert game.refusal_reasons(0) == ["chip 1 is too low"]
    assert game.refusal_reasons(1) == ["chip 2 is too low"]
    assert game.refused("chip 2", 1).reason == "chip 2 is too low"


# a card whose name chance drew, face down in a vault: which names are in the game is no
# longer the rules' list of cards, so a refusal must not tell the vault's name from another
VAULT = '''game "Vault"
players 2
card C { v: int  name "{v}" }
zone vault: pile of C
zone hand[player]: hand of C, owner
setup {
  create C(v: random(10..99, "the hidden number")) in vault
  create C(v: 1) in hand[P1]
  create C(v: 2) in hand[P1]
}
turn {
  choose c in hand[current] prompt "a card"
  win current
}
'''


def test_a_card_named_by_chance_the_seat_has_not_seen_is_not_told_apart_by_its_refusal():
    game = rulelang.loads(VAULT, "vault.rules").new_game(players=2, seed=5)
    hidden = next(c.label for c in game.cards if c.label not in ("1", "2"))
    other = next(str(n) for n in range(10, 100) if str(n) != hidden)
    said = game.refused(hidden).text().replace(hidden, "N")
    assert said == game.refused(other).text().replace(other, "N"), said
    for typo in ("{}x", "x{}"):  # a name misspelt: not taken for the vault's card either
        near, far = typo.format(hidden), typo.format(other)
        assert game.refused(near).text().replace(near, "N") == \
            game.refused(far).text().replace(far, "N")


# a card made in play as a hidden variable decides, face down: no chance made it, but
# whether it exists is a secret, so a refusal must not tell its name from another
MADE = '''game "Made"
players 2
card C { v: int  name "{v}" }
zone vault: pile of C
zone hand[player]: hand of C, owner
var level: int = 0, hidden
setup {
  create C(v: 1) in hand[P1]
  create C(v: 2) in hand[P1]
}
turn {
  level = LEVEL
  if level > 3 {
    create C(v: 57) in vault
  }
  choose c in hand[current] prompt "a card"
  win current
}
'''


def test_a_card_made_under_a_hidden_condition_is_not_told_apart_by_its_refusal():
    made, not_made = (rulelang.loads(MADE.replace("LEVEL", level), "made.rules")
                      .new_game(players=2, seed=5) for level in ("5", "1"))
    assert any(c.label == "57" for c in made.cards)
    assert not any(c.label == "57" for c in not_made.cards)
    for typed in ("57", "58", "5", "57x", "x57", "2x", "seven"):
        assert made.refused(typed).text() == not_made.refused(typed).text(), typed


def test_a_card_setup_makes_as_chance_decides_is_not_told_apart_by_its_refusal():
    rolled = MADE.replace("  level = LEVEL\n  if level > 3 {\n    create C(v: 57) in vault\n  }\n",
                          "").replace("  create C(v: 2) in hand[P1]\n",
                                      "  create C(v: 2) in hand[P1]\n"
                                      '  if random(1..6, "the roll") > 3 {\n'
                                      "    create C(v: 57) in vault\n  }\n")
    rules = rulelang.loads(rolled, "rolled.rules")
    games = [rules.new_game(players=2, seed=seed) for seed in range(8)]
    made = next(g for g in games if len(g.cards) == 3)
    not_made = next(g for g in games if len(g.cards) == 2)
    for typed in ("57", "58", "57x", "2x"):
        assert made.refused(typed).text() == not_made.refused(typed).text(), typed
