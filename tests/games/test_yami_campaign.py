"""Yami's campaign (games/yami.rules, games/yami/campaign.rules): the map, the moon path and
its Moon tiles, rewards, Power tiles and tokens, night mode, stars, saves between and during
missions. Rules: seeds/yami.md, YA-64 to YA-86, data D6 to D8."""
from __future__ import annotations

import json
import re

import pytest

from support import play_random
from support.yami import (
    mission_neighbours,
    moves,
    place_on,
    placement_cells,
    play_low,
    prompt,
    rules,
    var,
)
from support.yami_campaign import (
    PLAN_22_PURIFIED,
    PLANS,
    campaign_at,
    deal_for,
    lose,
    moon_tiles,
    new_campaign,
    play_plan,
    powers,
    win,
)


def names(values):
    return [v if isinstance(v, str) else v.name for v in values]


# ---------------------------------------------------------------- the map

def test_the_adventure_opens_with_mission_1_and_a_failure_keeps_it_open():
    """YA-64 one team for the whole adventure; YA-65 mission 1 open at the start; YA-67 a
    failed mission stays open; YA-68 the moon path is ticked after a failure too."""
    campaign = new_campaign(players=3, seed=2)
    assert campaign.offers() == ["1"]
    game = lose(campaign, "1", seed=2)
    assert game.nplayers == 3 and campaign.next_game().nplayers == 3
    campaign = new_campaign(players=3, seed=2)
    lose(campaign, "1", seed=2)
    assert campaign.offers() == ["1"]
    assert campaign.vars["moon"] == 1 and campaign.vars["won"] == []
    assert "mission 1 failed: it can be played again" in campaign.transcript()


def test_missions_open_along_the_map_to_mission_22():
    """YA-65 mission 2 opens once mission 1 is won, then the map (D6): K1 and K2 after 2, K3
    after K1, K4 after K2, 22 after K3 or K4; YA-66 winning 22 ends the adventure; YA-71 a won
    mission is not offered again."""
    campaign = new_campaign()
    win(campaign, "1")
    assert campaign.offers() == ["2"]
    win(campaign, "2")
    assert campaign.offers() == ["K1", "K2"]
    win(campaign, "K2")
    assert campaign.offers() == ["K1", "K4"]
    win(campaign, "K1")
    assert campaign.offers() == ["K3", "K4"]
    lose(campaign, "K3")
    assert campaign.offers() == ["K3", "K4"]
    win(campaign, "K4")
    assert campaign.offers() == ["K3", "22"]
    win(campaign, "22", plan=PLAN_22_PURIFIED)
    assert campaign.offers() == [] and campaign.is_over
    assert campaign.vars["won"] == ["1", "2", "K2", "K1", "K4", "22"]
    assert campaign.vars["moon"] == 7


@pytest.mark.parametrize("won", [["1", "2", "K1", "K3"], ["1", "2", "K2", "K4"]])
def test_mission_22_opens_from_either_side_of_the_map(won):
    """YA-65, YA-66, D6: 22 is linked from K3 and from K4."""
    assert "22" in campaign_at(won=won).offers()


# ---------------------------------------------------------------- the moon path

def test_the_moon_path_is_ticked_after_every_mission_and_phases_open_black_envelopes():
    """YA-68 a box per mission, won or lost; YA-69 boxes 2, 5, 8 and 11 show a phase: their
    black envelope's Moon tile stays for the rest of the adventure (D8)."""
    campaign = new_campaign()
    win(campaign, "1")
    assert campaign.vars["moon"] == 1 and campaign.vars["moon_tiles"] == []
    lose(campaign, "2")
    assert campaign.vars["moon"] == 2 and names(campaign.vars["moon_tiles"]) == ["no_trump"]
    assert "black envelope I holds the Moon tile 'no_trump'" in campaign.transcript()
    campaign = campaign_at(won=["1"], moon=4, moon_tiles=moon_tiles("no_trump"))
    lose(campaign, "2")
    assert names(campaign.vars["moon_tiles"]) == ["no_trump", "short_night"]
    campaign = campaign_at(won=["1"], moon=6, moon_tiles=moon_tiles("no_trump", "short_night"))
    lose(campaign, "2")
    assert campaign.vars["moon"] == 7
    assert names(campaign.vars["moon_tiles"]) == ["no_trump", "short_night"]


def test_a_full_moon_path_ends_the_adventure():
    """YA-70 (a reading): the last box ticked with mission 22 not won: the adventure is lost."""
    campaign = campaign_at(won=["1"], moon=11)
    lose(campaign, "2")
    assert campaign.vars["moon"] == 12 and campaign.is_over and campaign.offers() == []
    assert "the moon path is full" in campaign.transcript()
    assert not campaign.vars["red_envelope"]


def test_moon_tile_no_trump_leaves_round_1_without_trump():
    """YA-69, D8 'no_trump': round 1 has no trump; YA-4 otherwise the Trump card's colour."""
    game = campaign_at(moon_tiles=moon_tiles("no_trump")).next_game("1")
    assert "Moon tile 'no_trump'" in game.transcript()
    assert "-- round 1: P" in game.transcript() and "trump is none --" in game.transcript()
    assert var(game, "trump") is None
    plain = new_campaign().next_game("1")
    assert var(plain, "trump") == "red"


def test_moon_tile_short_night_fails_a_mission_after_6_rounds():
    """YA-69, D8 'short_night': a mission has at most 6 rounds (YA-16, YA-44)."""
    campaign = campaign_at(moon_tiles=moon_tiles("short_night"))
    game = lose(campaign, "1", seed=3)
    if game.outcome["rounds"] == 6 and "edge" not in game.outcome["reason"]:
        assert game.outcome["reason"] == "the mission tiles are not surrounded after 6 rounds"
    assert game.outcome["rounds"] <= 6
    assert "round 7" not in game.transcript()
    # a mission played to its last round: 6 rounds of low cards placed far away
    game = campaign_at(moon_tiles=moon_tiles("short_night")).next_game(
        "1", fix={"first player": "P1"})
    _play_far(game)
    assert game.outcome["reason"] == "the mission tiles are not surrounded after 6 rounds"


def _place_harmlessly(game):
    """Place the tile touching as few cells beside the mission tiles as can be (so it breaks
    no edge and surrounds nothing, while there is room)."""
    near = mission_neighbours(game)
    spots = placement_cells(game)
    game.play(min(spots, key=lambda m: (len(spots[m] & near), m)))


def _play_far(game, extra_round="no"):
    """Every seat plays low and every tile is placed harmlessly, to the last round."""
    while not game.is_over:
        if prompt(game).startswith("place"):
            _place_harmlessly(game)
        elif prompt(game).startswith("spend a Power token"):
            assert var(game, "round") == 7
            game.play(extra_round)
        elif prompt(game).startswith("discard"):
            game.play(moves(game)[-1])
        else:
            play_low(game)


def test_moon_tile_thick_mist_makes_every_seat_discard_before_round_1():
    """YA-69, D8 'thick_mist': before round 1 every seat discards a card (YA-41), the automa
    by its Leader (YA-55), and its river is refilled (YA-31)."""
    game = campaign_at(players=3, moon_tiles=moon_tiles("thick_mist")).next_game("1")
    assert "the thick mist: every seat discards a card" in game.transcript()
    for seat in (0, 1, 2):
        assert game.to_move == seat and prompt(game) == "discard a card to the whirlpool"
        game.play(moves(game)[0])
    assert prompt(game) == "lead a card"
    assert all(len(game.view(None)["zones"][f"hand[P{s}]"]["cards"]) == 8 for s in (1, 2, 3))
    game = campaign_at(players=2, moon_tiles=moon_tiles("thick_mist")).next_game("1")
    for _ in range(3):
        assert prompt(game) in ("discard a card to the whirlpool", "discard for the automa")
        game.play(moves(game)[0])
    assert len(game.view(None)["zones"]["river"]["cards"]) == 4


def test_moon_tile_dim_stars_asks_for_4_rounds():
    """YA-69, D8 'dim_stars'; YA-78, YA-52: a mission won in 5 rounds earns no star."""
    campaign = campaign_at(moon_tiles=moon_tiles("dim_stars"))
    game = win(campaign, "1")
    assert game.outcome["rounds"] == 5 and game.outcome["star"] is False
    assert campaign.vars["starred"] == []
    campaign = campaign_at(moon_tiles=moon_tiles("dim_stars"), won=["1", "2", "K1", "K3"],
                           holo_purified=True)
    game = win(campaign, "22", plan=PLAN_22_PURIFIED)
    assert game.outcome["rounds"] == 3 and campaign.vars["starred"] == ["22"]


# ---------------------------------------------------------------- rewards

def test_envelope_a_after_mission_2_gives_two_tokens_a_slot_and_the_power_tile():
    """YA-77 envelope A; YA-87 its Power tile, the rulebook's (move a tile); YA-71 rewards of
    a won mission; YA-65 the map opens."""
    campaign = campaign_at(won=["1"])
    win(campaign, "2")
    assert campaign.vars["tokens"] == 2 and campaign.vars["slots"] == 1
    assert names(campaign.vars["powers"]) == ["move_tile"]
    assert ("envelope A is opened: two Power tokens, a Power slot and the Power tile "
            "'move_tile' (move a Spirit tile already placed)") in campaign.transcript()
    lose(campaign, "K1")
    assert campaign.vars["tokens"] == 2  # YA-71: rewards of won missions only


def test_each_reward_of_the_map():
    """YA-71 (D6): K1 white envelope B, the Power tile 'extra_round' (YA-74; A is envelope A,
    YA-87); K2 a Totem unlocks a slot (YA-72); K3 a Castle's token (YA-73) and a Totem; K4 the
    purified Holo vine (YA-76)."""
    start = dict(won=["1", "2"], slots=1, tokens=2, powers=powers("move_tile"))
    campaign = campaign_at(**start)
    win(campaign, "K1")
    assert names(campaign.vars["powers"]) == ["move_tile", "extra_round"]
    assert "white envelope B is opened: the Power tile 'extra_round'" in campaign.transcript()
    campaign = campaign_at(**start)
    win(campaign, "K2")
    assert campaign.vars["slots"] == 2 and "a Totem" in campaign.transcript()
    campaign = campaign_at(**{**start, "won": ["1", "2", "K1"]})
    win(campaign, "K3")
    assert campaign.vars["tokens"] == 3 and campaign.vars["slots"] == 2
    campaign = campaign_at(**{**start, "won": ["1", "2", "K2"]})
    win(campaign, "K4")
    assert campaign.vars["holo_purified"] is True


def test_the_purified_holo_vine_takes_a_mission_tile_off_mission_22():
    """YA-76, D6: mission 22 without mission tile H."""
    board = lambda game: {c["name"] for c in game.view(None)["zones"]["board"]["cards"]}  # noqa: E731
    before = campaign_at(won=["1", "2", "K1", "K3"]).next_game("22")
    assert board(before) == {"mission tile 19", "mission tile H"}
    after = campaign_at(won=["1", "2", "K1", "K3"], holo_purified=True).next_game("22")
    assert board(after) == {"mission tile 19"}


def test_winning_mission_22_ends_the_adventure_with_bonus_stars_and_the_red_envelope():
    """YA-66 the end; YA-68 its box ticked; YA-79 two stars per box left; YA-80 the red
    envelope; YA-78 the stars counted."""
    campaign = campaign_at(won=["1", "2", "K1", "K3"], moon=4, starred=["1", "K1"])
    game = win(campaign, "22")
    assert game.outcome["star"] is True
    assert campaign.is_over
    assert campaign.vars["moon"] == 5 and campaign.vars["bonus"] == 2 * 7
    assert campaign.vars["red_envelope"] is True and campaign.vars["starred"] == ["1", "K1", "22"]
    text = campaign.transcript()
    assert "7 boxes of the moon path are left, 14 more stars" in text
    assert "the red envelope is opened" in text


def test_the_star_is_ticked_for_a_mission_won_in_5_rounds_or_fewer():
    """YA-78, YA-52: mission 1 in 5 rounds has its star, mission 2 in 6 rounds has none."""
    campaign = new_campaign()
    win(campaign, "1")
    win(campaign, "2")
    assert campaign.vars["starred"] == ["1"]
    assert "mission 1's star is ticked" in campaign.transcript()


# ---------------------------------------------------------------- Power tiles and tokens

def test_power_tiles_go_on_the_unlocked_slots_before_a_mission():
    """YA-75: tiles up to the slots are laid at once; more tiles than slots: the first player
    chooses (YA-85); YA-83 the tokens are all back for the mission."""
    both = powers("move_tile", "extra_round")
    game = campaign_at(won=["1", "2"], slots=2, tokens=2, powers=both).next_game("K1")
    assert var(game, "ready") == ["move_tile", "extra_round"] and var(game, "tokens_left") == 2
    campaign = campaign_at(won=["1", "2"], slots=1, tokens=1, powers=both)
    game = campaign.next_game("K1", fix={"first player": "P2"})
    assert prompt(game) == "put a Power tile on a Power slot" and game.to_move == 1
    assert moves(game) == ["move_tile", "extra_round"]
    game.play("extra_round")
    assert var(game, "ready") == ["extra_round"]
    assert "the Power tile 'extra_round' is on a slot: play one more round" in game.transcript()
    none = new_campaign().next_game("1")
    assert var(none, "ready") == [] and var(none, "tokens_left") is None


def _to_placement(game, plan, rounds):
    """Play the first ``rounds`` of a plan, then the next trick: P1 is to place."""
    for card, cells in plan[:rounds]:
        game.play(card)
        play_low(game)
        play_low(game)
        place_on(game, *cells)
    game.play(plan[rounds][0])
    play_low(game)
    play_low(game)


def move_to(game, shape, *cells):
    """Move the chosen tile (of this shape) onto exactly these cells."""
    from interpreter.runtime.geometry import placements
    from interpreter.runtime.values import cell_name, parse_shape
    board = [(x, y) for y in range(12) for x in range(12)]
    wanted = set(cells)
    spots = {p.label for p in placements(parse_shape(shape), board)
             if {cell_name(c) for c in p.cells} == wanted}
    game.play(next(m for m in moves(game) if m in spots))


def test_the_power_tile_moves_a_placed_tile_for_a_token():
    """YA-84 (YA-38): instead of placing at once, the placer (YA-85) spends a Power token to
    move a placed Spirit tile, then places the new one; YA-83 the token is back next mission."""
    plan = PLANS["K2"]
    deal = deal_for(plan, discards={0: 1, 3: 1})
    campaign = campaign_at(won=["1", "2"], slots=1, tokens=1, powers=powers("move_tile"))
    game = campaign.next_game("K2", fix={"shuffle deck": [c for h in deal for c in h],
                                          "first player": "P1"})
    game.play(plan[0][0])
    play_low(game)
    play_low(game)
    assert "power" not in moves(game)  # no Spirit tile on the board yet to move
    place_on(game, *plan[0][1])
    while prompt(game).startswith("discard"):
        game.play(moves(game)[-1])
    game.play(plan[1][0])
    play_low(game)
    play_low(game)
    assert prompt(game) == "place blue 3" and "power" in moves(game)
    game.play("power")
    assert var(game, "tokens_left") == 0 and prompt(game) == "move which Spirit tile?"
    game.play("red 6")
    assert prompt(game) == "move red 6 to"
    move_to(game, "####/#..#", "A1", "B1", "C1", "D1", "A2", "D2")
    assert "P1 spends a Power token: red 6 now covers A1, B1, C1, D1, A2, D2" in game.transcript()
    assert prompt(game) == "place blue 3" and "power" not in moves(game)  # no token left
    place_on(game, *plan[1][1])
    play_random(game, 1)
    campaign.settle()
    assert campaign.vars["tokens"] == 1  # kept for the whole adventure


def test_a_moved_tile_is_checked_where_it_lands():
    """YA-84, YA-42: a tile moved onto an edge it breaks fails the mission at once."""
    plan = PLANS["K2"]
    deal = deal_for(plan, discards={0: 1, 3: 1})
    campaign = campaign_at(won=["1", "2"], slots=1, tokens=1, powers=powers("move_tile"))
    game = campaign.next_game("K2", fix={"shuffle deck": [c for h in deal for c in h],
                                          "first player": "P1"})
    _to_placement(game, [(plan[0][0], ("A1", "B1", "C1", "D1", "A2", "D2"))] + plan[1:], 1)
    game.play("power")
    game.play("red 6")
    move_to(game, "####/#..#", "E6", "F6", "G6", "H6", "E7", "H7")  # F6: at most 3
    assert game.is_over and game.outcome["result"] == "loss"
    assert "red 6 breaks the 3- edge of 13 on F6" in game.outcome["reason"]


def test_the_power_tile_one_more_round():
    """D7 (YA-83, YA-85): at the end of the last round, not won, the placer may spend a token
    for an eighth round, once per mission."""
    campaign = campaign_at(won=["1", "2", "K1"], slots=1, tokens=1, powers=powers("extra_round"))
    game = campaign.next_game("K3", fix={"first player": "P1"})
    _play_far(game, extra_round="no")
    assert "-- round 8:" not in game.transcript()
    assert game.outcome["reason"] == "the mission tiles are not surrounded after 7 rounds"
    campaign = campaign_at(won=["1", "2", "K1"], slots=1, tokens=2, powers=powers("extra_round"))
    game = campaign.next_game("K3", fix={"first player": "P1"})
    _play_far(game, extra_round="yes")
    assert "spends a Power token: one more round" in game.transcript()
    assert "-- round 8:" in game.transcript() and var(game, "tokens_left") == 1
    assert game.outcome["reason"] == "the mission tiles are not surrounded after 8 rounds"


# ---------------------------------------------------------------- night mode

def test_night_mode_turns_the_mission_tiles_over_in_place():
    """YA-81, D6: K3 at night: each tile on its night face (the mirror image), the first cell
    of its top row where it was."""
    game = campaign_at(won=["1", "2", "K1"]).next_game("K3")
    text = game.transcript()
    assert "night mode: the mission tiles lie on their night face" in text
    assert "mission tile 15 lies on C4, D4, D5" in text   # day face: C4, D4, C5
    assert "mission tile 16 lies on H8, G9, H9" in text   # day face: H8, H9, I9
    day = rules().new_game(players=3, options={"mission": "1"})
    assert "night mode" not in day.transcript()


def test_a_player_edge_in_the_campaign_needs_the_adventurer_owner():
    """YA-49, YA-59 in K3: P1 (the first player) has the adventurer on tile 15, so its player
    edges need P1's tiles; the plan wins with P1's cards."""
    game = win(campaign_at(won=["1", "2", "K1"]), "K3")
    assert "P1 puts an adventurer on mission tile 15" in game.transcript()


# ---------------------------------------------------------------- saves and table talk

def test_the_campaign_state_is_kept_between_sittings():
    """YA-86: a campaign saved between missions and during one goes on the same."""
    def play(stop_between, stop_during):
        campaign = new_campaign(seed=5)
        win(campaign, "1")
        if stop_between:
            campaign = rules().restore_campaign(campaign.save())
        assert campaign.game is None and campaign.vars["won"] == ["1"]
        plan = PLANS["2"]
        deal = deal_for(plan)
        game = campaign.next_game("2", fix={"shuffle deck": [c for h in deal for c in h],
                                            "first player": "P1"})
        play_plan(game, plan[:3])
        if stop_during:
            campaign = rules().restore_campaign(campaign.save())
            game = campaign.game
            assert var(game, "round") == 4 and prompt(game) == "lead a card"
        play_plan(game, plan[3:])
        return campaign
    whole = play(False, False)
    assert whole.vars["tokens"] == 2
    for between, during in ((True, False), (False, True), (True, True)):
        again = play(between, during)
        assert again.save() == whole.save()
        assert again.transcript() == whole.transcript()


def test_a_campaign_save_holds_the_mission_in_progress_with_its_secrets():
    """YA-86 (YA-11): the campaign save keeps the game in progress as a game save."""
    campaign = new_campaign(seed=3)
    campaign.next_game("1")
    data = json.loads(campaign.save())
    assert data["game"]["options"] == {"mission": "1"}
    assert data["vars"]["moon"] == 0
    assert rules().restore_campaign(campaign.save()).game.view(None) == campaign.game.view(None)


def test_the_rules_say_what_the_players_may_tell_each_other():
    """YA-82: the table talk, for the host to state."""
    talk = rules().program.talk
    assert len(talk) == 2
    assert re.search(r"trick.*nothing at all", talk[0])
    assert "never about the cards" in talk[1]


@pytest.mark.slow
def test_a_whole_campaign_plays_to_its_end_with_bots():
    """YA-64..YA-70: bots (the default partners of cli/common.seat_kinds) play a campaign to
    its end; bounded: three boxes of the moon path are left. The partners search with a small
    budget: the test is about the campaign, not how well they play (test_bots_play.py)."""
    from interpreter.bots import PARTNER, MctsBot
    from rulelang.play.cli.common import seat_kinds
    campaign = campaign_at(players=2, won=["1", "2"], moon=9, slots=1, tokens=2,
                           powers=powers("move_tile"))
    missions = 0
    while not campaign.is_over:
        game = campaign.next_game()
        kinds = seat_kinds(game, True, ())
        assert set(kinds.values()) == {PARTNER} == {"mcts"}
        bots = {seat: MctsBot(seat, playouts=8) for seat in kinds}
        missions += 1
        while not game.is_over:
            game.play(bots[game.to_move].choose(game))
    assert missions <= 3
    assert campaign.vars["moon"] == 12 or "22" in campaign.vars["won"]
