"""Yami's campaign readings of issue 29 (seeds/yami.md): envelope A's Power tile makes its
tokens usable on every route (YA-87), fog and whirlpools keep to their environments (YA-88),
the adventure totals its stars (YA-89), and training earns a star (YA-90)."""
from __future__ import annotations

import pytest

from support.yami import moves, place_on, play_low, prompt, rules, var
from support.yami_campaign import (
    DISCARDS,
    PLAN_22_PURIFIED,
    PLANS,
    campaign_at,
    deal_for,
    lose,
    new_campaign,
    win,
)

MISSIONS = ["1", "2", "A", "B", "C", "D", "K1", "K2", "K3", "K4", "22"]


def names(values):
    return [v if isinstance(v, str) else v.name for v in values]


def power_offered_at_the_second_placement(game, plan):
    """Play the first round of the plan and the second trick: is 'power' offered to P1?"""
    game.play(plan[0][0])
    play_low(game)
    play_low(game)
    place_on(game, *plan[0][1])
    while prompt(game).startswith("discard"):
        game.play(moves(game)[-1])
    game.play(plan[1][0])
    play_low(game)
    play_low(game)
    assert prompt(game).startswith("place")
    return "power" in moves(game)


def test_on_the_route_2_k2_k4_22_envelope_a_tokens_can_be_spent():
    """YA-87 (YA-77, YA-83, YA-84): after training the team holds a Power tile for its slot,
    so the 2 tokens K2 announces are spent on it; K2 (a Totem) and K4 (the Holo vine) bring
    no Power tile, and the same tile serves in K4 and 22."""
    campaign = campaign_at(won=["1"])
    win(campaign, "2")
    plan = PLANS["K2"]
    deal = deal_for(plan, discards=DISCARDS["K2"])
    game = campaign.next_game("K2", fix={"shuffle deck": [c for h in deal for c in h],
                                          "first player": "P1"})
    assert names(var(game, "ready")) == ["move_tile"] and var(game, "tokens_left") == 2
    assert "2 Power tokens to spend in this mission" in game.transcript()
    assert "the Power tile 'move_tile' is on a slot" in game.transcript()
    assert power_offered_at_the_second_placement(game, plan)
    campaign = campaign_at(won=["1"])
    win(campaign, "2")
    win(campaign, "K2")
    win(campaign, "K4")
    assert names(campaign.vars["powers"]) == ["move_tile"] and campaign.vars["slots"] == 2
    final = campaign.next_game("22")
    assert names(var(final, "ready")) == ["move_tile"] and var(final, "tokens_left") == 2


def test_without_envelope_a_power_tile_the_k2_tokens_would_be_idle():
    """The reading matters: envelope A giving no Power tile (the old data) leaves K2 with
    tokens and nothing to spend them on."""
    campaign = campaign_at(won=["1", "2"], slots=1, tokens=2)  # no Power tile
    game = campaign.next_game("K2")
    assert var(game, "ready") == [] and var(game, "tokens_left") == 2


@pytest.mark.parametrize("mission", MISSIONS)
def test_fog_lies_in_the_forest_and_whirlpools_on_the_water(mission):
    """YA-88 (YA-6, D6): every mission's tokens follow its side; practice B alone breaks
    this, on purpose (D5, YA-58)."""
    game = rules().new_game(players=3, options={"mission": mission})
    view = game.view(None)
    tokens = [c["name"] for c in view["zones"]["marks"]["cards"]]
    fogs = [t for t in tokens if t.endswith(" fog")]
    whirlpools = [t for t in tokens if t == "whirlpool"]
    side = view["vars"]["side"]
    if mission == "B":
        assert side == "water" and fogs == ["purple fog"] and whirlpools
    elif side == "forest":
        assert whirlpools == [], (mission, tokens)
    else:
        assert side == "water" and fogs == [], (mission, tokens)


def test_k4_and_22_carry_the_tokens_of_their_sides():
    """YA-88, D6: K4 (Water) two whirlpools, 22 (Forest) two fogs."""
    def tokens(mission):
        game = rules().new_game(players=3, options={"mission": mission})
        return sorted(c["name"] for c in game.view(None)["zones"]["marks"]["cards"]
                      if c["name"].endswith("fog") or c["name"] == "whirlpool")
    assert tokens("K4") == ["whirlpool", "whirlpool"]
    assert tokens("22") == ["blue fog", "orange fog"]


def test_the_adventure_totals_its_stars_and_states_them_at_its_end():
    """YA-89 (YA-78, YA-79): the stars ticked plus the bonus stars, kept as the adventure
    goes and stated when it ends."""
    campaign = campaign_at(won=["1", "2", "K1", "K3"], moon=4, starred=["1", "K1"], stars=2)
    game = win(campaign, "22")
    assert game.outcome["star"] is True and campaign.is_over
    assert campaign.vars["stars"] == 3 + 14
    assert "the adventure's stars: 17 (3 missions' stars + 14 bonus stars)" in campaign.transcript()


def test_the_total_follows_each_mission_and_a_full_moon_path_states_it():
    """YA-89: the total after each mission; the moon path full (YA-70) ends the adventure,
    and its stars are stated then too (no bonus: 22 not won). K3 ticks box 11, whose Moon
    tile (dim stars, D8) is for later missions only (YA-69): K3 in 5 rounds keeps its star."""
    campaign = campaign_at(won=["1", "2", "K1"], moon=10, starred=["1", "K1"], stars=2)
    win(campaign, "K3", plan=PLANS["K3"])
    assert "Moon tile 'dim_stars'" in campaign.transcript()
    assert campaign.vars["starred"] == ["1", "K1", "K3"]
    assert campaign.vars["stars"] == 3 and "the adventure's stars" not in campaign.transcript()
    lose(campaign, "K2")  # the last box: lost or won, the path is full
    assert campaign.vars["moon"] == 12 and campaign.is_over
    assert "the adventure's stars: 3 (3 missions' stars + 0 bonus stars)" in campaign.transcript()


def test_training_earns_its_star():
    """YA-90 (YA-78, YA-52): mission 1 won in 5 rounds has its star, counted in the total."""
    campaign = new_campaign()
    game = win(campaign, "1")
    assert game.outcome["rounds"] == 5 and game.outcome["star"] is True
    assert campaign.vars["starred"] == ["1"] and campaign.vars["stars"] == 1


def test_the_purified_plan_for_22_still_covers_its_fog_only():
    """YA-88 with YA-76: 22 purified is won on tile 19 alone, its blue fog covered."""
    campaign = campaign_at(won=["1", "2", "K1", "K3"], holo_purified=True)
    game = win(campaign, "22", plan=PLAN_22_PURIFIED)
    assert "blue fog" in game.transcript()
