"""The views as interpreter/runtime/views.py writes them now against the general code it
was made faster from (tests/support/views_reference.py, kept verbatim): random seeded games
of every ruleset, and at many of their states every seat's view, the spectator's and the
host's, as JSON text (every key, every value, in the same order), and each one's
transcript. Views are where secrets are filtered: a faster view that showed one seat one
more field, or one fewer, or in another order, differs here."""
from __future__ import annotations

import json
import random

import pytest

from interpreter.runtime import views
from interpreter.runtime.protocol import kind_of
from rulelang import RulesError
from support import views_reference as reference
from support.differential import FAULTS, RULESETS, rules_of

MOVES = 80  # a game still going after this many decisions is compared so far
EVERY = 7  # the states compared: one in this many, the first and the last


def readers(game) -> list:
    return [None, views.PUBLIC, *range(len(game.players))]


def shown(module, game, seat) -> tuple[str, str]:
    return json.dumps(module.view(game, seat)), module.transcript(game, seat)


def compare(game, monkeypatch, where: str) -> None:
    for seat in readers(game):
        fast = shown(views, game, seat)
        with monkeypatch.context() as patch:  # a card inside a value is shown as the reference shows it
            patch.setattr(views, "card_view", reference.card_view)
            general = shown(reference, game, seat)
        assert fast[0] == general[0], f"{where}: the view of {seat!r} differs"
        assert fast[1] == general[1], f"{where}: the transcript of {seat!r} differs"
        copy = game.copy()  # a copy shares the lines rendered for the game (share_rendered)
        assert shown(views, copy, seat) == fast, f"{where}: a copy's view of {seat!r} differs"


@pytest.mark.parametrize("path", [p for p in RULESETS if p != FAULTS])
def test_every_view_is_the_reference_s(path, monkeypatch):
    rules = rules_of(path)
    players = max(rules.player_counts) if RULESETS.index(path) % 2 else min(rules.player_counts)
    seed = RULESETS.index(path)
    rng = random.Random(seed)
    game = rules.new_game(players=players, seed=seed, options={})
    compare(game, monkeypatch, f"{path} at the start")
    for step in range(MOVES):
        if game.is_over:
            break
        moves = game.legal_moves()
        try:
            game.play(moves[rng.randrange(len(moves))])
        except RulesError:
            break  # a failure of the rules themselves: the state before it was compared
        if step % EVERY == EVERY - 1:
            compare(game, monkeypatch, f"{path} after {step + 1} moves")
    compare(game, monkeypatch, f"{path} at the end")


def test_an_enum_member_is_shown_by_its_name():
    """``card_views`` writes out what an enum member's kind shows: its name."""
    rules = rules_of("examples/hearts.rules")
    for members in rules.enum_values.values():
        for member in members:
            assert kind_of(member).plain(None, member, None) == member.name


def test_a_kept_face_is_the_reference_s_and_a_new_record_each_time(monkeypatch):
    """A known card's face is worked out once per game and card (``card_views``' faces) and
    copied for each view: asked in any order of readers, each view is the reference's, and
    changing one view's card changes nothing the next view shows."""
    rules = rules_of("examples/hearts.rules")
    game = rules.new_game(players=4, seed=3, options={})
    rng = random.Random(3)
    for _ in range(9):
        game.play(rng.choice(game.legal_moves()))
    for seat in [*range(4), views.PUBLIC, None, 0]:  # each seat's own cards first, then all
        first = views.view(game, seat)
        for zone in first["zones"].values():
            for card in zone["cards"]:
                card["name"] = "changed"
        with monkeypatch.context() as patch:
            patch.setattr(views, "card_view", reference.card_view)
            general = json.dumps(reference.view(game, seat))
        assert json.dumps(views.view(game, seat)) == general
