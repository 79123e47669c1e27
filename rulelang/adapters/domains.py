"""Which numbers and texts a ``choose`` (or a ``random`` pick) can ever offer, read from the rules.

A learner needs every move a game can offer numbered in advance. Most option types
are finite by their type alone (an enum, a seat, a card); whole numbers and texts are
not, so their possible values are worked out from the expression the options come
from: ranges give intervals (``1..min(3, left)`` is at most 1 to 3), lists and
comprehensions the union of their items, a local the union of everything ever
assigned to it, a rule's parameter the union over its call sites, a function's
result its body with the arguments bound, options and constants their values in
this game, a variable (or one kept per key) every value it is given anywhere when it
is only ever lowered from there by ``-=`` (``1..stones[pile]`` is at most the largest
pile's size). Anything else is "unknown" (``TOP``), and the caller says so clearly.

The analysis over-approximates: a value it lists may never be offered (a harmless
unused action id), but a value it leaves out would be a move without an id, so
every step joins rather than guesses.
"""
from __future__ import annotations

import itertools

import attrs

from rulelang.language import ast, refs
from rulelang.language.traversal import walk

TOP = None  # unknown: could be anything
MAX_VALUES = 20_000  # a domain larger than this is treated as unknown


@attrs.frozen
class ZoneCards:
    """In the domain of a card-valued expression: "any card that lies in this zone"."""
    zone: str


@attrs.frozen
class Ints:
    """Whole numbers from lo to hi (None: unbounded on that side)."""
    lo: int | None
    hi: int | None

    def values(self):
        if self.lo is None or self.hi is None or self.hi - self.lo > MAX_VALUES:
            return TOP
        return frozenset(range(self.lo, self.hi + 1))


def join(a, b):
    if a is TOP or b is TOP:
        return TOP
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        joined = a | b
        return joined if len(joined) <= MAX_VALUES else TOP
    ia, ib = interval(a), interval(b)
    if ia is None or ib is None:  # numbers and other values (enum members...) together
        a, b = (x.values() if isinstance(x, Ints) else x for x in (a, b))
        return TOP if a is TOP or b is TOP else join(a, b)
    return Ints(_lo(ia.lo, ib.lo), _hi(ia.hi, ib.hi))


def interval(d) -> Ints | None:
    """A domain of whole numbers as an interval (None if it holds anything else)."""
    if isinstance(d, Ints):
        return d
    if isinstance(d, frozenset) and all(type(v) is int for v in d):
        return Ints(min(d), max(d)) if d else Ints(0, -1)
    return None


def _lo(a, b):
    return None if a is None or b is None else min(a, b)


def _hi(a, b):
    return None if a is None or b is None else max(a, b)


def notations(d) -> frozenset | None:
    """A domain as the texts its moves are named by (None if unknown or too large)."""
    if isinstance(d, Ints):
        d = d.values()
    if d is TOP or any(isinstance(v, ZoneCards) for v in d):
        return TOP
    return frozenset(str(v) for v in d)


class Analysis:
    """The possible values of expressions of one checked program, for one game's
    players and options.

    ``known`` maps an option or constant name to its value in this game; ``typed``
    gives the finite domain of a type (``typed(ty) -> frozenset | None``: seats,
    enum members, card labels...) for values the analysis does not follow; ``families``
    maps a zone family to its zones' names. Cards are followed to the zones they come
    from (``ZoneCards``), so a chooser's unseen options can be named by position."""

    def __init__(self, program, known: dict, typed, player_count: int, families: dict):
        self.program, self.known, self.typed, self.player_count = program, known, typed, player_count
        self.families = families
        self.units = _units(program)
        self.assigns = {key: _assignments(body) for key, (_, body) in self.units.items()}
        for name, decl in program.rules.items():  # a rule's parameters take the first slots
            for i, _ in enumerate(decl.params):
                self.assigns[("rule", name)].setdefault(i, []).append(("param", i))
        self.callers = _rule_callers(self.units)
        self.busy: set = set()
        self._var_assigns: dict | None = None

    # ------------------------------------------------------------ entry points
    def sites(self):
        """Every ``choose`` and labelled ``random`` call: (unit key, node)."""
        for key, (_, body) in self.units.items():
            for node in walk(body):
                if isinstance(node, ast.Choose) or (
                        isinstance(node, ast.Call) and node.ref == refs.Builtin("random")):
                    yield key, node

    def domain(self, unit, expr, bound=None):
        """What ``expr`` can be (for a list: what its items can be)."""
        return self._dom(expr, _Ctx(unit, dict(bound or {})))

    # ------------------------------------------------------------ expressions
    def _dom(self, e, ctx):
        ty = getattr(e, "ty", None)
        single = (_element(ty) if _is_list(ty) else ty) if ty is not None else None
        if single is not None and single.name != "card":
            finite = self.typed(single)
            if finite is not TOP:
                return finite
        method = getattr(self, "_" + type(e).__name__, None)
        found = TOP if method is None else method(e, ctx)
        if found is TOP and single is not None and single.name == "int":
            return Ints(None, None)  # some whole number: still bounded by a min() or a range
        return found

    def _Lit(self, e, ctx):
        v = e.value
        if v is None:
            return frozenset()
        if isinstance(v, bool):
            return frozenset({"yes" if v else "no"})
        return frozenset({v})

    def _Text(self, e, ctx):
        parts = []
        for part in e.parts:
            d = frozenset({part}) if isinstance(part, str) else notations(self._dom(part, ctx))
            if d is TOP:
                return TOP
            parts.append(sorted(d))
        if _product_size(parts) > MAX_VALUES:
            return TOP
        return frozenset("".join(p) for p in itertools.product(*parts))

    def _Name(self, e, ctx):
        match e.ref:
            case refs.Local(slot):
                return self._local(ctx, slot)
            case refs.Var(name):
                return self._var(name)
            case refs.Option(name) | refs.Const(name) if name in self.known:
                return _value_domain(self.known[name])
            case refs.Builtin("player_count"):
                return frozenset({self.player_count})
            case refs.Zone(name):
                return frozenset({ZoneCards(name)})
            case refs.ZoneFamily(name):
                return frozenset(ZoneCards(z) for z in self.families.get(name, ()))
        return TOP

    def _Index(self, e, ctx):
        ref = getattr(e.obj, "ref", None)
        if isinstance(ref, refs.ZoneFamily):  # one zone of a family, whichever key
            return frozenset(ZoneCards(z) for z in self.families.get(ref.name, ()))
        if isinstance(ref, refs.VarFamily):  # one value of a variable kept per key
            return self._var(ref.name)
        if _is_list(getattr(e.obj, "ty", None)) and getattr(e.obj.ty, "name", None) == "list":
            return self._dom(e.obj, ctx)  # one item of a list: what its items can be
        return TOP

    def _Range(self, e, ctx):
        lo, hi = interval(self._dom(e.lo, ctx)), interval(self._dom(e.hi, ctx))
        return Ints(lo.lo if lo else None, hi.hi if hi else None)

    def _ListLit(self, e, ctx):
        out = frozenset()
        for item in e.items:
            out = join(out, self._dom(item, ctx))
        return out

    def _TupleLit(self, e, ctx):
        # a tuple is named by its parts' notations, spaced (as actions.typed names them)
        parts = [notations(self._dom(item, ctx)) for item in e.items]
        if any(p is TOP for p in parts):
            return TOP
        ordered = [sorted(p) for p in parts]
        if _product_size(ordered) > MAX_VALUES:
            return TOP
        return frozenset(" ".join(p) for p in itertools.product(*ordered))

    def _Comprehension(self, e, ctx):
        inner = _Ctx(ctx.unit, dict(ctx.bound))
        for comp in e.fors:
            items = self._dom(comp.iter, inner)
            if len(comp.slots) != 1:  # unpacking pairs: their parts are not followed
                items = TOP
            for slot in comp.slots:
                inner.bound[slot] = items
        return self._dom(e.elt, inner)

    def _IfExpr(self, e, ctx):
        return join(self._dom(e.then, ctx), self._dom(e.other, ctx))

    def _Neg(self, e, ctx):
        d = interval(self._dom(e.operand, ctx))
        if d is None:
            return TOP
        return Ints(None if d.hi is None else -d.hi, None if d.lo is None else -d.lo)

    def _BinOp(self, e, ctx):
        if _is_list(e.ty):
            if e.op == "+":
                return join(self._dom(e.left, ctx), self._dom(e.right, ctx))
            if e.op == "-":
                return self._dom(e.left, ctx)
            return TOP
        a, b = interval(self._dom(e.left, ctx)), interval(self._dom(e.right, ctx))
        if a is None or b is None:
            return TOP
        if e.op == "+":
            return Ints(_add(a.lo, b.lo), _add(a.hi, b.hi))
        if e.op == "-":
            return Ints(_sub(a.lo, b.hi), _sub(a.hi, b.lo))
        return TOP

    def _Call(self, e, ctx):
        ref = e.ref
        if isinstance(ref, refs.Fn):
            return self._fn(ref.name, [self._dom(a, ctx) for a in e.args])
        if isinstance(ref, refs.Rule):  # a rule's value (let x = r(...)): what it gives back
            return self._returned(ref.name)
        if not isinstance(ref, refs.Builtin):
            return TOP
        name, args = ref.name, e.args
        if name in ("min", "max") and args:
            if len(args) == 1:  # min(list): one of its items
                return self._dom(args[0], ctx)
            ds = [interval(self._dom(a, ctx)) for a in args]
            if any(d is None for d in ds):
                return TOP
            los, his = [d.lo for d in ds], [d.hi for d in ds]
            if name == "min":  # at most the smallest upper bound
                return Ints(None if None in los else min(los), _known(min, his))
            return Ints(_known(max, los), None if None in his else max(his))
        if name in PASS_THROUGH and args:
            return self._dom(args[0], ctx)
        if name == "text" and args:
            ty = getattr(args[0], "ty", None)
            if ty is not None and ty.name == "card":  # a card's text is its name
                return self.typed(ty)
            return notations(self._dom(args[0], ctx))
        return TOP

    # ------------------------------------------------------------ names
    def _local(self, ctx, slot):
        if slot in ctx.bound:
            return ctx.bound[slot]
        key = (ctx.unit, slot)
        if key in self.busy:  # a value built from itself (x = x + 1): anything
            return TOP
        self.busy.add(key)
        try:
            out = frozenset()
            unit_ctx = _Ctx(ctx.unit, {})
            for how, expr in self.assigns[ctx.unit].get(slot, []):
                if how == "param":
                    out = join(out, self._param(ctx.unit, expr))
                elif how == "+=" and not _is_list(expr.ty):
                    return TOP  # a running total
                elif how == "repeat":
                    count = interval(self._dom(expr, unit_ctx))
                    out = join(out, Ints(1, count.hi if count else None))
                elif how == "choose":
                    out = join(out, self._dom(expr, unit_ctx))
                elif how == "each":
                    return TOP
                else:
                    out = join(out, self._dom(expr, unit_ctx))
                if out is TOP:
                    return TOP
            return out
        finally:
            self.busy.discard(key)

    def _returned(self, name):
        """What a rule declared ``-> TYPE`` can give back: every ``return VALUE`` joined."""
        unit = ("rule", name)
        if unit in self.busy or unit not in self.units:  # (a rule whose value is its own)
            return TOP
        self.busy.add(unit)
        try:
            out = frozenset()
            for node in walk(self.units[unit][1]):
                if isinstance(node, ast.Return) and node.value is not None:
                    out = join(out, self._dom(node.value, _Ctx(unit, {})))
                    if out is TOP:
                        return TOP
            return out
        finally:
            self.busy.discard(unit)

    def _var(self, name):
        """What a variable (or any value of one kept per key) can hold: its first value
        joined with every value assigned to it, anywhere. ``-=`` a number never below 0
        (or ``+=`` one never above 0) lowers it without bound but never raises it; ``+=``
        a number never below 0 (or ``-=`` one never above 0) the other way round."""
        key = ("var", name)
        info = self.program.vars.get(name)
        if key in self.busy or info is None or info.campaign:  # (set between games too)
            return TOP
        self.busy.add(key)
        try:
            out = frozenset({0}) if info.init is None and info.type.name == "int" \
                else TOP if info.init is None else self._dom(info.init, _Ctx(("var", name), {}))
            lower = raise_ = False
            for unit, how, expr in self._var_assignments().get(name, []):
                if out is TOP:
                    return TOP
                if how == "=":
                    out = join(out, self._dom(expr, _Ctx(unit, {})))
                    continue
                step = interval(self._dom(expr, _Ctx(unit, {})))
                never_negative = step is not None and step.lo is not None and step.lo >= 0
                never_positive = step is not None and step.hi is not None and step.hi <= 0
                if (how == "-=" and never_negative) or (how == "+=" and never_positive):
                    lower = True
                elif (how == "+=" and never_negative) or (how == "-=" and never_positive):
                    raise_ = True
                else:
                    return TOP
            bounds = interval(out)
            if (lower or raise_) and bounds is None:
                return TOP
            if lower or raise_:
                assert bounds is not None
                return Ints(None if lower else bounds.lo, None if raise_ else bounds.hi)
            return out
        finally:
            self.busy.discard(key)

    def _var_assignments(self) -> dict:
        """variable name -> [(unit, how, expr)]: every assignment to a variable (or to one
        of its keys), in every unit."""
        if self._var_assigns is None:
            self._var_assigns = {}
            for unit, (_, body) in self.units.items():
                for node in walk(body):
                    if not isinstance(node, ast.Assign):
                        continue
                    target = node.target.obj if isinstance(node.target, ast.Index) \
                        else node.target
                    ref = getattr(target, "ref", None)
                    if isinstance(ref, (refs.Var, refs.VarFamily)):
                        self._var_assigns.setdefault(ref.name, []).append(
                            (unit, node.op, node.value))
        return self._var_assigns

    def _param(self, unit, index):
        kind, name = unit
        if kind != "rule":
            return TOP
        out = frozenset()
        for caller, call in self.callers.get(name, []):
            if index >= len(call.args):
                return TOP
            out = join(out, self._dom(call.args[index], _Ctx(caller, {})))
            if out is TOP:
                return TOP
        return out

    def _fn(self, name, args):
        decl = self.program.fns[name]
        key = ("fn", name)
        if key in self.busy or len(args) != len(decl.params):
            return TOP
        self.busy.add(key)
        try:
            ctx = _Ctx(key, dict(enumerate(args)))
            for let in decl.lets:
                ctx.bound[let.slot] = self._dom(let.value, ctx)
            return self._dom(decl.body, ctx)
        finally:
            self.busy.discard(key)


# Built-ins whose result is (some of) the items of their first argument.
PASS_THROUGH = frozenset({"first", "last", "sort", "reverse", "unique", "distinct", "cards", "top",
                          "bottom", "argmax", "argmin", "random", "at", "disclose"})


@attrs.define
class _Ctx:
    unit: tuple
    bound: dict  # slot -> domain, for parameters and comprehension variables


def _units(program) -> dict:
    """(kind, name) -> (decl, statements) for every block, rule, trigger and function."""
    units = {("block", name): (decl, decl.body) for name, decl in program.blocks.items()}
    units.update({("rule", name): (decl, decl.body) for name, decl in program.rules.items()})
    units.update({("trigger", str(i)): (decl, decl.body) for i, decl in enumerate(program.triggers)})
    units.update({("fn", name): (decl, [decl.lets, decl.body]) for name, decl in program.fns.items()})
    return units


def _assignments(body) -> dict:
    """slot -> [(how, expr)]: every way a local of one unit gets a value."""
    out: dict = {}

    def add(slot, how, expr):
        if slot is not None:
            out.setdefault(slot, []).append((how, expr))
    for node in walk(body):
        if isinstance(node, ast.Let):
            add(node.slot, "=", node.value)
        elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Name) \
                and isinstance(node.target.ref, refs.Local):
            add(node.target.ref.slot, node.op, node.value)
        elif isinstance(node, (ast.For, ast.CompFor)):
            for slot in node.slots:
                add(slot, "=" if len(node.slots) == 1 else "unpack", node.iter)
        elif isinstance(node, ast.Choose) and node.each is not None:
            add(node.slot, "each", node.options)  # (seat, choice) pairs: not followed
            add(node.each_slot, "=", node.each[1])  # each seat choosing, as a loop's name
        elif isinstance(node, ast.Choose):
            add(node.slot, "choose", node.options)
        elif isinstance(node, ast.Repeat):
            add(node.slot, "repeat", node.count)
        elif isinstance(node, ast.Lambda):
            add(node.slot, "lambda", node)
    return out


def _rule_callers(units) -> dict:
    out: dict = {}
    for key, (_, body) in units.items():
        for node in walk(body):
            if isinstance(node, ast.Call) and isinstance(node.ref, refs.Rule):
                out.setdefault(node.ref.name, []).append((key, node))
    return out


def _is_list(ty) -> bool:
    return ty is not None and ty.name in ("list", "zone", "family")


def _element(ty):
    from rulelang.language import types as T
    return T.element(ty)


def _value_domain(value):
    if isinstance(value, bool):
        return frozenset({"yes" if value else "no"})
    if isinstance(value, (int, str)):
        return frozenset({value})
    if isinstance(value, (list, tuple)):
        out = frozenset()
        for item in value:
            out = join(out, _value_domain(item))
        return out
    name = getattr(value, "name", None)  # an enum member
    return frozenset({name}) if isinstance(name, str) else TOP


def _product_size(parts) -> int:
    size = 1
    for p in parts:
        size *= max(len(p), 1)
    return size


def _add(a, b):
    return None if a is None or b is None else a + b


def _sub(a, b):
    return None if a is None or b is None else a - b


def _known(pick, bounds):
    """min or max of the bounds that exist (an unbounded side adds nothing to it)."""
    known = [v for v in bounds if v is not None]
    return pick(known) if known else None
