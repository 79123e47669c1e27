"""How strong the bots are and how long they think: the tables in the README.

    python benchmarks/bots.py strength [--games 200] [--workers 2]
    python benchmarks/bots.py figures [--games 20] [--workers 2] [--kinds mcts oracle]
                                      [--only 'Yami mission 1 3p' Hanabi] [--first 0]
    python benchmarks/bots.py teams [--games 100] [--workers 2] [--kinds mcts] [--only Yami]
                                    [--players 3]

A benchmark, not a test: it measures, it does not assert. ``strength`` plays Yokai Sketch
between two kinds of bots (each kind takes each seat in half the games) and prints each
pairing's win share with its 95% interval, and the time per decision of the stronger kind.
``figures`` plays the README's list of cooperative figures (the default partner, ``mcts``,
and the oracle: the same bot with every card face up) and prints each with its 95% interval.
``teams`` plays the cooperative games with a whole team of one kind: Yami's missions, and
Yokai at each level and player count, and prints the team's win share. Games are seeded
(game i: seed 1000 + i, bots from it), so a table replays; times per decision are CPU
seconds of the bot's process (other work on a shared machine then matters less).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAIRINGS = [("greedy", "random"), ("mcts", "random"), ("mcts", "greedy")]
TEAMS = ["random", "greedy", "mcts"]


def play(path, players, options, kinds, seed):
    """One game: (the outcome, decision times per kind)."""
    import rulelang
    from interpreter.bots import PARTNER, make_bot
    from interpreter.runtime.knowledge import seat_knowledge
    rules = rulelang.load(ROOT / path)
    game = rules.new_game(players=players, seed=seed, options=options, log=False)
    # the oracle: the default partner seeing every card (a designer's measure, as --bots oracle)
    bots = [make_bot(PARTNER if kind == "oracle" else kind, seed * 101 + seat)
            for seat, kind in enumerate(kinds)]
    times: dict = {}
    while not game.is_over:
        seat = game.to_move
        start = time.process_time()
        move = bots[seat].choose(seat_knowledge(game, oracle=kinds[seat] == "oracle"))
        times.setdefault(kinds[seat], []).append(time.process_time() - start)
        game.play(move)
    return game.outcome, times


def _duel(args):
    a, b, i = args
    kinds = (a, b) if i % 2 == 0 else (b, a)
    outcome, times = play("games/yokai_sketch.rules", 2, {}, kinds, 1000 + i)
    won = outcome["result"] == "win" and kinds.index(a) in outcome["winners"]
    return won, outcome["result"] == "draw", times


def _team(args):
    path, players, options, kind, i = args
    outcome, times = play(path, players, options, [kind] * players, 1000 + i)
    return outcome["result"] == "win", times, outcome["scores"][0]


# The README's figures (issue 25): (label, rules, players, options, what counts)
FIGURES = [
    ("Yami mission 1", "games/yami.rules", 2, {"mission": "1"}, "wins"),
    ("Yami mission 1", "games/yami.rules", 3, {"mission": "1"}, "wins"),
    ("Yami mission 1", "games/yami.rules", 4, {"mission": "1"}, "wins"),
    ("Yami mission 2", "games/yami.rules", 3, {"mission": "2"}, "wins"),
    ("Yokai level 1", "games/yokai.rules", 3, {"levels": "1"}, "wins"),
    ("Yokai level 5", "games/yokai.rules", 3, {"levels": "5"}, "wins"),
    ("Hanabi", "examples/hanabi.rules", 2, {}, "points"),
]


def mean_interval(values, z=1.96):
    """The mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n) if n > 1 else 0.0
    return mean, mean - half, mean + half


def figures(games, workers, kinds, only, first=0):
    """The README's table: each figure with its 95% interval and the time per decision."""
    print("| game | players | bots | games | team wins (95% interval) | mean score (95% interval) "
          "| time per decision |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(workers) as pool:
        for label, path, players, options, _ in FIGURES:
            if only and not any(word in f"{label} {players}p" for word in only):
                continue
            for kind in kinds:
                jobs = [(path, players, options, kind, i) for i in range(first, first + games)]
                results = progress(pool.map(_team, jobs), f"{label} {players}p {kind}")
                wins = sum(r[0] for r in results)
                low, high = wilson(wins, games)
                mean, mlow, mhigh = mean_interval([r[2] for r in results])
                times = [t for r in results for t in r[1].get(kind, [])]
                shown = "oracle (every card face up)" if kind == "oracle" else kind
                print(f"| {label} | {players} | {shown} | {games} | {wins} "
                      f"({100 * wins / games:.0f}%, {low:.0f}-{high:.0f}%) | "
                      f"{mean:.1f} ({mlow:.1f} to {mhigh:.1f}) | {timing(times)} |", flush=True)


def progress(results, what):
    """The results as they come, each game said on stderr (a long run's partial figures)."""
    out = []
    for i, result in enumerate(results):
        out.append(result)
        duel = what.startswith("duel")
        times = [t for ts in result[-1 if duel else 1].values() for t in ts]
        print(f"{what}: game {i}: {result[0]}, {'' if duel else result[-1]} "
              f"{len(times)} decisions, {sum(times):.0f} s CPU, max {max(times, default=0):.2f} s",
              file=sys.stderr, flush=True)
    return out


def wilson(wins, n, z=1.96):
    """The 95% interval of a share (Wilson's), as percentages."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def timing(times):
    if not times:
        return "-"
    times = sorted(times)
    mean = sum(times) / len(times)
    return f"{mean * 1000:.0f} ms mean, {times[int(0.99 * (len(times) - 1))] * 1000:.0f} ms p99, " \
           f"{times[-1] * 1000:.0f} ms max"


def strength(games, workers, pairings=PAIRINGS):
    print("| Yokai Sketch | wins | 95% interval | draws | time per decision (first kind) |")
    print("|---|---|---|---|---|")
    with ProcessPoolExecutor(workers) as pool:
        for a, b in pairings:
            results = progress(pool.map(_duel, [(a, b, i) for i in range(games)]), f"duel {a}-{b}")
            wins = sum(r[0] for r in results)
            draws = sum(r[1] for r in results)
            low, high = wilson(wins, games)
            times = [t for r in results for t in r[2].get(a, [])]
            print(f"| {a} vs {b} | {wins}/{games} ({100 * wins / games:.0f}%) | "
                  f"{low:.0f}-{high:.0f}% | {draws} | {timing(times)} |", flush=True)


def team_configs():
    for mission in ("1", "2"):
        for players in (2, 3, 4):
            yield "games/yami.rules", players, {"mission": mission}, f"Yami mission {mission}"
    for level in ("1", "2", "3", "4", "5"):
        for players in (2, 3, 4):
            yield "games/yokai.rules", players, {"levels": level}, f"Yokai level {level}"


def teams(games, workers, kinds, only, counts):
    print("| game | players | team | wins | 95% interval | time per decision |")
    print("|---|---|---|---|---|---|")
    with ProcessPoolExecutor(workers) as pool:
        for path, players, options, label in team_configs():
            if only and not any(word in label for word in only):
                continue
            if counts and players not in counts:
                continue
            for kind in kinds:
                jobs = [(path, players, options, kind, i) for i in range(games)]
                results = list(pool.map(_team, jobs))
                wins = sum(r[0] for r in results)
                low, high = wilson(wins, games)
                times = [t for r in results for t in r[1].get(kind, [])]
                print(f"| {label} | {players} | {kind} | {wins}/{games} "
                      f"({100 * wins / games:.0f}%) | {low:.0f}-{high:.0f}% | {timing(times)} |",
                      flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", choices=["strength", "teams", "figures"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kinds", nargs="*", default=TEAMS, help="teams: the kinds to try")
    parser.add_argument("--only", nargs="*", default=[], help="teams: labels to keep (Yami, 'level 1')")
    parser.add_argument("--pairings", nargs="*", default=[],
                        help="strength: pairings to play (mcts:greedy oracle:greedy)")
    parser.add_argument("--players", nargs="*", type=int, default=[],
                        help="teams: player counts to keep (default: 2, 3 and 4)")
    parser.add_argument("--first", type=int, default=0,
                        help="figures: start at game FIRST (seed 1000 + FIRST): a run continued")
    args = parser.parse_args()
    if args.table == "strength":
        pairings = [tuple(p.split(":")) for p in args.pairings] or PAIRINGS
        strength(args.games or 200, args.workers, pairings)
    elif args.table == "figures":
        figures(args.games or 20, args.workers, args.kinds if args.kinds != TEAMS else
                ["mcts", "oracle"], args.only, args.first)
    else:
        teams(args.games or 100, args.workers, args.kinds, args.only, args.players)


if __name__ == "__main__":
    main()
