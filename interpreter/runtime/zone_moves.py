"""All of one zone's cards moved to another zone at once (``move cards(Z) to D``): a method
of the game (``Effects.move_zone``), kept apart from effects.py for its size."""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.runtime.values import MAX_WORK, Zone

if TYPE_CHECKING:
    from interpreter.runtime.effects import Effects


def move_zone(self: Effects, source: Zone, dest: Zone) -> None:
    """``move cards(Z) to D`` (D no grid): ``move_cards`` of a copy of Z's cards. Where
    they leave Z quietly for another zone that reveals each as it enters (no pile showing
    its top), of the kind it holds, and are 2 to 64 (each taken from Z's bottom prices
    nothing), they move at once: each card's place, what is known of it and the
    triggers it fires as one by one (tests/runtime/test_fast_moves.py plays every
    game with each card moved by ``move_card``)."""
    left = self.zc[source.i]
    if not 1 < len(left) <= 64 or source is dest or not source.quiet_leave \
            or dest.vis == "top" or self.work > MAX_WORK \
            or (dest.holds is not None and source.holds != dest.holds):
        self.move_cards(list(left), dest)
        return
    where, known, queue = self.where, self.known, self.queue
    reveal, on_enter = dest.reveal, dest.on_enter
    for card in left:
        cid = card.id
        where[cid] = dest
        if reveal:
            known[cid] |= reveal
        for unit in on_enter:
            queue.append((unit, dest, card))
    self.zc[dest.i] += left
    left.clear()
    if dest.watch:
        self.dirty = True
