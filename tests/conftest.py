"""Shared test fixtures: text snapshots of transcripts, and a configuration folder of the
tests' own. (Shared helpers: the ``support`` package.)"""
from __future__ import annotations

import os
import sys

# Some machines set PYTHONDONTWRITEBYTECODE. Then every xdist worker (and every `rulelang`
# subprocess a test starts) rewrites and compiles every test module and ours anew, about 9 s
# of CPU a worker; the suite keeps its bytecode in __pycache__ (git ignores it) instead.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The tests make and drop many games, rulesets and views: with Python's default thresholds the
# cyclic garbage collector ran thousands of times a worker and took about 9% of its CPU. Far
# fewer, larger collections here (nothing under test depends on when they run: no test
# waits for something to be freed).
import gc

gc.set_threshold(100_000, 50, 100)

import pytest
from hypothesis import settings
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from rulelang.language import loader

# Hypothesis draws the same examples in every run ("derandomize", seeded by each test's own
# name and code): a run's time and its result are the same from one run to the next, and a
# failure seen once is seen again. Drawn afresh each run, one test took 2 s in one run and
# 14 s in another. `--hypothesis-profile explore` draws new examples (and keeps those that
# failed in .hypothesis/, to try them first next time).
settings.register_profile("suite", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("suite")

# The loader keeps the 16 programs checked last: the suite goes round more rulesets than that
# (every shipped game and example, one after another, in several files), and with 16 each
# round parsed and checked them all again. Kept here is what a session loads.
loader.MAX_CHECKED = 256


class TextSnapshot(SingleFileSnapshotExtension):
    """One readable .txt file per snapshot, diffable in review."""
    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture(autouse=True, scope="session")
def _own_config_folder(tmp_path_factory):
    """Saves are sealed with a key made in the user's configuration folder: the tests make
    theirs in a folder of their own (commands they start inherit it), never in the user's."""
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("config"))


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """A cache folder of the test's own (XDG_CACHE_HOME), empty, with caching on: what
    rulelang keeps between runs goes in its "rulelang" folder."""
    home = tmp_path / "cache"
    home.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("RULELANG_NO_CACHE", raising=False)
    return home


def pytest_collection_modifyitems(config, items):
    """The files that hold slow tests first, the most slow tests first (each file's tests kept
    together and in order, for its fixtures): pytest-xdist gives each worker a run of the
    tests and lets an idle worker take the untouched end of another's, so a test of seconds
    met at the end keeps one core busy while the other waits; met first, it is shared out."""
    slow: dict = {}
    for item in items:
        slow.setdefault(item.path, 0)
        if item.get_closest_marker("slow"):
            slow[item.path] += 1
    items.sort(key=lambda item: -slow[item.path])
