"""The command line around broken streams: a closed stdin, a full disk, a closed pipe.
Each ends with at most one line of explanation and a documented exit code, never a traceback."""
from __future__ import annotations

import subprocess
import sys

import pytest

from support import ROOT

NIM = str(ROOT / "examples" / "nim.rules")
RULELANG = [sys.executable, "-c", "from rulelang.play.cli import main; main()"]


def test_output_to_a_full_disk_is_one_line_and_exit_74():
    with open("/dev/full", "w") as full:
        done = subprocess.run(RULELANG + ["run", NIM, "--bots", "all", "--seed", "1"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 74
    assert done.stderr == "rulelang: cannot write the output: No space left on device\n"


def test_a_closed_stdin_means_bots_play_and_nothing_breaks():
    done = subprocess.run(RULELANG + ["run", NIM, "--seed", "1"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, close_fds=True)
    assert done.returncode == 0, done.stderr
    assert "== game over" in done.stdout
    closed = subprocess.run(["bash", "-c", '"$@" <&-', "rulelang", *RULELANG, "run", NIM,
                             "--seed", "1"], capture_output=True, text=True, timeout=60)
    assert closed.returncode == 0, closed.stderr
    assert "Traceback" not in closed.stderr and "== game over" in closed.stdout


def test_a_reader_that_stops_early_gets_no_traceback():
    done = subprocess.run(["bash", "-c", '"$@" | head -c 10', "rulelang", *RULELANG, "run", NIM,
                           "--bots", "all", "--seed", "1"], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout == "Nim: 2 pla"
    assert "Traceback" not in done.stderr


def _run(tmp_path, *args):
    return subprocess.run(RULELANG + ["run", NIM, "--bots", "all", "--seed", "1", *args],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)


def test_a_moves_file_that_is_not_utf8_is_one_line_and_exit_65(tmp_path):
    (tmp_path / "moves.txt").write_bytes(b"# moves\n\xff\xfe\n")
    done = _run(tmp_path, "--moves", "moves.txt")
    assert done.returncode == 65
    assert done.stderr.startswith("error: moves.txt: cannot read it ('utf-8' codec can't decode")
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize("content", [b"\xff\xfe{}", b"[" * 100_000, b'{"a":' * 50_000])
def test_a_save_that_is_not_utf8_or_nested_too_deep_is_one_line_and_exit_65(tmp_path, content):
    (tmp_path / "game.json").write_bytes(content)
    done = _run(tmp_path, "--load", "game.json", "--trust-save")  # past the seal: the parser
    assert done.returncode == 65
    assert done.stderr.startswith("error: game.json: ")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_saving_into_a_missing_folder_is_said_before_playing_with_exit_2(tmp_path):
    done = _run(tmp_path, "--save", "no/such/folder/game.json")
    assert done.returncode == 2
    assert done.stdout == ""  # refused before a move was played
    assert done.stderr.startswith("error: no/such/folder/game.json: there is no folder ")
    assert done.stderr.count("\n") == 1


def test_a_campaign_in_a_missing_folder_is_said_before_playing_with_exit_2(tmp_path):
    done = subprocess.run(RULELANG + ["run", str(ROOT / "games" / "yami.rules"), "--bots", "all",
                                      "--campaign", "no/such/folder/campaign.json"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: no/such/folder/campaign.json: there is no folder ")
