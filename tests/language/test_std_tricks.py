"""std/tricks.rules does what its comments (and docs/language.md) say it does."""
from __future__ import annotations

import pytest

import rulelang

PROGRAM = """game "Tricks"
players 2
import "std/tricks.rules"
enum Suit { acorns, bells, leaves }
card Card {
  suit: Suit
  rank: int
  name "{rank}{suit}"
}
zone hand: row of Card, public
zone played: row of Card, public
setup {
  for c in [HAND] {
    create Card(suit: c[0], rank: c[1]) in hand
  }
  for c in [PLAYED] {
    create Card(suit: c[0], rank: c[1]) in played
  }
}
turn {
  log "{EXPR}"
  end
}
"""


def value(expr: str, hand: str = "", played: str = "") -> str:
    text = PROGRAM.replace("HAND", hand).replace("PLAYED", played).replace("EXPR", expr)
    game = rulelang.loads(text, "tricks_test.rules").new_game(seed=1)
    return game.transcript().splitlines()[2]  # after the title and the turn line


HAND = "(acorns, 3), (bells, 1), (acorns, 5)"


@pytest.mark.parametrize("led,expected", [
    ("acorns", "3acorns, 5acorns"),       # must follow: only the led suit, in hand order
    ("leaves", "3acorns, 1bells, 5acorns"),  # nothing to follow with: any card
    ("none", "3acorns, 1bells, 5acorns"),    # no card led yet: any card
])
def test_playable_follows_the_led_suit_when_it_can(led, expected):
    assert value(f"playable(hand, {led}, c => c.suit)", HAND) == expected


@pytest.mark.parametrize("led", ["acorns", "bells", "leaves", "none"])
def test_follows_allows_exactly_the_playable_cards(led):
    allowed = value(f"[c for c in hand if follows(c, hand, {led}, x => x.suit)]", HAND)
    assert allowed == value(f"playable(hand, {led}, c => c.suit)", HAND)


def test_follows_refuses_a_card_off_the_led_suit_when_one_could_follow():
    assert value("[follows(c, hand, bells, x => x.suit) for c in hand]", HAND) == "no, yes, no"


def test_playable_of_an_empty_hand_is_empty():
    assert value("size(playable(hand, acorns, c => c.suit))") == "0"


@pytest.mark.parametrize("played,led,trump,expected", [
    ("(acorns, 3), (acorns, 5), (leaves, 9)", "acorns", "bells", "5acorns"),  # off-suit never wins
    ("(acorns, 3), (bells, 1), (acorns, 5)", "acorns", "bells", "1bells"),   # any trump beats
    ("(acorns, 3), (bells, 1), (bells, 2)", "acorns", "bells", "2bells"),    # highest trump
    ("(acorns, 3), (bells, 1), (acorns, 5)", "acorns", "none", "5acorns"),   # no trumps
    ("(leaves, 4), (acorns, 4)", "leaves", "none", "4leaves"),
])
def test_trick_winner_is_the_highest_trump_else_the_highest_of_the_led_suit(
        played, led, trump, expected):
    expr = f"trick_winner(cards(played), {led}, {trump}, c => c.suit, c => c.rank)"
    assert value(expr, played=played) == expected


def test_of_equal_cards_the_first_played_wins():
    expr = "index_of(cards(played), trick_winner(cards(played), acorns, none, c => c.suit, " \
           "c => c.rank))"
    assert value(expr, played="(acorns, 5), (acorns, 5)") == "0"


def test_a_trick_with_no_card_of_the_led_suit_or_trumps_has_no_winner():
    expr = "trick_winner(cards(played), acorns, bells, c => c.suit, c => c.rank)"
    assert value(expr, played="(leaves, 5)") == "none"
    assert value(expr) == "none"


def test_cards_of_lists_a_zone_in_order():
    assert value("cards_of(hand)", HAND) == "3acorns, 1bells, 5acorns"
