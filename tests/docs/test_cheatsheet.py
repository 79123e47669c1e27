"""docs/cheatsheet.md stays true: its declarations, statements and expressions make one program
the checker accepts, each game of its last block loads on its own, and it shows every kind of
declaration, statement and expression there is."""
from __future__ import annotations

import re

import pytest

import rulelang
from rulelang.language import ast
from rulelang.language.parser import parse
from rulelang.language.traversal import walk
from support import ROOT

SHEET = ROOT / "docs" / "cheatsheet.md"
FENCE = re.compile(r"^```rules (\w+)\n(.*?)^```$", re.S | re.M)
NOT_WRITTEN = {ast.Place}  # an older spelling of `move ... at`, read as a Move


def block(kind: str) -> str:
    found = [code for info, code in FENCE.findall(SHEET.read_text(encoding="utf-8"))
             if info == kind]
    assert len(found) == 1, f"docs/cheatsheet.md has one ```rules {kind} block"
    return found[0]


def lines(kind: str) -> list[str]:
    return [line for line in block(kind).splitlines() if line.strip()]


def sheet_program() -> str:
    """The declarations, then a rule running each statement and expression in a block of its
    own (so a `win` or a `let` on one line does not reach the next), called by a trigger."""
    body = "".join(f"  if true {{\n    {line}\n  }}\n" for line in lines("statements"))
    body += "".join(f"  if true {{\n    let value: any = {line}\n  }}\n"
                    for line in lines("expressions"))
    return (block("declarations") + "rule sheet() {\n" + body + "}\n"
            + "on leave discard {\n  sheet()\n}\n")


def test_the_sheet_is_one_program_the_checker_accepts():
    rules = rulelang.loads(sheet_program(), "cheatsheet.rules")
    assert rules.program.title == "Sheet"


@pytest.mark.parametrize("game", block("alone").strip().split("\n\n"))
def test_each_game_of_the_last_block_loads_on_its_own(game):
    rules = rulelang.loads(game, "alone.rules")
    assert rules.new_game(seed=1) is not None


def test_the_sheet_shows_every_kind_of_declaration_statement_and_expression():
    modules = [parse(sheet_program(), "cheatsheet.rules")]
    modules += [parse(game, "alone.rules") for game in block("alone").split("\n\n")]
    shown = {type(node) for module in modules for node in walk(module)}
    kinds = {cls for base in (ast.Decl, ast.Stmt, ast.Expr) for cls in _subclasses(base)}
    missing = sorted(cls.__name__ for cls in kinds - shown - NOT_WRITTEN)
    assert not missing, f"docs/cheatsheet.md shows no {', '.join(missing)}"


def test_each_line_of_the_sheet_fits_a_page():
    too_long = [line for line in SHEET.read_text(encoding="utf-8").splitlines()
                if len(line) > 100]
    assert not too_long


def _subclasses(cls):
    for sub in cls.__subclasses__():
        if getattr(ast, sub.__name__, None) is sub:  # attrs leaves the class it replaced behind
            yield sub
            yield from _subclasses(sub)


def test_the_scenario_sample_passes(tmp_path):
    from rulelang.tools.scenarios import load_suite
    text = SHEET.read_text(encoding="utf-8")
    (rules, code), = re.findall(r"^```scenarios (\S+)\n(.*?)^```$", text, re.S | re.M)
    sample = tmp_path / "sheet.scenarios"
    sample.write_text(code, encoding="utf-8")
    suite = load_suite(SHEET.parent.parent / rules, sample)
    assert [r.failure for r in suite.run()] == [None]
