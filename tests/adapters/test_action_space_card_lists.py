"""A ``choose`` whose options are lists of cards (Gin Rummy's ``choose m in melds_in(held)``)
offers moves named by their cards joined with ``+`` (``2h+3h+4h``). The action space worked
out from the rules (rulelang/adapters/actions.py) must hold each one a game can offer;
PettingZoo's api_test, sampling actions at random, met one it did not hold (the test was
then unseeded: tests/adapters/test_pettingzoo.py now seeds it). This plays the seeded random
game that reaches such a decision and checks every move offered up to there has an id."""
from __future__ import annotations

import random

import pytest

from rulelang.adapters.table import open_table
from support import ROOT

GIN = ROOT / "examples/gin_rummy.rules"
MELDS_SEED = 59  # its random game reaches a player laying melds at decision 49


def _first_moves_without_an_id(table, seed: int) -> tuple[int, list[str]] | None:
    game = table.new_game(seed)
    rng = random.Random(seed)
    decision = 0
    while not game.is_over:
        moves = game.legal_moves()
        missing = [str(m) for m in moves if str(m) not in table.actions.ids]
        if missing:
            return decision, missing
        game.play(moves[rng.randrange(len(moves))])
        decision += 1
    return None


def test_the_seeded_game_reaches_a_decision_on_lists_of_cards():
    table = open_table(GIN, players=2)
    game = table.new_game(MELDS_SEED)
    rng = random.Random(MELDS_SEED)
    offered = False
    while not game.is_over and not offered:
        moves = game.legal_moves()
        offered = any("+" in str(m) for m in moves)
        game.play(moves[rng.randrange(len(moves))])
    assert offered


@pytest.mark.xfail(strict=True, reason="the action space leaves out moves that are lists of "
                   "cards (a meld): actions.build takes a list of cards from a zone for a card "
                   "(reported, not fixed)")
def test_every_move_a_seeded_game_offers_has_an_action_id():
    assert _first_moves_without_an_id(open_table(GIN, players=2), MELDS_SEED) is None
