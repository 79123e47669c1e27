"""How much a soak test tries: a bounded part in the README's test command, all of it (the
thousands of games the issues ask for) when ``RULELANG_SOAK=1`` (CI's soak step, ``.ci/run``).

A soak test (marked ``soak``) is worth more the more it tries: it plays many seeded random
games, compares many configurations or draws many property-test examples, looking for one
that goes wrong. Every one runs in the everyday suite, on the first part of what it tries
(the first seeds of its range, a third of its examples, the configurations
``support.differential.everyday`` keeps), so the suite stays within its minutes on two
cores; CI then runs the soak tests again whole (``RULELANG_SOAK=1 python -m pytest -m
soak``), as do the benchmarks (benchmarks/openspiel_crosscheck.py,
benchmarks/lean_differential.py) at any size asked.
"""
from __future__ import annotations

import os

FULL = os.environ.get("RULELANG_SOAK") == "1"


def games(everyday: int, soak: int) -> int:
    """``soak`` games under RULELANG_SOAK=1, else ``everyday``."""
    return soak if FULL else everyday


def seeds(everyday: range, soak: range) -> range:
    """The seeds a soak test plays: ``soak`` under RULELANG_SOAK=1, else ``everyday``."""
    return soak if FULL else everyday


def examples(soak: int) -> int:
    """A property test's examples (Hypothesis's ``max_examples``): ``soak`` under
    RULELANG_SOAK=1, else a third of it. Drawn the same every run (the suite's profile), so
    the everyday run tries a fixed part of what CI's soak step does."""
    return soak if FULL else max(1, soak // 3)
