"""rulelang: a language for the rules of tabletop games, and the interpreter that plays them.

    import rulelang
    rules = rulelang.load("examples/nim.rules")
    game = rules.new_game(players=2, seed=7)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    print(game.outcome)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language.errors import CheckError, IllegalMove, ParseError, RulesError, RulesRuntimeError

__all__ = [
    "CheckError",
    "IllegalMove",
    "Outcomes",
    "ParseError",
    "RulesError",
    "RulesRuntimeError",
    "load",
    "loads",
]
__version__ = "0.1.0"

if TYPE_CHECKING:
    import os

    from interpreter.rules import Outcomes, Rules


def load(path: str | os.PathLike[str]) -> Rules:
    """Parse and check a .rules file (and its imports); raises RulesError with every problem."""
    from interpreter.rules import Rules
    from rulelang.language.loader import load_program
    return Rules(load_program(path))


def loads(text: str, name: str = "<rules>") -> Rules:
    """Like load, for rules given as text (imports are not allowed)."""
    from interpreter.rules import Rules
    from rulelang.language.loader import load_text
    return Rules(load_text(text, name))


def __getattr__(name: str) -> type[Outcomes]:
    # Outcomes (fixing several draws of one chance event) is imported when asked for, as load is
    if name == "Outcomes":
        from interpreter.rules import Outcomes
        return Outcomes
    raise AttributeError(f"module 'rulelang' has no attribute {name!r}")
