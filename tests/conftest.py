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
from hypothesis import given, settings
from hypothesis import strategies as st
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


# Hypothesis registers its own random generator the first time a test of it runs in a
# process, and checks that registration with a full garbage collection and a search of
# every object's referrers: about a second of CPU a worker once the tests have filled the
# heap, a few milliseconds now, while it is small.
@given(st.just(None))
@settings(max_examples=1, database=None)
def _hypothesis_started(_: None) -> None:
    pass


_hypothesis_started()

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
    """The files that hold slow tests at the front of every worker's share, the quick tests
    after them (each file's tests kept together and in order, for its fixtures).

    pytest-xdist's work stealing first gives each of n workers a contiguous n-th of the
    collection, then lets an idle worker take the end of the longest queue left. A test of
    seconds met at the end keeps one core busy while the others wait; so every share starts
    with its part of the slow files (dealt out by their count of slow tests, the most first)
    and ends with quick tests, and what is stolen from its end is quick tests too."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    files: dict = {}
    for item in items:
        files.setdefault(item.path, []).append(item)
    slow = {path: sum(1 for item in group if item.get_closest_marker("slow"))
            for path, group in files.items()}
    shares: list[list] = [[] for _ in range(workers)]
    weights = [0] * workers
    for path in sorted((p for p in files if slow[p]), key=lambda p: -slow[p]):
        lightest = weights.index(min(weights))
        shares[lightest].extend(files[path])
        weights[lightest] += slow[path]
    quick = [item for path, group in files.items() if not slow[path] for item in group]
    # xdist's first share is len // workers of what is pending, the next of what is left, ...
    ordered: list = []
    for n, share in enumerate(shares):
        size = (len(items) - len(ordered)) // (workers - n)
        fill = max(0, size - len(share))
        ordered += share + quick[:fill]
        del quick[:fill]
    ordered += quick
    assert len(ordered) == len(items)
    items[:] = ordered


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config):
    """A test worker leaves at once when pytest is done with it: it has sent its last report
    (at the session's finish), and what is left is clearing up a process about to end:
    freeing the games, rulesets and modules its tests kept took seconds, and pytest's last
    garbage collections (two, over the whole heap, looking for errors in finalizers that a
    worker could no longer report) about a second, while the run waited. (Its fixtures are
    torn down already: Ray, Chromium and servers were stopped by their own teardown.)"""
    if hasattr(config, "workerinput"):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
