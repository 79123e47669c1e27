"""The information-flow check: warn where a hidden card's face reaches what every seat reads.

Cards themselves are safe to show: a log line, a prompt or a variable shows each reader a
card only as they may see it. What leaks is a value *worked out* from a face the reader may
not know: a field (``c.rank``), ``text(c)``, a list filtered by a field, a sum of fields.
Each expression gets a ``Taint`` of two parts, each a ``Secret`` (who may not know it):

- ``data``: the value's own content (numbers, text, which items a list holds, its length);
- ``face``: the faces of the cards it holds, which become data when read (a field, ``text``).

Sources are zones: a card of a ``hidden`` zone has a hidden face, of an ``owner`` zone a face
its owner alone knows (``Secret(OWNED, "p")`` for ``hand[p]``), of a ``public`` zone (or the
top of a ``top`` pile) a public face. Statements are followed in order within a rule, so a
card moved to a public zone or revealed to all is public from then on (``Deferred``: so is
what was worked out from it), and a sink nobody reads before the next decision (a log line,
a variable, a chosen value) is checked at that decision. Variables and rule
parameters take the join of everything assigned or passed to them (the whole program is
walked until they stop changing); functions are evaluated at each call.

Sinks, where ``data`` must be public: a ``log`` line and a ``choose`` prompt, an end reason,
a public variable (an ``owner`` one: its own seat's secret is fine), a ``report``, a card
created face up, and a ``choose``: its options are shown to the chooser (who must know
them), and a chosen value that is not a card is written in every seat's transcript.
``disclose(x)`` marks a value the author means everybody to learn.

Implicit flows: a branch or loop runs under the conditions that decide it (``State.pc``,
and ``State.conds`` to work them out again), so what it does that every seat sees (a
variable set, a log line, a card moved, dealt, shuffled or made, a choice offered, the game
ended, a rule called) tells its condition; ``end when`` is a sink too. As for a log line,
the conditions are worked out again at the next decision: a card played face up in every
branch by then is no secret. A sink whose own value tells no more than its conditions is
warned at the condition that reads the secret (flow_report.py), once for all it decides; a
public variable reads as known to all (a secret stored in it is warned where it is stored).
See docs/language.md.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from rulelang.language import ast, refs, traversal
from rulelang.language.checker import flow_values
from rulelang.language.checker.flow_choices import ChoiceChecks
from rulelang.language.checker.flow_effects import EffectChecks
from rulelang.language.checker.flow_live import may_stop, reads_after
from rulelang.language.checker.flow_report import (
    Implicit,
    Reached,
    called_under_secret,
    grouped_by_rule,
    place,
    secret_words,
)
from rulelang.language.checker.flow_values import (
    CLEAN,
    EACH_OWNER,
    OWNED,
    PUBLIC,
    Allowed,
    Compute,
    Deferred,
    Later,
    Secret,
    State,
    Taint,
    TooMuch,
    cardish,
    looped_cards,
)
from rulelang.language.errors import Diagnostic, Span

if TYPE_CHECKING:
    from rulelang.language.checker import Program
    from rulelang.language.checker.zones import VarInfo

MAX_KEPT = 300  # locals in a rule past which no state is kept for later (memory, not time)
ROUNDS = 8  # whole-program passes until variables and parameters settle (a lattice of 3 levels)

SourceOf = Callable[[Span | None, int], str | None]  # the text of a span (at most so long)


class FlowChecker(EffectChecks, ChoiceChecks):
    def __init__(self, program: Program, source_of: SourceOf) -> None:
        self.p = program
        self.source_of = source_of  # span -> its text, for a key written as an expression
        self.var_taint: dict[str, Taint] = {}
        # (rule, index) -> what callers pass; (rule, "pc") -> the branches it is called under
        self.param_taint: dict[tuple[str, int | str], Taint] = {}
        self.secret_calls: dict[str, set[Span]] = {}  # a rule -> its calls under a secret branch
        self.return_taint: dict[str, Taint] = {}  # a rule -> what the values it gives back tell
        self.rule_name: str | None = None  # the rule being walked (None: a block, a trigger)
        self.warnings: list[Diagnostic] = []
        self.flushes = 0  # decisions so far (a mark in ``pending`` holds until the next)
        self.reporting = False
        self.read_later: dict[int, frozenset[str]] = {}  # a choose's id -> locals read after
        self.fn_stack: list[str | None] = []
        self.fn_memo: dict[tuple[object, ...], Taint] = {}
        self.again_memo: dict[tuple[int, frozenset[str]], Taint] = {}
        self.steps = 0
        # (var, expr): a card stored, its face read at the end
        self.pending_faces: list[tuple[str, ast.Expr]] = []
        self.pending: list[Later] = []  # sinks read at the next decision
        self.implicit = Implicit()  # sinks reached as a condition on a secret decides
        self.current_alias: set[str] = set()  # a rule's locals that hold 'current' (let me = current)
        self.body_made_public: frozenset[str] = frozenset()  # by the last loop body followed
        # a rule -> its parameters (by place) whose cards it lies face up on every path (a card
        # played onto a public row): public in the caller after the call, as after a move there
        self.publishes: dict[str, frozenset[int]] = {}
        # a rule -> the warnings that it runs only as a secret decides (one is said: see
        # flow_report.grouped_by_rule)
        self.under_secret: dict[str, list[Diagnostic]] = {}
        # variables set: (name, compute, state), at the next one
        self.pending_joins: list[tuple[str, Compute, State]] = []

    # ------------------------------------------------------------ entry
    def run(self) -> list[Diagnostic]:
        try:
            for _ in range(ROUNDS):
                before = (dict(self.var_taint), dict(self.param_taint), dict(self.return_taint),
                          dict(self.publishes))
                self.walk_program()
                if before == (self.var_taint, self.param_taint, self.return_taint, self.publishes):
                    break
            self.reporting = True
            self.walk_program()
        except (TooMuch, RecursionError):  # a huge or deeply nested file: say so, go on
            return [Diagnostic("the information-flow check gave up: this file is too large or "
                               f"too deeply nested to follow (past {flow_values.MAX_STEPS:,} "
                               "steps), so leaks of hidden cards are not looked for",
                               severity="note")]
        unique: list[Diagnostic] = []
        self.warnings.extend(self.implicit.warnings())
        self.warnings.extend(grouped_by_rule(self.under_secret))
        seen: set[tuple[Span | None, str]] = set()
        for w in self.warnings:
            if (w.span, w.message) not in seen:
                seen.add((w.span, w.message))
                unique.append(w)
        return sorted(unique, key=place)

    def walk_program(self) -> None:
        p = self.p
        self.fn_memo = {}
        for info in p.vars.values():
            if info.init is not None:
                self.pending = []
                self.store_var(info, [], self.ev(info.init, State()), info.init, State(),
                               functools.partial(self.ev, info.init))
                self.flush(State())
        for name, d in p.rules.items():
            entry = self.param_taint.get((name, "pc"), CLEAN).data
            state = State({q.name: self.param_taint.get((name, i), CLEAN)
                           for i, q in enumerate(d.params)}, pc=entry, entry=entry)
            self.rule_name = name
            out = self.body(d.body, state)
            returns = any(isinstance(node, ast.Return) for node in traversal.walk(d.body))
            self.publishes[name] = frozenset() if returns else frozenset(  # (a return: not
                i for i, q in enumerate(d.params) if q.name in out.made_public)  # every path)
        self.rule_name = None
        for block in p.blocks.values():
            self.body(block.body, State())
        for trigger in p.triggers:
            self.body(trigger.body, self.trigger_state(trigger))
        for info in p.vars.values():  # how a variable reads on the screen: its readers'
            if info.decl.shown is not None and info.visibility != "hidden":
                self.sink(self.ev(info.decl.shown, State()).read(), info.decl.shown.span,
                          f"how '{info.name}' is shown", "a variable is read by every seat")
        for end in p.ends:  # checked after every move: whether the game goes on is public
            self.sink(Taint(self.ev(end.cond, State()).data), end.cond.span,
                      "'end when' decides by", "every seat sees whether the game ends")
        for score in p.scores:
            if score.which == "report":
                self.sink(self.ev(score.expr, State()).read(), score.expr.span,
                          f"the report '{score.key}' shows", "a report is read by every seat")

    def trigger_state(self, d: ast.TriggerDecl) -> State:
        names: dict[str, Taint | Deferred] = {}
        for key in d.keys:
            if isinstance(key, ast.Name) and key.id != "_":
                names[key.id] = CLEAN
        if d.card_name:
            names[d.card_name] = Taint(face=self.zone_face(d.zone, d.keys, State()))
        return State(names)

    # ------------------------------------------------------------ reporting
    def sink(self, taint: Taint, span: Span, what: str, why: str,
             allowed: Allowed = lambda s: s == PUBLIC, state: State | None = None,
             event: str = "", seen: str = "", redo: Compute | None = None) -> None:
        """Warn if ``taint`` may not be shown as ``allowed``; with ``state``, whether the
        sink is reached tells the conditions around it: ``event`` is what every seat sees
        happen there (an implicit flow, warned at the condition when the value itself tells
        no more than the condition does; ``seen``: who sees it, if not as ``why`` says).
        ``redo`` works the value out again: with every local clean, what it reads itself (a
        local set in the branch carries the branch's condition, and tells no more)."""
        if not self.reporting:
            return
        pc = self.pc_at(state) if state is not None else PUBLIC
        data = taint.data | pc
        if allowed(data):
            return
        if state is not None and event and not allowed(pc) and taint.data <= pc and (
                redo is None or allowed(redo(state.bare()).data)):
            for cond, snapshot, kind in state.conds:  # the first one that tells the secret
                told = self.ev(cond, self.since(snapshot, state)).data
                if not allowed(told):
                    self.implicit.add(cond, kind, told, Reached(span, event, seen or why))
                    return
        who = secret_words(data)
        if state is not None and self.rule_name is not None and not allowed(state.entry):
            inside = state.copy()
            inside.entry = PUBLIC
            if allowed(taint.data | self.pc_at(inside)):  # only whether the rule runs tells it
                self.under_secret.setdefault(self.rule_name, []).append(called_under_secret(
                    what, why, span, self.rule_name, self.secret_calls.get(self.rule_name, set()),
                    secret_words(state.entry)))
                return
        hint = f"{why}; if everybody is meant to learn it, write disclose(...) around it"
        if data.chosen and event == "a card moves":  # (where a piece lies, chosen in secret)
            hint += (", or, to keep it secret, keep the choice in a variable only its chooser "
                     "reads (var NAME[player]: TYPE, owner) rather than placing a card by it")
        self.warnings.append(Diagnostic(f"{what} a value worked out from {who}", span, hint,
                                        severity="warning"))

    # ------------------------------------------------------------ statements
    def body(self, stmts: list[ast.Stmt], state: State) -> State:
        self.pending_faces, self.pending, self.again_memo = [], [], {}
        self.current_alias = set()
        self.read_later = reads_after(stmts) if self.reporting else {}
        state = self.block(stmts, state)
        self.flush(state)
        for var, expr in self.pending_faces:  # a card stored, then moved face up
            self.join_var(var, Taint(face=self.ev(expr, state).face))
        return state

    def later(self, compute: Compute, state: State, span: Span, what: str, why: str,
              allowed: Allowed = lambda d: d == PUBLIC, event: str = "") -> None:
        """A sink nobody reads before the next decision (a log line, a variable, a chosen
        value): checked then, so a card played face up in between is no secret. ``event``:
        what every seat sees happen there (see ``sink``)."""
        if not self.reporting:
            return
        if len(state.local) > MAX_KEPT:  # a copy each time would cost too much: check now
            self.sink(compute(state), span, what, why, allowed, state, event, redo=compute)
        else:
            self.pending.append(Later(compute, state.copy(), span, what, why, allowed, event))

    def with_pc(self, compute: Compute) -> Compute:
        """A sink's value and whether it is reached (what decided it, by then)."""
        return lambda st: compute(st) | Taint(self.pc_at(st))

    def flush(self, now: State) -> None:
        """A decision (or the end of a rule, or of the game): the sinks so far are read."""
        self.flushes += 1
        joins, self.pending_joins = self.pending_joins, []
        for name, compute, snapshot in joins:
            self.join_var(name, Taint(compute(self.since(snapshot, now)).data))
        pending, self.pending = self.pending, []
        for sink in pending:
            at = self.since(sink.state, now, sink.path)
            self.sink(sink.compute(at), sink.span, sink.what, sink.why, sink.allowed, at,
                      sink.event, redo=sink.compute)

    def mark(self) -> tuple[int, int]:
        """Where the sinks made from now on will start in ``pending`` (see ``on_path``)."""
        return len(self.pending), self.flushes

    def on_path(self, mark: tuple[int, int], end: State) -> None:
        """The sinks made since ``mark`` (in a branch now ended at ``end``) keep the cards
        their path made public: a card played face up is no secret, whatever the other
        branches did (nobody forgets a card seen)."""
        start = mark[0] if mark[1] == self.flushes else 0  # a decision since: all are new
        for sink in self.pending[start:]:
            sink.path |= end.made_public

    def block(self, stmts: list[ast.Stmt], state: State) -> State:
        for s in stmts:
            run: Callable[[ast.Stmt, State], State] = getattr(self, "s_" + type(s).__name__,
                                                              self.s_other)
            state = run(s, state)
        return state

    def s_other(self, s: ast.Stmt, state: State) -> State:
        return state

    def s_Return(self, s: ast.Return, state: State) -> State:
        """``return VALUE``: the rule's callers receive what it tells, and which return was
        reached (the branches around it in the rule; whether the rule runs at all is each
        caller's own branch, which its ``let`` adds), as any value worked out there. A rule's
        call given back (``return r(...)``) is a call as a ``let``'s: what r returns flows on."""
        if s.value is not None:
            self.call_for_value(s.value, state)
        if s.value is not None and self.rule_name is not None:
            inside = state.copy()
            inside.entry = PUBLIC
            told = self.ev(s.value, state) | Taint(self.pc_at(inside))
            self.return_taint[self.rule_name] = self.return_taint.get(self.rule_name, CLEAN) | told
        return state

    def s_Let(self, s: ast.Let, state: State) -> State:
        self.call_for_value(s.value, state)
        self.bind(state, s.name, s.value, self.ev(s.value, state) | Taint(self.local_pc(state)))
        if isinstance(s.value, ast.Name) and self.key_text(s.value) == "current":
            self.current_alias.add(s.name)  # the same seat: its secrets are current's
        return state

    def local_pc(self, state: State) -> Secret:
        """What a local set here tells besides its value: the branches it is set in. Not
        whether its rule runs at all (called as a hidden card decides: ``state.entry``):
        every sink in the rule says that, at the call, and a local lives no longer than its
        rule; else ``let me = current`` read after another seat's choice was warned as a
        secret."""
        if state.entry == PUBLIC:
            return state.pc
        data = PUBLIC
        for expr, snapshot, _ in state.conds:
            data = data | self.ev(expr, self.since(snapshot, state)).data
        return data

    def bind(self, state: State, name: str, expr: ast.Expr, taint: Taint) -> None:
        self.current_alias.discard(name)
        state.made_public = state.made_public - {name}
        state.set_again([name])
        deferred = taint != CLEAN and len(state.local) <= MAX_KEPT
        state.local[name] = Deferred(expr, state.copy(), taint) if deferred else taint

    def call_for_value(self, value: ast.Expr, state: State) -> None:
        """A rule called for its value (``let x = r(...)``): the call as a statement's; its
        value (``x_Call``) is what the rule's returns tell."""
        if isinstance(value, ast.Call) and isinstance(value.ref, refs.Rule):
            self.call_rule(value, state)

    def s_Assign(self, s: ast.Assign, state: State) -> State:
        self.call_for_value(s.value, state)
        value = self.ev(s.value, state)
        target = s.target

        def compute(st: State) -> Taint:  # the value, worked out again when it is read
            return self.ev(s.value, st) | (self.ev(target, st) if s.op != "=" else CLEAN)
        if s.op != "=":
            value = value | self.ev(target, state)
        plain, value = value, value | Taint(state.pc)  # set or not as a hidden branch went: that tells it
        ref = target.ref
        if isinstance(target, ast.Name):
            local = plain | Taint(self.local_pc(state))
            if isinstance(ref, refs.Local) and s.op == "=":
                self.bind(state, target.id, s.value, local)
            elif isinstance(ref, refs.Local):
                state.local[target.id] = local
                state.set_again([target.id])
            elif ref == refs.Builtin("current"):
                self.current_alias.clear()  # a local set from it holds the seat it was
                state.wrote(["current"])
                self.later(compute, state, s.value.span, "'current' is set to",
                           "every seat sees whose turn it is", event="'current' is set")
            elif isinstance(ref, refs.Var):
                self.store_var(self.p.vars[ref.name], [], value, s.value, state, compute)
        elif isinstance(target, ast.Index) and isinstance(ref, refs.VarFamily):
            def keyed(st: State) -> Taint:
                return compute(st) | Taint(self.ev_all(target.args, st).data)
            self.store_var(self.p.vars[ref.name], target.args, keyed(state), s.value, state, keyed)
        elif isinstance(target, ast.Attr) and isinstance(ref, (refs.Field, refs.Dynamic)):
            card = self.ev(target.obj, state)
            self.sink(plain, s.value.span, f"the field '{target.name}' of a card its readers "
                                           "may see is set to",
                      "a card's fields show with its face",
                      allowed=lambda d: d <= card.face, state=state,
                      event=f"the field '{target.name}' of a card is set", redo=compute)
        elif isinstance(target, ast.Index):
            base = target.obj
            if isinstance(base, ast.Name) and isinstance(base.ref, refs.Local):
                state.local[base.id] = state.settled(base.id) | value
                state.set_again([base.id])
        return state

    def store_var(self, info: VarInfo, key_args: list[ast.Expr], value: Taint, expr: ast.Expr,
                  state: State, compute: Compute) -> None:
        state.wrote([info.name])
        owner = None
        if info.visibility == "owner":
            at = next((i for i, key in enumerate(info.keys) if key.of_seats), None)
            if at is not None and at < len(key_args):
                owner = self.key_text(key_args[at])

        def stored(taint: Taint) -> Taint:
            """What the variable keeps for every reader: a secret of the seat whose value it
            sets is that seat's own (each read of an owner variable is its key's secret
            already), so ``money[w] -= bid`` does not make every seat's money a secret from
            its own seat."""
            if owner is not None and taint.data.known_to(owner):
                return CLEAN
            return Taint(taint.data)
        if len(state.local) > MAX_KEPT:
            self.join_var(info.name, stored(value))
        else:  # what it tells, worked out at the next decision (see pc_at)
            with_pc = self.with_pc(compute)
            self.pending_joins.append((info.name, lambda st: stored(with_pc(st)), state.copy()))
        if cardish(info.type) or info.type.name == "any":
            self.pending_faces.append((info.name, expr))
        if info.visibility == "hidden":
            return
        self.later(compute, state, expr.span, f"the variable '{info.name}' is set to",
                   "a public variable is in every seat's view" if owner is None else
                   f"'{info.name}' is seen by its own seat only, here {owner}",
                   allowed=lambda d: d == PUBLIC or (owner is not None and d.known_to(owner)),
                   event=f"the variable '{info.name}' is set")

    def join_var(self, name: str, taint: Taint) -> None:
        self.var_taint[name] = self.var_taint.get(name, CLEAN) | taint

    def s_CallStmt(self, s: ast.CallStmt, state: State) -> State:
        if not isinstance(s.call.ref, refs.Rule):
            self.ev(s.call, state)
            return state
        return self.call_rule(s.call, state)

    def call_rule(self, call: ast.Call, state: State) -> State:
        assert isinstance(call.ref, refs.Rule)
        decl = self.p.rules.get(call.ref.name)
        self.flush(state)  # the rule may ask someone to decide
        state.shown = frozenset()  # and move cards, set variables
        if decl is None:
            return state
        key: tuple[str, int | str] = (decl.name, "pc")  # the rule runs as its caller's branch decided
        self.param_taint[key] = self.param_taint.get(key, CLEAN) | Taint(self.pc_at(state))
        if self.pc_at(state) != PUBLIC and call.span is not None:
            self.secret_calls.setdefault(decl.name, set()).add(call.span)
        renames = {self.key_text(a): q.name for a, q in zip(call.args, decl.params)}
        for i, arg in enumerate(call.args):
            passed = self.rename(self.ev(arg, state), renames, state.local)
            key = (decl.name, i)
            self.param_taint[key] = self.param_taint.get(key, CLEAN) | passed
        for i in self.publishes.get(decl.name, ()):  # the rule laid these cards face up
            if i < len(call.args):
                self.moved(call.args[i], PUBLIC, state)
        return state

    def s_If(self, s: ast.If, state: State) -> State:
        """Each branch runs knowing the conditions before it (an implicit flow: what a
        branch does tells its condition); after the ``if``, only what a branch that may
        stop the rest (win, break...) leaves behind is still under its condition."""
        out: State | None = None
        deciding = state.copy()
        for cond, stmts in s.branches:
            deciding.under(cond, self.ev(cond, state).data)
            mark = self.mark()
            branch = self.block(stmts, deciding.copy())
            self.on_path(mark, branch)
            out = branch if out is None else out.join(branch)
        mark = self.mark()
        other = self.block(s.other, deciding.copy()) if s.other is not None else state
        self.on_path(mark, other)
        assert out is not None  # an if has a branch
        after = out.join(other)
        stops = any(may_stop(stmts) for _, stmts in s.branches) or may_stop(s.other or [])
        after.pc, after.conds = (deciding.pc, deciding.conds) if stops else (state.pc,
                                                                              state.conds)
        return after

    def loop(self, stmts: list[ast.Stmt], state: State,
             bind: Callable[[State], object] = lambda st: None) -> State:
        outer = (state.pc, state.conds)
        for _ in range(4):
            inner = state.copy()
            bind(inner)
            out = self.block(stmts, inner)
            self.body_made_public = out.made_public  # (s_For reads it)
            out.local = {n: v for n, v in out.local.items() if n in state.local}  # its own go
            after = state.join(out)
            if after.same(state):
                break
            state = after
        state.pc, state.conds = outer  # after the loop, as before it
        return state

    def s_For(self, s: ast.For, state: State) -> State:
        over = self.ev(s.iter, state)
        item = self.element(over)
        if len(s.names) == 2 and over.data == Secret(OWNED, EACH_OWNER):
            # ``for p, c in`` the pairs of a private choice made by each: c is p's secret,
            # p and how many pairs there are are known to all
            seat, choice = s.names
            def bind_pairs(st: State) -> None:
                st.local.update({seat: CLEAN,
                                 choice: Taint(Secret(OWNED, seat, chosen=True), item.face)})
                st.set_again(s.names)
            return self.loop(s.body, state, bind_pairs)
        self.current_alias.difference_update(s.names)

        def bind(st: State) -> None:
            st.local.update(dict.fromkeys(s.names, item))
            st.set_again(s.names)
            st.under(s.iter, over.data, "for")
        after = self.loop(s.body, state, bind)
        # a body that makes its item's cards public, on every path, makes the list's public:
        # ``for p, c in picks { move c to table }``, then what is worked out from ``picks``
        if isinstance(s.iter, ast.Name) and isinstance(s.iter.ref, refs.Local) \
                and not may_stop(s.body) \
                and set(looped_cards(s.names, s.iter.ty)) <= self.body_made_public:
            kept = self.local_taint(s.iter.id, after).data
            if looped_cards(s.names, s.iter.ty) != s.names and kept != PUBLIC:
                # its other parts (a number, a seat) keep their secret: ``[(c, best)]``
                after.local[s.iter.id] = Taint(kept)
                return after
            after.local[s.iter.id] = CLEAN
            after.made_public = after.made_public | {s.iter.id}
        return after

    def s_Repeat(self, s: ast.Repeat, state: State) -> State:
        count = self.ev(s.count, state)
        def bind(st: State) -> None:
            if s.name:
                st.local.update({s.name: CLEAN})
                st.set_again([s.name])
            st.under(s.count, count.data, "repeat")
        return self.loop(s.body, state, bind)

    def s_While(self, s: ast.While, state: State) -> State:
        return self.loop(s.body, state, lambda st: st.under(s.cond, self.ev(s.cond, st).data,
                                                                  "while"))

    def s_Loop(self, s: ast.Loop, state: State) -> State:
        return self.loop(s.body, state)

    def s_Log(self, s: ast.Log, state: State) -> State:
        self.later(lambda st: self.message(s.message, st), state, s.message.span,
                   "this log line shows", "a log line is read by every seat",
                   event="a log line is written")
        return state

    def s_Finish(self, s: ast.Finish, state: State) -> State:
        self.flush(state)
        self.sink(CLEAN, s.span, "whether the game ends here depends on",
                  "every seat sees the game end, and how", state=state, event="the game ends")
        if s.reason is None:
            return state
        self.sink(self.ev(s.reason, state).read(), s.reason.span, "the end reason shows",
                  "the reason the game ended is read by every seat")
        return state


def check_flow(program: Program, source_of: SourceOf) -> list[Diagnostic]:
    """The warnings of the information-flow check for a checked program."""
    return FlowChecker(program, source_of).run()
