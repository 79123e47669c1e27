"""``Effects.shuffle`` (the seed's order drawn in place when nothing fixes the shuffle and
no chance source is asked) and ``Effects.deal`` (more than one card to a zone that is no
grid handed straight to ``move_cards``) against the general code they shortcut, as it was:
every ruleset's seeded random games are played again with each swapped for it
(``support.differential``), and must go exactly as before: the same moves offered, the
same draws, state, log and outcome."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from interpreter.runtime import draws
from interpreter.runtime.effects import Effects
from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import Fail, Zone
from support import differential

CALLS: dict[str, int] = {}


def general_shuffle(self, zone):
    """The shuffle as it was: the cards copied, the copy shuffled, the event always named."""
    CALLS["shuffle"] = CALLS.get("shuffle", 0) + 1
    if not isinstance(zone, Zone):
        raise Fail(f"only a zone can be shuffled, not {text_of(zone)}")
    cards = self.zc[zone.i]
    if zone.watch:
        self.dirty = True
    if self.unsettled:  # (not what the fast path changed: the lines naming these cards)
        self.settle_shuffled(zone)
    order = list(cards)
    rng = self.rng = draws.own(self.rng)
    draws.shuffle(rng, order)
    fixed = self.fixed.get(f"shuffle {zone.name}")
    if fixed:
        order = self._fixed_order(zone, order, fixed.popleft())
    elif self.chance_source is not None:
        order = list(self.chance_source(self, f"shuffle {zone.name}", list(cards)))
    cards[:] = order
    self.forget_order(zone, cards)  # (not what the fast path changed)


def general_deal(self, count, source, dest):
    """The deal as it was: more than one card moved by ``move``."""
    CALLS["deal"] = CALLS.get("deal", 0) + 1
    cards = self.zc[source.i]
    if count == 1 and cards and type(dest) is Zone and not dest.grid:
        self.move_card(cards[-1], dest)
    elif type(count) is int and count > 0:
        self.move(cards[-1:-count - 1:-1], dest, None)
    else:
        self.move(cards[::-1][:count], dest, None)


@pytest.mark.soak  # the everyday run compares the configs differential.everyday keeps
@pytest.mark.parametrize("name, general", [("shuffle", general_shuffle), ("deal", general_deal)])
def test_every_game_goes_as_with_the_general_code(name, general):
    reaching = differential.reached({name: (Effects, name)})[name]
    assert reaching, f"no game calls {name}"

    @contextmanager
    def swapped():
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Effects, name, general)
            yield

    CALLS.clear()
    assert differential.compare_all(swapped, reaching=reaching.__contains__) == []
    assert CALLS.get(name, 0) > 0
