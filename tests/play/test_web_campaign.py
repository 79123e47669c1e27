"""A campaign in the browser (`rulelang serve FILE --campaign SAVE`, or the lobby's
Campaign box): its games one after another at one table with the same links, its state on
every page between games, the next game chosen by a player among those offered, the
campaign saved after every move and continued from its file, bots seated for every game."""
from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

import rulelang
from rulelang.play.cli import cli
from rulelang.play.save_files import read_save, write_save
from rulelang.play.web.app import create_app
from rulelang.play.web.campaign_table import choose_next
from rulelang.play.web.host import Host
from rulelang.play.web.tables import SPECTATOR
from support import ROOT, load
from support.web import (
    HAS_CHROMIUM,
    NO_CHROMIUM,
    live_server,
    open_page,
    receive_state,
    token_of,
    until,
    until_settled,
)

LEAGUE = "tests/rules/league.rules"  # each game: guess 1 or 2 in turn, 1 wins


def league_table(host=None, kinds=None, save_path=None, options=None, path=LEAGUE):
    host = host or Host()
    table = host.open(path.rsplit("/", 1)[-1], load(path), 2, options or {},
                      {"P2": "random"} if kinds is None else kinds, seed=5,
                      save_path=save_path, campaign=True)
    return host, table


def play_to_the_end(ws, table, state) -> dict:
    """P1 plays its game to its end (guessing 1 wins it at P1's first turn)."""
    while not state["view"]["over"]:
        ws.send_text(json.dumps({"move": "1", "version": state["version"]}))
        state = until_settled(ws, table)
    return state


def test_a_campaign_goes_game_after_game_at_one_table_its_state_on_every_page(tmp_path):
    save = tmp_path / "league.json"
    host, table = league_table(save_path=save)
    tokens = dict(table.tokens)
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws:
        state = until_settled(ws, table)
        assert state["campaign"]["playing"] == 1 and state["campaign"]["offers"] == []
        assert state["view"]["options"] == {"round": 1}  # the first offered
        assert state["again"] is None
        state = play_to_the_end(ws, table, state)
        campaign = state["campaign"]
        assert campaign["playing"] is None and not campaign["over"]
        assert campaign["offers"] == ["2", "3"]
        assert campaign["last"] == {"number": 1, "choice": "1",
                                    "ending": "game over: P1 wins; scores P1 0, P2 0",
                                    "after": ["round 1 of the league: P1 scores"]}
        assert {"label": "points", "value": "1 and 0"} in campaign["kept"]
        assert state["view"]["log"][-1] == "round 1 of the league: P1 scores"  # settled first
        # the campaign is saved after the game, its last game kept for the pages
        saved = json.loads(read_save(save))
        assert saved["campaign"]["game"] is None and saved["game"]["history"]
        ws.send_text(json.dumps({"next": "3", "version": state["version"]}))
        state = until_settled(ws, table)
        assert state["view"]["options"] == {"round": 3} and state["campaign"]["playing"] == 2
        assert state["view"]["vars"]["points"] == [1, 0]  # carried into the new game
        assert table.tokens == tokens and table.kinds == {0: "human", 1: "random"}
    saved = json.loads(read_save(save))  # saved during a game: the game in the campaign's
    assert saved["campaign"]["played"][0]["choice"] == 1 and saved["game"] is None
    assert saved["campaign"]["game"]["options"]["round"] == 3
    # started again from its file: the same links, the campaign where it was
    again = Host()
    resumed = again.resume_campaign_file(save, "league.rules", load(LEAGUE), {})
    assert resumed.tokens == tokens and resumed.version == table.version
    assert resumed.campaign.save() == table.campaign.save()
    with TestClient(create_app(again)) as client, \
            client.websocket_connect(f"/t/{token_of(resumed, 'P1')}/ws") as ws:
        state = play_to_the_end(ws, resumed, until_settled(ws, resumed))
        assert state["campaign"]["offers"] == ["2"]
        ws.send_text(json.dumps({"next": "2", "version": state["version"]}))
        state = play_to_the_end(ws, resumed, until_settled(ws, resumed))
        assert state["campaign"]["over"] and state["campaign"]["offers"] == []
        assert {"label": "rounds played", "value": "1, 3 and 2"} in state["campaign"]["kept"]
        transcript = client.get(f"/t/{token_of(resumed, 'P1')}/transcript.txt").text
    assert transcript.startswith("League: a campaign for 2 players\n-- game 1: round 1 --\n")
    assert "== the campaign is over: rounds played: 1, 3 and 2" in transcript
    assert transcript.endswith(resumed.game.transcript(0))  # then the last game's, the seat's
    assert resumed.finished


def test_a_campaign_restarted_between_games_shows_its_pages_what_they_showed(tmp_path):
    """Saved as its game ends (before anything read the campaign), then started again: the
    last game is the one the pages showed, the campaign's after block run in it (its log
    line, its variables kept) and its variables shown as a campaign game's."""
    save = tmp_path / "league.json"
    host, table = league_table(kinds={}, save_path=save)
    assert table.play(0, "1", table.version) is None
    host.save(table)  # as the server does after every move, before any page is sent
    resumed = Host().resume_campaign_file(save, "league.rules", load(LEAGUE), {})
    for seat in (0, 1, SPECTATOR):
        assert json.loads(resumed.message(seat)) == json.loads(table.message(seat))
    assert json.loads(resumed.message(0))["view"]["log"][-1] == \
        "round 1 of the league: P1 scores"
    assert resumed.transcript(0) == table.transcript(0)


FAILING_AFTER = """game "Failing after"
players 2
option round: int in 1..3 = 1
campaign {
  var played: list of int = []
  offer round in [r for r in 1..3 if r not in played]
  after {
    played += [round]
    played += [played[3]]
  }
}
turn {
  choose n in 1..2 prompt "n"
  win current
}
"""


def test_an_after_block_that_fails_stops_the_table_with_its_words_not_a_traceback(tmp_path):
    """The campaign's after block fails once the last move is played: every page is told
    where the rules failed (saving the campaign raised, the socket was dropped and no page
    heard of the move); the file keeps the campaign as it was before that move."""
    save = tmp_path / "failing.json"
    rules = rulelang.loads(FAILING_AFTER, "failing.rules")
    host = Host()
    table = host.open("failing.rules", rules, 2, {}, {}, seed=1, save_path=save, campaign=True)
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, 'P2')}/ws") as other, \
            client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws:
        receive_state(other)
        state = until_settled(ws, table)
        ws.send_text(json.dumps({"move": "1", "version": state["version"]}))
        state, seen = until_settled(ws, table), receive_state(other)
        transcript = client.get(f"/t/{token_of(table, 'P1')}/transcript.txt")
    assert transcript.status_code == 200 and transcript.text == table.game.transcript(0)
    for page in (state, seen):
        assert page["failure"] == "in campaign after: index 3 is past the end (size 1) " \
            "(line 9 of failing.rules)"
    resumed = Host().resume_campaign_file(save, "failing.rules", rules, {})
    assert resumed.version == 0 and not resumed.game.is_over


def test_the_next_game_is_chosen_once_by_a_player_among_those_offered():
    host, table = league_table()
    table.play_bots()
    assert choose_next(table, 0, "2", table.version) == "the game is not over yet"
    assert table.play(0, "1", table.version) is None
    version = table.version
    assert choose_next(table, SPECTATOR, "2", version) == \
        "a spectator watches: the players choose the next game"
    assert choose_next(table, 0, "1", version) == \
        "round 1 is not open now: choose one of 2, 3"
    assert choose_next(table, 0, "2", version - 1).startswith("the campaign has moved on")
    assert choose_next(table, 0, "2", version) is None
    assert choose_next(table, 0, "3", version).startswith("the campaign has moved on")
    assert table.game.options["round"] == 2 and table.version > version
    assert len(table.campaign.played) == 1
    # one game, not a campaign: no next game, and "play again" stays a campaign's no
    alone = Host().open("league.rules", load(LEAGUE), 2, seed=1)
    assert choose_next(alone, 0, "2", alone.version) == "this table plays one game, not a campaign"
    with pytest.raises(Exception, match="a campaign goes on with its next game"):
        host.again(table)


def test_a_first_game_not_offered_is_refused_with_the_ones_that_are():
    with pytest.raises(Exception, match=r"round=5 is not offered now|not allowed"):
        league_table(options={"round": "5"})
    _, table = league_table(options={"round": "2"})
    assert table.game.options["round"] == 2
    with pytest.raises(Exception, match="declares no campaign"):
        Host().open("nim.rules", load("examples/nim.rules"), 2, campaign=True)


def test_every_page_gets_the_same_campaign_state_of_the_kept_variables_only():
    """The campaign's variables are everyone's (docs/language.md): each seat's page and the
    spectator's are sent the same campaign state, which holds those variables and no other
    (the game's hidden number is no campaign variable: the state lists none but the kept)."""
    _, table = league_table(kinds={}, path="examples/league.rules")
    while not table.game.is_over:
        table.play(table.game.to_move, table.game.legal_moves()[0].notation, table.version)
    states = [json.loads(table.message(seat))["campaign"] for seat in (0, 1, SPECTATOR)]
    assert states[0] == states[1] == states[2]
    assert states[0]["talk"] == ["Guess aloud, but do not hint at what the others should guess."]
    assert [k["label"] for k in states[0]["kept"]] == ["rounds played", "league points (P1 to P4)",
                                                      "level"]


def test_a_campaign_of_bots_only_plays_its_games_one_after_another_to_its_end():
    host, table = league_table(kinds={"P1": "random", "P2": "random"})
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, 'spectator')}/ws") as ws:
        deadline = time.monotonic() + 30
        state = receive_state(ws)
        while not (state.get("campaign") or {}).get("over"):
            assert time.monotonic() < deadline
            state = receive_state(ws)
    assert [p.choice for p in table.campaign.played] == [1, 2, 3]  # the first offered each time


def test_the_lobby_opens_a_campaign_table(tmp_path):
    from rulelang.play.web.lobby import RulesFolder
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "league.rules").write_text((ROOT / LEAGUE).read_text())
    (folder / "nim.rules").write_text((ROOT / "examples/nim.rules").read_text())
    host = Host(folder=RulesFolder(folder))
    lobby = f"/lobby/{host.lobby()}"
    with TestClient(create_app(host)) as client:
        files = {f["file"]: f for f in client.get(f"{lobby}/rules").json()["files"]}
        assert files["league.rules"]["campaign"] == "round" and files["nim.rules"]["campaign"] is None
        wish = {"rules": "league.rules", "options": {"round": "2"}, "seats": {"P2": "random"}}
        bad = client.post(f"{lobby}/tables", json={**wish, "campaign": "yes"})
        assert bad.status_code == 400 and "campaign is true" in bad.json()["error"]
        nim = client.post(f"{lobby}/tables", json={"rules": "nim.rules", "campaign": True})
        assert "declares no campaign" in nim.json()["error"]
        opened = client.post(f"{lobby}/tables", json={**wish, "campaign": True}).json()
        with client.websocket_connect(opened["links"]["P1"] + "/ws") as ws:
            state = receive_state(ws)
        assert state["campaign"]["playing"] == 1 and state["view"]["options"] == {"round": 2}


def serve_once(monkeypatch, *args):
    """`rulelang serve ARGS` up to the point the server would start: (result, host)."""
    started = {}

    def fake_run(host, listener):
        started["host"] = host
        listener.close()

    monkeypatch.setattr("rulelang.play.cli.serve.run", fake_run)
    result = CliRunner().invoke(cli, ["serve", *args, "--port", "0"])
    return result, started.get("host")


def test_serve_campaign_starts_one_in_its_file_and_continues_it(monkeypatch, tmp_path):
    league = str(ROOT / LEAGUE)
    save = tmp_path / "league.json"
    result, host = serve_once(monkeypatch, league, "--campaign", str(save), "--bot", "P2=random")
    assert result.exit_code == 0, result.output
    assert "a campaign, its games one after another at this table (game 1 being played)" in \
        result.stdout
    table = next(iter(host.tables.values()))
    assert save.exists() and json.loads(read_save(save))["campaign"]["players"] == 2
    result, _ = serve_once(monkeypatch, league, "--save", str(tmp_path / "one.json"))
    assert "note: League declares a campaign: this table plays one game of it; --campaign FILE " \
        "plays its games one after another" in result.stderr
    result, again = serve_once(monkeypatch, league, "--campaign", str(save), "--bot", "P2=random")
    assert result.exit_code == 0, result.output
    assert f"continuing the campaign saved in {save}" in result.stderr
    assert next(iter(again.tables.values())).tokens == table.tokens
    result, _ = serve_once(monkeypatch, league, "--campaign", str(save), "--option", "round=2",
                           "--players", "3")
    assert result.exit_code == 2
    assert (f"{save} holds a campaign saved with other settings than --players 3 (it has 2), "
            "--option round=2 (its next game is chosen on the page") in result.stderr
    result, _ = serve_once(monkeypatch, league, "--campaign", str(save), "--bot", "P2=mcts")
    assert result.exit_code == 2
    assert (f"{save} holds a campaign saved with other seats than --bot P2=mcts (P2 is a "
            "random bot); a saved campaign goes on with the seats it was saved with") in \
        result.stderr
    # (one wording for every refusal of a save: a campaign's says a new campaign, not game)
    assert "to start a new campaign." in result.stderr and "new game" not in result.stderr


def test_serve_campaign_refuses_what_cannot_be_a_campaign(monkeypatch, tmp_path):
    league, nim = str(ROOT / LEAGUE), str(ROOT / "examples/nim.rules")
    save = tmp_path / "c.json"
    result, _ = serve_once(monkeypatch, nim, "--campaign", str(save))
    assert result.exit_code == 2 and "Nim declares no campaign" in result.stderr
    result, _ = serve_once(monkeypatch, league, "--campaign", str(save), "--save", str(save))
    assert result.exit_code == 2 and "--save is for one game" in result.output
    result, _ = serve_once(monkeypatch, league, "--campaign", str(tmp_path / "no" / "c.json"))
    assert result.exit_code == 2 and "there is no folder" in result.stderr
    one = tmp_path / "one.json"
    Host().open("league.rules", load(LEAGUE), 2, seed=1, save_path=one)
    result, _ = serve_once(monkeypatch, league, "--campaign", str(one))
    assert result.exit_code == 65 and "it holds one game, not a campaign" in result.stderr
    assert one.exists()


def test_serve_campaign_goes_on_with_a_campaign_saved_at_the_terminal(monkeypatch, tmp_path):
    rules = load(LEAGUE)
    campaign = rules.new_campaign(players=2, seed=3)
    game = campaign.next_game(2)
    game.play("1")
    save = tmp_path / "terminal.json"
    write_save(save, campaign.save())  # as `rulelang run --campaign` writes it
    result, host = serve_once(monkeypatch, str(ROOT / LEAGUE), "--campaign", str(save))
    assert result.exit_code == 0, result.output
    table = next(iter(host.tables.values()))
    assert table.game.options["round"] == 1  # its next game, the first offered
    assert [p.choice for p in table.campaign.played] == [2]
    assert json.loads(read_save(save))["format"] == "rulelang-table/1"


def test_serve_campaign_refused_leaves_a_campaign_saved_at_the_terminal_as_it_was(
        monkeypatch, tmp_path):
    """Refused for a --players or --seed it was not saved with, `serve --campaign` had made
    the terminal's save a browser table's already (new links nobody was shown), which
    `rulelang run --campaign` then refuses: a refused command leaves the file as it was."""
    campaign = load(LEAGUE).new_campaign(players=2, seed=3)
    campaign.next_game(2).play("1")
    save = tmp_path / "terminal.json"
    write_save(save, campaign.save())
    before = save.read_bytes()
    for wrong in (["--players", "3"], ["--seed", "4"]):
        result, _ = serve_once(monkeypatch, str(ROOT / LEAGUE), "--campaign", str(save), *wrong)
        assert result.exit_code == 2 and "holds a campaign saved with other settings" in \
            result.stderr
        assert save.read_bytes() == before


def test_serve_campaign_says_a_kind_of_bot_that_is_none_as_a_usage_error(monkeypatch, tmp_path):
    """Continuing a campaign saved at the terminal, a --bot of no kind was read as a damaged
    save (exit 65, the file's path first): it is a usage error (exit 2), said as for a new one,
    and the file is left as it was."""
    campaign = load(LEAGUE).new_campaign(players=2, seed=3)
    campaign.next_game(2).play("1")
    save = tmp_path / "terminal.json"
    write_save(save, campaign.save())
    before = save.read_bytes()
    for target in (save, tmp_path / "new.json"):
        result, _ = serve_once(monkeypatch, str(ROOT / LEAGUE), "--campaign", str(target),
                               "--bot", "P2=nonsense")
        assert result.exit_code == 2, result.stderr
        assert "'nonsense' is not a kind of player: write one of human, random" in result.stderr
    assert save.read_bytes() == before


@pytest.mark.slow
@pytest.mark.skipif(not HAS_CHROMIUM, reason=NO_CHROMIUM)
def test_a_page_shows_the_campaign_between_games_and_starts_the_one_chosen(browser):
    """In Chromium: P1 wins the first round; P1's page and the spectator's show what the
    campaign keeps and what the round changed; P1 chooses round 3 on the page, and both
    pages go on with it (the same links)."""
    host, table = league_table()
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        watcher = open_page(browser, f"{base}/t/{token_of(table, 'spectator')}")
        assert page.locator("#campaign h2").text_content() == "League: the campaign"
        assert page.locator("#campaign .campaignnews").inner_text() == "Game 1 is being played."
        page.locator("button.move[data-move='1']").click()
        warned = page.locator(".confirm.warning button.go")  # (it ends the game: said first)
        next_game = page.locator("#campaign button.nextgame")
        until(page, lambda: warned.count() > 0 or next_game.count() > 0)
        if warned.count():
            warned.click()
        next_game.first.wait_for()
        panel = page.locator("#campaign").inner_text()
        assert "points: 1 and 0" in panel and "round 1 of the league: P1 scores" in panel
        assert [b.inner_text() for b in next_game.all()] == ["Play round 2", "Play round 3"]
        assert page.locator(".againbutton").count() == 0  # a campaign goes on here instead
        until(watcher, lambda: "The players choose the next game: round 2 or 3." in
              watcher.locator("#campaign").inner_text())
        assert watcher.locator("#campaign button").count() == 0
        chosen = page.locator("#campaign button.nextgame", has_text="round 3")
        until(page, chosen.is_enabled)  # (a moment after the last move: a double tap is one)
        chosen.click()
        for each in (page, watcher):
            until(each, lambda each=each: "Game 2 is being played." in
                  each.locator("#campaign").inner_text())
            assert "round 3" in each.locator("#options").inner_text()
        assert page.errors == [] and watcher.errors == []


def test_run_says_a_browser_tables_save_is_one_and_how_to_go_on_with_it(tmp_path):
    """`rulelang run --campaign` (or --load) given a file `rulelang serve` keeps said only
    "this is not a rulelang campaign save"."""
    league = str(ROOT / LEAGUE)
    campaign, game = tmp_path / "c.json", tmp_path / "g.json"
    league_table(save_path=campaign)
    Host().open("league.rules", load(LEAGUE), 2, seed=1, save_path=game)
    result = CliRunner().invoke(cli, ["run", league, "--campaign", str(campaign), "--bots", "all"])
    assert result.exit_code == 65
    assert (f"error: {campaign}: this is a game kept by rulelang serve (a browser table, its links "
            f"with it): go on with it in the browser, rulelang serve FILE --campaign {campaign}") \
        in result.stderr
    result = CliRunner().invoke(cli, ["run", league, "--load", str(game), "--bots", "all"])
    assert result.exit_code == 65 and f"rulelang serve FILE --save {game}" in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(not HAS_CHROMIUM, reason=NO_CHROMIUM)
def test_the_lobbys_campaign_box_opens_a_campaigns_table(browser, tmp_path):
    from rulelang.play.web.lobby import RulesFolder
    (tmp_path / "league.rules").write_text((ROOT / LEAGUE).read_text())
    (tmp_path / "nim.rules").write_text((ROOT / "examples/nim.rules").read_text())
    host = Host(folder=RulesFolder(tmp_path))
    with live_server(host) as base:
        page = browser.new_page()
        page.goto(f"{base}/lobby/{host.lobby()}")
        league = page.locator("form.rulesfile", has_text="league.rules")
        league.locator("input[name='campaign']").check()
        league.locator("select[name='option:round']").select_option("2")
        assert page.locator("form.rulesfile", has_text="nim.rules").locator(
            "input[name='campaign']").count() == 0  # no campaign in its rules
        league.locator("button.go").click()
        page.locator("#opened ul.links a").first.wait_for()
        table = next(iter(host.tables.values()))
        assert table.campaign is not None and table.game.options["round"] == 2
