"""A ``choose`` whose options are lists of cards (Gin Rummy's ``choose m in melds_in(held)``)
offers moves named by their cards joined with ``+`` (``2h+3h+4h``). The action space worked
out from the rules (rulelang/adapters/actions.py) must hold each one a game can offer;
PettingZoo's api_test, sampling actions at random, met one it did not hold (the test was
then unseeded: tests/adapters/test_pettingzoo.py now seeds it). The lists are now worked out
by running the rules' function on every card (rulelang/adapters/card_lists.py). These play
the seeded random game that reaches such a decision, and more, and check every move offered
has an id; and that the melds numbered are the 185 the rules can make."""
from __future__ import annotations

import random

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


def test_every_move_a_seeded_game_offers_has_an_action_id():
    assert _first_moves_without_an_id(open_table(GIN, players=2), MELDS_SEED) is None


def test_every_move_of_many_seeded_games_has_an_action_id():
    table = open_table(GIN, players=2)
    for seed in range(120):
        assert _first_moves_without_an_id(table, seed) is None, seed


def test_the_melds_are_numbered_once_each_as_the_rules_find_them_among_all_cards():
    """``melds_in`` run on the 52 cards: each rank's four and its four threes (65), and each
    suit's runs of three to five (4 x (11 + 10 + 9) = 120): OpenSpiel's gin_rummy numbers
    the same 185 melds."""
    actions = open_table(GIN, players=2).actions
    (section,) = [s for s in actions.sections if s.name == "card lists"]
    melds = actions.notations[section.start:section.stop]
    assert len(melds) == 185 == len(set(melds))
    assert sum(len(m.split("+")) == 4 and len({c[:-1] for c in m.split("+")}) == 1
               for m in melds) == 13
    assert {"As+Ac+Ad+Ah", "Ac+Ad+Ah", "As+2s+3s", "9h+Th+Jh+Qh+Kh"} <= set(melds)
    assert "Js+Qs+Ks+As" not in melds  # an ace is low only
