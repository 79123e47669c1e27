"""What a shuffle leaves a seat knowing (interpreter/runtime/pools.py): which faces the
shuffled cards hold, not which card holds which; a bot's sample deals them so."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import rulelang
from interpreter.runtime.knowledge import seat_knowledge
from rulelang.language.errors import RulesError

RULES = rulelang.load("tests/rules/own_pile.rules")
P1_FACES = ["a1", "a2", "a3", "a4"]
P2_FACES = ["b5", "b6", "b7", "b8"]


def labels(game, zone, seat):
    return [c.label for c in game.zc[game.zones[zone][game.players[seat]].i]]


def samples(game, seat, n=60, seed=1):
    rng = random.Random(seed)
    knowledge = seat_knowledge(game, seat)
    return [knowledge.sample(rng) for _ in range(n)]


def test_a_seat_knows_which_faces_each_shuffled_pile_holds_not_their_order():
    game = RULES.new_game(players=2, seed=3)  # each pile seen face up, then shuffled
    tops = Counter()
    for s in samples(game, 0, 200):
        assert sorted(labels(s, "pile", 0)) == P1_FACES
        assert sorted(labels(s, "pile", 1)) == P2_FACES
        tops[labels(s, "pile", 0)[-1]] += 1
    assert set(tops) == set(P1_FACES)  # any of them may be on top: the order is not known
    # without what the shuffle left it knowing, the seat's piles get each other's faces
    game.pooled = {}
    assert any(sorted(labels(s, "pile", 0)) != P1_FACES for s in samples(game, 0))


def test_a_card_drawn_and_seen_leaves_the_others_in_the_pile():
    game = RULES.new_game(players=2, seed=3)
    game.play("yes")  # P1 draws the top of their pile into their hand (only P1 sees it)
    drawn = labels(game, "hand", 0)
    assert len(drawn) == 1
    in_hand = Counter()
    for s in samples(game, 1, 200):  # P2 knows only that P1's four are in P1's hand and pile
        assert sorted(labels(s, "pile", 0) + labels(s, "hand", 0)) == P1_FACES
        in_hand[labels(s, "hand", 0)[0]] += 1
    assert set(in_hand) == set(P1_FACES)
    game.play("no")  # P2 passes
    for s in samples(game, 0):  # P1 knows the three left
        assert sorted(labels(s, "pile", 0)) == sorted(set(P1_FACES) - set(drawn))
        assert labels(s, "hand", 0) == drawn


def test_shuffling_cards_of_two_groups_together_makes_one_group():
    game = RULES.new_game(players=2, seed=3)
    mine, theirs = (game.zones["pile"][p] for p in game.players)
    game.move(game.zc[theirs.i][-1], mine, None)  # one of P2's cards into P1's pile
    game.shuffle(mine)
    for seat in (0, 1):
        (group,) = game.pooled[seat]  # P2's pile shares a card with P1's now: one group
        assert group.ids == tuple(range(8))
        assert sorted(face.key[0] for face in group.faces) == P1_FACES + P2_FACES
    for s in samples(game, 0):  # (it holds every unknown card: faces dealt among all)
        assert sorted(labels(s, "pile", 0) + labels(s, "pile", 1)) == P1_FACES + P2_FACES


def test_what_each_seat_knew_is_saved_and_restored():
    game = RULES.new_game(players=2, seed=5)
    game.play("yes")
    again = RULES.restore(game.save())
    assert again.pooled == game.pooled and again.pooled
    data = json.loads(game.save())
    data["pooled"][0][0] = 7  # a seat the game does not have
    with pytest.raises(RulesError, match="pooled"):
        RULES.restore(json.dumps(data))
    data = json.loads(game.save())
    data["pooled"][0][1][0][0] = [3, 1]  # cards out of order
    with pytest.raises(RulesError, match="pooled"):
        RULES.restore(json.dumps(data))
    data = json.loads(game.save())
    del data["pooled"]  # a save from before: none known
    assert RULES.restore(json.dumps(data)).pooled == {}


def test_a_card_of_a_group_shuffled_where_all_see_it_takes_its_face_off():
    game = RULES.new_game(players=2, seed=3)
    seen = game.zones["seen"][game.players[0]]  # a public row: shuffled, still seen by all
    pile = game.zones["pile"][game.players[0]]
    card = game.zc[pile.i][-1]
    game.move(card, seen, None)
    before = game.pooled[0]
    game.shuffle(seen)
    theirs, mine = game.pooled[0]  # (the group the shuffle touched: made again, last)
    assert theirs == before[1]
    assert mine.ids == before[0].ids
    assert sorted(face.key[0] for face in mine.faces) == sorted(set(P1_FACES) - {card.label})


def test_lean_games_keep_no_groups():
    assert RULES.lean().new_game(players=2, seed=3).pooled == {}
    assert RULES.new_game(players=2, seed=3).pooled


def test_a_sample_deals_by_where_cards_lie_not_by_their_numbers():
    """Two games a seat cannot tell apart (two of another seat's hidden cards lie in each
    other's places) get the same samples: faces are dealt to places, so a bot's choice
    cannot follow which card is where (the cards' numbers follow how they were made)."""
    game = RULES.new_game(players=2, seed=3)
    other = game.copy()
    pile = other.zc[other.zones["pile"][other.players[1]].i]
    pile[0], pile[1] = pile[1], pile[0]  # P2's pile: two hidden cards swap places
    assert game.view(0) == other.view(0) and game.save() != other.save()
    for seed in range(5):
        mine, theirs = samples(game, 0, 1, seed)[0], samples(other, 0, 1, seed)[0]
        for zone in ("pile", "hand", "seen"):
            for seat in (0, 1):
                assert labels(mine, zone, seat) == labels(theirs, zone, seat)


# A flood deck: its discard pile is face up; twice its discard is shuffled face down and put
# back on top of the deck, the second time before the first such cards were all drawn.
TWICE = """
game "Floods"
players 2
cooperative
enum Spot { a, b, c, d, e, f }
card Flood { spot: Spot  name "{spot}" }
zone deck: pile of Flood
zone discard: pile of Flood, public
zone shuffled: pile of Flood
setup {
  for s in Spot { create Flood(spot: s) in deck }
  shuffle deck
  deal 2 from deck to discard
  back_on_top()
  move top(deck) to discard        # one of the two shuffled back, seen again
  move bottom(deck) to discard
  back_on_top()
}
rule back_on_top() {
  move cards(discard) to shuffled
  shuffle shuffled
  move cards(shuffled) to deck
}
turn { choose k in 1..2 prompt "go"  win team }
score = 0
"""


def test_cards_left_behind_by_a_second_shuffle_keep_their_faces():
    """The second shuffle takes, of the first group, only a card every seat saw again:
    the first group's other card stays where it lies, under the two shuffled on top, and
    the seats know its face; the top two hold the faces that were in the discard."""
    game = rulelang.loads(TWICE, "floods.rules").new_game(players=2, seed=3)
    deck = [c.label for c in game.zc[game.zones["deck"].i]]
    thirds = set()
    for s in samples(game, 0, 100):
        dealt = [c.label for c in s.zc[s.zones["deck"].i]]
        assert sorted(dealt[-2:]) == sorted(deck[-2:])
        assert dealt[-3] == deck[-3]
        thirds.add(dealt[-3])
        assert sorted(dealt) == sorted(deck)
    assert thirds == {deck[-3]}


def _deal_pooled_going_through_the_pool(rng, ids, faces, grouped, told):
    """``knowledge._deal_pooled`` as it was first written: the pool gone through for every
    face wanted (the reference its faster form must agree with, draw for draw)."""
    from interpreter.runtime import draws
    from interpreter.runtime.knowledge import _deal_told
    pool = list(faces)
    ordered_ids, ordered = [], []
    for group in grouped:
        taken = []
        for key in group.keys:
            j = next((j for j, face in enumerate(pool) if face.key[:2] == key), -1)
            if j >= 0:
                taken.append(pool.pop(j))
        while len(taken) < len(group.ids) and pool:
            taken.append(pool.pop())
        draws.shuffle(rng, taken)
        ordered_ids += group.ids
        ordered += _deal_told(group.ids, taken, told) if told else taken
    dealt = set(ordered_ids)
    rest = [i for i in ids if i not in dealt]
    return ordered_ids + rest, ordered + (_deal_told(rest, pool, told) if told else pool)


def test_the_groups_faces_are_found_as_going_through_the_pool_finds_them():
    from interpreter.runtime.knowledge import Face, Grouped, _deal_pooled
    rng = random.Random(7)
    for _ in range(300):
        names = [f"c{rng.randrange(5)}" for _ in range(rng.randrange(1, 14))]
        faces = [Face(name, {}, (), (name, (), ())) for name in names]
        rng.shuffle(faces)
        ids = list(range(len(faces)))
        free = list(ids)
        rng.shuffle(free)
        grouped = []
        for _ in range(rng.randrange(0, 4)):
            size = rng.randrange(0, 4)
            group_ids, free = sorted(free[:size]), free[size:]
            keys = [(f"c{rng.randrange(6)}", ()) for _ in range(rng.randrange(0, size + 1))]
            if group_ids:
                grouped.append(Grouped(group_ids, keys))
        seed = rng.randrange(1000)
        fast = _deal_pooled(random.Random(seed), ids, list(faces), grouped, {})
        slow = _deal_pooled_going_through_the_pool(random.Random(seed), ids, list(faces),
                                                   grouped, {})
        assert fast[0] == slow[0] and [id(f) for f in fast[1]] == [id(f) for f in slow[1]]


MARKET = """
game "Market"
players 2
card Good { worth: int  colour: text  name "{colour} {worth}" }
zone market: row of Good, public
zone hand[player]: hand of Good
setup {
  for w in 1..6 { create Good(worth: w, colour: "red") in market }
}
turn {
  choose g in market prompt "take"
  move g to hand[current]
}
end when empty(market)
"""


def test_a_known_cards_face_is_worked_out_once_not_at_every_decision(monkeypatch):
    from interpreter.runtime import pools
    game = rulelang.loads(MARKET).new_game(players=2, seed=3)
    seat_knowledge(game, 0).sample(random.Random(1))  # the market's faces worked out once
    read = []
    real = pools.text_of
    monkeypatch.setattr(pools, "text_of", lambda value: read.append(value) or real(value))
    game.play("red 1")
    seat_knowledge(game, 1).sample(random.Random(2))  # at the next decision: none again
    assert read == []
    card = game.cards[0]
    key = pools.face_key(card)
    card.f = dict(card.f)  # a card given fields anew (a save restored): its key again
    assert pools.face_key(card) == key and read
