"""The page teaches and warns as the terminal does (issue 27), over its socket and links:
the rulebook and the rule behind each log line (rules.json), a move that would end the
game said before it is played ("try"), a new game with the same settings ("again"), and a
lobby that describes each game and combines a list option's values."""
from __future__ import annotations

import json

from starlette.testclient import TestClient

from rulelang.play.web.app import create_app
from rulelang.play.web.host import Host
from rulelang.play.web.lobby import RulesFolder
from support import ROOT
from support.web import host_with, live_server, open_page, receive_state, token_of, until, wait_for_version


def send(ws, payload) -> dict:
    ws.send_text(json.dumps(payload))
    return receive_state(ws)


def test_rules_json_is_the_rulebook_and_the_rule_behind_each_log_line():
    host, table = host_with("games/yami.rules", players=3, seed=3)
    with TestClient(create_app(host)) as client:
        texts = {client.get(f"/t/{token}/rules.json").content for token in table.tokens}
        assert len(texts) == 1  # the rules are public: the same for every seat
        data = json.loads(texts.pop())
        with client.websocket_connect(f"/t/{token_of(table, 'P1')}/ws") as ws:
            view = receive_state(ws)["view"]
    book = data["rulebook"]
    assert book["title"] == "Yami" and book["overview"][0].startswith("The moon is rising")
    assert [o["value"] for o in book["options"]] == ["1"]
    origins = data["origins"]
    assert len(origins) == len(table.rules.code.origins)
    assert all(o["file"] in ("yami.rules", "campaign.rules", "tricks.rules") for o in origins)
    assert str(ROOT) not in json.dumps(data)  # no folder of the host's
    said = {line: origins[at] for line, at in zip(view["log"], view["log_at"])}
    round_one = next(w for line, w in said.items() if line.startswith("-- round 1"))
    assert round_one["title"] == "A round" and "YA-16" in round_one["cites"]


def test_rules_json_says_the_order_each_chapter_is_read_in_as_the_rulebook_places_it():
    """The page put a chapter's tables after their explanations itself (as rulebook.placed
    does): the server says the order, every paragraph and table once."""
    from rulelang.tools import rulebook
    host, table = host_with("games/yami.rules", players=3, seed=3)
    with TestClient(create_app(host)) as client:
        book = json.loads(client.get(f"/t/{token_of(table, 'P1')}/rules.json").content)["rulebook"]
    built = rulebook.build(table.rules, rulebook.options_of(table.game), None, 3)
    assert any(t.after for c in built.chapters for t in c.tables)  # a table placed by its words
    for chapter, sent in zip(built.chapters, book["chapters"], strict=True):
        order = [(k, i) for at in sent["placed"] for k, i in at.items()]
        assert sorted(order) == sorted([("paragraph", i) for i in range(len(chapter.paragraphs))]
                                       + [("table", i) for i in range(len(chapter.tables))])
        parts = {"paragraph": chapter.paragraphs, "table": chapter.tables}
        assert [parts[k][i] for k, i in order] == rulebook.placed(chapter)


def _nim_at_its_last_move():
    """One pile of 3 stones, the player to move asked how many to take (and whoever takes
    the last stone wins)."""
    host, table = host_with("examples/nim.rules", seed=5,
                            options={"pile_sizes": "3", "is_misere": "no"})
    game = table.game
    while not (sum(game.view(None)["vars"]["stones"].values()) <= 3
               and game.view(None)["decision"]["prompt"] == "how many stones"):
        game.play(game.legal_moves()[0])
    return host, table


def test_a_move_that_ends_the_game_is_said_before_it_is_played():
    host, table = _nim_at_its_last_move()
    game = table.game
    mover = game.seat_name(game.to_move)
    left = sum(game.view(None)["vars"]["stones"].values())
    with TestClient(create_app(host)) as client:
        with client.websocket_connect(f"/t/{token_of(table, mover)}/ws") as ws:
            receive_state(ws)
            ending = send(ws, {"try": str(left), "version": table.version})
            assert ending == {"type": "ending", "move": str(left), "version": table.version,
                              "ending": f"{mover} wins ({mover} took the last stone); "
                                        "scores P1 0, P2 0", "confirm": None}
            if left > 1:
                assert send(ws, {"try": "1", "version": table.version})["ending"] is None
            assert not game.is_over  # only asked: nothing played
        other = "P2" if mover == "P1" else "P1"
        with client.websocket_connect(f"/t/{token_of(table, other)}/ws") as ws:
            receive_state(ws)  # not its move: nothing is said
            assert send(ws, {"try": str(left), "version": table.version})["ending"] is None


def test_play_again_opens_a_table_with_the_same_settings_and_tells_every_page_its_link():
    host, table = _nim_at_its_last_move()
    game = table.game
    game.play(game.legal_moves()[-1])
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    with TestClient(create_app(host)) as client:
        with client.websocket_connect(f"/t/{token_of(table, 'spectator')}/ws") as watching, \
                client.websocket_connect(f"/t/{token_of(table, 'P2')}/ws") as ws:
            receive_state(watching)
            receive_state(ws)
            assert send(watching, {"again": True})["type"] == "refused"
            mine = send(ws, {"again": True})
            theirs = receive_state(watching)
        assert len(host.tables) == 2
        new = next(t for t in host.tables.values() if t is not table)
        assert mine["again"] == f"/t/{token_of(new, 'P2')}"
        assert theirs["again"] == f"/t/{token_of(new, 'spectator')}"
        assert new.game.options == game.options and new.kinds == table.kinds
        assert new.game.nplayers == game.nplayers and not new.game.is_over
        with client.websocket_connect(f"/t/{token_of(table, 'P2')}/ws") as ws:
            receive_state(ws)
            send(ws, {"again": True})  # asked again: the same new table
        assert len(host.tables) == 2


def test_the_lobby_describes_each_game_and_combines_a_list_options_values(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "yokai.rules").write_text((ROOT / "games" / "yokai.rules").read_text())
    host = Host(folder=RulesFolder(folder))
    lobby = f"/lobby/{host.lobby()}"
    with TestClient(create_app(host)) as client:
        [yokai] = client.get(f"{lobby}/rules").json()["files"]
        assert yokai["about"][0].startswith("Sixteen Yokai") and yokai["duration"]
        assert yokai["cooperative"] is True
        levels = yokai["options"][0]
        assert (levels["label"], levels["several"], levels["choices"]) == (
            "Levels", True, ["1", "2", "3", "4", "5"])
        opened = client.post(f"{lobby}/tables", json={
            "rules": "yokai.rules", "players": 3, "options": {"levels": "2+3"},
            "seats": {"P1": "human", "P2": "random", "P3": "random"}})
        assert opened.status_code == 200, opened.text
    table = next(iter(host.tables.values()))
    assert [v.n if hasattr(v, "n") else v for v in table.game.options["levels"]] == [2, 3]
    # level 5 not played: no Objective; the standard hint mix changes nothing: not said
    assert set(table.game.view(None)["option_labels"]) == {"levels", "affinity_players"}


def test_a_seat_to_move_may_ask_for_the_rules_advice_and_no_one_else():
    """The terminal's 'suggest' had no counterpart on the page: a learner at the browser
    could not ask what a good move is. Worked out from the seat's knowledge only."""
    host, table = host_with("games/yokai.rules", players=3, seed=4)
    game = table.game
    seat = game.to_move
    with TestClient(create_app(host)) as client:
        said = client.get(f"/t/{token_of(table, game.seat_name(seat))}/suggest.json").json()
        assert said["move"] in [m.notation for m in game.legal_moves()]
        assert said["text"].startswith(f"The rules' advice: {said['move']} (from what you know")
        again = client.get(f"/t/{token_of(table, game.seat_name(seat))}/suggest.json").json()
        assert again == said  # the same each time at one decision
        other = game.seat_name((seat + 1) % 3)
        assert client.get(f"/t/{token_of(table, other)}/suggest.json").json() == {
            "move": None, "text": "It is not your move."}
        spectator = client.get(f"/t/{token_of(table, 'spectator')}/suggest.json").json()
        assert spectator["move"] is None
        assert client.get("/t/nonsense/suggest.json").status_code == 403
    assert len(game.history) == 0  # nothing played by asking


def test_a_suggestion_whose_advice_fails_in_the_rules_is_said_not_a_server_error(tmp_path):
    """Advice that fails as the rules work it out (a division by zero in ``prefer``) was a
    500 with a traceback in the server's log: said now, and the table goes on."""
    path = tmp_path / "failing.rules"
    path.write_text('''game "Failing advice"
players 2
var zero: int = 0
turn {
  choose n in [1, 2] prefer n / zero prompt "add"
  if n == 2 {
    win current "two"
  }
}
''')
    host, table = host_with(str(path), seed=1, kinds={})
    with TestClient(create_app(host)) as client:
        answer = client.get(f"/t/{token_of(table, 'P1')}/suggest.json")
        assert answer.status_code == 200
        said = answer.json()
    assert said["move"] is None
    assert said["text"].startswith("The rules' advice could not be worked out: ")
    assert "(line 5 of failing.rules)" in said["text"] and str(tmp_path) not in said["text"]
    assert table.failure is None


def test_the_pages_suggest_says_a_failed_fetch_and_drops_an_answer_its_prompt_outlived(browser):
    """A failed fetch of suggest.json was an uncaught rejection, and an answer that came once
    the prompt was gone (the game over) threw on the missing prompt: the first is said, the
    second left out, and the page reports no error."""
    host, table = host_with("tests/rules/two_keys.rules", players=2, seed=0)
    seat = table.game.to_move
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, table.game.seat_name(seat))}")
        page.route("**/suggest.json", lambda route: route.abort())
        page.locator("button.suggest").click()
        said = page.locator("p.suggestion")
        said.wait_for(timeout=10_000)
        assert "could not be fetched" in said.inner_text()
        page.unroute("**/suggest.json")
        held: list = []

        def hold(route):  # (Playwright takes no builtin, as held.append, for a handler)
            held.append(route)
        page.route("**/suggest.json", hold)
        page.locator("button.suggest").click()
        until(page, lambda: held)
        version = table.version
        page.wait_for_timeout(700)  # (a page just drawn takes no taps for a moment)
        page.locator('button.move[data-move="1"]').click()
        page.locator(".confirm.warning button.go").click()  # (it ends the game: said first)
        until(page, lambda: table.version > version)
        wait_for_version(page, table.version)  # the game is over: no prompt is shown
        held[0].continue_()
        page.wait_for_timeout(300)
        assert page.locator("p.suggestion").count() == 0
        errors = [e for e in page.errors if "Failed to load resource" not in e]  # (the abort)
        assert errors == [], errors
