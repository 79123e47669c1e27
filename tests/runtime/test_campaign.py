"""Campaigns in the language (campaign { var ... offer ... after { ... } }): games played one
after another with variables kept across them, and the campaign save. A small league for
tests: tests/rules/league.rules. (Yami's campaign: test_yami_campaign.py.)"""
from __future__ import annotations

import json

import pytest

import rulelang
from support import ROOT, load

LEAGUE = "tests/rules/league.rules"


def league():
    return load(LEAGUE)


def won_by(game, seat):
    """Play the guessing game so that ``seat`` guesses 1 first."""
    while not game.is_over:
        game.play("1" if game.to_move == seat else "2")


def test_the_offer_lists_the_next_games_and_the_first_is_the_default():
    campaign = league().new_campaign(seed=1)
    assert campaign.offers() == [1, 2, 3]
    game = campaign.next_game()
    assert game.options["round"] == 1 and game.view(None)["options"] == {"round": 1}
    with pytest.raises(rulelang.RulesError, match="not over yet"):
        campaign.next_game()
    won_by(game, 1)
    assert campaign.offers() == [2, 3]
    with pytest.raises(rulelang.RulesError, match=r"round=1 is not offered now \(offered: 2, 3\)"):
        campaign.next_game(1)
    assert campaign.next_game("3").options["round"] == 3  # as options are given: text too


def test_variables_are_kept_from_game_to_game_and_after_runs_once_per_game():
    campaign = league().new_campaign(seed=1)
    assert campaign.vars["points"] == [0, 0] and campaign.vars["level"].name == "rookies"
    won_by(campaign.next_game(2), 1)
    assert campaign.vars["played"] == [2] and campaign.vars["points"] == [0, 1]
    game = campaign.next_game(1)
    assert game.view(None)["vars"]["points"] == [0, 1]  # the next game starts with them
    assert {str(m) for m in game.legal_moves()} == {"1", "2"}
    won_by(game, 1)
    assert campaign.vars["points"] == [0, 2] and campaign.vars["level"].name == "masters"
    game = campaign.next_game()
    assert {str(m) for m in game.legal_moves()} == {"1", "2", "3", "4"}  # the league's level changed it
    won_by(game, 0)
    assert campaign.is_over and campaign.offers() == [] and campaign.game is None
    assert campaign.vars == {"played": [2, 1, 3], "points": [1, 2],
                             "level": campaign.vars["level"]}
    assert [p.choice for p in campaign.played] == [2, 1, 3]
    assert campaign.transcript().count("of the league:") == 3
    with pytest.raises(rulelang.RulesError, match="the campaign is over"):
        campaign.next_game()


def test_a_game_alone_starts_with_the_declared_values_and_runs_no_after_block():
    game = league().new_game(seed=1)
    won_by(game, 0)
    assert game.view(None)["vars"]["points"] == [0, 0]
    assert "of the league" not in game.transcript()
    labels = game.view(0)["var_labels"]
    assert labels == {"guesses": "guesses"}  # campaign variables shown in campaigns only
    inside = league().new_campaign(seed=1).next_game()
    shown = inside.view(0)["var_labels"]
    assert shown["points"] == "points" and shown["level"] == "level"
    assert "played" not in shown  # [] so far: shown once it holds something


def play_out(campaign, stop=None):
    """Play the league to its end, each game won by the seat to move after one '2'; with
    ``stop`` (a count of moves), save and restore the campaign at that point."""
    moves = 0
    while not campaign.is_over:
        game = campaign.next_game()
        while not game.is_over:
            game.play("2" if moves % 3 else "1")
            moves += 1
            if moves == stop:
                campaign = league().restore_campaign(campaign.save())
                game = campaign.game
                if game is None:  # that move ended the game
                    break
    return campaign


@pytest.mark.parametrize("stop", [1, 2, 4, 5, 6])
def test_a_campaign_saved_between_or_during_games_goes_on_the_same(stop):
    whole = play_out(league().new_campaign(seed=4))
    resumed = play_out(league().new_campaign(seed=4), stop)
    assert resumed.save() == whole.save()
    assert resumed.transcript() == whole.transcript()


def test_a_campaign_save_is_plain_json_and_the_same_seed_plays_the_same_games():
    first, second = league().new_campaign(seed=9), league().new_campaign(seed=9)
    for campaign in (first, second):
        campaign.next_game(2).play("2")
    assert first.save() == second.save()
    data = json.loads(first.save())
    assert data["format"] == "rulelang-campaign/1" and data["players"] == 2
    assert data["vars"] == {"played": [], "points": [0, 0], "level": {"enum": ["Level", "rookies"]}}
    assert data["game"]["format"] == "rulelang-save/2"  # the game in progress, as a game save
    seeds = {json.loads(first.save())["game"]["seed"], league().new_campaign(seed=10).next_game(2).seed}
    assert len(seeds) == 2


def edited(change):
    data = json.loads(league().new_campaign(seed=1).save())
    change(data)
    return json.dumps(data)


def _game_over(data):
    game = league().new_game(seed=1, options={"round": 1})
    won_by(game, 0)
    data["game"] = json.loads(game.save())


def _other_options(data):
    game = league().new_campaign(seed=1).next_game()
    data["game"] = json.loads(game.save())
    data["options"] = {"round": 2}


@pytest.mark.parametrize("change, why", [
    (lambda d: d["vars"].update(points=["a", 0]), "damaged.*variable 'points' does not hold "
                                                   r"what the rules declare \(list of int\)"),
    (lambda d: d["vars"].update(level={"enum": ["Level", "legends"]}), "variable 'level'"),
    (lambda d: d["vars"].update(level={"enum": ["Other", "rookies"]}), "variable 'level'"),
    (lambda d: d["vars"].update(extra=1), r"variables are not the rules' \(not declared: extra"),
    (lambda d: d["vars"].pop("played"), r"variables are not the rules' \(missing: played\)"),
    (lambda d: d.pop("played"), "damaged and cannot be restored: it has no 'played'"),
    (lambda d: d.update(players=5), "damaged.*its 'players' is not what the rules allow"),
    (lambda d: d.update(seed="x"), "damaged.*its 'seed'"),
    (lambda d: d.update(options={"round": 2}), "damaged"),
    (lambda d: d.update(options={"speed": 2}), "damaged"),
    (lambda d: d.update(played=[{"number": 2}]), "damaged"),
    (lambda d: d.update(game={"format": "rulelang-save/2"}), "damaged"),
    (_game_over, "damaged"),
    (_other_options, "damaged"),
    (lambda d: d.update(fingerprint="0" * 16), "from other rules"),
    (lambda d: d.update(format="rulelang-save/2"), "the save of one game"),
])
def test_a_damaged_campaign_save_is_refused_with_a_reason(change, why):
    with pytest.raises(rulelang.RulesError, match=why) as error:
        league().restore_campaign(edited(change))
    assert "Traceback" not in str(error.value)


def test_a_campaign_save_larger_than_any_save_may_be_is_refused_before_it_is_read():
    from interpreter.runtime.saving import MAX_SAVE
    text = league().new_campaign(seed=1).save()
    with pytest.raises(rulelang.RulesError, match="campaign save is too large"):
        league().restore_campaign(text + " " * (MAX_SAVE - len(text) + 1))


def test_what_is_not_a_campaign_save_is_refused():
    for text in ("", "[]", "{", '{"format": 3}'):
        with pytest.raises(rulelang.RulesError, match="not a rulelang campaign save"):
            league().restore_campaign(text)
    with pytest.raises(rulelang.RulesError, match="declares no campaign"):
        load("examples/nim.rules").new_campaign()
    with pytest.raises(rulelang.RulesError, match="chosen game by game"):
        league().new_campaign(options={"round": 2})
    with pytest.raises(rulelang.RulesError, match="has no option"):
        league().new_campaign(options={"speed": 2})
    with pytest.raises(rulelang.RulesError, match="for 2 to 2 players"):
        league().new_campaign(players=3)


HEAD = 'game "G"\nplayers 2\noption stage: int = 1\n'
PLAY = "turn { choose n in 1..2 prompt \"n\"  win current }\n"


@pytest.mark.parametrize("campaign, message", [
    ("campaign { var a: int = 0  offer stage in [1]  after { choose x in [1] by players[0] } }",
     "cannot ask for a decision"),
    ("campaign { var a: int = 0  offer stage in [1]  after { win current } }",
     "'win' in a campaign's 'after' block"),
    ("rule ask() { choose x in [1] by players[0] }\n"
     "campaign { var a: int = 0  offer stage in [1]  after { ask() } }",
     "rule 'ask' can ask for a decision"),
    ("rule stop() { end }\ncampaign { var a: int = 0  offer stage in [1]  after { stop() } }",
     "rule 'stop' can win, lose or end the game"),
    ("campaign { var a[1..stage]: int = 0  offer stage in [1] }",
     "its keys would change from game to game"),
    ("zone deck: pile\ncampaign { var a: seat = none  offer stage in [1] }", "holds a player"),
    ("campaign { var a: int = 0, hidden  offer stage in [1] }", "cannot be 'hidden'"),
    ("campaign { var a: int = 0 }", "needs an 'offer OPTION in VALUES'"),
    ("campaign { offer level in [1] }", "unknown option 'level'"),
    ("campaign { offer stage in [\"one\"] }", "the values offered for 'stage' should be"),
    ("campaign { offer stage in [1] }\ncampaign { offer stage in [2] }",
     "already declare a campaign"),
    ("campaign { offer stage in [1]  offer stage in [2] }", "a campaign has one 'offer'"),
])
def test_campaign_mistakes_are_clear_errors(campaign, message):
    with pytest.raises(rulelang.CheckError, match=message) as error:
        rulelang.loads(HEAD + campaign + "\n" + PLAY, "g.rules")
    assert "g.rules:" in error.value.render()


def test_an_offered_list_option_is_refused_and_talk_is_plain_text():
    with pytest.raises(rulelang.CheckError, match="a campaign offers a single value"):
        rulelang.loads('game "G"\nplayers 2\noption stages: list of int = [1]\n'
                       "campaign { offer stages in [[1]] }\n" + PLAY, "g.rules")
    with pytest.raises(rulelang.CheckError, match="plain text"):
        rulelang.loads(HEAD + 'talk "say {current}"\n' + PLAY, "g.rules")
    rules = rulelang.loads(HEAD + 'talk "no hints"\ntalk "no signs"\n' + PLAY, "g.rules")
    assert rules.program.talk == ["no hints", "no signs"]


def test_an_offered_value_the_option_does_not_allow_is_said_at_the_offer():
    """Offered, round=4 could not start a game: said where the rules offer it, as a rule's
    failure (it was a traceback from deep in starting the game)."""
    rules = rulelang.loads('game "Past"\nplayers 2\noption round: int in 1..3 = 1 "r"\n'
                           'campaign {\n  var played: list of int = []\n'
                           '  offer round in [r for r in 3..5 if r not in played]\n'
                           '  after { played += [round] }\n}\n'
                           'turn {\n  choose n in 1..3 prompt "g"\n  end\n}\n', name="past.rules")
    campaign = rules.new_campaign(seed=1)
    with pytest.raises(rulelang.RulesRuntimeError) as error:
        campaign.offers()
    text = error.value.render()
    assert text.startswith("past.rules:6:18: error: the campaign offers round=4, which the "
                           "option does not allow (1, 2, 3)")
    assert "hint: offer only values the option round allows" in text
    with pytest.raises(rulelang.RulesRuntimeError, match="offers round=4"):
        campaign.next_game(3)


def test_a_campaign_save_of_changed_rules_says_what_to_do(tmp_path):
    rules_file = tmp_path / "league.rules"
    text = (ROOT / LEAGUE).read_text()
    rules_file.write_text(text)
    saved = rulelang.load(rules_file).new_campaign(seed=1).save()
    rules_file.write_text(text + "# a comment\n")
    with pytest.raises(rulelang.RulesError, match="the rules changed since it was made: it goes "
                       "on only with the rules it was made with") as error:
        rulelang.load(rules_file).restore_campaign(saved)
    assert "go back to that version of the file" in str(error.value)


WITH_OPTIONS = '''game "Options kept"
players 2
option round: int in 1..2 = 1
option bonus: int in 0..5 = 0
option hard: bool = false
enum Pace { slow, fast }
option pace: Pace = slow
campaign {
  var played: list of int = []
  offer round in [r for r in 1..2 if r not in played]
  after { played += [round] }
}
turn {
  choose n in 1..2 prompt "n"
  win current
}
'''


def test_options_given_as_text_are_kept_as_values_so_a_save_mid_game_restores():
    """``--option bonus=3`` (the command line's and the lobby's options are text): the game
    is played with 3, and a campaign saved during a game restored (it was refused as
    damaged: the game's options, 3, were not the campaign's, "3")."""
    rules = rulelang.loads(WITH_OPTIONS)
    campaign = rules.new_campaign(2, 7, {"bonus": "3", "hard": "true", "pace": "fast"})
    game = campaign.next_game()
    assert game.options["bonus"] == 3 and game.options["hard"] is True
    again = rules.restore_campaign(campaign.save())
    assert again.options == campaign.options == {"bonus": 3, "hard": True, "pace": "fast"}
    assert again.game is not None and again.game.options == game.options


FAILING_AFTER = '''game "Failing after"
players 2
option round: int in 1..3 = 1
campaign {
  var played: list of int = []
  offer round in [r for r in 1..3 if r not in played]
  after {
    played += [round]
    log "round {round} over"
    played += [played[3]]
  }
}
turn {
  choose n in 1..2 prompt "n"
  win current
}
'''


def test_an_after_block_that_fails_is_run_once_and_its_failure_said_each_time_after():
    """Every read of the campaign settles it: an after block that failed was run again at
    each (a page's state, a save), its log line added again and its variables changed again,
    until an index it failed on existed and the campaign went on from the damage."""
    campaign = rulelang.loads(FAILING_AFTER).new_campaign(2, 1)
    game = campaign.next_game()
    game.play("1")
    said = set()
    for _ in range(4):
        with pytest.raises(rulelang.RulesError) as failed:
            campaign.offers()
        said.add(str(failed.value))
    assert len(said) == 1 and "index 3 is past the end (size 1)" in said.pop()
    assert game.transcript().count("round 1 over") == 1
    assert game.vars["played"] == [1]
