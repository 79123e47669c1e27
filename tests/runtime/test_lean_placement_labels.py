"""A lean choose among placements names each by its label; where every option is a placement
(``LeanGame.offer_labels``' common case) the names are made in C, by ``dict(zip(...))``, and
the loop runs only if two are alike (it keeps the first of them, which ``dict`` would not).
Against the loop: the same names for the same options, in the same order, in seeded Yami
games played out, and for lists with alike placements and with other values among them."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from interpreter.runtime import lean_game
from interpreter.runtime.lean_game import LeanGame
from interpreter.runtime.values import Placement, cell
from support.lean_differential import lean_rules

YAMI = "games/yami.rules"
SITE = SimpleNamespace(element=None)  # a choose's site, as far as naming reads it


def offered(patch, general: bool, play) -> list[tuple[list[tuple[str, object]], int]]:
    """What ``_offer`` was given at each offer while ``play`` ran: the names and options."""
    seen_at: list[tuple[list[tuple[str, object]], int]] = []
    real = LeanGame._offer

    def recording(self, frame, site, seat, passing, prompt, seen, count):
        seen_at.append((list(seen.items()), count))
        return real(self, frame, site, seat, passing, prompt, seen, count)

    patch.setattr(LeanGame, "_offer", recording)
    if general:  # no list is of placements only: every offer named by the loop
        patch.setattr(lean_game, "_PLACEMENTS_ONLY", set())
    play()
    return seen_at


def test_seeded_yami_games_name_their_placements_as_the_loop_does():
    rules = lean_rules(YAMI)

    def play():
        for seed in range(12):
            rng = random.Random(seed)
            rules.played_out(lambda g, seat, values, site, rng=rng: rng.randrange(len(values)),
                             players=2, seed=seed, options={"mission": "1"})

    play()  # (the first game makes the setup's snapshot: later ones start from it)
    with pytest.MonkeyPatch.context() as patch:
        fast = offered(patch, False, play)
    with pytest.MonkeyPatch.context() as patch:
        loop = offered(patch, True, play)
    assert fast == loop
    placed = [names for names, _ in fast if names and type(names[0][1]) is Placement]
    assert len(placed) > 30 and max(len(names) for names in placed) > 100


@pytest.mark.parametrize("general", [False, True], ids=["fast", "loop"])
def test_alike_placements_keep_the_first_and_other_values_are_named_too(general):
    game = lean_rules(YAMI).new_game(players=2, seed=1, options={"mission": "1"})
    first, other = Placement((cell(0, 0), cell(1, 0)), "A1"), Placement((cell(0, 1),), "A2")
    alike = Placement((cell(0, 0), cell(0, 1)), "A1")  # another placement with the same label
    cases = {
        "alike": ([first, other, alike], [("A1", first), ("A2", other)]),
        "a number too": ([first, 7, other], [("A1", first), ("7", 7), ("A2", other)]),
        "none too": ([first, None], [("A1", first), ("none", None)]),
    }
    for options, expected in cases.values():
        with pytest.MonkeyPatch.context() as patch:
            seen_at = offered(patch, general, lambda options=options: LeanGame.offer_labels(
                game, None, SITE, game.players[0], False, None, options))
        assert seen_at == [(expected, len(options))]
