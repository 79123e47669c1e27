"""Random games and decisions per CPU second for every game and example, and the speedup
against an earlier commit measured side by side in the same run.

    python benchmarks/speed.py [--against COMMIT] [--seconds 2] [--rounds 3] [--greedy] [FILE...]

A benchmark, not a test: it measures, it does not assert. Each configuration (a ruleset and
a player count) is played by uniformly random moves through the public API (``legal_moves``
and ``play``), in a fresh process per measurement, timing CPU seconds (not wall time: other
work on the machine then matters less). A measurement plays the seeds 0 to 19 in whole rounds
until its time is up, so every tree times the same games (their lengths vary a lot). With ``--against``, that commit is checked out in a
temporary ``git worktree`` outside the repository, and the two are measured alternately,
round after round, so both see the same machine; the table shows the best round of each
(timeit's advice: slower rounds measure the machine's other work) and their ratio.
Both play the current tree's ``.rules`` files (the older tree's own file when it cannot load
them, marked ``*``). "quiet" is the current tree's games with ``log=False`` (no log text, as
``rulelang simulate`` and the greedy bot's look-ahead play them), against the older tree's
games, which always built their log. ``--greedy`` also times whole Yokai Sketch games played
by greedy bots.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CYCLE = 20  # a measurement plays seeds 0..19, again and again, in whole rounds


# ------------------------------------------------------------------ one measurement (a child)

def worker(tree, path, players, seconds, greedy, quiet=False):
    """Runs in a child process whose ``rulelang`` is the one in ``tree``."""
    import random
    import time
    sys.path.insert(0, tree)
    import rulelang
    assert Path(rulelang.__file__).resolve().is_relative_to(Path(tree).resolve()), rulelang.__file__
    rules = rulelang.load(path)
    if greedy:
        from interpreter.bots import GreedyBot
    games = decisions = 0
    seed = 0
    started = time.process_time()
    # Whole rounds of the same CYCLE seeds: both trees then time the same games (games
    # differ a lot in length, and a faster tree would otherwise reach other seeds).
    while time.process_time() - started < seconds or seed % CYCLE:
        game = (rules.new_game(players=players, seed=seed, log=False) if quiet
                else rules.new_game(players=players, seed=seed))
        rng = random.Random(seed)
        bot = GreedyBot(seed) if greedy else None
        while not game.is_over:
            if bot is not None:
                game.play(bot.choose(game))
            else:  # one call of random() per move: the harness costs little next to the game
                moves = game.legal_moves()
                game.play(moves[int(rng.random() * len(moves))])
            decisions += 1
        games += 1
        seed += 1
    elapsed = time.process_time() - started
    print(json.dumps({"games": games, "decisions": decisions, "cpu": elapsed}))


def measure(tree, path, players, seconds, greedy=False, quiet=False):
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), str(path),
               str(players), str(seconds)] + (["--greedy"] if greedy else []) + (
               ["--quiet"] if quiet else [])
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.splitlines()[-1])


# ------------------------------------------------------------------ the run

def configurations(files):
    sys.path.insert(0, str(ROOT))
    import rulelang
    for path in files:
        for players in rulelang.load(ROOT / path).player_counts:
            yield path, players


def older_tree(commit, folder):
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
                   check=True, capture_output=True)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--against", help="a commit to compare with (e.g. 2da8afe)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each, alternating")
    parser.add_argument("--greedy", action="store_true", help="also time greedy-bot Yokai games")
    args = parser.parse_args()
    files = args.files or sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
                                 for p in (ROOT / folder).glob("*.rules"))
    temp = tempfile.mkdtemp(prefix="rulelang-bench-")
    old = older_tree(args.against, Path(temp) / "tree") if args.against else None
    try:
        run(files, args, old)
    finally:
        if old is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)
        shutil.rmtree(temp, ignore_errors=True)


def run(files, args, old):
    head = f"{'ruleset':28} {'players':>7} {'games/s':>9} {'decisions/s':>11}"
    if old is not None:
        head += f" {'then games/s':>12} {'speedup':>8}"
    head += f" {'quiet games/s':>13}" + (f" {'speedup':>8}" if old is not None else "")
    print(head, flush=True)
    for path, players in configurations(files):
        now, then, quiet, marked = [], [], [], ""
        for _ in range(args.rounds):
            now.append(measure(ROOT, ROOT / path, players, args.seconds))
            quiet.append(measure(ROOT, ROOT / path, players, args.seconds, quiet=True))
            if old is not None:
                result = measure(old, ROOT / path, players, args.seconds)
                if result is None:  # the older interpreter cannot read today's file
                    result, marked = measure(old, old / path, players, args.seconds), "*"
                then.append(result)
        print(line(path + marked, players, now, then, quiet), flush=True)
    if args.greedy:
        path = ROOT / "games/yokai_sketch.rules"
        result = measure(ROOT, path, 2, args.seconds, greedy=True)
        print(f"greedy bots, Yokai Sketch: {result['cpu'] / result['games']:.2f} CPU s per game "
              f"({result['games']} games, {result['decisions']} decisions)")


def rates(results):
    results = [r for r in results if r is not None]
    if not results:
        return None, None
    # the best round, as timeit advises: a slower one measured the machine's other work
    # (on a shared virtual machine, CPU seconds stretch by up to half from minute to minute)
    games = max(r["games"] / r["cpu"] for r in results)
    decisions = max(r["decisions"] / r["cpu"] for r in results)
    return games, decisions


def line(path, players, now, then, quiet):
    games, decisions = rates(now)
    if games is None:
        return f"{path:28} {players:>7} {'failed':>9}"
    text = f"{path:28} {players:>7} {games:>9.1f} {decisions:>11.0f}"
    old_games = rates(then)[0] if then else None
    if then:
        text += (f" {old_games:>12.1f} {games / old_games:>7.2f}x" if old_games
                 else f" {'failed':>12}")
    quiet_games = rates(quiet)[0]
    if quiet_games is not None:
        text += f" {quiet_games:>13.1f}"
        if old_games:
            text += f" {quiet_games / old_games:>7.2f}x"
    return text


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5]), "--greedy" in sys.argv,
               "--quiet" in sys.argv)
    else:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        main()
