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


def test_cards_the_chooser_knows_none_of_are_offered_as_the_general_naming_offers_them():
    """``pick_cards`` among the cards of a zone the chooser does not see, none of which it
    knows (its own hand in Hanabi), names none: each would be named by where it lies, so
    none merges; among the cards of a zone that shows them to the chooser, it names each by
    its label itself (``cards_by_name``'s first case written out), and offers the options as
    they are when none is alike. Against the general naming, in every configuration's
    seeded games."""
    pick_cards = LeanGame.pick_cards
    calls = {"unseen": 0, "all": 0, "shown": 0}

    def checked(self, site, seat, passing, prompt, options, zone=None):
        expected = None
        if seat in self.players and options:
            named = LeanGame.cards_by_name(self, site, seat, options)  # no zone: the general way
            expected = list(named.values()) + ([None] if passing else [])
            if zone is not None and not passing and not any(
                    self.known[v.id] >> seat & 1 for v in options) and not (
                    zone.vis == "public" or (zone.vis == "owner" and zone.owner == seat)):
                calls["unseen"] += 1
            if zone is not None and not zone.grid and (
                    zone.vis == "public" or (zone.vis == "owner" and zone.owner == seat)):
                calls["shown"] += 1  # (named by label in ``pick_cards`` itself, written out)
        offered = []
        policy = self.policy

        def kept(game, seat, values, site):  # (the policy is asked with what is offered)
            offered.append(list(values))
            return policy(game, seat, values, site)

        self.policy = kept
        try:
            chosen = pick_cards(self, site, seat, passing, prompt, options, zone)
        finally:
            self.policy = policy
        if expected is not None:
            calls["all"] += 1
            assert offered == [expected]
        return chosen

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LeanGame, "pick_cards", checked)
        play_out_everywhere(SEEDS)
    assert calls["unseen"] > 50, calls  # Hanabi's own hands
    assert calls["shown"] > 100, calls  # Yokai Sketch's, Oh Hell's own hands


def test_cards_the_chooser_knows_alike_are_one_option_in_a_zone_it_does_not_see():
    """Two cards of a hidden hand that its owner was shown (so knows by their label), alike:
    one option, as the general naming merges them; the others stay one each."""
    rules = lean_rules("examples/hanabi.rules")
    for seed in range(100):
        game = rules.new_game(players=2, seed=seed)
        seat = game.players[0]
        hand = game.zones["hand"][seat]
        options = list(game.zc[hand.i])
        labels = [c.label for c in options]
        twins = [c for c in options if labels.count(c.label) > 1]
        if twins:
            break
    else:
        raise AssertionError("no seeded hand holds two cards alike")
    assert hand.vis != "public" and not any(game.known[c.id] >> int(seat) & 1 for c in options)
    offered = []
    game.policy, game.limit, game.answered = (
        lambda g, s, values, site: offered.append(list(values)) or 0), None, 0
    LeanGame.pick_cards(game, None, seat, False, None, options, hand)
    assert offered[-1] == options  # none known: every card an option
    for card in twins:
        game.known[card.id] |= 1 << int(seat)
    LeanGame.pick_cards(game, None, seat, False, None, options, hand)
    assert len(offered[-1]) == len(options) - len(twins) + len({c.label for c in twins})


def test_a_zone_knows_the_seats_it_shows_its_cards_to():
    """``Zone.shows`` (what ``pick_cards`` reads): a hand its owner alone, a face-up zone
    every seat, a hidden pile none, a grid none (its cards are named by their cells)."""
    game = lean_rules("examples/oh_hell.rules").new_game(players=3, seed=1)
    zones = game.zones
    assert [zones["hand"][seat].shows for seat in game.players] == [0b001, 0b010, 0b100]
    assert zones["turned"].shows == 0b111 and zones["deck"].shows == 0
    board = next(z for z in lean_rules("examples/reversi.rules").new_game(players=2, seed=1)
                 .layout.zone_list if z.grid)
    assert board.vis == "public" and board.shows == 0
