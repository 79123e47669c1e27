"""Checking the statements that move, deal, shuffle and make cards (a mixin of
``StmtChecker``, written apart to keep each file short)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.constants import UNKNOWN, fold
from rulelang.language.errors import suggest

if TYPE_CHECKING:
    from rulelang.language.checker.expressions import Scope
    from rulelang.language.checker.zones import ZoneInfo


class CardStmtChecker(CheckerBase):
    """``move``, ``deal``, ``shuffle``, ``create``: what they take (cards, zones, places)."""

    def cards_arg(self, e: ast.Expr, scope: Scope, what: str) -> T.Type:
        t = self.expr(e, scope)
        item = t.arg if t.name == "list" and isinstance(t.arg, T.Type) else None
        if t.name not in ("card", "list", "any", "none") \
                or (item is not None and item.name not in ("card", "any", "none")):
            pairs = item is not None and item.name == "tuple"
            self.error(e.span,
                       f"{what} should be a card or a list of cards, but this is {T.spoken(t)}",
                       f"take the cards out of the pairs: for p, c in "
                       f"{self.source_of(e.span) or 'pairs'} {{ move c to ... }}" if pairs else
                       "cards(zone) gives a zone's cards; top(zone) its top card")
        return t

    def option_names(self, options: ast.Expr, t: T.Type) -> set[str]:
        """The names (lower case) of a choose's options known before the game runs: an
        enum's members, or a list written out of numbers, texts and members."""
        element = self.element_of(t)
        if element.name == "enum" and isinstance(options, ast.Name):
            return {m.lower() for m in self.enums.get(element.arg, ())}
        value = fold(options)
        if isinstance(value, (list, range)):
            return {("yes" if v else "no") if isinstance(v, bool) else
                    str(getattr(v, "name", v)).lower() for v in value if v is not UNKNOWN}
        return set()

    def kinds_fit(self, moved: T.Type, dest: T.Type, e: ast.Node, where: ast.Expr) -> None:
        """A card of one kind moved, made or dealt into a zone declared to hold another:
        said here, not when the game runs."""
        card = moved.arg if moved.name == "list" and isinstance(moved.arg, T.Type) else moved
        held = dest.arg if dest.name == "zone" else None
        if card.name == "card" and card.arg and held and card.arg != held:
            zone = self.source_of(where.span, 40) or "that zone"
            self.error(e.span, f"{zone} holds {held} cards, not {card.arg}",
                       f"put it in a zone of {card.arg}, or declare {zone} to hold "
                       f"{card.arg} cards")

    def zone_arg(self, e: ast.Expr, scope: Scope, what: str) -> T.Type:
        t = self.expr(e, scope)
        if t.name == "family":  # its name alone: one zone of it is meant
            zone = self.program.zones.get(t.arg)
            seats = zone is not None and bool(zone.keys) and zone.keys[0].of_seats
            self.error(e.span, f"{what} should be a zone, but this is {T.spoken(t)}",
                       f"name one zone of it: {t.arg}[current]" if seats else
                       f"name one zone of it by its key: {t.arg}[...]")
        elif t.name not in ("zone", "any"):
            self.error(e.span, f"{what} should be a zone, but this is {T.spoken(t)}")
        return t

    def s_Move(self, s: ast.Move, scope: Scope, loops: int) -> None:
        moved = self.cards_arg(s.what, scope, "what is moved")
        self.kinds_fit(moved, self.zone_arg(s.dest, scope, "where it goes"), s.what, s.dest)
        self.place(s, scope, f"move {self.source_of(s.what.span, 40) or '...'} to")

    def place(self, s: ast.Move | ast.Create, scope: Scope, words: str) -> None:
        """Where on its zone a moved or made card goes (``at``): a place on a grid, or the
        bottom of a pile; a grid with no place, or a place on a zone that is not a grid (the
        zone named, not worked out), is an error here rather than when the game runs."""
        if isinstance(s.at, ast.Expr):
            t = self.expr(s.at, scope)
            if not _place_type(t):
                self.error(s.at.span, "'at' takes a cell, a list of cells or a placement, "
                                      f"not {T.spoken(t)}",
                           "a cell is written cell(x, y) (from 0), or cell(\"A1\")"
                           if t.name == "tuple" else None)
        zone = self.named_zone(s.dest)
        if zone is None:
            return
        where = self.source_of(s.dest.span, 40) or zone.name
        if zone.kind == "grid" and not isinstance(s.at, ast.Expr):
            self.error(s.span, f"{where} is a grid: a card put on it needs a place",
                       f"say where: {words} {where} at cell(0, 0) (or at a placement, "
                       "or a list of cells)")
        elif zone.kind != "grid" and isinstance(s.at, ast.Expr):
            self.error(s.at.span, f"{where} is a {zone.kind}, not a grid: it has no cells",
                       "leave 'at' out (or write 'at bottom': a pile's bottom, the front of a row "
                       "or a hand)")

    def named_zone(self, e: ast.Expr) -> ZoneInfo | None:
        """The zone (or a zone of the family) an expression names, if it names one."""
        if isinstance(e, ast.Index):  # a zone of a family (the family alone is no zone)
            e = e.obj
            if isinstance(e, ast.Name) and isinstance(e.ref, refs.ZoneFamily):
                return self.program.zones.get(e.ref.name)
        elif isinstance(e, ast.Name) and isinstance(e.ref, refs.Zone):
            return self.program.zones.get(e.ref.name)
        return None

    def s_Deal(self, s: ast.Deal, scope: Scope, loops: int) -> None:
        self.expect(s.count, scope, T.INT, "how many to deal")
        src = self.zone_arg(s.src, scope, "where cards are dealt from")
        dest = self.zone_arg(s.dest, scope, "where cards are dealt to")
        if src.name == "zone" and src.arg:
            self.kinds_fit(T.card(src.arg), dest, s.src, s.dest)

    def s_Shuffle(self, s: ast.Shuffle, scope: Scope, loops: int) -> None:
        self.zone_arg(s.zone, scope, "what is shuffled")

    def s_Create(self, s: ast.Create, scope: Scope, loops: int) -> None:
        kind = self.cards.get(s.kind)
        if kind is None:
            self.unknown(s.span, s.kind, "card kind", self.cards)
        given = set()
        for name, value, span in s.fields:
            t = self.expr(value, scope)
            field = kind.fields.get(name) if kind else None
            if kind and field is None:
                self.error(span, f"{s.kind} has no field '{name}'", suggest(name, kind.fields))
            elif field and field.mutable:
                self.error(span, f"'{name}' is a 'var' field: it starts at its declared value")
            elif field and not T.fits(t, field.type):
                each = T.iterable(t) and T.fits(self.element_of(t), field.type)
                written = self.source_of(value.span) or "..."
                self.error(value.span,
                           f"'{name}' is {T.spoken(field.type)}, but this is {T.spoken(t)}",
                           f"a create makes one card: one for each, for x in {written} "
                           f"{{ create {s.kind}({name}: x, ...) in ... }}" if each else None)
            given.add(name)
        if kind:
            missing = [f for f, info in kind.fields.items() if not info.mutable and f not in given]
            if missing:
                fixed = ", ".join(f"{f}: ..." for f, i in kind.fields.items() if not i.mutable)
                self.error(s.span, f"{s.kind} also needs: {', '.join(missing)}",
                           f"give every field that is not a 'var': create {s.kind}({fixed}) in ...")
        if s.count is not None:
            self.expect(s.count, scope, T.INT, "how many to create")
        dest = self.zone_arg(s.dest, scope, "where the cards go")
        if kind is not None:
            self.kinds_fit(T.card(s.kind), dest, s, s.dest)
        self.place(s, scope, f"create {s.kind}(...) in")
        if s.name is not None:
            card = T.card(s.kind if kind else None)
            s.type = card if s.count is None else T.list_of(card)
            self.new_local(s, scope)
            s.slot = scope.bind(s.name, s.type)

    def s_CreateFrom(self, s: ast.CreateFrom, scope: Scope, loops: int) -> None:
        kind = self.cards.get(s.kind)
        if kind is None:
            self.unknown(s.span, s.kind, "card kind", self.cards)
        t = self.expr(s.table, scope)
        if kind and t.name == "list" and t.arg.name == "row":
            table = self.tables[t.arg.arg]
            for col in table.order:
                field = kind.fields.get(col)
                if col == "copies":
                    continue
                if field is None or field.mutable:
                    self.error(s.table.span, f"column '{col}' of '{table.name}' is not a "
                                             f"fixed field of {s.kind}")
                elif not T.fits(table.columns[col], field.type):
                    self.error(s.table.span,
                               f"column '{col}' holds {T.spoken(table.columns[col])}, "
                               f"but {s.kind}.{col} is {T.spoken(field.type)}")
            missing = [f for f, i in kind.fields.items() if not i.mutable and f not in table.columns]
            if missing:
                self.error(s.span, f"table '{table.name}' has no column for: {', '.join(missing)}")
        elif t.name not in ("any",):
            self.error(s.table.span, "create ... from needs a table")
        self.zone_arg(s.dest, scope, "where the cards go")
        zone = self.named_zone(s.dest)  # (its name resolved by zone_arg)
        if zone is not None and zone.kind == "grid":
            self.error(s.dest.span, f"{zone.name} is a grid: a card put on it needs a place",
                       "make the cards in a pile, then move each to its cell: "
                       f"move top(PILE) to {zone.name} at cell(0, 0)")


def _place_type(t: T.Type) -> bool:
    """Where a card can go on a grid: a cell, a list of cells, a placement (or text like E5)."""
    if t.name == "list":
        return t.arg.name in ("cell", "any", "text")
    return t.name in ("cell", "placement", "any", "text")
