"""`rulelang fmt --upgrade` (rulelang/tools/upgrade.py): every older spelling the language
refuses with a fix is rewritten as it is spelled now, and the file then loads and plays the
same; a file with nothing old is left alone."""
from __future__ import annotations

from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.tools.formatter import format_text
from rulelang.tools.upgrade import upgrade_text

OLD = '''game "Old"
players 2
cooperative
enum Colour { red, blue }
card C { colour: Colour  name "{colour}" }
zone deck: pile of C
zone board: grid 3 x 3 of C
setup {
  for k in Colour { create C(colour: k) in deck }
}
turn {
  let c = top(deck)
  reveal c.colour to current
  reveal c.colour == red
  place c on board at cell(0, 0)
  if c.colour == red {
    win "red first"
  }
  lose join(["blue", "first"], " ")
}
score = 1
'''

NEW = OLD.replace("reveal c.colour to", "tell c.colour to") \
    .replace("reveal c.colour == red", "tell whether c.colour == red") \
    .replace("place c on board at cell(0, 0)", "move c to board at cell(0, 0)") \
    .replace('win "red first"', 'win team "red first"') \
    .replace('lose join(["blue", "first"], " ")', 'lose team "{join(["blue", "first"], " ")}"')


def test_every_older_spelling_is_rewritten():
    assert upgrade_text(OLD, "old.rules") == NEW


def test_the_rewritten_file_plays():
    game = rulelang.loads(NEW).new_game(players=2, seed=3)
    assert game.is_over and game.outcome["result"] in ("win", "loss")


def test_a_file_in_todays_spelling_is_left_alone():
    assert upgrade_text(NEW, "new.rules") == NEW


def test_other_errors_are_left_for_the_author():
    broken = NEW.replace("score = 1", "score = nothing_known")
    assert upgrade_text(broken, "b.rules") == broken


def test_the_command_rewrites_the_file_in_place(tmp_path):
    path = tmp_path / "old.rules"
    path.write_text(OLD, encoding="utf-8")
    done = CliRunner().invoke(cli, ["fmt", "--upgrade", str(path)])
    assert done.exit_code == 0, done.output
    assert path.read_text(encoding="utf-8") == format_text(NEW)  # rewritten, then laid out
