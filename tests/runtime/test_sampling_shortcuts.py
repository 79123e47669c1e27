"""The shortcuts a seat's samples take (runtime/knowledge.py, runtime/card_refs.py) against
the general code they stand for: the faces a seat knows taken off the composition in one
pass (``_unseen``) as one search and ``pop`` for each would take them; a sample remapping
only the places ``CardHolders.of`` names (and the zones where a card dealt anew lies) equal
to one remapping every place, over the rulesets whose samples deal faces anew."""
from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulelang
from interpreter.runtime.card_refs import CardHolders
from interpreter.runtime.knowledge import Sampler, _unseen
from interpreter.runtime.state import encode_state
from interpreter.runtime.values import Card
from support import ROOT


@attrs.frozen
class _Face:
    key: tuple  # (label, fields, var fields), as a Face's
    n: int  # which face of the list it is


def _one_search_each(faces: list, seen: list) -> list:
    """The general code: for each key the seat knows, the first face still there with it."""
    faces = list(faces)
    for key in seen:
        j = next((j for j, f in enumerate(faces) if f.key[:2] == key), None)
        if j is not None:
            faces.pop(j)
    return faces


_KEYS = st.tuples(st.sampled_from("abc"), st.sampled_from([(), (("v", "1"),)]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_KEYS, st.sampled_from("xy")), max_size=12),
       st.lists(_KEYS, max_size=12))
def test_the_faces_a_seat_knows_are_taken_off_as_one_search_each_takes_them(keys, seen):
    faces = [_Face(key + (var,), n) for n, (key, var) in enumerate(keys)]
    assert _unseen(faces, seen) == _one_search_each(faces, seen)


GAMES = [
    ("games/yokai_sketch.rules", 2, {}),  # hidden hands and deck; a card per seat in a variable
    ("examples/oh_hell.rules", 3, {}),  # the trick's cards, a variable naming a suit
    ("examples/hanabi.rules", 2, {}),  # facts told of hidden cards
    ("examples/love_letter.rules", 3, {}),  # a card set aside, hands of one
    ("examples/liars_dice.rules", 2, {}),  # faces made by chance (dice)
    ("games/yokai.rules", 3, {"levels": [1]}),  # cards on a grid, hints told
    ("tests/rules/fast_paths.rules", 2, {}),  # a variable naming a card the seat does not know
]


def _state(game) -> str:
    """The sample's state, each card written by its label (the face it holds where it lies:
    a place left with the host's card would show the real face), with the saved state."""
    pending = game.pending
    held = {"zones": game.zc, "grids": [sorted(g.items()) if g else g for g in game.zg],
            "vars": game.vars, "consts": game.consts, "cv": game.cv,
            "frames": [frame.L for frame in game.frames],
            "pending": pending.values if pending is not None else None}
    return repr(held) + json.dumps(encode_state(game), sort_keys=True, default=str)


def _stale(game) -> list:
    """The cards a place of the sample holds that are not the sample's own of that number."""
    out: list = []

    def walk(v) -> None:
        if type(v) is Card:
            if game.cards[v.id] is not v:
                out.append(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, dict):  # (a Keyed, a Row too)
            for k, x in v.items():
                walk(k)
                walk(x)

    for held in (game.zc, [list(g.values()) for g in game.zg if g], game.vars, game.consts,
                 game.cv, [frame.L for frame in game.frames],
                 game.pending.values if game.pending is not None else []):
        walk(held)
    return out


@pytest.mark.parametrize(("path", "players", "options"), GAMES)
def test_a_sample_remapping_where_cards_are_named_is_one_remapping_everything(
        path, players, options):
    rules = rulelang.load(ROOT / path)
    compared = 0
    for seed in range(3):
        game = rules.new_game(players=players, seed=seed, options=options, log=False)
        rng = random.Random(seed)
        for step in range(24):
            if game.is_over:
                break
            moves = game.legal_moves()
            if step % 3 == 2:
                seat = int(moves[0].seat)
                sampler = Sampler(game, seat)
                sampler.pools()  # (works out where the game names cards)
                sample = sampler.sample(random.Random(step), lean=True)
                assert _stale(sample) == []
                named = _state(sample)
                sampler._holders = CardHolders.anywhere(game)
                consts = list(game.consts.items())  # (shared by the game's copies)
                assert _state(sampler.sample(random.Random(step), lean=True)) == named
                assert all(game.consts[k] is v for k, v in consts)  # the host's untouched
                compared += 1
            game.play(moves[rng.randrange(len(moves))])
    assert compared >= 3
