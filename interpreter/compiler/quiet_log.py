"""A ``log`` line or a ``choose``'s prompt in a game that keeps no log (quiet, lean): which
of its parts still run.

A logged game works its line out (and a prompt, as the choice is offered) and stops there
when a part fails (a field of none, an index out of range, a function's body failing); a game
nobody reads skips them. So that the two play the same game, the quiet game still works out,
unread, every part that could fail. Most parts cannot, and skipping them is what makes a quiet
game cheap, so this module proves it where it can, from the checked tree alone, on what
none_facts.py knows cannot be none: a card's field of a card that is not none, a zone
family's zone for keys of its own kinds, the builtins that take anything of their types
(``size``, ``first``, ``top`` of a zone...), ``+``/``-`` with a small number written in the
rules, comparisons, texts made of names joined, a function whose body cannot fail with its
arguments as they are.

Whatever is not proved is worked out: the price of a mistake here is only a quiet game that
goes on where the logged one stopped, as every quiet game did before. Two things are taken
as given: ``current`` is a player, and the limits on work and sizes are not failures looked
for here (a logged game counts its log's text as work and a quiet one does not, so near
those limits the two may part anyway). A position or a save made by hand could break the
first, or hold none where these rules never put one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from interpreter.compiler.none_facts import Facts, NoneFacts, same_type
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from rulelang.language.checker import Program

SMALL = 1_000_000  # a sum with a number at most this large written in the rules is unchecked
# builtins that fail for no argument of their types (none included: an empty list's size, ...)
_TAKE_ANYTHING = frozenset({"size", "count", "empty", "first", "last", "cards", "index_of",
                            "text", "any", "all", "reverse", "unique", "distinct", "others"})
_TAKE_A_ZONE = frozenset({"top", "bottom", "key", "owner"})
_TAKE_A_GRID = frozenset({"occupied", "empty_cells", "at"})  # a grid with edges
_ORDERED = frozenset({"int", "text", "enum"})
_SCALARS = frozenset({"int", "enum", "seat", "bool", "cell"})  # a value whose text is short
# what a part read by name is read from: a card's field, a cell's x or y, a table row's column
_READ_FROM = {refs.Field: "card", refs.CellPart: "cell", refs.Column: "row"}


@attrs.frozen
class FnResult:
    """What is known of a function's call with arguments known alike."""
    may_fail: bool
    sure: bool  # its value is never none
    full: bool  # its value is a list none of whose items is none
    short: bool  # its value is a short text (literals and names)


_UNKNOWN = FnResult(True, False, False, False)


class QuietLogs(NoneFacts):
    """For every log line and choose's prompt of a program: the places of its parts that
    could fail."""

    def __init__(self, program: Program) -> None:
        self._fns: dict[tuple[str, Facts], FnResult] = {}
        super().__init__(program)
        self.risky: dict[int, list[int]] = {}  # id(a log line's or a prompt's text) -> places
        for unit in self._all_units():
            facts = self.facts_of(unit)
            for node in walk(unit.body):
                text = node.message if isinstance(node, ast.Log) else \
                    node.prompt if isinstance(node, ast.Choose) else None
                if text is not None:
                    self.risky[id(text)] = [i for i, p in enumerate(text_parts(text))
                                            if not isinstance(p, str) and self.may_fail(p, facts)]

    # ------------------------------------------------------------ failing
    def may_fail(self, e: ast.Expr, facts: Facts) -> bool:
        """Whether working ``e`` out could fail, knowing ``facts`` of the locals."""
        fails = self.may_fail
        match e:
            case ast.Lit():
                return False
            case ast.Name(ref=ref):
                if isinstance(ref, refs.Seat):
                    return ref.index >= self.program.min_players
                return False
            case ast.Text(parts=parts):
                return any(not isinstance(p, str) and fails(p, facts) for p in parts)
            case ast.Attr(ref=ref, obj=obj):
                if isinstance(ref, refs.Member):
                    return False
                if isinstance(ref, (refs.Field, refs.CellPart, refs.Column)):
                    kind = obj.ty.name if obj.ty is not None else None
                    return fails(obj, facts) or not self.never_none(obj, facts) \
                        or kind != _READ_FROM[type(ref)] or (kind == "card" and obj.ty.arg is None)
                return True
            case ast.Index(ref=refs.ZoneFamily(name=name), obj=obj, args=args):
                return fails(obj, facts) or self._keys_may_fail(
                    self.program.zones[name].keys, args, facts)
            case ast.Index(ref=refs.VarFamily(name=name), args=args):
                return self._keys_may_fail(self.program.vars[name].keys, args, facts)
            case ast.Call(ref=refs.Builtin(name=name), args=args):
                if any(not isinstance(a, ast.Lambda) and fails(a, facts) for a in args):
                    return True
                return self._builtin_may_fail(name, args, facts)
            case ast.Call(ref=refs.Fn(name=name), args=args):
                return any(fails(a, facts) for a in args) or self._fn(name, args, facts).may_fail
            case ast.BinOp(op="+" | "-" as op, left=left, right=right):
                if fails(left, facts) or fails(right, facts) or not (
                        self.never_none(left, facts) and self.never_none(right, facts)):
                    return True
                texts = op == "+" and self.short_text(left, facts) \
                    and self.short_text(right, facts)
                return not (texts or _small_step(left, right, op))
            case ast.Compare(op=op, left=left, right=right):
                if fails(left, facts) or fails(right, facts):
                    return True
                if op in ("==", "!="):
                    return False
                return isinstance(left, ast.TupleLit) or isinstance(right, ast.TupleLit) or not (
                    self._orderable(left, facts) and self._orderable(right, facts)
                    and same_type(left, right))  # (the rules order no tuples: sort does)
            case ast.In(item=item, coll=coll):
                return fails(item, facts) or fails(coll, facts) or coll.ty is None \
                    or coll.ty.name not in ("list", "zone", "family")
            case ast.Is(obj=obj) | ast.Not(operand=obj):
                return fails(obj, facts)
            case ast.BoolOp(op=op, left=left, right=right):
                yes, no = self.narrowed(left, facts)
                return fails(left, facts) or fails(right, yes if op == "and" else no)
            case ast.IfExpr(cond=cond, then=then, other=other):
                yes, no = self.narrowed(cond, facts)
                return fails(cond, facts) or fails(then, yes) or fails(other, no)
            case ast.ListLit(items=items) | ast.TupleLit(items=items):
                return any(fails(x, facts) for x in items)
            case ast.Range(lo=ast.Lit(value=int() as lo), hi=ast.Lit(value=int() as hi)):
                return hi - lo >= SMALL  # (a range written in numbers: only a huge one fails)
            case ast.Comprehension():
                inner = self.comprehension_facts(e, facts)
                return inner is None or fails(e.elt, inner)
        return True

    def comprehension_facts(self, e: ast.Comprehension, facts: Facts) -> Facts | None:
        """The facts inside a comprehension, or None when going through it could fail (an
        iterable that could fail or is not a list or zone, a condition that could fail)."""
        for clause in e.fors:
            ty = clause.iter.ty.name if clause.iter.ty is not None else None
            if self.may_fail(clause.iter, facts) or ty not in ("list", "zone", "family"):
                return None
            if self.items_sure(clause.iter, facts) and len(clause.slots) == 1:
                facts = facts.with_sure(clause.slots)
            if clause.cond is not None and self.may_fail(clause.cond, facts):
                return None
        return facts

    def keys_known(self, unit: Any, keys: list[Any], args: list[ast.Expr]) -> bool:
        """Whether ``args``, in ``unit``, are keys a family kept per ``keys`` surely has."""
        return not self._keys_may_fail(keys, args, self.facts_of(unit))

    def _keys_may_fail(self, keys: list[Any], args: list[ast.Expr], facts: Facts) -> bool:
        if len(keys) != len(args):
            return True
        for key, arg in zip(keys, args, strict=True):
            if self.may_fail(arg, facts) or not self.never_none(arg, facts):
                return True
            domain = key.domain
            if domain in ("player", "seat"):
                if not self.players_only or arg.ty is None or arg.ty.name != "seat":
                    return True
            elif isinstance(domain, str):  # an enum: one of its members
                if arg.ty is None or arg.ty.name != "enum" or arg.ty.arg != domain:
                    return True
            else:  # a range of numbers: a number written in it
                lo, hi = domain.lo, domain.hi
                if not (isinstance(arg, ast.Lit) and isinstance(lo, ast.Lit)
                        and isinstance(hi, ast.Lit) and lo.value <= arg.value <= hi.value):
                    return True
        return False

    def _builtin_may_fail(self, name: str, args: list[ast.Expr], facts: Facts) -> bool:
        if name in _TAKE_ANYTHING:
            return name == "index_of" and len(args) != 2
        if name == "sum":  # numbers, none of them none (the sum's size is a limit: not looked for)
            return not (len(args) == 1 and self.items_sure(args[0], facts)
                        and _element_ordered(args[0]) and args[0].ty.arg.name == "int")
        if name == "join":
            return len(args) > 1 and not isinstance(args[1], ast.Lit)
        if name in _TAKE_A_ZONE or name in _TAKE_A_GRID:
            zone = args[0] if args else None
            return zone is None or zone.ty is None or zone.ty.name != "zone" \
                or not self.never_none(zone, facts) or any(
                    not self.never_none(a, facts) for a in args[1:]) \
                or (name in _TAKE_A_GRID and not self._bounded_grid(zone))
        if name in ("next", "previous", "order_from"):  # a player's neighbour: a seat of the game
            return not (self.players_only and len(args) == 1 and args[0].ty is not None
                        and args[0].ty.name == "seat" and self.never_none(args[0], facts))
        if name == "cell":
            return len(args) != 2 or not all(
                a.ty is not None and a.ty.name == "int" and self.never_none(a, facts)
                for a in args)
        if name in ("sort", "argmax", "argmin") and args:
            if len(args) == 1:
                return not (self.items_sure(args[0], facts) and _element_ordered(args[0]))
            key = args[1]
            if not isinstance(key, ast.Lambda):
                return True
            inner = facts.with_sure([key.slot]) if self.items_sure(args[0], facts) else facts
            return self.may_fail(key.body, inner) or not self._orderable(key.body, inner)
        return True

    def _bounded_grid(self, zone: ast.Expr) -> bool:
        """A zone (or a family's zone) declared a grid with a width and a height."""
        ref = zone.ref if isinstance(zone, ast.Name) else \
            zone.ref if isinstance(zone, ast.Index) else None
        if not isinstance(ref, (refs.Zone, refs.ZoneFamily)):
            return False
        info = self.program.zones[ref.name]
        return info.kind == "grid" and info.width is not None and info.height is not None

    def _orderable(self, e: ast.Expr, facts: Facts) -> bool:
        """A value Python's sort orders with any other of its type: a number, a text or a
        member that is not none, or a tuple of such."""
        if isinstance(e, ast.TupleLit):
            return all(self._orderable(x, facts) for x in e.items)
        return e.ty is not None and e.ty.name in _ORDERED and self.never_none(e, facts)

    def _fn(self, name: str, args: list[ast.Expr], facts: Facts) -> FnResult:
        """What is known of calling the function ``name`` with ``args``."""
        fn = self.program.fns[name]
        if len(args) != len(fn.params):
            return _UNKNOWN
        given = self._given(args, fn.params, facts)
        key = (name, given)
        found = self._fns.get(key)
        if found is None:
            self._fns[key] = _UNKNOWN  # (calling itself: nothing known)
            inner = self.unit_facts([fn.lets, fn.body], given, range(len(fn.params)))
            found = FnResult(
                any(self.may_fail(let.value, inner) for let in fn.lets)
                or self.may_fail(fn.body, inner),
                self.never_none(fn.body, inner), self.items_sure(fn.body, inner),
                self.short_text(fn.body, inner))
            self._fns[key] = found
        return found

    def short_text(self, e: ast.Expr, facts: Facts) -> bool:
        """A text made of literals and the names of values (a member, a seat, a number), so
        far below the longest text that joining two cannot reach it."""
        match e:
            case ast.Lit(value=str()):
                return True
            case ast.Text(parts=parts):
                return all(isinstance(p, str) or (p.ty is not None and p.ty.name in _SCALARS)
                           or self.short_text(p, facts) for p in parts)
            case ast.Call(ref=refs.Builtin(name="text"), args=[arg]):
                return arg.ty is not None and arg.ty.name in _SCALARS
            case ast.Call(ref=refs.Fn(name=name), args=args):
                return self._fn(name, args, facts).short
            case ast.IfExpr(cond=cond, then=then, other=other):
                yes, no = self.narrowed(cond, facts)
                return self.short_text(then, yes) and self.short_text(other, no)
            case ast.BinOp(op="+", left=left, right=right):
                return self.short_text(left, facts) and self.short_text(right, facts)
        return False


def _small_step(left: ast.Expr, right: ast.Expr, op: str) -> bool:
    """A sum or difference the compiler leaves unchecked: a number and a small number
    written in the rules (the other side of ``+``, or what ``-`` takes away)."""
    def small(x: ast.Expr) -> bool:
        return isinstance(x, ast.Lit) and type(x.value) is int and abs(x.value) <= SMALL

    def number(x: ast.Expr) -> bool:
        return x.ty is not None and x.ty.name == "int"
    return (small(right) and number(left)) or (op == "+" and small(left) and number(right))


def _element_ordered(e: ast.Expr) -> bool:
    ty = e.ty
    return ty is not None and ty.name == "list" and ty.arg is not None \
        and ty.arg.name in _ORDERED


def text_parts(text: ast.Expr) -> list[str | ast.Expr]:
    """A message's parts: a text's literal pieces and the expressions in its braces."""
    return text.parts if isinstance(text, ast.Text) else [text]


def risky_parts(message: ast.Expr, min_players: int) -> list[int]:
    """Every part but literals and names (a message no ``QuietLogs`` went through: each
    part that is not plainly safe)."""
    return [i for i, p in enumerate(text_parts(message)) if not isinstance(p, str) and not (
        isinstance(p, ast.Lit) or (isinstance(p, ast.Name) and not (
            isinstance(p.ref, refs.Seat) and p.ref.index >= min_players)))]
