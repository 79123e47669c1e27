"""A known card's face is kept per game and card (interpreter/runtime/views.py
``card_views``): its whole view, hints with it, only when the hints read the card's fields
alone (``KindCode.hints_fixed``, interpreter/compiler/reads.py ``reads_its_names_only``) and
it has no var field; hints that read the state, and var fields, are read again each view."""
from __future__ import annotations

import json

import pytest

import rulelang
from interpreter.runtime import views
from support import ROOT
from support import views_reference as reference

RULES = '''
game "Faces"
players 2
enum Suit { red, blue }
var lit: int = 0
card Chip {
  suit: Suit
  need: int
  name "{suit} {need}"
  symbol if current == P1 then "on" else "off"
  tint if suit == red then "red" else "blue"
}
card Tile {
  suit: Suit
  need: int
  name "tile {suit} {need}"
  symbol if need > 2 then "+" else "-"
  tint if suit == red or need == 3 then "red" else "blue"
}
card Token {
  need: int
  var up: int = need
  name "token {need}"
  tint if up > 2 then "red" else "blue"
}
zone pool: row of Chip, public
zone tiles: row of Tile, public
zone tokens: row of Token, public
zone hand[player]: hand of Tile
setup {
  create Chip(suit: red, need: 2) in pool
  create Chip(suit: blue, need: 3) in pool
  create Tile(suit: blue, need: 3) in tiles
  create Tile(suit: red, need: 1) in hand[P1]
  create Token(need: 2) in tokens
}
turn {
  choose c in [1, 2] prompt "how much"
  lit = lit + c
  top(tokens).up = top(tokens).up + c
}
end when lit > 3
'''


def _shown(game, seat) -> str:
    return json.dumps(views.view(game, seat))


def _reference(game, seat, monkeypatch) -> str:
    with monkeypatch.context() as patch:
        patch.setattr(views, "card_view", reference.card_view)
        return json.dumps(reference.view(game, seat))


def test_which_kinds_hints_are_kept_with_the_face():
    kinds = rulelang.loads(RULES).kinds
    assert not kinds["Chip"].hints_fixed  # reads the state (who is current)
    assert kinds["Tile"].hints_fixed  # its fields and enum members alone
    assert not kinds["Token"].hints_fixed  # a var field
    assert rulelang.load(ROOT / "examples/hearts.rules").kinds["Card"].hints_fixed
    assert not rulelang.load(ROOT / "examples/hanabi.rules").kinds["Card"].hints_fixed  # a call


@pytest.mark.parametrize("copy", [False, True])
def test_kept_faces_show_what_the_general_code_shows_as_the_state_changes(copy, monkeypatch):
    game = rulelang.loads(RULES).new_game(players=2, seed=1)
    seen = []
    for step in range(4):
        for seat in [0, None, views.PUBLIC, 1, 0]:
            shown = _shown(game.copy() if copy else game, seat)
            assert shown == _reference(game, seat, monkeypatch), (step, seat)
            seen.append(shown)
        if not game.is_over:
            game.play(game.legal_moves()[-1])
    assert '"symbol": "on"' in seen[0] and '"symbol": "off"' in seen[5]  # read again
    assert '"tint": "blue"' in seen[0] and '"tint": "red"' in seen[-1]


def test_a_view_s_card_is_a_new_record_each_time():
    game = rulelang.loads(RULES).new_game(players=2, seed=1)
    first = views.view(game, None)
    first["zones"]["tiles"]["cards"][0]["symbol"] = "changed"
    assert views.view(game, None)["zones"]["tiles"]["cards"][0]["symbol"] == "+"


PURE = '''
game "Pure hints"
players 2
enum Suit { red, blue }
var level: int = 0
fn shade(s: Suit) = if s == red then "pink" else "navy"
fn glow(n: int) = if current == P1 and n > 1 then "bright" else "dim"
card Gem {
  suit: Suit
  var up: int = 1
  name "gem {suit}"
  tint shade(suit)
  means "up {up}"
}
card Lamp {
  need: int
  name "lamp {need}"
  tint glow(need)
}
zone gems: row of Gem, public
zone lamps: row of Lamp, public
setup {
  create Gem(suit: red) in gems
  create Gem(suit: blue) in gems
  create Lamp(need: 2) in lamps
}
turn {
  choose c in [1, 2] prompt "how much"
  level = level + c
  top(gems).up = top(gems).up + c
}
end when level > 3
'''


def test_hints_of_the_fields_alone_are_kept_by_their_values(monkeypatch):
    rules = rulelang.loads(PURE)
    kinds = rules.kinds
    assert kinds["Gem"].hints_pure  # its fields (a var field too), a function of them, a text
    # a fixed field and a var field: read by one function of the module (hint_reader), and
    # shown below as the reference shows them
    assert kinds["Gem"].hint_reader is not None and kinds["Gem"].hint_getter is None
    assert kinds["Lamp"].hint_reader is None  # one field
    assert not kinds["Lamp"].hints_pure  # a function that reads the state (who is current)
    assert not rulelang.loads(RULES).kinds["Chip"].hints_pure  # reads the state
    game = rules.new_game(players=2, seed=1)
    seen = []
    for step in range(3):
        for seat in [0, None, 1]:
            shown = _shown(game, seat)
            assert shown == _reference(game, seat, monkeypatch), (step, seat)
            seen.append(shown)
        game.play(game.legal_moves()[0])  # 1 more each turn
    assert '"tint_means": "up 1"' in seen[0] and '"tint_means": "up 3"' in seen[-1]  # kept by the value
    assert '"tint": "bright"' in seen[0] and '"tint": "dim"' in seen[3]  # read again
    kept = views._kept(game).hint_texts
    assert set(kept) >= {("Gem", (_member(rules, "red"), 1)), ("Gem", (_member(rules, "blue"), 1))}
    assert not any(kind == "Lamp" for kind, _ in kept)


def _member(rules, name):
    return next(m for m in rules.enum_values["Suit"] if m.name == name)
