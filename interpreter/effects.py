"""The effects ops call on a game: moving, shuffling, creating, revealing, chance.

Mixed into ``Game`` (engine.py). Moving a card is where visibility is kept up
to date (a card's ``known`` mask gains the seats its new zone shows it to) and
where triggers fire; chance draws from the game's seed unless a test fixed it.
"""
from __future__ import annotations

from collections import deque

from interpreter import views
from interpreter.chance import event_matches
from interpreter.compile_stmt import Frame
from interpreter.values import MAX_CARDS, Card, Cell, Fail, Placement, Zone, cell_name, parse_cell
from interpreter.values import parse_shape
from rulelang.errors import RulesError, did_you_mean


class Effects:
    # Asked for every chance draw nothing fixed: (game, event, items) -> the outcome (a
    # shuffle: the cards in their new order, top last; a pick: one of the items). It may
    # raise to stop the game at that draw. Adapters exposing chance nodes set it (new_game).
    chance_source = None

    def move(self, what, dest, at):
        if what is None:
            raise Fail("there is no card to move (the value is none)")
        if not isinstance(dest, Zone):
            raise Fail(f"cards can only move to a zone, not {self.text_of(dest)}")
        cards = [what] if isinstance(what, Card) else list(what)
        cells = None
        if dest.grid is not None:
            if at is None or at == "bottom":
                raise Fail(f"a card put on the grid {dest.name} needs a place: at CELL")
            cells = self._cells_at(at)
            for cell in cells:
                if not dest.in_bounds(cell):
                    raise Fail(f"{cell_name(cell)} is off the grid {dest.name}")
        elif at not in (None, "bottom"):
            raise Fail(f"{dest.name} is not a grid: only 'at bottom' applies to it")
        triggers = self.rules.triggers
        watched = self.watch_zones
        if (dest.family or dest.name) in watched:
            self.dirty = True
        holds = dest.info.of
        for card in cards:
            if not isinstance(card, Card):
                raise Fail(f"only cards can move, not {self.text_of(card)}")
            if holds is not None and card.kind != holds:
                raise Fail(f"{dest.name} holds {holds} cards, not {card.kind} ({card.label})")
            source = card.zone
            if source is not None:
                if (source.family or source.name) in watched:
                    self.dirty = True
                self._take(card, source)
                if triggers and ("leave", source.family or source.name) in triggers:
                    self._fire("leave", source, card)
            card.zone = dest
            if cells is not None:
                card.cells = cells
                for cell in cells:
                    dest.grid.setdefault(cell, []).append(card)
                dest.cards.append(card)
            elif at == "bottom":
                dest.cards.insert(0, card)
            else:
                dest.cards.append(card)
            self._see(card, dest)
            if triggers and ("enter", dest.family or dest.name) in triggers:
                self._fire("enter", dest, card)

    def _cells_at(self, at):
        if isinstance(at, Placement):
            return tuple(at.cells)
        if isinstance(at, tuple):
            return (Cell(*at),)
        if isinstance(at, str):
            return (parse_cell(at),)
        if isinstance(at, list) and at and all(isinstance(c, tuple) for c in at):
            return tuple(Cell(*c) for c in at)  # a card spread over several cells
        raise Fail(f"'at' needs a cell or a placement, not {self.text_of(at)}")

    def _take(self, card, zone):
        zone.cards.remove(card)
        if zone.grid is not None:
            for cell in card.cells:
                zone.grid[cell].remove(card)
                if not zone.grid[cell]:
                    del zone.grid[cell]
            card.cells = ()
        elif zone.vis == "top" and zone.cards:
            zone.cards[-1].known = self.everyone

    def _see(self, card, zone):
        vis = zone.vis
        if vis == "public" or (vis == "top" and zone.cards[-1] is card):
            card.known = self.everyone
        elif vis == "owner" and zone.owner is not None:
            card.known |= 1 << zone.owner

    def _fire(self, event, zone, card):
        for code, binders, card_slot in self.rules.triggers[(event, zone.family or zone.name)]:
            L = [None] * code.nslots
            key = zone.key if isinstance(zone.key, tuple) else (zone.key,)
            matched = True
            for i, slot in binders:
                if slot is None:
                    continue
                if isinstance(slot, int):
                    L[slot] = key[i]
                elif slot(self, L) != key[i]:
                    matched = False
                    break
            if matched:
                if card_slot is not None:
                    L[card_slot] = card
                self.queue.append(Frame(code, 0, L))

    def shuffle(self, zone):
        if not isinstance(zone, Zone):
            raise Fail(f"only a zone can be shuffled, not {self.text_of(zone)}")
        cards = zone.cards
        if (zone.family or zone.name) in self.watch_zones:
            self.dirty = True
        order = list(cards)
        self.rng.shuffle(order)  # drawn even when fixed, so later chance is as with the seed
        fixed = self.fixed.get(f"shuffle {zone.name}")
        if fixed:
            order = self._fixed_order(zone, order, fixed.popleft())
        elif self.chance_source is not None:
            order = list(self.chance_source(self, f"shuffle {zone.name}", list(cards)))
        cards[:] = order
        for card in cards:  # a shuffle forgets positions: only what the zone shows is known
            card.known = 0
            self._see(card, zone)

    def _fixed_order(self, zone, shuffled, wanted):
        """A shuffle fixed by a test: the named cards on top, in order; the rest shuffled below."""
        rest = list(shuffled)
        top = []
        for name in wanted:
            match = next((c for c in rest if c.label == str(name) or str(c.id) == str(name)), None)
            if match is None:
                raise RulesError(f"fixed shuffle of {zone.name}: no card '{name}' left in it")
            rest.remove(match)
            top.append(match)
        return rest + top[::-1]

    def chance_pick(self, label, items):
        if not items:
            raise Fail(f"random pick '{label}' from an empty list")
        drawn = items[self.rng.randrange(len(items))]  # drawn even when fixed (see shuffle)
        fixed = self.fixed.get(label)
        if fixed:
            wanted = fixed.popleft()
            for item in items:
                if item == wanted or self.text_of(item) == str(wanted) or (
                        isinstance(item, int) and self.seat_name(item) == str(wanted)):
                    return item
            raise RulesError(f"fixed chance '{label}': {wanted!r} is not one of the choices")
        if self.chance_source is not None:
            return self.chance_source(self, label, list(items))
        return drawn

    def fix(self, event: str, outcome):
        """Queue the outcome of the next chance event of this name (for tests)."""
        sites = self.chance_sites_of(event)
        if not self.in_setup and all(site.setup_only for site in sites):
            raise RulesError(f"chance event '{event}' can no longer happen: only setup draws it, "
                             "and setup is over (fix it in new_game(..., fix=...))")
        self.fixed.setdefault(event, deque()).append(outcome)

    def chance_sites_of(self, event):
        """The places in the rules that draw ``event``; refuses a name no rule can draw."""
        if not isinstance(event, str):
            raise RulesError(f"a chance event is named by text, not {event!r}")
        zone_names = {z.name for z in views.all_zones(self)}
        sites = [site for site in self.rules.chance if event_matches(site, event, zone_names)]
        if not sites:
            known = self.rules.chance_events()
            concrete = sorted(f"shuffle {n}" for n in zone_names) + [s.label for s in self.rules.chance
                                                                     if s.label is not None]
            hint = did_you_mean(event, concrete)
            listed = ", ".join(f"'{k}'" for k in known) if known else "none: they draw no chance"
            raise RulesError(f"{self.title} has no chance event '{event}'"
                             + (f" ({hint})" if hint else "") + f"; its chance events: {listed}")
        return sites

    def check_fixed_after_setup(self):
        """Setup is over: an outcome fixed for an event only setup draws was never used."""
        for event, queue in self.fixed.items():
            if queue and all(site.setup_only for site in self.chance_sites_of(event)):
                raise RulesError(f"the fixed outcome {queue[0]!r} for '{event}' was never used: "
                                 f"setup draws '{event}' fewer times than it was fixed")

    def create(self, kind, fields, zone):
        if len(self.cards) >= MAX_CARDS:
            raise Fail(f"a game may have at most {MAX_CARDS:,} cards")
        slots, state, label, coerce = self.rules.kinds[kind]
        for name, to in coerce.items():
            value = fields[name]
            if isinstance(value, str):
                fields[name] = parse_shape(value) if to == "shape" else parse_cell(value)
        L = self.global_L
        for name, slot in slots.items():
            L[slot] = fields[name]
        for name, init in state:
            fields[name] = init(self, L)
        card = Card(len(self.cards), kind, fields, label(self, L) if label else kind)
        self.cards.append(card)
        self.move(card, zone, None)

    def reveal(self, what, to):
        cards = [what] if isinstance(what, Card) else list(what or [])
        if to is None:
            mask = self.everyone
        else:
            mask = 0
            for seat in ([to] if isinstance(to, int) else to):
                mask |= 1 << seat
        for card in cards:
            card.known |= mask
