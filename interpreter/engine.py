"""A game in progress: its state, the run loop, and the effects ops call.

Everything a game is lives in plain attributes (cards, zones, variables, the
frames of running rules, the pending decision, the log), which ``saving``
writes to JSON and reads back. The run loop executes ops until one pauses for
a decision or the game ends.
"""
from __future__ import annotations

import random
from collections import deque
from itertools import product

from interpreter import views
from interpreter.builtins import Family, Row
from interpreter.compile_stmt import DONE, PAUSE, SWITCH, Frame
from interpreter.effects import Effects
from interpreter.outcome import compute_outcome
from interpreter.values import Card, Cell, EnumValue, Fail, Placement, Shape, Zone, cell_name
from rulelang.errors import Diagnostic, IllegalMove, RulesError, RulesRuntimeError


class Decision:
    __slots__ = ("seat", "values", "notations", "named", "prompt", "slot", "index")

    def __init__(self, seat, values, notations, named, prompt, slot):
        self.seat, self.values, self.notations, self.named = seat, values, notations, named
        self.prompt, self.slot, self.index = prompt, slot, None

    def lookup(self, notation: str):
        if self.index is None:
            self.index = {n: i for i, n in enumerate(self.notations)}
            self.index.update({n.lower(): i for i, n in enumerate(self.notations)
                               if n.lower() not in self.index})
        i = self.index.get(notation)
        return i if i is not None else self.index.get(notation.strip().lower())


class Move:
    """A legal move: ``str(move)`` is its notation."""
    __slots__ = ("seat", "notation", "index")

    def __init__(self, seat, notation, index=None):
        self.seat, self.notation, self.index = seat, notation, index

    def __str__(self):
        return self.notation

    def __repr__(self):
        return f"Move({self.seat}, {self.notation!r})"

    def __eq__(self, other):
        return isinstance(other, Move) and (self.seat, self.notation) == (other.seat, other.notation)

    def __hash__(self):
        return hash((self.seat, self.notation))


class Game(Effects):
    def __init__(self, rules, players, seed, options, fix):
        self.rules = rules
        program = rules.program
        self.title = program.title
        self.nplayers = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.fixed = {}
        self.to_fix = fix  # checked against the rules' chance events once the zones exist
        self.cards: list[Card] = []
        self.zones: dict = {}
        self.vars: dict = {}
        self.consts: dict = {}
        self.tables: dict = {}
        self.frames: list[Frame] = []
        self.queue: list[Frame] = []
        self.pending: Decision | None = None
        self.log: list = []
        self.unsettled: list = []
        self.history: list[str] = []
        self.over = False
        self.result = None  # (how, winners, reason) once over
        self.outcome_cache = None
        self.steps = self.depth = self.work = 0
        self.turn_number = 0
        self.in_setup = True
        self.global_L = [None] * rules.global_slots
        self.players = list(range(players))
        self.dummies: dict = {}
        self.seats = list(self.players)
        self.current = 0
        self.options = self.guard(lambda: self._options(options))
        self.consts.update(self.options)
        self.guard(self._add_dummies)
        self.everyone = (1 << len(self.seats)) - 1
        watched = rules.end_reads  # what the end conditions read: check them only when it changes
        self.watch_all = watched is None
        watched = watched or set()
        self.watch_zones = {w[5:] for w in watched if w.startswith("zone:")}
        self.watch_vars = {w[4:] for w in watched if w.startswith("var:")}
        self.watch_current = "current" in watched
        self.watch_fields = "fields" in watched
        self.dirty = True

    # ------------------------------------------------------------ setting up
    def _add_dummies(self):
        for name, cond in self.rules.dummies:
            if cond is None or cond(self, self.global_L):
                self.dummies[name] = len(self.seats)
                self.seats.append(len(self.seats))

    def _options(self, given):
        rules, L, chosen = self.rules, self.global_L, {}
        unknown = set(given) - set(rules.options)
        if unknown:
            known = ", ".join(rules.options) or "none"
            raise RulesError(f"{self.title} has no option '{sorted(unknown)[0]}' (its options: {known})")
        for name, (decl, ty, default, allowed) in rules.options.items():
            value = self._option_value(name, ty, given[name]) if name in given else default(self, L)
            if allowed is not None:
                choices = allowed(self, L)
                for item in value if ty.name == "list" else [value]:  # a list option: each item
                    if item not in choices:
                        shown = ", ".join(self.text_of(c) for c in choices)
                        raise RulesError(f"option {name}={self.text_of(item)} is not allowed "
                                         f"(choose from {shown})")
            chosen[name] = value
        return chosen

    def _option_value(self, name, ty, value):
        if ty.name == "list":  # a list, or its items in one text: "2+3" (as moves name lists)
            items = value if isinstance(value, (list, tuple)) else [
                v for v in str(value).strip("[]").replace(",", "+").split("+") if v.strip()]
            return [self._option_value(name, ty.arg, v.strip() if isinstance(v, str) else v)
                    for v in items]
        if ty.name == "enum":
            for member in self.rules.enum_values[ty.arg]:
                if member.name == str(value) or member is value:
                    return member
            names = ", ".join(m.name for m in self.rules.enum_values[ty.arg])
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

    def start(self):
        rules = self.rules
        self.guard(self._build_state)
        for event, outcome in self.to_fix.items():
            self.chance_sites_of(event)  # refuses a name that no rule can draw
            self.fixed[event] = deque([outcome])
        self.frames.append(Frame(rules.codes["play"], 0, [None] * rules.codes["play"].nslots))
        if "setup" in rules.codes:
            self.frames.append(Frame(rules.codes["setup"], 0, [None] * rules.codes["setup"].nslots))
        else:
            self.in_setup = False
            self.check_fixed_after_setup()
            if self.guard(self.ends_reached):
                self.guard(lambda: self.finish("end", None, None))
                return
        self.run()

    def _build_state(self):
        rules, L = self.rules, self.global_L
        for name, (order, rows) in rules.tables.items():  # first: consts may read tables
            self.tables[name] = [Row(zip(order, (c(self, L) for c in row))) for row in rows]
        for name, value in rules.consts:
            self.consts[name] = value(self, L)
        for name, info in rules.program.zones.items():
            if not info.keys:
                self.zones[name] = Zone(name, None, None, info, None)
                continue
            family = self.zones[name] = Family(name)
            for combo in product(*(self._domain(d) for d, _ in info.keys)):
                key = combo[0] if len(combo) == 1 else combo
                owner = next((k for (d, _), k in zip(info.keys, combo) if d in ("player", "seat")),
                             None)
                shown = ",".join(views.key_texts(self, key, info.keys))
                family[key] = Zone(f"{name}[{shown}]", name, key, info, owner)
        for info, init in rules.vars:
            if not info.keys:
                self.vars[info.name] = init(self, L) if init else None
                continue
            self.vars[info.name] = {
                (combo[0] if len(combo) == 1 else combo): (init(self, L) if init else None)
                for combo in product(*(self._domain(d) for d, _ in info.keys))}

    def _domain(self, domain):
        if domain == "player":
            return self.players
        if domain == "seat":
            return self.seats
        return self.rules.enum_values[domain]

    # ------------------------------------------------------------ running
    def guard(self, work):
        """Run work, turning any failure into a RulesRuntimeError that says where."""
        try:
            return work()
        except RulesError:
            raise
        except Fail as error:
            raise self._runtime_error(str(error)) from None
        except RecursionError:
            raise self._runtime_error("a function calls itself without end") from None
        except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:
            raise self._runtime_error(f"{error.__class__.__name__}: {error}") from None

    def _runtime_error(self, message):
        span, where = None, "setting up the game"
        if self.frames:
            frame = self.frames[-1]
            code = frame.code
            pc = min(max(frame.pc, 0), len(code.spans) - 1)
            span, where = code.spans[pc], code.name
            if span is None and code.decl is not None:  # the op that ends a block: the block
                span = code.decl.span
        text = f"in {where}: {message}"
        return RulesRuntimeError(text, [Diagnostic(text, span)], self.rules.program.sources)

    def run(self):
        self.depth = 0  # function call depth (an error may have left it raised)
        self.guard(self._run)

    def _run(self):
        frames = self.frames
        while frames:
            frame = frames[-1]
            ops, L, pc = frame.code.ops, frame.L, frame.pc
            try:
                while pc >= 0:
                    pc = ops[pc](self, L)
            except Exception:
                frame.pc = pc  # so the error points at the op that failed
                raise
            if pc == PAUSE or pc == DONE:
                return
        if not self.over:
            self.finish("end", None, None)

    def call(self, name, values):
        code = self.rules.codes["rule:" + name]
        if len(self.frames) > 300:
            raise Fail(f"rule '{name}' calls itself without end")
        L = [None] * code.nslots
        L[:len(values)] = values
        self.frames.append(Frame(code, 0, L))

    def ends_reached(self) -> bool:
        L = self.global_L
        return any(cond(self, L) for cond in self.rules.ends)

    def after(self, nxt):
        """After an effect: end conditions, then any triggers it fired."""
        if self.rules.ends and not self.in_setup and (self.dirty or self.watch_all):
            self.dirty = False
            L = self.global_L
            for cond in self.rules.ends:
                if cond(self, L):
                    self.finish("end", None, None)
                    return DONE
        if self.queue:
            self.frames[-1].pc = nxt
            self.frames.extend(reversed(self.queue))
            self.queue = []
            return SWITCH
        return nxt

    # ------------------------------------------------------------ decisions
    def ask(self, seat, options, passing, words, slot, element):
        if seat not in self.players:
            raise Fail(f"{self.seat_name(seat)} cannot decide: say 'by' which player decides")
        values, notations, named, seen = [], [], [], set()
        for value in options:
            text, cards = self.notation(value, seat, element)
            if text in seen:
                continue  # identical cards make one move
            seen.add(text)
            values.append(value)
            notations.append(text)
            named.append(cards)
        if passing:  # the pass move's notation ("pass" unless the rules name it)
            if passing.lower() in (n.lower() for n in seen):
                raise Fail(f"the pass move '{passing}' has the same name as an option")
            values.append(None)
            notations.append(passing)
            named.append(())
        if not values:
            raise Fail("there is nothing to choose from, and passing is not allowed")
        self.settle(seat)
        self.steps = self.work = 0
        self.pending = Decision(seat, values, notations, named, words, slot)

    def notation(self, value, seat, element=None):
        """A value as the chooser names it, and the cards whose faces that name shows."""
        if type(value) is EnumValue:
            return value.name, ()
        if type(value) is Placement:
            return value.label, ()
        if isinstance(value, Card):
            if value.known >> seat & 1:
                return value.label, (value,)
            return views.position(value), ()
        if isinstance(value, bool):
            return ("yes" if value else "no"), ()
        if isinstance(value, int):
            return (self.seat_name(value) if element is not None and element.name == "seat"
                    else str(value)), ()
        if type(value) is Cell:
            return cell_name(value), ()
        if isinstance(value, tuple):
            parts = [self.notation(v, seat) for v in value]
            return " ".join(p[0] for p in parts), tuple(c for p in parts for c in p[1])
        if isinstance(value, list):
            parts = [self.notation(v, seat) for v in value]
            return "+".join(p[0] for p in parts), tuple(c for p in parts for c in p[1])
        return self.text_of(value), ()

    def settle(self, next_seat=None):
        """Fix who may read each pending decision line, now that its effects have run.

        A line naming cards starts readable by its chooser only. It is settled when another
        seat is asked to decide (or the game ends): by then the chooser's cards have gone
        where they were going, and the line is readable by whoever knows all of them.
        """
        keep = []
        for entry in self.unsettled:
            if entry[1] == next_seat:
                keep.append(entry)
                continue
            mask = self.everyone
            for card in entry[4]:
                mask &= card.known
            entry[5] = mask | 1 << entry[1]
        self.unsettled = keep

    def legal_moves(self) -> list[Move]:
        if self.pending is None:
            return []
        seat = self.pending.seat
        return [Move(seat, n, i) for i, n in enumerate(self.pending.notations)]

    def play(self, move, seat=None):
        """Play a legal move (a ``Move`` or its notation). With ``seat``, the move is
        refused unless that seat is the one to move: a host relaying a player's move
        passes the player's seat, so a stray move arriving late cannot be taken as
        another player's. A refused move leaves the game unchanged."""
        if self.over or self.pending is None:
            raise IllegalMove("the game is over: no more moves")
        decision = self.pending
        if seat is not None:
            seat = self.seat_of(seat)
            if seat != decision.seat:
                raise IllegalMove(f"it is not {self.seat_name(seat)}'s move: "
                                  f"{self.seat_name(decision.seat)} is to move")
        if isinstance(move, Move):
            if move.seat != decision.seat:
                raise IllegalMove(f"'{move.notation}' was a move for {self.seat_name(move.seat)}, "
                                  f"but {self.seat_name(decision.seat)} is to move")
            i = move.index
            if i is not None and i < len(decision.notations) and decision.notations[i] == move.notation:
                self.apply(i)
                return
        elif not isinstance(move, str):
            raise IllegalMove(f"a move is a Move or its notation as text, not {move!r}")
        notation = move.notation if isinstance(move, Move) else move
        i = decision.lookup(notation)
        if i is None:
            shown = ", ".join(decision.notations[:12]) + (" ..." if len(decision.notations) > 12 else "")
            raise IllegalMove(f"'{notation}' is not a legal move for {self.seat_name(decision.seat)} "
                              f"now (legal: {shown})")
        self.apply(i)

    def seat_of(self, value) -> int:
        """A player's seat from how a caller wrote it: its index (0 is P1, as in
        ``outcome``), or its name as text: 'P2', 'p2', or '2' (the number in the name)."""
        if isinstance(value, int) and not isinstance(value, bool):
            if value in self.players:
                return value
        elif isinstance(value, str):
            text = value.strip()
            number = text[1:] if text[:1] in ("P", "p") else text
            if number.isdigit() and int(number) - 1 in self.players:
                return int(number) - 1
        names = ", ".join(self.seat_name(p) for p in self.players)
        raise RulesError(f"no player {value!r}: the players are {names} "
                         f"(or their indexes 0 to {len(self.players) - 1})")

    def apply(self, i):
        """Play the i-th legal move (bots use this to skip notation lookups)."""
        decision = self.pending
        self.pending = None
        self.frames[-1].L[decision.slot] = decision.values[i]
        named = decision.named[i]
        entry = ["choice", decision.seat, decision.prompt, decision.notations[i], named,
                 1 << decision.seat if named else self.everyone]
        self.log.append(entry)
        if named:
            self.unsettled.append(entry)
        self.history.append(decision.notations[i])
        self.run()

    # ------------------------------------------------------------ log and end
    def log_message(self, parts):
        self.log.append(["msg", [(p, p.known) if isinstance(p, Card) else p for p in parts]])

    def log_header(self, text):
        self.log.append(["header", text])

    def finish(self, how, value, reason):
        self.frames.clear()
        self.queue = []
        self.pending = None
        self.over = True
        self.settle()
        self.result = (how, value, reason)
        self.outcome_cache = compute_outcome(self)
        self.log.append(["end", views.outcome_line(self, self.outcome_cache)])

    # ------------------------------------------------------------ text
    def seat_name(self, seat):
        if seat is None:
            return "nobody"
        for name, s in self.dummies.items():
            if s == seat:
                return name
        return f"P{seat + 1}" if isinstance(seat, int) else str(seat)

    def text_of(self, value, seat=False):
        if seat and isinstance(value, int):
            return self.seat_name(value)
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (Card, EnumValue, Zone, Shape, Placement)):
            return value.label if isinstance(value, (Card, Placement)) else str(value)
        if type(value) is Cell:
            return cell_name(value)
        if isinstance(value, tuple):
            return "(" + ", ".join(self.text_of(v) for v in value) + ")"
        if isinstance(value, list):
            return "[" + ", ".join(self.text_of(v) for v in value) + "]"
        return str(value)

    # ------------------------------------------------------------ the public API
    @property
    def to_move(self):
        return self.pending.seat if self.pending is not None else None

    @property
    def is_over(self):
        return self.over

    @property
    def outcome(self):
        return self.outcome_cache

    def view(self, seat=None):
        return views.view(self, seat)

    def transcript(self, seat=None):
        return views.transcript(self, seat)

    def save(self, seat=None):
        """The whole game as JSON, to restore and continue (it holds every secret).

        With a seat: that player's record of the game (their view and transcript),
        filtered like everything offered to a player; it cannot be continued."""
        from interpreter.saving import save, save_for
        return save(self) if seat is None else save_for(self, seat)
