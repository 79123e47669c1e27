"""docs/language.md stays true: its programs load and play, its fragments run in
its prelude, its expressions print what it says, its error samples and Python
outputs are what rulelang prints, and every built-in function is listed.
Also a few language behaviours the reference promises (and bugs found writing it).

Run `python tests/docs/test_language_doc.py` to rewrite the table of built-in functions
in docs/language.md from rulelang/language/builtin_signatures.py.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

# run as a script (to rewrite the table), the repository and tests/ are not on the path yet
sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import rulelang
from rulelang.language.builtin_signatures import SIGNATURES
from support import ROOT

DOC = ROOT / "docs" / "language.md"


def play(text, players=2, seed=0, moves=(), options=None, fix=None):
    game = rulelang.loads(text).new_game(players=players, seed=seed, options=options or {},
                                         fix=fix or {})
    for move in moves:
        game.play(move)
    return game


# ------------------------------------------------------------ the code blocks of the doc
#
# ```rules          a complete program: it loads and plays to the end with random moves
# ```rules prelude  the program the fragments below run in (it has no turn block)
# ```rules decl     declarations, added to the prelude (with `turn { end }` if it has no turn)
# ```rules stmt     statements, run in the prelude's turn
# ```rules expr     one expression a line, `# → value` saying how it prints
# ```rules bad      a program with mistakes; the ```text block after it is the error
# ```python         run from the repository root; a ```text block after it is its output
# A block whose info string has other words after these is not checked.

FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.S | re.M)


def blocks():
    """(info, code, line) for each fenced block of the doc, in order."""
    text = DOC.read_text(encoding="utf-8")
    return [(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1)
            for m in FENCE.finditer(text)]


def _by_kind(kind):
    return [(code, line) for info, code, line in blocks() if info == kind]


def _with_output(kind):
    """Blocks of a kind with the ```text block right after them (or None)."""
    found = blocks()
    return [(code, line, found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text"
             else None) for i, (info, code, line) in enumerate(found) if info == kind]


def _ids(items):
    return [f"line {item[1]}" for item in items]


def _prelude():
    (code, _), = _by_kind("rules prelude")
    return code


def _run_to_end(text, players=None, seed=0):
    from support import play_random
    rules = rulelang.loads(text, name="doc.rules")
    game = rules.new_game(players=players or rules.program.min_players, seed=seed)
    play_random(game, seed, max_moves=2000)
    return game


def test_the_doc_has_code_blocks_of_every_kind():
    kinds = {info for info, _, _ in blocks()}
    assert {"rules", "rules prelude", "rules decl", "rules stmt", "rules expr", "rules bad",
            "python", "text"} <= kinds


@pytest.mark.parametrize("code,line", _by_kind("rules"), ids=_ids(_by_kind("rules")))
def test_complete_programs_load_and_play(code, line):
    assert _run_to_end(code).is_over


def test_the_first_game_is_examples_pig():
    first = _by_kind("rules")[0][0]
    assert first in (ROOT / "examples" / "pig.rules").read_text(encoding="utf-8")


@pytest.mark.parametrize("code,line", _by_kind("rules decl"), ids=_ids(_by_kind("rules decl")))
def test_declarations_fit_the_prelude(code, line):
    own_turn = re.search(r"^(turn|play) \{", code, re.M)
    _run_to_end(_prelude() + "\n" + code + ("" if own_turn else "\nturn {\n  end\n}\n"))


@pytest.mark.parametrize("code,line", _by_kind("rules stmt"), ids=_ids(_by_kind("rules stmt")))
def test_statements_run_in_the_prelude(code, line):
    _run_to_end(_prelude() + "\nturn {\n" + code + "\n  end\n}\n")


def _expressions():
    out = []
    for code, line in _by_kind("rules expr"):
        for i, row in enumerate(code.splitlines()):
            if row.strip() and not row.lstrip().startswith("#"):
                expr, arrow, value = row.rpartition("# →")
                assert arrow, f"docs/language.md:{line + 1 + i}: say what it prints: # → value"
                out.append((expr.strip(), value.strip(), line + 1 + i))
    return out


_LET_TYPE = {"none": ": any"}  # a let of a bare none needs its type written


def test_expressions_print_what_the_doc_says():
    items = _expressions()
    body = "".join(f"  let e{i}{_LET_TYPE.get(expr, '')} = {expr}\n  let t{i} = \"{{e{i}}}\"\n"
                   f"  log t{i}\n" for i, (expr, _, _) in enumerate(items))
    game = rulelang.loads(_prelude() + "\nturn {\n" + body + "  end\n}\n", name="doc.rules")
    printed = game.new_game(players=3, seed=0).transcript().splitlines()[2:-1]  # header, turn
    wrong = [f"docs/language.md:{line}: {expr} prints {got!r}, not {value!r}"
             for (expr, value, line), got in zip(items, printed) if got != value]
    assert not wrong, "\n".join(wrong)
    assert len(printed) == len(items)


@pytest.mark.parametrize("code,line,shown", _with_output("rules bad"),
                         ids=_ids(_with_output("rules bad")))
def test_error_samples_are_what_the_checker_prints(code, line, shown):
    with pytest.raises(rulelang.RulesError) as error:
        rulelang.loads(code, name="game.rules")
    assert shown is not None, f"docs/language.md:{line}: show the error in a ```text block"
    assert str(error.value) == shown.rstrip("\n")


@pytest.mark.parametrize("code,line,shown", _with_output("python"),
                         ids=_ids(_with_output("python")))
def test_python_samples_run_and_print_what_the_doc_says(code, line, shown, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"docs/language.md:{line}", "exec"), {})
    if shown is not None:
        assert capsys.readouterr().out == shown


# ------------------------------------------------------------ built-in functions

TABLE_START = "<!-- built-ins: generated from rulelang/language/builtin_signatures.py -->"
TABLE_END = "<!-- end of built-ins -->"
KIND_NAMES = {"any": "value", "cellsource": "grid/placement/card", "cell_or_text": "int/text",
              "seat": "player", "cells": "cells"}


def builtins_table() -> str:
    rows = ["| function | what it gives |", "|---|---|"]
    for name, sig in SIGNATURES.items():
        params = [KIND_NAMES.get(k, k) for k in sig.params]
        required = len(params) - sig.optional
        shown = [p if i < required else p + "?" for i, p in enumerate(params)]
        if sig.variadic:
            shown.append("...")
        doc = sig.doc.replace("|", "\\|")
        rows.append(f"| `{name}({', '.join(shown)})` | {doc} |")
    return TABLE_START + "\n" + "\n".join(rows) + "\n" + TABLE_END


def test_every_built_in_function_is_in_the_table():
    text = DOC.read_text(encoding="utf-8")
    assert builtins_table() in text, (
        "the built-in functions changed: run `python tests/docs/test_language_doc.py` "
        "to rewrite their table in docs/language.md")
    for name in SIGNATURES:
        assert f"| `{name}(" in text


def _rewrite_table():
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(TABLE_START), text.index(TABLE_END) + len(TABLE_END)
    DOC.write_text(text[:start] + builtins_table() + text[end:], encoding="utf-8")


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


def test_win_with_no_seat_or_every_seat_is_the_draw_the_doc_says():
    # (what `win []` did was said nowhere: it is a draw, as the outcome's code makes it)
    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert "(`win []`" in doc and "nobody winning is a draw" in doc
    for who in ("[]", "[p for p in players if p == none]", "[P2, P1]"):
        game = play(f'game "W"\nplayers 2\nturn {{ win {who} "over" }}\n')
        assert (game.outcome["result"], game.outcome["winners"]) == ("draw", [])
        assert game.transcript().splitlines()[-1].startswith("== game over: a draw (over)")


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


def test_return_in_setup_ends_the_setup_and_end_when_still_applies():
    game = play('game "R"\nplayers 2\nvar n: int = 0\nsetup {\n  n = 1\n  if n == 1 {\n'
                '    return\n  }\n  n = 5\n}\nturn {\n  choose k in 1..2 prompt "add"\n'
                '  n += k\n}\nend when n >= 3\nscore p = n\n', moves=["2"])
    assert game.is_over and game.outcome["scores"] == {0: 3, 1: 3}


def test_a_view_or_transcript_for_a_seat_that_is_not_playing_is_a_rules_error():
    game = play('game "V"\nplayers 2\nturn {\n  end\n}\n')
    for bad in (2, -1, "P3", "p0", "x", True, None.__class__):
        with pytest.raises(rulelang.RulesError, match="no player"):
            game.view(bad)
        with pytest.raises(rulelang.RulesError, match="no player"):
            game.transcript(bad)


def test_a_restored_game_keeps_tables_built_from_options():
    rules = rulelang.loads('game "T"\nplayers 2\nenum Size { small, big }\n'
                           'option n: int = 1\noption dim: Size = small\n'
                           'table t {\n  | a | b |\n  | n | dim |\n}\n'
                           'turn {\n  choose k in [1, 2] prompt "x"\n  log "{first(t).a} {first(t).b}"\n}\n')
    game = rules.new_game(players=2, options={"n": 7, "dim": "big"})
    game.play("1")
    copy = rules.restore(game.save())
    game.play("1")
    copy.play("1")
    assert copy.transcript() == game.transcript()
    assert game.transcript().count("7 big") == 2


if __name__ == "__main__":
    _rewrite_table()
    print(f"rewrote the table of built-in functions in {DOC.relative_to(ROOT)}")
