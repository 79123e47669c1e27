"""A zone's numbers count its unseen cards and its cards by name at once
(rulelang/adapters/encoding.py ``_ZoneLayout.encode``). Differential: along random games of
rulesets with hidden cards, named cards, var fields and grids, every seat's observation is
byte for byte the one the general code (``one_at_a_time``, its loop kept verbatim: each card
added to the array as it comes) works out."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from rulelang.adapters import encoding
from rulelang.adapters.openspiel import load_game
from support import ROOT, openspiel_step

CASES = [("examples/oh_hell.rules", 3), ("examples/hanabi.rules", 2),
         ("examples/reversi.rules", 2), ("games/yokai.rules", 2), ("examples/gin_rummy.rules", 2)]


def one_at_a_time(self, out, zone):
    if not zone:
        return
    n = len(self.labels)
    at = self.offset
    cards = zone.get("cards", [])
    out[at] = zone.get("size", len(cards))
    at += 1
    hidden_at, counts_at, last_at = at, at + 1, at + 1 + n
    fields_at = last_at + n + 1
    for card in cards:
        if card.get("hidden"):
            out[hidden_at] += 1
            continue
        i = self.labels.get(card.get("name"))
        if i is not None:
            out[counts_at + i] += 1
        f_at = fields_at
        for (field, _ty, members), (_, width) in zip(self.fields, self.field_widths):
            value = card.get(field)
            if value is not None:
                if members is not None:
                    if value in members:
                        out[f_at + members.index(value)] += 1
                else:
                    out[f_at] += float(value) if isinstance(value, (int, float)) else 0.0
            f_at += width
    self.mark_places(out, cards, last_at, fields_at)  # (not what the fast path changed)


@pytest.mark.parametrize("path,players", CASES, ids=lambda case: str(case).split("/")[-1])
def test_zone_counts_are_the_general_code_s(path, players, monkeypatch):
    game = load_game(ROOT / path, players=players)
    encoder = game.encoder
    rng = np.random.RandomState(5)
    state, checked, seen_hidden = game.new_initial_state(), 0, False
    while checked < 120:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        for seat in range(players):
            view = state.seat_view(seat)
            if view is None:
                continue
            fast = np.zeros(encoder.observation_size, np.float32)
            encoder._encode_observation(view, seat, fast)
            with monkeypatch.context() as patch:
                patch.setattr(encoding._ZoneLayout, "encode", one_at_a_time)
                general = np.zeros(encoder.observation_size, np.float32)
                encoder._encode_observation(view, seat, general)
            assert fast.tobytes() == general.tobytes()
            seen_hidden = seen_hidden or any(c.get("hidden") for z in view["zones"].values()
                                             for c in z["cards"])
            checked += 1
        openspiel_step(state, rng)
    assert seen_hidden or path.endswith("reversi.rules")
