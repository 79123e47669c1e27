"""The generated modules draw no warning from Python's compiler: a SyntaxWarning ("is" with a
literal, from `min(2, 3)` written out as `2 is None or ...`) reached the author's terminal
when a ruleset was first compiled, and a cached module would hide it from every later run,
so each module's source is compiled here again, warnings as errors."""
from __future__ import annotations

import warnings

import pytest

import rulelang
from support import ROOT

SMALL = """
game "Literals"
players 2
turn {
  let x = max(1, 1)
  let y = min(2, 3)
  let z = max(x, 4)
  log "{x} {y} {z} {min(y, z)}"
  win current
}
"""


def _compiles_quietly(rules) -> None:
    for module in (rules, rules.lean()):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            compile(module.source(), "generated", "exec")


def test_min_and_max_of_numbers_written_draw_no_warning():
    rules = rulelang.loads(SMALL, "literals.rules")
    _compiles_quietly(rules)
    assert "\n1 2 4 2\n" in rules.new_game(seed=1).transcript()


@pytest.mark.parametrize("path", sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
                                        for p in (ROOT / folder).glob("*.rules")))
def test_every_shipped_module_compiles_with_no_warning(path):
    _compiles_quietly(rulelang.load(ROOT / path))
