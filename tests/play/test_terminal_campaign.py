"""`rulelang run` for rules that declare a campaign: the menu a person sees, a campaign saved
and continued with --campaign, one game of it alone, and a campaign played by bots only.
Yami's table talk (YA-82) is stated before each mission."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.play.save_files import read_save, write_save
from support.small_rules import HANDS_PLAY
from support.terminal import run

TALK = "While the trick is played, the players exchange nothing at all."


@pytest.mark.slow
def test_the_menu_starts_a_campaign_that_is_saved_and_continued(tmp_path):
    """YA-82 the talk stated in the menu and before the mission; YA-65 mission 1 offered;
    YA-86 the campaign saved on quitting goes on with --campaign."""
    save = tmp_path / "adventure.json"
    term = run("games/yami.rules", "--bot-seed", "1", columns=100, rows=40)
    screen = term.wait("1, 2 or 3")
    assert "1. start a new campaign" in screen and "3. play one game" in screen
    assert TALK in screen
    term.type("1", "how many players")
    term.type("3", "save the campaign to which file?")
    screen = term.type(str(save), "which mission?")
    assert "mission open now:\n  1\n" in screen and TALK in screen  # (a number: not numbered)
    assert "moon path (boxes ticked): 0" in screen
    screen = term.type("", "P1, ")
    assert "Yami · you are P1 · Mission 1" in screen  # the option by its title
    term.type("save", "saved to")
    term.child.sendline("quit")
    term.child.expect("Quit\\? The campaign will be saved to")
    term.child.sendline("y")
    assert f"stopped: the campaign is saved to {save} (--campaign {save} goes on with it)" in \
        term.finish()
    campaign = rulelang.load("games/yami.rules").restore_campaign(read_save(save))
    assert campaign.game is not None and campaign.players == 3
    term = run("games/yami.rules", "--campaign", str(save), "--bot-seed", "1",
               columns=100, rows=40)
    screen = term.wait("Enter to go on")
    assert "mission 1 goes on" in screen and TALK in screen
    screen = term.type("", "P1, ")
    assert "Yami · you are P1 · Mission 1" in screen  # the option by its title
    term.child.sendeof()
    term.finish()


def test_the_menu_plays_one_game_of_the_campaign_alone():
    """The third choice: one mission, chosen among the option's values (here K3; its night
    mode, YA-81, is tested in test_yami_campaign.py)."""
    # a random partner: the test is about the menu, not how long an mcts partner thinks
    term = run("games/yami.rules", "--bot-seed", "1", "--bot", "P2=random", columns=100, rows=40)
    term.wait("1, 2 or 3")
    term.type("3", "how many players")
    screen = term.type("2", "which mission?")
    assert "one of: 1, 2, A, B, C, D, K1, K2, K3, K4, 22" in screen
    screen = term.type("K9", "which mission?")
    assert "'K9' is not one of them" in screen
    screen = term.type("K3", "P1, ")
    # the option by its title (the menu's game has a seed of its own, and now and then the
    # partners' moves end it before P1 is asked: "game over" then shows in the header too)
    assert re.search(r"Yami · you are P1 · (game over · )?Mission K3", screen)
    # (not "night mode": its setup line scrolls away when the bots play first)
    term.child.sendeof()
    term.finish()


def test_bots_play_a_whole_campaign_and_print_it(tmp_path):
    """YA-68, YA-70: bots only, the campaign runs to its end (here the moon path fills up)
    and its transcript is printed; run again on its file, it is over already: its transcript
    again, and a note that nothing is left to play."""
    save = tmp_path / "bots.json"
    # random bots: a campaign of mcts partners (the default) takes minutes
    args = ["run", "games/yami.rules", "--campaign", str(save), "--bots", "all", "--seed", "3",
            "--bot", "P1=random", "--bot", "P2=random"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Yami: a campaign for 2 players\n-- game 1: mission 1 --")
    assert "the moon path: box 12 of 12 is ticked" in result.output
    assert json.loads(read_save(save))["vars"]["moon"] == 12
    again = CliRunner().invoke(cli, ["run", "games/yami.rules", "--campaign", str(save),
                                     "--bots", "all"])
    assert again.exit_code == 0 and again.stdout == result.stdout
    assert again.stderr == (f"note: the campaign saved in {save} is over: nothing is left to "
                            "play; give another --campaign file to start a new one\n")
    assert "is over" not in result.stderr
    same = CliRunner().invoke(cli, args[:3] + [str(tmp_path / "twin.json")] + args[4:])
    assert same.output == result.output  # the same seed plays the same campaign


def test_campaign_mistakes_on_the_command_line(tmp_path):
    game_save = tmp_path / "game.json"
    write_save(game_save, rulelang.load("games/yami.rules").new_game(seed=1).save())
    result = CliRunner().invoke(cli, ["run", "games/yami.rules", "--campaign", str(game_save),
                                      "--bots", "all"])
    assert result.exit_code == 65 and "the save of one game, not of a campaign" in result.output
    result = CliRunner().invoke(cli, ["run", "examples/nim.rules", "--campaign",
                                      str(tmp_path / "c.json"), "--bots", "all"])
    assert result.exit_code == 2 and "declares no campaign" in result.output
    existing = tmp_path / "c.json"
    write_save(existing, rulelang.load("games/yami.rules").new_campaign(seed=1).save())
    result = CliRunner().invoke(cli, ["run", "games/yami.rules", "--campaign", str(existing),
                                      "--players", "3", "--bots", "all"])
    assert result.exit_code == 2 and "holds a campaign already" in result.output
    result = CliRunner().invoke(cli, ["run", "games/yami.rules", "--campaign", str(existing),
                                      "--load", str(game_save)])
    assert result.exit_code == 2 and "--load, --save and --moves are for one game" in result.output
    result = CliRunner().invoke(cli, ["run", "examples/league.rules", "--campaign",
                                      str(tmp_path / "new.json"), "--option", "round=2",
                                      "--bots", "all"])
    assert result.exit_code == 2 and "leave out --option round=..." in result.output
    assert "next_game" not in result.output  # (Python's words, not the command line's)
    assert not (tmp_path / "new.json").exists()


def test_info_says_the_rules_are_a_campaign_and_states_the_talk():
    """YA-82: rulelang info lists what the players may say."""
    result = CliRunner().invoke(cli, ["info", "games/yami.rules"])
    assert f"table talk: {TALK}" in result.output
    assert "a campaign: games played one after another, each with its own mission" in \
        result.output


def test_the_menu_never_starts_a_new_campaign_over_a_saved_one(tmp_path):
    """Starting a new campaign in a file that holds one would throw the saved one away at the
    first save: the menu asks for another file (and for a folder that exists) instead."""
    rules = rulelang.load("examples/league.rules")
    saved = rules.new_campaign(players=2, seed=1)
    saved.next_game(2)
    existing = tmp_path / "league.json"
    write_save(existing, saved.save())
    before = existing.read_bytes()
    league = str(Path("examples/league.rules").resolve())
    term = run(league, "--bot-seed", "1", columns=100, rows=30, cwd=tmp_path)
    term.wait("1, 2 or 3")
    term.type("1", "how many players")
    term.type("2", "save the campaign to which file?")
    screen = term.type("league.json", "save the campaign to which file?")
    assert "league.json exists already: name a new file" in " ".join(screen.split())
    screen = term.type("nowhere/c.json", "save the campaign to which file?")
    assert "nowhere to save into" in " ".join(screen.split())
    term.type("new.json", "which round?")
    term.child.sendline("quit")
    term.finish()
    assert existing.read_bytes() == before
    assert rules.restore_campaign(read_save(tmp_path / "new.json")).played == []


HANDS_CAMPAIGN = '''game "Hands"
players 2
option round: int in 1..2 = 1 "round"
campaign {
  var played: list of int = [], label "played"
  offer round in [r for r in 1..2 if r not in played]
  after { played += [round] }
}
''' + HANDS_PLAY


def test_a_campaign_saved_during_a_persons_game_goes_on_only_with_that_person(tmp_path):
    """As a game's save (test_run_saved_and_stopped.py): the campaign saved while P1's person
    plays holds P2's hand, so it does not go on with a person in P2's seat (who would see it),
    nor with a bot in P1's, nor as bots only."""
    (tmp_path / "hands.rules").write_text(HANDS_CAMPAIGN)
    term = run("hands.rules", "--campaign", "c.json", "--bot", "P2=first", "--bot-seed", "1",
               columns=200, cwd=tmp_path)
    term.wait("which round?")
    term.type("", "play a card")
    term.child.sendline("quit")
    term.child.expect("Quit\\? The campaign will be saved to")
    term.child.sendline("y")
    term.finish()
    saved = json.loads(read_save(tmp_path / "c.json"))
    assert saved["people"] == ["P1"]
    game = rulelang.loads(HANDS_CAMPAIGN).restore_campaign(json.dumps(saved)).game
    theirs = [card["name"] for card in game.view(None)["zones"]["hand[P2]"]["cards"]]
    for extra in (["--bot", "P1=first", "--bot", "P2=human"], ["--bot", "P2=human"]):
        refused = run("hands.rules", "--campaign", "c.json", *extra, columns=200,
                      cwd=tmp_path).finish()
        assert "this game was saved while P1 played it here" in refused, extra
        assert not any(name in refused for name in theirs)
    result = CliRunner().invoke(cli, ["run", str(tmp_path / "hands.rules"), "--campaign",
                                      str(tmp_path / "c.json"), "--bots", "all"])
    assert result.exit_code == 2 and "saved while P1 played it here" in result.output
    again = run("hands.rules", "--campaign", "c.json", "--bot", "P2=first", columns=200,
                cwd=tmp_path)
    assert "round 1 goes on" in again.wait("Enter to go on")
    again.child.close(force=True)


def test_a_save_is_read_once_for_its_game_and_its_people(tmp_path, monkeypatch):
    """A game's save (--load) and a campaign's (--campaign) were each read and opened twice:
    once for the game, once for the people who played it. Once now, and the people still
    keep their seats (bots only are refused)."""
    from rulelang.play import save_files
    from support.small_rules import HANDS
    game = rulelang.loads(HANDS).new_game(players=2, seed=1)
    write_save(tmp_path / "game.json", save_files.with_people(game.save(), ["P1"]))
    (tmp_path / "hands.rules").write_text(HANDS)
    campaign = rulelang.loads(HANDS_CAMPAIGN).new_campaign(2, 1)
    campaign.next_game(1)
    write_save(tmp_path / "c.json", save_files.with_people(campaign.save(), ["P1"]))
    (tmp_path / "campaign.rules").write_text(HANDS_CAMPAIGN)
    opened = []
    read = save_files.read_save

    def counted(path, *args, **kwargs):
        opened.append(Path(path).name)
        return read(path, *args, **kwargs)
    monkeypatch.setattr(save_files, "read_save", counted)
    for rules, given in (("hands.rules", ["--load", "game.json"]),
                         ("campaign.rules", ["--campaign", "c.json"])):
        result = CliRunner().invoke(cli, ["run", str(tmp_path / rules),
                                          *given[:1], str(tmp_path / given[1]), "--bots", "all"])
        assert result.exit_code == 2 and "saved while P1 played it here" in result.output
    assert opened == ["game.json", "c.json"]


def test_the_next_game_is_the_one_typed_when_the_values_offered_are_numbers(tmp_path):
    """Rounds 2 and 3 open: "2" is round 2, not the second value offered (round 3)."""
    rules = rulelang.load("examples/league.rules")
    campaign = rules.new_campaign(players=2, seed=1)
    game = campaign.next_game(1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert campaign.offers() == [2, 3]
    write_save(tmp_path / "league.json", campaign.save())
    league = str(Path("examples/league.rules").resolve())
    term = run(league, "--campaign", "league.json", "--bot", "P2=first", columns=100, rows=30,
               cwd=tmp_path)
    screen = term.wait("which round?")
    assert "1. 2" not in screen  # numbers offered are not numbered too
    screen = term.type("7", "which round?")
    assert "'7' is not open now: type one of 2, 3, or quit" in screen
    screen = term.type("help", "which round?")
    assert "type the round to play next (Enter: 2), or quit" in screen
    assert "is not open now" not in screen
    screen = term.type("2", "P1, ")
    assert "round 2" in screen.splitlines()[0]
    term.child.close(force=True)
