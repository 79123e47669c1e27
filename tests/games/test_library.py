"""The library of classic games (issue 30): each carries its players' rulebook and its
rulebook's cases as scenarios, and they pass.

(`rulelang check --strict` is tested over every example in tests/language/
test_infoflow_implicit.py, the soak in benchmarks/soak.py, the adapters' API tests in
tests/adapters/test_openspiel.py and test_pettingzoo.py, and the cross-checks against
OpenSpiel in tests/adapters/test_openspiel_*.py.)"""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.tools import rulebook
from support import ROOT, load

LIBRARY = ["connect_four", "mancala", "breakthrough", "checkers", "reversi", "goofspiel",
           "sushi_draft", "kuhn_poker", "leduc_poker", "no_thanks", "liars_dice", "oh_hell",
           "hearts", "love_letter", "hanabi", "gin_rummy"]


@pytest.mark.parametrize("name", LIBRARY)
def test_the_rulebook_has_text_for_every_option_rule_and_block(name):
    assert rulebook.gaps(load(f"examples/{name}.rules")) == []


# Reversi, Goofspiel, Hanabi and Oh Hell: their scenarios run in tests/tools/test_scenarios.py
@pytest.mark.parametrize("name", [n for n in LIBRARY
                                  if n not in ("reversi", "goofspiel", "hanabi", "oh_hell")])
def test_the_scenarios_pass(name):
    result = CliRunner().invoke(cli, ["test", str(ROOT / "examples" / f"{name}.rules")])
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output.splitlines()[-1]


def test_the_rulebook_of_liars_dice_prints():
    """Liar's Dice makes its dice in play, so the table of where the cards are after setup
    has nothing in it (it once stopped `rulelang rules` with a traceback)."""
    result = CliRunner().invoke(cli, ["rules", str(ROOT / "examples/liars_dice.rules"),
                                      "--width", "72"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "LIAR'S DICE"
    assert "Overview" in lines and "Playing" in lines
    assert max(len(line) for line in lines) <= 72
    assert "Worked examples (the scenarios: rulelang test runs them)" in lines


def test_a_campaign_s_after_block_is_explained_from_inside(tmp_path):
    """An `after` block's explanation is written first in it; without one, the gap is
    named."""
    text = (ROOT / "examples/love_letter.rules").read_text(encoding="utf-8")
    assert rulebook.gaps(load("examples/love_letter.rules")) == []
    start = text.index('    explain "After a round"')
    end = text.index("}\n", start) + 2
    path = tmp_path / "love_letter.rules"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert rulebook.gaps(rulelang.load(path)) == ["campaign after has no explain"]
