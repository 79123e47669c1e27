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
``disclose(x)`` marks a value the author means everybody to learn. Branching on a face is
not followed (a rule may well decide by a hidden card); see docs/language.md.
"""
from __future__ import annotations

from rulelang.language import ast
from rulelang.language.checker import flow_values
from rulelang.language.checker.flow_values import (CLEAN, HIDDEN_LEVEL, OWNED, PUBLIC, Deferred, FlowExprs,
                                      Secret, State, Taint, TooMuch, cardish)
from rulelang.language.errors import Diagnostic

MAX_KEPT = 300  # locals in a rule past which no state is kept for later (memory, not time)
ROUNDS = 8  # whole-program passes until variables and parameters settle (a lattice of 3 levels)


class FlowChecker(FlowExprs):
    def __init__(self, program, source_of):
        self.p = program
        self.source_of = source_of  # span -> its text, for a key written as an expression
        self.var_taint: dict[str, Taint] = {}
        self.param_taint: dict[tuple, Taint] = {}  # (rule, index) -> what callers pass
        self.warnings: list[Diagnostic] = []
        self.reporting = False
        self.fn_stack: list = []
        self.fn_memo: dict = {}
        self.again_memo: dict = {}
        self.steps = 0
        self.pending_faces: list = []  # (var, expr): a card stored, its face read at the end
        self.pending: list = []  # sinks read at the next decision: (compute, state, ...)

    # ------------------------------------------------------------ entry
    def run(self) -> list[Diagnostic]:
        try:
            for _ in range(ROUNDS):
                before = (dict(self.var_taint), dict(self.param_taint))
                self.walk_program()
                if before == (self.var_taint, self.param_taint):
                    break
            self.reporting = True
            self.walk_program()
        except (TooMuch, RecursionError):  # a huge or deeply nested file: say so, go on
            return [Diagnostic("the information-flow check gave up: this file is too large or "
                               f"too deeply nested to follow (past {flow_values.MAX_STEPS:,} "
                               "steps), so leaks of hidden cards are not looked for",
                               severity="note")]
        unique, seen = [], set()
        for w in self.warnings:
            if (w.span, w.message) not in seen:
                seen.add((w.span, w.message))
                unique.append(w)
        return sorted(unique, key=lambda d: (d.span.file, d.span.line, d.span.col))

    def walk_program(self):
        p = self.p
        self.fn_memo = {}
        for info in p.vars.values():
            if info.init is not None:
                self.pending = []
                self.store_var(info, [], self.ev(info.init, State()), info.init, State(),
                               lambda st, init=info.init: self.ev(init, st))
                self.flush(State())
        for name, d in p.rules.items():
            state = State({q.name: self.param_taint.get((name, i), CLEAN)
                           for i, q in enumerate(d.params)})
            self.body(d.body, state)
        for d in p.blocks.values():
            self.body(d.body, State())
        for d in p.triggers:
            self.body(d.body, self.trigger_state(d))
        for info in p.vars.values():  # how a variable reads on the screen: its readers'
            if info.decl.shown is not None and info.visibility != "hidden":
                self.sink(self.ev(info.decl.shown, State()).read(), info.decl.shown.span,
                          f"how '{info.name}' is shown", "a variable is read by every seat")
        for d in p.scores:
            if d.which == "report":
                self.sink(self.ev(d.expr, State()).read(), d.expr.span,
                          f"the report '{d.key}' shows", "a report is read by every seat")

    def trigger_state(self, d):
        names = {}
        for key in d.keys:
            if isinstance(key, ast.Name) and key.id != "_":
                names[key.id] = CLEAN
        if d.card_name:
            names[d.card_name] = Taint(face=self.zone_face(d.zone, d.keys, State()))
        return State(names)

    # ------------------------------------------------------------ reporting
    def sink(self, taint: Taint, span, what, why, allowed=lambda s: s == PUBLIC):
        if not self.reporting or allowed(taint.data):
            return
        owner = taint.data.owner
        if owner is not None and owner.isdigit():  # hand[0]: the rules' seat 0 is P1
            owner = f"P{int(owner) + 1}"
        who = ("a hidden card's face" if taint.data.level == HIDDEN_LEVEL
               else f"a card only {owner} may see")
        self.warnings.append(Diagnostic(
            f"{what} a value worked out from {who}", span,
            f"{why}; if everybody is meant to learn it, write disclose(...) around it",
            severity="warning"))

    # ------------------------------------------------------------ statements
    def body(self, stmts, state: State) -> State:
        self.pending_faces, self.pending, self.again_memo = [], [], {}
        state = self.block(stmts, state)
        self.flush(state)
        for var, expr in self.pending_faces:  # a card stored, then moved face up
            self.join_var(var, Taint(face=self.ev(expr, state).face))
        return state

    def later(self, compute, state, span, what, why, allowed=lambda d: d == PUBLIC):
        """A sink nobody reads before the next decision (a log line, a variable, a chosen
        value): checked then, so a card played face up in between is no secret."""
        if not self.reporting:
            return
        if len(state.local) > MAX_KEPT:  # a copy each time would cost too much: check now
            self.sink(compute(state), span, what, why, allowed)
        else:
            self.pending.append((compute, state.copy(), span, what, why, allowed))

    def flush(self, now: State):
        """A decision (or the end of a rule, or of the game): the sinks so far are read."""
        pending, self.pending = self.pending, []
        for compute, snapshot, span, what, why, allowed in pending:
            self.sink(compute(self.since(snapshot, now)), span, what, why, allowed)

    def block(self, stmts, state: State) -> State:
        for s in stmts:
            state = getattr(self, "s_" + type(s).__name__, self.s_other)(s, state)
        return state

    def s_other(self, s, state):
        return state

    def s_Let(self, s, state):
        self.bind(state, s.name, s.value, self.ev(s.value, state))
        return state

    def bind(self, state, name, expr, taint):
        state.made_public = state.made_public - {name}
        deferred = taint != CLEAN and len(state.local) <= MAX_KEPT
        state.local[name] = Deferred(expr, state.copy(), taint) if deferred else taint

    def s_Assign(self, s, state):
        value = self.ev(s.value, state)
        target = s.target

        def compute(st):  # the value, worked out again when it is read
            return self.ev(s.value, st) | (self.ev(target, st) if s.op != "=" else CLEAN)
        if s.op != "=":
            value = value | self.ev(target, state)
        ref = target.ref or ()
        if isinstance(target, ast.Name):
            if ref[:1] == ("local",) and s.op == "=":
                self.bind(state, target.id, s.value, value)
            elif ref[:1] == ("local",):
                state.local[target.id] = value
            elif ref == ("builtin", "current"):
                self.later(compute, state, s.value.span, "'current' is set to",
                           "every seat sees whose turn it is")
            elif ref[:1] == ("var",):
                self.store_var(self.p.vars[ref[1]], [], value, s.value, state, compute)
        elif isinstance(target, ast.Index) and ref[:1] == ("varfam",):
            def keyed(st):
                return compute(st) | Taint(self.ev_all(target.args, st).data)
            self.store_var(self.p.vars[ref[1]], target.args, keyed(state), s.value, state, keyed)
        elif isinstance(target, ast.Attr) and ref[:1] in (("field",), ("dynamic",)):
            card = self.ev(target.obj, state)
            self.sink(value, s.value.span, f"the field '{target.name}' of a card its readers "
                                           "may see is set to",
                      "a card's fields show with its face",
                      allowed=lambda d: d <= card.face)
        elif isinstance(target, ast.Index):
            base = target.obj
            if isinstance(base, ast.Name) and (base.ref or ())[:1] == ("local",):
                state.local[base.id] = state.settled(base.id) | value
        return state

    def store_var(self, info, key_args, value: Taint, expr, state, compute):
        self.join_var(info.name, Taint(value.data))
        if cardish(info.type) or info.type.name == "any":
            self.pending_faces.append((info.name, expr))
        if info.visibility == "hidden":
            return
        owner = None
        if info.visibility == "owner":
            at = next((i for i, (d, _) in enumerate(info.keys) if d in ("player", "seat")), None)
            if at is not None and at < len(key_args):
                owner = self.key_text(key_args[at])
        self.later(compute, state, expr.span, f"the variable '{info.name}' is set to",
                   "a public variable is in every seat's view" if owner is None else
                   f"'{info.name}' is seen by its own seat only, here {owner}",
                   allowed=lambda d: d == PUBLIC or (owner is not None and d.known_to(owner)))

    def join_var(self, name, taint):
        self.var_taint[name] = self.var_taint.get(name, CLEAN) | taint

    def s_CallStmt(self, s, state):
        call = s.call
        if (call.ref or ())[:1] != ("rule",):
            self.ev(call, state)
            return state
        decl = self.p.rules.get(call.ref[1])
        self.flush(state)  # the rule may ask someone to decide
        if decl is None:
            return state
        renames = {self.key_text(a): q.name for a, q in zip(call.args, decl.params)}
        for i, arg in enumerate(call.args):
            passed = self.rename(self.ev(arg, state), renames, state.local)
            key = (decl.name, i)
            self.param_taint[key] = self.param_taint.get(key, CLEAN) | passed
        return state

    def s_Move(self, s, state):
        self.ev(s.what, state)
        self.moved(s.what, self.dest_face(s.dest, state), state)
        return state

    def s_Deal(self, s, state):
        self.ev(s.count, state)
        return state

    def s_Shuffle(self, s, state):
        name = self.zone_name(s.zone)
        if name is not None:
            state.revealed = state.revealed - {name}
        return state

    def s_Create(self, s, state):
        face = self.dest_face(s.dest, state)
        for name, value, span in s.fields:
            self.later(lambda st, value=value: self.ev(value, st).read(), state, span,
                       f"the field '{name}' of a card made where some seats see it is",
                       "a new card shows its fields to whoever sees its zone",
                       allowed=lambda d: d <= face)
        if s.name:
            state.local[s.name] = Taint(face=face)
        return state

    def s_Reveal(self, s, state):
        if s.fact is not None:  # a field told (reveal c.colour): no face shown; the rest of
            return state        # the card stays as secret as it was
        if s.to is not None:  # one seat now knows a face nobody knew (more: not followed)
            if not (s.to.ty is not None and s.to.ty.name == "list"):
                self.moved(s.what, Secret(OWNED, self.key_text(s.to)), state)
            return state
        self.moved(s.what, PUBLIC, state)
        what = s.what
        if isinstance(what, ast.Call) and (what.ref or ())[:2] == ("builtin", "cards") \
                and what.args:
            what = what.args[0]
        name = self.zone_name(what)
        if name is not None:
            state.revealed = state.revealed | {name}
        return state

    def moved(self, what, face: Secret, state):
        """Cards held by a local now lie where ``face`` says who sees them (nobody forgets)."""
        if isinstance(what, ast.Name) and (what.ref or ())[:1] == ("local",):
            old = state.settled(what.id)
            if face == PUBLIC:
                state.local[what.id] = CLEAN
                state.made_public = state.made_public | {what.id}
            else:
                state.local[what.id] = Taint(old.data, old.face if old.face <= face else face)

    def s_Choose(self, s, state):
        self.flush(state)
        options = self.ev(s.options, state)
        if s.pass_if is not None:
            options = options | Taint(self.ev(s.pass_if, state).data)
        chooser = self.key_text(s.by) if s.by is not None else "current"
        if s.prompt is not None:
            self.sink(self.message(s.prompt, state), s.prompt.span, "the prompt shows",
                      "a prompt is read by every seat")
        shown = options
        if s.refusals is not None:
            shown = shown | Taint(self.ev(s.refusals, state).read().data)
        self.sink(shown, s.options.span, f"the options offered to {chooser} are",
                  f"{chooser} may not know it", allowed=lambda d: d.known_to(chooser))
        element = s.options.ty.arg if s.options.ty is not None and s.options.ty.name == "list" \
            else None
        is_cards = cardish(element) or (s.options.ty is not None and s.options.ty.name in
                                        ("zone", "family"))
        if not is_cards and options.data.known_to(chooser) and options.data != PUBLIC:
            self.later(lambda st: self.ev(s.options, st), state, s.options.span,
                       f"the choice '{s.name}' (written in every seat's transcript) is",
                       "a chosen value that is not a card is shown to every seat")
        self.bind(state, s.name, s.options,
                  Taint(PUBLIC if is_cards else options.data, options.face))
        if is_cards and options != CLEAN:
            state.local[s.name] = Taint(PUBLIC, options.face)
        return state

    def s_If(self, s, state):
        out = None
        for cond, stmts in s.branches:
            self.ev(cond, state)
            branch = self.block(stmts, state.copy())
            out = branch if out is None else out.join(branch)
        other = self.block(s.other, state.copy()) if s.other is not None else state
        return out.join(other)

    def loop(self, stmts, state, bind=lambda st: None):
        for _ in range(4):
            inner = state.copy()
            bind(inner)
            out = self.block(stmts, inner)
            out.local = {n: v for n, v in out.local.items() if n in state.local}  # its own go
            after = state.join(out)
            if after.same(state):
                break
            state = after
        return state

    def s_For(self, s, state):
        item = self.element(self.ev(s.iter, state))
        return self.loop(s.body, state, lambda st: st.local.update({n: item for n in s.names}))

    def s_Repeat(self, s, state):
        self.ev(s.count, state)
        return self.loop(s.body, state, lambda st: st.local.update({s.name: CLEAN})
                         if s.name else None)

    def s_While(self, s, state):
        self.ev(s.cond, state)
        return self.loop(s.body, state)

    def s_Loop(self, s, state):
        return self.loop(s.body, state)

    def s_Log(self, s, state):
        self.later(lambda st: self.message(s.message, st), state, s.message.span,
                   "this log line shows", "a log line is read by every seat")
        return state

    def s_Finish(self, s, state):
        self.flush(state)
        if s.value is None or (s.how == "win" and not self.p.cooperative):
            return state
        self.sink(self.ev(s.value, state).read(), s.value.span, "the end reason shows",
                  "the reason the game ended is read by every seat")
        return state

def check_flow(program, source_of) -> list[Diagnostic]:
    """The warnings of the information-flow check for a checked program."""
    return FlowChecker(program, source_of).run()
