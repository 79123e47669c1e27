"""The command line around broken streams: a closed stdin, a full disk, a closed pipe.
Each ends with at most one line of explanation and a documented exit code, never a traceback."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

NIM = str(ROOT / "examples" / "nim.rules")
RULELANG = [sys.executable, "-c", "from rulelang.cli import main; main()"]


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
