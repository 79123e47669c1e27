"""Instructions per random game, counted by valgrind, and the ratio against an earlier commit.

    python benchmarks/instructions.py [--against COMMIT] [--games N] [FILE PLAYERS]...

A benchmark, not a test. Games per CPU second (``speed.py``) move with whatever else the
machine is doing; the instructions a game takes do not, so a change of a few percent can be
seen here when it cannot be there. Each count plays N random games (the same harness as
``speed.py``: ``legal_moves``, one ``random()`` per move, the log on) under
``valgrind --tool=cachegrind`` and subtracts a run of no games (Python starting, the rules
loading). Hash seeds are fixed, so a count is the same every time. Instructions are not
time (a cache miss costs more than an addition), but on this project the two have moved
together within a few percent. Needs ``valgrind`` on the PATH.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = [("games/yokai_sketch.rules", 2), ("examples/oh_hell.rules", 3),
           ("examples/oh_hell.rules", 4), ("examples/oh_hell.rules", 5), ("games/yami.rules", 2)]

WORKER = """
import random, sys
sys.path.insert(0, sys.argv[1])
import rulelang
rules = rulelang.load(sys.argv[2])
for seed in range(int(sys.argv[4])):
    game = rules.new_game(players=int(sys.argv[3]), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.random() * len(moves))])
"""


def count(tree, path, players, games) -> int:
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, "-c", WORKER, str(tree), str(path), str(players), str(games)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {path} ({players} players):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(tree, path, players, games) -> float:
    return (count(tree, path, players, games) - count(tree, path, players, 0)) / games


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="*", help="FILE PLAYERS, FILE PLAYERS...")
    parser.add_argument("--against", help="a commit to compare with (e.g. 2da8afe)")
    parser.add_argument("--games", type=int, default=30, help="random games per count")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    pairs = list(zip(args.pairs[::2], map(int, args.pairs[1::2]))) or DEFAULT
    temp = tempfile.mkdtemp(prefix="rulelang-instructions-")
    old = None
    if args.against:
        old = Path(temp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), args.against],
                       check=True, capture_output=True)
    try:
        print(f"{'ruleset':28} {'players':>7} {'M instr/game':>12}"
              + (f" {'then':>8} {'ratio':>6}" if old else ""), flush=True)
        for path, players in pairs:
            games = args.games if "yami" not in path else max(1, args.games // 3)  # a slow game
            now = per_game(ROOT, ROOT / path, players, games)
            line = f"{path:28} {players:>7} {now / 1e6:>12.2f}"
            if old is not None:
                here = ROOT / path
                try:
                    then = per_game(old, here, players, games)
                except SystemExit:  # the older tree cannot read today's file: its own copy
                    then = per_game(old, old / path, players, games)
                line += f" {then / 1e6:>8.2f} {then / now:>5.2f}x"
            print(line, flush=True)
    finally:
        if old is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
