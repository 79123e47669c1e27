"""Calls of the language's builtins written out in the generated code, where the static
types make it safe (mixed into ``expr.ExprGen``): sizes and ends of zones and lists, min and
max of two, sort and unique of lists of plain items, a grid's cards on a cell, a cell made.
Each is switched by a field of ``shortcuts.SHORTCUTS`` (tests/runtime/test_fast_paths_compiled.py
plays every ruleset with it off: the same games)."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from interpreter.compiler.expr_shapes import EACH_CHARGED, FLAT, simple, small_number
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from rulelang.language import ast, refs
from rulelang.language.traversal import walk
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from interpreter.compiler.module_builder import ModuleBuilder


# a field whose values Python's == compares as the language does (a member: by identity)
_FIELD_VALUES = frozenset({"enum", "int", "bool", "text", "seat"})


@attrs.frozen
class FieldList:
    """A list of a grid's cards whose one field holds a value (``field_list``)."""
    field: str
    var: bool  # a var field (the game's ``cv``), else a fixed one (the card's ``f``)
    same: bool  # values compared by identity (enum members), else by ==
    value: str  # the value's code
    each: int  # the work the list's comprehension charges for each card


class BuiltinCalls:
    """Mixed into ExprGen: reads these of its attributes and methods."""
    m: ModuleBuilder
    in_iterable: bool
    cell_keys: dict[str, str]  # the code of a cell made -> the code of its pair, to look it up

    if TYPE_CHECKING:
        def ty_of(self, e: ast.Expr) -> Type | None: ...

        def fresh(self, e: ast.Expr) -> bool: ...

        def bounded_source(self, e: ast.Expr) -> str | None: ...

        def expr(self, e: ast.Expr) -> str: ...

        def comprehension_items(self, e: ast.Comprehension) -> list[int]: ...

    def picks_from_list(self, e: ast.Expr) -> bool:
        ty = self.ty_of(e)
        return ty is not None and ty.name == "list"

    @staticmethod
    def drawn_from(e: ast.Expr, code: str) -> str:
        """What a random pick draws from: a range of numbers is not made into a list (the
        same draw: one number below its length; ends worked out as the game runs are
        checked as ``number_range`` checks them)."""
        if isinstance(e, ast.Range) and small_number(e.lo) and small_number(e.hi) \
                and 0 < e.hi.value - e.lo.value + 1 <= 1000:
            return f"range({e.lo.value}, {e.hi.value + 1})"
        if isinstance(e, ast.Range) and code.startswith("number_range("):  # its ends known later
            return "number_span(" + code[len("number_range("):]
        return code

    def fast_builtin(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """Common builtins on a zone or a list, written out (no call, no type switch)."""
        if len(args) != 1:
            return None
        named = self.named_list(name, nodes[0], args[0])
        if named is not None:
            return named
        if not SHORTCUTS.builtins:
            return None
        if name == "disclose":  # (it tells the checker who may see the value: it is the value;
            # the full path counts it, for a move's foresight: rulelang/play/foresight.py)
            return args[0] if self.m.lean else f"g.disclosing({args[0]})"
        if name == "sum" and self.counts_of_cards(nodes[0]):
            return f"sum({args[0]})"  # never none, and never more than the cards there are
        if name == "sum" and isinstance(nodes[0], ast.Comprehension) and SHORTCUTS.sums_made:
            return f"sum_made(g, {args[0]})"  # a list just made: not asked what it is
        ty = self.ty_of(nodes[0])
        t = ty.name if ty is not None else "any"
        a = args[0]
        if name == "cells" and t in ("any", "placement") and simple(a) and SHORTCUTS.placement_cells:
            return f"(list({a}.cells) if type({a}) is Placement else b_cells(g, {a}))"
        if t == "zone":
            cards = f"{self.m.hoist('zc')}[{a}.i]"
            if name in ("size", "count"):
                return f"len({cards})"
            if name == "empty":
                return f"(not {cards})"
            if name == "top":
                return self.end_item(cards, -1, f"top_card({cards})")
            if name == "cards":
                return f"list({cards})"
        if t == "family" and name == "cards":
            return f"family_cards(g, {a})"  # (one list made, not two)
        if t == "list" and name in ("size", "count") and not isinstance(nodes[0], ast.Name):
            return f"len({a})"
        if name == "empty" and self.makes_a_list(nodes[0]):
            return f"(not {a})"
        if t == "list" and name in ("first", "last") and not isinstance(nodes[0], ast.Name):
            end = 0 if name == "first" else -1
            return self.end_item(a, end, f"end_item({a}, {end})")
        return None

    def next_seat(self, name: str, args: list[str]) -> str | None:
        """``next(s)`` of a name: the layout's table of each seat's next (made once per
        game, never replaced), loaded once by the function, read in place. A key test, not
        a truth test (P1 is 0, a false value); none or anything not a seat goes to the
        builtin, which says what is wrong."""
        if name != "next" or len(args) != 1 or not simple(args[0]) \
                or not SHORTCUTS.next_seats:
            return None
        table, a = self.m.hoist("layout.next_seat"), args[0]
        return f"({table}[{a}] if {a} in {table} else b_next(g, {a}))"

    def makes_a_list(self, node: ast.Expr, depth: int = 0) -> bool:
        """Is the expression's value always a list (never none): one made just now
        (``fresh``), or what a function of the rules whose body is one gives?"""
        if self.fresh(node):
            return True
        decl = self.m.called_fn(node, lets=True) if depth < 8 else None
        return decl is not None and self.makes_a_list(decl.body, depth + 1)

    def named_list(self, name: str, node: ast.Expr, a: str) -> str | None:
        """size, count, empty, first, last of a list held in a local name: read in place
        when the name holds a list (it may hold none: then the builtin, as before)."""
        ty = self.ty_of(node)
        if not (isinstance(node, ast.Name) and ty is not None and ty.name == "list" and simple(a)
                and SHORTCUTS.named_lists):
            return None
        if name in ("size", "count"):
            return f"(len({a}) if type({a}) is list else b_{name}(g, {a}))"
        if name == "empty":
            return f"((not {a}) if type({a}) is list else b_empty(g, {a}))"
        if name in ("first", "last"):
            end = 0 if name == "first" else -1
            return f"(({a}[{end}] if {a} else None) if type({a}) is list else b_{name}(g, {a}))"
        return None

    def extreme_of_two(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``min(a, b)``, ``max(a, b)`` written out: none is left out (the other is the
        answer), else the second if it compares below (above) the first, as Python's own
        min (max) decides, the same comparison made. The first is worked out once, before
        the second, which is a plain name or a literal (read twice, it cannot fail). Of one
        list: ``extreme_of_list``."""
        if name in ("min", "max") and len(args) == 1:
            return self.extreme_of_list(name, nodes, args)
        if name not in ("min", "max") or len(args) != 2 or not SHORTCUTS.extremes:
            return None
        op = "<" if name == "min" else ">"
        a, b = args
        known = [isinstance(n, ast.Lit) and n.value is not None and simple(c)
                 for n, c in zip(nodes, args)]
        if known[0] and known[1]:  # min(2, 3): no test of a number written for none
            return f"({b} if {b} {op} {a} else {a})"
        if known[0] and not simple(b):  # min(10, x.rank): x worked out once
            if self.in_iterable:  # no ``:=`` there
                return None
            t = f"x{next(self.m.counter)}"
            return f"({t} if ({t} := {b}) is not None and {t} {op} {a} else {a})"
        if not simple(b):
            return None
        first = a
        if not simple(a):
            if self.in_iterable:
                return None
            a = f"x{next(self.m.counter)}"
            first = f"({a} := {first})"
        if known[1]:
            return f"({b} if {first} is None or {b} {op} {a} else {a})"
        return f"({b} if {first} is None else {a} if {b} is None else {b} if {b} {op} {a} else {a})"

    def extreme_of_list(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``min(list)``, ``max(list)`` of a list the checker types as holding numbers:
        ``list_min``, ``list_max`` (helpers.py), the builtin's one-list case in one call."""
        if name not in ("min", "max") or len(args) != 1 or not SHORTCUTS.list_extremes:
            return None
        ty = self.ty_of(nodes[0])
        if ty is None or ty.name != "list" or not isinstance(ty.arg, Type) or ty.arg.name != "int":
            return None
        return f"list_{name}(g, {args[0]})"

    def flat_builtin(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``sort`` and ``unique`` of a list the checker types as holding no lists: Python's
        own (``sorted``, a dict's keys in first-seen order), its items counted as the
        builtin counts them; the builtin where the value may not be a list (none)."""
        if name not in ("sort", "unique") or not SHORTCUTS.flat_lists:
            return None
        ty = self.ty_of(nodes[0])
        if ty is None or ty.name != "list" or not isinstance(ty.arg, Type) or ty.arg.name not in FLAT:
            return None
        if len(args) == 2 and not (name == "sort" and isinstance(nodes[1], ast.Lambda)):
            return None
        key = f", key={args[1]}" if len(args) == 2 else ""
        made = "sorted({}" + key + ")" if name == "sort" else "list(dict.fromkeys({}))"
        a = args[0]
        if self.fresh(nodes[0]):  # a list made just now
            return made.format(f"counted(g, {a})")
        if simple(a):
            general = f"b_{name}(g, {', '.join(args)})"
            return f"({made.format(f'counted(g, {a})')} if type({a}) is list else {general})"
        return None

    def grid_read(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``at(Z, c)`` where ``Z`` names a zone declared a grid: the cards on that cell,
        read from the grid's map as the builtin reads them (a copy, none there: []);
        ``cell(x, y)`` made directly where ``y`` is not none."""
        if name == "cell" and len(args) == 2 and SHORTCUTS.cells:
            y = nodes[1]
            if (isinstance(y, ast.Lit) and type(y.value) is int) or (
                    isinstance(y, ast.BinOp) and y.left.ty is not None and y.right.ty is not None
                    and y.left.ty.name in ("int", "seat") and y.right.ty.name in ("int", "seat")):
                made = self.cell_made(args)  # a number, or arithmetic: never none
                self.cell_keys[made] = f"({args[0]}, {args[1]})"
                return made
            if simple(args[1]):  # none there: as the builtin, which then reads the first
                general = f"b_cell(g, {', '.join(args)})"
                made = f"({self.cell_made(args)} if {args[1]} is not None else {general})"
                self.cell_keys[made] = f"(({args[0]}, {args[1]}) if {args[1]} is not None else {general})"
                return made
            return None
        if name != "at" or len(args) != 2 or not SHORTCUTS.grid_reads:
            return None
        ref = getattr(nodes[0], "ref", None)
        if not (isinstance(nodes[0], ast.Name) and isinstance(ref, refs.Zone)
                and ref.name in self.m.program.zones and self.m.program.zones[ref.name].kind == "grid"):
            return None
        at = args[1]
        if SHORTCUTS.cell_pairs and isinstance(nodes[1], ast.Call) and nodes[1].ref == refs.Builtin("cell"):
            at = self.cell_keys.get(at, at)  # a cell only looked up: its pair (a cell hashes as its pair)
        return f"list(g.zg[{args[0]}.i].get({at}, ()))"

    def flanking_empty(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``flanking(Z, empty_cells(Z), ...)`` where ``Z`` names a grid the rules declare
        with edges of a written size: by the runtime's ``flanking_empty``, every cell's lines
        at once on the bit boards, then the empty ones among those found (no list of the
        empty cells made; that list cannot fail or count work, so leaving it out changes
        neither)."""
        if name != "flanking" or len(args) not in (4, 5) or not SHORTCUTS.empty_starts:
            return None
        grid, starts = nodes[0], nodes[1]
        if not (self.edged_grid(grid) and isinstance(starts, ast.Call)
                and starts.ref == refs.Builtin("empty_cells") and len(starts.args) == 1
                and isinstance(starts.args[0], ast.Name) and starts.args[0].ref == grid.ref):
            return None
        return f"flanking_empty(g, {args[0]}, {', '.join(args[2:])})"

    def before_arguments(self, name: str, nodes: list[ast.Expr]) -> str | None:
        """A builtin's call written whole, its arguments' code written by it (none of it
        written before: a list it makes no list of would still declare what that list
        keeps), or None: the lines of two lists picked by a field (``field_lines``), a
        random number of a range (``chance_span``), ``empty`` of an enum's members picked
        by a condition (``quantifier_loops.empty_of_members``)."""
        from interpreter.compiler.quantifier_loops import empty_of_members  # (it imports expr)
        whole = self.field_lines(name, nodes)
        if whole is None and name == "random":
            whole = self.chance_span(nodes)
        if whole is None and name == "empty" and len(nodes) == 1:
            whole = empty_of_members(cast("ExprGen", self), nodes[0])
        return whole

    def chance_span(self, nodes: list[ast.Expr]) -> str | None:
        """``random(a..b)`` (with a label written out, or none) by ``Game.chance_span``: a
        number below the range's length added to ``a``, no range made; the ends worked out in
        their order, as the range's would be."""
        if not (0 < len(nodes) <= 2 and isinstance(nodes[0], ast.Range)
                and (len(nodes) == 1 or isinstance(nodes[1], ast.Lit))
                and SHORTCUTS.random_picks and SHORTCUTS.chance_spans):
            return None
        lo, hi = self.expr(nodes[0].lo), self.expr(nodes[0].hi)
        label = self.expr(nodes[1]) if len(nodes) > 1 else "'random'"
        return f"g.chance_span({label}, {lo}, {hi})"

    def field_lines(self, name: str, nodes: list[ast.Expr]) -> str | None:
        """``flanking(Z, empty_cells(Z), A, B)`` and ``flanked(Z, s, A, B)`` on a grid with
        edges of a written size, where ``A`` and ``B`` are the grid's cards whose one field
        holds a value (``field_list``): by the runtime's ``flanking_fields`` and
        ``flanked_fields`` (runtime/field_lines.py), no list made. Each value is worked out,
        and its list's making charged (``charged``), where its list was made. Asked before
        the call's arguments are written: the lists' code (a function's call kept for a
        later call, ``reuse.py``) is then never written, to be left unused."""
        if name not in ("flanking", "flanked") or len(nodes) not in (4, 5) \
                or not SHORTCUTS.field_lines or not self.edged_grid(nodes[0]):
            return None
        grid = nodes[0]
        if name == "flanking":
            starts = nodes[1]
            if not (isinstance(starts, ast.Call) and starts.ref == refs.Builtin("empty_cells")
                    and len(starts.args) == 1 and isinstance(starts.args[0], ast.Name)
                    and starts.args[0].ref == grid.ref):
                return None
        zone = self.m.program.zones[cast(refs.Zone, grid.ref).name]  # (edged_grid: a zone)
        through, ends = self.field_list(nodes[2], zone.name, zone.of), \
            self.field_list(nodes[3], zone.name, zone.of)
        if through is None or ends is None or (through.field, through.var, through.same) \
                != (ends.field, ends.var, ends.same):
            return None
        grid_code = self.expr(grid)
        if self.quiet(nodes[2]) and self.quiet(nodes[3]):
            # neither value can fail or count work: each list's making charged in the call,
            # which tells apart no order (``charged`` keeps it where either might)
            values = f"{through.value}, {ends.value}, {through.each}, {ends.each}"
        else:
            values = ", ".join(f"charged(g, {grid_code}, {f.each}, {f.value})"
                               for f in (through, ends)) + ", 0, 0"
        read = f"{literal(through.field)}, {through.var}, {through.same}, {values}"
        steps = f", {self.expr(nodes[4])}" if len(nodes) == 5 else ""
        if name == "flanking":
            return f"flanking_fields(g, {grid_code}, {read}{steps})"
        return f"flanked_fields(g, {grid_code}, {self.expr(nodes[1])}, {read}{steps})"

    def quiet(self, e: ast.Expr, depth: int = 0) -> bool:
        """Can ``e`` neither fail nor count work: a literal, a local name, a member, a seat,
        an ``if`` of those, ``==`` or ``!=`` of those, or a call of a function with no lets
        whose body is such (of arguments that are)? A list of a field's cards (``field_list``)
        is quiet when its value is."""
        if isinstance(e, ast.Lit):
            return type(e.value) in (int, str, bool) or e.value is None
        if isinstance(e, ast.Name):
            return isinstance(e.ref, (refs.Local, refs.Member, refs.Seat))
        if isinstance(e, ast.IfExpr):
            return self.quiet(e.cond, depth) and self.quiet(e.then, depth) \
                and self.quiet(e.other, depth)
        if isinstance(e, ast.Compare):
            ty = e.left.ty  # (the checker's: a function's body is read out of its scope)
            return e.op in ("==", "!=") and ty is not None and ty.name in _FIELD_VALUES \
                and self.quiet(e.left, depth) and self.quiet(e.right, depth)
        decl = self.m.called_fn(e) if depth < 4 else None
        if decl is not None:
            if decl.name in self.m.an.recursive_fns \
                    or not all(self.quiet(a, depth) for a in cast(ast.Call, e).args):
                return False
            body = decl.body
            if isinstance(body, ast.Comprehension):  # (a list of a field's cards: its value)
                clause = body.fors[0] if len(body.fors) == 1 else None
                cond = clause.cond if clause is not None else None
                return isinstance(cond, ast.Compare) and all(
                    self.quiet(side, depth + 1) or isinstance(side, ast.Attr)
                    for side in (cond.left, cond.right))
            return self.quiet(body, depth + 1)
        return False

    def field_list(self, e: ast.Expr, zone: str, kind: str | None) -> FieldList | None:
        """Is ``e`` the list of the cards of ``zone`` (which holds cards of ``kind``) whose
        one field holds a value: ``[d for d in Z if d.F == V]`` (``V`` not reading ``d``),
        or a call of a function with no lets whose body is that, ``V`` its parameter?"""
        decl = self.m.called_fn(e)
        comp = decl.body if decl is not None else e
        if not isinstance(comp, ast.Comprehension) or len(comp.fors) != 1:
            return None
        clause = comp.fors[0]
        source = clause.iter
        if len(clause.slots) != 1 or not (isinstance(source, ast.Name)
                                          and isinstance(source.ref, refs.Zone)
                                          and source.ref.name == zone):
            return None
        slot = clause.slots[0]
        cond = clause.cond
        if not (_local(comp.elt, slot) and isinstance(cond, ast.Compare) and cond.op == "=="):
            return None
        if isinstance(cond.left, ast.Attr) and _local(cond.left.obj, slot):
            read, value = cond.left, cond.right
        elif isinstance(cond.right, ast.Attr) and _local(cond.right.obj, slot):
            read, value = cond.right, cond.left
        else:
            return None
        card = self.m.program.cards.get(kind) if kind is not None else None
        info = card.fields.get(read.name) if card is not None else None
        if info is None or info.type.name not in _FIELD_VALUES:
            return None
        if decl is None:
            # written in place, its value is worked out for each card (none when there is
            # none): only one that reads no card, cannot fail and counts no work is the same
            # worked out once
            if any(isinstance(n, ast.Expr) and _local(n, slot) for n in walk(value)) \
                    or not self.quiet(value):
                return None
        else:  # in a function: its value is a parameter, the call's argument (worked out
            # once, as the call works out each; the others must make no difference unread)
            if not (isinstance(value, ast.Name) and isinstance(value.ref, refs.Local)
                    and value.ref.slot < len(decl.params)):
                return None
            given = cast(ast.Call, e).args
            if not all(self.quiet(a) for i, a in enumerate(given) if i != value.ref.slot):
                return None
            value = given[value.ref.slot]
        each = self.comprehension_items(comp)[0]
        each = each if each >= EACH_CHARGED else 1 if self.bounded_source(source) is None else 0
        return FieldList(read.name, info.mutable, info.type.name == "enum", self.expr(value), each)

    def flanked_cards(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``flanked(Z, s, A, B)`` where ``A`` and ``B`` are lists made of a zone's cards
        (``cards_made``): by the runtime's ``flanked_cards``, which asks no item its type."""
        if name != "flanked" or len(args) not in (4, 5) or not SHORTCUTS.card_lines \
                or not (self.cards_made(nodes[2]) and self.cards_made(nodes[3])):
            return None
        return f"flanked_cards(g, {', '.join(args)})"

    def cards_made(self, e: ast.Expr, depth: int = 0) -> bool:
        """Is ``e`` a list made of a zone's cards: ``[x for x in Z if ...]`` (one clause
        over a zone, its item the card it binds), or a call of a function whose body is one
        (the list it makes, whatever the arguments)? Never none, every item a card."""
        decl = self.m.called_fn(e, lets=True) if depth < 4 else None
        if decl is not None:
            return self.cards_made(decl.body, depth + 1)
        if not isinstance(e, ast.Comprehension) or len(e.fors) != 1:
            return False
        clause = e.fors[0]
        ty = clause.iter.ty
        return len(clause.slots) == 1 and ty is not None and ty.name == "zone" \
            and isinstance(e.elt, ast.Name) and isinstance(e.elt.ref, refs.Local) \
            and e.elt.ref.slot == clause.slots[0]

    def edged_grid(self, e: ast.Expr) -> bool:
        """Does ``e`` name a zone the rules declare a grid of a written width and height?"""
        ref = getattr(e, "ref", None)
        if not (isinstance(e, ast.Name) and isinstance(ref, refs.Zone)):
            return False
        decl = self.m.program.zones.get(ref.name)
        return decl is not None and decl.kind == "grid" and not decl.keys \
            and type(decl.width) is int and type(decl.height) is int

    @staticmethod
    def cell_made(args: list[str]) -> str:
        """The cell (x, y), from the table of cells (no call) or by the runtime's cell."""
        return f"CELLS[({args[0]}, {args[1]})]" if SHORTCUTS.cell_table else f"cell({args[0]}, {args[1]})"

    def grid_read_in_place(self, name: str, nodes: list[ast.Expr], args: list[str]) -> str | None:
        """``first``, ``last``, ``size``, ``count`` of ``at(Z, c)`` on a grid: the cell's
        tuple of cards asked directly (no list copied to be asked once)."""
        if name not in ("first", "last", "size", "count") or len(args) != 1 \
                or not SHORTCUTS.grid_views or not self.grid_read_of(nodes[0]):
            return None
        cards = args[0][len("list("):-1]
        if name in ("size", "count"):
            return f"len({cards})"
        end = 0 if name == "first" else -1
        return self.end_item(cards, end, f"end_item({cards}, {end})")

    def end_item(self, cards: str, end: int, call: str) -> str:
        """The first (``end`` 0) or last (-1) of ``cards`` (an expression of a sequence),
        none if it is empty: written out, no call, but where ``:=`` may not stand (in a
        comprehension's iterable), where ``call`` (a runtime function) says it."""
        if self.in_iterable:
            return call
        held = f"{'top' if end == -1 else 'first'}{next(self.m.counter)}"
        return f"({held}[{end}] if ({held} := {cards}) else None)"

    def grid_read_of(self, e: ast.Expr) -> bool:
        """Is this ``at(Z, c)`` written by ``grid_read`` (``list(...)`` of a grid's map)?"""
        return isinstance(e, ast.Call) and e.ref == refs.Builtin("at") and len(e.args) == 2 \
            and self.grid_read("at", e.args, ["z", "c"]) is not None

    def counts_of_cards(self, e: ast.Expr) -> bool:
        """``[size(Z) for x in SEATS or MEMBERS]``: a few numbers of cards, none of them none."""
        if not isinstance(e, ast.Comprehension) or len(e.fors) != 1 or e.fors[0].cond is not None \
                or self.bounded_source(e.fors[0].iter) is None:
            return False
        elt = e.elt
        return isinstance(elt, ast.Call) and elt.ref in (refs.Builtin("size"), refs.Builtin("count")) \
            and len(elt.args) == 1 and elt.args[0].ty is not None and elt.args[0].ty.name == "zone"


def _local(e: ast.Expr, slot: int) -> bool:
    """Is ``e`` the local name in ``slot``?"""
    return isinstance(e, ast.Name) and isinstance(e.ref, refs.Local) and e.ref.slot == slot
