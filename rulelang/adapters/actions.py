"""A fixed action space for any ruleset: every move it can ever offer, numbered.

A move is named by its notation (``QS``, ``E5 r90``, ``pass``); the action space is
the ordered list of every notation some ``choose`` of the rules can produce for this
many players and these options, and an action id is a position in that list. The
list is worked out from the rules, section by section, always in the same order, so
the same ruleset, players and options give the same ids every time:

1. the pass words of the ``choose`` statements that allow passing;
2. ``yes``, ``no``; the seats; each enum's members, in declaration order;
3. whole numbers and texts, from the options each ``choose`` draws from (see
   ``domains.py``: ranges, lists, locals, parameters, functions, options, variables);
4. every card by name (labels of the cards setup creates, in creation order); the lists
   of cards a ``choose`` among lists offers (``2h+3h+4h``), as the rules' function makes
   them of every card (``card_lists.py``);
5. zone names; every cell of every grid (an unbounded grid: the cells within as
   many steps of its origin as the game has cards); every placement of every
   shape the cards carry, on every cell, in each of its orientations;
6. last, positions of cards a chooser may not see (``deck#3``, ``hand[P2]#1``,
   ``board@C3``): every position in every zone not public, up to the number of
   cards of the kinds it holds.

Only the sections some ``choose`` can offer are included. Which cards exist is read
from the host's view of games played at random before learning starts (setup and
the end of a few games); a move outside the space is an error that says so.
"""
from __future__ import annotations

import attrs

from rulelang.adapters.card_lists import CardLists, is_card_lists
from rulelang.adapters.domains import TOP, Analysis, ZoneCards, notations
from rulelang.language import types as T
from rulelang.language.errors import Diagnostic, RulesError


@attrs.frozen
class Section:
    """A run of action ids with one origin, for documentation and debugging."""
    name: str
    start: int
    stop: int


@attrs.frozen
class ActionSpace:
    notations: tuple  # action id -> notation
    sections: tuple  # Section records, in id order
    ids: dict = attrs.field(eq=False, repr=False)  # notation -> action id

    def __len__(self):
        return len(self.notations)

    def id_of(self, notation: str) -> int:
        found = self.ids.get(notation)
        if found is None:
            raise RulesError(f"the move '{notation}' is not in the game's action space "
                             f"({len(self)} moves worked out from the rules): a choose "
                             "offered something the analysis did not foresee")
        return found

    def describe(self) -> list[str]:
        """One line per section: its ids and a few of its moves."""
        lines = []
        for s in self.sections:
            shown = ", ".join(self.notations[s.start:min(s.stop, s.start + 4)])
            more = ", ..." if s.stop - s.start > 4 else ""
            lines.append(f"{s.start}-{s.stop - 1} {s.name}: {shown}{more}")
        return lines


@attrs.frozen
class GameFacts:
    """What the action space and the encoders need to know about one game's things,
    read from the host's views of a few games played at random."""
    players: int
    seats: tuple  # seat names, in seat order (players first, then dummies)
    zones: dict  # zone name -> its host view without the cards (kind, visibility, size...)
    labels: dict  # card kind -> the labels of its cards, in creation order, no repeats
    cards_per_kind: dict  # card kind -> how many cards of it there are at most
    shapes: tuple  # shape texts carried by cards
    known: dict  # option and constant values


def build(program, facts: GameFacts, card_lists: CardLists | None = None) -> ActionSpace:
    """The action space of a ruleset for the game the facts describe. ``card_lists``: the
    lists of cards a ``choose`` among them can offer (``card_lists.card_lists_of``)."""
    analysis = analyse(program, facts)
    wanted: dict = {}  # section name -> set of notations (lists of cards: an ordered dict)
    for unit, node in analysis.sites():
        if not hasattr(node, "can_pass"):
            continue  # a random pick: not a move
        element = _choice_element(node.options.ty)
        domain = analysis.domain(unit, node.options)
        from_zones = {d.zone for d in domain if isinstance(d, ZoneCards)} \
            if isinstance(domain, frozenset) else set()
        lists = card_lists(node, bool(from_zones) and all(
            facts.zones.get(z, {}).get("visibility") == "public" for z in from_zones)) \
            if card_lists is not None and is_card_lists(node.options.ty) else None
        if lists is not None:
            wanted.setdefault("card lists", {}).update(dict.fromkeys(lists))
        elif element.name == "card" or from_zones:  # known cards by name, others by position
            zones = None if domain is TOP else from_zones
            kind = element.arg if element.name == "card" else None
            wanted.setdefault("positions", set()).update(positions(program, facts, kind, zones))
            wanted.setdefault("card", set()).update(_labels_in(program, facts, kind, zones))
            domain = TOP if domain is TOP and element.name != "card" else \
                frozenset() if domain is TOP else domain - {ZoneCards(z) for z in from_zones}
        moves = frozenset() if lists is not None else notations(domain)
        if moves is TOP:
            span = node.options.span
            raise RulesError(
                "cannot tell which moves this choose can offer, so learners cannot number them",
                [Diagnostic("cannot tell which moves this choose can offer, so learners cannot "
                            "number them", span,
                            "draw the options from a range with known ends (1..6, 0..n for an "
                            "option n), a list written out, or values of a finite type")],
                program.sources)
        section = _section_of(element)
        wanted.setdefault(section, set()).update(moves)
        if node.can_pass:
            word = node.pass_word[0] if node.pass_word else "pass"
            wanted.setdefault("pass", set()).add(word)
    return _number(program, facts, wanted)


def analyse(program, facts: GameFacts) -> Analysis:
    families: dict = {}
    for name, info in facts.zones.items():
        families.setdefault(info.get("family", name), []).append(name)
    return Analysis(program, facts.known, lambda ty: typed(program, facts, ty), facts.players,
                    families)


def pick_sizes(program, facts: GameFacts) -> list:
    """How many items each ``random`` pick of the rules can draw from (None: unknown)."""
    analysis = analyse(program, facts)
    out = []
    for unit, node in analysis.sites():
        if hasattr(node, "can_pass") or not node.args:
            continue
        domain = analysis.domain(unit, node.args[0])
        names = notations(domain)
        out.append(None if names is TOP else len(names))
    return out


def typed(program, facts: GameFacts, ty):
    """The notations of every value of a finite type (TOP for numbers, texts, anything)."""
    name = ty.name
    if name == "bool":
        return frozenset({"yes", "no"})
    if name == "seat":
        return frozenset(facts.seats)
    if name == "enum":
        return frozenset(program.enums[ty.arg])
    if name == "card":
        kinds = [ty.arg] if ty.arg else list(facts.labels)
        return frozenset(label for k in kinds for label in facts.labels.get(k, ()))
    if name == "zone":
        return frozenset(facts.zones)
    if name == "cell":
        return frozenset(c for z in facts.zones for c in grid_cells(facts, z))
    if name == "placement":
        return frozenset(placement_notations(facts))
    if name == "tuple" and ty.arg:
        parts = [typed(program, facts, t) for t in ty.arg]
        if any(p is TOP for p in parts):
            return TOP
        out = {""}
        for p in parts:
            out = {(a + " " + b).strip() for a in out for b in p}
        return frozenset(out)
    return TOP


def grid_cells(facts: GameFacts, zone: str) -> list[str]:
    """A grid zone's cells by notation, in reading order; an unbounded grid's cells within
    as many steps of the origin as the game has cards (where its cards can reach)."""
    from interpreter.runtime.values import cell_name
    info = facts.zones[zone]
    if info.get("kind") != "grid":
        return []
    width, height = info.get("width"), info.get("height")
    if width and height:
        return [cell_name((x, y)) for y in range(height) for x in range(width)]
    reach = sum(facts.cards_per_kind.values())
    return [cell_name((x, y)) for y in range(-reach, reach + 1) for x in range(-reach, reach + 1)]


def placement_notations(facts: GameFacts) -> list[str]:
    from interpreter.runtime.values import parse_shape
    labels: list = []
    for text in facts.shapes:
        for label, _ in parse_shape(text).orientations:
            if label not in labels:
                labels.append(label)
    out: list[str] = []
    for zone in facts.zones:
        for cell in grid_cells(facts, zone):
            out.extend(f"{cell} {label}" if label else cell for label in labels)
    return out


def _labels_in(program, facts: GameFacts, kind, zones) -> set:
    """The names of the cards of a kind (or those the zones can hold, or all)."""
    if kind is not None:
        return set(facts.labels.get(kind, ()))
    holds = set()
    for name in zones or ():
        info = facts.zones.get(name, {})
        holds.add(program.zones[info.get("family", name)].of)
    if not zones or None in holds:
        return {label for labels in facts.labels.values() for label in labels}
    return {label for k in holds for label in facts.labels.get(k, ())}


def positions(program, facts: GameFacts, kind: str | None, zones=None) -> list[str]:
    """Where a card a chooser cannot see may lie: each place in each zone (of ``zones``,
    or any) that is not public and can hold the kind, up to the number of cards of the
    kinds it can hold."""
    out: list[str] = []
    for name, info in facts.zones.items():
        if info.get("visibility") == "public" or (zones is not None and name not in zones):
            continue
        holds = program.zones[info.get("family", name)].of
        if kind is not None and holds is not None and holds != kind:
            continue
        if info.get("kind") == "grid":
            out.extend(f"{name}@{cell}" for cell in grid_cells(facts, name))
            continue
        count = facts.cards_per_kind.get(holds, 0) if holds else sum(facts.cards_per_kind.values())
        out.extend(f"{name}#{i}" for i in range(1, count + 1))
    return out


SECTION_ORDER = ("pass", "bool", "seat", "enum", "int", "text", "card", "card lists", "zone",
                 "cell", "placement", "positions")


def _section_of(element) -> str:
    name = element.name
    if name in ("bool", "seat", "enum", "card", "zone", "cell", "placement"):
        return name
    return "int" if name == "int" else "text"


def _choice_element(ty):
    if ty is None:
        return T.ANY
    if ty.name in ("list", "zone", "family"):
        return T.element(ty)
    return ty


def _number(program, facts, wanted) -> ActionSpace:
    ordered: list = []
    sections = []
    seen: set = set()
    for name in SECTION_ORDER:
        moves = wanted.get(name)
        if not moves:
            continue
        start = len(ordered)
        for move in _in_order(program, facts, name, moves):
            if move not in seen:
                seen.add(move)
                ordered.append(move)
        if len(ordered) > start:
            sections.append(Section(name, start, len(ordered)))
    return ActionSpace(tuple(ordered), tuple(sections), {m: i for i, m in enumerate(ordered)})


def _in_order(program, facts, section, moves):
    """A section's moves in an order fixed by the rules, not by set iteration."""
    if section == "seat":
        return [s for s in facts.seats if s in moves]
    if section == "enum":
        members = [m for e in program.enums.values() for m in e]
        return [m for m in members if m in moves] + sorted(moves - set(members))
    if section == "bool":
        return [b for b in ("yes", "no") if b in moves]
    if section == "card lists":  # as the rules' function made them (an ordered dict)
        return list(moves)
    if section == "int":
        numbers = sorted(int(m) for m in moves if _is_int(m))
        return [str(n) for n in numbers] + sorted(m for m in moves if not _is_int(m))
    if section == "card":
        labels = [label for k in facts.labels.values() for label in k]
        return [label for label in labels if label in moves] + sorted(moves - set(labels))
    if section == "cell":
        cells = [c for z in facts.zones for c in grid_cells(facts, z)]
        return [c for c in cells if c in moves] + sorted(moves - set(cells))
    if section in ("placement", "positions"):
        every = placement_notations(facts) if section == "placement" else positions(program, facts, None)
        return [m for m in every if m in moves] + sorted(moves - set(every))
    return sorted(moves)


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()
