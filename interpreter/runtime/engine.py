"""A game in progress: its state, the run loop, and the public API.

The state is described once in ``state.py`` (what saving, restoring and copying go
through); the shape of the game (seats, zones, tables) is its ``layout``, shared by
every game with the same player count and options. The rules run as generated Python
(``compiler``): plain functions for what cannot pause, and resumable state machines,
one frame each on ``frames``, for what can. The run loop runs the top frame until
one pauses for a decision or the game ends.
"""
from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NoReturn

from interpreter.runtime import views
from interpreter.runtime.decisions import Decisions
from interpreter.runtime.effects import Effects
from interpreter.runtime.failures import GUARDED, GameOver, runtime_error
from interpreter.runtime.helpers import PAUSE, Frame
from interpreter.runtime.log import Ending, Header, Message
from interpreter.runtime.outcome import GameEnd, Outcome, check_winners, compute_outcome, outcome_line
from interpreter.runtime.protocol import text_of
from interpreter.runtime.state import copy_state, initialize
from interpreter.runtime.values import MAX_WORK, Fail, Keyed, Seat
from interpreter.runtime.work import overwork
from rulelang.language.errors import RulesError

if TYPE_CHECKING:
    from interpreter.runtime.layout import Layout
    from interpreter.runtime.log import Choice, SeenCard
    from interpreter.runtime.ruleset import CompiledUnit, Ruleset
    from interpreter.runtime.values import Value


MAX_FRAMES = 300  # rules and triggers waiting on each other (the generated code says so too)
TURN_STEPS = 10_000  # turns passing with no decision, at most (then the game never ends)
NO_DECISION = "turns keep passing with no decision: the game never ends"


def plain_copy(value: Value) -> Value:
    """A campaign variable's value, its lists and keyed values copied (a game changes its own)."""
    if type(value) is Keyed:
        return Keyed(value.name, ((k, plain_copy(x)) for k, x in value.items()))
    return [plain_copy(x) for x in value] if type(value) is list else value


class Game(Effects, Decisions):
    # What generated code and the inner loop read on nearly every statement lives in slots:
    # a fixed place, read without the dict lookup the instance dict of a fifty-attribute
    # object needs. Everything else stays in that dict (the mixins give the game one).
    __slots__ = ("work", "steps", "dirty", "queue", "logging", "log", "current", "zc", "zones",
                 "vars", "cv", "known", "where", "frames", "pending", "everyone", "rdepth",
                 "depth", "in_setup", "ending", "over", "group", "unsettled", "history",
                 "players", "nplayers", "consts", "tables", "rules", "triggers_pause",
                 "turn_number", "rng", "cells", "zg")

    # the transcript's last line, written even with the log off (a lean game has no log)
    writes_ending = True
    failed: str | None = None  # the error a move stopped with, half-way: no move can follow
    direct = False  # a lean game played out by a policy (LeanGame.play_out): rules run direct
    # the value a rule that can pause gave back (``return VALUE``), taken by its caller as it
    # resumes, nothing between: never kept across a decision, so never saved or copied
    returned: Value = None
    # Rules.start_game's watcher of the game as setup leaves it (setup_only); a copy has none.
    # A class default read as an attribute: no look in the instance's own dict, which reading
    # ``__dict__`` would make (once a game, a thousand instructions)
    after_setup: Callable[[Game], object] | None = None

    def __init__(self, rules: Ruleset, players: int, seed: int, logging: bool = True) -> None:
        self.rules = rules
        self.title = rules.title
        self.nplayers = players
        self.seed = seed
        self.logging = logging  # False: no log text is built (simulation, look-ahead)
        self.players = rules.player_seats(players)
        self.seats = list(self.players)
        self.dummies = {}
        self.options = {}
        self.consts = {}
        self.layout = None  # type: ignore[assignment]  # attach gives it one, before it runs
        self.queue = []  # triggers fired by the effect just done
        self.depth = self.rdepth = self.work = 0
        self.dirty = True
        self.ending = False  # `on end` is running: the game is over, its scores to come
        self.on_checkpoint = None
        self.triggers_pause = rules.code.analysis.triggers_pause
        self.carried = None  # a campaign's variables, as this game starts with them
        self.in_campaign = False  # one game of a campaign (its variables are shown)

    def attach(self, layout: Layout) -> None:
        """Give the game its shape, and start its state (``state.FIELDS``) empty."""
        self.layout = layout
        self.seat_name = layout.seat_name  # type: ignore[method-assign]  # the layout's: a call less
        self.players, self.seats, self.dummies = layout.players, layout.seats, layout.dummies
        self.zones, self.tables, self.everyone = layout.zones, layout.tables, layout.everyone
        initialize(self)

    # ------------------------------------------------------------ setting up
    def build(self) -> None:
        """What the rules declare before setup runs: constants and variables."""
        rules = self.rules
        for const in rules.code.tops.consts:
            self.consts[const.name] = const.value(self)
        carried = self.carried
        for var in rules.code.tops.vars:
            info, init = var.info, var.init
            if carried is not None and info.campaign:  # kept from the campaign's last game
                self.vars[info.name] = plain_copy(carried[info.name])
                continue
            if not info.keys:
                self.vars[info.name] = init(self) if init else None
                continue
            from itertools import product
            self.vars[info.name] = Keyed(info.name, (
                ((combo[0] if len(combo) == 1 else combo), init(self) if init else None)
                for combo in product(*(self.layout.domain(rules, k.domain) for k in info.keys))))

    def start(self) -> None:
        units = self.rules.units
        self.frames.append(Frame.of(units["play"], 0, [None] * units["play"].nslots))
        if "setup" in units:
            self.frames.append(Frame.of(units["setup"], 0, [None] * units["setup"].nslots))
        else:
            self.in_setup = False
            self.check_fixed_after_setup()
            if self.guard(self.ends_reached):
                self.guard(lambda: self.finish("end", None, None))
                return
            self.checkpoint()  # no setup, nothing drawn: later games can start from here
        self.run()

    def checkpoint(self) -> None:
        """Setup has done all it does before any chance: a copy of the game now can
        start every later game with the same players and options."""
        self.rules_cards = len(self.cards)  # made before any chance: the rules' own, known to all
        if self.on_checkpoint is not None:
            self.on_checkpoint(self)

    def end_setup(self) -> None:
        self.in_setup = False
        if self.fixed:  # (no call for a game with no outcome fixed: every playout)
            self.check_fixed_after_setup()
        self.frames.pop()
        watcher = self.after_setup
        if watcher is not None:  # Rules.setup_only: the game as setup leaves it
            watcher(self.copy())
        # not checked during setup: checked once it is over (rules with no `end when`: no call)
        if self.rules.code.tops.ends and self.ends_reached():
            self.finish("end", None, None)

    def run_after(self) -> None:
        """A campaign's ``after`` block, run once the game is over. End conditions are
        not checked meanwhile (the game is over already)."""
        unit = self.rules.code.units.get("after")
        if unit is None:
            return
        was, self.in_setup = self.in_setup, True
        try:
            self.guard(lambda: unit.run(self))
        finally:
            self.in_setup = was

    # ------------------------------------------------------------ running
    def guard(self, work: Callable[[], Any]) -> Any:
        """Run work, turning any failure into a RulesRuntimeError that says where."""
        try:
            return work()
        except RulesError:
            raise
        except GameOver:
            return None
        except GUARDED as error:
            raise runtime_error(self, error) from None

    def run(self) -> None:
        """Run the top frame until a unit pauses for a decision or the game ends."""
        self.depth = self.rdepth = 0  # call depths (an error may have left them raised)
        frames = self.frames
        try:
            while frames:
                frame = frames[-1]
                if frame.unit.run(self, frame) is PAUSE:
                    return
            if not self.over:
                self.finish("end", None, None)
        except GameOver:
            return
        except RulesError as error:
            self.failed = error.words()
            raise
        except GUARDED as error:
            failure = runtime_error(self, error)
            self.failed = failure.words()
            raise failure from None

    def call(self, unit: CompiledUnit, args: list[Value]) -> Frame:
        """Start a rule that can pause: its frame goes on top (the caller runs it)."""
        if len(self.frames) + self.rdepth > MAX_FRAMES and unit.loops:
            raise Fail(f"rule '{unit.name[5:]}' calls itself without end")
        args += unit.pad  # args: a new list, each parameter's; then the other slots
        frame = Frame()  # Frame.of, written out: once a rule call
        frame.unit, frame.pc, frame.L = unit, 0, args
        self.frames.append(frame)
        return frame

    def ends_reached(self) -> bool:
        return any(cond(self) for cond in self.rules.code.tops.ends)

    def after(self) -> bool:
        """After an effect: end conditions (if what they read changed), then the
        triggers it fired. True when triggers that can pause were put on the frames."""
        if self.dirty and not self.in_setup and not self.ending:
            self.dirty = False
            self.work += self.rules.code.tops.ends_cost
            if self.work > MAX_WORK:
                overwork(self)
            for cond in self.rules.code.tops.ends:
                if cond(self):
                    self.finish("end", None, None)
        queue = self.queue
        if not queue:
            return False
        self.queue = []
        if not self.triggers_pause:
            for unit, zone, card in queue:
                unit.run(self, zone, card)
            return False
        bound = []  # each fired trigger bound (its condition read) before any of them runs
        for unit, zone, card in queue:
            L = unit.bind(self, zone, card)
            if L is not None:
                bound.append((unit, L))
        if bound and len(self.frames) + len(bound) + self.rdepth > MAX_FRAMES:  # triggers firing each other
            looping = [unit for unit, _ in bound if unit.loops]  # (one on no cycle runs: what
            if looping:  # loops above it is stopped at its own next call, and named there)
                raise Fail(f"{looping[-1].name} fires itself without end")
        if self.direct:  # a game nobody pauses (LeanGame.play_out): run by their direct forms
            self.run_direct(bound)
            return False
        self.frames.extend(Frame.of(unit, 0, L) for unit, L in reversed(bound))
        return bool(bound)

    def run_direct(self, bound: list[Any]) -> None:
        """Bound triggers run by their direct forms, each counted as the frames still waiting
        (itself and the ones after it) would be counted."""
        waiting = len(bound)
        for unit, L in bound:
            self.rdepth += waiting
            unit.direct(self, L)
            self.rdepth -= waiting
            waiting -= 1

    def turn_header(self) -> None:
        self.turn_number += 1
        if self.logging:
            current = self.current
            line = Header()  # Header.of(...), written out: once per turn
            line.text = f"turn {self.turn_number}: " + (
                current.name if type(current) is Seat else self.seat_name(current))
            line.at = self.rules.code.turn_at
            self.log.append(line)

    def next_turn(self) -> None:
        after = self.layout.next_player.get(self.current)  # None: not a player
        self.current = after if after is not None else self.players[0]
        self.steps += 1
        if self.steps > TURN_STEPS:
            raise Fail(NO_DECISION)

    def direct_turns(self, turn: Callable[[Game], object]) -> NoReturn:
        """Turn after turn in their direct form (``direct_code.turn_start``), each followed
        by ``next_turn``, written out here (no call a turn); the game leaves by GameOver.
        (tests/runtime/test_lean_direct.py plays every game's direct forms against its
        machines, which call ``next_turn``)."""
        following, first = self.layout.next_player.get, self.players[0]
        while True:
            turn(self)
            after = following(self.current)
            self.current = after if after is not None else first
            self.steps += 1
            if self.steps > TURN_STEPS:
                raise Fail(NO_DECISION)

    # ------------------------------------------------------------ log and end
    def log_message(self, parts: tuple[str | SeenCard, ...], at: int | None = None) -> None:
        """A ``log`` line (its cards already ``SeenCard``s, made by the generated code)."""
        if self.logging:
            self.log.append(Message.of(parts, at))

    def finish(self, how: str, value: Value, reason: str | None, at: int | None = None) -> NoReturn:
        if how == "win" and not self.rules.program.cooperative and not (
                type(value) is Seat and value in self.players):  # (one player: no call)
            check_winners(self, value)
        self.frames.clear()
        self.queue = []
        self.pending = self.group = None
        # the calls that ended the game are left (GameOver unwinds them): `on end` starts at
        # no depth, as a turn does, whatever depth the statement that ended it was at
        self.depth = self.rdepth = 0
        if not self.ending and "end" in self.rules.units:
            self.run_on_end()
        self.over = True
        if self.unsettled:  # (a lean game has none: no call)
            self.settle()
        self.result = GameEnd(how, value, reason)
        self.outcome_cache = compute_outcome(self)
        if self.writes_ending:
            if at is None:
                at = self._ended_by()
            self.log.append(Ending(outcome_line(self, self.outcome_cache), at))
        raise GameOver()

    def _ended_by(self) -> int | None:
        """The `end when` that holds now (where the game ended, when no statement ended it)."""
        code = self.rules.code
        for cond, at in zip(code.tops.ends, code.end_ats):
            try:
                if cond(self):
                    return at
            except Exception:
                return None
        return None

    def run_on_end(self) -> None:
        """The rules' `on end`: once, after the game ends and before it is scored. It asks
        no one (the checker sees to it), nor may a trigger it fires."""
        self.ending = True
        unit = self.rules.units["end"]
        frames = self.frames
        frames.append(Frame.of(unit, 0, [None] * unit.nslots))
        while frames:
            if frames[-1].unit.run(self, frames[-1]) is PAUSE:
                self.pending = None
                raise Fail("a trigger asked a player to decide during 'on end', after the "
                           "game was over")
        self.queue = []

    # ------------------------------------------------------------ text
    def seat_name(self, seat: object) -> str:
        return self.layout.seat_name(seat) if self.layout is not None else (
            "nobody" if seat is None else f"P{seat + 1}")

    def text_of(self, value: Value) -> str:
        return text_of(value)

    # ------------------------------------------------------------ copies
    def copy(self, logging: bool | None = None, seed: int | None = None) -> Game:
        """An independent copy of the game, to look ahead in (no JSON round trip: cards,
        zones and log lines are shared handles; the state's flat lists are copied).
        ``logging=False`` makes a copy that builds no log text; with ``seed``, its chance
        to come is drawn from that seed instead of this game's generator."""
        twin = type(self).__new__(type(self))  # a lean game's copy is lean (runtime/lean_game.py)
        twin.rules, twin.title, twin.nplayers = self.rules, self.title, self.nplayers
        twin.options = self.options  # (the constants: shared, as copy_state shares them)
        twin.logging = self.logging if logging is None else logging
        twin.queue, twin.depth, twin.rdepth, twin.work = [], 0, 0, self.work
        twin.dirty, twin.on_checkpoint, twin.ending = self.dirty, None, False
        twin.triggers_pause = self.triggers_pause
        twin.carried, twin.in_campaign = self.carried, self.in_campaign
        twin.layout, twin.layout_key = self.layout, self.layout_key
        twin.seat_name = self.layout.seat_name  # type: ignore[method-assign]  # as in attach
        layout = self.layout
        twin.players, twin.seats, twin.dummies = layout.players, layout.seats, layout.dummies
        twin.zones, twin.tables, twin.everyone = layout.zones, layout.tables, layout.everyone
        copy_state(self, twin, fresh_seed=seed)
        log: list[Choice] = twin.log  # type: ignore[assignment]  # unsettled lines are choices
        for i in twin.unsettled:  # lines that may still change: the copy's own
            log[i] = log[i].copied()
        if twin.group is not None:
            twin.group = twin.group.moved_to(twin)
            twin.pending = twin.group.first_open()
        elif twin.pending is not None:
            twin.pending = twin.pending.moved_to(twin)
        if twin.logging:
            views.share_rendered(self, twin)
        return twin

    # ------------------------------------------------------------ the public API
    @property
    def to_move(self) -> Seat | None:
        """The seat to move (a ``Seat``: it prints as P1, and is the number 0), or None. In a
        simultaneous choice, the first seat still to choose (``to_move_all`` lists every one)."""
        return self.seats[self.pending.seat] if self.pending is not None else None

    is_over = property(attrgetter("over"))  # read after every move: no Python frame

    @property
    def outcome(self) -> dict[str, Any] | None:
        """Once the game is over, its outcome as plain data (``Outcome.as_dict``); else None."""
        return self.outcome_cache.as_dict() if self.outcome_cache is not None else None

    @property
    def outcome_record(self) -> Outcome | None:
        """Once the game is over, its ``Outcome`` (results and reports apart); else None."""
        return self.outcome_cache

    def view(self, seat: Value = None, log: bool = True) -> dict[str, Any]:
        """What ``seat`` may see (None: the host, everything). ``log=False``: without the
        log's lines (rendering them is most of a view late in a game), for a reader that
        reads none, as a learner's observation."""
        # guarded: a view runs the rules' own code too (a card's hints), and its failure is
        # the rules' error, said where, as in play; the work that code counts is put back
        # (a view asked or not, the rules' bound on work is reached at the same move)
        work, steps = self.work, self.steps
        try:
            return self.guard(lambda: views.view(self, seat, log))  # type: ignore[no-any-return]
        finally:
            self.work, self.steps = work, steps

    def transcript(self, seat: Value = None) -> str:
        return views.transcript(self, seat)

    def save(self, seat: Value = None, key: str | bytes | None = None) -> str:
        """The whole game as JSON, to restore and continue (it holds every secret).
        With ``key`` (text or bytes, the host's secret), the save is signed: restoring it
        with the same key refuses it if a byte was changed.

        With a seat: that player's record of the game (their view and transcript),
        filtered like everything offered to a player; it cannot be continued."""
        from interpreter.runtime.saving import save, save_for
        return save(self, key) if seat is None else save_for(self, seat)
