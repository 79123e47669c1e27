"""Expressions to Python source.

Each expression becomes one Python expression over ``g`` (the game) and the unit's
local variables: ``s3`` in code that cannot pause, ``L[3]`` (the frame's slots, saved
with the game) in code that can. Names were resolved by the checker, so nothing is
looked up by scope at run time. Values that are not literals (enum members, tables
of builtins) are module-level names the compiler binds (``k4``, ``b_size``).
"""
from __future__ import annotations

import re

from interpreter.builtins import IMPLEMENTATIONS
from interpreter.compiler.source import literal
from rulelang import ast

_SIMPLE = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*|L\[\d+\]|-?\d+|'[^'\\]*')$")
GUARANTEED_BOOL = (ast.Compare, ast.Not, ast.BoolOp, ast.In, ast.Is)


def simple(code: str) -> bool:
    """Can this expression be written twice (a name, a slot, a number)?"""
    return _SIMPLE.match(code) is not None


def seats_of(ty):
    """'one' for a seat, 'list' for a list of seats (both print as P1...), else None."""
    if ty is None:
        return None
    if ty.name == "seat":
        return "one"
    if ty.name == "list" and ty.arg is not None and ty.arg.name == "seat":
        return "list"
    return None


class ExprGen:
    def __init__(self, module):
        self.m = module  # the module being written: names, analysis, program
        self.slots: dict[int, str] = {}
        self.frame_slots = False  # slots not in ``slots`` are L[i] (True) or s{i} (False)

    # ------------------------------------------------------------ slots
    def slot(self, i: int) -> str:
        name = self.slots.get(i)
        if name is not None:
            return name
        return f"L[{i}]" if self.frame_slots else f"s{i}"

    def bind(self, i: int) -> str:
        """A fresh Python name for a slot bound inside an expression (lambda, comprehension)."""
        name = f"s{i}"
        self.slots[i] = name
        return name

    # ------------------------------------------------------------ entry points
    def expr(self, e) -> str:
        return getattr(self, "x_" + type(e).__name__)(e)

    def truth(self, e) -> str:
        """An expression used as a condition."""
        return self.expr(e)

    def as_bool(self, e) -> str:
        code = self.expr(e)
        if isinstance(e, GUARANTEED_BOOL) or (isinstance(e, ast.Lit) and isinstance(e.value, bool)):
            return code
        return f"bool({code})"

    def bounded_source(self, e):
        """The players, the seats or an enum's members: a list that never changes and is
        never long (no copy, no count), or None."""
        if isinstance(e, ast.Name) and e.ref:
            if e.ref[0] == "enum":
                return self.m.enum_list(e.ref[1])
            if e.ref == ("builtin", "players"):
                return "g.players"
            if e.ref == ("builtin", "seats"):
                return "g.seats"
            if e.ref == ("builtin", "directions"):
                return "DIRECTIONS"
        return None

    def fresh(self, e) -> bool:
        """Is the value a list made just now (nothing else holds it)?"""
        return isinstance(e, (ast.ListLit, ast.Comprehension, ast.Range))

    def cards_of(self, e) -> str:
        """What iterating over the value gives, as a list (a zone's cards are the live list)."""
        bounded = self.bounded_source(e)
        if bounded is not None:
            return bounded
        code = self.expr(e)
        t = e.ty.name if e.ty is not None else "any"
        if t == "zone":
            return f"{self.m.hoist('zc')}[{code}.i]"
        if t == "list":
            return code
        return f"as_list(g, {code})"

    def renderer(self, e) -> str:
        """The value as text, as rules print it: seats as P1, cells as E5."""
        code, seats = self.expr(e), seats_of(e.ty)
        if seats == "one":
            return f"g.seat_name({code})"
        if seats == "list":
            return f"('[' + ', '.join(map(g.seat_name, {code})) + ']')"
        if e.ty is not None and e.ty.name == "int":
            return f"int_text({code})"
        if e.ty is not None and e.ty.name == "text" and isinstance(e, (ast.Text, ast.Lit)):
            return code
        return f"text_of({code})"

    def message(self, e, log=False) -> str:
        """A tuple of message parts: texts, and cards (rendered per reader later). In a
        log line (``log``) a card is a ``SeenCard``: who knows it is fixed when written."""
        if isinstance(e, ast.Lit) and isinstance(e.value, str):
            return self.m.constant((e.value,), "prompt")
        parts = e.parts if isinstance(e, ast.Text) else [e]
        items = []
        for p in parts:
            if isinstance(p, str):
                items.append(literal(p))
                continue
            t, seats = (p.ty.name if p.ty is not None else "any"), seats_of(p.ty)
            if seats == "list":
                items.append(f"', '.join(map(g.seat_name, {self.expr(p)}))")
            elif seats == "one" or t in ("int", "text", "enum", "bool", "cell", "shape",
                                         "placement", "zone"):
                items.append(self.renderer(p))  # one text, whatever the reader knows
            elif t == "card" and simple(code := self.expr(p)):
                card = f"SeenCard({code}, g.known[{code}.id])" if log else code
                items.append(f"*(({card},) if type({code}) is Card else parts_of({code}))")
            elif log:
                items.append(f"*log_parts(g, {self.expr(p)})")
            else:
                items.append(f"*parts_of({self.expr(p)})")
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"

    # ------------------------------------------------------------ leaves
    def x_Lit(self, e):
        return literal(e.value)

    def x_Text(self, e):
        pieces = [literal(p) if isinstance(p, str) else self.renderer(p) for p in e.parts]
        return "(" + " + ".join(pieces) + ")" if len(pieces) > 1 else pieces[0]

    def x_Name(self, e):
        kind, *rest = e.ref
        name = rest[0]
        if kind == "local":
            return self.slot(name)
        if kind == "var":
            return f"{self.m.hoist('vars')}[{literal(name)}]"
        if kind in ("zone", "family"):
            return f"{self.m.hoist('zones')}[{literal(name)}]"
        if kind in ("const", "option"):
            return f"g.consts[{literal(name)}]"
        if kind == "member":
            return self.m.member(name, rest[1])
        if kind == "enum":
            return f"list({self.m.enum_list(name)})"
        if kind == "table":
            return f"g.tables[{literal(name)}]"
        if kind == "dummy":
            return f"g.dummies.get({literal(name)})"
        if kind == "builtin":
            return {"current": "g.current", "player_count": "g.nplayers",
                    "players": "list(g.players)", "directions": "list(DIRECTIONS)"
                    }.get(name, "list(g.seats)")
        raise AssertionError(f"unresolved name {e.id}: {e.ref}")

    # ------------------------------------------------------------ compound
    def x_Attr(self, e):
        kind, *rest = e.ref
        if kind == "member":
            return self.m.member(rest[0], rest[1])
        obj, name = self.expr(e.obj), e.name
        if kind == "field":
            where = self.m.field_place(e.obj.ty, name)
            if where == "fixed":
                if simple(obj):
                    return f"({obj}.f[{literal(name)}] if {obj} is not None else no_field({literal(name)}))"
                return f"field({obj}, {literal(name)})"
            if where == "var":
                if simple(obj):
                    return (f"({self.m.hoist('cv')}[{literal(name)}][{obj}.id] if {obj} is not None "
                            f"else no_field({literal(name)}))")
                return f"var_field(g, {obj}, {literal(name)})"
            return f"any_field(g, {obj}, {literal(name)})"
        if kind == "column":
            return f"{obj}[{literal(name)}]"
        if kind == "cellpart":
            return f"{obj}[{literal(rest[0])}]"
        if simple(obj):  # most often a card's fixed field: read it without a call
            key = literal(name)
            return (f"({obj}.f[{key}] if type({obj}) is Card and {key} in {obj}.f "
                    f"else dynamic_attr(g, {obj}, {key}))")
        return f"dynamic_attr(g, {obj}, {literal(name)})"

    def x_Index(self, e):
        kind = e.ref[0]
        keys = [self.expr(a) for a in e.args]
        key = keys[0] if len(keys) == 1 else "(" + ", ".join(keys) + ")"
        if kind == "family":
            return f"{self.m.hoist('zones')}[{literal(e.ref[1])}][{key}]"
        if kind == "varfam":
            return f"{self.m.hoist('vars')}[{literal(e.ref[1])}][{key}]"
        return f"item(g, {self.expr(e.obj)}, {keys[0]})"

    def x_Call(self, e):
        kind, name = e.ref
        if kind == "local_fn":
            return f"{self.slot(name)}({self.expr(e.args[0])})"
        args = [self.lambda_(a) if isinstance(a, ast.Lambda) else self.expr(a) for a in e.args]
        if kind == "fn":
            return f"{self.m.fn_name(name)}(g{''.join(', ' + a for a in args)})"
        if name == "text" and len(args) == 1:
            return self.renderer(e.args[0])
        if name == "join" and seats_of(e.args[0].ty) == "list":
            sep = args[1] if len(args) > 1 else "', '"
            return f"{sep}.join(map(g.seat_name, {args[0]}))"
        fast = self.fast_builtin(name, e.args, args)
        if fast is not None:
            return fast
        if name in ("any", "all") and len(e.args) == 1 and isinstance(e.args[0], ast.Comprehension) \
                and not self.m.an.expr_chance(e.args[0]):
            # stops at the first item that decides (nothing is drawn by chance in it, so
            # the items not looked at would have changed nothing)
            return f"{name}({args[0][1:-1]})"
        if name not in IMPLEMENTATIONS:
            raise AssertionError(f"no builtin {name}")
        return f"b_{name}(g{''.join(', ' + a for a in args)})"

    def fast_builtin(self, name, nodes, args):
        """Common builtins on a zone or a list, written out (no call, no type switch)."""
        if len(args) != 1:
            return None
        t = nodes[0].ty.name if nodes[0].ty is not None else "any"
        a = args[0]
        if t == "zone":
            cards = f"{self.m.hoist('zc')}[{a}.i]"
            if name in ("size", "count"):
                return f"len({cards})"
            if name == "empty":
                return f"(not {cards})"
            if name == "top":
                return f"top_card({cards})"
            if name == "cards":
                return f"list({cards})"
        if t == "list" and name in ("size", "count") and not isinstance(nodes[0], ast.Name):
            return f"len({a})"
        if t == "list" and name in ("first", "last") and not isinstance(nodes[0], ast.Name):
            return f"end_item({a}, {0 if name == 'first' else -1})"
        return None

    def lambda_(self, e) -> str:
        saved = dict(self.slots)
        param = self.bind(e.slot)
        body = self.expr(e.body)
        self.slots = saved
        return f"(lambda {param}: {body})"

    def x_Lambda(self, e):
        raise AssertionError("lambdas are compiled as arguments")

    def x_Comprehension(self, e):
        saved = dict(self.slots)
        clauses = []
        for c in e.fors:
            items = self.cards_of(c.iter)
            if self.bounded_source(c.iter) is None:
                items = f"counted(g, {items})"
            targets = [self.bind(s) for s in c.slots]
            target = targets[0] if len(targets) == 1 else "(" + ", ".join(targets) + ")"
            clause = f"for {target} in {items}"
            if c.cond is not None:
                clause += f" if {self.truth(c.cond)}"
            clauses.append(clause)
        elt = self.expr(e.elt)
        self.slots = saved
        return f"[{elt} {' '.join(clauses)}]"

    def x_ListLit(self, e):
        return "[" + ", ".join(self.expr(i) for i in e.items) + "]"

    def x_TupleLit(self, e):
        items = [self.expr(i) for i in e.items]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"

    def x_BinOp(self, e):
        op, lt, rt = e.op, e.left.ty.name, e.right.ty.name
        if op == "+" and "text" in (lt, rt):
            return f"bounded({self.renderer(e.left)} + {self.renderer(e.right)})"
        a, b = self.expr(e.left), self.expr(e.right)
        if lt == "list" or rt == "list":
            if op == "+":
                return f"list_plus(g, {a}, {b})"
            if op == "-":
                return f"list_minus(g, {a}, {b})"
        if op == "+":
            if lt in ("int", "seat") and rt in ("int", "seat"):
                return f"({a} + {b})"
            return f"bounded({a} + {b})"
        if op == "-":
            return f"({a} - {b})"
        if op == "*":
            return f"times(g, {a}, {b})"
        if op == "/":
            return f"divide({a}, {b})"
        return f"modulo({a}, {b})"

    def x_Compare(self, e):
        assert e.op in ("==", "!=", "<", "<=", ">", ">="), e.op
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op in ("==", "!=") and b == "None":  # no runtime value equals none but none
            return f"({a} {'is' if e.op == '==' else 'is not'} None)"
        if e.op in ("==", "!=") and any(x.ty is not None and x.ty.name == "enum"
                                        for x in (e.left, e.right)):
            # an enum member is equal only to itself (each is made once per ruleset), and
            # `is` skips the comparison slot its ordering methods give it (~7x slower)
            return f"({a} {'is' if e.op == '==' else 'is not'} {b})"
        return f"({a} {e.op} {b})"  # none in an ordering is reported by the error mapper

    def x_In(self, e):
        item, coll = self.expr(e.item), self.expr(e.coll)
        t = e.coll.ty.name if e.coll.ty else "any"
        helper = {"zone": "in_zone", "family": "in_family"}.get(t, "in_any")
        test = f"{helper}(g, {item}, {coll})"
        return f"(not {test})" if e.negated else test

    def x_Is(self, e):
        obj = self.expr(e.obj)
        return f"is_kind({obj}, {literal(e.kind)})"

    def x_BoolOp(self, e):
        assert e.op in ("and", "or"), e.op
        return f"({self.as_bool(e.left)} {e.op} {self.as_bool(e.right)})"

    def x_Not(self, e):
        return f"(not {self.expr(e.operand)})"

    def x_Neg(self, e):
        return f"(-{self.expr(e.operand)})"

    def x_Range(self, e):
        return f"number_range({self.expr(e.lo)}, {self.expr(e.hi)})"

    def x_IfExpr(self, e):
        return f"({self.expr(e.then)} if {self.truth(e.cond)} else {self.expr(e.other)})"
