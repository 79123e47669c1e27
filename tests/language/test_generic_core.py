"""The core knows no game: the language and the interpreter (code, comments, messages, the
grammar and the page's files) never name a shipped game or its nouns. A game lives only in
its .rules file; a usage example may point at one by its path ("examples/nim.rules")."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = [ROOT / "rulelang", ROOT / "interpreter"]
SUFFIXES = {".py", ".lark", ".js", ".css", ".html"}
# the shipped games' names and nouns no other game would use
NOUNS = ["yokai", "yōkai", "yami", "kappa", "kitsune", "rokurokubi", "lyken", "hanabi",
         "oh hell", "reversi", "othello", "gin rummy", "goofspiel", "liar's dice", "leduc",
         "kuhn", "sushi", "love letter", "connect four", "breakthrough", "checkers", "mancala",
         "nim", "pig", "tic-tac-toe", "league", "no thanks"]
PATH = re.compile(r"[\w./-]+\.(rules|scenarios)\b")
WORD = re.compile(r"\b(" + "|".join(re.escape(n) for n in NOUNS) + r")\b", re.IGNORECASE)


def game_nouns_in(text: str) -> list[str]:
    return [m.group(0) for line in text.splitlines() for m in WORD.finditer(PATH.sub("", line))]


def test_no_game_is_named_in_the_language_or_the_interpreter():
    found = []
    for folder in CORE:
        for path in sorted(folder.rglob("*")):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                text = path.read_text(encoding="utf-8")
                for number, line in enumerate(text.splitlines(), 1):
                    for noun in game_nouns_in(line):
                        found.append(f"{path.relative_to(ROOT)}:{number}: {noun}")
    assert found == []


def test_the_scan_finds_a_game_noun_but_not_a_path():
    assert game_nouns_in("a hint (Kitsune) on the card") == ["Kitsune"]
    assert game_nouns_in("Pig: a 1 on the first roll") == ["Pig"]
    assert game_nouns_in("rulelang compare examples/pig.rules --players 2") == []


# the seed games' own kinds of card and enums, read from their files (a new one is checked as
# it is declared), but for the everyday words the core uses in senses of its own (a web
# page's token, a statistic's spread, a card's colour or family as examples of any game's)
EVERYDAY = {"Colour", "Family", "Hint", "Spread", "Tile", "Token"}
DECLARED = re.compile(r"^(?:card|enum)\s+([A-Z]\w*)", re.MULTILINE)


def seed_kinds() -> list[str]:
    names = {m.group(1) for path in sorted((ROOT / "games").glob("*.rules"))
             for m in DECLARED.finditer(path.read_text(encoding="utf-8"))}
    return sorted(names - EVERYDAY)


def test_no_seed_games_kind_of_card_or_enum_is_named_in_the_core():
    kinds = seed_kinds()
    assert "Spirit" in kinds and "MissionTile" in kinds  # (read from the files)
    word = re.compile(r"\b(" + "|".join(kinds) + r")\b")  # as declared: capitalised
    found = [f"{path.relative_to(ROOT)}:{number}: {m.group(0)}"
             for folder in CORE for path in sorted(folder.rglob("*"))
             if path.suffix in SUFFIXES and "__pycache__" not in path.parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in word.finditer(PATH.sub("", line))]
    assert found == []
