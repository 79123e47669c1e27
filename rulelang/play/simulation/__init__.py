"""Simulation for game designers: many games between bots, and their figures.

- ``playing``: one game of a simulation, and the record it leaves;
- ``runner``: every game, on the cores asked for (or a Ray cluster, ``ray_backend``);
- ``summary``: the figures of a run; ``report``: them as text; ``plot``: as a PNG;
- ``compare``: variants of a game side by side, each figure tested;
- ``stats``: the intervals and tests the figures use.
"""
from __future__ import annotations

from rulelang.play.simulation import report
from rulelang.play.simulation.playing import GameRecord, Simulation
from rulelang.play.simulation.summary import Summary, summarize, to_json

__all__ = ["GameRecord", "Simulation", "Summary", "report", "summarize", "to_json"]
