"""Playing a simulation's games on a Ray cluster (``simulate --backend ray``).

The checked rules travel once to the cluster's object store; each task plays a
chunk of games by number and returns their records, exactly as a local worker
would, so the report is the same as a local run's for the same seeds. Every
node needs rulelang installed (the same version as the driver's).
"""
from __future__ import annotations

import logging
import uuid
from contextlib import contextmanager

from rulelang.play.simulation.playing import Simulation, Table

# Each Ray worker process keeps the tables (compiled rules) of the simulations it has served.
_TABLES: dict[str, Table] = {}
_KEEP = 4  # simulations remembered per worker process: a compare runs a few in a row


def _play_chunk(key: str, simulation: Simulation, start: int, stop: int) -> list:
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= _KEEP:
            _TABLES.pop(next(iter(_TABLES)))
        table = _TABLES[key] = Table(simulation)
    return [table.play(index) for index in range(start, stop)]


def start(address: str | None, workers: int | None) -> bool:
    """Join ``address`` (or start a local Ray with ``workers`` CPUs) unless this process is
    already connected; True if it was started here (and so is to be shut down here)."""
    import ray
    if ray.is_initialized():
        return False
    kwargs = {"address": address} if address else {"num_cpus": workers}
    ray.init(include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False, **kwargs)
    return True


@contextmanager
def session(address: str | None, workers: int | None):
    """Ray for a series of runs (``compare``'s variants): started once, stopped at the end."""
    import ray
    started = start(address, workers)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


class RayPool:
    """The runner's pool, on Ray: joins ``address``, or the Ray already started in this
    process, or else starts a local one (and stops it when done)."""

    def __init__(self, simulation: Simulation, address: str | None, workers: int | None = None):
        import ray
        self.ray = ray
        self.started_here = start(address, workers)
        self.workers = int(ray.cluster_resources().get("CPU", 1))
        self.key = uuid.uuid4().hex
        self.simulation = ray.put(simulation)
        self.task = ray.remote(_play_chunk)
        self.pending: list = []

    def results(self, work):
        ray = self.ray
        self.pending = [self.task.remote(self.key, self.simulation, chunk.start, chunk.stop)
                        for chunk in work]
        while self.pending:
            done, self.pending = ray.wait(self.pending, num_returns=1)
            yield ray.get(done[0])

    def close(self, finished: bool):
        for ref in self.pending:
            self.ray.cancel(ref, force=True)
        self.pending = []
        if self.started_here:
            self.ray.shutdown()
