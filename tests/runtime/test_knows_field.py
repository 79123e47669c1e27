"""``knows(p, c.FIELD)``: whether a seat knows one field of a card, from its face or from what
it was told (``tell``, ``tell whether``); and a bot's samples keep what its own seat was told
of the cards they deal anew (the rules' advice reads a card as its seat knows it)."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.runtime.builtin_functions import IMPLEMENTATIONS
from interpreter.runtime.knowledge import seat_knowledge
from rulelang.language.errors import CheckError

RULES = '''game "Told"
players 2
enum Colour { red, blue }
card Card {
  colour: Colour
  rank: int
}
zone deck: pile of Card
zone hand[player]: hand of Card, others
setup {
  create Card(colour: blue, rank: 2) x 3 in deck
  create Card(colour: red, rank: 1) in deck
  create Card(colour: blue, rank: 2) in deck
  create Card(colour: red, rank: 1) in deck
  deal 1 from deck to hand[P1]
  deal 1 from deck to hand[P2]
}
turn {
  choose what in ["rank is 1", "rank is 2", "colour", "deck"] prompt "tell"
  let c = top(hand[P1])
  if what == "rank is 1" {
    tell whether c.rank == 1 to P1
  } else if what == "rank is 2" {
    tell whether c.rank == 2 to P1
  } else if what == "colour" {
    tell c.colour to P1
  } else {
    tell whether top(deck).rank == 1 to P2
  }
  log "P1 colour {knows(P1, c.colour)} rank {knows(P1, c.rank)}; P2 rank {knows(P2, c.rank)}"
  choose again in [1, 2] prompt "again"
}
'''


def told_after(what: str, rules: str = RULES) -> str:
    game = rulelang.loads(rules, "told.rules").new_game(players=2, seed=1, options={})
    game.play(what)
    return [line for line in game.transcript().splitlines() if "colour" in line and "rank" in line][-1]


@pytest.mark.parametrize("what,line", [
    ("rank is 1", "P1 colour no rank yes; P2 rank yes"),   # told yes: the rank is known
    ("rank is 2", "P1 colour no rank no; P2 rank yes"),    # told no: only what it is not
    ("colour", "P1 colour yes rank no; P2 rank yes"),      # P2 sees the face: every field
    ("deck", "P1 colour no rank no; P2 rank yes"),
])
def test_a_seat_knows_a_field_it_was_told_or_sees(what, line):
    assert told_after(what) == line


def test_a_sample_keeps_what_its_own_seat_was_told_and_drops_the_others():
    game = rulelang.loads(RULES, "told.rules").new_game(players=2, seed=1, options={})
    game.play("rank is 1")
    game.play("1")  # P1's "again"; now P2 tells P2 a fact of the deck's top card
    game.play("deck")
    game.play("1")  # P2's "again": P1 is to choose
    knows = IMPLEMENTATIONS["knows"]
    mine = game.zc[game.zones["hand"][game.players[0]].i][-1]
    deck_top = game.zc[game.zones["deck"].i][-1]
    assert knows(game, 1, deck_top, "rank")  # P2 was told it (yes: a red 1)
    knowledge = seat_knowledge(game, 0)  # P1 to choose "again"
    for seed in range(20):
        sample = knowledge.sample(random.Random(seed))
        assert knows(sample, 0, sample.cards[mine.id], "rank")
        assert sample.cards[mine.id].f["rank"] == 1  # dealt a face that fits what P1 was told
        assert not knows(sample, 0, sample.cards[mine.id], "colour")
        # P2's fact was of the real face, which P1's sample deals anew: gone
        assert not knows(sample, 1, sample.cards[deck_top.id], "rank")


def test_knows_asks_about_a_card_field_only():
    bad = RULES.replace('log "P1 colour', 'let x = 3\n  log "{knows(P1, x.rank)} P1 colour')
    with pytest.raises(CheckError) as caught:
        rulelang.loads(bad, "bad.rules")
    error = caught.value.diagnostics[0]
    assert error.message == "knows(p, x.rank) asks about a card's field, but this is a number"
    nofield = RULES.replace("knows(P1, c.colour)", "knows(P1, c.suit)")
    with pytest.raises(CheckError) as caught:
        rulelang.loads(nofield, "bad.rules")
    assert "has no field 'suit'" in caught.value.diagnostics[0].message


def test_knows_a_field_reads_no_face():
    """The information-flow check: knowing whether P2 was told is no secret; the field is."""
    quiet = rulelang.loads(RULES.replace('choose again', 'log "{knows(P2, top(deck).rank)}"\n  choose again'),
                           "told.rules")
    assert not quiet.program.warnings
    leaky = rulelang.loads(RULES.replace('choose again', 'log "{top(deck).rank}"\n  choose again'),
                           "told.rules")
    assert leaky.program.warnings


def test_knows_a_field_of_an_untyped_parameter_asks_of_the_card():
    # (the field's value was given to knows: "knows needs a card, not 2")
    rules = RULES.replace("turn {", "fn rank_known(p, c) = knows(p, c.rank)\nturn {").replace(
        "rank {knows(P1, c.rank)}", "rank {rank_known(P1, c)}")
    assert told_after("rank is 1", rules) == "P1 colour no rank yes; P2 rank yes"
    assert told_after("colour", rules) == "P1 colour yes rank no; P2 rank yes"
