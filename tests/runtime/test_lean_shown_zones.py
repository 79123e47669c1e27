"""A direct choose among the cards of one zone names the zone (``lean_code.shown_zone``), and
where that zone shows its cards to the chooser (face up, or the chooser's own) the lean game
names each option by its label with no look at what the chooser knows
(``LeanGame.cards_by_name``). Against the general naming: every ruleset's seeded games
played out from the start, each such call also named without the zone, must name the same
options alike (the same names, the same options kept, in the same order), in every
configuration ``support.differential`` plays. test_lean_direct.py plays the same games
against the machines, which never name the zone."""
from __future__ import annotations

import pytest

from interpreter.runtime.lean_game import LeanGame
from support.lean_differential import lean_rules, play_out_everywhere

SEEDS = range(3000, 3003)


def test_a_zone_that_shows_its_cards_names_them_as_the_general_naming_does():
    general = LeanGame.cards_by_name
    calls = {"shown": 0, "general": 0}

    def both(self, site, seat, options, zone=None):
        named = general(self, site, seat, options, zone)
        if zone is not None:
            calls["shown" if zone.vis == "public" or (zone.vis == "owner" and zone.owner == seat)
                  else "general"] += 1
            assert all(self.where[v.id] is zone for v in options)  # the zone's own cards
            plain = general(self, site, seat, options)
            assert list(named.items()) == list(plain.items())
        return named

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LeanGame, "cards_by_name", both)
        play_out_everywhere(SEEDS)
    assert calls["shown"] > 100  # Goofspiel's, Yokai Sketch's, Oh Hell's hands...


def test_a_hidden_zone_or_another_seats_hand_is_named_the_general_way():
    rules = lean_rules("examples/oh_hell.rules")
    game = rules.new_game(players=3, seed=4)
    hand = game.zones["hand"][1]
    options = list(game.zc[hand.i])
    mine = LeanGame.cards_by_name(game, None, 1, options, hand)
    assert list(mine) == [c.label for c in options]  # its owner knows each by its label
    theirs = LeanGame.cards_by_name(game, None, 0, options, hand)  # not theirs: by place
    assert list(theirs) == list(LeanGame.cards_by_name(game, None, 0, options))
    assert all(name.startswith("hand") for name in theirs)
