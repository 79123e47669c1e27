"""Love Letter's whole game: rounds (each a game of examples/love_letter.rules) played as
a campaign until a player holds enough tokens of affection, as the classic rulebook says:
7 with two players, 5 with three, 4 with four; each round's winners take a token, and the
first of them starts the next round."""
from __future__ import annotations

import random

import pytest

from support import load

TOKENS_TO_WIN = {2: 7, 3: 5, 4: 4}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_go_on_until_a_player_holds_enough_tokens(players):
    rules = load("examples/love_letter.rules")
    for seed in range(3):
        campaign = rules.new_campaign(players=players, seed=seed)
        rng = random.Random(seed)
        tokens, rounds, opener = [0] * players, 0, None
        while not campaign.is_over:
            assert max(tokens) < TOKENS_TO_WIN[players]
            assert campaign.offers() == [rounds + 1]
            game = campaign.next_game()
            if opener is not None:  # the last round's first winner starts this one
                assert game.view()["vars"]["starter"] == opener
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            winners = sorted(game.outcome["winners"])
            tokens = [t + (seat in winners) for seat, t in enumerate(tokens)]
            opener, rounds = winners[0], rounds + 1
            assert campaign.vars["tokens"][:players] == tokens
        assert max(tokens) == TOKENS_TO_WIN[players]
        assert campaign.vars["rounds"] == rounds
        champion = tokens.index(max(tokens))
        assert f"P{champion + 1} holds {max(tokens)} tokens of affection and wins the game" \
            in campaign.transcript()


def test_a_round_alone_draws_who_starts():
    """A round played on its own (not in a whole game) draws its first player."""
    rules = load("examples/love_letter.rules")
    assert "first player" in rules.chance_events()
    game = rules.new_game(players=3, seed=0, fix={"first player": "P3"})
    assert game.view()["vars"]["starter"] == 2  # P3
