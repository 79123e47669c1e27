"""What a game holds, typed once for the type checker: ``Game`` (engine.py) and the parts
mixed into it (``Effects``, ``Decisions``) all derive from ``GameFields``, so each reads
the others' attributes as declared here.

Nothing here runs: the annotations make no attributes (``Game`` keeps its ``__slots__``),
and the methods one part calls on another are declared for the checker alone. A function
a mixed-in part hands itself to (``kind_of(v).named(self, ...)``) takes ``GameFields``.
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias

if TYPE_CHECKING:
    from interpreter.runtime.chance import ChanceSite
    from interpreter.runtime.decision_parts import Decision, Group, TrailEntry
    from interpreter.runtime.engine import Game
    from interpreter.runtime.facts import Facts
    from interpreter.runtime.helpers import Frame
    from interpreter.runtime.layout import Layout
    from interpreter.runtime.log import Choice, Ending, Header, Message
    from interpreter.runtime.outcome import GameEnd, Outcome
    from interpreter.runtime.pools import Pooled
    from interpreter.runtime.ruleset import CompiledUnit, Ruleset
    from interpreter.runtime.values import Card, Cell, Family, Row, Seat, Value, Zone

LogLine: TypeAlias = "Message | Choice | Header | Ending"
# the players, the options (each with its type) and the dummy seats: one layout each
LayoutKey: TypeAlias = "tuple[int, tuple[tuple[str, Any], ...], tuple[str, ...]]"
# How a value drawn by chance was made (a ``MakingSite``'s number, the locals it read), for
# each card made so: field ("" for the whole card) -> how (Game.made)
Making: TypeAlias = "tuple[int, tuple[Value, ...]]"


class GameFields:
    # the game's shape and settings (engine.Game.__init__, attach)
    rules: Ruleset
    title: str
    nplayers: int
    logging: bool  # False: no log text is built
    players: list[Seat]
    seats: list[Seat]  # the players, then the dummy seats
    dummies: dict[str, Seat]
    options: dict[str, Value]
    layout: Layout
    layout_key: LayoutKey
    zones: dict[str, Zone | Family]
    tables: dict[str, list[Row]]
    everyone: int  # the mask of every seat
    seat_name: Callable[[Any], str]  # the layout's (engine.Game.seat_name before it has one)
    triggers_pause: bool
    on_checkpoint: Callable[[Game], None] | None
    after_setup: Callable[[Game], object] | None  # Rules.start_game's; None by default (Game's)
    carried: dict[str, Value] | None  # a campaign's variables, as this game starts with them
    in_campaign: bool
    places: dict[int, dict[int, int]] | None  # Effects.places

    # passing: the run loop's
    queue: list[tuple[CompiledUnit, Zone, Card]]  # triggers fired by the effect just done
    depth: int
    rdepth: int
    work: int
    dirty: bool  # an end condition may have changed
    ending: bool

    # the state (state.FIELDS: saved, restored and copied)
    seed: int
    rng: random.Random
    fixed: dict[str, deque[Value]]
    consts: dict[str, Value]
    cards: list[Card]
    known: list[int]  # card id -> the mask of seats that know its face
    told: dict[str, list[Facts]]  # field -> card id -> the facts told of it
    cv: dict[str, list[Value]]  # var field -> card id -> value
    zc: list[list[Card]]  # zone number -> its cards
    where: list[Zone | None]  # card id -> its zone
    cells: list[tuple[Cell, ...]]  # card id -> its cells on a grid
    zg: list[dict[Cell, tuple[Card, ...]] | None]  # zone number -> a grid's cards by cell
    vars: dict[str, Value]
    current: Seat
    turn_number: int
    in_setup: bool
    steps: int
    over: bool
    failed: str | None  # the error that stopped a move half-way (the game cannot go on)
    frames: list[Frame]
    pending: Decision | None
    group: Group | None
    log: list[LogLine]
    unsettled: list[int]  # lines of log (Choice lines) whose readers are not settled yet
    history: list[str]
    result: GameEnd | None
    outcome_cache: Outcome | None
    made: dict[int, dict[str, Making]]  # card id -> how its values drawn by chance were made
    # the cards setup makes before any chance (the first ids): the rules' own, whose names
    # every seat knows; any later card's name is known by its face (refusals.py)
    rules_cards: int
    pooled: dict[int, tuple[Pooled, ...]]  # seat -> cards shuffled together, faces it knew
    trail: deque[TrailEntry] | None  # a bots' game: the latest decisions (Decisions.trail)

    if TYPE_CHECKING:  # defined by Game and its parts
        def run(self) -> None: ...
        def finish(self, how: str, value: Value, reason: str | None) -> NoReturn: ...
        def guard(self, work: Callable[[], Any]) -> Any: ...
        def copy(self, logging: bool | None = None, seed: int | None = None) -> Game: ...
        def position(self, card: Card, places: dict[int, dict[int, int]] | None = None) -> str: ...
        def chance_sites_of(self, event: object) -> list[ChanceSite]: ...
        def notation_of(self, value: Value, seat: int, element: str | None = None) -> str: ...
        def settle(self, next_seat: int | None = None) -> None: ...
        def settle_shuffled(self, zone: Zone) -> None: ...
