"""`rulelang run` at a pseudo-terminal (pexpect) kept on an emulated screen (pyte)."""
from __future__ import annotations

import os
import re
import signal
import sys

import pexpect
import pyte

from support import ROOT

PROMPT = re.compile(rb"> (?:\x1b\[[0-9;]*m)*$")


class Terminal:
    """One run of the command in a pseudo-terminal of ``columns`` x ``rows``."""

    def __init__(self, args, columns=80, rows=24, intro=False, cwd=None, think_at_least="0"):
        env = dict(os.environ, TERM="xterm-256color", PYTHONIOENCODING="utf-8",
                   RULELANG_THINK_AT_LEAST=think_at_least)  # (0: bots' moves at once)
        for name in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR"):
            env.pop(name, None)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(sys.executable, ["-c", "from rulelang.play.cli import main; main()",
                                                    *args], cwd=str(cwd or ROOT), env=env,
                                   dimensions=(rows, columns), timeout=90,  # a hang guard
                                   preexec_fn=_as_at_a_terminal)
        self.child.delaybeforesend = None  # the screen is read before each answer anyway
        self.skip_intro = not intro  # the "how to play" screen before the first move: Enter

    def wait(self, text=None):
        """The screen once the program waits for an answer (and shows ``text``), or
        once it has stopped."""
        while True:
            if self.child.expect([PROMPT, pexpect.EOF]) == 1:
                self.stream.feed(self.child.before)
                return self.text()
            self.stream.feed(self.child.before + self.child.after)
            cursor = self.screen.cursor
            if cursor.y != self.screen.lines - 1 or not self.screen.display[cursor.y].rstrip(
                    ).endswith(">"):
                continue  # a '> ' inside a line still being written: the prompt is at the bottom
            shown = self.text()
            if self.skip_intro and "Enter to start >" in shown:
                self.skip_intro = False
                self.child.sendline("")
                continue
            if text is None or text in shown:
                return shown

    def type(self, answer, then=None):
        self.child.sendline(answer)
        return self.wait(then)

    def text_now(self):
        """The screen as it is now, with what the program wrote since the last wait (a
        page that ends in a prompt of its own, which wait() does not know)."""
        self.stream.feed(self.child.before + (self.child.after if isinstance(
            self.child.after, bytes) else b""))
        return self.text()

    def lines(self):
        return [line.rstrip() for line in self.screen.display]

    def text(self):
        return "\n".join(self.lines()).rstrip() + "\n"

    def resize(self, columns, rows):
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)

    def finish(self):
        """The screen once the program has stopped, its lines joined (a long path wraps)."""
        self.child.expect(pexpect.EOF)
        self.stream.feed(self.child.before)
        self.child.close()
        return "".join(self.lines())


def _as_at_a_terminal():
    """Ctrl-C reaches the command as at a terminal, even when the tests run as a background
    job, whose shell leaves SIGINT ignored in every child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(*args, columns=80, rows=24, intro=False, cwd=None):
    """``rulelang run ARGS`` at a terminal; the "how to play" screen is passed with Enter
    unless ``intro`` (then the test reads it)."""
    return Terminal(["run", *args], columns, rows, intro, cwd)


def assert_one_screen(term, title):
    """The whole decision on one screen: the header on the first line, the prompt on the last."""
    lines = term.lines()
    assert lines[0].startswith(title), lines[0]
    assert lines[-1].rstrip().endswith(">"), lines[-1]


# ---------------------------------------------------------------- Yokai Sketch at 80x24


def lands(grid):
    """A 3-player ruleset whose seats each have a grid of ``grid`` (like "9x9"): several
    grids to fit on one screen."""
    return f'''game "Lands"
players 3
card Tile {{ form: text  name "tile {{form}}" }}
zone land[player]: grid {grid} of Tile, public
zone hand[player]: hand of Tile
setup {{ for p in players {{ create Tile(form: "#") x 2 in hand[p] }} }}
turn {{
  choose t in hand[current] prompt "lay a tile"
  choose c in empty_cells(land[current]) prompt "where"
  move t to land[current] at c
  if empty(hand[current]) {{ end "done" }}
}}
score p = 0
'''
