"""Expressions to Python closures.

Every expression becomes a function ``f(g, L)`` of the game ``g`` and the
frame's local slots ``L``. Names were resolved by the checker, so a local is a
list index and a field a dict key: nothing is looked up by scope at run time.
"""
from __future__ import annotations

from interpreter.builtins import IMPLEMENTATIONS, Family, as_list
from interpreter.values import MAX_ITEMS, MAX_NUMBER, MAX_WORK, Card, Cell, EnumValue, Fail, Zone, bounded
from interpreter.values import cell_name
from rulelang import ast


class FnCode:
    """A user function, filled in once every function is compiled (they may recurse)."""
    __slots__ = ("name", "nslots", "lets", "body")


class ExprCompiler:
    def __init__(self, program, enum_values: dict):
        self.program = program
        self.enum_values = enum_values  # enum name -> [EnumValue]
        self.fns: dict[str, FnCode] = {}

    def expr(self, e):
        return getattr(self, "c_" + type(e).__name__)(e)

    def maybe(self, e):
        return self.expr(e) if e is not None else None

    # ---------------------------------------------------------------- leaves
    def c_Lit(self, e):
        v = e.value
        return lambda g, L: v

    def c_Text(self, e):
        parts = [(p, None) if isinstance(p, str) else (None, self.renderer(p)) for p in e.parts]

        def text(g, L):
            return "".join(s if s is not None else r(g, L) for s, r in parts)
        return text

    def renderer(self, e):
        """A closure rendering an expression as plain text (everyone's view)."""
        f, seats = self.expr(e), _seats(e.ty)
        if seats == "one":
            return lambda g, L: g.seat_name(f(g, L))
        if seats == "list":
            return lambda g, L: "[" + ", ".join(map(g.seat_name, f(g, L))) + "]"
        return lambda g, L: g.text_of(f(g, L))

    def message(self, e):
        """Like text, but cards stay cards, so each reader sees only what they may."""
        if isinstance(e, ast.Lit) and isinstance(e.value, str):
            constant = [e.value]  # most prompts: nothing to work out at each decision
            return lambda g, L: constant
        if not isinstance(e, ast.Text):
            return self.message_part(e)
        compiled = [(p, None) if isinstance(p, str) else (None, self.message_part(p))
                    for p in e.parts]

        def message(g, L):
            out = []
            for s, f in compiled:
                if s is not None:
                    out.append(s)
                else:
                    out.extend(f(g, L))
            return out
        return message

    def message_part(self, e):
        """One interpolated value as message parts; seats are named (P1), not numbered."""
        f, seats = self.expr(e), _seats(e.ty)
        if seats == "one":
            return lambda g, L: [g.seat_name(f(g, L))]
        if seats == "list":
            return lambda g, L: [", ".join(map(g.seat_name, f(g, L)))]
        return lambda g, L: _parts(g, f(g, L))

    def c_Name(self, e):
        kind, *rest = e.ref
        name = rest[0]
        if kind == "local":
            return lambda g, L: L[name]
        if kind == "var":
            return lambda g, L: g.vars[name]
        if kind in ("zone", "family"):
            return lambda g, L: g.zones[name]
        if kind in ("const", "option"):
            return lambda g, L: g.consts[name]
        if kind == "member":
            value = self.member(name, rest[1])
            return lambda g, L: value
        if kind == "enum":
            values = self.enum_values[name]
            return lambda g, L: list(values)
        if kind == "table":
            return lambda g, L: g.tables[name]
        if kind == "dummy":
            return lambda g, L: g.dummies.get(name)
        if kind == "builtin":
            if name == "current":
                return lambda g, L: g.current
            if name == "player_count":
                return lambda g, L: g.nplayers
            if name == "players":
                return lambda g, L: list(g.players)
            return lambda g, L: list(g.seats)
        raise AssertionError(f"unresolved name {e.id}: {e.ref}")

    def member(self, enum, name) -> EnumValue:
        return next(v for v in self.enum_values[enum] if v.name == name)

    # -------------------------------------------------------------- compound
    def c_Attr(self, e):
        kind, *rest = e.ref
        if kind == "member":
            value = self.member(rest[0], rest[1])
            return lambda g, L: value
        obj, name = self.expr(e.obj), e.name
        if kind == "field":
            def field(g, L):
                card = obj(g, L)
                if card is None:
                    raise Fail(f"cannot read .{name}: the value is none")
                return card.f[name]
            return field
        if kind == "column":
            return lambda g, L: obj(g, L)[name]
        if kind == "cellpart":
            i = rest[0]
            return lambda g, L: obj(g, L)[i]
        return lambda g, L: _dynamic_attr(obj(g, L), name)

    def c_Index(self, e):
        kind = e.ref[0]
        keys = [self.expr(a) for a in e.args]
        if kind in ("family", "varfam"):
            name = e.ref[1]
            table = "zones" if kind == "family" else "vars"
            if len(keys) == 1:
                k0 = keys[0]

                def one(g, L):
                    key = k0(g, L)
                    try:
                        return getattr(g, table)[name][key]
                    except KeyError:
                        raise Fail(f"'{name}' has nothing for {g.text_of(key)}") from None
                return one

            def many(g, L):
                key = tuple(k(g, L) for k in keys)
                try:
                    return getattr(g, table)[name][key]
                except KeyError:
                    raise Fail(f"'{name}' has nothing for {g.text_of(key)}") from None
            return many
        obj, index = self.expr(e.obj), keys[0]

        def item(g, L):
            seq, i = obj(g, L), index(g, L)
            try:
                return as_list(seq)[i] if not isinstance(seq, tuple) else seq[i]
            except IndexError:
                raise Fail(f"index {i} is past the end (size {len(as_list(seq))})") from None
        return item

    def c_Call(self, e):
        kind, name = e.ref
        args = [self.lambda_(a) if isinstance(a, ast.Lambda) else self.expr(a) for a in e.args]
        if kind == "local_fn":
            a0 = args[0]
            return lambda g, L: L[name](a0(g, L))
        if kind == "fn":
            return self.call_fn(name, args)
        if name == "text" and len(args) == 1:
            return self.renderer(e.args[0])  # typed: a seat prints as P1, a cell as E5
        if name == "join" and _seats(e.args[0].ty) == "list":
            items, sep = args[0], args[1] if len(args) > 1 else (lambda g, L: ", ")
            return lambda g, L: sep(g, L).join(map(g.seat_name, items(g, L)))
        impl = IMPLEMENTATIONS[name]
        if len(args) == 1:
            a0 = args[0]
            return lambda g, L: impl(g, a0(g, L))
        if len(args) == 2:
            a0, a1 = args
            return lambda g, L: impl(g, a0(g, L), a1(g, L))
        return lambda g, L: impl(g, *[a(g, L) for a in args])

    def lambda_(self, e):
        body, slot = self.expr(e.body), e.slot

        def make(g, L):
            def fn(value):
                L[slot] = value
                return body(g, L)
            return fn
        return make

    def call_fn(self, name, args):
        code = self.fns.setdefault(name, FnCode())
        a0 = args[0] if args else None

        def call(g, L):
            frame = [None] * code.nslots
            if a0 is not None:
                frame[0] = a0(g, L)
                for i in range(1, len(args)):
                    frame[i] = args[i](g, L)
            g.depth += 1
            if g.depth > 200:
                g.depth = 0
                raise Fail(f"function '{name}' calls itself without end")
            for slot, value in code.lets:
                frame[slot] = value(g, frame)
            result = code.body(g, frame)
            g.depth -= 1  # not on errors: an error ends the run, and the next run resets it
            return result
        return call

    def compile_fn(self, decl):
        code = self.fns.setdefault(decl.name, FnCode())
        code.name, code.nslots = decl.name, max(decl.nslots, 1)
        code.lets = [(let.slot, self.expr(let.value)) for let in decl.lets]
        code.body = self.expr(decl.body)

    def c_Comprehension(self, e):
        elt = self.expr(e.elt)
        clauses = [(self.iterator(c.iter), c.slots, self.maybe(c.cond)) for c in e.fors]

        def run(g, L, depth, out):
            it, slots, cond = clauses[depth]
            last = depth == len(clauses) - 1
            items = it(g, L)
            _count_work(g, len(items))
            for value in items:
                if len(slots) == 1:
                    L[slots[0]] = value
                else:
                    for s, v in zip(slots, value):
                        L[s] = v
                if cond is not None and not cond(g, L):
                    continue
                if last:
                    out.append(elt(g, L))
                else:
                    run(g, L, depth + 1, out)

        if len(clauses) == 1:
            it, slots, cond = clauses[0]
            if len(slots) == 1:
                slot = slots[0]

                def simple(g, L):
                    out = []
                    items = it(g, L)
                    _count_work(g, len(items))
                    for value in items:
                        L[slot] = value
                        if cond is None or cond(g, L):
                            out.append(elt(g, L))
                    return out
                return simple

        def comprehension(g, L):
            out = []
            run(g, L, 0, out)
            return out
        return comprehension

    def iterator(self, e):
        f = self.expr(e)
        t = e.ty.name if e.ty is not None else "any"
        if t == "zone":
            return lambda g, L: f(g, L).cards
        if t == "list":
            return f
        return lambda g, L: as_list(f(g, L))

    def c_ListLit(self, e):
        items = [self.expr(i) for i in e.items]
        return lambda g, L: [i(g, L) for i in items]

    def c_TupleLit(self, e):
        items = [self.expr(i) for i in e.items]
        return lambda g, L: tuple(i(g, L) for i in items)

    def c_BinOp(self, e):
        a, b, op = self.expr(e.left), self.expr(e.right), e.op
        lt, rt = e.left.ty.name, e.right.ty.name
        if op == "+" and "text" in (lt, rt):
            ra, rb = self.renderer(e.left), self.renderer(e.right)
            return lambda g, L: bounded(ra(g, L) + rb(g, L))
        if lt == "list" or rt == "list":
            if op == "+":
                return lambda g, L: bounded(as_list(a(g, L)) + as_list(b(g, L)))
            if op == "-":
                def minus(g, L):
                    gone = as_list(b(g, L))
                    return [x for x in as_list(a(g, L)) if x not in gone]
                return minus
        if op == "+":
            return lambda g, L: bounded(a(g, L) + b(g, L))
        if op == "-":
            return lambda g, L: a(g, L) - b(g, L)
        if op == "*":
            def times(g, L):
                x, y = a(g, L), b(g, L)
                if type(x) is not int or type(y) is not int:
                    raise Fail(f"'*' needs two numbers, not {g.text_of(x)} and {g.text_of(y)}")
                if abs(x * y) > MAX_NUMBER:
                    raise Fail(f"{x} * {y} is too large (at most {MAX_NUMBER:,})")
                return x * y
            return times

        def divide(g, L):
            x, y = a(g, L), b(g, L)
            if y == 0:
                raise Fail("division by zero")
            return x // y if op == "/" else x % y
        return divide

    def c_Compare(self, e):
        a, b = self.expr(e.left), self.expr(e.right)
        op = e.op
        if op == "==":
            return lambda g, L: a(g, L) == b(g, L)
        if op == "!=":
            return lambda g, L: a(g, L) != b(g, L)

        def order(g, L):
            x, y = a(g, L), b(g, L)
            if x is None or y is None:
                raise Fail(f"cannot compare none with '{op}'")
            return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[op]
        return order

    def c_In(self, e):
        item, negated = self.expr(e.item), e.negated
        coll = self.expr(e.coll)
        t = e.coll.ty.name if e.coll.ty else "any"
        if t == "zone":
            def inzone(g, L):
                card = item(g, L)
                return (isinstance(card, Card) and card.zone is coll(g, L)) != negated
            return inzone
        if t == "family":
            def infamily(g, L):
                card, fam = item(g, L), coll(g, L)
                return (isinstance(card, Card) and card.zone is not None
                        and card.zone.family == fam.name) != negated
            return infamily

        def inlist(g, L):
            c = coll(g, L)
            if isinstance(c, Zone):
                return (item(g, L) in c.cards) != negated
            if isinstance(c, Family):
                x = item(g, L)
                return (isinstance(x, Card) and x.zone is not None
                        and x.zone.family == c.name) != negated
            return (item(g, L) in (c if c is not None else ())) != negated
        return inlist

    def c_Is(self, e):
        obj, kind = self.expr(e.obj), e.kind
        return lambda g, L: isinstance(v := obj(g, L), Card) and v.kind == kind

    def c_BoolOp(self, e):
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op == "and":
            return lambda g, L: bool(a(g, L)) and bool(b(g, L))
        return lambda g, L: bool(a(g, L)) or bool(b(g, L))

    def c_Not(self, e):
        a = self.expr(e.operand)
        return lambda g, L: not a(g, L)

    def c_Neg(self, e):
        a = self.expr(e.operand)
        return lambda g, L: -a(g, L)

    def c_Range(self, e):
        lo, hi = self.expr(e.lo), self.expr(e.hi)

        def numbers(g, L):
            a, b = lo(g, L), hi(g, L)
            if b - a >= MAX_ITEMS:
                raise Fail(f"the range {a}..{b} is too long (at most {MAX_ITEMS:,} numbers)")
            return list(range(a, b + 1))
        return numbers

    def c_IfExpr(self, e):
        c, a, b = self.expr(e.cond), self.expr(e.then), self.expr(e.other)
        return lambda g, L: a(g, L) if c(g, L) else b(g, L)

    def c_Lambda(self, e):
        raise AssertionError("lambdas are compiled as arguments")


def _seats(ty):
    """'one' for a seat, 'list' for a list of seats (both print as P1...), else None."""
    if ty is None:
        return None
    if ty.name == "seat":
        return "one"
    if ty.name == "list" and ty.arg is not None and ty.arg.name == "seat":
        return "list"
    return None


def _count_work(g, n):
    """Comprehensions count the items they go through; past a budget between two
    decisions, the ruleset is taken to be running away (a loop could not be seen)."""
    g.work += n
    if g.work > MAX_WORK:
        g.work = 0
        raise Fail(f"over {MAX_WORK:,} items gone through in lists since the last decision: "
                   "this seems never to end")


def _dynamic_attr(value, name):
    if isinstance(value, Card):
        if name in value.f:
            return value.f[name]
    elif isinstance(value, dict) and name in value:
        return value[name]
    elif isinstance(value, tuple) and name in ("x", "y"):
        return value[0 if name == "x" else 1]
    raise Fail(f"{value!r} has no field '.{name}'")


def _parts(g, value) -> list:
    """A value as message parts: cards stay cards (rendered per reader later)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, list):
        out = []
        for i, v in enumerate(value):
            if i:
                out.append(", ")
            out.extend(_parts(g, v))
        return out
    if type(value) is Cell:
        return [cell_name(value)]
    return [g.text_of(value)]
