"""docs/language.md stays true: its programs load, its fragments parse, its error
samples are what the checker prints, and every built-in function is listed.
Also a few language behaviours the reference promises.

Run `python tests/test_language_doc.py` to rewrite the table of built-in functions
in docs/language.md from rulelang/builtins.py.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulelang  # noqa: E402
from rulelang.builtins import SIGNATURES  # noqa: E402

DOC = ROOT / "docs" / "language.md"


def play(text, players=2, seed=0, moves=(), options=None, fix=None):
    game = rulelang.loads(text).new_game(players=players, seed=seed, options=options or {},
                                         fix=fix or {})
    for move in moves:
        game.play(move)
    return game


# ------------------------------------------------------------ promised behaviours

def test_subtraction_parses_after_numbers_and_in_brackets():
    game = play('game "M"\nplayers 2\nsetup {\n  log "{2 - 1} {(5 - 2) * 2} {[9 - 1]} '
                '{max(1, 4 - 1)} {-2 - -3}"\n}\nturn { end }\n')
    assert game.transcript().splitlines()[1] == "1 6 8 3 1"


def test_seats_and_lists_of_seats_print_as_names():
    game = play('game "S"\nplayers 3\nturn {\n  let s = "{others(current)}"\n'
                '  log "{current}: {others(current)} {players} {s}"\n  end\n}\n', players=3)
    assert "P1: P2, P3 P1, P2, P3 [P2, P3]" in game.transcript()


def test_win_with_a_text_is_refused_in_a_competitive_game():
    with pytest.raises(rulelang.CheckError, match="win takes a player") as error:
        rulelang.loads('game "W"\nplayers 2\nturn { win "a reason" }\n')
    assert 'end "..."' in str(error.value)


def test_a_const_may_read_a_table():
    game = play('game "T"\nplayers 2\ntable t {\n  | a | b |\n  | 1 | 2 |\n  | 3 | 4 |\n}\n'
                'const total = sum(r.b for r in t)\nturn {\n  log "{total}"\n  end\n}\n')
    assert "\n6\n" in game.transcript()


def test_return_in_a_turn_ends_the_turn_not_the_game():
    game = play('game "R"\nplayers 2\nvar n: int = 0\nturn {\n  n += 1\n  if n < 3 {\n'
                '    return\n  }\n  choose x in [1, 2] prompt "pick"\n  win current\n}\n')
    assert not game.is_over and game.to_move == 0
    assert game.transcript().count("-- turn") == 3
    game.play("2")
    assert game.outcome["winners"] == [0]
