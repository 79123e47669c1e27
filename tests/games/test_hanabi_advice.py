"""examples/hanabi.rules advises its bots by a team's simple conventions, read through what each
seat knows (``knows(p, c.FIELD)``): hint only cards that can be played, play what a hint
touched, discard the oldest card no hint touched. Played by the advice alone, a team scores."""
from __future__ import annotations

import random

from interpreter.bots.policy import Policy
from interpreter.runtime.knowledge import seat_knowledge
from support import load


def advised(game) -> dict[str, tuple[int, ...]]:
    """The advice on each move, worked out on a sample of the mover's knowledge."""
    world = seat_knowledge(game).sample(random.Random(0))
    return dict(zip(world.pending.notations, world.advice()))


def best(game) -> set[str]:
    """The moves the advice likes best."""
    advice = advised(game)
    return {n for n, a in advice.items() if a == max(advice.values())}


def test_a_hint_of_playable_cards_is_read_as_play_them():
    game = load("examples/hanabi.rules").new_game(players=2, seed=1000)
    assert best(game) == {"hint"}  # nothing known to play: P2 holds playable cards to show
    game.play("hint")
    game.play("P2")
    assert best(game) == {"1"}  # the hint that shows the most playable cards, each only once
    game.play("1")
    # P2 was shown cards it may play: playing beats discarding (a 5 on P1's chop, which P1
    # would discard, is saved first)
    assert advised(game)["play"] > advised(game)["discard"]
    assert best(game) == {"hint"} and best_hint_is_a_save(game)
    game.play("play")
    hand = game.zones["hand"][game.seats[1]]
    (card,) = best(game)
    played = game.zc[hand.i][int(card.split("#")[1]) - 1]
    assert played.f["rank"] == 1  # one the hint touched (the newest of them)
    game.play(card)
    assert any(line.startswith("P2 plays") for line in game.transcript().splitlines())
    assert "fuse" not in game.transcript()


def best_hint_is_a_save(game) -> bool:
    """P1's chop holds a 5, which a hint "5" saves."""
    hand = game.zones["hand"][game.seats[0]]
    return game.zc[hand.i][0].f["rank"] == 5


def test_played_by_the_advice_alone_a_team_scores():
    rules = load("examples/hanabi.rules")
    scores = []
    for seed in range(1000, 1010):
        game = rules.new_game(players=2, seed=seed, log=False)
        rng = random.Random(seed)
        policy = Policy(rng, explore=0.0)
        while not game.is_over:
            knowledge = seat_knowledge(game)
            world = knowledge.sample(rng)
            notation = world.pending.notations[policy.pick(world)]
            game.play(notation)
        scores.append(game.outcome_record.scores[game.seats[0]])
    # greedy teams with no advice made 2-4 points; the conventions make 16 or so
    assert sum(scores) / len(scores) >= 12, scores
