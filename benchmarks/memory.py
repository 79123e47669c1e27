"""Memory over a long simulation: does it stay flat?

    python benchmarks/memory.py [--games 2000] [--every 250] [--path full|lean|both] [FILE]

Plays random games of one ruleset (Yami by default, 2 players) in this process, on the
full path (``legal_moves`` and ``play`` with ``log=False``, as simulations played before
the lean path) or the lean one (``Rules.lean()``, as ``rulelang simulate`` plays random
bots now), and prints, every ``--every`` games, the memory Python holds (tracemalloc's
current total) and the sizes of the caches that live as long as the process: moves and
offers kept per ruleset, placements per shape and board, cells, snapshots. A benchmark,
not a test: it measures, it asserts nothing.
"""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def caches(rules) -> str:
    from interpreter.runtime import geometry, values
    moves = sum(len(kept) for places in rules.moves_kept.values() for kept in places)
    return (f"moves {moves:>7,}  offers {len(rules.offers):>6,}  "
            f"placements {geometry._placements_kept[0]:>6,} in {len(geometry.PLACEMENTS_OF):>5,} lists  "
            f"in boxes {geometry._in_box_kept[0]:>6,}  "
            f"cells {len(values._CELLS):>6,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(ROOT / "games/yami.rules"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--every", type=int, default=250)
    parser.add_argument("--path", choices=("full", "lean", "both"), default="both")
    args = parser.parse_args()
    import rulelang
    for path in (("full", "lean") if args.path == "both" else (args.path,)):
        rules = rulelang.load(args.file)
        played = rules.lean() if path == "lean" else rules
        gc.collect()
        tracemalloc.start()
        started = time.process_time()
        print(f"{path} path, {Path(args.file).name}, {args.players} players")
        for seed in range(args.games):
            rng = random.Random(seed)
            if path == "lean":
                game = played.new_game(players=args.players, seed=seed)
                while not game.is_over:
                    game.play(rng.randrange(game.move_count))
            else:
                game = played.new_game(players=args.players, seed=seed, log=False)
                while not game.is_over:
                    moves = game.legal_moves()
                    game.play(moves[rng.randrange(len(moves))])
            if (seed + 1) % args.every == 0:
                gc.collect()
                current, _ = tracemalloc.get_traced_memory()
                print(f"  {seed + 1:>6} games  {current / 2**20:7.1f} MB  {caches(rules)}  "
                      f"({time.process_time() - started:.0f} CPU s)", flush=True)
        tracemalloc.stop()


if __name__ == "__main__":
    main()
