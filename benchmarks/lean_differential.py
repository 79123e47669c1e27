"""The lean path against the full path over as many seeded random games as asked: every
configuration tests/runtime/test_lean_path.py plays (each ruleset at its fewest and most
players, each option at another value), ``--seeds`` games of each from ``--first``.

    python benchmarks/lean_differential.py [--seeds 100] [--first 2000]

The suite plays 32 seeds of each (about 3,000 games); this plays more, for as long as they
take, and prints every game where the two paths part (exit code 1 if any did).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support import differential  # noqa: E402
from support import lean_differential as both  # noqa: E402

MAX_MOVES = 400  # as the test: a longer game is compared up to there


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100, help="games of each configuration")
    parser.add_argument("--first", type=int, default=2000, help="the first seed")
    args = parser.parse_args()
    configs = differential.configurations()
    start, found, games = time.perf_counter(), [], 0
    for config in configs:
        for seed in range(args.first, args.first + args.seeds):
            games += 1
            difference = both.difference(config, seed, MAX_MOVES)
            if difference is not None:
                found.append(difference)
                print(difference, flush=True)
    seconds = time.perf_counter() - start
    print(f"{games:,} games of {len(configs)} configurations played both ways in "
          f"{seconds:.0f} s: {len(found)} where the paths part")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
