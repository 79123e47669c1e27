"""Playouts per CPU second of the tree search bot (``mcts``), or decisions per CPU second of
the greedy bot, now against an earlier commit, in paired slices.

    python benchmarks/playouts.py [--against COMMIT] [--seconds 20] [--kind mcts|greedy]
                                  [--only 'Yokai Sketch' ...] [--games]

A benchmark, not a test: it measures, it does not assert. Each configuration (a ruleset, a
player count) has a few positions: game ``seed`` played by random moves (one draw of
``random.Random(seed)`` per move, through the public API, so every tree reaches the same
position) for a few decisions. A round asks a fresh bot (seeded with ``seed``) for one
decision at each position, on a copy of it, and counts the CPU seconds of ``choose`` and
the playouts it played (``bot.played``: its budget, 64, at a decision with more than one
move, or fewer where its work budget stops the search first, as in Yami and Yōkai). As in
``speed.py``, one long-lived process per tree plays rounds in turn, about 0.3 CPU s a
slice, and the table gives each tree's playouts per CPU second and the median ratio of the
pairs of slices (and its quartiles): on a shared machine a ratio of two slices taken one
after the other is taken under one state of the machine.

"full" is this tree's bot with ``lean=False`` (its worlds and playouts on the full path, as
before the lean path served them); "then" is the earlier commit's bot. Every tree's bot is
asked the same decisions: the moves they choose are compared, and a configuration whose
choices differ says so (the lean path is meant to change the speed, not the choices).

Asked again and again, the same few decisions find what the runtime keeps from one game to
the next (placements worked out for a board, moves made for a decision) ready: in play, a
position is met once. ``--games`` measures that way: a round is a whole game (seed 0, then
1, 2, ...), a bot of the kind at every seat (seeded by the game's seed and its seat), and a
slice is one round, so the pairs compare the same games; the playouts and CPU seconds are
those of every decision with more than one move.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speed
from speed import Speedup, older_tree
from speed import measure as paired_slices

ROOT = Path(__file__).resolve().parent.parent
SLICE = 0.3  # CPU seconds a slice takes, about
POSITIONS = 4  # positions per configuration (seeds 0..3)

# (label, rules, players, options)
CONFIGS = [
    ("Yokai Sketch", "games/yokai_sketch.rules", 2, {}),
    ("Oh Hell", "examples/oh_hell.rules", 3, {}),
    ("Yami", "games/yami.rules", 2, {"mission": "1"}),
    ("Yōkai", "games/yokai.rules", 3, {"levels": [1]}),
]


def worker(tree, path, players, options, kind, mode, games=False):
    """In a child whose ``rulelang`` is ``tree``'s: prepares the positions, then for each
    number read from stdin plays that many rounds and writes their CPU seconds, playouts
    and the moves chosen."""
    import random
    sys.path.insert(0, tree)
    import rulelang
    from interpreter.bots import GreedyBot, MctsBot
    from interpreter.runtime.knowledge import seat_knowledge
    assert Path(rulelang.__file__).resolve().is_relative_to(Path(tree).resolve())
    rules = rulelang.load(path)
    positions = []
    for seed in range(POSITIONS):
        rng = random.Random(seed)
        game = rules.new_game(players=players, seed=seed, options=options, log=False)
        for _ in range(3 + 4 * seed):
            moves = game.legal_moves()
            if game.is_over or len(moves) < 1:
                break
            game.play(moves[int(rng.random() * len(moves))])
        while not game.is_over and len(game.legal_moves()) == 1:
            game.play(game.legal_moves()[0])
        if not game.is_over:
            positions.append((seed, game))
    bot_class = MctsBot if kind == "mcts" else GreedyBot
    lean = {} if mode == "then" else {"lean": mode == "lean"}

    def play_round():
        cpu, playouts, chosen = 0.0, 0, []
        for seed, position in positions:
            game = position.copy(logging=False)
            bot = bot_class(seed, **lean)
            started = time.process_time()
            move = bot.choose(seat_knowledge(game))
            cpu += time.process_time() - started
            playouts += bot.played if kind == "mcts" else 1  # greedy: decisions
            chosen.append(str(move))
        return cpu, playouts, chosen

    games_played = [0]

    def play_game(seed=None):
        """One whole game, a bot at every seat: the next seed's, or ``seed``'s."""
        if seed is None:
            seed = games_played[0]
            games_played[0] += 1
        game = rules.new_game(players=players, seed=seed, options=options, log=False)
        bots: dict = {}
        cpu, playouts, chosen = 0.0, 0, []
        while not game.is_over:
            moves = game.legal_moves()
            if len(moves) == 1:
                game.play(moves[0])
                continue
            seat = int(moves[0].seat)
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = bot_class(seed * 10 + seat, **lean)
            started = time.process_time()
            move = bot.choose(seat_knowledge(game))
            cpu += time.process_time() - started
            chosen.append(str(move))
            game.play(move)
        playouts = sum(b.played for b in bots.values()) if kind == "mcts" else len(chosen)
        return cpu, playouts, chosen

    if games:
        play_game(seed=999)  # warm: a game of its own, not one of those measured
        play_round = play_game
    else:
        play_round()  # warm: the first decisions compile the lean rules and fill caches
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cpu, playouts, chosen = 0.0, 0, []
        for _ in range(int(line)):
            c, p, chosen = play_round()
            cpu, playouts = cpu + c, playouts + p
        print(json.dumps({"cpu": cpu, "playouts": playouts, "chosen": chosen}), flush=True)


class Tree(speed.Tree):
    """A long-lived child process asking one tree's bot, and its slices (speed.py's child
    protocol: a number of rounds in, a slice's figures out)."""

    def __init__(self, tree, label, kind, mode, games=False):
        _, path, players, options = next(c for c in CONFIGS if c[0] == label)
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree),
                   str(ROOT / path), str(players), json.dumps(options), kind, mode] \
            + (["games"] if games else [])
        super().__init__(subprocess.Popen(command, stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True, cwd=tree), mode)
        self.chosen = None
        self.ready = self.read() is not None

    def play(self, rounds):
        cpu = super().play(rounds)
        if cpu is not None:
            self.chosen = self.slices[-1]["chosen"]
        return cpu

    def stop(self):
        self.process.stdin.close()
        self.process.wait()

    def rate(self):
        return sum(s["playouts"] for s in self.slices) / sum(s["cpu"] for s in self.slices)

    def slice_rates(self):
        return [s["playouts"] / s["cpu"] for s in self.slices[1:]]


def measure(trees, seconds, games=False):
    """speed.py's paired slices, each about SLICE seconds of CPU (``games``: one game each,
    the same game in every tree)."""
    return paired_slices(trees, seconds, 0.0 if games else SLICE)


def ratio(a, b):
    return Speedup.of([x / y for x, y in zip(a.slice_rates(), b.slice_rates())])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a commit to compare with")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="CPU seconds per configuration, all trees together")
    parser.add_argument("--kind", choices=["mcts", "greedy"], default="mcts")
    parser.add_argument("--only", nargs="*", default=[], help="labels to keep")
    parser.add_argument("--games", action="store_true",
                        help="whole games, each position met once (see above)")
    args = parser.parse_args()
    temp = tempfile.mkdtemp(prefix="rulelang-playouts-")
    old = older_tree(args.against, Path(temp) / "tree") if args.against else None
    unit = "playouts/s" if args.kind == "mcts" else "decisions/s"
    head = f"| ruleset | players | lean {unit} | full {unit} | lean / full |"
    if old is not None:
        head += f" then {unit} | lean / then | same choices |"
    print(head)
    print("|---" * (head.count("|") - 1) + "|", flush=True)
    try:
        for label, _, players, _ in CONFIGS:
            if args.only and label not in args.only:
                continue
            trees = {"lean": Tree(ROOT, label, args.kind, "lean", args.games),
                     "full": Tree(ROOT, label, args.kind, "full", args.games)}
            if old is not None:
                trees["then"] = Tree(old, label, args.kind, "then", args.games)
            live = list(trees.values())
            try:
                if not all(t.ready for t in live) or not measure(live, args.seconds, args.games):
                    print(f"| {label} | {players} | failed |", flush=True)
                    continue
            finally:
                for t in live:
                    t.stop()
            lean, full = trees["lean"], trees["full"]
            text = (f"| {label} | {players} | {lean.rate():,.0f} | {full.rate():,.0f} | "
                    f"{ratio(lean, full)} |")
            if old is not None:
                then = trees["then"]
                same = "yes" if lean.chosen == full.chosen == then.chosen else \
                    f"no: {lean.chosen} / {full.chosen} / {then.chosen}"
                text += f" {then.rate():,.0f} | {ratio(lean, then)} | {same} |"
            print(text, flush=True)
    finally:
        if old is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]), json.loads(sys.argv[5]), sys.argv[6],
               sys.argv[7], games=sys.argv[8:] == ["games"])
    else:
        main()
