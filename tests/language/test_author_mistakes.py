"""A corpus of mistakes authors really made (issue 29, the new-author findings at a285a98 and
2da8afe): each message must be enough on its own, saying what is wrong where, and what to
write. A change that makes one of them vaguer fails here."""
from __future__ import annotations

import pytest

import rulelang

HEAD = 'game "Mistake"\nplayers 2\ncard Card { rank: int }\nzone deck: pile of Card\n'
TURN = "turn { win current }\n"

# (what the author wrote after HEAD, the message's words, what it says to write)
MISTAKES = {
    "a local that can only hold none": (
        "turn { let x = none\n x = 3\n win current }\n",
        "'x' could only ever hold none", "say what it will hold, like let x:"),
    "a card kind not declared": (
        "zone hand[player]: hand of Cards\n" + TURN,
        "unknown card kind 'Cards'", "did you mean 'Card'?"),
    "a card kind never declared at all": (
        "zone hand[player]: hand of Tile\n" + TURN,
        "unknown card kind 'Tile'", "declare it first: card Tile {"),
    "one = to compare": (
        "turn { if current = P1 { win current } }\n",
        "unexpected '='", "to compare two values write '=='"),
    "single quotes": (
        "turn { log 'hi' win current }\n",
        "strings use double quotes", 'write "like this"'),
    "lose in a competitive game": (
        "turn { lose }\n",
        "'lose' is the team's loss in a cooperative game", "win others(p)"),
    "a built-in name declared again": (
        "var last: int = 0\n" + TURN,
        "'last' is a built-in name", "pick another name"),
    "a card field a view uses": (
        "card Tile { kind: int }\n" + TURN,
        "a card field cannot be called 'kind'", "call the field 'sort'"),
    "the retired place": (
        "zone board: grid 3 x 3 of Card\nturn { place top(deck) on board at cell(0, 0)\n win current }\n",
        "'place' is no longer a statement", "write: move top(deck) to board at cell(0, 0)"),
    "arithmetic in a grid's size": (
        "option n: int in 2..4 = 3\nzone board: grid n * 2 x n of Card\n" + TURN,
        "unexpected '*' in a grid's size", "work a size out in a constant first"),
    "a grid's size from a variable": (
        "var n: int = 3\nzone board: grid n x n of Card\n" + TURN,
        "a grid's size is known before setup", "write a number, an option or a constant"),
    "a misspelt keyword": (
        "trun { win current }\n",
        "trun", "turn"),
    "a seat as a number": (
        "turn { win 1 }\n",
        "win takes a player or a list of players, not a number", "a seat is written P1, P2"),
    "a function not declared": (
        "turn { draw_card(current)\n win current }\n",
        "unknown function 'draw_card'", "declare it: fn draw_card("),
    "a block left open": (
        "turn { if true { win current }\n",
        "never closed", "'}'"),
}


@pytest.mark.parametrize("name", list(MISTAKES))
def test_the_message_says_what_is_wrong_and_what_to_write(name):
    text, message, hint = MISTAKES[name]
    with pytest.raises(rulelang.RulesError) as error:
        rulelang.loads(HEAD + text, "mistake.rules")
    shown = str(error.value)
    first = shown.split("\n")[0]
    assert first.startswith("mistake.rules:") and " error: " in first  # file:line:col
    assert "^" in shown  # the line, with carets under the span
    assert message in first, shown
    assert hint in shown.split(message, 1)[1], shown  # what to write: in the message or a hint


def test_the_corpus_is_the_size_the_issue_asks_for():
    assert len(MISTAKES) >= 13  # the 13 errors met by the new author, at least
