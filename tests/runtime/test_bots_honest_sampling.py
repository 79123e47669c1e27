"""Bots sample only what their seat could know: change one hidden card's face (not swap two
faces, which keeps what is unseen as a whole), and nothing a bot works with changes.

A sample deals a hidden card a face from the composition the rules fix (the faces a game of
these rules deals at its start, but for those the seat knows), and makes again, with fresh
chance, a face that chance made (a die: ``create Die(face: random(1..6))``). So the samples
of two games that differ in one hidden face are the same, and so is every bot's move. Over
every ruleset in games/ and examples/ (Liar's Dice among them: dice as cards), at several
points of seeded random games.
"""
from __future__ import annotations

import random

import pytest
from support import load
from support.secrecy import FILES

import rulelang
from interpreter.bots.greedy import GreedyBot
from interpreter.bots.mcts import MctsBot
from interpreter.runtime.knowledge import (Face, _composition, _face, _fits, _remap_state,
                                           _told_to, seat_knowledge)
from interpreter.runtime.values import Card

PLAYERS = {"games/yami.rules": 3, "games/yokai.rules": 3, "examples/oh_hell.rules": 3,
           "examples/liars_dice.rules": 3, "examples/hanabi.rules": 2}


def positions(path, seed, cuts=4):
    """Games of ``path`` stopped at a few points of a seeded random game."""
    rules = load(path)
    players = PLAYERS.get(path, rules.program.min_players)
    rng = random.Random(seed)
    game = rules.new_game(players=players, seed=seed)
    length = 0
    while not game.is_over and length < 400:
        game.apply(rng.randrange(len(game.pending.values)))
        length += 1
    stops = sorted({rng.randrange(length) for _ in range(cuts)}) if length else []
    game, done = rules.new_game(players=players, seed=seed), 0
    rng = random.Random(seed)
    for stop in stops:
        while done < stop and not game.is_over:
            game.apply(rng.randrange(len(game.pending.values)))
            done += 1
        if not game.is_over:
            yield game.copy()


def changed(game, seat, rng):
    """``game`` with one card hidden from ``seat`` given another face that fits what the seat
    was told of it (a face its kind can have: another card's, or one made by chance again),
    or None when no card allows that."""
    hidden = [c for c in game.cards if not game.known[c.id] >> seat & 1]
    rng.shuffle(hidden)
    for card in hidden:
        told = _told_to(game, seat, card)
        if "" in game.made.get(card.id, ()):
            other = game.copy(logging=False)
            for _ in range(30):
                site, kept = other.made[card.id][""]
                making = other.rules.code.makings[site]
                fields = dict(card.f, **dict(zip(making.fields, making.make(other, *kept))))
                code = other.rules.kinds[card.kind]
                label = code.label(other, *[fields[n] for n in code.fixed])
                if label != card.label and (not told or _fits(Face(label, fields, (), ()), told)):
                    break
            else:
                continue
        else:
            faces, _ = _composition(game)
            options = [f for f in faces.get(card.kind, ()) if f.label != card.label
                       and (not told or _fits(f, told))]
            if not options:
                continue
            face = rng.choice(options)
            fields, label = face.fields, face.label
            other = game.copy(logging=False)
        face_now = Card(card.id, card.kind, fields, label)
        other.cards[card.id] = face_now
        _remap_state(other, {card.id: face_now}, True, list(other.cv))
        return other
    return None


def sampled(game, seat, seed):
    """What a bot of ``seat`` works with: a few of its samples, card by card."""
    knowledge = seat_knowledge(game, seat)
    rng = random.Random(seed)
    out = []
    for _ in range(3):
        s = knowledge.sample(rng)
        out.append([(c.label, sorted((k, repr(v)) for k, v in c.f.items())) for c in s.cards])
        out.append({name: [repr(v) for v in values] for name, values in s.cv.items()})
        out.append(s.pending.notations)
    return out


def pairs(path, seeds=(3, 4)):
    for seed in seeds:
        for game in positions(path, seed):
            seat = game.to_move
            other = changed(game, seat, random.Random(seed))
            if other is not None:
                yield seed, seat, game, other


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES)
def test_a_seat_samples_the_same_games_whatever_the_face_of_a_hidden_card(path):
    compared = 0
    for seed, seat, game, other in pairs(path):
        hidden = sorted(c.label for c in game.cards if not game.known[c.id] >> seat & 1)
        assert hidden != sorted(c.label for c in other.cards
                                if not other.known[c.id] >> seat & 1)  # one face changed
        assert sampled(game, seat, seed) == sampled(other, seat, seed), (path, seed)
        compared += 1
    if path not in ("examples/nim.rules", "examples/pig.rules", "examples/league.rules",
                    "examples/tictactoe.rules", "examples/reversi.rules"):  # no hidden card
        assert compared >= 2, path


def small_bots(seed):
    return [GreedyBot(seed, samples=2, budget=60), MctsBot(seed, playouts=24, horizon=6, worlds=4)]


@pytest.mark.slow
@pytest.mark.parametrize("path", ["examples/liars_dice.rules", "examples/hanabi.rules",
                                  "games/yokai.rules", "games/yami.rules",
                                  "examples/oh_hell.rules", "games/yokai_sketch.rules"])
def test_a_bot_plays_the_same_move_whatever_the_face_of_a_hidden_card(path):
    compared = 0
    for seed, seat, game, other in pairs(path):
        for mine, theirs in zip(small_bots(seed), small_bots(seed)):
            assert str(mine.choose(seat_knowledge(game, seat))) == \
                str(theirs.choose(seat_knowledge(other, seat))), (path, seed, type(mine))
        compared += 1
    assert compared >= 2


def test_dice_are_rolled_again_in_a_sample_not_dealt_from_the_real_dice():
    """Liar's Dice: the dice of the other players are drawn anew in each sample (their
    faces vary, and are not the real dice shuffled); the seat's own dice stay."""
    rules = load("examples/liars_dice.rules")
    game = rules.new_game(players=2, seed=8, options={"dice": 5})
    seat = game.to_move
    mine = [c for c in game.cards if game.known[c.id] >> seat & 1]
    theirs = [c for c in game.cards if not game.known[c.id] >> seat & 1]
    real = sorted(c.label for c in theirs)
    knowledge, rng = seat_knowledge(game), random.Random(1)
    rolls = set()
    for _ in range(30):
        s = knowledge.sample(rng)
        assert [s.cards[c.id].label for c in mine] == [c.label for c in mine]
        rolls.add(tuple(sorted(s.cards[c.id].label for c in theirs)))
    assert len(rolls) > 20 and any(list(r) != real for r in rolls)


def test_a_var_field_set_by_chance_is_set_again_in_a_sample():
    rules = rulelang.loads('''
game "Reroll"
players 2
card Die { var face: int = 1  name "die" }
zone cup[player]: hand of Die, owner
setup {
  for p in players { create Die() in cup[p] }
}
turn {
  for p in players { for d in cup[p] { d.face = random(1..6, "roll") } }
  choose n in [1, 2] prompt "pick"
  if n == 2 { win current }
}
''', "reroll.rules")
    game = rules.new_game(players=2, seed=2)
    seat = game.to_move
    theirs = next(c for c in game.cards if not game.known[c.id] >> seat & 1)
    assert "face" in game.made[theirs.id]
    knowledge, rng = seat_knowledge(game), random.Random(3)
    faces = {knowledge.sample(rng).cv["face"][theirs.id] for _ in range(30)}
    assert len(faces) > 3


def test_the_composition_is_the_rules_not_the_hidden_cards():
    """Yokai: the faces a sample deals come from the rules (4 of each family), even where a
    hidden card was given another family."""
    rules = load("games/yokai.rules")
    game = rules.new_game(players=3, seed=5)
    faces, _ = _composition(game)
    families = sorted(f.label for f in faces["Yokai"])
    assert families == sorted(["Kitsune", "Kappa", "Rokurokubi", "Oni"] * 4)
    assert _face(game, game.cards[0]).key[:2] in {f.key[:2] for f in faces["Yokai"]}


def test_the_check_catches_a_sampler_that_deals_the_real_hidden_faces(monkeypatch):
    """Dealt from the faces the game really holds (as samples once were), the samples of a
    pair differ: the multiset of hidden faces is something the seat cannot know."""
    import interpreter.runtime.knowledge as knowledge

    def real_faces(game):
        by_kind: dict = {}
        for card in game.cards:
            by_kind.setdefault(card.kind, []).append(_face(game, card))
        return by_kind, len(game.cards)
    found = list(pairs("games/yokai.rules"))
    monkeypatch.setattr(knowledge, "_composition", real_faces)
    assert any(sampled(game, seat, seed) != sampled(other, seat, seed)
               for seed, seat, game, other in found)
