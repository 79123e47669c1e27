"""Statements to flat lists of ops.

A rule, a block or a trigger becomes a ``Code``: a list of ops, each a closure
``op(g, L) -> next pc``. Control flow is jumps, so where the game stands is
just (code, pc, locals) per frame: plain data that saves to JSON. An op that
pauses (a decision), calls a rule or ends the game returns a negative signal.
"""
from __future__ import annotations

from interpreter.values import Card, Fail, bounded
from rulelang import ast

SWITCH, PAUSE, DONE = -1, -2, -3  # frames changed / waiting for a move / game over
MAX_LOOP_STEPS = 200_000  # loop turns allowed between two decisions before we call it runaway


class Code:
    __slots__ = ("name", "kind", "ops", "spans", "nslots", "decl")

    def __init__(self, name, kind, nslots, decl=None):
        self.name, self.kind, self.nslots, self.decl = name, kind, nslots, decl
        self.ops, self.spans = [], []

    def __repr__(self):
        return f"<code {self.name}>"


class Frame:
    """A running piece of code: which code, where in it, and its local slots."""
    __slots__ = ("code", "pc", "L")

    def __init__(self, code, pc, L):
        self.code, self.pc, self.L = code, pc, L


class Label:
    __slots__ = ("pc",)

    def __init__(self):
        self.pc = None


class UnitCompiler:
    """Compiles the statements of one code unit."""

    def __init__(self, ec, code: Code):
        self.ec, self.code = ec, code
        self.pending = []  # (maker, labels) until link()
        self.loops = []  # (continue label, break label)
        self.returns = Label()  # `return` goes to the unit's last op: the end of the rule,
        # trigger or setup, the next turn of a turn block, the end of the game in play

    # -- emission
    def emit(self, span, maker, *labels):
        self.pending.append((maker, labels))
        self.code.spans.append(span)

    def mark(self, label):
        label.pc = len(self.pending)

    def new_slot(self):
        self.code.nslots += 1
        return self.code.nslots - 1

    def link(self, final):
        self.mark(self.returns)
        self.emit(None, final)
        self.code.ops = [maker(i, *(lab.pc for lab in labels))
                         for i, (maker, labels) in enumerate(self.pending)]
        return self.code

    def stmts(self, body):
        for s in body:
            getattr(self, "s_" + type(s).__name__)(s)

    # -- helpers shared by ops
    def effect(self, span, do):
        """An op that changes the game, then lets end conditions and triggers run."""
        def maker(i):
            nxt = i + 1

            def op(g, L):
                do(g, L)
                return g.after(nxt)
            return op
        self.emit(span, maker)

    def jump(self, span, target, counted=False):
        def maker(i, t):
            if not counted:
                return lambda g, L: t

            def back(g, L):
                g.steps += 1
                if g.steps > MAX_LOOP_STEPS:
                    raise Fail("this loop has run 200,000 times without a decision: "
                               "it seems never to end")
                return t
            return back
        self.emit(span, maker, target)

    def branch_unless(self, span, cond, target):
        def maker(i, t):
            nxt = i + 1
            return lambda g, L: nxt if cond(g, L) else t
        self.emit(span, maker, target)

    # -- statements
    def s_Let(self, s):
        self.set_local(s.span, s.slot, self.ec.expr(s.value))

    def set_local(self, span, slot, value):
        def maker(i):
            nxt = i + 1

            def op(g, L):
                L[slot] = value(g, L)
                return nxt
            return op
        self.emit(span, maker)

    def s_Assign(self, s):
        t, value = s.target, self.ec.expr(s.value)
        if s.op != "=":
            current, sign = self.ec.expr(t), 1 if s.op == "+=" else -1
            plain = value

            def value(g, L):
                now, delta = current(g, L), plain(g, L)
                if isinstance(now, list):
                    return bounded(now + delta) if sign > 0 else [x for x in now if x not in delta]
                return now + sign * delta
        if isinstance(t, ast.Name) and t.ref[0] == "local":
            self.set_local(s.span, t.ref[1], value)  # locals cannot end the game: no checks
            return
        if isinstance(t, ast.Name):
            name = t.ref[1]
            if name == "current" and t.ref[0] == "builtin":
                def do(g, L):
                    g.current = value(g, L)
                    if g.watch_current:
                        g.dirty = True
            else:
                def do(g, L):
                    g.vars[name] = value(g, L)
                    if name in g.watch_vars:
                        g.dirty = True
        elif isinstance(t, ast.Index):
            name = t.ref[1]
            keys = [self.ec.expr(a) for a in t.args]

            def do(g, L):
                key = keys[0](g, L) if len(keys) == 1 else tuple(k(g, L) for k in keys)
                g.vars[name][key] = value(g, L)
                if name in g.watch_vars:
                    g.dirty = True
        else:
            obj, field = self.ec.expr(t.obj), t.name

            def do(g, L):
                card = obj(g, L)
                if not isinstance(card, Card):
                    raise Fail(f"cannot set .{field}: the value is not a card")
                card.f[field] = value(g, L)
                if g.watch_fields:
                    g.dirty = True
        self.effect(s.span, do)

    def s_CallStmt(self, s):
        name = s.call.ref[1]
        args = [self.ec.expr(a) for a in s.call.args]

        def maker(i):
            nxt = i + 1

            def op(g, L):
                values = [a(g, L) for a in args]
                g.frames[-1].pc = nxt
                g.call(name, values)
                return SWITCH
            return op
        self.emit(s.span, maker)

    def s_Move(self, s):
        what, dest = self.ec.expr(s.what), self.ec.expr(s.dest)
        at = s.at if s.at in (None, "bottom") else self.ec.expr(s.at)

        def do(g, L):
            where = at if at is None or at == "bottom" else at(g, L)
            g.move(what(g, L), dest(g, L), where)
        self.effect(s.span, do)

    def s_Place(self, s):
        what, grid, at = self.ec.expr(s.what), self.ec.expr(s.grid), self.ec.expr(s.at)
        self.effect(s.span, lambda g, L: g.move(what(g, L), grid(g, L), at(g, L)))

    def s_Deal(self, s):
        count, src, dest = self.ec.expr(s.count), self.ec.expr(s.src), self.ec.expr(s.dest)

        def do(g, L):
            source, n = src(g, L), count(g, L)
            g.move(source.cards[::-1][:n], dest(g, L), None)
        self.effect(s.span, do)

    def s_Shuffle(self, s):
        zone = self.ec.expr(s.zone)
        self.effect(s.span, lambda g, L: g.shuffle(zone(g, L)))

    def s_Create(self, s):
        fields = [(name, self.ec.expr(value)) for name, value, _ in s.fields]
        count, dest, kind = self.ec.maybe(s.count), self.ec.expr(s.dest), s.kind

        def do(g, L):
            values = {name: f(g, L) for name, f in fields}
            for _ in range(count(g, L) if count else 1):
                g.create(kind, dict(values), dest(g, L))
        self.effect(s.span, do)

    def s_CreateFrom(self, s):
        table, dest, kind = self.ec.expr(s.table), self.ec.expr(s.dest), s.kind

        def do(g, L):
            zone = dest(g, L)
            for row in table(g, L):
                values = {k: v for k, v in row.items() if k != "copies"}
                for _ in range(row.get("copies", 1)):
                    g.create(kind, dict(values), zone)
        self.effect(s.span, do)

    def s_Reveal(self, s):
        what, to = self.ec.expr(s.what), self.ec.maybe(s.to)
        self.effect(s.span, lambda g, L: g.reveal(what(g, L), to(g, L) if to else None))

    def s_Choose(self, s):
        ec = self.ec
        options = ec.iterator(s.options)
        by = ec.maybe(s.by)
        pass_if = ec.maybe(s.pass_if)
        prompt = ec.message(s.prompt) if s.prompt is not None else None
        slot, can_pass, name = s.slot, s.can_pass, s.name
        pass_word = s.pass_word[0] if s.pass_word is not None else "pass"
        element = s.options.ty.arg if s.options.ty and s.options.ty.name == "list" else None

        def maker(i):
            nxt = i + 1

            def op(g, L):
                seat = by(g, L) if by is not None else g.current
                passing = can_pass and (pass_if is None or bool(pass_if(g, L))) and pass_word
                words = prompt(g, L) if prompt is not None else [name]
                g.ask(seat, list(options(g, L)), passing, words, slot, element)
                g.frames[-1].pc = nxt
                return PAUSE
            return op
        self.emit(s.span, maker)

    def s_If(self, s):
        end = Label()
        for cond, body in s.branches:
            skip = Label()
            self.branch_unless(cond.span, self.ec.expr(cond), skip)
            self.stmts(body)
            self.jump(s.span, end)
            self.mark(skip)
        if s.other:
            self.stmts(s.other)
        self.mark(end)

    def loop_body(self, body, top, end):
        self.loops.append((top, end))
        self.stmts(body)
        self.loops.pop()

    def s_Loop(self, s):
        top, end = Label(), Label()
        self.mark(top)
        self.loop_body(s.body, top, end)
        self.jump(s.span, top, counted=True)
        self.mark(end)

    def s_While(self, s):
        top, end = Label(), Label()
        self.mark(top)
        self.branch_unless(s.cond.span, self.ec.expr(s.cond), end)
        self.loop_body(s.body, top, end)
        self.jump(s.span, top, counted=True)
        self.mark(end)

    def s_Repeat(self, s):
        count, slot, limit = self.ec.expr(s.count), s.slot, self.new_slot()
        top, end = Label(), Label()

        def init(i):
            nxt = i + 1

            def op(g, L):
                L[limit] = count(g, L)
                L[slot] = 0
                return nxt
            return op
        self.emit(s.span, init)
        self.mark(top)

        def step(i, t):
            nxt = i + 1

            def op(g, L):
                L[slot] += 1
                return nxt if L[slot] <= L[limit] else t
            return op
        self.emit(s.span, step, end)
        self.loop_body(s.body, top, end)
        self.jump(s.span, top, counted=True)
        self.mark(end)

    def s_For(self, s):
        items, slots = self.ec.iterator(s.iter), s.slots
        seq, pos = self.new_slot(), self.new_slot()
        top, end = Label(), Label()

        def init(i):
            nxt = i + 1

            def op(g, L):
                L[seq] = list(items(g, L))  # a snapshot: the body may move these cards
                L[pos] = -1
                return nxt
            return op
        self.emit(s.span, init)
        self.mark(top)

        def step(i, t):
            nxt = i + 1
            single = slots[0] if len(slots) == 1 else None

            def op(g, L):
                L[pos] += 1
                if L[pos] >= len(L[seq]):
                    return t
                value = L[seq][L[pos]]
                if single is not None:
                    L[single] = value
                else:
                    for sl, v in zip(slots, value):
                        L[sl] = v
                return nxt
            return op
        self.emit(s.span, step, end)
        self.loop_body(s.body, top, end)
        self.jump(s.span, top, counted=True)
        self.mark(end)

    def s_Break(self, s):
        self.jump(s.span, self.loops[-1][1])

    def s_Continue(self, s):
        self.jump(s.span, self.loops[-1][0], counted=True)

    def s_Return(self, s):
        self.jump(s.span, self.returns)

    def s_Log(self, s):
        message = self.ec.message(s.message)

        def maker(i):
            nxt = i + 1

            def op(g, L):
                g.log_message(message(g, L))
                return nxt
            return op
        self.emit(s.span, maker)

    def s_Finish(self, s):
        how = s.how
        value = self.ec.maybe(s.value)
        is_text = s.value is not None and s.value.ty is not None and s.value.ty.name == "text"
        reason = self.ec.renderer(s.value) if is_text else None

        def maker(i):
            def op(g, L):
                if reason is not None:
                    g.finish(how, None, reason(g, L))
                else:
                    g.finish(how, value(g, L) if value else None, None)
                return DONE
            return op
        self.emit(s.span, maker)
