"""A seat's view as text (rulelang.adapters.encoding's observation_text and information_text):
the information state is the observation's text, kept, with the log's part put in. Byte for
byte what ``json.dumps(view, sort_keys=True, default=str)`` writes (without the log, and with
it), for every ruleset's views through a random game, every seat's and the spectator's."""
from __future__ import annotations

import json
import random

import pytest

from rulelang.adapters import encoding
from support import ROOT, declared_players, load

RULESETS = sorted(ROOT.glob("games/*.rules")) + sorted(ROOT.glob("examples/*.rules"))
STEPS = 40  # states looked at in each game (a seat's views: the same as OpenSpiel's)


def as_json_writes(view, log):
    if not log:
        view = {k: v for k, v in view.items() if k != "log"}
    return json.dumps(view, sort_keys=True, default=str)


def check(view, information_first=True):
    """Either text first: the second reads the parts the first wrote."""
    encoding._TEXTS.clear()
    if information_first:
        information, observation = encoding.information_text(view), encoding.observation_text(view)
    else:
        observation, information = encoding.observation_text(view), encoding.information_text(view)
    assert observation == as_json_writes(view, log=False)
    assert information == as_json_writes(view, log=True)


@pytest.mark.parametrize("path", RULESETS, ids=lambda path: path.stem)
def test_every_view_is_written_as_json_writes_it(path):
    rules = load(str(path.relative_to(ROOT)))
    game = rules.new_game(players=declared_players(path)[0], seed=7)
    rng = random.Random(7)
    for _ in range(STEPS):
        for seat in [None, *range(game.nplayers)]:
            check(game.view(seat), information_first=rng.random() < 0.5)
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("view", [
    {}, {"log": []}, {"log": ["a"]}, {"a": 1}, {"zz": 1, "log": ["x"]}, {"a": 1, "log": ["x"]},
    {"log": ["é ✓"], "Z": [1, {"b": 2, "a": None}], "m": {"k": 1.5}, "loh": True, "lof": 0},
    {"a": {3, 1}, "log": [object], "b": float("nan")},  # written by default=str, or as NaN
    {10: "a", 2: "b"}, {None: 1}, {2.5: 3, 1.5: [1]},  # keys not text: sorted as they are
])
def test_made_up_views_are_written_as_json_writes_them(view):
    check(view, information_first=True)
    check(view, information_first=False)


@pytest.mark.parametrize("view", [{1: "a", "log": ["x"], "b": 2}, {"a": 1, 2.5: 3}])
def test_a_view_json_cannot_sort_is_refused_as_json_refuses_it(view):
    with pytest.raises(TypeError):
        json.dumps(view, sort_keys=True)
    for write in (encoding.observation_text, encoding.information_text):
        with pytest.raises(TypeError):
            write(view)


def test_a_view_changed_since_is_written_anew_once_it_is_another_object():
    view = {"a": 1, "log": ["x"]}
    assert encoding.observation_text(view) == '{"a": 1}'
    other = dict(view, a=2)
    assert encoding.information_text(other) == '{"a": 2, "log": ["x"]}'
