"""`reveal` shows faces, `tell` tells one field, `tell whether` whether a field is a value
(issue 29: `reveal` once meant all three, told apart by the shape of its expression). The
older shapes are refused with the spelling to write, as a fix `rulelang fmt --upgrade` applies."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language import ast
from rulelang.language.errors import CheckError
from rulelang.language.traversal import walk

HEAD = '''game "Tell"
players 2
enum Colour { red, blue }
card D { n: int }
card C { colour: Colour  partner: D  name "{colour}" }
zone deck: pile of C
turn {
  let c = top(deck)
  STATEMENT
  win current
}
'''


def statement(text: str) -> ast.Reveal:
    program = rulelang.loads(HEAD.replace("STATEMENT", text)).program
    turn = program.blocks["turn"]
    return next(n for n in walk(turn.body) if isinstance(n, ast.Reveal))


def refusal(text: str):
    with pytest.raises(CheckError) as caught:
        rulelang.loads(HEAD.replace("STATEMENT", text), "t.rules")
    return caught.value.diagnostics[0]


def test_each_spelling_says_what_it_does():
    assert (statement("reveal c to P2").kind, statement("reveal c to P2").fact) == ("faces", None)
    told = statement("tell c.colour to P2")
    assert (told.kind, told.fact) == ("field", "colour")
    whether = statement("tell whether c.colour == red to P2")
    assert (whether.kind, whether.fact) == ("whether", "colour")


def test_a_field_that_holds_a_card_is_revealed_as_a_card():
    shown = statement("reveal c.partner")
    assert (shown.kind, shown.fact) == ("faces", None)


@pytest.mark.parametrize("old,new,message", [
    ("reveal c.colour to P2", "tell c.colour to P2",
     "'reveal' shows cards' faces; one field of a card is told with 'tell'"),
    ("reveal c.colour == red to P2", "tell whether c.colour == red to P2",
     "'reveal' shows cards' faces; whether a card's field is a value is told with "
     "'tell whether'"),
    ("reveal c.colour == red", "tell whether c.colour == red",
     "'reveal' shows cards' faces; whether a card's field is a value is told with "
     "'tell whether'"),
    ("tell c.colour == red to P2", "tell whether c.colour == red to P2",
     "'tell' tells a field's value; whether it is a value is told with 'tell whether'"),
])
def test_the_older_shapes_are_refused_with_the_spelling_to_write(old, new, message):
    error = refusal(old)
    assert error.message == message
    assert error.hint == f"write: {new}"
    assert error.fix.text == new and (error.fix.span.line, error.fix.span.col) == (9, 3)


@pytest.mark.parametrize("text,message", [
    ("tell c to P2", "tell names a card's field (c.colour), not a C"),
    ("tell whether c.colour to P2", "tell whether takes a card's field, == and a value"),
    ("tell whether c.colour < red", "tell whether takes a card's field, == and a value"),
    ("reveal 3", "reveal shows cards, but this is a number"),
    ("tell c.colour to 3", "tell ... to takes a player or a list of players, not a number"),
])
def test_what_each_cannot_take_is_refused(text, message):
    assert refusal(text).message == message


def test_tell_is_a_keyword():
    with pytest.raises(rulelang.ParseError, match="'tell' is a keyword"):
        rulelang.loads(HEAD.replace("STATEMENT", "").replace("turn {", "rule tell() { }\nturn {"))
