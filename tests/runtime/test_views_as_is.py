"""A view shows ints, texts, booleans, none and seats as they are without asking their
kind (interpreter/runtime/views.py, ``AS_IS``): their kinds' ``plain`` gives each back."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.runtime.protocol import kind_of
from interpreter.runtime.values import Seat
from interpreter.runtime.views import AS_IS, card_view, plain
from support import ROOT
from support.small_rules import MARKS_MADE_IN_PLAY


@pytest.mark.parametrize("value", [0, -7, 10**18, "", "Ts", True, False, None,
                                   Seat(0, "P1"), Seat(3, "P4")])
def test_each_kind_shown_as_it_is_gives_it_back(value):
    assert type(value) in AS_IS
    assert kind_of(value).plain(None, value, None) is value
    assert plain(None, value, None) is value


def test_a_card_s_view_is_its_fields_as_their_kinds_show_them():
    game = rulelang.load(ROOT / "examples/gin_rummy.rules").new_game(players=2, seed=4)
    engine = getattr(game, "engine", game)
    cards = [c for z in engine.layout.zone_list for c in engine.zc[z.i]]
    assert len(cards) == 52
    for card in cards:
        shown = card_view(engine, card, None)
        assert all(shown[k] == kind_of(v).plain(engine, v, None) for k, v in card.f.items())



def test_a_zone_says_when_the_rules_make_its_kind_of_card_in_play():
    """A zone of a kind a `create` makes once the game is under way (in a rule, turn or
    trigger) says so, so that a screen draws it before its first card; a kind made nowhere,
    or only in setup, does not."""
    game = rulelang.loads(MARKS_MADE_IN_PLAY).new_game(players=2, seed=0)
    zones = game.view(0)["zones"]
    assert zones["marks"]["of"] == "Mark" and zones["marks"]["made_in_play"] is True
    assert "made_in_play" not in zones["relics"] and "made_in_play" not in zones["flags"]
