"""Random playouts per second for every ruleset in games/ and examples/.

    python benchmarks/playouts.py [--seconds 3] [FILE...]

A benchmark, not a test: it measures, it does not assert. Each game is played
by uniformly random moves through the public API (legal_moves + play).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulelang  # noqa: E402


def measure(rules, players, seconds):
    games = decisions = 0
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = rules.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            decisions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, decisions / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    files = args.files or sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
                                 for p in (ROOT / folder).glob("*.rules"))
    print(f"{'ruleset':34} {'players':>7} {'games/s':>10} {'decisions/s':>12}")
    for path in files:
        rules = rulelang.load(ROOT / path)
        for players in rules.player_counts:
            games, decisions = measure(rules, players, args.seconds)
            print(f"{path:34} {players:>7} {games:>10.1f} {decisions:>12.0f}", flush=True)


if __name__ == "__main__":
    main()
