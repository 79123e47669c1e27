"""Comprehensions and list literals to Python source (mixed into ``expr.ExprGen``): a
comprehension's clauses, what each goes through and how it is counted, what its conditions
work out once, and how what it makes is weighed."""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from interpreter.compiler.comprehension_loops import LoopClause, LoopParts
from interpreter.compiler.expr_shapes import (
    EACH_CHARGED,
    literal_bound,
    may_nest,
    nests,
    picked_in,
    shallow,
)
from interpreter.compiler.inline import Memo
from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.compiler.module_builder import ModuleBuilder


class Comprehensions:
    """Mixed into ExprGen: reads these of its attributes and methods."""
    m: ModuleBuilder
    slots: dict[int, str]
    types: dict[int, Type]
    memo: Memo | None
    kept_calls: Memo | None
    present: frozenset[str]
    small: dict[str, int]
    in_iterable: bool
    in_comprehension: int
    in_literal: bool
    loop_parts: LoopParts | None
    made_list: tuple[ast.Comprehension, str] | None

    if TYPE_CHECKING:
        def expr(self, e: ast.Expr) -> str: ...

        def truth(self, e: ast.Expr) -> str: ...

        def bind(self, i: int) -> str: ...

        def cards_of(self, e: ast.Expr) -> str: ...

        def bounded_source(self, e: ast.Expr) -> str | None: ...

        def ty_of(self, e: ast.Expr) -> Type | None: ...

        def item_type(self, items: ast.Expr) -> Type | None: ...

        def memoized(self, names: list[str], code: str) -> str: ...

        def grid_read_of(self, e: ast.Expr) -> bool: ...

        @staticmethod
        def drawn_from(e: ast.Expr, code: str) -> str: ...

    def x_Comprehension(self, e: ast.Comprehension) -> str:
        made = self.made_list  # (a let's builtin's list: made by loops first, inline_statements)
        if made is not None and made[0] is e:
            return made[1]
        return self.memoized(*self.comprehension(e))

    def comprehension(self, e: ast.Comprehension) -> tuple[list[str], str]:
        """The comprehension's code, and the names of the values its conditions work out
        once (see ``hoisted``), to be set to UNSET before it runs."""
        self.in_comprehension += 1
        try:
            return self.comprehension_written(e)
        finally:
            self.in_comprehension -= 1

    def comprehension_written(self, e: ast.Comprehension) -> tuple[list[str], str]:
        saved, saved_types, saved_memo = dict(self.slots), self.types, self.memo
        saved_present, saved_small, saved_kept = self.present, self.small, self.kept_calls
        self.types, self.memo, self.small = dict(saved_types), None, dict(saved_small)
        memo, self.kept_calls = None if self.in_iterable else Memo(), None  # no ``:=`` in an iterable
        clauses, parts = [], []
        for c, each in zip(e.fors, self.comprehension_items(e)):
            was, self.in_iterable = self.in_iterable, True
            try:
                items = self.cards_of(c.iter)
            finally:
                self.in_iterable = was
            items = self.clause_items(c, each, items)
            targets = [self.bind(s) for s in c.slots]
            for t in targets:
                self.small.pop(t, None)
            bound = literal_bound(c.iter) if isinstance(c.iter, (ast.ListLit, ast.Range)) else None
            if bound is not None and len(targets) == 1:
                self.small[targets[0]] = bound
            target = targets[0] if len(targets) == 1 else "(" + ", ".join(targets) + ")"
            source_type = self.ty_of(c.iter)
            if len(targets) == 1 and source_type is not None and source_type.name == "zone":
                self.present = self.present | {target}  # a zone holds cards, never none
            else:
                self.present = self.present - set(targets)  # a name bound again
            clause, cond = f"for {target} in {items}", None
            if memo is not None:
                memo.variant.update(targets)
            if c.cond is not None:
                cond = self.kept_truth(c.cond, memo)
                clause += f" if {cond}"
            clauses.append(clause)
            parts.append(LoopClause(target, items, cond))
        self.kept_calls = memo
        elt = self.expr(e.elt)
        self.slots, self.types, self.memo, self.kept_calls = saved, saved_types, saved_memo, saved_kept
        self.present, self.small = saved_present, saved_small
        made = plain = f"[{elt} {' '.join(clauses)}]"
        if SHORTCUTS.picked_in and self.picks(e) and isinstance(e.fors[0].cond, ast.In) \
                and not self.m.advising:  # (x in a list: one call for every item)
            made = picked_in(made) or made
        if self.fresh_tuples(e.elt):
            made = f"weighed_tuples(g, {made}, {len(e.elt.items)})"
        elif may_nest(e.elt.ty) and not self.picks(e):
            made = f"{self.weigher(e.ty)}(g, {made})"
        kept = dict(memo.reads) if memo is not None else {}
        self.loop_parts = LoopParts(parts, elt, kept) if made == plain else None  # (comprehension_loops)
        return (memo.names if memo is not None else []), made

    def kept_truth(self, cond: ast.Expr, memo: Memo | None) -> str:
        """A comprehension's condition, what it may work out once for every item kept in
        ``memo`` (``hoisted``)."""
        self.memo = self.kept_calls = memo
        try:
            return self.truth(cond)
        finally:
            self.memo = self.kept_calls = None

    def clause_items(self, c: ast.CompFor, each: int, items: str) -> str:
        """What a comprehension's clause goes through (``items``, its source's code), as it
        goes through it: a grid's cell as its tuple, a range of numbers as a range, counted
        (``each`` the work of each item); the items' type noted for its names."""
        if SHORTCUTS.grid_views and self.grid_read_of(c.iter):  # a tuple: no copy to go through
            items = items[len("list("):-1]
        if isinstance(c.iter, ast.Range) and SHORTCUTS.random_picks:
            items = self.drawn_from(c.iter, items)  # only gone through: a range, no list
        item_type = self.item_type(c.iter) if len(c.slots) == 1 else None
        if item_type is not None:
            self.types[c.slots[0]] = item_type
        if each >= EACH_CHARGED:
            return f"counted(g, {items}, {each})"
        if self.bounded_source(c.iter) is None:
            return f"counted(g, {items})"
        return items

    @staticmethod
    def fresh_tuples(elt: ast.Expr) -> TypeGuard[ast.TupleLit]:
        """Is each item a comprehension makes a new tuple (a tuple written out with an item
        that is not a literal: Python keeps one tuple of literals) of items that are no lists?"""
        return isinstance(elt, ast.TupleLit) and bool(elt.items) and SHORTCUTS.fresh_tuples \
            and not any(map(nests, elt.items)) and not all(isinstance(i, ast.Lit) for i in elt.items)

    @staticmethod
    def weigher(ty: Type | None) -> str:
        """How a list just made is weighed: ``weighed_lists`` when the checker types it as
        holding no lists deeper than its own items' (it does not look for them)."""
        return "weighed_lists" if shallow(ty) and SHORTCUTS.shallow_weights else "weighed"

    @staticmethod
    def picks(e: ast.Comprehension) -> bool:
        """Does the comprehension only pick items of one list (``[c for c in xs if ...]``)?
        Then what it makes weighs no more than that list: no need to weigh it."""
        if len(e.fors) != 1 or len(e.fors[0].slots) != 1:
            return False
        elt = e.elt
        return isinstance(elt, ast.Name) and elt.ref == refs.Local(e.fors[0].slots[0])

    def comprehension_items(self, e: ast.Comprehension) -> list[int]:
        """Each clause's items, counted with the work each item costs (its condition, and
        the next clause's items or the element)."""
        an, out = self.m.an, []
        for i, c in enumerate(e.fors):
            after = e.fors[i + 1].iter if i + 1 < len(e.fors) else e.elt
            out.append(an.cost(after) + (an.cost(c.cond) if c.cond is not None else 0))
        return out

    def literal_items(self, e: ast.ListLit | ast.TupleLit) -> list[str]:
        inside, out = self.in_literal, []
        try:
            for i in e.items:  # a literal right inside this one is weighed with it
                self.in_literal = isinstance(i, (ast.ListLit, ast.TupleLit))
                out.append(self.expr(i))
        finally:
            self.in_literal = inside
        return out

    def weighed_literal(self, e: ast.ListLit | ast.TupleLit, made: str) -> str:
        """A literal holding lists not written out (``[x, x]``) is weighed where it is made;
        once, by the outermost literal (weighing goes through the inner ones)."""
        return f"{self.weigher(e.ty)}(g, {made})" if not self.in_literal and nests(e) else made

    def x_ListLit(self, e: ast.ListLit) -> str:
        return self.weighed_literal(e, "[" + ", ".join(self.literal_items(e)) + "]")

    def x_TupleLit(self, e: ast.TupleLit) -> str:
        items = self.literal_items(e)
        return self.weighed_literal(e, "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")")
