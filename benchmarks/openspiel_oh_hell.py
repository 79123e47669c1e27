"""The Oh Hell cross-check at scale: examples/oh_hell.rules through rulelang's OpenSpiel
adapter against OpenSpiel's native oh_hell, on many deals.

    python benchmarks/openspiel_oh_hell.py [--games 500] [--players 3 4 5] [--tricks 1 5 10]

Each deal is played in both games by the same random moves, comparing the player to
move and the legal moves at every decision and the returns at the end (the test,
tests/adapters/test_openspiel_oh_hell.py, does a few hundred). Prints, per setting, how many
deals and decisions agreed, any disagreement, and deals per second.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_openspiel_oh_hell import OH_HELL, Mismatch, play_both  # noqa: E402

from rulelang.adapters.openspiel import load_game  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="deals per setting")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--tricks", type=int, nargs="+", default=[1, 5, 10])
    parser.add_argument("--first-seed", type=int, default=1000, help="the test uses 0 up")
    args = parser.parse_args()
    failures = 0
    for players in args.players:
        for tricks in args.tricks:
            ours = load_game(OH_HELL, players=players, options={"tricks": tricks}, returns="score")
            started = time.perf_counter()
            decisions = 0
            for seed in range(args.first_seed, args.first_seed + args.games):
                try:
                    decisions += play_both(players, tricks, seed, ours)
                except Mismatch as error:
                    failures += 1
                    print(f"  players={players} tricks={tricks} seed={seed}: {error}")
            took = time.perf_counter() - started
            print(f"players={players} tricks={tricks:2}: {args.games} deals, {decisions} decisions "
                  f"agree  ({args.games / took:.0f} deals/s)", flush=True)
    print("every decision agreed" if not failures else f"{failures} deals disagreed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
