"""A game saved while a person plays it at the terminal holds every seat's cards: it goes on
only with that seat played by a person again, never as bots only (which print the whole log)
nor with a bot in the person's seat."""
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
