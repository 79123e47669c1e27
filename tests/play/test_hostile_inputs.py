"""Inputs from a command line, a file, a socket or an editor that once ended in a traceback,
a hang or a wrong answer (the reliability probe, items 4, 6, 7 and 8): each now gets its one
clear line or the right behaviour."""
from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

import rulelang
from interpreter.bots import make_bot
from rulelang.play.cli import cli, main
from rulelang.play.web.app import create_app
from support import ROOT
from support.web import host_with, lobby_host, token_of

NIM = str(ROOT / "examples" / "nim.rules")
RULELANG = [sys.executable, "-c", "from rulelang.play.cli import main; main()"]


def rulelang_cmd(*args, **kw):
    return subprocess.run(RULELANG + list(args), capture_output=True, text=True, timeout=120,
                          **kw)


def rulelang_here(*args):
    """The ``rulelang`` command's own function run in this process, as ``rulelang_cmd`` runs it
    in a new one (its exit code and what it wrote), for the tests of what the command says
    rather than of the process around it (a process costs about 0.4 s of CPU to start)."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with mock.patch.object(sys, "argv", ["rulelang", *args]), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main()
        except SystemExit as done:
            if done.code is None or isinstance(done.code, int):
                code = done.code or 0
            else:  # as Python ends a process: the message on stderr, exit 1
                err.write(f"{done.code}\n")
                code = 1
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def one_line(text):
    return text.count("\n") == 1 and "Traceback" not in text


# ------------------------------------------------------------------ item 4: --think nan
@pytest.mark.parametrize("command", [["run", NIM, "--bots", "all", "--bot", "P1=greedy"],
                                     ["simulate", NIM, "-n", "2", "--bots", "greedy"]])
@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0"])
def test_think_takes_only_a_finite_number_of_seconds(command, seconds):
    result = CliRunner().invoke(cli, command + ["--think", seconds])
    assert result.exit_code == 2
    assert f"'{seconds}' is not a number of seconds" in result.output


def test_a_bot_made_to_think_nan_seconds_is_refused():
    with pytest.raises(rulelang.RulesError, match="a number of seconds above 0, not nan"):
        make_bot("mcts", 1, think=float("nan"))


# ------------------------------------------------------------------ item 7: tracebacks
def test_moves_from_dev_zero_is_one_line_and_exit_65():
    done = rulelang_here("run", NIM, "--bots", "all", "--moves", "/dev/zero")
    assert done.returncode == 65
    assert done.stderr == "/dev/zero:1: this line is longer than 100,000 characters: it is not a move\n"


def test_stdout_closed_is_one_line_and_exit_74():
    done = subprocess.run(["bash", "-c", 'exec "$@" >&-', "bash", *RULELANG, "run", NIM,
                           "--bots", "all"], capture_output=False, stderr=subprocess.PIPE,
                          text=True, timeout=120)
    assert done.returncode == 74
    assert done.stderr == "rulelang: cannot write the output: standard output is closed\n"


@pytest.mark.parametrize("rules", [
    'game "x"\nplayers {n}\nturn {{ end }}\n',
    'game "x"\nplayers 2\ncard C {{ }}\nzone g: grid {n}x3 of C\nturn {{ end }}\n',
    'game "x"\nplayers 2\ncard C {{ }}\nzone g: grid 3x{n} of C\nturn {{ end }}\n',
])
@pytest.mark.parametrize("command", ["check", "run"])
def test_a_count_of_five_thousand_digits_is_a_parse_error(tmp_path, rules, command):
    path = tmp_path / "big.rules"
    path.write_text(rules.format(n="9" * 5000))
    args = [command, str(path)] + (["--bots", "all"] if command == "run" else [])
    done = rulelang_here(*args)
    assert done.returncode == 65 and "Traceback" not in done.stderr
    assert "error: this number is too large (at most 1,000,000,000,000,000,000)" in done.stderr


@pytest.mark.parametrize("seed", [[1], 1.5, "3", True, None, 2 ** 300])
def test_new_game_refuses_a_seed_that_is_not_a_whole_number(seed):
    rules = rulelang.load(NIM)
    with pytest.raises(rulelang.RulesError, match="a game's seed is a whole number"):
        rules.new_game(seed=seed)


def lsp_exchange(*requests):
    def framed(message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    stream = b"".join(framed(m) for m in (
        {"id": 1, "method": "initialize", "params": {"capabilities": {}, "processId": None,
                                                     "rootUri": None}},
        {"method": "initialized", "params": {}}, *requests,
        {"id": 99, "method": "shutdown"}, {"method": "exit"}))
    return subprocess.run(RULELANG + ["lsp"], input=stream, capture_output=True, timeout=120)


def test_the_language_server_exits_0_after_shutdown_and_exit():
    done = lsp_exchange()
    assert done.returncode == 0 and done.stderr == b""


def test_a_rename_where_there_is_no_name_is_refused_without_a_traceback(tmp_path):
    uri = (tmp_path / "x.rules").as_uri()
    done = lsp_exchange(
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "rules", "version": 1,
            "text": 'game "x"\nplayers 2\n\nturn { end }\n'}}},
        {"id": 5, "method": "textDocument/rename", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 2, "character": 0},
            "newName": "other"}})
    assert b"there is no name here to rename" in done.stdout
    assert done.returncode == 0 and b"Traceback" not in done.stderr


# ------------------------------------------------------------------ item 6: nested JSON
@pytest.mark.parametrize("who", ["P1", "spectator"])
def test_nested_json_on_a_socket_is_refused_and_the_socket_stays(who):
    host, table = host_with("examples/nim.rules")
    with TestClient(create_app(host)) as client, \
            client.websocket_connect(f"/t/{token_of(table, who)}/ws") as ws:
        assert json.loads(ws.receive_text())["type"] == "state"
        ws.send_text("[" * 1000 + "]" * 1000)
        refused = json.loads(ws.receive_text())
        assert refused == {"type": "refused",
                           "reason": 'that is not a move: send {"move": NOTATION, "version": N}'}
        ws.send_text(json.dumps({"move": "nonsense", "version": 0}))
        assert json.loads(ws.receive_text())["type"] == "refused"  # still answering


def test_ten_kilobytes_of_nesting_to_the_lobby_is_a_400(tmp_path):
    host = lobby_host(tmp_path)
    with TestClient(create_app(host)) as client:
        response = client.post(f"/lobby/{host.lobby()}/tables", content=b"[" * 10_000)
        assert response.status_code == 400
        assert response.json() == {"error": "that request nests too deep"}


# ------------------------------------------------------------------ item 8: small things
def test_a_port_out_of_range_is_refused():
    result = CliRunner().invoke(cli, ["serve", NIM, "--port", "99999"])
    assert result.exit_code == 2 and "99999 is not in the range 0<=x<=65535" in result.output


def test_serve_save_into_a_missing_folder_is_exit_2_naming_the_folder(tmp_path):
    missing = tmp_path / "no" / "game.json"
    done = rulelang_cmd("serve", NIM, "--save", str(missing))
    assert done.returncode == 2
    assert done.stderr == f"error: {missing}: there is no folder {missing.parent} to save into\n"


def test_an_error_says_error_once():
    result = CliRunner().invoke(cli, ["serve", NIM, "--bot", "P9=random", "--port", "0"])
    assert result.exit_code == 2
    assert result.output == "error: no seat 'P9': seats are P1 to P2\n"


def test_a_byte_order_mark_at_the_start_of_a_file_is_read_past(tmp_path):
    path = tmp_path / "bom.rules"
    path.write_bytes(b"\xef\xbb\xbf" + Path(NIM).read_bytes())
    assert rulelang.load(path).title == "Nim"
    assert rulelang.loads("\ufeff" + Path(NIM).read_text()).title == "Nim"


def test_after_a_line_separator_in_a_comment_the_excerpt_shows_the_right_line(tmp_path):
    path = tmp_path / "sep.rules"
    path.write_text('game "x"\n# a \u2028 b\nplayers 2\nturn { end2 }\n', encoding="utf-8")
    with pytest.raises(rulelang.RulesError) as caught:
        rulelang.load(path)
    shown = str(caught.value)
    assert "sep.rules:4:8: error: 'end2' is not a statement" in shown
    assert "\n    turn { end2 }\n           ^^^^\n" in shown


def test_test_with_a_filter_matching_nothing_exits_1():
    result = CliRunner().invoke(cli, ["test", str(ROOT / "games" / "yokai_sketch.rules"),
                                      "-k", "no scenario has this"])
    assert result.exit_code == 1
    assert "error: no scenario in" in result.output and "'no scenario has this'" in result.output


# ------------------------------------------------------------------ the lobby
def test_a_visitor_may_have_only_so_many_games_in_progress(tmp_path):

    from rulelang.play.web.host import MAX_PER_VISITOR
    host = lobby_host(tmp_path)
    with TestClient(create_app(host)) as client:
        tables = f"/lobby/{host.lobby()}/tables"
        for _ in range(MAX_PER_VISITOR):
            assert client.post(tables, json={"rules": "nim.rules"}).status_code == 200
        refused = client.post(tables, json={"rules": "nim.rules"})
        assert refused.status_code == 400
        assert refused.json()["error"] == (f"you have {MAX_PER_VISITOR} games in progress here "
                                           f"already (at most {MAX_PER_VISITOR}): finish one first")
    assert len(host.tables) == MAX_PER_VISITOR


def test_temporary_files_left_in_the_lobbys_saves_are_removed_at_a_restart(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (saves / f".table-x.json.{dead.pid}.ab12.part").write_text("half")
    (saves / ".k3j_a.part").write_text("left by an older rulelang")
    lobby_host(tmp_path)
    assert not list(saves.glob("*.part")) and not list(saves.glob(".*.part"))


def test_finished_lobby_games_and_their_saves_are_removed(tmp_path):
    host = lobby_host(tmp_path)
    rules = host.folder.load("nim.rules")
    table = host.open_for("1.2.3.4", "nim.rules", rules, kinds={"P1": "first", "P2": "first"})
    table.play_bots()
    host.save(table)
    assert table.game.is_over and table.save_path.exists()
    host.sweep(keep=600)  # just finished: its players may still look at the end
    assert table.name in host.tables
    host.sweep(keep=0)
    assert table.name not in host.tables and not table.save_path.exists()
    assert all(found[0] is not table for found in host.seats.values())
    # a finished game saved before a restart is not resumed, and its save goes
    other = host.open_for("1.2.3.4", "nim.rules", rules, kinds={"P1": "first", "P2": "first"})
    other.play_bots()
    host.save(other)
    again = lobby_host(tmp_path)
    assert other.name not in again.tables and not other.save_path.exists()
    assert os.listdir(tmp_path / "saves") == []
