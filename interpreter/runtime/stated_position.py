"""A position stated directly: what each zone holds, the variables, whose turn.

``rules.position(...)`` builds a game at the start of a turn without playing up to it.
Its cards are the ones setup creates (setup runs first, from the seed, as in
``new_game``); then the zones the position names are emptied and filled with the cards
it names, in order, each taken from wherever setup put it. Zones it does not name keep
what setup left in them (less the cards it took). Cards that were in a named zone and
are not named again leave the game, unless ``rest`` names a zone for them.

What each seat knows follows the zones (a hand is its owner's, a public row everyone's);
``face_up``, ``face_down`` and ``seen`` then state it card by card (a hint turned up in a
hidden row, the cards a seat has looked at).

The game is then written as a save and restored (``saving.restore``), so a position
goes through every check a save does, and starts its turn: a ``turn`` game runs the
turn of ``current``; a ``play`` game runs its play block from the top (write it to
continue from its variables, e.g. ``while round < 7 { round += 1 ... }``). With a
``phase`` (a rule of the rules) the position is laid over a game stopped as that rule
begins instead (see ``stated_phase``): it starts mid-round.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from interpreter.runtime.geometry import placements
from interpreter.runtime.helpers import PAUSE, Frame
from interpreter.runtime.protocol import text_of
from interpreter.runtime.stated_knowledge import (
    About,
    PositionError,
    StatedKnowledge,
    kind_and_name,
    split_key,
    zone_key,
)
from interpreter.runtime.stated_phase import MAX_DECISIONS_BEFORE, run_to_phase, start_in_phase
from interpreter.runtime.values import Card, Cell, Seat, grid_cells, parse_cell
from rulelang.language.errors import RulesError, did_you_mean
from rulelang.language.key_ranges import IntKeys

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.layout import Layout
    from interpreter.runtime.ruleset import Ruleset
    from interpreter.runtime.values import EnumValue, Value, Zone
    from rulelang.language.checker.zones import VarInfo
    from rulelang.language.types import Type

# What a position states is plain data, as a test writes it (Any)


class _Stop:
    """The frame under setup: once setup is over the game stops here (no turn starts)."""
    key = "stop"
    name = "position"

    @staticmethod
    def run(g: Game, frame: Frame) -> str:
        return PAUSE


def build_position(rules: Ruleset, players: int | None = None, zones: dict[str, Any] | None = None,
                   vars: dict[str, Any] | None = None, current: Any = None,
                   turn: int | None = None, options: dict[str, Any] | None = None, seed: int = 0,
                   fix: dict[str, Any] | None = None, rest: str | None = None,
                   fields: dict[str, Any] | None = None, add: dict[str, Any] | None = None,
                   log: bool = True, face_up: Sequence[Any] = (), face_down: Sequence[Any] = (),
                   seen: dict[Any, Sequence[Any]] | None = None, phase: str | None = None,
                   phase_call: int = 1) -> Game:
    g = _after_setup(rules, players, seed, options, fix or {}, log)
    if phase is not None:
        with About("phase"):
            run_to_phase(g, phase, phase_call)
    builder = _Builder(g)
    placed = builder.zones(zones or {}, add or {}, rest)
    builder.fields(fields or {}, placed)
    builder.vars(vars or {}, placed)
    if current is not None:
        with About("current"):
            g.current = builder.seat(current, "current")
    if turn is not None:
        if type(turn) is not int or turn < 1:
            raise PositionError(f"a position's turn is a number from 1, not {turn!r}", "turn")
        g.turn_number = turn if phase is not None else turn - 1  # a turn's header counts it
    builder.knowledge(face_up, face_down, seen or {})
    if phase is None:
        _to_start_of_turn(g)
        g.run()  # to the first decision: a save is of a game at rest, and restore checks that
    else:
        start_in_phase(g)
    from interpreter.runtime.saving import restore, save
    try:
        game: Game = restore(rules, save(g))
    except RulesError as error:
        raise RulesError("this position is not a valid game: "
                         + error.diagnostics[0].message) from None
    game.logging = log
    return game


def _after_setup(rules: Ruleset, players: int | None, seed: int, options: dict[str, Any] | None,
                 fix: dict[str, Any], log: bool) -> Game:
    """A game of these rules with its setup done (chance fixed by ``fix`` as in
    ``new_game``; what setup does not draw stays fixed for later), and no turn started."""
    g: Game = rules.blank_game(rules.player_count(players), seed, options or {}, logging=log)
    g.guard(g.build)
    rules.check_requires(g)
    rules._fix(g, fix)
    g.frames.append(Frame.of(_Stop, 0, []))
    if "setup" in rules.units:
        g.frames.append(Frame.of(rules.units["setup"], 0, [None] * rules.units["setup"].nslots))
        g.run()
        for _ in range(MAX_DECISIONS_BEFORE):  # setup's own decisions (pieces placed, a
            if g.pending is None or g.over:     # draft): each answered with its first move,
                break                           # as before a phase; the position then says
            for seat in list(g.to_move_all):    # what they chose, where it matters
                g.play(g.legal_moves(seat)[0], seat=seat)
        if g.pending is not None or g.over:
            raise RulesError(f"{rules.title}: setup ends the game (or asks over "
                             f"{MAX_DECISIONS_BEFORE:,} decisions), so a position cannot be "
                             "built after it")
    g.in_setup = False
    return g


def _to_start_of_turn(g: Game) -> None:
    unit = g.rules.units["play"]
    g.frames = [Frame.of(unit, 0, [None] * unit.nslots)]
    g.pending = None
    g.log = []
    g.unsettled = []
    g.history = []
    g.over = False
    g.result = None
    g.outcome_cache = None
    g.steps = 0


class _Builder(StatedKnowledge):
    def __init__(self, g: Game):
        self.g = g
        self.layout: Layout = g.layout
        self._placed: set[int] = set()  # ids of the cards the position has placed

    # ------------------------------------------------------------ zones
    def zone(self, name: Any) -> Zone:
        layout = self.layout
        key = zone_key(name)
        zone = layout.zone_named.get(key)
        if zone is None:
            hint = did_you_mean(key, list(layout.zone_named))
            raise RulesError(f"a position names no zone '{name}'" + (f" ({hint})" if hint else "")
                             + f"; the zones are {', '.join(layout.zone_named)}")
        return zone

    def zones(self, given: dict[str, Any], add: dict[str, Any], rest: str | None) -> list[Card]:
        g = self.g
        named, added = [], []
        for name, cards in given.items():
            with About(f"set {name}"):
                named.append((self.zone(name), _card_list(cards, name)))
        for name, cards in add.items():
            with About(f"add {name}"):
                added.append((self.zone(name), _card_list(cards, name)))
        parts = [f"set {name}" for name in given] + [f"add {name}" for name in add]
        targets = [zone.i for zone, _ in named + added]
        if len(set(targets)) < len(targets):
            twice = next(part for part, i in reversed(list(zip(parts, targets)))  # the second
                         if targets.count(i) > 1)
            raise PositionError("a position names the same zone twice", twice,
                                "state each zone once: its whole content with =, or cards "
                                "put with what setup left there with +=")
        left_out: list[Card] = []
        for zone, _ in named:  # empty the named zones
            for card in g.zc[zone.i]:
                g.where[card.id] = None
                g.cells[card.id] = ()
                left_out.append(card)
            g.zc[zone.i] = []
            if zone.grid:
                g.zg[zone.i] = {}
        placed: list[Card] = []
        for part, (zone, entries) in zip(parts, named + added):
            in_order = entries[::-1] if zone.kind == "pile" else entries  # piles: top first
            with About(part):
                for entry in in_order:
                    name, at = (entry if isinstance(entry, (tuple, list)) and len(entry) == 2
                                else (entry, None))
                    card = self.take(name, zone)
                    self.put(card, zone, at)
                    placed.append(card)
        taken = set(map(id, placed))
        left_out = [c for c in left_out if id(c) not in taken]
        if rest is not None and left_out:
            with About("rest"):
                zone = self.zone(rest)
                if zone.grid:
                    raise RulesError(f"rest: {zone.name} is a grid; name a pile, hand or row")
                for card in left_out:
                    self.check_holds(card, zone)
                    g.where[card.id] = zone
                    g.zc[zone.i].insert(0, card)  # at the bottom
        rest_zone = [(self.zone(rest), None)] if rest is not None and left_out else []
        for zone, _ in named + added + rest_zone:  # who knows what: as the zone shows its cards
            self.see(zone)
        return placed

    def take(self, name: Any, zone: Zone) -> Card:
        g = self.g
        if isinstance(name, Card):
            name = name.label
        kind, name = kind_and_name(str(name))
        match = [c for c in g.cards if c.label == name and (kind is None or c.kind == kind)]
        if kind is None and zone.holds is not None and match:
            fitting = [c for c in match if c.kind == zone.holds]
            if not fitting:
                self.check_holds(match[0], zone)
            match = fitting
        kinds = sorted({c.kind for c in match})
        if len(kinds) > 1:
            raise RulesError(f"cards of {len(kinds)} kinds are named '{name}' ({', '.join(kinds)}):"
                             f" say which, like {kinds[0]}(\"{name}\")")
        differ = sorted({k for c in match for k, v in c.f.items() if v != match[0].f.get(k)})
        if differ:  # alike by name, not in their fields: which one is meant cannot be told
            raise RulesError(f"{len(match)} cards are named '{name}', and their "
                             f"{', '.join(differ)} differ{'s' if len(differ) == 1 else ''}: a "
                             "position cannot tell which one it places (give them names that "
                             f"tell them apart: name \"{{{differ[0]}}} {name}\")")
        free = [c for c in match if c.id not in self._placed]
        if not free:
            if match:
                raise RulesError(f"a position places more cards named '{name}' than the game "
                                 f"has ({len(match)})")
            labels = sorted({c.label for c in g.cards})
            hint = did_you_mean(name, labels)
            sample = ", ".join(labels[:6]) + (", ..." if len(labels) > 6 else "")
            raise RulesError(f"a position names a card '{name}' that setup never made"
                             + (f" ({hint})" if hint else f" (its cards are named like {sample})"))
        # a card taken out of a named zone first: the zones not named change least
        card = next((c for c in free if g.where[c.id] is None), free[0])
        self._placed.add(card.id)
        source = g.where[card.id]
        if source is not None:
            g._take(card, source)  # as a move takes it (a top-visible pile's new top is seen)
            g.where[card.id] = None
        return card

    def check_holds(self, card: Card, zone: Zone) -> None:
        if zone.holds is not None and card.kind != zone.holds:
            raise RulesError(f"{zone.name} holds {zone.holds} cards, not {card.kind} "
                             f"({card.label})")

    def put(self, card: Card, zone: Zone, at: Any) -> None:
        g = self.g
        self.check_holds(card, zone)
        if zone.grid:
            if at is None:
                raise RulesError(f"{card.label} on the grid {zone.name} needs a place: "
                                 f"(\"{card.label}\", \"CELL\") or a placement like \"B2 r1\"")
            cells = self.cells_for(card, zone, at)
            g.cells[card.id] = cells
            grid = g.zg[zone.i]
            if grid is None:  # a grid zone always has its cells' dict
                raise RulesError(f"{zone.name} keeps no cells")
            for cell in cells:
                grid[cell] = grid.get(cell, ()) + (card,)
        elif at is not None:
            raise RulesError(f"{zone.name} is not a grid: its cards take no place "
                             f"({card.label} at {at})")
        g.where[card.id] = zone
        g.zc[zone.i].append(card)

    def cells_for(self, card: Card, zone: Zone, at: Any) -> tuple[Cell, ...]:
        shape = next((v for v in card.f.values() if type(v).__name__ == "Shape"), None)
        if isinstance(at, (list, tuple)):
            cells = tuple(self.cell(x, zone) for x in at)
        elif shape is not None:
            text = str(at).strip()
            first = self.cell(text.split()[0] if text else text, zone)
            if not zone.in_bounds(first):
                raise RulesError(f"{text_of(first)} is off the grid {zone.name}")
            every = (grid_cells(zone.width, zone.height)
                     if zone.width is not None and zone.height is not None else [first])
            ways = placements(shape, every)
            found = [p for p in ways if p.label == text or p.label == text + " r0"]
            if not found:
                there = [p.label for p in ways if p.label.split()[0] == text_of(first)]
                raise RulesError(
                    f"{card.label} cannot lie at '{at}' on {zone.name}: "
                    + (f"at {text_of(first)} it lies as {_listed(there)}" if there else
                       f"from {text_of(first)} no way of it fits on {zone.name}")
                    + " (a placement as moves name it: the first cell, the turn r0, r90, r180 "
                    "or r270, and f when flipped)")
            cells = tuple(found[0].cells)
        elif isinstance(at, str) and len(at.split()) > 1:  # "A1 r90": a placement, no shape
            raise RulesError(
                f"'{at}' is not a cell of {zone.name}: a placement turns a card's shape, and "
                f"{card.kind} has no field of type shape; name the cells it covers instead: "
                f"(\"{card.label}\", [\"{at.split()[0]}\", ...]), or give {card.kind} a field "
                "of type shape")
        else:
            cells = (self.cell(at, zone),)
        for cell in cells:
            if not zone.in_bounds(cell):
                raise RulesError(f"{text_of(cell)} is off the grid {zone.name}")
        return cells

    @staticmethod
    def cell(text: Any, zone: Zone) -> Cell:
        try:
            return parse_cell(str(text))
        except Exception:
            raise RulesError(f"'{text}' is not a cell of {zone.name} (cells are named like B2)") from None

    def see(self, zone: Zone) -> None:
        g = self.g
        cards = g.zc[zone.i]
        vis = zone.vis
        for card in cards:
            if vis == "public":
                g.known[card.id] = g.everyone
            elif vis == "owner" and zone.owner is not None:
                g.known[card.id] = 1 << zone.owner
            else:
                g.known[card.id] = 0
        if vis == "top" and cards:
            g.known[cards[-1].id] = g.everyone

    # ------------------------------------------------------------ card fields
    def fields(self, given: dict[str, Any], placed: list[Card]) -> None:
        """``{"fire/earth": {"showing": "earth"}}``: var fields of the cards placed by
        that name (every one of them)."""
        for name, values in given.items():
            with About(f"field {name}"):
                self.card_fields(str(name), values, placed)

    def card_fields(self, name: str, values: dict[str, Any], placed: list[Card]) -> None:
        g = self.g
        cards = [c for c in placed if c.label == str(name)]
        if not cards:
            raise RulesError(f"a position sets fields of '{name}', but places no card of "
                             "that name")
        kind = g.rules.program.cards[cards[0].kind]
        for field, value in values.items():
            info = kind.fields.get(field)
            if info is None or not info.mutable:
                known = [f.name for f in kind.fields.values() if f.mutable]
                hint = did_you_mean(field, known)
                raise RulesError(f"{kind.name} has no var field '{field}'"
                                 + (f" ({hint})" if hint else "")
                                 + (f"; its var fields: {', '.join(known)}" if known
                                    else "; it has no var fields"))
            converted = self.value(value, info.type, f"{name}.{field}", placed)
            for card in cards:
                g.cv[field][card.id] = converted

    # ------------------------------------------------------------ variables
    def vars(self, given: dict[str, Any], placed: list[Card]) -> None:
        for name, value in given.items():
            with About(f"set {name}"):
                self.var(str(name), value, placed)

    def var(self, name: str, value: Any, placed: list[Card]) -> None:
        g = self.g
        infos = {var.info.name: var.info for var in g.rules.code.tops.vars}
        base, keys = split_key(str(name))
        info = infos.get(base)
        if info is None:  # a zone's name misspelt reads as a variable's: both are offered
            zones = sorted({split_key(z)[0] for z in g.layout.zone_named})
            hint = did_you_mean(base, list(infos) + zones)
            raise RulesError(f"a position sets no variable or zone '{base}'"
                             + (f" ({hint})" if hint else "")
                             + f"; the variables are {', '.join(infos) or 'none'}, the "
                             f"zones {', '.join(zones) or 'none'}")
        if not info.keys:
            if keys:
                raise RulesError(f"{base} is one variable, not kept per key")
            g.vars[base] = self.value(value, info.type, base, placed)
            return
        table = g.vars[base]
        if keys:
            items = {keys: value}
        elif isinstance(value, dict):
            items = {split_key(f"x[{k}]")[1]: v for k, v in value.items()}
        else:
            raise RulesError(f"{base} is kept per key: give {base}[KEY] or a value for "
                             "each key")
        for key_parts, v in items.items():
            key = self.key(info, key_parts, base)
            if key not in table:
                raise RulesError(f"{base} has no key {', '.join(key_parts)}")
            table[key] = self.value(v, info.type, f"{base}[{', '.join(key_parts)}]", placed)

    def key(self, info: VarInfo, parts: tuple[str, ...], name: str) -> Value:
        if len(parts) != len(info.keys):
            raise RulesError(f"{name} takes {len(info.keys)} key(s), not {len(parts)}")
        out: list[Value] = []
        what = f"{name}[{', '.join(parts)}]"
        for part, domain in zip(parts, (k.domain for k in info.keys)):
            if domain in ("player", "seat"):
                out.append(self.seat(part, what))
            elif isinstance(domain, IntKeys):
                out.append(self.number(part, self.layout.domain(self.g.rules, domain), what))
            else:
                out.append(self.member(domain, part, what))
        return out[0] if len(out) == 1 else tuple(out)

    def seat(self, value: Any, what: str) -> Seat:
        seats = self.g.seats
        if isinstance(value, Seat):
            return seats[int(value)]
        for s in seats:
            if str(value) == s.name:
                return s
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(seats):
            return seats[value]
        raise RulesError(f"{what}: '{value}' is not a seat of this game "
                         f"({', '.join(s.name for s in seats)})")

    @staticmethod
    def number(value: Any, keys: Sequence[Value], what: str) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            number = None
        if number is None or number not in keys:
            raise RulesError(f"{what}: the keys are {keys[0]}..{keys[-1]}, not {value!r}")
        return number

    def member(self, enum: str, value: Any, what: str) -> EnumValue:
        for m in self.g.rules.enum_values[enum]:
            if m.name == str(value) or m is value:
                return m
        names = ", ".join(m.name for m in self.g.rules.enum_values[enum])
        raise RulesError(f"{what}: '{value}' is not one of {enum} ({names})")

    def value(self, value: Any, ty: Type, what: str, placed: list[Card]) -> Value:
        """A plain value (as a test writes it) as the runtime value of type ``ty``."""
        if value is None:
            return None
        name = ty.name
        if name == "int":
            if type(value) is not int:
                raise RulesError(f"{what} is a number, not {value!r}")
            return value
        if name == "bool":
            if type(value) is not bool:
                raise RulesError(f"{what} is true or false, not {value!r}")
            return value
        if name == "text":
            return str(value)
        if name == "seat":
            return self.seat(value, what)
        if name == "enum":
            return self.member(ty.arg, value, what)
        if name == "list":
            if not isinstance(value, (list, tuple)):
                raise RulesError(f"{what} is a list, not {value!r}")
            return [self.value(v, ty.arg, what, placed) for v in value]
        if name == "card":
            return self.card(value, ty.arg, what, placed)
        if name == "cell":
            return parse_cell(str(value))
        if name == "zone":
            return self.zone(str(value))
        if name == "any" and isinstance(value, (int, str, bool)):
            return value
        if name in ("placement", "shape"):  # (in a list too: its items come here)
            raise RulesError(f"{what} holds {ty}, which a position cannot state (a placement "
                             "is known by its shape, which the position does not give): keep "
                             "what the rules read of it in the variable instead, its cells "
                             "(cells(spot), a list of cell)")
        raise RulesError(f"{what} holds {ty}, which a position cannot state")

    def card(self, value: Any, kind: str | None, what: str, placed: list[Card]) -> Card:
        g = self.g
        if isinstance(value, Card):
            return value
        named_kind, label = kind_and_name(str(value))
        kind = named_kind or kind
        here = [c for c in placed if c.label == label] or [c for c in g.cards if c.label == label]
        if kind:
            here = [c for c in here if c.kind == kind]
        if not here:
            hint = did_you_mean(label, sorted({c.label for c in g.cards}))
            raise RulesError(f"{what}: no card named '{label}'" + (f" ({hint})" if hint else ""))
        return here[0]


def _card_list(cards: Any, zone: Any) -> list[Any]:
    if not isinstance(cards, (list, tuple)):
        raise PositionError(f"{zone} holds a list of cards, not {cards!r}", f"set {zone}",
                            f"write {zone} = [\"CARD\", ...] (a pile top first)")
    return list(cards)


def _listed(labels: list[str], most: int = 8) -> str:
    """``A1 r0, A1 r90 or A1 r0 f``: the first ``most`` of them, and how many more."""
    shown = labels[:most]
    more = f" or {len(labels) - most} more" if len(labels) > most else ""
    if more or len(shown) == 1:
        return ", ".join(shown) + more
    return ", ".join(shown[:-1]) + " or " + shown[-1]
