"""What a decision is made of: ``Decision`` (one seat asked to choose among options),
``Group`` (several seats asked at once), ``Move`` (one legal move) and ``Offer`` (a seat's
options named once and kept per ruleset, with their moves); ``make_offer`` and ``moves_for``
keep them, bounded; ``TrailEntry`` (a decision a bots' game keeps). ``decisions.Decisions``
(mixed into ``Game``) asks and plays them."""
from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal, cast

import attrs

from interpreter.runtime.game_fields import GameFields
from interpreter.runtime.values import Card, Cell, EnumValue, Fail, Placement, Seat, cell_name

if TYPE_CHECKING:
    from interpreter.runtime.decisions import Decisions
    from interpreter.runtime.engine import Game
    from interpreter.runtime.helpers import Frame
    from interpreter.runtime.ruleset import CompiledSite, Ruleset
    from interpreter.runtime.values import Value

# '(x,y)': how a cell outside A..Z was written before every cell had a name (values.cell_name)
OLD_CELL = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")

Passing = str | Literal[False]  # the pass move's word, or False: no passing


@attrs.frozen
class TrailEntry:
    """A decision a bots' game keeps (``Decisions.trail``): who chose, the move's index, and
    the game as it was asked."""
    seat: int
    index: int
    asked: Game


class Decision:
    """Made blank and filled in (``Decision.of(...)``, or field by field in ``ask``): a
    class with no ``__init__`` is made without a Python call, once a decision."""
    __slots__ = ("seat", "site", "frame", "values", "notations", "_prompt", "index", "moves", "game",
                 "passing", "keys")
    seat: Seat
    site: CompiledSite
    frame: Frame
    values: list[Value]  # the options (alike ones merged), the pass move's None last
    notations: list[str]
    _prompt: tuple[Value, ...] | None  # texts and cards; None: worked out when read
    index: dict[str, int] | None  # notation -> its place, made when first looked up
    moves: list[Move] | None
    game: GameFields | None
    passing: bool
    # what tells each move from the others, the same in every sample of the game a bot plays
    # on (its tree's nodes are keyed by it): the notations; a lean decision's are worked out
    # only when asked, and it keys its moves by what it merged them by (LeanGame._offer)
    keys: Sequence[Hashable] | None

    @staticmethod
    def of(seat: Seat, site: CompiledSite, frame: Frame, values: list[Value], notations: list[str],
           prompt: tuple[Value, ...] | None, game: GameFields | None = None,
           moves: list[Move] | None = None) -> Decision:
        d = Decision()
        d.seat, d.site, d.frame = seat, site, frame
        d.values, d.notations, d._prompt = values, notations, prompt
        d.keys = notations
        d.index = None
        d.moves = moves
        d.game = game
        d.passing = False  # in a group: whether the pass move was offered
        return d

    @staticmethod
    def offered(g: GameFields, seat: Seat, site: CompiledSite, frame: Frame, options: Iterable[Value],
                replay: bool = True) -> Decision:
        """The distinct options (identical cards make one move)."""
        if type(options) is not list:
            options = list(options)
        merged = False
        values: list[Value] = []
        notations: list[str] = []
        seen: set[str] = set()
        places: dict[int, dict[int, int]] = {}
        known, element = g.known, site.element
        g.places = places  # hidden cards named by position: one pass over each zone, not one per card
        try:
            for value in options:
                t = type(value)
                if t is Card:
                    text = value.label if known[value.id] >> seat & 1 else g.position(value, places)
                elif t is EnumValue:
                    text = value.name
                elif t is Placement:
                    text = value.label
                elif t is int and element is None:
                    text = str(value)
                elif t is Seat:
                    text = value.name
                elif t is Cell:
                    text = cell_name(value)
                else:
                    text = g.notation_of(value, seat, element)
                if text in seen:
                    merged = True
                    continue
                seen.add(text)
                values.append(value)
                notations.append(text)
        finally:
            g.places = None
        if merged:  # cards alike lying apart are not one move: named where they lie
            names = named_apart(g, options, [g.notation_of(v, seat, element) for v in options])
            kept = dict(zip(names[::-1], options[::-1]))  # (the first of each name, below)
            notations = list(dict.fromkeys(names))
            values = [kept[name] for name in notations]
        return Decision.of(seat, site, frame, values, notations, None, g)

    @staticmethod
    def recompute(g: Game, site: CompiledSite, frame: Frame) -> Decision:
        """A saved pending decision, worked out again from its frame (nothing changes
        while a game waits for a move, so this is what was offered)."""
        L = frame.L
        seat = site.seat(g, L) if site.seat is not None else g.current
        passing: Passing = site.pass_word if site.can_pass and (
            site.passing is None or site.passing(g, L)) else False
        restored = g.ask(frame, site, seat, passing, None, site.options(g, L), restoring=True)
        return cast(Decision, restored)  # restoring: the decision, returned

    @property
    def prompt(self) -> tuple[Value, ...]:
        """The prompt's parts (texts and cards), worked out when first read."""
        if self._prompt is None:
            site = self.site
            self._prompt = (site.prompt(self.game, self.frame.L) if site.prompt is not None
                            else (site.name,))
        return self._prompt

    def move_keys(self) -> Sequence[Hashable]:
        """``keys``; worked out now for a lean decision offered without them (members,
        seats, numbers, yes/no, cells: their notations, as the full path's)."""
        keys = self.keys
        if keys is None:
            self.keys = keys = keys_of(cast("Decisions", self.game), self.seat, self.values,
                                       self.site.element, self.passing)
        return keys

    def moved_to(self, g: GameFields) -> Decision:
        """The same decision in a copy of its game (whose top frame is its own)."""
        twin = Decision.of(self.seat, self.site, g.frames[-1], self.values, self.notations,
                           self._prompt, g, self.moves)
        twin.index, twin.keys = self.index, self.keys
        return twin

    def lookup(self, notation: str) -> int | None:
        if self.index is None:
            self.index = {n: i for i, n in enumerate(self.notations)}
            self.index.update({n.lower(): i for i, n in enumerate(self.notations)
                               if n.lower() not in self.index})
        i = self.index.get(notation)
        if i is None:
            i = self.index.get(notation.strip().lower())
        if i is None and "(" in notation:  # a cell as older saves and moves files wrote it
            named = OLD_CELL.sub(lambda m: cell_name((int(m[1]), int(m[2]))), notation)
            if named != notation:
                return self.lookup(named)
        return i



class Group:
    """A simultaneous ``choose``: one decision per seat (in the order of the seats), the
    frame it pauses and the answers so far (seat -> the index of its move)."""
    __slots__ = ("site", "frame", "decisions", "answers")

    def __init__(self, site: CompiledSite, frame: Frame, decisions: list[Decision],
                 answers: dict[int, int]):
        self.site, self.frame, self.decisions, self.answers = site, frame, decisions, answers

    def of(self, seat: int) -> Decision | None:
        """The decision of ``seat`` still unanswered, or None."""
        for decision in self.decisions:
            if decision.seat == seat:
                return None if seat in self.answers else decision
        return None

    def first_open(self) -> Decision:
        return next(d for d in self.decisions if d.seat not in self.answers)

    def moved_to(self, g: GameFields) -> Group:
        """The same group in a copy of its game (whose top frame is its own)."""
        decisions = []
        for d in self.decisions:
            twin = Decision.of(d.seat, d.site, d.frame, d.values, d.notations, d._prompt, g)
            twin.index, twin.passing, twin.keys = d.index, d.passing, d.keys
            decisions.append(twin)
        return Group(self.site, g.frames[-1], decisions, dict(self.answers))

    @staticmethod
    def asked(g: GameFields, site: CompiledSite, frame: Frame, seats: list[Seat],
              saved: list[tuple[list[Value], bool]] | None = None) -> list[Decision]:
        """The decisions of ``seats`` at a ``by each`` site: each works out its options,
        pass and prompt with the seat in the site's slot (in a copy of the frame's slots).
        ``saved``: each seat's (options, passing) from a save, when working them out
        again would draw chance."""
        decisions: list[Decision] = []
        for n, seat in enumerate(seats):
            L = list(frame.L)
            L[cast(int, site.each_slot)] = seat  # a `by each` site: the seat's slot
            own = type(frame).of(frame.unit, frame.pc, L)
            if saved is None:
                options = site.options(g, L)
                passing = site.can_pass and (site.passing is None or bool(site.passing(g, L)))
            else:
                options, passing = saved[n]
            decision = Decision.offered(g, seat, site, own, options)
            decision.passing = passing
            if passing:
                if site.pass_word.lower() in map(str.lower, decision.notations):
                    raise Fail(f"the pass move '{site.pass_word}' has the same name as an option")
                decision.values.append(None)
                decision.notations.append(site.pass_word)
            elif not decision.values:
                raise Fail(f"there is nothing for {g.seat_name(seat)} to choose from, "
                           "and passing is not allowed" + NOTHING_HINT)
            if site.eager_prompt and saved is None:
                decision._prompt = site.prompt(g, L)  # its chance is drawn now
            decisions.append(decision)
        return decisions


# Slots: read on every move, faster than a tuple's items. Not frozen: a frozen record's
# __init__ costs three times a plain one, and a long game makes thousands of moves.
@attrs.define(eq=False, repr=False)
class Move:
    """A legal move: ``str(move)`` is its notation; ``seat`` who plays it; ``index`` its
    place among the decision's moves. Two moves are equal when they are for the same
    seat with the same notation.

    Moves never change, so each list of them is made once per ruleset and handed out
    again when a decision offers the same (``legal_moves`` is called for every decision)."""
    seat: int  # a Seat, as the decision names it
    notation: str
    index: int | None = None

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move({int(self.seat)}, {self.notation!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.seat == other.seat and self.notation == other.notation

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.seat, self.notation))


# what to write when a choose has no option and no pass (a roll that moves no piece)
NOTHING_HINT = ("; ask only when there is something to choose (if not empty(...) { choose ... }), "
                "or let the player pass (choose ... pass if ...)")
NOTHING_TO_CHOOSE = "there is nothing to choose from, and passing is not allowed" + NOTHING_HINT

MAX_OFFERS_KEPT = 50_000  # offers kept per ruleset
MAX_MOVES_KEPT = 50_000  # moves kept per ruleset (a long simulation's memory stays flat)
MAX_OFFERED_KEPT = 64  # an offer of more options is not kept, nor are its moves made till asked


class Offer:
    """What a decision's notations imply, worked out once for each distinct list of them
    (the same hand is offered again and again): which options stay when alike ones merge
    (``keep``: their indexes, or None when all differ), the notations then, and the
    moves. Kept per ruleset, keyed by (seat, pass word or False, *option notations)."""
    __slots__ = ("keep", "notations", "moves")

    def __init__(self, keep: list[int] | None, notations: list[str], moves: list[Move] | None):
        self.keep, self.notations, self.moves = keep, notations, moves


def no_more_moves(g: GameFields) -> str:
    """Why a game takes no move now, no decision being open: it is over, or a move stopped
    half-way with an error (the rules', or a fixed chance outcome that cannot be)."""
    if not g.over and g.failed is not None:
        return (f"this game cannot go on: a move stopped half-way with an error ({g.failed}); "
                "start a new game, or restore one saved before that move")
    return "the game is over: no more moves"


def named_apart(g: GameFields, values: Sequence[Value], names: list[str]) -> list[str]:
    """``names`` (one per option), where cards that share a name but lie apart (in other
    zones, or on a grid) are each named by where they lie instead: alike cards merge into
    one move only where they lie alike too (two identical cards in a hand), not two pawns
    on two cells of a board."""
    first: dict[str, Card] = {}
    clash: set[str] = set()
    where = g.where
    for value, name in zip(values, names):
        if type(value) is Card:
            other = first.setdefault(name, value)
            if other is not value:
                zone = where[other.id]
                if zone is not where[value.id] or (zone is not None and zone.grid):
                    clash.add(name)
    if not clash:
        return names
    places: dict[int, dict[int, int]] = {}
    return [g.position(value, places) if type(value) is Card and name in clash else name
            for value, name in zip(values, names)]


def keys_of(game: Decisions, seat: int, values: Sequence[Value], element: str | None,
            passing: str | bool) -> list[Hashable]:
    """What tells a decision's moves apart, as ``Decision.keys`` holds it: each option's
    notation, the pass word last (``values`` end with the pass move's None when ``passing``).
    For a lean decision offered without them, and a direct one a bot asks about."""
    offered = values[:-1] if passing else values
    names = [game.notation_of(v, seat, element) for v in offered]
    if len(set(names)) < len(names):  # (cards alike lying apart: by where they lie)
        names = named_apart(game, offered, names)
    named: list[Hashable] = list(names)
    if passing:
        named.append(passing)
    return named


def make_offer(rules: Ruleset, seat: int, passing: Passing, texts: tuple[str, ...],
               lazy: bool = False) -> Offer:
    """Identical options make one move (the first of them stays); the pass move last.
    ``lazy``: its moves are made when ``legal_moves`` asks (a bot may play by number)."""
    keep = None
    notations = list(texts)
    if len(set(texts)) < len(texts):
        first: dict[str, int] = {}
        for i, text in enumerate(texts):
            first.setdefault(text, i)
        keep, notations = list(first.values()), list(first)
    if passing:  # the pass move's notation ("pass" unless the rules name it)
        if passing.lower() in map(str.lower, notations):
            raise Fail(f"the pass move '{passing}' has the same name as an option")
        notations.append(passing)
    elif not notations:
        raise Fail(NOTHING_TO_CHOOSE)
    return Offer(keep, notations, None if lazy else moves_for(rules, seat, notations))


def moves_for(rules: Ruleset, seat: int, notations: list[str]) -> list[Move]:
    """The moves naming ``notations``: a move never changes, so each (seat, notation,
    place) is made once per ruleset and handed out again."""
    table = rules.moves_kept.get(seat)
    if table is None:
        table = rules.moves_kept[seat] = []
    while len(table) < len(notations):
        table.append({})
    moves = list(map(dict.get, table, notations))  # each place's move of that name, if made
    if not all(moves):
        for i, text in enumerate(notations):
            if moves[i] is None:
                move = moves[i] = Move(seat, text, i)
                if rules.moves_made < MAX_MOVES_KEPT:
                    table[i][text] = move
                    rules.moves_made += 1
    return cast("list[Move]", moves)  # each place's move, found or made
