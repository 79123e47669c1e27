"""Random games per second through the OpenSpiel and PettingZoo adapters, per ruleset.

    python benchmarks/adapters.py [--seconds 3] [FILE...]

A benchmark, not a test. OpenSpiel: a state from ``load_game``, chance sampled from
``chance_outcomes()``, a uniformly random legal action, no observation asked. PettingZoo:
``env(...)`` from ``reset`` to the end, each agent observing (its view encoded) before
it acts. Compare with ``benchmarks/speed.py``, the interpreter alone. It needs the
openspiel and rl extras: pip install 'rulelang[openspiel,rl]'.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MISSING: ImportError | None = None  # an extra not installed: said in one line, not a traceback
try:
    import numpy as np

    from rulelang.adapters.openspiel import load_game
    from rulelang.adapters.pettingzoo import env
except ImportError as error:
    MISSING = error


def openspiel_games(path, seconds):
    game = load_game(path)
    rng = random.Random(0)
    games = steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return games, steps, time.perf_counter() - started


def pettingzoo_games(path, seconds):
    e = env(path)
    rng = np.random.default_rng(0)
    games = steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        e.reset(seed=games)
        for _ in e.agent_iter():
            observation, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        games += 1
    return games, steps, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="It needs pip install 'rulelang[openspiel,rl]'.")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if MISSING is not None:
        print(f"error: this benchmark needs the openspiel and rl extras ({MISSING}): "
              "pip install 'rulelang[openspiel,rl]'", file=sys.stderr)
        sys.exit(2)
    files = args.files or [str(p.relative_to(ROOT)) for folder in ("games", "examples")
                           for p in sorted((ROOT / folder).glob("*.rules"))]
    print(f"{'ruleset':28} {'OpenSpiel games/s':>18} {'steps/s':>8} {'PettingZoo games/s':>19} "
          f"{'decisions/s':>11}")
    for path in files:
        os_games, os_steps, os_time = openspiel_games(ROOT / path, args.seconds)
        pz_games, pz_steps, pz_time = pettingzoo_games(ROOT / path, args.seconds)
        print(f"{path:28} {os_games / os_time:18.1f} {os_steps / os_time:8.0f} "
              f"{pz_games / pz_time:19.1f} {pz_steps / pz_time:11.0f}", flush=True)


if __name__ == "__main__":
    main()
