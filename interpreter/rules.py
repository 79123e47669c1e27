"""A checked ruleset compiled once, ready to start any number of games."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from numbers import Integral
from typing import TYPE_CHECKING, Any, cast

import attrs

from interpreter.compiler import compile_program
from interpreter.compiler.reads import reads_of_all
from interpreter.runtime.chance import Outcomes as Outcomes  # re-exported: rulelang.Outcomes
from interpreter.runtime.chance import chance_sites
from interpreter.runtime.engine import Game
from interpreter.runtime.layout import Layout
from interpreter.runtime.protocol import _short, encode, text_of
from interpreter.runtime.snapshot_start import Starter, can_start_from, starter
from interpreter.runtime.state import MAX_SEED
from interpreter.runtime.top_level import Scoring
from interpreter.runtime.values import PLAYER_SEATS, EnumValue, Row, Seat
from interpreter.runtime.views import kinds_made_in_play
from rulelang.language.errors import Diagnostic, RulesError, RulesRuntimeError, did_you_mean

if TYPE_CHECKING:
    from interpreter.compiler.compiled_parts import ChoiceSite, KindCode, Unit
    from interpreter.runtime.campaign import Campaign
    from interpreter.runtime.decision_parts import Move, Offer
    from interpreter.runtime.game_fields import LayoutKey
    from interpreter.runtime.sample_parts import Composition
    from interpreter.runtime.top_level import Fn
    from interpreter.runtime.unread_vars import StartValues
    from interpreter.runtime.values import Value
    from rulelang.language import ast
    from rulelang.language.checker import Program
    from rulelang.language.teaching import Explained, Teaching
    from rulelang.language.types import Type

SnapshotKey = tuple["LayoutKey", bool, str | None]  # the layout, logging, the campaign's values

MAX_CACHED = 64  # layouts and setup snapshots kept per ruleset (one per players + options)


@attrs.frozen
class OptionSpec:
    """An option as the rules declare it: ``default(game)`` and ``allowed(game)`` (or None)
    work out its default and the values it may take, for a game of these rules."""
    decl: ast.OptionDecl
    type: Type
    default: Fn
    allowed: Fn | None


class Rules:
    """The public handle on a ruleset: ``rules.new_game(...)``, ``rules.restore(text)``."""

    def __init__(self, program: Program, lean: bool = False,
                 enum_values: dict[str, list[EnumValue]] | None = None) -> None:
        self.program = program
        # compiled for playouts (``lean()``): its games are LeanGames, moves numbered, no log
        self.lean_path = lean
        self.game_class: type[Game] = Game
        if lean:
            from interpreter.runtime.lean_game import LeanGame
            self.game_class = LeanGame
        self._lean: Rules | None = None
        # a full game's layout -> the same shape's on these (lean) rules: lean_game.lean_twin
        self.twin_layouts: dict[int, tuple[Layout, Layout]] = {}
        self.title = program.title
        # ``lean()`` shares its rules' members (compared by identity): so a game turned lean
        # mid-play (``lean_game.lean_twin``) keeps the members its state holds
        self.enum_values = enum_values if enum_values is not None else {
            name: [EnumValue(name, m, i) for i, m in enumerate(members)]
            for name, members in program.enums.items()}
        try:
            self.code = compile_program(program, self.enum_values, lean)
        except (SyntaxError, RecursionError, MemoryError):  # Python's own limits on nesting
            raise RulesError(f"{self.title}: these rules nest too deeply to be compiled "
                             "(expressions inside one another, or rules and functions calling "
                             "one another, some hundreds deep): split long expressions with "
                             "let, and call fewer rules or functions in a chain") from None
        code = self.code
        self.units: dict[str, Unit]
        self.sites: list[ChoiceSite]
        self.kinds: dict[str, KindCode]
        self.units, self.sites, self.kinds = code.units, code.sites, code.kinds
        self.var_fields = list(dict.fromkeys(name for k in code.kinds.values() for name in k.var_fields))
        self.end_reads = reads_of_all([d.cond for d in program.ends], program.fns)
        self.chance = chance_sites(program)
        self.made_in_play = kinds_made_in_play(program)  # (views: a zone before its first card)
        self.heuristic = code.tops.heuristic
        self.scoring = Scoring.of(code.tops.scores, bool(program.cooperative))
        self.options = {name: OptionSpec(option.decl, option.type, code.tops.options[name].default,
                                         code.tops.options[name].allowed)
                        for name, option in program.options.items()}
        an = code.analysis
        declared = [option.decl for option in program.options.values()]
        before_setup = [decl.default for decl in declared]
        before_setup += [decl.allowed for decl in declared if decl.allowed]
        before_setup += [d.cond for d in program.dummies if d.cond is not None]
        before_setup += [cell for info in program.tables.values() for row in info.rows for cell in row]
        self.layouts_shared = not any(an.expr_chance(e) for e in before_setup)
        built = [d.value for d in program.consts] + [v.init for v in program.vars.values() if v.init]
        # a snapshot: where setup has done what draws no chance (before it, if it draws at
        # once; no setup: before play)
        self.snapshots = self.layouts_shared and not any(an.expr_chance(e) for e in built)
        self.offers: dict[tuple[Any, ...], Offer] = {}  # (seat, pass, *notations) -> Offer: worked out once
        self.moves_kept: dict[int, list[dict[str, Move]]] = {}  # seat -> [{notation: Move}, one per place]
        self.moves_made = 0  # moves kept in moves_kept (decision_parts.MAX_MOVES_KEPT at most)
        self._seats: dict[int, list[Seat]] = {}
        self._layouts: dict[LayoutKey, Layout] = {}
        self._snapshots: dict[SnapshotKey, Game] = {}
        # (players, options as given, log) -> the key of its snapshot
        self._asked: dict[Hashable, SnapshotKey] = {}
        # requires that draw no chance, met by one game started from a snapshot, are met by
        # every game started from it (they read the same options and state): checked once
        self.requires_fixed = not any(an.expr_chance(d.cond) for d in program.requires)
        self._requires_held: set[SnapshotKey] = set()  # keys of snapshots whose games meet the requires
        # (players, options as given, log) -> the starter of its snapshot, whose games meet
        # the requires (runtime/snapshot_start.py): made when a third game starts from it
        self._starters: dict[Hashable, Starter] = {}
        # (players, options, campaign) -> the faces the rules deal: see runtime.knowledge
        self.compositions: dict[tuple[int, str, str], Composition] = {}
        # (players, options, campaign) -> its variables as set up: see runtime.unread_vars
        self.start_values: dict[tuple[int, str, str], StartValues] = {}

    # ------------------------------------------------------------ starting a game
    def player_seats(self, n: int) -> list[Seat]:
        seats = self._seats.get(n)
        if seats is None:
            seats = self._seats[n] = list(PLAYER_SEATS[:n])
        return seats

    def blank_game(self, players: int, seed: int, given: dict[str, Value], logging: bool = True) -> Game:
        """A game with its options and layout, its state empty (to start, or to restore)."""
        g = self._shaped(players, seed, given, logging)
        g.attach(g.layout)
        return g

    def _shaped(self, players: int, seed: int, given: dict[str, Value], logging: bool) -> Game:
        """A game with its options and layout, and no state yet."""
        g = self.game_class(self, players, seed, logging)
        g.options = g.guard(lambda: self._options(g, given))
        g.consts = dict(g.options)
        dummies = g.guard(lambda: [d.name for d in self.code.tops.dummies
                                   if d.cond is None or d.cond(g)])
        key = (players, tuple((k, tuple(v) if type(v) is list else v) for k, v in g.options.items()),
               tuple(dummies))
        layout = self._layouts.get(key)
        if layout is None:
            layout = Layout(self, players, dummies, {}, g.options)
            g.layout, g.seats, g.dummies = layout, layout.seats, layout.dummies  # tables may read them
            layout.tables.update(g.guard(lambda: self._tables(g)))
            if self.layouts_shared and len(self._layouts) < MAX_CACHED:
                self._layouts[key] = layout
        g.layout, g.layout_key = layout, key
        return g

    def _tables(self, g: Game) -> dict[str, list[Row]]:
        return {name: [Row(zip(table.order, row)) for row in table.rows(g)]
                for name, table in self.code.tops.tables.items()}

    def _options(self, g: Game, given: dict[str, Value]) -> dict[str, Value]:
        options, chosen = self.options, {}
        unknown = set(given) - set(options)
        if unknown:
            known = ", ".join(options) or "none"
            name = sorted(unknown)[0]
            meant = did_you_mean(name, options)
            raise RulesError(f"{self.title} has no option '{name}'"
                             f"{'; ' + meant if meant else ''} (its options: {known})")
        for name, spec in options.items():
            ty, default, allowed = spec.type, spec.default, spec.allowed
            value = self._option_value(name, ty, given[name]) if name in given else default(g)
            if allowed is not None:
                choices = allowed(g)
                for item in value if ty.name == "list" else [value]:  # a list option: each item
                    if item not in choices:
                        if name not in given:  # the rules' own default: the rules are wrong
                            raise self._default_not_allowed(spec, g, item, choices)
                        raise RulesError(f"option {name}={text_of(item)} is not allowed "
                                         f"(choose from {_choices(choices)})")
            chosen[name] = value
        return chosen

    def _default_not_allowed(self, spec: OptionSpec, g: Game, item: Value,
                             choices: Sequence[Value]) -> RulesRuntimeError:
        """The error of a default the rules work out (from the player count, say) that is
        not one of the option's allowed values: said at the default, as a rule's failure."""
        decl = spec.decl
        message = (f"option {decl.name}'s default is {text_of(item)} with {g.nplayers} "
                   f"players, not one of its allowed values ({_choices(choices)})")
        hint = "make the default one of them, or allow it too"
        return RulesRuntimeError(message, [Diagnostic(message, decl.default.span, hint)],
                                 self.program.sources)

    def _option_value(self, name: str, ty: Type, value: Value) -> Value:
        if ty.name == "list":  # a list, or its items in one text: "2+3" (as moves name lists)
            items = value if isinstance(value, (list, tuple)) else [
                v for v in str(value).strip("[]").replace(",", "+").split("+") if v.strip()]
            if not items and not isinstance(value, (list, tuple)):
                raise RulesError(f"option {name}= names no value: write {name}=1, or {name}=2+3 "
                                 f"for several (leave the option out for its default)")
            chosen = [self._option_value(name, ty.arg, v.strip() if isinstance(v, str) else v)
                      for v in items]
            for i, item in enumerate(chosen):  # values chosen together: each one once
                if item in chosen[:i]:
                    raise RulesError(f"option {name} names {text_of(item)} twice: "
                                     f"each value is chosen once")
            return chosen
        if ty.name == "enum":
            for member in self.enum_values[ty.arg]:
                if member.name == str(value) or member is value:
                    return member
            names = ", ".join(m.name for m in self.enum_values[ty.arg])
            raise RulesError(f"option {name} must be one of {names}, not {value!r}")
        if ty.name == "int":
            try:
                return int(value)
            except (TypeError, ValueError):
                raise RulesError(f"option {name} must be a whole number, not {value!r}") from None
        if ty.name == "bool":
            if isinstance(value, bool):
                return value
            if str(value).lower() in ("true", "yes", "1", "on"):
                return True
            if str(value).lower() in ("false", "no", "0", "off"):
                return False
            raise RulesError(f"option {name} must be true or false, not {value!r}")
        return str(value)

    # -- the public API
    def lean(self) -> Rules:
        """These rules compiled for playouts: their ``new_game`` starts a ``LeanGame``
        (interpreter/runtime/lean_game.py), which plays the same games as this one's, with
        moves as numbers and no log. Compiled once, when first asked for."""
        if self.lean_path:
            return self
        if self._lean is None:
            self._lean = Rules(self.program, lean=True, enum_values=self.enum_values)
        return self._lean

    def new_game(self, players: int | None = None, seed: int = 0,
                 options: dict[str, Value] | None = None, fix: dict[str, Value] | None = None,
                 log: bool = True, chance: Fn | None = None) -> Game:
        """A game, started and run to its first decision. ``log=False`` builds no log
        text (for simulations and look-ahead): its transcript then has no lines.
        ``chance``: the game's chance source (see ``Effects.chance_source``), asked for
        every draw that ``fix`` does not fix."""
        return self.start_game(players, seed, options, fix, log, chance)

    def played_out(self, policy: Fn, players: int | None = None, seed: int = 0,
                   options: dict[str, Value] | None = None, limit: int | None = None) -> Game:
        """Lean rules only: a game started and played out at once by ``policy``, as
        ``LeanGame.play_out`` plays (its first decision asked of the policy too, so rules
        that can pause run direct from the start); stopped after ``limit`` decisions, if
        given (``answered`` holds how many were)."""
        if not self.lean_path:
            raise RulesError("only lean rules play a game out (rules.lean().played_out)")
        return self.start_game(players, seed, options, policy=policy, limit=limit)

    def setup_only(self, players: int | None = None, options: dict[str, Value] | None = None,
                   seed: int = 0, log: bool = True,
                   carried: dict[str, Value] | None = None) -> Game:
        """A copy of a game as its setup leaves it, before the first turn (the rulebook counts
        the cards it deals). Rules without a setup: the game at its first decision.
        ``log``, ``carried``: as ``start_game``'s."""
        kept: list[Game] = []
        game = self.start_game(players, seed, options, log=log, carried=carried,
                               after_setup=kept.append)
        return kept[0] if kept else game

    def start_game(self, players: int | None, seed: int, options: dict[str, Value] | None,
                   fix: dict[str, Value] | None = None, log: bool = True, chance: Fn | None = None,
                   carried: dict[str, Value] | None = None,
                   after_setup: Callable[[Game], object] | None = None,
                   policy: Fn | None = None, limit: int | None = None) -> Game:
        """``new_game``; with ``carried``, one game of a campaign: its campaign variables
        start with those values (name -> value) instead of their declared ones.
        ``after_setup`` is given a copy of the game once its setup is over. ``policy``
        (lean rules): ``played_out``."""
        program = self.program  # (a count of players in range: no call, as every playout asks)
        if type(players) is not int or not program.min_players <= players <= program.max_players:
            players = self.player_count(players)
        if type(seed) is not int and isinstance(seed, Integral) and not isinstance(seed, bool):
            seed = int(seed)  # numpy's integers too (an int first: an ABC's check costs more)
        if type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED:
            raise RulesError(f"a game's seed is a whole number (at most {MAX_SEED.bit_length() - 1} "
                             f"bits either way), not {_short(seed)}")
        # the same players and options as a game started before: its snapshot at once
        # (working out the options and the layout's key again would give the same)
        asked = None if not self.snapshots or carried is not None else (players, (), log) \
            if not options else _asked_key(players, options, log)  # (_asked_key's, no call)
        start = self._starters.get(asked) if asked is not None else None
        if start is not None:  # a snapshot whose games meet the requires: its starter
            game = start(seed, chance, after_setup)
        else:
            key = self._asked.get(asked) if asked is not None else None
            snapshot = self._snapshots.get(key) if key is not None else None
            if snapshot is None:
                game = self._shaped(players, seed, options or {}, log)
                # a game's setup may read its campaign variables: a snapshot is for those
                # values only
                key = (game.layout_key, log, None if carried is None else repr(sorted(
                    (k, encode(v)) for k, v in carried.items())))
                snapshot = self._snapshots.get(key) if self.snapshots else None
                if snapshot is None:
                    return self._first_game(game, key, fix, chance, carried,
                                            after_setup, policy, limit)
                if asked is not None and len(self._asked) < MAX_CACHED:
                    self._asked[asked] = key
            # the part of setup that draws no chance is done already
            game = snapshot.copy(seed=seed)
            if key not in self._requires_held:
                self.check_requires(game)
                if self.requires_fixed and len(self._requires_held) < MAX_CACHED:
                    self._requires_held.add(cast(SnapshotKey, key))  # its snapshot's
            elif asked is not None and len(self._starters) < MAX_CACHED and can_start_from(snapshot):
                # the requires held (for every game of this snapshot): the next games of these
                # players and options start by its starter, nothing to look up or check
                self._starters[asked] = starter(snapshot)
            game.fixed = {}
            game.chance_source = chance
            game.after_setup = after_setup
        if fix:
            self._fix(game, fix)
        if policy is not None:  # played out from here (no snapshot is taken now)
            lean: Any = game  # (no typing.cast: a call a game)
            lean.run_played_out(policy, limit, True)
        else:
            game.run()
        return game

    def _first_game(self, game: Game, key: SnapshotKey, fix: dict[str, Value] | None,
                    chance: Fn | None, carried: dict[str, Value] | None,
                    after_setup: Callable[[Game], object] | None, policy: Fn | None,
                    limit: int | None) -> Game:
        """``start_game`` with no snapshot to start from (``game`` shaped): its setup run
        whole, its snapshot taken where setup has done what draws no chance."""
        game.attach(game.layout)
        game.chance_source = chance
        game.after_setup = after_setup
        game.carried = carried
        game.guard(game.build)
        self.check_requires(game)
        self._fix(game, fix or {})
        if self.snapshots and len(self._snapshots) < MAX_CACHED:
            game.on_checkpoint = lambda g: self._keep_snapshot(g, key)
        game.start()
        if policy is not None:  # the first game: its snapshot taken as ever, then played out
            cast(Any, game).play_out(policy, limit)
        return game

    def check_requires(self, game: Game) -> None:
        """The rules' `require`s, for a game with its options, before setup runs."""
        for require in self.code.tops.requires:
            if not game.guard(partial(require.cond, game)):
                said = ", ".join(f"{k}={text_of(v)}" for k, v in game.options.items())
                raise RulesError(f"{self.title} cannot be played with these options: "
                                 f"{game.guard(partial(require.message, game))} "
                                 f"({game.nplayers} players{', ' + said if said else ''})")

    def player_count(self, players: object) -> int:
        """``players`` checked (None: the fewest these rules allow)."""
        program = self.program
        if players is None:
            return program.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise RulesError(f"players must be a whole number, not {players!r}")
        if not program.min_players <= players <= program.max_players:
            span = (f"{program.min_players}" if program.min_players == program.max_players
                    else f"{program.min_players} to {program.max_players}")
            raise RulesError(f"{self.title} is for {span} players, not {players}")
        return players

    def position(self, players: int | None = None, zones: dict[str, Any] | None = None,
                 vars: dict[str, Any] | None = None, current: Value = None, turn: int | None = None,
                 options: dict[str, Value] | None = None, seed: int = 0,
                 fix: dict[str, Value] | None = None, rest: str | None = None,
                 fields: dict[str, Any] | None = None, add: dict[str, Any] | None = None,
                 log: bool = True, face_up: Sequence[Any] = (), face_down: Sequence[Any] = (),
                 seen: dict[Any, Sequence[Any]] | None = None, phase: str | None = None,
                 phase_call: int = 1) -> Game:
        """A game at the start of a turn, or mid-round in a ``phase``, stated directly
        instead of played up to.

        Setup runs first (from ``seed``, chance fixed by ``fix``) and makes the cards;
        then each zone named in ``zones`` holds exactly the cards named, in order (a
        pile top first; a grid's cards as (name, cell or placement)), each taken from
        wherever it was; ``add`` puts cards in a zone with what setup left there (on top
        of a pile, after a row's or a hand's cards). ``fields`` sets var fields of cards by
        name; ``vars`` sets variables (``{"bid[P1]": 2}`` or ``{"bid": {"P1": 2}}``);
        ``current`` whose turn it is; ``turn`` its number. Cards taken out of a named zone and not named again
        leave the game, or go to the bottom of ``rest``. ``face_up`` and ``face_down`` name
        cards known to every seat or to none, ``seen`` the cards each seat has looked at
        (``{"P1": ["table@E5"]}``): a zone, a place as moves name it, or a card's name.
        ``phase``: a rule of the rules; the game is played (first legal moves) until that
        rule, its ``phase_call``-th run, asks, and the position is stated there. The
        position is checked as a save is (it is saved and restored), then the turn starts:
        the game stops at its first decision. See docs/testing.md, "Positions"."""
        from interpreter.runtime.stated_position import build_position
        return build_position(self, players, zones, vars, current, turn, options, seed, fix,
                              rest, fields, add, log, face_up, face_down, seen, phase,
                              phase_call)

    def _keep_snapshot(self, g: Game, key: SnapshotKey) -> None:
        g.on_checkpoint = None
        self._snapshots[key] = g.copy()

    @staticmethod
    def _fix(game: Game, fix: dict[str, Value]) -> None:
        for event, outcome in fix.items():
            game.chance_sites_of(event)  # refuses a name that no rule can draw
            queued = outcome.items if isinstance(outcome, Outcomes) else (outcome,)
            if not queued:
                raise RulesError(f"fix '{event}': Outcomes() names no outcome")
            game.fixed[event] = deque(queued)

    def chance_events(self) -> list[str]:
        """The chance events these rules can draw, as a test names them in ``fix=``.

        A keyed zone's shuffles read ``shuffle stack[...]`` (one event per key, e.g.
        ``shuffle stack[water]``); a label built from values shows ``...`` where they go."""
        return sorted({site.shown for site in self.chance})

    def restore(self, text: str, key: str | bytes | None = None) -> Game:
        """A game from ``game.save()``, checked whole (a save is untrusted: anything wrong
        in it is a RulesError naming what). With ``key``, only a save signed with that key
        (``game.save(key=...)``) is accepted."""
        from interpreter.runtime.saving import restore
        return restore(self, text, key)

    # -- campaigns (see interpreter/runtime/campaign.py)
    def new_campaign(self, players: int | None = None, seed: int = 0,
                     options: dict[str, Value] | None = None) -> Campaign:
        """A campaign of these rules: games played one after another, its variables kept
        across them. Start its first game with ``campaign.next_game()``."""
        from interpreter.runtime.campaign import Campaign
        return Campaign.start(self, players, seed, options or {})

    def restore_campaign(self, text: str) -> Campaign:
        from interpreter.runtime.campaign import restore_campaign
        return restore_campaign(self, text)

    def source(self) -> str:
        """The Python these rules were compiled to (``rulelang compile FILE``)."""
        return self.code.source

    # -- "why?": where a log line or a choice comes from, and the rulebook's words for it
    _teaching: Teaching  # each made when first asked for (teaching, option_label)
    _option_labels: dict[str, str]

    @property
    def teaching(self) -> Teaching:
        """The rules' player-facing text (``about``, ``explain``: see teaching.py)."""
        found: Teaching | None = self.__dict__.get("_teaching")
        if found is None:
            from rulelang.language.teaching import Teaching
            found = self._teaching = Teaching(self.program.teaching, self.program.sources)
        return found

    def option_label(self, name: str) -> str:
        """An option's name as players read it: its explanation's title, else its name."""
        labels: dict[str, str] | None = self.__dict__.get("_option_labels")
        if labels is None:
            labels = self._option_labels = {}
        if name not in labels:
            titles = [e.title for e in self.teaching.of(f"option {name}") if e.title]
            labels[name] = titles[0] if titles else name.replace("_", " ")
        return labels[name]

    def why(self, at: object) -> Explained | None:
        """What wrote a log line (its ``at``, as ``view()["log_at"]`` gives it): the line of
        the rules and the explanations around it (``teaching.Explained``), or None."""
        origins = self.code.origins
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(origins):
            return None
        return self.teaching.at(origins[at])

    @property
    def player_counts(self) -> range:
        return range(self.program.min_players, self.program.max_players + 1)


def _asked_key(players: int, options: dict[str, Value] | None, log: bool) -> Hashable | None:
    """A new game's players and options as asked for, as a key (None: not hashable).
    Each value with its type: 1, True and 1.0 are equal keys, but not the same option."""
    if not options:
        return (players, (), log)
    try:
        key = (players, tuple(sorted((k, _typed(v)) for k, v in options.items())), log)
        hash(key)
    except TypeError:
        return None
    return key


def _typed(value: Value) -> tuple[type, Value]:
    if type(value) in (list, tuple):
        return type(value), tuple(_typed(v) for v in value)
    return type(value), value


def _choices(choices: Sequence[Value]) -> str:
    """The values an option allows, for a message: whole numbers in a row as a range."""
    if len(choices) > 3 and all(type(c) is int for c in choices) \
            and list(choices) == list(range(choices[0], choices[0] + len(choices))):
        return f"{choices[0]} to {choices[-1]}"
    return ", ".join(text_of(c) for c in choices)
