"""A seat's information state is worked out from its last one when the log goes on from that
one's log (rulelang.adapters.encoding): its tensor counts only the lines added, its text writes
only their text. Differential: along random games through OpenSpiel states, stepping back to
earlier states and on along other branches (as OpenSpiel's own tests and searches do), every
seat's tensor is byte for byte the one an encoder that kept nothing works out, and its text the
one json writes."""
from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from rulelang.adapters import encoding
from rulelang.adapters.encoding import Encoder
from rulelang.adapters.openspiel import load_game
from support import ROOT, openspiel_step

CASES = [("examples/pig.rules", 3), ("examples/oh_hell.rules", 3), ("games/yokai.rules", 2)]


def nothing_kept(encoder: Encoder) -> Encoder:
    fresh = Encoder.__new__(Encoder)
    fresh.__dict__.update(encoder.__dict__, _last_information={}, _last_observation=None,
                          _line_places={})
    return fresh


@pytest.mark.parametrize("path,players", CASES, ids=lambda case: str(case).split("/")[-1])
def test_information_states_worked_out_from_the_last_are_the_ones_worked_out_anew(path, players):
    game = load_game(ROOT / path, players=players)
    encoder = game.encoder
    rng = np.random.RandomState(11)
    earlier = []  # states to step back to
    state, checked, went_back = game.new_initial_state(), 0, 0
    while checked < 150:
        if state.is_terminal() or (earlier and rng.random_sample() < 0.1):
            state = earlier[rng.randint(len(earlier))].clone()  # back, then on another way
            went_back += 1
            continue
        for seat in rng.permutation(players):
            view = state.seat_view(int(seat))
            if view is None:
                continue
            kept = encoder.information(view, int(seat))
            assert kept.tobytes() == nothing_kept(encoder).information(view, int(seat)).tobytes()
            assert state.information_state_string(int(seat)) == \
                json.dumps(view, sort_keys=True, default=str)
            checked += 1
        if rng.random_sample() < 0.3:
            earlier.append(state.clone())
        openspiel_step(state, rng)
    assert went_back > 5


def test_a_log_text_is_written_anew_when_the_log_does_not_go_on_from_the_last():
    for log in (["a", "b"], ["a", "b", "é"], ["a", "c"], ["a"], [], ["a", 7], ["a", 7, "x"],
                ["a", "b", "c"]):
        view = {"seat": 0, "log": log}
        assert encoding.information_text(view) == json.dumps(view, sort_keys=True, default=str)
