"""simulate --backend ray says on its progress line that Ray is starting, then how long
Ray took to start (seconds in which no game is played)."""
from __future__ import annotations

import re

import pytest

from rulelang.play.simulation import Simulation, runner
from support import ROOT, load

ray = pytest.importorskip("ray")  # the 'cluster' extra (part of 'test')


@pytest.mark.slow
def test_the_progress_line_says_ray_is_starting_and_how_long_it_took():
    rules = load(ROOT / "games/yokai_sketch.rules")
    said, done = [], []
    simulation = Simulation(rules.program, 2, {}, ("random", "random"), 0, 4)
    run = runner.run(simulation, workers=1, backend="ray", on_progress=done.append,
                     on_status=said.append)
    assert len(run.records) == 4 and done[-1] == 4
    assert said[0] == "starting Ray"
    assert re.fullmatch(r"Ray started in \d+\.\d s", said[1]), said
    assert not done or done[0] == 0  # no game counted before Ray had started
