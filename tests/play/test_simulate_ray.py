"""simulate --backend ray: on a local Ray the test starts, the same report as locally."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulelang.play.cli import cli
from support import ROOT

ray = pytest.importorskip("ray")  # the 'cluster' extra (part of 'test')
YOKAI = str(ROOT / "games" / "yokai_sketch.rules")


@pytest.mark.slow
def test_a_ray_run_gives_the_local_report(tmp_path):
    local, remote = tmp_path / "local.json", tmp_path / "ray.json"
    args = ["simulate", YOKAI, "-n", "30", "--seed", "3"]
    result = CliRunner().invoke(cli, args + ["--workers", "2", "--json", str(local)])
    assert result.exit_code == 0, result.output
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        result = CliRunner().invoke(cli, args + ["--backend", "ray", "--json", str(remote)])
    finally:
        ray.shutdown()
    assert result.exit_code == 0, result.output
    assert "on Ray (2 CPUs)" in result.output
    assert remote.read_text() == local.read_text()
