"""Programs mutated token by token from real ones: the fuzz tests' inputs (the security fuzz
and the editor fuzz share them)."""
from __future__ import annotations

import random
import re

from rulelang.language.parser import _literals
from support import ROOT, RULES

HEAD = 'game "T"\nplayers 2\n'


def without_comments(path):
    return re.sub(r"#[^\n]*", "", path.read_text())


SEEDS = [without_comments(ROOT / "examples" / "nim.rules"),
         without_comments(RULES / "kitchen_sink.rules"),
         HEAD + without_comments(ROOT / "rulelang" / "language" / "std" / "tricks.rules")
         + "turn { win current }"]
TOKEN = re.compile(r'\|(?:[ \t]*:?-{3,}:?[ \t]*\|)+|"(?:[^"\\\n]|\\.)*"|[A-Za-z_]\w*|\d+'
                   r'|\.\.|==|!=|<=|>=|=>|\+=|-=|\S')
SEED_TOKENS = [TOKEN.findall(text) for text in SEEDS]
WORDS = sorted(set(_literals().values()))
NAMES = sorted({t for tokens in SEED_TOKENS for t in tokens
                if re.fullmatch(r"[A-Za-z_]\w*", t) and t not in WORDS}
               | {"__class__", "_", "x", "card", "score", "turn", "current", "players"})
ODD = ['"{x}"', '"{1 +}"', '"{"', '"}"', '"{{"', '"\\\\"', '""', "99999999999999999999", "0",
       "-1", "\t", "\n", "#", "@", "'", "\u00e9", "\u201c", "\x00", "|", "---"]


def mutate(rng: random.Random, tokens: list) -> str:
    tokens = list(tokens)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        i = rng.randrange(len(tokens))
        op = rng.choice(["delete", "insert", "replace", "swap", "repeat"] + ["same kind"] * 3
                        + ["rename"] * 8)
        if op == "rename":  # keeps the syntax: exercises the checker and the interpreter
            named = [j for j, t in enumerate(tokens) if t in NAMES or t.isdigit()]
            j = rng.choice(named)
            tokens[j] = (rng.choice(NAMES) if tokens[j] in NAMES
                         else str(rng.choice([0, 1, 2, -1, 7])))
        elif op == "delete":
            del tokens[i]
        elif op == "insert":
            tokens.insert(i, rng.choice(WORDS + NAMES + ODD))
        elif op == "replace":
            tokens[i] = rng.choice(WORDS + NAMES + ODD)
        elif op == "swap":
            j = rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "repeat":
            tokens[i:i] = tokens[i:i + rng.randint(1, 8)]
        elif tokens[i].isdigit():
            tokens[i] = rng.choice(["0", "1", "-1", "3", "1000000", "99999999"])
        elif re.fullmatch(r"[A-Za-z_]\w*", tokens[i]) and tokens[i] not in WORDS:
            tokens[i] = rng.choice(NAMES)
        elif tokens[i].startswith('"'):
            tokens[i] = rng.choice(ODD[:7] + ['"{current}"', '"{none}"'])
        else:
            tokens[i] = rng.choice(["..", "+", "-", "*", "/", "%", "==", "<", "(", ")", ",", "=>"])
    return " ".join(tokens)
