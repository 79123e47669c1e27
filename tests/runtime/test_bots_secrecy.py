"""Bots cannot peek: they are handed their seat's knowledge, and look ahead on samples of it.

Two proofs, for every kind of bot:
- the hidden top: a game of one decision, draw the hidden top of a two-card pile (+1 or
  -1) or not. A bot that read the pile would draw the good card and leave the bad one; an
  honest bot draws the good card no more often than the bad one (measured over seeded games);
- the permuted game (the construction of ``test_secrecy.py``): two games that differ only in
  the faces of cards one seat never saw. A bot of that seat, with the same seed, picks the
  same move in both.
Each proof is checked to catch a bot that does peek.
"""
from __future__ import annotations

import random
from functools import cache

import pytest

import rulelang
from interpreter.bots import KINDS, knowledge_of, make_bot
from interpreter.bots.scoring import heuristic
from interpreter.runtime.knowledge import _transplanted, seat_knowledge
from support import load
from support.secrecy import other_faces, play_to, random_picks

HIDDEN_TOP = """
game "Hidden top"
players 2
card Chip {
  worth: int
  name "chip {worth}"
}
zone deck: pile of Chip, hidden
zone taken: pile of Chip, public
var banked[player]: int = 0
setup {
  create Chip(worth: 1) in deck
  create Chip(worth: -1) in deck
  shuffle deck
}
play {
  choose draw in [true, false] prompt "draw the hidden top"
  if draw {
    let chip = top(deck)
    move chip to taken
    banked[current] += chip.worth
  }
}
score p = banked[p]
heuristic p = banked[p]
"""


class PeekingBot:
    """What the greedy bot used to do: look ahead on the host's own game."""

    def choose(self, game):
        def after(move):
            copy = game.copy(logging=False)
            copy.play(move)
            return heuristic(copy, 0)
        return max(game.legal_moves(), key=after)


def small_bot(kind, seed):
    """Each kind with a small budget: the proofs are about what a bot reads, not its strength."""
    from interpreter.bots.greedy import GreedyBot
    from interpreter.bots.mcts import MctsBot
    if kind == "greedy":
        return GreedyBot(seed, samples=2, budget=60)
    if kind == "mcts":
        return MctsBot(seed, playouts=24, horizon=12)
    return make_bot(kind, seed)


def draws_by_top(make, games=200):
    """How often the bot drew when the hidden top was good, and when it was bad."""
    rules = rulelang.loads(HIDDEN_TOP, "hidden_top.rules")
    drawn = {1: 0, -1: 0}
    offered = {1: 0, -1: 0}
    for seed in range(games):
        game = rules.new_game(players=2, seed=seed, log=False)
        top = game.zc[game.zones["deck"].i][-1].f["worth"]
        offered[top] += 1
        if str(make(seed).choose(game)) == "yes":
            drawn[top] += 1
    return drawn, offered


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_bot_draws_the_good_hidden_top_more_often_than_the_bad_one(kind):
    drawn, offered = draws_by_top(lambda seed: small_bot(kind, 7919 * seed + 1))
    assert min(offered.values()) > 70  # both tops came up often
    good, bad = drawn[1] / offered[1], drawn[-1] / offered[-1]
    # Honest: drawing does not depend on the top. Over ~100 games each, a gap of 0.2 is
    # more than 2.8 standard deviations; a peeking bot's gap is 1 (checked below).
    assert abs(good - bad) < 0.2, (kind, drawn, offered)


def test_the_hidden_top_check_catches_a_bot_that_peeks():
    drawn, offered = draws_by_top(lambda seed: PeekingBot())
    assert drawn[1] == offered[1] and drawn[-1] == 0


# ------------------------------------------------------------------ the permuted game

CASES = [("games/yokai_sketch.rules", 2), ("games/yokai.rules", 3), ("games/yami.rules", 3),
         ("examples/oh_hell.rules", 3)]


def permuted_pairs(path, players, seed, cuts=3):
    """(seat, game, other): ``other`` differs from ``game`` only in faces ``seat`` never saw."""
    rules = load(path)
    picks = random_picks(rules, players, seed)
    rng = random.Random(seed)
    for cut in sorted(rng.randrange(1, len(picks)) for _ in range(cuts)):
        game = play_to(rules, players, seed, picks[:cut])
        if game is None or game.is_over:
            continue
        seat = game.to_move
        faces = other_faces(game, seat)
        if not faces:
            continue
        other = play_to(rules, players, seed, picks[:cut], faces)
        if other is not None and other.to_move == seat:
            yield seat, game, other


@cache
def kept_pairs(path, players, seed) -> tuple:
    """``permuted_pairs`` made once for every kind of bot (replaying the games to each cut
    is most of the work of making them); a bot handed a game must leave it as it was."""
    return tuple(permuted_pairs(path, players, seed))


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("path,players", CASES)
def test_a_bot_picks_the_same_move_when_only_cards_hidden_from_its_seat_differ(kind, path, players):
    compared = 0
    for seed in (11, 12):
        for seat, game, other in kept_pairs(path, players, seed):
            saves = game.save(), other.save()
            assert saves[0] != saves[1]
            mine, theirs = small_bot(kind, seed).choose(game), small_bot(kind, seed).choose(other)
            assert str(mine) == str(theirs), (path, seed, game.seat_name(seat))
            assert (game.save(), other.save()) == saves  # the games are shared: left alone
            compared += 1
    assert compared >= 2


def test_the_permuted_game_check_catches_a_bot_that_peeks():
    """A bot that looks ahead on the real game picks differently in some permuted pair."""
    def peeking_greedy(game):
        seat = game.to_move

        def after(move):
            copy = game.copy(logging=False, seed=1)
            copy.play(move)
            while not copy.is_over and copy.to_move != seat:
                copy.apply(0)
            return heuristic(copy, seat)
        return str(max(game.legal_moves(), key=after))
    differed = sum(peeking_greedy(game) != peeking_greedy(other)
                   for seed in range(11, 21)
                   for _, game, other in kept_pairs("games/yokai_sketch.rules", 2, seed))
    assert differed > 0


# ------------------------------------------------------------------ the samples themselves

def test_a_sample_keeps_what_the_seat_knows_and_deals_the_rest_from_the_unseen_faces():
    rules = load("games/yokai_sketch.rules")
    game = rules.new_game(players=2, seed=4, log=False)
    bot = make_bot("random", 1)
    for _ in range(30):
        game.play(bot.choose(game))
    knowledge = seat_knowledge(game)
    seat = knowledge.seat
    rng = random.Random(5)
    unknown = [c for c in game.cards if not game.known[c.id] >> seat & 1]
    differs = 0
    for _ in range(20):
        sample = knowledge.sample(rng)
        for card in game.cards:  # known faces stay; every card stays where it is
            assert sample.where[card.id] is game.where[card.id]
            if game.known[card.id] >> seat & 1:
                assert sample.cards[card.id].label == card.label
        assert sorted(sample.cards[c.id].label for c in unknown) == sorted(c.label for c in unknown)
        differs += any(sample.cards[c.id].label != c.label for c in unknown)
        assert [str(m) for m in sample.legal_moves()] == [str(m) for m in knowledge.moves]
        assert sample.seed != game.seed and sample.log == [] and sample.history == []
        while not sample.is_over:  # a sample plays on to the end
            sample.apply(rng.randrange(len(sample.pending.values)))
    assert differs > 15
    assert game.zc == [[game.cards[c.id] for c in z] for z in game.zc]  # the host's game untouched


SECRETS = """
game "Secret number"
players 2
var secret: int = 0, hidden
var mine[player]: int = 0, owner
var stock[player]: int = 0, owner
setup {
  secret = random(1..100, "secret")
  for p in players {
    mine[p] = random(1..100, "mine")
    stock[p] = 11
  }
}
turn {
  choose n in 1..3 prompt "pick"
  stock[current] -= n
  if n == 3 { win current }
}
"""


def test_a_sample_holds_what_a_set_up_game_holds_of_variables_its_seat_may_not_read():
    """Not the real value: a value the setup gives (drawn by the setup's chance, with a seed
    from the bot's generator), the same whatever the real value is; the seat's own keys
    as they are. A value every setup gives alike (each player's stock of 11) is that value,
    not the declared 0 (with which a sample would have the other player out of stock)."""
    rules = rulelang.loads(SECRETS, "secret.rules")
    sampled, reals = set(), set()
    for seed in range(4):
        game = rules.new_game(players=2, seed=seed)
        game.play("1")  # P1's stock 10 now
        knowledge = seat_knowledge(game)
        me, other = knowledge.seat, 1 - knowledge.seat
        assert me == 1 and game.vars["stock"][0] == 10
        sample = knowledge.sample(random.Random(1))
        assert sample.vars["mine"][me] == game.vars["mine"][me]
        assert sample.vars["stock"] == {0: 11, 1: 11}  # its own as it is, the other's as set up
        sampled.add((sample.vars["secret"], sample.vars["mine"][other]))
        reals.add((game.vars["secret"], game.vars["mine"][other]))
    assert len(reals) == 4 and len(sampled) == 1  # the same sample whatever the real values
    draws = {knowledge.sample(random.Random(k)).vars["secret"] for k in range(40)}
    assert len(draws) > 20 and all(1 <= d <= 100 for d in draws)  # the setup's chance


HIDDEN_IN_SETUP = """
game "Hidden fleet"
players 2
var ships[player]: list of int = [], owner
setup {
  repeat 2 times {
    choose spot in [n for n in 1..9 if not n in ships[p]] by each p in players privately
      prompt "hide a ship"
    for p, n in spot { ships[p] += [n] }
  }
}
turn {
  choose n in 1..9 prompt "fire"
  if disclose(n in ships[next(current)]) { win current }
}
score p = 0
"""


def test_a_sample_holds_what_the_others_might_have_chosen_in_setup_not_their_start():
    """A variable the others set by their own decisions in setup (a fleet hidden in secret):
    a sample held its start value (no ships at all, so every shot missed and the fleet was
    sunk at once); it holds choices they might have made (setup's decisions answered at
    random, from a seed the bot draws), whatever the real ones are."""
    rules = rulelang.loads(HIDDEN_IN_SETUP, "fleet.rules")
    alike = set()
    for seed, spots in ((0, ("1", "2", "3", "4")), (1, ("9", "8", "7", "6"))):
        game = rules.new_game(players=2, seed=seed)
        for spot, seat in zip(spots, (0, 1, 0, 1)):
            game.play(spot, seat=seat)
        knowledge = seat_knowledge(game)
        assert knowledge.seat == 0
        fleets = [knowledge.sample(random.Random(k)).vars["ships"] for k in range(12)]
        assert all(f[0] == game.vars["ships"][0] for f in fleets)  # its own, as it is
        others = [tuple(f[1]) for f in fleets]
        assert all(len(o) == 2 and len(set(o)) == 2 for o in others), others
        assert len(set(others)) > 3  # drawn, not the real one
        alike.add(tuple(knowledge.sample(random.Random(5)).vars["ships"][1]))
    assert len(alike) == 1  # the same sample whatever the real fleet


def test_a_past_game_seen_in_a_sample_holds_the_samples_unreadable_values():
    rules = rulelang.loads(SECRETS, "secret.rules")
    game = rules.new_game(players=2, seed=3)
    knowledge = seat_knowledge(game)
    world = knowledge.sample(random.Random(2))
    world.vars["secret"] = 101  # (no setup gives it: the past game's must come from here)
    past = _transplanted(game, world, knowledge.seat)
    assert past.vars["secret"] == 101
    assert past.vars["mine"] == world.vars["mine"] != game.vars["mine"]


def test_a_host_may_hand_the_game_itself_the_bot_takes_only_its_seats_knowledge():
    rules = load("games/yokai_sketch.rules")
    game = rules.new_game(players=2, seed=4, log=False)
    knowledge = knowledge_of(game)
    assert knowledge.seat == game.to_move and knowledge.moves == game.legal_moves()
    assert knowledge.view() == game.view(game.to_move)


# ------------------------------------------------------------------ choices made at once

AT_ONCE = """
game "Sealed bids"
players 2
card Bid { value: int  name "{value}" }
zone hand[player]: hand of Bid, public
zone spent[player]: row of Bid, public
var won[player]: int = 0
setup {
  for p in players {
    for v in 1..4 { create Bid(value: v) in hand[p] }
  }
}
play {
  repeat 3 times {
    choose bids in hand[p] by each p in players prompt "bid"
    let high = max(c.value for _, c in bids)
    let best = [p for p, c in bids if c.value == high]
    if size(best) == 1 { won[first(best)] += high }
    for p, c in bids { move c to spent[p] }
  }
}
score p = won[p]
heuristic p = won[p] - sum(won[q] for q in others(p))
"""


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_bot_answering_second_in_a_choice_made_at_once_cannot_see_the_first_answer(kind):
    """P1 has bid; P2's bot, with the same seed, bids the same whatever P1 bid, and its
    samples hold no answer of P1's (P1 is to choose again in them)."""
    rules = rulelang.loads(AT_ONCE, "bids.rules")
    picks = set()
    for first in ("1", "2", "3", "4"):
        game = rules.new_game(players=2, seed=5)
        game.play(first, seat=0)
        knowledge = seat_knowledge(game, 1)
        assert knowledge.seat == 1 and [str(m) for m in knowledge.moves] == ["1", "2", "3", "4"]
        world = knowledge.sample(random.Random(0))
        assert world.to_move_all == [0, 1] and world.to_move == 1  # its own decision first
        picks.add(str(small_bot(kind, 3).choose(knowledge)))
    assert len(picks) == 1


def test_bots_play_a_game_of_choices_made_at_once_to_the_end():
    rules = rulelang.loads(AT_ONCE, "bids.rules")
    for kind in sorted(KINDS):
        game = rules.new_game(players=2, seed=1)
        bots = {seat: small_bot(kind, seat) for seat in (0, 1)}
        while not game.is_over:
            for seat in game.to_move_all:
                game.play(bots[seat].choose(seat_knowledge(game, seat)), seat=seat)
        assert game.outcome["result"] in ("win", "draw")


def test_a_sample_deals_hidden_cards_faces_that_fit_what_the_seat_was_told():
    """Hanabi: P1 shows P2 its red cards. In every sample of P2's knowledge, P2's hand
    (which P2 cannot see) holds red cards where it was told red, and none elsewhere; the
    faces are otherwise drawn anew (they differ between samples)."""
    rules = load("examples/hanabi.rules")
    game = rules.new_game(players=2, seed=4)
    hand = game.zones["hand"][game.seats[1]]
    colours = [c.f["colour"].name for c in game.zc[hand.i]]
    assert "red" in colours and colours != ["red"] * 5
    for move in ("hint", "P2", "red"):
        game.play(move)
    knowledge = seat_knowledge(game)
    assert knowledge.seat == 1
    rng, seen = random.Random(0), set()
    for _ in range(20):
        world = knowledge.sample(rng)
        faces = [c.label for c in world.zc[hand.i]]
        assert [f.split()[0] == "red" for f in faces] == [c == "red" for c in colours]
        seen.add(tuple(faces))
    assert len(seen) > 1
