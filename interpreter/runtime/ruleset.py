"""What the runtime reads of a compiled ruleset, as protocols (for the type checker only).

A game holds its ``interpreter.rules.Rules``, whose ``code`` is the compiler's ``Compiled``
with its units, choice sites and card kinds; the runtime may import neither (the layers:
``tests/language/test_layers.py``), so it names here the parts of them it reads. The
generated functions they hold are ``Fn`` (``top_level.py``): called with the game first.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from interpreter.runtime.top_level import Fn, HeuristicCode, Scoring, TopLevel

if TYPE_CHECKING:
    from interpreter.runtime.chance import ChanceSite
    from interpreter.runtime.decision_parts import Move, Offer
    from interpreter.runtime.engine import Game
    from interpreter.runtime.failures import CallSite, LineOrigin, Operation
    from interpreter.runtime.layout import Layout
    from interpreter.runtime.sample_parts import Composition
    from interpreter.runtime.unread_vars import StartValues
    from interpreter.runtime.values import EnumValue, Seat, Value
    from rulelang.language.checker import Program
    from rulelang.language.errors import Span


class CompiledUnit(Protocol):
    """A rule, trigger or block: ``run(g, frame)`` for one that can pause (a state machine),
    else ``run(g, *args)``; ``bind(g, zone, card)`` a pausing trigger's slots."""
    @property
    def key(self) -> str: ...  # how saves name it: "rule:deal", "setup", "trigger:0"
    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def run(self) -> Fn: ...
    @property
    def bind(self) -> Any: ...  # a pausing trigger's (g, zone, card) -> its slots, or None
    @property
    def nslots(self) -> int: ...
    @property
    def machine(self) -> bool: ...
    @property
    def resumes(self) -> frozenset[int]: ...
    @property
    def pad(self) -> tuple[None, ...]: ...  # a call's slots after its arguments
    @property
    def loops(self) -> bool: ...  # it lies on a cycle of calls: it can run itself without end
    @property
    def span(self) -> Span | None: ...


class CompiledSite(Protocol):
    """A ``choose``: its functions work out who decides, the options and the prompt from
    the frame's slots (``(g, L) -> ...``)."""
    @property
    def index(self) -> int: ...
    @property
    def slot(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def can_pass(self) -> bool: ...
    @property
    def element(self) -> str | None: ...
    @property
    def recomputable(self) -> bool: ...
    @property
    def eager_prompt(self) -> bool: ...
    @property
    def pass_word(self) -> str: ...
    @property
    def pass_confirm(self) -> str | None: ...
    @property
    def unit(self) -> str: ...
    @property
    def resume(self) -> int: ...
    @property
    def each_slot(self) -> int | None: ...
    @property
    def private(self) -> bool: ...
    @property
    def seat(self) -> Any: ...  # each of these: a generated function, or None
    @property
    def passing(self) -> Any: ...
    @property
    def prompt(self) -> Any: ...
    @property
    def options(self) -> Any: ...
    @property
    def refusals(self) -> Any: ...
    @property
    def at(self) -> int | None: ...  # its place among the compiled rules' origins ("why?")
    @property
    def refusal_ats(self) -> list[int]: ...  # each `where` clause's place among them
    @property
    def prefer(self) -> Any: ...  # (g, L) -> per `prefer` clause, option -> its advice; or None
    @property
    def shown(self) -> Any: ...  # (g, L) -> option -> its `shown` text; or None


class CompiledKind(Protocol):
    """A card kind's generated functions."""
    @property
    def fixed(self) -> list[str]: ...
    @property
    def var_fields(self) -> list[str]: ...
    @property
    def coerce(self) -> dict[str, str]: ...
    @property
    def label(self) -> Any: ...  # (g, *fixed) -> text, or None
    @property
    def inits(self) -> Any: ...  # (g, *fixed) -> each var field's start, or None
    @property
    def cost(self) -> int: ...
    @property
    def hints(self) -> Any: ...  # (g, *hint fields) -> each display hint's value, or None
    @property
    def hint_fields(self) -> list[str]: ...
    @property
    def hint_names(self) -> list[str]: ...
    @property
    def hints_fixed(self) -> bool: ...  # the hints read fixed fields alone
    @property
    def hints_pure(self) -> bool: ...  # the hints read the card's fields alone
    @property
    def whole_face(self) -> bool: ...  # a kept face is a card's whole view
    @property
    def hint_getter(self) -> Any: ...  # (fixed fields) -> the hints' arguments, or None
    @property
    def hint_reader(self) -> Any: ...  # (fixed fields, var fields, card number) -> the same

    def has_var(self, name: str) -> bool: ...


class CompiledMaking(Protocol):
    """Values drawn by chance at a ``create`` (or a var field set): how to make them again."""
    @property
    def fields(self) -> list[str]: ...
    @property
    def slots(self) -> list[int]: ...
    @property
    def make(self) -> Any: ...  # (g, *locals) -> [a value per field]


class CompiledAnalysis(Protocol):
    @property
    def triggers_pause(self) -> bool: ...


class CompiledCode(Protocol):
    @property
    def units(self) -> Mapping[str, CompiledUnit]: ...
    @property
    def triggers(self) -> Mapping[tuple[str, str], Sequence[CompiledUnit]]: ...
    @property
    def tops(self) -> TopLevel: ...
    @property
    def analysis(self) -> CompiledAnalysis: ...
    @property
    def source(self) -> str: ...
    @property
    def filename(self) -> str: ...  # the generated module's, as tracebacks name it
    @property
    def where(self) -> list[LineOrigin]: ...  # generated line (from 1) - 1 -> where it comes from
    @property
    def origins(self) -> list[Span]: ...  # where log lines come from: a line's ``at`` indexes it
    @property
    def operations(self) -> Mapping[str, list[Operation]]: ...  # code -> the rules' operations
    @property
    def calls(self) -> Mapping[str, list[CallSite]]: ...  # code -> the calls of functions written so
    @property
    def turn_at(self) -> int | None: ...  # the `turn` block's origin
    @property
    def end_ats(self) -> list[int]: ...  # each `end when`'s origin
    @property
    def makings(self) -> Sequence[CompiledMaking]: ...


class EndReads(Protocol):
    """What the end conditions read (the compiler's ``Reads``)."""
    @property
    def zones(self) -> frozenset[str]: ...


class Ruleset(Protocol):
    """``interpreter.rules.Rules``, as the runtime reads it."""
    @property
    def program(self) -> Program: ...
    @property
    def title(self) -> str: ...
    @property
    def code(self) -> CompiledCode: ...
    @property
    def units(self) -> Mapping[str, CompiledUnit]: ...
    @property
    def sites(self) -> Sequence[CompiledSite]: ...
    @property
    def kinds(self) -> Mapping[str, CompiledKind]: ...
    @property
    def var_fields(self) -> list[str]: ...
    @property
    def enum_values(self) -> dict[str, list[EnumValue]]: ...
    @property
    def chance(self) -> list[ChanceSite]: ...
    @property
    def heuristic(self) -> HeuristicCode | None: ...
    @property
    def scoring(self) -> Scoring: ...
    @property
    def end_reads(self) -> EndReads | None: ...  # None: they may read anything
    @property
    def options(self) -> Mapping[str, object]: ...  # name -> its OptionSpec
    @property
    def player_counts(self) -> range: ...
    @property
    def offers(self) -> dict[tuple[Any, ...], Offer]: ...
    @property
    def moves_kept(self) -> dict[int, list[dict[str, Move]]]: ...
    moves_made: int  # moves kept in moves_kept, in all (decision_parts.MAX_MOVES_KEPT at most)
    # (players, options, campaign) -> the faces the rules deal by kind, and how many cards
    compositions: dict[tuple[int, str, str], Composition]
    # (players, options, campaign) -> its variables as set up (runtime.unread_vars)
    start_values: dict[tuple[int, str, str], StartValues]
    lean_path: bool  # compiled for playouts (its games are ``LeanGame``s)
    made_in_play: frozenset[str]  # card kinds a `create` makes once play is under way (views)
    # id of a full game's layout -> (that layout, the lean rules' layout of the same shape)
    twin_layouts: dict[int, tuple[Layout, Layout]]

    def lean(self) -> Ruleset: ...
    def player_seats(self, n: int) -> list[Seat]: ...
    def player_count(self, players: object) -> int: ...
    def chance_events(self) -> list[str]: ...
    def check_requires(self, game: Game) -> None: ...
    def blank_game(self, players: int, seed: int, given: dict[str, Value],
                   logging: bool = True) -> Game: ...
    def start_game(self, players: int | None, seed: int, options: dict[str, Value] | None,
                   fix: dict[str, Value] | None = None, log: bool = True, chance: Fn | None = None,
                   carried: dict[str, Value] | None = None,
                   after_setup: Callable[[Game], object] | None = None) -> Game: ...
    def setup_only(self, players: int | None = None, options: dict[str, Value] | None = None,
                   seed: int = 0, log: bool = True,
                   carried: dict[str, Value] | None = None) -> Game: ...
    def new_game(self, players: int | None = None, seed: int = 0,
                 options: dict[str, Value] | None = None, fix: dict[str, Value] | None = None,
                 log: bool = True, chance: Fn | None = None) -> Game: ...
    def restore(self, text: str, key: str | bytes | None = None) -> Game: ...
    def option_label(self, name: str) -> str: ...
    @staticmethod
    def _fix(game: Game, fix: dict[str, Value]) -> None: ...
