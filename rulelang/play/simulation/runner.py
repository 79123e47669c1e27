"""Running a simulation's games on every core asked for, or on a Ray cluster.

Games are dealt in chunks of consecutive numbers; each worker compiles the
rules once and plays the chunks it is given. Whatever order the chunks finish
in, the records are put back in game order, so a report depends only on which
games were played, never on how many workers played them or who was fastest.
Ctrl-C stops the workers and keeps the games already finished.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator

import attrs

from rulelang.play.simulation.playing import GameFailure, GameRecord, Simulation, Table

MAX_CHUNK = 25  # games per task: small enough for a lively progress bar and even sharing


@attrs.frozen
class Run:
    """The games a run finished, in game order, and how the run went."""
    simulation: Simulation
    records: list  # GameRecord, by game number
    failure: GameFailure | None  # the first game stopped by an error, if any
    stopped: bool  # True when Ctrl-C stopped the run early
    elapsed: float  # seconds
    workers: int
    backend: str


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def chunks(games: int, workers: int) -> list[range]:
    size = max(1, min(MAX_CHUNK, games // (workers * 8) or 1))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def run(simulation: Simulation, workers: int | None = None, backend: str = "local",
        address: str | None = None, on_progress: Callable[[int], None] | None = None,
        on_status: Callable[[str], None] | None = None) -> Run:
    """Play every game of ``simulation``; ``on_progress(done)`` after each chunk;
    ``on_status(text)`` says what is done before the games start (Ray starting, and how
    long it took: seconds in which no game is played)."""
    if backend == "ray":
        from rulelang.play.simulation.ray_backend import RayPool
        if on_status is not None:
            on_status("starting Ray")
        started = time.perf_counter()
        ray_pool = RayPool(simulation, address, workers)
        if on_status is not None:
            on_status(f"Ray started in {time.perf_counter() - started:.1f} s")
        workers = ray_pool.workers
        work = chunks(simulation.games, workers)
        return _collect(simulation, ray_pool, work, workers, backend, on_progress)
    workers = workers or default_workers()
    work = chunks(simulation.games, workers)
    pool: InProcess | ProcessPool
    if workers == 1 or len(work) == 1:
        pool, workers = InProcess(simulation), 1
    else:
        pool = ProcessPool(simulation, min(workers, len(work)))
        workers = pool.workers
    return _collect(simulation, pool, work, workers, backend, on_progress)


def _collect(simulation, pool, work, workers, backend, on_progress) -> Run:
    """Gather the chunks as they finish, until all are in, an error, or Ctrl-C."""
    started = time.perf_counter()
    records: dict[int, GameRecord] = {}
    failure, stopped = None, False
    try:
        if on_progress is not None:
            on_progress(0)  # the workers are ready
        for batch in pool.results(work):
            for item in batch:
                if isinstance(item, GameFailure):
                    # the run stops at the first chunk with a failure; with several workers,
                    # another failing game may come in first: any one of them is shown
                    if failure is None or item.index < failure.index:
                        failure = item
                else:
                    records[item.index] = item
            if failure is not None:
                break
            if on_progress is not None:
                on_progress(len(records))
    except KeyboardInterrupt:
        stopped = True
    finally:
        pool.close(finished=not stopped and failure is None)
    elapsed = time.perf_counter() - started
    ordered = [records[i] for i in sorted(records)]
    return Run(simulation, ordered, failure, stopped, elapsed, workers, backend)


class InProcess:
    """One worker: this process, game by game (no pool to start)."""

    def __init__(self, simulation: Simulation):
        self.table = Table(simulation)
        self.workers = 1

    def results(self, work: Iterable[range]) -> Iterator[list]:
        for chunk in work:
            for index in chunk:
                yield [self.table.play(index)]

    def close(self, finished: bool):
        pass


# Each worker process keeps its table (the compiled rules) for every chunk it plays.
_TABLE: Table | None = None


def _start_worker(simulation: Simulation):
    global _TABLE  # noqa: PLW0603 (a pool's initializer sets its worker's state)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _TABLE = Table(simulation)


def _play_chunk(chunk: range) -> list:
    assert _TABLE is not None  # set by _start_worker, the pool's initializer
    return [_TABLE.play(index) for index in chunk]


class ProcessPool:
    """Worker processes on this machine, one per core asked for."""

    def __init__(self, simulation: Simulation, workers: int):
        self.workers = workers
        self.pool = multiprocessing.get_context().Pool(
            workers, initializer=_start_worker, initargs=(simulation,))

    def results(self, work: Iterable[range]) -> Iterator[list]:
        return self.pool.imap_unordered(_play_chunk, work)

    def close(self, finished: bool):
        if finished:
            self.pool.close()
        else:
            self.pool.terminate()
        self.pool.join()
