"""Random games and decisions per CPU second for every game and example, on the full path
(logged and quiet), on the lean path, and against an earlier commit and a hand-written or
C++ engine, each a ratio measured side by side in the same run.

    python benchmarks/speed.py [--against COMMIT [--then-lean]] [--seconds 20] [--greedy] [FILE...]

A benchmark, not a test: it measures, it does not assert. Each configuration (a ruleset and
a player count) is played by uniformly random moves, timing CPU seconds (not wall time:
other work on the machine then matters less), in the seeds 0 to 19, round after round.
The full path plays through the public API (``legal_moves`` and ``play``), logged and quiet
(``log=False``); the lean path (``Rules.lean()``, as ``rulelang simulate`` plays random
bots) plays moves by number, picked by the same draws, so it plays the same games: played
out (``LeanGame.play_out``, its rules that can pause run as their direct forms) when the
tree has it, from the start (``Rules.played_out``: its first decision too) when it has that.

On a shared virtual machine the same code runs up to 1.6 times faster in one second than
in the next (the host's other work), for seconds at a time. So the engines are measured in
*pairs of slices*: one long-lived process per engine, each asked in turn to play a few
rounds (about 0.2 CPU s of its own games); the ratio of two engines' games per second in
slices taken one after the other is a ratio taken under one state of the machine. The table
shows each engine's games per second over all its slices, and the median ratio of the pairs
(and its quartiles): lean/quiet, lean/then, lean/reference.

With ``--against``, that commit ("then") is checked out in a temporary ``git worktree``
outside the repository and plays the current tree's ``.rules`` files quiet (the older
tree's own file when it cannot load them, marked ``*``; logged when it cannot play quiet).
The reference (``speed_references.py``) is the hand-written Yokai Sketch engine
(``yokai_sketch_by_hand.py``) or OpenSpiel's C++ game (oh_hell, goofspiel, othello,
hanabi) where one exists and ``pyspiel`` is installed. It plays other games than ours from
the same seeds, so it is paired with a second lean process of its own, both going through
the seeds 0 to 999, twenty a round (``WIDE``): the ratio is not one of 20 games' lengths.
``--greedy`` also times whole Yokai Sketch games played by greedy bots.
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
# Against a reference (another engine: other games from the same seeds), a round plays the next
# 20 seeds of 0..WIDE-1 instead: the two engines' mean game lengths over 20 seeds can differ by
# 10% or more (Yokai Sketch's seeds 0..19: 144.6 decisions a game by hand, 164.0 here), over a
# thousand by about 1% (158.8 and 160.4 over 2,000)
WIDE = 1000
SLICE = 0.2  # CPU seconds a slice of the slowest tree takes, about


# ------------------------------------------------------------------ one tree (a child)

def worker(tree, path, players, mode, wide=False):
    """Runs in a child process whose ``rulelang`` is the one in ``tree``: reads a number of
    rounds from stdin, plays them, writes their CPU seconds, games and decisions. ``mode``:
    "logged" (the full path, its log on), "quiet" (``log=False``: the older tree's full
    path, as simulations played before the lean path), "lean" (``Rules.lean()``) or
    "reference" (speed_references.py's engine for this ruleset). ``wide``: each round the
    next CYCLE seeds of 0..WIDE-1 (see WIDE), not 0..CYCLE-1."""
    import random
    rounds_played = [0]

    def seeds():
        if not wide:
            return range(CYCLE)
        start = rounds_played[0] * CYCLE % WIDE
        rounds_played[0] += 1
        return range(start, start + CYCLE)
    sys.path.insert(0, tree)
    if mode == "reference":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from speed_references import reference
        play_one = reference(path, players)[1]

        def play_round():
            return sum(play_one(seed) for seed in seeds())
    else:
        import rulelang
        assert Path(rulelang.__file__).resolve().is_relative_to(Path(tree).resolve()), rulelang.__file__
        rules = rulelang.load(path)
        if mode == "lean" and not hasattr(rules, "lean"):
            mode = "quiet"  # an older tree, from before the lean path: its quiet full path
        if mode == "lean":
            rules = rules.lean()
        elif mode == "quiet":
            try:
                rules.new_game(players=players, seed=0, log=False)
            except TypeError:  # an older runtime that always builds its log
                mode = "logged"

        cold = os.environ.get("RULELANG_BENCH_COLD") == "1"

        def play_round():
            decisions = 0
            if cold:  # each round as new games would: no board's placements kept from the last
                # round (the placements of a shape on a whole box, IN_BOX, stay: a long
                # simulation keeps them, as they hold nothing of any one game)
                try:
                    from interpreter.runtime import geometry
                    geometry.PLACEMENTS_OF.clear()
                    geometry._placements_kept[0] = 0
                except (ImportError, AttributeError):
                    pass  # an older tree, with no such cache
            for seed in seeds():
                rng = random.Random(seed)
                if mode == "lean":  # the same draws pick the same moves: the same games
                    def pick(game, seat, values, site, draw=rng.random):
                        return int(draw() * len(values))
                    if hasattr(rules, "played_out"):  # from the start: its first rules direct too
                        decisions += rules.played_out(pick, players=players, seed=seed).answered
                        continue
                    game = rules.new_game(players=players, seed=seed)
                    if hasattr(game, "play_out"):  # played out: rules that can pause run direct
                        decisions += game.play_out(pick)
                        continue
                    while not game.is_over:
                        game.play(int(rng.random() * game.move_count))
                        decisions += 1
                    continue
                game = (rules.new_game(players=players, seed=seed, log=False) if mode == "quiet"
                        else rules.new_game(players=players, seed=seed))
                while not game.is_over:  # one call of random() per move: the harness costs little
                    moves = game.legal_moves()
                    game.play(moves[int(rng.random() * len(moves))])
                    decisions += 1
            return decisions

    play_round()  # warm: the first games fill the ruleset's caches
    print(json.dumps({"ready": True, "mode": mode}), flush=True)
    for line in sys.stdin:
        rounds = int(line)
        started = time.process_time()
        decisions = sum(play_round() for _ in range(rounds))
        cpu = time.process_time() - started
        print(json.dumps({"cpu": cpu, "games": rounds * CYCLE, "decisions": decisions}), flush=True)


@attrs.define
class Tree:
    """A long-lived child process playing one tree's games one way, and what it has measured."""
    process: subprocess.Popen
    mode: str = ""  # as the child plays: see worker
    slices: list = attrs.Factory(list)  # each slice's result: cpu, games, decisions
    rounds: int = 1  # rounds a slice: about SLICE CPU seconds of this tree's games

    @classmethod
    def start(cls, tree, path, players, mode="logged", wide=False):
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree),
                   str(path), str(players), mode] + (["wide"] if wide else [])
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, cwd=tree)
        started = cls(process)
        ready = started.read()
        if ready is None:
            return None
        started.mode = ready.get("mode", mode)
        return started

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

    def slice_rates(self):
        """Games per CPU second of each slice after the first (which sized the others)."""
        return [s["games"] / s["cpu"] for s in self.slices[1:]]


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


def measure(trees, seconds, slice_seconds: float = SLICE) -> bool:
    """Slices of each tree in turn, for ``seconds`` of CPU in all (at least 5 each): each
    tree's slices after its first (one round, to size the others: about ``slice_seconds``
    each) pair up by their order. False when a child failed."""
    for t in trees:
        first = t.play(1)
        if first is None:
            return False
        t.rounds = max(1, round(slice_seconds / max(first, 1e-6)))
    spent, turns = 0.0, 0
    while spent < seconds or turns < 5:
        for t in trees:
            cpu = t.play(t.rounds)
            if cpu is None:
                return False
            spent += cpu
        turns += 1
    return True


def ratio(a, b) -> Speedup:
    """``a``'s games per CPU second over ``b``'s, pair by pair of slices."""
    return Speedup.of([x / y for x, y in zip(a.slice_rates(), b.slice_rates())])


# ------------------------------------------------------------------ the run

def configurations(files, players=None):
    """Each ruleset at each player count it allows (``players``: at that count only, or the
    nearest it allows)."""
    sys.path.insert(0, str(ROOT))
    import rulelang
    for path in files:
        counts = rulelang.load(ROOT / path).player_counts
        if players is None:
            yield from ((path, n) for n in counts)
        else:
            yield path, min(max(players, counts[0]), counts[-1])


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
    parser.add_argument("--cold", action="store_true", help="no board's placements kept from one "
                        "round to the next (each round's games as new ones would be)")
    parser.add_argument("--then-lean", action="store_true", help="the older commit plays its "
                        "lean path (when it has one), not its quiet full path")
    parser.add_argument("--players", type=int, help="one player count per ruleset (the nearest "
                        "it allows), not every count")
    args = parser.parse_args()
    if args.cold:
        os.environ["RULELANG_BENCH_COLD"] = "1"  # read by the children
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


COLUMNS = (f"{'ruleset':28} {'players':>7} {'games/s':>9} {'decisions/s':>11} "
           f"{'quiet':>8} {'lean':>8} {'lean/quiet':>17}")


def run(files, args, old):
    head = COLUMNS
    if old is not None:
        head += f" {'then':>8} {'lean/then':>18}"
    head += f"  {'reference':>20} {'games/s':>9} {'lean':>9} {'lean/reference':>18}"
    print(head, flush=True)
    for path, players in configurations(files, args.players):
        print(configuration(path, players, args.seconds, old, args.then_lean), flush=True)
    if args.greedy:
        greedy(args.seconds)


def configuration(path, players, seconds, old, then_lean=False) -> str:
    """One ruleset and player count: the full path logged and quiet, the lean path, the
    older commit (quiet when it can be; ``then_lean``: its lean path, when it has one) and
    the reference engine, in paired slices."""
    from speed_references import reference
    named = {"now": Tree.start(ROOT, ROOT / path, players),
             "quiet": Tree.start(ROOT, ROOT / path, players, "quiet"),
             "lean": Tree.start(ROOT, ROOT / path, players, "lean")}
    marked = ""
    if old is not None:
        how = "lean" if then_lean else "quiet"
        then = Tree.start(old, ROOT / path, players, how)
        if then is None and (old / path).exists():  # the older one cannot read today's file
            then, marked = Tree.start(old, old / path, players, how), "*"
        if then is not None:  # (None: a ruleset the older commit did not have or cannot play)
            named["then"] = then
    found = reference(str(path), players)
    if found is not None:
        # a pair of its own, over WIDE seeds (other games than ours: see WIDE)
        named["lean_wide"] = Tree.start(ROOT, ROOT / path, players, "lean", wide=True)
        named["reference"] = Tree.start(ROOT, ROOT / path, players, "reference", wide=True)
    trees = [t for t in named.values() if t is not None]
    try:
        if any(named[k] is None for k in ("now", "quiet", "lean")) or not measure(trees, seconds):
            return f"{path + marked:28} {players:>7} {'failed':>9}"
    finally:
        for t in trees:
            t.stop()
    games, decisions = named["now"].rates()
    lean = named["lean"]
    text = (f"{path + marked:28} {players:>7} {games:>9.1f} {decisions:>11.0f} "
            f"{named['quiet'].rates()[0]:>8.1f} {lean.rates()[0]:>8.1f} "
            f"{ratio(lean, named['quiet'])!s:>17}")
    if old is not None:
        then = named.get("then")
        text += (f" {then.rates()[0]:>8.1f} {ratio(lean, then)!s:>18}" if then is not None
                 else f" {'-':>8} {'-':>18}")
        if then is not None and then.mode not in ("quiet", "lean"):
            text += " (then logged)"
        elif then is not None and then_lean and then.mode != "lean":
            text += " (then quiet: no lean path)"
    ref, lean_wide = named.get("reference"), named.get("lean_wide")
    if ref is not None and lean_wide is not None and found is not None:
        text += (f"  {found[0]:>20} {ref.rates()[0]:>9.1f} {lean_wide.rates()[0]:>9.1f} "
                 f"{ratio(lean_wide, ref)!s:>18}")
    return text


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
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6:] == ["wide"])
    else:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        main()
