"""simulate --backend ray: on a local Ray, the same report as locally, and the progress line
says that Ray is starting, then how long it took (seconds in which no game is played).

Ray starts once for this file (``ray_backend.session``, as ``compare`` starts it for its
variants): starting it takes seconds of the suite's time, each test joins it."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from rulelang.play.cli import cli
from rulelang.play.simulation import Simulation, ray_backend, runner
from support import ROOT, load

YOKAI = str(ROOT / "games" / "yokai_sketch.rules")


@pytest.fixture(scope="module")
def ray():
    """Ray, imported by the tests that use it, not at collection (in every worker; it takes
    a second or two)."""
    return pytest.importorskip("ray")  # the 'cluster' extra (part of 'test')


@pytest.fixture(scope="module")
def local_ray(ray):
    with ray_backend.session(None, 2):
        assert ray.is_initialized()
        yield
    assert not ray.is_initialized()


@pytest.mark.slow
def test_a_ray_run_gives_the_local_report(tmp_path, local_ray):
    local, remote = tmp_path / "local.json", tmp_path / "ray.json"
    args = ["simulate", YOKAI, "-n", "30", "--seed", "3"]
    result = CliRunner().invoke(cli, args + ["--workers", "2", "--json", str(local)])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, args + ["--backend", "ray", "--json", str(remote)])
    assert result.exit_code == 0, result.output
    assert "on Ray (2 CPUs)" in result.output
    assert remote.read_text() == local.read_text()


@pytest.mark.slow
def test_the_progress_line_says_ray_is_starting_and_how_long_it_took(ray, local_ray):
    rules = load(ROOT / "games/yokai_sketch.rules")
    said, done = [], []
    simulation = Simulation(rules.program, 2, {}, ("random", "random"), 0, 4)
    run = runner.run(simulation, workers=1, backend="ray", on_progress=done.append,
                     on_status=said.append)
    assert len(run.records) == 4 and done[-1] == 4
    assert said[0] == "starting Ray"
    assert re.fullmatch(r"Ray started in \d+\.\d s", said[1]), said
    assert not done or done[0] == 0  # no game counted before Ray had started
    assert ray.is_initialized()  # joined, not started here: left running for the file
