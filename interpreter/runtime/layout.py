"""What a game's shape is, given its player count and options: seats, zones, families.

None of it changes during a game, so it is built once per (players, options) and
shared by every game with them, and by every copy of those games. Zones are
numbered: a game keeps each zone's cards at ``g.zc[zone.i]``.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from interpreter.runtime.protocol import text_of
from interpreter.runtime.values import Family, Seat, Value, Zone
from rulelang.language.errors import RulesError
from rulelang.language.key_ranges import IntKeys, Key, evaluate

if TYPE_CHECKING:
    from interpreter.runtime.ruleset import Ruleset
    from rulelang.language.checker.zones import ZoneInfo


class Layout:
    __slots__ = ("nplayers", "players", "seats", "dummies", "zones", "zone_list", "zone_named",
                 "everyone", "tables", "ranges", "next_seat", "next_player", "grid_sizes")

    def __init__(self, rules: Ruleset, nplayers: int, dummies: list[str], tables: dict[str, Value],
                 options: dict[str, Value] | None = None):
        self.nplayers = nplayers
        self.ranges: dict[IntKeys, list[int]] = {}  # IntKeys -> its values for this game's options
        for info in list(rules.program.zones.values()) + list(rules.program.vars.values()):
            for declared_key in info.keys:
                domain = declared_key.domain
                if isinstance(domain, IntKeys) and domain not in self.ranges:
                    self.ranges[domain] = domain.values(rules.program, options or {}, nplayers)
        self.players: list[Seat] = rules.player_seats(nplayers)
        self.dummies = {name: Seat(nplayers + i, name) for i, name in enumerate(dummies)}
        self.seats: list[Seat] = self.players + list(self.dummies.values())
        self.everyone = (1 << len(self.seats)) - 1
        # each seat's next, as ``next(seat)`` and the turn order read it
        seats, players = self.seats, self.players
        self.next_seat: dict[Seat, Seat] = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}
        self.next_player: dict[Seat, Seat] = {p: players[(i + 1) % len(players)]
                                              for i, p in enumerate(players)}
        self.tables = tables
        self._check_sizes(rules)
        self.grid_sizes = self._grid_sizes(rules, options or {})
        self.zones: dict[str, Zone | Family] = {}  # name -> Zone, or Family for a keyed declaration
        self.zone_list: list[Zone] = []  # every zone, in declaration and key order
        reads = rules.end_reads
        for name, info in rules.program.zones.items():
            if not info.keys:
                zone = self.zones[name] = self._zone(name, None, None, info, None)
                continue
            family = self.zones[name] = Family(name)
            for combo in product(*(self.domain(rules, k.domain) for k in info.keys)):
                key = combo[0] if len(combo) == 1 else combo
                owner = next((k for key, k in zip(info.keys, combo) if key.of_seats),
                             None)
                shown = ",".join(key_texts(self, key, info.keys))
                family[key] = self._zone(f"{name}[{shown}]", name, key, info, owner)
        triggers = rules.code.triggers
        for zone in self.zone_list:
            declared = zone.family or zone.name
            zone.settle(self.everyone, reads is None or declared in reads.zones,
                        tuple(triggers.get(("enter", declared), ())),
                        tuple(triggers.get(("leave", declared), ())))
        self.zone_named = {z.name: z for z in self.zone_list}

    def _check_sizes(self, rules: Ruleset) -> None:
        """Zones and keyed variables, counted now the key ranges are known (the checker
        counted what it could: a range whose ends are options counts here)."""
        from math import prod

        from rulelang.language.checker.zones import MAX_VALUES, MAX_ZONES
        for what, infos, most in (("zones", rules.program.zones.values(), MAX_ZONES),
                                  ("values of variables", rules.program.vars.values(), MAX_VALUES)):
            total = sum(prod(len(self.domain(rules, k.domain)) for k in info.keys) for info in infos)
            if total > most:
                raise RulesError(f"with these options the rules make {total:,} {what}: "
                                 f"a ruleset may have at most {most:,}")

    def _zone(self, name: str, family: str | None, key: Value, info: ZoneInfo,
              owner: Seat | None) -> Zone:
        zone = Zone(name, family, key, info, owner, len(self.zone_list))
        size = self.grid_sizes.get(info.name)
        if size is not None:
            zone.width, zone.height = size
        self.zone_list.append(zone)
        return zone

    def _grid_sizes(self, rules: Ruleset, options: dict[str, Value]) -> dict[str, tuple[int, int]]:
        """The size of each grid whose size the rules give by name, for these options."""
        from rulelang.language.checker.zones import MAX_GRID
        sizes: dict[str, tuple[int, int]] = {}
        for info in rules.program.zones.values():
            if info.width is None or info.height is None or (
                    type(info.width) is int and type(info.height) is int):
                continue
            width, height = (side if isinstance(side, int) else
                             evaluate(side, rules.program, options, self.nplayers)
                             for side in (info.width, info.height))
            if not (1 <= width <= MAX_GRID and 1 <= height <= MAX_GRID):
                raise RulesError(f"with these options the grid {info.name} is {width} x {height}: "
                                 f"a grid is 1 to {MAX_GRID} cells wide and high")
            sizes[info.name] = (width, height)
        return sizes

    def domain(self, rules: Ruleset, domain: str | IntKeys) -> Sequence[Value]:
        if isinstance(domain, IntKeys):
            return self.ranges[domain]
        if domain == "player":
            return self.players
        if domain == "seat":
            return self.seats
        return rules.enum_values[domain]

    def seat_name(self, seat: Value) -> str:
        if seat is None:
            return "nobody"
        if type(seat) is Seat:
            return seat.name
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return f"P{seat + 1}" if isinstance(seat, int) else str(seat)


def key_texts(layout: Layout, key: Value, declared: list[Key]) -> list[str]:
    """A zone's or variable's key as texts, one per key (seats as P1, P2...)."""
    keys = key if isinstance(key, tuple) else (key,)
    return [layout.seat_name(k) if d.of_seats else text_of(k) for k, d in zip(keys, declared)]
