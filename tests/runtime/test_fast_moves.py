"""``Effects.move_cards`` (cards moved one after the other to a zone that is no grid, the
body of ``move_card`` written out in one loop) and ``Effects.move_zone`` (all of a zone's
cards, at once where it can) against ``move_card`` called for each card,
as ``move`` did before: every ruleset's seeded random games are played again with the loop
swapped for the calls (``support.differential``), and must go exactly as before: the same
moves offered, the same draws, state, log and outcome. The lean path runs the same loop
(test_lean_path.py plays it against the full path)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from interpreter.runtime.effects import Effects
from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import Card, Fail
from support import differential

CALLS: dict[str, int] = {}


def general_move_cards(self, cards, dest):
    """``move``'s loop as it was: each card checked, then moved by ``move_card``; onto a
    pile that shows its top, the cards moved together are not seen on their way (the zone
    reveals nothing while they move), only the one left on top."""
    CALLS["move_cards"] = CALLS.get("move_cards", 0) + 1
    together = dest.vis == "top" and len(cards) > 1
    reveal = dest.reveal
    if together:
        dest.reveal = 0
    try:
        for card in cards:
            if type(card) is not Card:
                raise Fail(f"only cards can move, not {text_of(card)}")
            self.move_card(card, dest)
    finally:
        dest.reveal = reveal
    if together:
        self.known[self.zc[dest.i][-1].id] |= reveal


def general_move_zone(self, source, dest):
    """``move_zone`` as ``move cards(Z) to D`` was: a list of Z's cards made, then moved."""
    CALLS["move_zone"] = CALLS.get("move_zone", 0) + 1
    general_move_cards(self, list(self.zc[source.i]), dest)


@pytest.mark.soak  # the everyday run compares the configs differential.everyday keeps
def test_every_game_goes_as_with_each_card_moved_by_move_card():
    found = differential.reached({"move_cards": (Effects, "move_cards"),
                                  "move_zone": (Effects, "move_zone")})
    assert found["move_cards"], "no game moves a list of cards"
    assert found["move_zone"], "no game moves all of a zone's cards"
    reaching = found["move_cards"] | found["move_zone"]

    @contextmanager
    def swapped():
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Effects, "move_cards", general_move_cards)
            patch.setattr(Effects, "move_zone", general_move_zone)
            yield

    CALLS.clear()
    assert differential.compare_all(swapped, reaching=reaching.__contains__) == []
    assert CALLS.get("move_cards", 0) > 0 and CALLS.get("move_zone", 0) > 0
