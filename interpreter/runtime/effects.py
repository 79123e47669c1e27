"""The effects rules have on a game: moving, dealing, shuffling, creating, revealing, chance.

Mixed into ``Game`` (engine.py). Moving a card is where visibility is kept up
to date (a card's ``known`` mask gains the seats its new zone shows it to) and
where triggers fire (queued; ``after`` runs them once the statement is done);
chance draws from the game's seed unless a test fixed it.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

from interpreter.runtime import draws, zone_moves
from interpreter.runtime.chance import event_matches
from interpreter.runtime.facts import NOTHING, add_fact
from interpreter.runtime.game_fields import GameFields
from interpreter.runtime.helpers import number_span
from interpreter.runtime.pools import pool_shuffled
from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import (
    MAX_CARDS,
    MAX_ITEMS,
    MAX_WORK,
    Card,
    Cell,
    Fail,
    Placement,
    Zone,
    cell_name,
    parse_cell,
    parse_shape,
)
from interpreter.runtime.work import overwork
from rulelang.language.errors import RulesError, did_you_mean

if TYPE_CHECKING:
    from interpreter.runtime.chance import ChanceSite
    from interpreter.runtime.engine import Game
    from interpreter.runtime.game_fields import Making
    from interpreter.runtime.values import Row, Value

_new = object.__new__  # a record made field by field (no __init__ call)


class Effects(GameFields):
    # Asked for every chance draw nothing fixed: (game, event, items) -> the outcome (a
    # shuffle: the cards in their new order, top last; a pick: one of the items). It may
    # raise to stop the game at that draw. Adapters exposing chance nodes set it (new_game).
    chance_source: Callable[[GameFields, str, list[Value]], Value] | None = None
    # while a decision's options are named: zone -> {card id: index} (position)
    places: dict[int, dict[int, int]] | None = None
    # whether a shuffle keeps what each seat knew of the cards (pools.py): not on the lean
    # path, which no bot samples
    keeps_pools = True
    # how many ``disclose(...)`` this game (this copy of it) worked out on the full path: a
    # move that tells everybody something hidden (rulelang/play/foresight.py reads it)
    disclosed = 0

    # ------------------------------------------------------------ moving
    def move(self, what: Value, dest: Value, at: Value) -> None:
        if type(what) is Card and type(dest) is Zone:
            if at is None and not dest.grid:
                self.move_card(what, dest)  # the common case: one card, no place on a grid
                return
            if type(at) is Cell and dest.grid:
                self._move_to_cell(what, dest, at)  # one card onto one cell of a grid
                return
        if what is None:
            raise Fail("there is no card to move (the value is none: top() or bottom() of an "
                       "empty zone is none" + (", and so is a choose answered with its pass"
                                               if any(site.can_pass for site in self.rules.sites)
                                               else "") + "; test for it before moving)")
        if not isinstance(dest, Zone):
            raise Fail(f"cards can only move to a zone, not {text_of(dest)}")
        cards = [what] if isinstance(what, Card) else list(what)
        cells = None
        if dest.grid:
            if at is None or at == "bottom":
                raise Fail(f"a card put on the grid {dest.name} needs a place: at CELL")
            cells = self._cells_at(at)
            for cell in cells:
                if not dest.in_bounds(cell):
                    raise Fail(f"{cell_name(cell)} is off the grid {dest.name}")
        elif at not in (None, "bottom"):
            raise Fail(f"{dest.name} is not a grid: only 'at bottom' applies to it")
        elif at is None:  # onto a pile, hand or row: card by card, as one card moves
            self.move_cards(cards, dest)
            return
        if dest.watch:
            self.dirty = True
        holds = dest.holds
        where, here = self.where, self.zc[dest.i]
        for card in cards:
            if type(card) is not Card:
                raise Fail(f"only cards can move, not {text_of(card)}")
            if holds is not None and card.kind != holds:
                raise Fail(f"{dest.name} holds {holds} cards, not {card.kind} ({card.label})")
            source = where[card.id]
            if source is not None:
                self._leave(card, source)
            where[card.id] = dest
            if cells is not None:
                self.cells[card.id] = cells
                grid: dict[Cell, tuple[Card, ...]] = self.zg[dest.i]  # type: ignore[assignment]  # a grid's
                for cell in cells:
                    grid[cell] = grid.get(cell, ()) + (card,)
                here.append(card)
            elif at == "bottom":
                here.insert(0, card)
            else:
                here.append(card)
            self._see(card, dest)
            for unit in dest.on_enter:
                self.queue.append((unit, dest, card))

    def move_card(self, card: Card, dest: Zone) -> None:
        """One card to a zone that is no grid (the generated code calls this directly
        when the checker knows both). Every move of a game comes here: kept lean."""
        if type(card) is not Card:
            return self.move(card, dest, None)  # none, or no card after all: move says why
        holds = dest.holds
        if holds is not None and card.kind != holds:
            raise Fail(f"{dest.name} holds {holds} cards, not {card.kind} ({card.label})")
        cid = card.id
        where = self.where
        source = where[cid]
        if source is not None:
            if source.quiet_leave:  # most moves leave a pile or a hand
                cards = self.zc[source.i]
                if cards[-1] is card:
                    cards.pop()
                else:  # found and closed up over the zone: priced by its size
                    cards.remove(card)
                    self.work += len(cards) >> 6
                    if self.work > MAX_WORK:
                        overwork(cast("Game", self))
            else:
                self._leave(card, source)
        where[cid] = dest
        self.zc[dest.i].append(card)
        if dest.reveal:  # it lies face up, on top of a pile that shows its top, or owned
            self.known[cid] |= dest.reveal
        if dest.watch:
            self.dirty = True
        if dest.on_enter:
            for unit in dest.on_enter:
                self.queue.append((unit, dest, card))

    def move_fire(self, card: Card, dest: Zone) -> None:
        """``move_card`` and the statement's ``after()``, where the compiler knows that the
        zone's family fires ``on enter`` triggers and no trigger can pause: the end conditions
        and the triggers the zone left fired (``after``), then the zone's own, run here, in
        the order ``after`` runs the queue; ``move_card``'s body written out, with no queue
        (a call of it, then the queue trimmed, measured 0.97x, 0.84-1.03: docs/measurements.md).
        tests/runtime/test_fast_paths_compiled.py plays every game with ``move_card`` and
        ``after`` called instead (the shortcut ``move_fire`` switched off)."""
        on_enter = dest.on_enter
        if type(card) is not Card or not on_enter:
            self.move_card(card, dest)  # none (move says why), or no trigger after all
            if self.dirty or self.queue:
                cast("Game", self).after()
            return
        holds = dest.holds
        if holds is not None and card.kind != holds:
            raise Fail(f"{dest.name} holds {holds} cards, not {card.kind} ({card.label})")
        cid = card.id
        where = self.where
        source = where[cid]
        if source is not None:
            if source.quiet_leave:
                cards = self.zc[source.i]
                if cards[-1] is card:
                    cards.pop()
                else:  # found and closed up over the zone: priced by its size
                    cards.remove(card)
                    self.work += len(cards) >> 6
                    if self.work > MAX_WORK:
                        overwork(cast("Game", self))
            else:
                self._leave(card, source)
        where[cid] = dest
        self.zc[dest.i].append(card)
        if dest.reveal:
            self.known[cid] |= dest.reveal
        if dest.watch:
            self.dirty = True
        if self.dirty or self.queue:
            cast("Game", self).after()
        for unit in on_enter:
            unit.run(self, dest, card)

    def move_cards(self, cards: list[Value], dest: Zone) -> None:
        """Cards one after the other to a zone that is no grid: ``move_card`` for each,
        written out in one loop (tests/runtime/test_fast_moves.py plays every game with
        each card moved by ``move_card``), save that several cards put on a pile that
        shows its top go together: the one left on top is seen, not each on its way (a
        hand discarded face up on a discard pile shows its last card only)."""
        holds, reveal, on_enter = dest.holds, dest.reveal, dest.on_enter
        where, zc, known, queue = self.where, self.zc, self.known, self.queue
        here = zc[dest.i]
        together = dest.vis == "top" and len(cards) > 1
        if together:
            reveal = 0  # (below: the top card)
        for card in cards:
            if type(card) is not Card:
                raise Fail(f"only cards can move, not {text_of(card)}")
            if holds is not None and card.kind != holds:
                raise Fail(f"{dest.name} holds {holds} cards, not {card.kind} ({card.label})")
            cid = card.id
            source = where[cid]
            if source is not None:
                if source.quiet_leave:
                    left = zc[source.i]
                    if left[-1] is card:
                        left.pop()
                    else:  # found and closed up over the zone: priced by its size
                        left.remove(card)
                        self.work += len(left) >> 6
                        if self.work > MAX_WORK:
                            overwork(cast("Game", self))
                else:
                    self._leave(card, source)
            where[cid] = dest
            here.append(card)
            if reveal:
                known[cid] |= reveal
            if dest.watch:
                self.dirty = True
            for unit in on_enter:
                queue.append((unit, dest, card))
        if together:
            known[here[-1].id] |= dest.reveal

    move_zone = zone_moves.move_zone  # move cards(Z) to D, of one zone

    def _move_to_cell(self, card: Card, dest: Zone, at: Cell) -> None:
        """One card onto one cell of a grid: ``move``'s general loop below, written out
        for one card and one cell (tests/runtime/test_fast_paths.py plays every game with
        one card moved as a list of cards is)."""
        width = dest.width
        if width is not None:  # Zone.in_bounds
            x, y = at
            if not (0 <= x < width and 0 <= y < dest.height):  # type: ignore[operator]  # a width: a height
                raise Fail(f"{cell_name(at)} is off the grid {dest.name}")
        if dest.watch:
            self.dirty = True
        holds = dest.holds
        if holds is not None and card.kind != holds:
            raise Fail(f"{dest.name} holds {holds} cards, not {card.kind} ({card.label})")
        cid, where = card.id, self.where
        source = where[cid]
        if source is not None:
            self._leave(card, source)
        where[cid] = dest
        self.cells[cid] = (at,)
        grid: dict[Cell, tuple[Card, ...]] = self.zg[dest.i]  # type: ignore[assignment]  # a grid's
        grid[at] = grid.get(at, ()) + (card,)
        self.zc[dest.i].append(card)
        self._see(card, dest)
        for unit in dest.on_enter:
            self.queue.append((unit, dest, card))

    def _leave(self, card: Card, source: Zone) -> None:
        """A card leaves a zone where that changes more than the zone's cards."""
        self._take(card, source)
        if source.watch:
            self.dirty = True
        for unit in source.on_leave:
            self.queue.append((unit, source, card))

    def _cells_at(self, at: Value) -> tuple[Cell, ...]:
        if isinstance(at, Placement):
            return tuple(at.cells)
        if isinstance(at, tuple):
            return (Cell(*at),)
        if isinstance(at, str):
            return (parse_cell(at),)
        if isinstance(at, list) and at and all(isinstance(c, tuple) for c in at):
            return tuple(Cell(*c) for c in at)  # a card spread over several cells
        raise Fail(f"'at' needs a cell or a placement, not {text_of(at)}")

    def _take(self, card: Card, zone: Zone) -> None:
        cards = self.zc[zone.i]
        if cards and cards[-1] is card:
            cards.pop()
        else:  # found and closed up over the zone: priced by its size
            cards.remove(card)
            self.work += len(cards) >> 6
            if self.work > MAX_WORK:
                overwork(cast("Game", self))
        if zone.grid:
            grid: dict[Cell, tuple[Card, ...]] = self.zg[zone.i]  # type: ignore[assignment]  # a grid's
            for cell in self.cells[card.id]:
                rest = tuple(c for c in grid[cell] if c is not card)
                if rest:
                    grid[cell] = rest
                else:
                    del grid[cell]
            self.cells[card.id] = ()
        elif zone.vis == "top" and cards:
            self.known[cards[-1].id] = self.everyone

    def _see(self, card: Card, zone: Zone) -> None:
        vis = zone.vis
        if vis == "public" or (vis == "top" and self.zc[zone.i][-1] is card):
            self.known[card.id] = self.everyone
        elif vis == "owner" and zone.owner is not None:
            self.known[card.id] |= 1 << zone.owner
        elif vis == "others" and zone.owner is not None:
            self.known[card.id] |= self.everyone & ~(1 << zone.owner)

    def deal(self, count: Value, source: Zone, dest: Value) -> None:
        cards = self.zc[source.i]
        if count == 1 and cards and type(dest) is Zone and not dest.grid:
            self.move_card(cards[-1], dest)  # the common case: one card dealt at a time
        elif type(count) is int and count > 0:  # the top count cards, top first
            if type(dest) is Zone and not dest.grid:
                self.move_cards(cards[-1:-count - 1:-1], dest)  # as move would, with no copy
            else:
                self.move(cards[-1:-count - 1:-1], dest, None)
        else:  # 0, none, a negative count (cards[::-1][:-2] would deal all but two)
            if type(count) is not int:
                raise Fail(f"deal needs a number of cards, not {text_of(count)}")
            if count < 0:
                raise Fail(f"cannot deal {count} cards: a count is 0 or more")
            self.move(cards[::-1][:count], dest, None)

    def position(self, card: Card, places: dict[int, dict[int, int]] | None = None) -> str:
        """A card named by where it lies, for a chooser who cannot see its face. ``places``
        (zone -> {card id: index}, filled as needed) names many cards of one zone in one
        pass over it, not one pass each."""
        zone = self.where[card.id]
        if zone is None:
            return f"card{card.id}"
        if zone.grid:
            cells = self.cells[card.id]
            return f"{zone.name}@{cell_name(cells[0])}" if cells else zone.name
        cards = self.zc[zone.i]
        places = places if places is not None else self.places
        if places is None:
            i = cards.index(card)
        else:
            index = places.get(zone.i)
            if index is None:
                index = places[zone.i] = {c.id: n for n, c in enumerate(cards)}
            i = index[card.id]
        return f"{zone.name}#{len(cards) - i if zone.kind == 'pile' else i + 1}"

    def disclosing(self, value: Value) -> Value:
        """``disclose(value)`` on the full path: the value, counted (``disclosed``)."""
        self.disclosed += 1
        return value

    # ------------------------------------------------------------ shuffling and chance
    def shuffle(self, zone: Value) -> None:
        if not isinstance(zone, Zone):
            raise Fail(f"only a zone can be shuffled, not {text_of(zone)}")
        cards = self.zc[zone.i]
        if zone.watch:
            self.dirty = True
        if self.unsettled:  # (a logged game's decision lines naming these cards: now)
            self.settle_shuffled(zone)
        rng = self.rng = draws.own(self.rng)
        fixed = self.fixed.get(f"shuffle {zone.name}") if self.fixed else None
        source = self.chance_source
        if fixed or source is not None:
            order = list(cards)
            draws.shuffle(rng, order)  # drawn even when fixed, so later chance is as with the seed
            if fixed:
                order = self._fixed_order(zone, order, fixed.popleft())
            elif source is not None:
                order = list(source(self, f"shuffle {zone.name}", list(cards)))
            cards[:] = order
        else:  # the seed's order, drawn in place (nothing else reads the cards meanwhile)
            draws.shuffle(rng, cards)
        self.forget_order(zone, cards)

    def forget_order(self, zone: Zone, cards: list[Card]) -> None:
        """After a shuffle: where each card lies is forgotten; only what the zone shows is
        known, and what anyone was told of a card is forgotten too."""
        known = self.known
        vis = zone.vis
        seen = self.everyone if vis == "public" else 0
        if zone.owner is not None:
            if vis == "owner":
                seen = 1 << zone.owner
            elif vis == "others":
                seen = self.everyone & ~(1 << zone.owner)
        trail = self.trail
        lost = 0  # the seats that knew a face here and will not see it after
        if self.keeps_pools or trail:
            for card in cards:
                lost |= known[card.id]
            lost &= ~seen
        if self.keeps_pools:  # what each seat knew of them: which faces they hold
            pool_shuffled(cast("Game", self), cards, seen, lost)
        if trail and (lost or any(facts[card.id] for facts in self.told.values()
                                  for card in cards)):
            # a seat forgets which card is which: a partner's move before now, read in a
            # world whose faces lie where the cards lie now, would tell where they went
            trail.clear()
        for card in cards:
            known[card.id] = seen
        for facts in self.told.values():
            for card in cards:
                facts[card.id] = NOTHING
        if vis == "top" and cards:
            known[cards[-1].id] = self.everyone

    def _fixed_order(self, zone: Zone, shuffled: list[Card], wanted: Iterable[Value]) -> list[Card]:
        """A shuffle fixed by a test: the named cards on top, in order; the rest shuffled below."""
        rest = list(shuffled)
        top = []
        for name in wanted:  # a card by its name (an int: by its number; a card: itself)
            if type(name) is Card:
                match = name if name in rest else None
            elif type(name) is int:
                match = next((c for c in rest if c.id == name), None)
            else:
                match = next((c for c in rest if c.label == str(name)), None)
            if match is None:
                raise RulesError(f"fixed shuffle of {zone.name}: no card '{name}' left in it")
            rest.remove(match)
            top.append(match)
        return rest + top[::-1]

    def chance_span(self, label: str, a: int, b: int) -> Value:
        """``chance_pick(label, number_span(a, b))``: a number of ``a..b`` drawn by chance
        with no range made: ``a`` and one number below its length, the same draw (with an
        outcome fixed for some event, or chance given from outside, by ``chance_pick``
        itself; tests/runtime/test_fast_paths.py compares the two)."""
        if b - a >= MAX_ITEMS:
            number_span(a, b)  # (which says the range is too long)
        if b < a or self.fixed or self.chance_source is not None:
            return self.chance_pick(label, range(a, b + 1))
        rng = self.rng = draws.own(self.rng)
        return a + draws.below(rng, b - a + 1)

    def chance_pick(self, label: str, items: list[Value] | range) -> Value:
        if not items:
            raise Fail(f"random pick '{label}' from an empty list")
        rng = self.rng = draws.own(self.rng)
        drawn = items[draws.below(rng, len(items))]  # drawn even when fixed (see shuffle)
        fixed = self.fixed.get(label)
        if fixed:
            wanted = fixed.popleft()
            for item in items:
                if item == wanted or text_of(item) == str(wanted) or (
                        isinstance(item, int) and self.seat_name(item) == str(wanted)):
                    return item
            several = (f"; to fix the next {len(wanted)} draws in turn, give "
                       f"rulelang.Outcomes({list(wanted)!r}) (in a scenario, a fix line each)"
                       if type(wanted) in (list, tuple) and wanted
                       and not any(type(item) in (list, tuple) for item in items) else "")
            raise chance_error(f"fixed chance '{label}': {wanted!r} is not one of the choices "
                               f"here ({listed(items)}): fix '{label}' to one of them{several}",
                               label, wanted)
        if self.chance_source is not None:
            return self.chance_source(self, label, list(items))
        return drawn

    def fix(self, event: str, outcome: Value) -> None:
        """Queue the outcome of the next chance event of this name (for tests)."""
        sites = self.chance_sites_of(event)
        if not self.in_setup and all(site.setup_only for site in sites):
            raise RulesError(f"chance event '{event}' can no longer happen: only setup draws it, "
                             "and setup is over (fix it in new_game(..., fix=...))")
        self.fixed.setdefault(event, deque()).append(outcome)

    def chance_sites_of(self, event: object) -> list[ChanceSite]:
        """The places in the rules that draw ``event``; refuses a name no rule can draw."""
        if not isinstance(event, str):
            raise RulesError(f"a chance event is named by text, not {event!r}")
        zone_names = {z.name for z in self.layout.zone_list}
        sites = [site for site in self.rules.chance if event_matches(site, event, zone_names)]
        if not sites:
            known = self.rules.chance_events()
            concrete = sorted(f"shuffle {n}" for n in zone_names) + [s.label for s in self.rules.chance
                                                                     if s.label is not None]
            hint = did_you_mean(event, concrete)
            listed = ", ".join(f"'{k}'" for k in known) if known else "none: they draw no chance"
            raise chance_error(f"{self.title} has no chance event '{event}'"
                               + (f" ({hint})" if hint else "") + f"; its chance events: {listed}",
                               event)
        return sites

    def check_fixed_after_setup(self) -> None:
        """Setup is over: an outcome fixed for an event only setup draws was never used."""
        for event, queue in self.fixed.items():
            if queue and all(site.setup_only for site in self.chance_sites_of(event)):
                raise chance_error(f"the fixed outcome {queue[0]!r} for '{event}' was never "
                                   f"used: setup draws '{event}' fewer times than it was fixed",
                                   event, queue[0])

    # ------------------------------------------------------------ creating and revealing
    def create(self, kind: str, fields: dict[str, Value], zone: Zone,
               made: Making | None = None, at: Value = None) -> Card:
        if len(self.cards) >= MAX_CARDS:
            raise Fail(f"a game may have at most {MAX_CARDS:,} cards")
        code = self.rules.kinds[kind]
        self.work += code.cost
        if self.work > MAX_WORK:
            raise Fail(f"over {MAX_WORK:,} steps of work since the last decision: this seems "
                       "never to end")
        if code.coerce:
            for name, to in code.coerce.items():
                value = fields[name]
                if isinstance(value, str):
                    fields[name] = parse_shape(value) if to == "shape" else parse_cell(value)
        for name in code.var_fields:
            fields.pop(name, None)  # a var field starts from its declared start value
        args = list(map(fields.__getitem__, code.fixed))
        cid = len(self.cards)
        for values in self.cv.values():
            values.append(None)
        if code.inits is not None:
            cv = self.cv
            for name, value in zip(code.var_fields, code.inits(self, *args)):
                cv[name][cid] = value
        card = _new(Card)  # Card(...), written out: setup makes every card
        card.id, card.kind, card.f = cid, kind, fields
        card.label = code.label(self, *args) if code.label is not None else kind
        self.cards.append(card)
        if made is not None:  # made by chance: how (``MakingSite``), for bots' samples
            self.made[cid] = {"": made}
        self.where.append(None)
        self.cells.append(())
        self.known.append(0)
        for facts in self.told.values():
            facts.append(NOTHING)
        self.move(card, zone, at)
        return card

    def remake_field(self, card: Card, field: str, made: Making) -> None:
        """``card.field`` was just set to a value drawn by chance: how it was made."""
        self.made[card.id] = {**self.made.get(card.id, {}), field: made}

    def create_from(self, kind: str, table: list[Row], zone: Zone) -> None:
        for row in table:
            values = {k: v for k, v in row.items() if k != "copies"}
            for _ in range(row.get("copies", 1)):
                self.create(kind, dict(values), zone)

    def reveal(self, what: Value, to: Value) -> None:
        cards = [what] if isinstance(what, Card) else list(what or [])
        mask = self._seats_mask(to)
        known = self.known
        for card in cards:
            known[card.id] |= mask

    def tell(self, card: Value, field: str, to: Value, asked: tuple[Value] | None = None) -> None:
        """``tell card.field to seats``: they learn that field of the card, not its face;
        with ``asked`` (``(value,)``: ``tell whether card.field == value``), whether it is that value."""
        if type(card) is not Card:
            raise Fail("there is no card to tell about (the value is none)" if card is None
                       else f"only a card's field can be told, not {text_of(card)}'s")
        if field in card.f:
            actual = card.f[field]
        elif self.rules.kinds[card.kind].has_var(field):
            actual = self.cv[field][card.id]
        else:
            raise Fail(f"{card.label} has no field '{field}'")
        value = actual if asked is None else asked[0]
        facts = self.told[field]
        facts[card.id] = add_fact(facts[card.id], self._seats_mask(to), value, value == actual)

    def _seats_mask(self, to: Value) -> int:
        if to is None:
            return self.everyone
        if isinstance(to, int):  # one seat
            return 1 << to
        mask = 0
        for seat in to:
            mask |= 1 << seat
        return mask


def chance_error(message: str, event: str, outcome: Value = None) -> RulesError:
    """An error about a fixed chance event: it names the event (and the outcome) so that a
    scenario can point at the ``fix`` line that asked for it."""
    error = RulesError(message)
    error.chance_event, error.chance_outcome = event, outcome  # type: ignore[attr-defined]
    return error


def listed(items: list[Value] | range, most: int = 12) -> str:
    """The choices of a chance event as a message lists them (the first ``most``)."""
    if isinstance(items, range) and len(items) > most:
        return f"{items[0]} to {items[-1]}"
    shown = [text_of(item) for item in items[:most]]
    return ", ".join(shown) + (" ..." if len(items) > most else "")
