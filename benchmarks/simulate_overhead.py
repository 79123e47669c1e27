"""What ``rulelang simulate`` adds to a plain playout loop, and how its workers scale.

    python benchmarks/simulate_overhead.py [--games 40] [--pairs 12] [FILE:PLAYERS...]
    python benchmarks/simulate_overhead.py --scaling [--games 2000] [FILE:PLAYERS]

The first form times, in pairs of slices (CPU seconds, one after the other, the same seeds),
a simulation's games between random bots (``Table.play``: the lean game, each decision
tallied by kind, the record made) against the plainest loop over the same lean games
(``play(rng.randrange(n))`` until the end), and prints the median ratio and its quartiles.

``--scaling`` runs ``rulelang simulate`` itself (wall time, as a person waits for it) with
1, 2, ... up to the machine's cores workers, and prints games per second and the speedup
over one worker, with the core count. A benchmark, not a test: it asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def overhead(path: str, players: int, games: int, pairs: int) -> str:
    import rulelang
    from rulelang.play.simulation import Simulation
    from rulelang.play.simulation.playing import Table, bot_seed
    rules = rulelang.load(ROOT / path)
    table = Table(Simulation(rules.program, players, {}, ("random",) * players, 0, games))
    lean = table.lean

    def plain(seeds: range) -> None:
        for seed in seeds:
            game = lean.new_game(players=players, seed=seed)
            rngs = [random.Random(bot_seed(seed, s)) for s in range(players)]
            while not game.over:
                pending = game.pending
                game.play(rngs[pending.seat].randrange(len(pending.values)))

    def simulated(seeds: range) -> None:
        for seed in seeds:
            table.play(seed)

    plain(range(3))
    simulated(range(3))
    from interpreter.runtime import geometry
    ratios = []
    for k in range(pairs):
        seeds = range(k * games, (k + 1) * games)
        geometry.forget_placements()  # each plays its seeds cold: no placements of the other's
        started = time.process_time()
        plain(seeds)
        alone = time.process_time() - started
        geometry.forget_placements()
        started = time.process_time()
        simulated(seeds)
        ratios.append((time.process_time() - started) / alone)
    ratios.sort()
    return (f"{path} {players}p: simulate / plain loop {statistics.median(ratios):.3f}x "
            f"(quartiles {ratios[len(ratios) // 4]:.3f}-{ratios[3 * len(ratios) // 4]:.3f})")


def scaling(path: str, players: int, games: int) -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{path} {players}p, {games} games, {cores} cores on this machine "
          f"(load average {os.getloadavg()[0]:.1f} at the start)")
    first = None
    for workers in range(1, (cores or 1) + 1):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "from rulelang.play.cli import main; main()",
                        "simulate", str(ROOT / path),
                        "-n", str(games), "--players", str(players), "--workers", str(workers)],
                       check=True, capture_output=True)
        took = time.perf_counter() - started
        first = first or took
        print(f"  {workers} worker(s): {took:6.1f} s wall, {games / took:7.1f} games/s, "
              f"{first / took:.2f}x one worker", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("configs", nargs="*")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--pairs", type=int, default=12)
    parser.add_argument("--scaling", action="store_true")
    args = parser.parse_args()
    configs = [(c.rsplit(":", 1)[0], int(c.rsplit(":", 1)[1])) for c in args.configs] or [
        ("games/yokai_sketch.rules", 2), ("examples/oh_hell.rules", 4), ("games/yami.rules", 2)]
    for path, players in configs:
        if args.scaling:
            scaling(path, players, args.games or 2000)
        else:
            print(overhead(path, players, args.games or (4 if "yami" in path else 40), args.pairs),
                  flush=True)


if __name__ == "__main__":
    main()
