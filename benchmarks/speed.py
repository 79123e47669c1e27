"""Random games and decisions per CPU second for every game and example, and the speedup
against an earlier commit measured side by side in the same run.

    python benchmarks/speed.py [--against COMMIT] [--seconds 20] [--greedy] [FILE...]

A benchmark, not a test: it measures, it does not assert. Each configuration (a ruleset and
a player count) is played by uniformly random moves through the public API (``legal_moves``
and ``play``), timing CPU seconds (not wall time: other work on the machine then matters
less), in the seeds 0 to 19, round after round, so every tree plays the same games.

On a shared virtual machine the same code runs up to 1.6 times faster in one second than
in the next (the host's other work), for seconds at a time. So the trees are measured in
*pairs of slices*: one long-lived process per tree (and one for "quiet"), each asked in turn
to play the same few rounds (about 0.2 s of the slowest); the ratio of a pair's CPU seconds is
a ratio taken under one state of the machine. The table shows the median ratio of the pairs
(and its quartiles), and each tree's games per second over all its slices.

With ``--against``, that commit is checked out in a temporary ``git worktree`` outside the
repository. Both play the current tree's ``.rules`` files (the older tree's own file when it
cannot load them, marked ``*``). "quiet" is the current tree's games with ``log=False`` (no
log text, as ``rulelang simulate`` and the greedy bot's look-ahead play them), against the
older tree's games, which always built their log. ``--greedy`` also times whole Yokai Sketch
games played by greedy bots.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
CYCLE = 20  # a round plays seeds 0..19
SLICE = 0.2  # CPU seconds a slice of the slowest tree takes, about


# ------------------------------------------------------------------ one tree (a child)

def worker(tree, path, players, quiet):
    """Runs in a child process whose ``rulelang`` is the one in ``tree``: reads a number of
    rounds from stdin, plays them, writes their CPU seconds, games and decisions."""
    import random
    sys.path.insert(0, tree)
    import rulelang
    assert Path(rulelang.__file__).resolve().is_relative_to(Path(tree).resolve()), rulelang.__file__
    rules = rulelang.load(path)

    def play_round():
        decisions = 0
        for seed in range(CYCLE):
            game = (rules.new_game(players=players, seed=seed, log=False) if quiet
                    else rules.new_game(players=players, seed=seed))
            rng = random.Random(seed)
            while not game.is_over:  # one call of random() per move: the harness costs little
                moves = game.legal_moves()
                game.play(moves[int(rng.random() * len(moves))])
                decisions += 1
        return decisions

    play_round()  # warm: the first games fill the ruleset's caches
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        rounds = int(line)
        started = time.process_time()
        decisions = sum(play_round() for _ in range(rounds))
        cpu = time.process_time() - started
        print(json.dumps({"cpu": cpu, "games": rounds * CYCLE, "decisions": decisions}), flush=True)


@attrs.define
class Tree:
    """A long-lived child process playing one tree's games, and what it has measured."""
    process: subprocess.Popen
    slices: list = attrs.Factory(list)  # each slice's result: cpu, games, decisions

    @classmethod
    def start(cls, tree, path, players, quiet=False):
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree),
                   str(path), str(players)] + (["--quiet"] if quiet else [])
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, cwd=tree)
        started = cls(process)
        return started if started.read() is not None else None

    def read(self):
        line = self.process.stdout.readline()
        return json.loads(line) if line else None

    def play(self, rounds):
        """Play ``rounds`` rounds; their CPU seconds (None: the child failed)."""
        self.process.stdin.write(f"{rounds}\n")
        self.process.stdin.flush()
        result = self.read()
        if result is None:
            return None
        self.slices.append(result)
        return result["cpu"]

    def stop(self):
        self.process.stdin.close()
        self.process.wait()

    def rates(self):
        cpu = sum(s["cpu"] for s in self.slices)
        return (sum(s["games"] for s in self.slices) / cpu,
                sum(s["decisions"] for s in self.slices) / cpu)


@attrs.frozen
class Speedup:
    median: float
    low: float  # the first quartile of the pairs' ratios
    high: float  # the third

    @classmethod
    def of(cls, ratios):
        ratios = sorted(ratios)
        quarter = lambda f: ratios[round(f * (len(ratios) - 1))]  # noqa: E731
        return cls(statistics.median(ratios), quarter(0.25), quarter(0.75))

    def __str__(self):
        return f"{self.median:.2f}x ({self.low:.2f}-{self.high:.2f})"


def measure(trees, seconds) -> bool:
    """Slices of each tree in turn, the same rounds each, for ``seconds`` of CPU in all (at
    least 5 each): each tree's slices after its first (one round, to size the others) pair
    up by their order. False when a child failed."""
    first = [t.play(1) for t in trees]
    if None in first:
        return False
    rounds = max(1, round(SLICE / max(first)))
    spent, turns = 0.0, 0
    while spent < seconds or turns < 5:
        for t in trees:
            cpu = t.play(rounds)
            if cpu is None:
                return False
            spent += cpu
        turns += 1
    return True


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
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="CPU seconds per configuration, all trees together")
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
        head += f" {'then games/s':>12} {'speedup (quartiles)':>20}"
    head += f" {'quiet games/s':>13}" + (f" {'speedup (quartiles)':>20}" if old is not None else "")
    print(head, flush=True)
    for path, players in configurations(files):
        print(configuration(path, players, args.seconds, old), flush=True)
    if args.greedy:
        greedy(args.seconds)


def configuration(path, players, seconds, old) -> str:
    now = Tree.start(ROOT, ROOT / path, players)
    if now is None:
        return f"{path:28} {players:>7} {'failed':>9}"
    trees, marked = [now, Tree.start(ROOT, ROOT / path, players, quiet=True)], ""
    if old is not None:
        then = Tree.start(old, ROOT / path, players)
        if then is None and (old / path).exists():  # the older one cannot read today's file
            then, marked = Tree.start(old, old / path, players), "*"
        if then is not None:  # (None: a ruleset the older commit did not have or cannot play)
            trees.append(then)
    try:
        if None in trees or not measure(trees, seconds):
            return f"{path + marked:28} {players:>7} {'failed':>9}"
    finally:
        for t in trees:
            if t is not None:
                t.stop()
    now, quiet = trees[0], trees[1]
    games, decisions = now.rates()
    text = f"{path + marked:28} {players:>7} {games:>9.1f} {decisions:>11.0f}"
    if len(trees) == 2:
        if old is not None:
            text += f" {'-':>12} {'-':>20}"
        return text + f" {quiet.rates()[0]:>13.1f}"
    then = trees[2]
    cpu = lambda t: [s["cpu"] for s in t.slices[1:]]  # noqa: E731 (the calibrating slice left out)
    speedup = Speedup.of([b / a for a, b in zip(cpu(now), cpu(then))])
    quiet_speedup = Speedup.of([b / a for a, b in zip(cpu(quiet), cpu(then))])
    return (text + f" {then.rates()[0]:>12.1f} {str(speedup):>20}"
            f" {quiet.rates()[0]:>13.1f} {str(quiet_speedup):>20}")


def greedy(seconds):
    """Whole Yokai Sketch games played by greedy bots: CPU seconds a game."""
    sys.path.insert(0, str(ROOT))
    import rulelang
    from interpreter.bots import GreedyBot
    rules = rulelang.load(ROOT / "games/yokai_sketch.rules")
    games = decisions = 0
    started = time.process_time()
    while time.process_time() - started < seconds or games < 2:
        game = rules.new_game(players=2, seed=games)
        bot = GreedyBot(games)
        while not game.is_over:
            game.play(bot.choose(game))
            decisions += 1
        games += 1
    cpu = time.process_time() - started
    print(f"greedy bots, Yokai Sketch: {cpu / games:.2f} CPU s per game "
          f"({games} games, {decisions} decisions)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]), "--quiet" in sys.argv)
    else:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        main()
