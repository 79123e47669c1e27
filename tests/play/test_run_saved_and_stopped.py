"""`rulelang run` stopped or saved: a game saved while a person plays it at the terminal
holds every seat's cards, so it goes on only with that seat played by a person again, never as
bots only (which print the whole log) nor with a bot in the person's seat; bots only stopped
by Ctrl-C print what they played."""
from __future__ import annotations

from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.play.save_files import read_save
from support.terminal import Terminal


def test_a_game_saved_by_a_person_goes_on_only_with_that_person(tmp_path):
    save = tmp_path / "mine.json"
    term = Terminal(["run", "games/yokai_sketch.rules", "--seed", "3", "--bot-seed", "1"])
    term.wait("play a sketch")
    term.type(f"save {save}", "saved to")
    term.child.close(force=True)
    assert "people" in read_save(save)
    assert rulelang.load("games/yokai_sketch.rules").restore(read_save(save)).to_move == 0
    for extra in (["--bots", "all"], ["--bot", "P1=mcts"], []):  # (no terminal: bots only)
        result = CliRunner().invoke(cli, ["run", "games/yokai_sketch.rules", "--load", str(save),
                                          *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert "this game was saved while P1 played it here" in result.output
        assert "water/" not in result.output  # nothing of the game was shown
    again = Terminal(["run", "games/yokai_sketch.rules", "--load", str(save)])
    assert "going on with the game saved in" in again.wait("play a sketch")
    again.child.close(force=True)


ENDLESS = '''game "Endless"
players 2
turn {
  choose n in [1, 2] prompt "say a number"
  log "{current} says {n}"
}
score p = 0
'''


def test_bots_only_stopped_by_ctrl_c_print_what_was_played(tmp_path):
    import signal
    import subprocess
    import sys
    import time
    path = tmp_path / "endless.rules"
    path.write_text(ENDLESS)
    child = subprocess.Popen([sys.executable, "-c", "from rulelang.play.cli import main; main()",
                              "run", str(path), "--bots", "all", "--seed", "1"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    time.sleep(2.5)  # (started, and playing: it never ends)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 130
    assert "-- turn 1: P1 --" in out and "P1 says" in out
    assert out.rstrip().endswith("interrupted; the game was not saved")
