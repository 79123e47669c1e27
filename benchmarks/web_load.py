"""Load on ``rulelang serve``: many games at once, a person and a bot at each, over 127.0.0.1.

A server process holds GAMES tables (P1 a person, the other seats random bots). This process
plays P1 at every table at once over its socket, like a quick person: it waits a moment
(THINK seconds on average) after each decision appears, sends a random legal move, and
times how long the server takes to answer it (the state that shows the move), and how long
until it is P1's decision again (the bots' moves included). Bounded: at most MOVES moves a
game and SECONDS in all; it talks to 127.0.0.1 only.

    python benchmarks/web_load.py [--games 50] [--think 0.5] [--moves 40] [--seconds 90]
                                  [--rules games/yokai_sketch.rules]

The target: each move answered in under 100 ms at the median, with 50 games at once.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 100


def serve(rules_path, games, pipe):
    """The server process: the tables, then uvicorn on 127.0.0.1 (a free port)."""
    import uvicorn

    import rulelang
    from rulelang.play.cli.serve import bind
    from rulelang.play.web.app import create_app
    from rulelang.play.web.host import Host
    rules = rulelang.load(rules_path)
    host = Host()
    tokens = []
    for _ in range(games):
        table = host.open(Path(rules_path).name, rules, None, {},
                          {f"P{n}": "random" for n in range(2, rules.program.min_players + 1)})
        tokens.append(table.links()["P1"])
    listener = bind("127.0.0.1", 0)
    pipe.send((listener.getsockname()[1], tokens))
    config = uvicorn.Config(create_app(host), log_level="warning", ws_max_size=65_536)
    uvicorn.Server(config).run(sockets=[listener])


async def play(url, think, moves, deadline, answered, settled, rng):
    from websockets.asyncio.client import connect
    async with connect(url, max_size=2**22) as ws:
        state = json.loads(await ws.recv())
        for _ in range(moves):
            while not _mine(state):  # the bots' moves arrive one by one
                if state["view"]["over"] or time.monotonic() > deadline:
                    return
                state = json.loads(await ws.recv())
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if time.monotonic() > deadline:
                return
            move = rng.choice(state["view"]["decision"]["moves"])
            version = state["version"]
            sent = time.perf_counter()
            await ws.send(json.dumps({"move": move, "version": version}))
            while True:
                message = json.loads(await ws.recv())
                if message.get("type") == "refused":
                    raise RuntimeError(f"{move!r} refused: {message['reason']}")
                if message["version"] > version:
                    state = message
                    break
            answered.append(time.perf_counter() - sent)
            while not _mine(state) and not state["view"]["over"]:
                state = json.loads(await ws.recv())
            settled.append(time.perf_counter() - sent)
            if state["view"]["over"]:
                return


def _mine(state) -> bool:
    decision = state["view"].get("decision")
    return bool(decision and decision.get("moves")) and not state["view"]["over"]


async def load(port, tokens, think, moves, seconds):
    deadline = time.monotonic() + seconds
    answered, settled = [], []
    rng = random.Random(2026)
    await asyncio.gather(*(
        play(f"ws://127.0.0.1:{port}/t/{token}/ws", think, moves, deadline, answered, settled,
             random.Random(rng.random())) for token in tokens))
    return answered, settled


def report(name, times):
    if not times:
        return f"{name}: none"
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=100) if len(ms) > 1 else ms * 99
    return (f"{name}: median {statistics.median(ms):.1f} ms, p90 {q[89]:.1f}, p99 {q[98]:.1f}, "
            f"max {ms[-1]:.1f} ({len(ms)} moves)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before a move")
    parser.add_argument("--moves", type=int, default=40, help="moves per game at most")
    parser.add_argument("--seconds", type=float, default=90, help="the whole run at most")
    parser.add_argument("--rules", default=str(ROOT / "games/yokai_sketch.rules"))
    args = parser.parse_args()
    ours, theirs = multiprocessing.Pipe()
    server = multiprocessing.get_context("spawn").Process(
        target=serve, args=(args.rules, args.games, theirs), daemon=True)
    server.start()
    try:
        if not ours.poll(60):
            sys.exit("the server did not start")
        port, tokens = ours.recv()
        started = time.perf_counter()
        answered, settled = asyncio.run(load(port, tokens, args.think, args.moves, args.seconds))
        took = time.perf_counter() - started
    finally:
        server.terminate()
        server.join(10)
    print(f"{args.games} games of {Path(args.rules).name} at once, P1 thinking {args.think} s "
          f"on average; {len(answered)} moves in {took:.1f} s")
    print(report("a move answered", answered))
    print(report("until P1's next decision (bots included)", settled))
    if answered:
        median = statistics.median(answered) * 1000
        verdict = "within" if median < TARGET_MS else "OVER"
        print(f"target: median under {TARGET_MS} ms: {verdict} ({median:.1f} ms)")


if __name__ == "__main__":
    main()
