"""Small functions written out at their calls (interpreter/compiler/inline.py): the
generated code has no call, and every game goes exactly as it did with the call."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.compiler import inline
from support import ROOT

KEEPER = """
game "Keeper"
players 2
enum Colour { red, blue }
card Gem { colour: Colour  size: int  name "{colour} {size}" }
zone bag: pile of Gem
zone hand[player]: hand of Gem
zone kept[player]: row of Gem, public
var lead: Colour = none

fn follows_lead(card, pile, wanted, key: fn) =
  wanted == none or key(card) == wanted or not any(key(c) == wanted for c in pile)
fn ignores(x, y) = x + 1

setup {
  for c in Colour { for n in 1..4 { create Gem(colour: c, size: n) in bag } }
  shuffle bag
  for p in players { deal 3 from bag to hand[p] }
}
turn {
  choose g in hand[current] where follows_lead(g, hand[current], lead, x => x.colour)
    else "follow {lead}" prompt "keep"
  move g to kept[current]
  lead = g.colour
  if empty(hand[current]) { win current }
}
"""


def transcripts(rules, games=30):
    out = []
    for seed in range(games):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        out.append(game.transcript())
    return out


def test_a_small_function_taking_a_lambda_is_written_out_where_it_is_called():
    source = rulelang.loads(KEEPER, "keeper.rules").source()
    turn = source[source.index("def block_turn"):]
    assert "fn_0(" not in turn and "lambda" not in turn  # no call, no lambda made
    assert ".f['colour']" in turn  # the lambda's field read as a card's field


@pytest.mark.parametrize("text,name", [(KEEPER, "keeper.rules"),
                                       ((ROOT / "examples" / "oh_hell.rules").read_text(),
                                        str(ROOT / "examples" / "oh_hell.rules"))])
def test_games_go_exactly_as_they_did_with_the_call(text, name, monkeypatch):
    inlined = rulelang.loads(text, name)
    written_out = transcripts(inlined)
    monkeypatch.setattr(inline, "INLINE_MAX_COST", -1)  # every function called
    called = rulelang.loads(text, name)
    assert called.source().count("fn_") > inlined.source().count("fn_")  # the calls are back
    assert transcripts(called) == written_out


def test_a_refused_move_still_gives_the_reason_the_function_decides():
    rules = rulelang.loads(KEEPER, "keeper.rules")
    for seed in range(20):
        game = rules.new_game(seed=seed)
        game.play(game.legal_moves()[0])
        legal = {m.notation for m in game.legal_moves()}
        seat = game.seat_name(game.to_move)
        held = [c["name"] for c in game.view(game.to_move)["zones"][f"hand[{seat}]"]["cards"]]
        refused = [name for name in held if name not in legal]
        if refused:
            assert game.why_refused(refused[0]).startswith("follow ")
            return
    pytest.fail("no game of 20 refused a card after its first move")


def test_an_argument_that_fails_still_fails_when_its_function_is_written_out():
    text = KEEPER.replace("  move g to kept[current]\n",
                          "  move g to kept[current]\n  lead = if ignores(1, top(bag).size) > 0 "
                          "then g.colour else none\n  move cards(bag) to kept[current]\n")
    rules = rulelang.loads(text, "keeper.rules")
    game = rules.new_game(seed=1)
    game.play(game.legal_moves()[0])  # the bag is emptied after this move
    with pytest.raises(rulelang.RulesRuntimeError, match="size"):
        game.play(game.legal_moves()[0])  # top(bag) is none: reading its size fails, unused as it is


SIZES = """
game "Sizes"
players 2
card Gem { size: int  name "g{size}" }
zone bag: row of Gem, public
zone box: row of Gem, public
fn bigger_in(n, pile) = any(d.size > n for d in pile)

setup {
  for n in [1, 4, 2, 6, 3] { create Gem(size: n) in bag }
  for n in [2, 5] { create Gem(size: n) in box }
  log "same for all: {[c.size for c in bag if any(d.size > 4 for d in box)]}"
  log "each its own: {[c.size for c in bag if any(d.size > c.size for d in box)]}"
  log "through a function: {[c.size for c in bag if bigger_in(c.size, box)]}"
  log "none bigger: {[c.size for c in bag if not any(d.size > 5 for d in box)]}"
}
turn { choose x in [1] win current }
"""


def setup_source(rules) -> str:
    """The Python the rules' setup block is compiled to."""
    return rules.source().split("def block_setup")[1].split("\ndef ")[0]


def test_a_condition_the_same_for_every_item_is_worked_out_once_and_right():
    rules = rulelang.loads(SIZES, "sizes.rules")
    setup = setup_source(rules)
    assert setup.count("UNSET)") == 2  # kept: the 1st and the 4th; the 2nd and 3rd read c
    log = rules.new_game(seed=1).transcript()
    assert "same for all: 1, 4, 2, 6, 3\n" in log  # box holds a 5
    assert "each its own: 1, 4, 2, 3\n" in log  # only 6 has nothing bigger in the box
    assert "through a function: 1, 4, 2, 3\n" in log  # c.size: worked out for each c
    assert "none bigger: 1, 4, 2, 6, 3\n" in log  # nothing in the box is over 5


MEMBERS = """
game "Members"
players 2
enum Colour { red, blue, green }
card Gem { colour: Colour  size: int  name "{colour} {size}" }
zone pile[Colour]: pile of Gem, public
zone spare: pile of Gem, public
var odd: list of int = []

setup {
  create Gem(colour: red, size: 1) in pile[red]
  create Gem(colour: blue, size: 4) in pile[blue]
  odd = [g.size for g in pile[blue] if g.size > 2]
  log "any empty: {any(empty(pile[c]) for c in Colour)}"
  log "all empty: {all(empty(pile[c]) for c in Colour)}"
  log "any big: {any(top(pile[c]).size > 3 for c in Colour if not empty(pile[c]))}"
  log "all small: {all(top(pile[c]).size < 3 for c in Colour if not empty(pile[c]))}"
  log "top of the spare: {top(spare)}"
}
turn { choose x in [1] win current }
"""


def test_any_and_all_over_an_enum_are_written_out_member_by_member_and_stay_right():
    rules = rulelang.loads(MEMBERS, "members.rules")
    setup = setup_source(rules)
    assert " for s" not in setup.split("Message()", 1)[1]  # no generator for any/all over Colour
    assert "top_card(" not in setup  # the top of a pile read with no call
    assert ".f['size'] for" in setup  # a zone's card: its field read with no check for none
    log = rules.new_game(seed=1).transcript()
    assert "any empty: yes\n" in log and "all empty: no\n" in log  # green's pile is empty
    assert "any big: yes\n" in log  # blue's 4, the condition skipping green's empty pile
    assert "all small: no\n" in log
    assert "top of the spare: none\n" in log


LETS = """
game "Lets"
players 2
card Gem { size: int  name "g{size}" }
zone bag: row of Gem, public
var total: int = 0

fn biggest() {
  let sizes = [c.size for c in bag]
  let top_size = max(sizes + [0])
  top_size * 10 + size(sizes)
}
fn size_at(i: int) {
  let gem = cards(bag)[i]
  gem.size
}

setup {
  for n in [3, 7, 5] { create Gem(size: n) in bag }
}
turn {
  choose x in [0, 1, 2, 3]
  total = biggest()
  log "biggest {total}; sizes {[size_at(i) for i in 0..2]}"
  log "at {x}: {size_at(x)}"
  win current
}
"""


def test_a_function_with_lets_is_written_out_outside_comprehensions_and_stays_right():
    rules = rulelang.loads(LETS, "lets.rules")
    turn = rules.source().split("def block_turn")[1].split("\ndef ")[0]
    assert "fn_0(" not in turn  # biggest: written out, its lets temporaries
    assert "[fn_1(g, s" in turn  # size_at in a comprehension: still called
    game = rules.new_game(seed=1)
    game.play("2")
    assert "biggest 73; sizes 3, 7, 5\n" in game.transcript()
    assert "at 2: 5\n" in game.transcript()
    game = rules.new_game(seed=1)
    with pytest.raises(rulelang.RulesRuntimeError, match="index 3"):  # its let still fails
        game.play("3")
