"""Helpers for the Yami campaign tests (games/yami.rules, games/yami/campaign.rules): a
campaign at a chosen point, and missions won to a plan with a deal built for it.

No tests here: test_yami_campaign*.py import these.
"""
from __future__ import annotations

import json
import random

from support import play_random
from support.yami import ALL_CARDS, moves, place_on, prompt, rules, split, var

# Plans that win each mission (3 players, P1 leads every trick and wins it): the card P1
# leads, and the cells its tile covers. Found by a search over the missions' data (D3, D6).
PLANS = {
    "1": [("red 5", ("C2", "C3", "C4", "D3", "E3")),
          ("blue 7", ("D5", "D6", "E5", "E6", "F4", "F5", "F6")),
          ("green 7", ("G6", "G7", "G8", "H7", "I6", "I7", "I8")),
          ("green 6", ("E9", "F10", "F7", "F8", "F9", "G9")),
          ("orange 7", ("H10", "H11", "I10", "I11", "J10", "J9", "K9"))],
    "2": [("orange 5", ("C10", "C11", "C8", "C9", "D11")), ("blue 2", ("D6", "D7")),
          ("red 6", ("H2", "H3", "H4", "H5", "I2", "I5")), ("blue 3", ("J2", "K2", "K3")),
          ("blue 7", ("E10", "E8", "E9", "F8", "F9", "G8", "G9")),
          ("blue 5", ("J5", "J6", "K4", "K5", "K6"))],
    "K1": [("green 7", ("C5", "C7", "D5", "D6", "D7", "E5", "E7")),
           ("blue 7", ("F4", "F5", "G4", "G5", "H4", "H5", "H6")),
           ("blue 6", ("F7", "F8", "G7", "G8", "H7", "H8")),
           ("red 7", ("H10", "H11", "H12", "I10", "I11", "I12", "J11")),
           ("blue 5", ("J8", "J9", "K10", "K8", "K9"))],
    "K2": [("red 6", ("D3", "D4", "E3", "F3", "G3", "G4")), ("blue 3", ("F6", "G5", "G6")),
           ("blue 7", ("G7", "G8", "G9", "H7", "H8", "H9", "I7")),
           ("purple 4", ("I10", "J10", "J8", "J9")),
           ("blue 5", ("C5", "C6", "D5", "D6", "E6"))],
    "K3": [("red 6", ("B3", "B4", "C3", "D3", "E3", "E4")),
           ("blue 7", ("H10", "I10", "I8", "I9", "J10", "J8", "J9")),
           ("purple 5", ("C5", "C6", "D6", "E5", "E6")),
           ("green 7", ("E10", "E8", "F10", "F8", "F9", "G10", "G8")),
           ("blue 6", ("G5", "G6", "G7", "H5", "H6", "H7"))],
    "K4": [("orange 5", ("E4", "E5", "E6", "E7", "F4")), ("blue 2", ("E8", "F8")),
           ("blue 7", ("G5", "G6", "G7", "H5", "H6", "I5", "I6")),
           ("purple 5", ("K2", "K4", "L2", "L3", "L4")),
           ("green 7", ("H2", "H4", "I2", "I3", "I4", "J2", "J4"))],
    "22": [("red 5", ("C4", "D4", "D5", "D6", "E4")), ("blue 3", ("E7", "E8", "F7")),
           ("blue 7", ("F4", "G4", "G5", "G6", "H4", "H5", "H6")),
           ("red 6", ("H10", "H9", "I9", "J9", "K10", "K9")),
           ("blue 6", ("H11", "H12", "I11", "I12", "J11", "J12"))],
}
# Mission 22 once the Holo vine is purified (YA-76): mission tile 19 alone.
PLAN_22_PURIFIED = PLANS["22"][:3]
# Whirlpools the plans cover (plan index -> discards after that round), and the fog colours
# P1 must not hold (a fog would make P1 lead them: YA-40).
DISCARDS = {"K2": {0: 1, 3: 1}, "K4": {0: 1, 2: 1}}
AVOID = {"K1": ("orange", "purple"), "22": ("orange",)}


def new_campaign(players=3, seed=0):
    return rules().new_campaign(players=players, seed=seed)


def campaign_at(players=3, seed=0, **values):
    """A campaign between missions whose variables hold ``values`` (the others as they start):
    a campaign save edited to a point of the adventure, then restored like any other."""
    data = json.loads(new_campaign(players, seed).save())
    for name, value in values.items():
        assert name in data["vars"], name
        data["vars"][name] = value
    return rules().restore_campaign(json.dumps(data))


def moon_tiles(*names):
    """Moon tiles as a campaign save writes them."""
    return [{"enum": ["Moon", n]} for n in names]


def powers(*names):
    return [{"enum": ["Power", n]} for n in names]


# ---------------------------------------------------------------- winning to a plan

def _trick_winner(played, led, trump):
    trumps = [c for c in played if c[0] == trump]
    pool = trumps or [c for c in played if c[0] == led]
    return max(pool, key=lambda c: c[1])


def _low(hand, led, trump):
    """The card play_low picks: the lowest legal card, trumps last."""
    legal = [c for c in hand if c[0] == led] or list(hand)
    return min(legal, key=lambda c: (c[0] == trump, c[1]))


def _p1_wins_every_trick(plan, hands, first_trump, discards):
    """Simulate the plan: P1 leads each card, the others follow low; whirlpool discards
    (the others their highest card). True if P1 wins every trick."""
    hands = [[split(c) for c in hand] for hand in hands]
    trump = first_trump
    for k, card in enumerate(plan):
        led_card = split(card)
        played = [led_card]
        hands[0].remove(led_card)
        for seat in (1, 2):
            choice = _low(hands[seat], led_card[0], trump)
            hands[seat].remove(choice)
            played.append(choice)
        if _trick_winner(played, led_card[0], trump) != led_card:
            return False
        trump = led_card[0]
        for _ in range(discards.get(k, 0)):
            for seat in (1, 2):
                hands[seat].remove(max(hands[seat], key=lambda c: c[1]))
    return True


def deal_for(plan, first_trump="red", discards=None, avoid=()):
    """A 3-player deal (P1, P2, P3, then the unused cards) in which P1 holds the plan's
    cards and wins every trick leading them while the others follow low. ``discards``:
    round index -> whirlpool discards after it; ``avoid``: colours P1 must not hold besides
    the plan (fog demands)."""
    cards = [c for c, _ in plan]
    rest = [c for c in ALL_CARDS if c not in cards]
    rng = random.Random(len(plan))
    for _ in range(5000):
        rng.shuffle(rest)
        fillers = [c for c in rest if split(c)[0] not in avoid][:9 - len(cards)]
        others = [c for c in rest if c not in fillers]
        others.sort(key=lambda c: split(c)[1] + rng.random() * 3)
        p2, p3, unused = others[0:18:2], others[1:18:2], others[18:]
        if _p1_wins_every_trick(cards, [cards + fillers, p2, p3], first_trump,
                                discards or {}):
            return [cards + fillers, p2, p3, unused]
    raise AssertionError("no deal found for this plan")


def play_plan(game, plan, fillers_first=True):
    """Play the mission: P1 leads each plan card and places its tile on the plan's cells;
    P2 and P3 follow low; whirlpool discards: P1 a card not in the plan, the others their
    highest. Stops when the game is over or the plan is done."""
    from support.yami import play_low
    left = [c for c, _ in plan]
    while prompt(game).startswith("put a Power tile"):  # YA-75: the first tile offered
        game.play(moves(game)[0])
    for card, cells in plan:
        if game.is_over:
            return
        _discards(game, left)
        game.play(card)
        left.remove(card)
        play_low(game)
        play_low(game)
        assert var(game, "winner") == 0, f"P1 should win the trick with {card}"
        place_on(game, *cells)
    _discards(game, left)


def _discards(game, keep):
    while not game.is_over and prompt(game).startswith("discard"):
        options = moves(game)
        if game.to_move == 0:
            game.play(next(m for m in options if m not in keep))
        else:
            game.play(max(options, key=lambda m: split(m)[1]))


def win(campaign, mission, plan=None, first_trump="red"):
    """Start ``mission`` in the campaign with a deal made for its plan and win it."""
    plan = plan or PLANS[mission]
    deal = deal_for(plan, first_trump, DISCARDS.get(mission), AVOID.get(mission, ()))
    game = campaign.next_game(mission, fix={"shuffle deck": [c for hand in deal for c in hand],
                                            "first player": "P1"})
    play_plan(game, plan)
    assert game.is_over and game.outcome["result"] == "win", game.transcript()[-400:]
    return game


def lose(campaign, mission, seed=0):
    """Start ``mission`` and play it with random moves to its end (a loss: random play loses
    every mission these seeds are tried with)."""
    game = campaign.next_game(mission)
    play_random(game, seed)
    assert game.outcome["result"] == "loss"
    return game
