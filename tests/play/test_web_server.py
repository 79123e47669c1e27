"""rulelang serve: links, tokens, moves relayed for the right seat, bad messages, saves."""
from __future__ import annotations

import json
import os
import random
import stat

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from rulelang.play.cli import cli
from rulelang.play.cli.serve import a_bot
from rulelang.play.save_files import read_save
from rulelang.play.web.app import FORBIDDEN, MAX_MESSAGE, create_app
from rulelang.play.web.host import Host
from rulelang.play.web.tables import SPECTATOR
from support import ROOT, load
from support.web import (
    host_with,
    lobby_host,
    oh_hell_with_a_card_refused,
    receive_state,
    token_of,
    until_settled,
)


@pytest.fixture
def yokai():
    host, table = host_with(seed=7)
    with TestClient(create_app(host)) as client:
        yield client, table


# ------------------------------------------------------------------ tokens

def test_a_wrong_or_missing_token_gets_403_and_the_same_few_words(yokai):
    client, table = yokai
    good = token_of(table, "P1")
    near = good[:-1] + ("A" if good[-1] != "A" else "B")
    paths = ["/t", "/t/", f"/t/{near}", "/t/P1", "/t/0", f"/t/{near}/transcript.txt",
             f"/t/{near}/record.json", "/t/%00", "/lobby", "/lobby/", f"/lobby/{good}"]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 403, path
        assert response.text == FORBIDDEN, path
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/t/{near}/ws") as ws:
        ws.receive_text()
    assert client.get(f"/t/{good}").status_code == 200


def test_every_seat_gets_the_same_static_page_with_safe_headers(yokai):
    client, table = yokai
    pages = [client.get(f"/t/{token}") for token in table.tokens]
    assert len({page.content for page in pages}) == 1  # all a page says comes by its socket
    page = pages[0]
    assert page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"  # its address holds the token
    assert page.headers["cache-control"] == "no-store"
    for token in table.tokens:
        assert token not in page.text
    for module in ("table.js", "page.js", "decide.js", "draw.js", "grid.js", "teach.js"):
        assert client.get(f"/static/{module}").status_code == 200


def test_the_links_are_128_bit_tokens_one_per_person_and_one_to_watch():
    _, table = host_with(kinds={"P2": "random"})
    links = table.links()
    assert set(links) == {"P1", "spectator"}  # a bot's seat has no link
    assert len(set(links.values())) == 2
    assert all(len(token) >= 22 for token in links.values())
    _, other = host_with(kinds={"P2": "random"})
    assert not set(other.links().values()) & set(links.values())


# ------------------------------------------------------------------ the socket

def test_the_socket_sends_each_seat_its_own_view(yokai):
    client, table = yokai
    for who, seat in (("P1", 0), ("P2", 1), ("spectator", SPECTATOR)):
        with client.websocket_connect(f"/t/{token_of(table, who)}/ws") as ws:
            message = receive_state(ws)
        assert message["type"] == "state" and message["version"] == 0
        assert message["view"] == json.loads(json.dumps(table.game.view(seat)))
        assert message["you"] == (None if who == "spectator" else who)
        assert message["players"] == {"P1": "human", "P2": "human"}


def test_a_move_reaches_every_page_each_with_its_own_view(yokai):
    client, table = yokai
    mover = table.game.seat_name(table.game.to_move)
    other = "P2" if mover == "P1" else "P1"
    move = table.game.legal_moves()[0].notation
    with client.websocket_connect(f"/t/{token_of(table, mover)}/ws") as ws_mover, \
            client.websocket_connect(f"/t/{token_of(table, other)}/ws") as ws_other, \
            client.websocket_connect(f"/t/{token_of(table, 'spectator')}/ws") as ws_watch:
        for ws in (ws_mover, ws_other, ws_watch):
            receive_state(ws)
        ws_mover.send_text(json.dumps({"move": move, "version": 0}))
        got = {who: receive_state(ws) for who, ws in
               ((mover, ws_mover), (other, ws_other), ("spectator", ws_watch))}
    assert table.game.history == [move]
    for who, message in got.items():
        assert message["version"] == 1
        seat = SPECTATOR if who == "spectator" else who
        assert message["view"] == json.loads(json.dumps(table.game.view(seat)))
    assert "moves" in got[mover]["view"]["decision"] or table.game.to_move != 0


def refused(ws, payload) -> str:
    ws.send_text(payload if isinstance(payload, str) else json.dumps(payload))
    message = receive_state(ws)
    assert message["type"] == "refused", message
    return message["reason"]


def test_moves_from_the_wrong_seat_or_out_of_turn_are_refused_with_the_reason(yokai):
    client, table = yokai
    game = table.game
    mover = game.seat_name(game.to_move)
    waiting = "P2" if mover == "P1" else "P1"
    before = game.save()
    legal = game.legal_moves()[0].notation
    with client.websocket_connect(f"/t/{token_of(table, waiting)}/ws") as ws:
        receive_state(ws)
        reason = refused(ws, {"move": legal, "version": 0})
        assert reason == f"it is not {waiting}'s move: {mover} is to move"
    with client.websocket_connect(f"/t/{token_of(table, 'spectator')}/ws") as ws:
        receive_state(ws)
        assert "spectator" in refused(ws, {"move": legal, "version": 0})
    with client.websocket_connect(f"/t/{token_of(table, mover)}/ws") as ws:
        receive_state(ws)
        assert refused(ws, {"move": "no such move", "version": 0}) == (
            "'no such move' is not a move now")
        assert "moved on" in refused(ws, {"move": legal, "version": 5})
        assert receive_state(ws)["version"] == 0  # the stale page is drawn again
    assert game.save() == before


def test_a_card_the_rules_refuse_is_refused_with_their_reason_and_the_rule_behind_it():
    """Oh Hell says why a card may not be played (`where ... else` in the rules): the
    refusal sent to the page carries those words, and the place in the rules ("why?")."""
    host, table, seat, barred = oh_hell_with_a_card_refused()
    game = table.game
    led = game.view(None)["vars"]["led"]
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, seat)}/ws") as ws:
        receive_state(ws)
        ws.send_text(json.dumps({"move": barred[0], "version": table.version}))
        message = receive_state(ws)
    assert message["reason"].startswith(f"'{barred[0]}' is refused: {seat} must follow {led}")
    why = message["why"]
    assert why["file"] == "oh_hell.rules" and "choose" in why["code"]
    assert table.rules.why(game.pending.site.at).line == why["line"]


def test_an_answer_in_a_simultaneous_choice_reaches_every_page_without_what_it_was():
    """Goofspiel's bids are chosen by each player at once: once P1 has bid, every page is
    sent a new state (P1's offers it no more moves; each says P1 has chosen, none what),
    and P2's answer, chosen on a page drawn before P1's, is still played."""
    host, table = host_with("examples/goofspiel.rules", players=2, seed=0)
    game = table.game
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws1, \
            client.websocket_connect(f"/t/{token_of(table, 'P2')}/ws") as ws2, \
            client.websocket_connect(f"/t/{token_of(table, 'spectator')}/ws") as watch:
        before = {who: receive_state(ws) for who, ws in (("P1", ws1), ("P2", ws2), ("w", watch))}
        assert before["P1"]["answered"] == [] and before["P1"]["view"]["to_move_all"] == [0, 1]
        bid = before["P1"]["view"]["decision"]["moves"][-1]
        ws1.send_text(json.dumps({"move": bid, "version": 0}))
        after = {who: receive_state(ws) for who, ws in (("P1", ws1), ("P2", ws2), ("w", watch))}
        for who, seat in (("P1", 0), ("P2", 1), ("w", SPECTATOR)):
            message = after[who]
            assert message["type"] == "state" and message["version"] == 0
            assert message["answered"] == ["P1"]
            assert message["view"] == json.loads(json.dumps(game.view(seat)))
            assert message["view"]["to_move_all"] == [1]
        assert "moves" not in after["P1"]["view"]["decision"]  # P1 has answered
        assert after["P1"]["view"]["chosen"] == {"0": bid}
        assert after["P2"]["view"]["chosen"] == after["w"]["view"]["chosen"] == {}
        assert after["P2"]["view"]["decision"]["moves"] == before["P2"]["view"]["decision"]["moves"]
        assert "already chosen" in refused(ws1, {"move": bid, "version": 0})
        ws2.send_text(json.dumps({"move": "1", "version": before["P2"]["version"]}))
        assert receive_state(ws2)["version"] == 2  # both bids played together
        assert receive_state(ws1)["answered"] == []
    assert game.history == [bid, "1"]


def test_bots_answer_a_simultaneous_choice_without_waiting_for_the_people_before_them():
    """In a choice made at once, the bots among those still to answer answer at once, the
    thinking one too (on a copy, from its own seat's knowledge), while P1, a person seated
    before them, has not chosen: every page hears that they have, and P1's bid then settles
    the round."""
    host, table = host_with("examples/goofspiel.rules", players=3, seed=0,
                            kinds={"P2": "random", "P3": "greedy"}, options={"rounds": 2})
    game = table.game
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws:
        state = until_settled(ws, table)
        assert state["answered"] == ["P2", "P3"] and state["view"]["to_move_all"] == [0]
        assert game.history == []  # nothing settled: P1 has still to bid
        ws.send_text(json.dumps({"move": state["view"]["decision"]["moves"][0],
                                 "version": state["version"]}))
        state = until_settled(ws, table)
    assert len(game.history) >= 3 and state["view"]["to_move_all"] == [0]  # round 2: P1 again


def test_until_settled_takes_no_state_sent_before_the_bots_answered():
    """Answers to a choice made at once play no move: the state a page was sent before the
    bots answered has the version of the one after. ``until_settled`` took it once the bots
    had answered (the test above then read ``answered == []``, under load); it waits for the
    state of the table's stamp."""
    _, table = host_with("examples/goofspiel.rules", players=3, seed=0,
                         kinds={"P2": "random", "P3": "greedy"}, options={"rounds": 2})
    seat = table.tokens[token_of(table, "P1")]
    sent = [table.message(seat)]  # before the bots answer
    table.play_bots()
    sent.append(table.message(seat))

    class Socket:
        def receive_text(self):
            return sent.pop(0)

    state = until_settled(Socket(), table)
    assert state["version"] == table.version == 0 and state["answered"] == ["P2", "P3"]


def test_a_page_asks_why_a_card_is_no_move_and_hears_the_rules_reason_played_or_not():
    """A card tapped that no move names: the page asks why not ({"why": ...}) and hears the
    refusal's words and the rule behind them; nothing is played. A legal move, another
    seat's question and the spectator's hear nothing."""
    host, table, seat, barred = oh_hell_with_a_card_refused()
    game = table.game
    legal = [m.notation for m in game.legal_moves()]
    led = game.view(None)["vars"]["led"]
    other = next(s for s in ("P1", "P2", "P3") if s != seat)
    before = game.save()
    with TestClient(create_app(host)) as client:
        asked = {}
        for who, move in ((seat, barred[0]), (seat, legal[0]), (other, barred[0]),
                          ("spectator", barred[0]), (seat, "no such card")):
            with client.websocket_connect(f"/t/{token_of(table, who)}/ws") as ws:
                receive_state(ws)
                ws.send_text(json.dumps({"why": move, "version": table.version}))
                asked[who, move] = receive_state(ws)
    answer = asked[seat, barred[0]]
    assert answer["type"] == "why" and answer["move"] == barred[0]
    assert answer["reason"].startswith(f"'{barred[0]}' is refused: {seat} must follow {led}")
    assert answer["why"]["file"] == "oh_hell.rules" and "choose" in answer["why"]["code"]
    assert asked[seat, legal[0]]["reason"] is None
    assert asked[other, barred[0]]["reason"] is None
    assert asked["spectator", barred[0]]["reason"] is None
    assert asked[seat, "no such card"]["reason"] == "'no such card' is not a move now"
    assert game.save() == before  # nothing played


def test_malformed_or_huge_messages_are_refused_and_the_game_goes_on(yokai):
    client, table = yokai
    game = table.game
    mover = game.seat_name(game.to_move)
    before = game.save()
    with client.websocket_connect(f"/t/{token_of(table, mover)}/ws") as ws:
        receive_state(ws)
        assert "not a move" in refused(ws, "{not json")
        assert "not a move" in refused(ws, "[1, 2]")
        assert "not a move" in refused(ws, "null")
        assert "notation" in refused(ws, {"move": 3, "version": 0})
        assert "notation" in refused(ws, {"move": "", "version": 0})
        assert "notation" in refused(ws, {"move": "x" * 600, "version": 0})
        assert "version" in refused(ws, {"move": "pass"})
        assert "version" in refused(ws, {"move": "pass", "version": True})
        assert "too long" in refused(ws, json.dumps({"move": "a" * MAX_MESSAGE, "version": 0}))
        ws.send_bytes(b"\x00\xff" * 10)
        assert "as text" in receive_state(ws)["reason"]
        assert game.save() == before
        move = game.legal_moves()[0].notation
        ws.send_text(json.dumps({"move": move, "version": 0}))
        assert receive_state(ws)["version"] == 1  # the same socket still plays
    assert game.history == [move]


@pytest.mark.parametrize("kind,count", [("random", 12), ("greedy", 3)])
def test_bots_answer_and_their_moves_are_sent(kind, count):
    host, table = host_with(kinds={"P2": kind}, seed=3)
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws:
        state = until_settled(ws, table)
        moves = 0
        while not state["view"]["over"] and moves < count:
            assert state["view"]["decision"]["seat"] == 0
            move = state["view"]["decision"]["moves"][0]
            ws.send_text(json.dumps({"move": move, "version": state["version"]}))
            state = until_settled(ws, table)
            moves += 1
    assert moves == count or state["view"]["over"]
    assert any(line.startswith("P2 > ") for line in state["view"]["log"])  # the bot played


def test_a_bots_seed_is_drawn_afresh_and_owes_nothing_to_the_games(monkeypatch):
    import rulelang.play.web.tables as tables
    seeds = []
    real = tables.make_bot
    monkeypatch.setattr(tables, "make_bot", lambda kind, seed: seeds.append(seed) or real(kind, seed))
    for _ in range(3):
        _, table = host_with(kinds={"P1": "random", "P2": "random"}, seed=12)
        table.play_bots()
        assert table.game.is_over
    assert len(seeds) == 6 and len(set(seeds)) == 6 and 12 not in seeds


def test_a_seat_downloads_its_own_transcript_and_record_the_spectator_none(yokai):
    client, table = yokai
    text = client.get(f"/t/{token_of(table, 'P2')}/transcript.txt").text
    assert text == table.game.transcript(1)
    assert "seed" not in text.splitlines()[0]
    record = client.get(f"/t/{token_of(table, 'P2')}/record.json")
    assert record.text == table.game.save(1)
    watcher = token_of(table, "spectator")
    assert client.get(f"/t/{watcher}/transcript.txt").text == table.game.transcript("public")
    assert client.get(f"/t/{watcher}/record.json").status_code == 404


# ------------------------------------------------------------------ saves and restarts

def play_over_socket(client, table, count):
    for _ in range(count):
        who = table.game.seat_name(table.game.to_move)
        with client.websocket_connect(f"/t/{token_of(table, who)}/ws") as ws:
            state = receive_state(ws)
            ws.send_text(json.dumps({"move": state["view"]["decision"]["moves"][-1],
                                     "version": state["version"]}))
            assert receive_state(ws)["version"] == state["version"] + 1


def test_a_game_survives_a_restart_from_its_save_links_and_all(tmp_path):
    rules = load("games/yokai_sketch.rules")
    save = tmp_path / "game.json"
    host = Host()
    table = host.open("yokai_sketch.rules", rules, 2, seed=11, save_path=save)
    with TestClient(create_app(host)) as client:
        play_over_socket(client, table, 5)
    assert stat.S_IMODE(os.stat(save).st_mode) == 0o600  # it holds every secret
    again = Host()
    resumed = again.resume_file(save, "yokai_sketch.rules", rules)
    assert resumed.tokens == table.tokens
    assert resumed.game.save() == table.game.save()
    with TestClient(create_app(again)) as client:
        with client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws:
            assert receive_state(ws)["version"] == 5
        play_over_socket(client, resumed, 2)
    saved = json.loads(read_save(save))
    assert saved["game"]["history"] == resumed.game.history  # written after every move
    with pytest.raises(Exception, match=r"not of yami\.rules"):
        Host().resume_file(save, "yami.rules", load("games/yami.rules"))


def test_the_lobby_lists_the_folders_rules_and_opens_tables_only_from_them(tmp_path):
    host = lobby_host(tmp_path)
    lobby = f"/lobby/{host.lobby()}"
    with TestClient(create_app(host)) as client:
        assert client.get(lobby).status_code == 200
        files = client.get(f"{lobby}/rules").json()["files"]
        assert [f["file"] for f in files] == ["broken.rules", "nim.rules", "oh_hell.rules"]
        assert files[0]["error"].startswith("broken.rules:5:1: error: unexpected '}'")
        assert str(tmp_path) not in files[0]["error"]
        nim = files[1]
        assert nim["players"] == [2, 2]
        sizes, misere = nim["options"]
        assert (sizes["name"], sizes["type"], sizes["several"], sizes["default"]) == \
            ("pile_sizes", "list", True, "1+3+5+7")
        assert misere == {"name": "is_misere", "label": "is misere", "type": "bool",
                          "doc": "whoever takes the last stone loses", "several": False,
                          "default": "yes", "choices": ["yes", "no"]}
        assert (nim["about"], nim["duration"], nim["cooperative"]) == ([], None, False)
        for name in ("../rules/nim.rules", "sub/hidden.rules", "outside.rules", "notes.txt",
                     str(tmp_path / "rules" / "nim.rules"), "broken.rules"):
            response = client.post(f"{lobby}/tables", json={"rules": name})
            assert response.status_code == 400, name
        made = client.post(f"{lobby}/tables", json={"rules": "../x.rules"}).json()
        assert "no such rules file" in made["error"]
        bad = client.post(f"{lobby}/tables", json={"rules": "nim.rules", "options": {"pile_sizes": "100"}})
        assert "not allowed" in bad.json()["error"]
        assert client.post(f"{lobby}/tables", content=b"x" * 20_000).status_code == 400
        opened = client.post(f"{lobby}/tables", json={
            "rules": "oh_hell.rules", "players": 3, "options": {"tricks": "2"},
            "seats": {"P2": "random", "P3": "first"}}).json()
        assert set(opened["links"]) == {"P1", "spectator"}
        page = client.get(opened["links"]["P1"])
        assert page.status_code == 200
        with client.websocket_connect(opened["links"]["P1"] + "/ws") as ws:
            state = receive_state(ws)
        assert state["view"]["options"] == {"tricks": 2}
    saved = sorted(p.name for p in (tmp_path / "saves").iterdir())
    assert len(saved) == 2 and "lobby.token" in saved  # the table and the lobby's link
    assert stat.S_IMODE(os.stat(tmp_path / "saves").st_mode) == 0o700
    again = lobby_host(tmp_path)
    assert again.lobby() == host.lobby() and len(again.tables) == 1


def test_the_saves_are_never_served(tmp_path):
    host = lobby_host(tmp_path)
    host.open("nim.rules", host.folder.load("nim.rules"), 2)
    with TestClient(create_app(host)) as client:
        for path in ("/static/../saves/lobby.token", "/static/%2e%2e/%2e%2e/saves",
                     "/saves/lobby.token", "/static/../../rules/nim.rules", "/lobby.token"):
            response = client.get(path)
            assert response.status_code in (403, 404), path
            assert host.lobby() not in response.text


# ------------------------------------------------------------------ the command

def test_serve_prints_a_link_per_person_and_listens_on_127_0_0_1_by_default(monkeypatch):
    started = {}

    def fake_run(host, listener):
        started["host"], started["address"] = host, listener.getsockname()
        listener.close()

    monkeypatch.setattr("rulelang.play.cli.serve.run", fake_run)
    result = CliRunner().invoke(cli, ["serve", str(ROOT / "games/yokai_sketch.rules"),
                                      "--port", "0", "--bot", "P2=greedy"])
    assert result.exit_code == 0, result.output
    assert started["address"][0] == "127.0.0.1"
    lines = result.stdout.splitlines()
    assert lines[0] == "Yokai Sketch, 2 players (P1 a person, P2 a greedy bot):"
    table = next(iter(started["host"].tables.values()))
    port = started["address"][1]
    assert lines[1] == f"  play P1: http://127.0.0.1:{port}/t/{token_of(table, 'P1')}"
    assert lines[2] == f"  watch (public only): http://127.0.0.1:{port}/t/{token_of(table, 'spectator')}"
    assert table.kinds == {0: "human", 1: "greedy"}


def test_serve_names_each_bot_with_its_article():
    """The server printed "P2 a advice bot"."""
    assert [a_bot(k) for k in ("advice", "greedy", "mcts", "random", "first")] == \
        ["an advice bot", "a greedy bot", "an mcts bot", "a random bot", "a first bot"]


def test_serve_refuses_bad_usage_clearly(tmp_path):
    runner = CliRunner()
    assert "give a rules FILE" in runner.invoke(cli, ["serve"]).output
    result = runner.invoke(cli, ["serve", str(ROOT / "games/yokai_sketch.rules"), "--bot", "P3=random",
                                 "--port", "0"])
    assert result.exit_code == 2 and "no seat 'P3'" in result.output
    result = runner.invoke(cli, ["serve", str(ROOT / "games/yokai_sketch.rules"), "--bot", "P2=clever",
                                 "--port", "0"])
    assert result.exit_code == 2 and "'clever' is not a kind of player" in result.output
    result = runner.invoke(cli, ["serve", str(ROOT / "games/yokai_sketch.rules"), "--bot", "P2=mcts:0",
                                 "--port", "0"])
    assert result.exit_code == 2 and "a whole number from 1" in result.output
    yokai = str(ROOT / "games/yokai_sketch.rules")
    assert "needs --folder" in runner.invoke(cli, ["serve", yokai, "--saves", str(tmp_path)]).output


def test_serve_says_a_port_in_use_before_opening_and_saving_a_game(tmp_path):
    """A port in use was said after the table was opened and saved: the next start said
    "continuing the game saved in" of a game no one played."""
    import socket
    save = tmp_path / "game.json"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        result = CliRunner().invoke(cli, ["serve", str(ROOT / "games/yokai_sketch.rules"),
                                          "--port", str(busy.getsockname()[1]),
                                          "--save", str(save)])
    assert result.exit_code == 2 and "cannot listen on 127.0.0.1:" in result.output
    assert not save.exists()


def test_serve_refuses_other_settings_than_the_saved_games(tmp_path):
    """A save's game went on with `--players`, `--seed` and `--option` left unused in
    silence."""
    sketch = str(ROOT / "games/yokai_sketch.rules")
    save = tmp_path / "game.json"
    Host().open("yokai_sketch.rules", load("games/yokai_sketch.rules"), 2, seed=11,
                save_path=save)
    result = CliRunner().invoke(cli, ["serve", sketch, "--seed", "12", "--port", "0",
                                      "--save", str(save)])
    assert result.exit_code == 2, result.output
    assert f"{save} holds a game saved with other settings than --seed;" in result.output
    assert "continuing the game" not in result.output


def test_serve_refuses_other_seats_than_the_saved_games(tmp_path, capsys):
    """`--bot P2=mcts` with a save whose P2 is a person was left unused in silence: the
    table went on with P2 a person. The same seats are welcome."""
    sketch = str(ROOT / "games/yokai_sketch.rules")
    save = tmp_path / "game.json"
    Host().open("yokai_sketch.rules", load("games/yokai_sketch.rules"), 2, seed=11,
                kinds={"P2": "greedy"}, save_path=save)
    from rulelang.play.cli.serve import open_table
    with pytest.raises(SystemExit) as stopped:  # (open_table: the server is not started)
        open_table(Host(), sketch, None, (), ("P1=mcts",), None, str(save))
    said = capsys.readouterr().err
    assert stopped.value.code == 2, said
    assert f"{save} holds a game saved with other seats than --bot P1=mcts (P1 is a person);" \
        in said
    assert "continuing the game" not in said
    table = open_table(Host(), sketch, None, (), ("P2=greedy",), None, str(save))
    assert table.kinds == {0: "human", 1: "greedy"}


def test_serve_continues_a_saved_game_with_the_bot_spelt_as_it_was_started(tmp_path, capsys):
    """A table opened with `--bot P2=mcts:016` seats an mcts:16: the same command, or
    `mcts : 16`, was refused as another seat than the saved one."""
    sketch = str(ROOT / "games/yokai_sketch.rules")
    save = tmp_path / "game.json"
    Host().open("yokai_sketch.rules", load("games/yokai_sketch.rules"), 2, seed=11,
                kinds={"P2": "mcts:016"}, save_path=save)
    from rulelang.play.cli.serve import open_table
    for spelt in ("mcts:016", "mcts : 16", "mcts:16"):
        table = open_table(Host(), sketch, None, (), (f"P2={spelt}",), None, str(save))
        assert table.kinds == {0: "human", 1: "mcts:16"}, capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:  # (another budget is another seat)
        open_table(Host(), sketch, None, (), ("P2=mcts:17",), None, str(save))
    assert stopped.value.code == 2
    assert "other seats than --bot P2=mcts:17 (P2 is a mcts:16 bot)" in capsys.readouterr().err


# ------------------------------------------------------------------ one move only

def _to_a_forced_move(table, seed):
    game, rng = table.game, random.Random(seed)
    while len(game.legal_moves()) != 1:
        moves = game.legal_moves()
        assert table.play(game.to_move, moves[rng.randrange(len(moves))].notation,
                          table.version) is None
    return game


def test_a_forced_move_the_others_cannot_see_is_forced_waits_and_says_the_rules_reasons():
    """Yami: a follow with one card of the led colour was played for the player in 0.7 s, so
    the other seat learnt from the timing that it was the only one (a secret). The seat's
    page is told it is not forced openly (it waits for a tap), and why the others are out."""
    _, table = host_with("games/yami.rules", players=2, seed=3)
    game = _to_a_forced_move(table, 3)
    mover = game.to_move
    sent = json.loads(table.message(mover))
    assert sent["only"]["openly"] is False
    prompt = sent["view"]["decision"]["prompt"]
    assert prompt.startswith("follow ")
    assert sent["only"]["because"] == [f"{game.seat_name(mover)} must follow {prompt[7:]}"]
    other = next(s for s in game.players if s != mover)
    assert "only" not in json.loads(table.message(other))
    assert "only" not in json.loads(table.message(SPECTATOR))


def test_what_a_spectator_sees_is_worked_out_once_a_state(monkeypatch):
    """A seat with one move compares its view with the spectator's (is it forced openly?):
    that view was worked out again for each such seat and for the spectator's own pages.
    Once a state now; a move (or the rules failing) makes it anew."""
    _, table = host_with("examples/nim.rules", seed=5, options={"pile_sizes": "3"})
    game = _to_a_forced_move(table, 5)
    public = []
    view = game.view

    def counted(seat=None, *args, **kwargs):
        public.extend([seat] if seat == SPECTATOR else [])
        return view(seat, *args, **kwargs)
    monkeypatch.setattr(game, "view", counted)
    forced = json.loads(table.message(game.to_move))
    watched = json.loads(table.message(SPECTATOR))
    assert forced["only"]["openly"] and len(public) == 1
    assert watched["view"] == json.loads(json.dumps(view(SPECTATOR)))
    assert table.play(game.to_move, forced["view"]["decision"]["moves"][0], table.version) is None
    table.message(SPECTATOR)
    assert len(public) == 2


def test_a_forced_move_every_seat_can_see_is_forced_is_said_so():
    _, table = host_with("examples/nim.rules", seed=5, options={"pile_sizes": "3"})
    game = _to_a_forced_move(table, 5)
    assert json.loads(table.message(game.to_move))["only"] == {"openly": True, "because": []}


def test_the_lobby_offers_every_kind_of_bot_a_table_takes():
    """`serve --bot P2=advice` took an advice bot, the lobby's seats did not offer one."""
    import re

    from rulelang.play.web.tables import BOT_KINDS
    lobby = (ROOT / "rulelang/play/web/static/lobby.js").read_text()
    offered = re.search(r"const KINDS = \[(.*?)\];", lobby, re.S).group(1)
    assert set(re.findall(r'\["(\w+)", "', offered)) == {"human", *BOT_KINDS}


def test_the_lobby_says_when_an_option_applies_only_under_a_condition():
    """Yōkai's Objective and Affinity cards were offered at level 1 as any other option,
    with nothing saying they change nothing there."""
    from rulelang.play.web.lobby import describe_options
    options = {o["name"]: o for o in describe_options(load("games/yokai.rules"))}
    assert options["objective"]["when"] == "5 in levels"
    assert options["affinity_players"]["when"] == "2 in levels"
    assert "when" not in options["levels"]
    script = (ROOT / "rulelang/play/web/static/lobby.js").read_text()
    assert "(applies only if ${option.when})" in script
