"""What one seat is given reveals nothing it may not know (issue: a seat's record must not
give the game away).

The generic proof: play a random game to some point. Then play it again, from cards
created with other faces: the cards one seat never saw in the first game get each other's
faces (kind by kind), and every decision picks the same thing as before (the same card, the
same value). Both games must look the same to that seat: its view, transcript and save are
byte-identical. If anything offered to the seat depended on a hidden face (a log line, the
seed, an ordering), the two would differ.
"""
from __future__ import annotations

import json
import random
import re

import pytest

import rulelang
from rulelang.play.cli.run import bots_seed
from support import load, soak
from support.secrecy import (
    FILES,
    other_faces,
    play_as_far,
    play_to,
    random_picks,
    records,
)


@pytest.mark.slow
@pytest.mark.soak  # cut at the start, the end and 5 points between; 2 between otherwise
@pytest.mark.parametrize("path", FILES)
def test_a_seat_cannot_tell_two_games_apart_that_differ_only_in_what_it_cannot_see(path):
    rules = load(path)
    rng = random.Random(path)
    compared = diverged = 0
    for players in rules.player_counts:
        for seed in (5,):  # one game per player count, cut at up to seven points
            picks = random_picks(rules, players, seed)
            between = {rng.randrange(len(picks) + 1) for _ in range(soak.games(2, 5))}
            cuts = sorted({0, len(picks)} | between)
            for cut in cuts:
                game = play_to(rules, players, seed, picks[:cut])
                for seat in game.players:
                    faces = other_faces(game, seat)
                    if not faces:
                        continue
                    replay = play_as_far(rules, players, seed, picks[:cut], faces)
                    other, made = replay.game, replay.made
                    if made < cut:
                        # Another seat's options depended on its own cards, so the games part
                        # here; up to here this seat must not tell them apart, its own options
                        # included (were they the ones that differ, that is the leak).
                        diverged += 1
                        game_then = play_to(rules, players, seed, picks[:made])
                    else:
                        game_then = game
                    assert records(other, seat) == records(game_then, seat), (
                        f"{path}, {players} players, seed {seed}, after {made} moves: "
                        f"{game.seat_name(seat)}'s record changed with cards it never saw")
                    compared += 1
    if path.startswith(("games/", "examples/oh_hell", "examples/hanabi",
                        "examples/goofspiel")):  # these hide cards
        assert compared > soak.games(6, 10)
    assert diverged < compared or compared == 0  # most comparisons reach their point


def test_a_seat_whose_own_options_change_with_cards_it_never_saw_is_caught():
    """A control for the games that part above: P2 is offered numbers up to P1's hidden card,
    so P2's options tell it that card; the comparison where the games part says so."""
    rules = rulelang.loads('game "Leak"\nplayers 2\ncard C { n: int\n name "c{n}" }\n'
                           'zone deck: pile of C, hidden\nzone hand[player]: hand of C, owner\n'
                           'setup {\n  for n in 1..6 { create C(n: n) in deck }\n  shuffle deck\n'
                           '  deal 1 from deck to hand[P1]\n}\n'
                           'play {\n  choose x in 1..top(hand[P1]).n by P2 prompt "go"\n'
                           '  choose y in [1, 2] by P2 prompt "again"\n  win P1\n}\n')
    seed = next(seed for seed in range(100)  # P1 holds the 6: any other face offers fewer
                if max(rules.new_game(players=2, seed=seed).pending.values) == 6)
    picks = [("value", 6), ("value", 1)]  # as random_picks writes them
    game = play_to(rules, 2, seed, picks)
    faces = other_faces(game, 1)
    assert faces
    replay = play_as_far(rules, 2, seed, picks, faces)
    assert replay.made == 0
    then = play_to(rules, 2, seed, [])
    assert records(replay.game, 1) != records(then, 1)


def test_the_check_above_catches_a_record_that_shows_a_hidden_card():
    """A control: a rule that writes a hidden card's face into the log is caught."""
    rules = rulelang.loads('game "Leak"\nplayers 2\ncard C { n: int\n name "c{n}" }\n'
                           'zone deck: pile of C, hidden\nzone hand[player]: hand of C, owner\n'
                           'setup {\n  for n in 1..6 { create C(n: n) in deck }\n  shuffle deck\n'
                           '  deal 2 from deck to hand[P1]\n  log "P1 holds {text(top(hand[P1]))}"\n}\n'
                           'turn {\n  choose x in [1, 2] prompt "go"\n  end\n}\n')
    game = play_to(rules, 2, 3, [])
    faces = other_faces(game, 1)
    assert faces
    assert records(play_to(rules, 2, 3, [], faces), 1) != records(game, 1)
    assert records(play_to(rules, 2, 3, [], other_faces(game, 0)), 0) == records(game, 0)


@pytest.mark.parametrize("path", ["games/yokai_sketch.rules", "examples/oh_hell.rules"])
def test_the_seed_replay_attack_fails(path):
    """With the public rules, the seed would rebuild every hidden card: no seat's record
    holds it, so trying every number in the record finds nothing."""
    rules = load(path)
    seed = 914_276_303
    game = rules.new_game(players=rules.program.max_players if path.endswith("oh_hell.rules")
                          else 2, seed=seed)
    dealt = json.dumps(game.view(None)["zones"], sort_keys=True)
    for _move in range(6):
        game.play(game.legal_moves()[0])
    assert str(seed) in game.transcript() and game.view(None)["seed"] == seed  # the host's
    for seat in game.players:
        record = "".join(records(game, seat)[:3])  # the view, transcript and save
        assert str(seed) not in record
        assert "seed" not in game.view(seat)
        for number in {int(n) for n in re.findall(r"\d+", record)}:
            rebuilt = rules.new_game(players=game.nplayers, seed=number)
            assert json.dumps(rebuilt.view(None)["zones"], sort_keys=True) != dealt
    assert json.dumps(rules.new_game(players=game.nplayers, seed=seed).view(None)["zones"],
                      sort_keys=True) == dealt  # the attack itself works, given the seed


def test_bots_with_a_person_at_the_table_owe_nothing_to_the_games_seed():
    game = load("examples/nim.rules").new_game(players=2, seed=12)
    with_person = {0: "human", 1: "random"}
    seeds = {bots_seed(None, with_person, game) for _ in range(5)}
    assert game.seed not in seeds and len(seeds) == 5  # fresh each time
    assert bots_seed(None, {0: "random", 1: "random"}, game) == game.seed  # bots only: replays
    assert bots_seed(77, with_person, game) == 77  # given: replays a game with a person


# ----------------------------------------------------------------- the strict API

def yokai(seed=2, **kwargs):
    return load("games/yokai_sketch.rules").new_game(players=2, seed=seed, **kwargs)


def test_a_move_sent_for_a_seat_that_is_not_to_move_is_refused_and_changes_nothing():
    game = yokai()
    mover = game.to_move
    other = 1 - mover
    before = game.save()
    move = game.legal_moves()[0]
    with pytest.raises(rulelang.IllegalMove, match=f"not P{other + 1}'s move: P{mover + 1} is to move"):
        game.play(move.notation, seat=other)
    with pytest.raises(rulelang.IllegalMove, match="not P"):
        game.play("pass", seat=f"P{other + 1}")
    assert game.save() == before
    game.play(move, seat=f"p{mover + 1}")  # the right seat, written any way
    assert game.save() != before


def test_a_stray_pass_after_a_turn_ended_is_not_taken_as_the_next_players_move():
    game = yokai(seed=4)
    first = game.to_move
    while game.to_move == first:  # P(first) plays until the turn passes by itself
        moves = [m for m in game.legal_moves() if m.notation != "pass"] or game.legal_moves()
        game.play(moves[0], seat=first)
    before = game.save()
    with pytest.raises(rulelang.IllegalMove, match="is to move"):
        game.play("pass", seat=first)
    assert game.save() == before


def test_a_move_object_from_another_decision_of_another_seat_is_refused():
    game = yokai()
    stale = game.legal_moves()[0]
    while game.to_move == stale.seat:
        game.play(game.legal_moves()[0])
    before = game.save()
    with pytest.raises(rulelang.IllegalMove, match="was a move for"):
        game.play(stale)
    assert game.save() == before


def test_chance_events_are_listed():
    rules = load("games/yokai_sketch.rules")
    assert rules.chance_events() == ["first player", "shuffle deck", "shuffle stack[...]"]
    assert load("examples/pig.rules").chance_events() == ["die"]


def test_a_fixed_event_that_no_rule_draws_is_refused_with_the_list_and_a_guess():
    with pytest.raises(rulelang.RulesError) as caught:
        yokai(fix={"shufle deck": ["water/fire"]})
    text = str(caught.value)
    assert "no chance event 'shufle deck'" in text
    assert "did you mean 'shuffle deck'?" in text
    assert "'first player', 'shuffle deck', 'shuffle stack[...]'" in text
    with pytest.raises(rulelang.RulesError, match="no chance event 'shuffle stack\\[gold\\]'"):
        yokai(fix={"shuffle stack[gold]": ["water 3"]})
    yokai(fix={"shuffle stack[fire]": ["fire 7"]})  # one event per key: accepted


def test_fixing_an_event_only_setup_draws_once_setup_is_over_is_refused():
    rules = load("examples/oh_hell.rules")
    game = rules.new_game(players=3, seed=0, fix={"dealer": "P2"})
    with pytest.raises(rulelang.RulesError, match="can no longer happen: only setup draws it"):
        game.fix("dealer", "P1")
    game = load("examples/pig.rules").new_game(players=2, seed=0)
    game.fix("die", 6)  # drawn during play: fixing it later is fine
    assert game.legal_moves()


def test_an_outcome_fixed_for_setup_that_setup_never_used_is_reported():
    rules = rulelang.loads('game "F"\nplayers 2\noption roll: bool = false\n'
                           'setup {\n  if roll {\n    current = random(players, "first")\n  }\n}\n'
                           'turn {\n  choose x in [1] prompt "go"\n  end\n}\n')
    rules.new_game(players=2, options={"roll": True}, fix={"first": "P2"})
    with pytest.raises(rulelang.RulesError, match="'P2' for 'first' was never used"):
        rules.new_game(players=2, fix={"first": "P2"})


def test_a_seat_is_written_the_same_ways_everywhere():
    game = yokai()
    for written in (1, "P2", "p2", "2", " P2 "):
        assert game.view(written) == game.view(1)
        assert game.transcript(written) == game.transcript(1)
        assert game.save(written) == game.save(1)
    for bad in (2, "P3", "p0", "0", "x", True):
        with pytest.raises(rulelang.RulesError, match="no player"):
            game.view(bad)
