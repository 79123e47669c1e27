"""Campaign variables kept per key, like any variable (issue 29): each game starts with the
values the game before left, per key; a game's changes are its own until it is over; a
campaign save keeps them, and a save whose keys are wrong is refused."""
from __future__ import annotations

import json

import pytest

import rulelang

RULES = '''game "League"
players 2..3
option round: int in 1..3 = 1
enum Medal { gold, silver }
const rounds = 3
campaign {
  var stars[player]: int = 0, label "stars"
  var medals[Medal]: int = 0
  var by_round[1..rounds]: list of int = []
  var played: int = 0
  offer round in if played < 3 then [played + 1] else []
  after {
    played += 1
    stars[winner] += 1
    medals[if played == 1 then gold else silver] += 1
    by_round[round] += [played]
  }
}
var winner: seat = none
turn {
  choose n in 1..2 prompt "n"
  winner = current
  win current
}
'''


def keyed(value) -> dict:
    return {str(k): v for k, v in value.items()}


def play_one(campaign, choice: int, move: str = "1"):
    game = campaign.next_game(choice)
    game.play(move)
    return game


def test_each_game_starts_with_what_the_game_before_left_per_key():
    campaign = rulelang.loads(RULES).new_campaign(players=2, seed=4)
    play_one(campaign, 1)
    assert keyed(campaign.vars["stars"]) == {"P1": 1, "P2": 0}
    game = campaign.next_game(2)
    assert game.view(0)["vars"]["stars"] == {"P1": 1, "P2": 0}
    game.play("2")
    assert keyed(campaign.vars["stars"]) == {"P1": 2, "P2": 0}
    assert keyed(campaign.vars["medals"]) == {"gold": 1, "silver": 1}
    assert keyed(campaign.vars["by_round"]) == {"1": [1], "2": [2], "3": []}


def test_a_game_changes_its_own_copy_until_it_is_over():
    campaign = rulelang.loads(RULES).new_campaign(players=3, seed=1)
    play_one(campaign, 1)
    kept = keyed(campaign.vars["by_round"])
    game = campaign.next_game(2)
    game.vars["by_round"][1].append(99)  # the game's own list, not the campaign's
    assert keyed(campaign.vars["by_round"]) == kept


@pytest.mark.parametrize("between_games", [True, False])
def test_a_campaign_save_keeps_keyed_variables(between_games):
    rules = rulelang.loads(RULES)
    campaign = rules.new_campaign(players=3, seed=2)
    play_one(campaign, 1)
    if not between_games:
        campaign.next_game(2)
    again = rules.restore_campaign(campaign.save())
    assert keyed(again.vars["stars"]) == keyed(campaign.vars["stars"]) == {"P1": 1, "P2": 0,
                                                                             "P3": 0}
    assert keyed(again.vars["medals"]) == {"gold": 1, "silver": 0}


def test_a_save_with_a_key_the_variable_does_not_have_is_refused():
    rules = rulelang.loads(RULES)
    campaign = rules.new_campaign(players=2, seed=2)
    play_one(campaign, 1)
    data = json.loads(campaign.save())
    data["vars"]["by_round"]["keyed"][0][0] = 7  # a round the variable is not kept for
    with pytest.raises(rulelang.RulesError, match="damaged"):
        rules.restore_campaign(json.dumps(data))
