"""What a ruleset's locals, variables and fields surely hold: no none (quiet_log.py's proofs
stand on these facts).

A local is not none when every binding of its slot in the whole unit gives a value that is not
none: a loop's or a comprehension's name over a zone, a range, an enum or the players, a
choose's answer with no pass, a card created, a value known not to be none; a rule's parameter
when every call gives one (a greatest fixpoint over the calls); a variable when its declared
value and every ``=`` to it are not none; a card's fixed field when every ``create`` of its kind
gives it such a value; the other side of ``x == none``. A card is known of the kind its type
says only where nothing of another kind can stand for it (a zone's cards, a card created).
"""
from __future__ import annotations

from collections.abc import Container, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.quiet_log import FnResult
    from rulelang.language.checker import Program

MOST_ROUNDS = 64  # rounds of the rules' parameters' fixpoint: past them, none is known

# builtins whose value is never none (when they do not fail)
_NEVER_NONE = frozenset({"size", "count", "empty", "any", "all", "sum", "abs", "index_of",
                         "text", "join", "cells", "occupied", "empty_cells", "neighbours",
                         "others", "order_from", "cards", "sort", "reverse", "unique",
                         "distinct", "pairs", "in_bounds", "adjacent", "connected", "groups",
                         "knows", "cell", "argmax", "argmin", "at", "placements", "next",
                         "previous"})
# builtins whose items are never none: a zone's cards, cells, seats
_ITEMS_NEVER_NONE = frozenset({"cards", "cells", "occupied", "empty_cells", "others",
                               "order_from", "neighbours", "at"})


@attrs.frozen
class Facts:
    """What is known of a unit's locals: the slots that hold no none, and those holding
    a list none of whose items is none."""
    sure: frozenset[int] = frozenset()
    full: frozenset[int] = frozenset()

    def with_sure(self, slots: Iterable[int]) -> Facts:
        return Facts(self.sure | frozenset(slots), self.full)


class NoneFacts:
    """The facts of a program's units (mixed into ``quiet_log.QuietLogs``)."""

    def __init__(self, program: Program) -> None:
        self.program = program
        self.players_only = not program.dummies  # (a seat is then always a player's)
        self._fields: dict[tuple[str, str], bool] = {}
        self._vars: dict[str, bool] = {}
        self._unit_facts: dict[int, Facts] = {}  # id(a unit) -> its facts (``facts_of``)
        self.params: dict[str, Facts] = {}
        self.params = self._rule_params()

    if TYPE_CHECKING:
        def _fn(self, name: str, args: list[ast.Expr], facts: Facts) -> FnResult: ...

        def comprehension_facts(self, e: ast.Comprehension, facts: Facts) -> Facts | None: ...

    # ------------------------------------------------------------ a unit's locals
    def _rule_params(self) -> dict[str, Facts]:
        """Each rule's parameters that every call gives a value that is not none (a
        greatest fixpoint: a rule runs only when a call of it does)."""
        rules = self.program.rules
        params = {name: Facts(frozenset(range(len(d.params))), frozenset(range(len(d.params))))
                  for name, d in rules.items()}
        self.params = params
        changed, rounds = True, 0
        while changed:
            changed, rounds = False, rounds + 1
            if rounds > MOST_ROUNDS:  # (a long chain of calls: known of none, as is sound)
                empty = Facts()
                self.params = params = dict.fromkeys(rules, empty)
                return params
            for unit in self._all_units():
                facts = self._facts_of(unit)
                for node in walk(unit.body):
                    if isinstance(node, ast.Call) and isinstance(node.ref, refs.Rule):
                        name, args = node.ref.name, node.args
                        given = self._given(args, rules[name].params, facts)
                        kept = Facts(params[name].sure & given.sure, params[name].full & given.full)
                        if kept != params[name]:
                            params[name], changed = kept, True
        return params

    def facts_of(self, unit: Any) -> Facts:
        """A unit's facts once its rules' parameters are known, worked out once."""
        found = self._unit_facts.get(id(unit))
        if found is None:
            found = self._unit_facts[id(unit)] = self._facts_of(unit)
        return found

    def _facts_of(self, unit: Any, pessimistic: bool = False) -> Facts:
        """A unit's facts: a rule's parameters as every call gives them (``pessimistic``:
        not known), a trigger's names for the card and the zone's keys as never none."""
        if isinstance(unit, ast.RuleDecl):
            given = Facts() if pessimistic else self.params[unit.name]
            return self.unit_facts(unit.body, given, range(len(unit.params)))
        if isinstance(unit, ast.TriggerDecl):
            named = {k.binds for k in unit.binders if k.binds is not None}
            if unit.card_slot is not None:
                named.add(unit.card_slot)
            return self.unit_facts(unit.body, Facts(frozenset(named)), named)
        return self.unit_facts(unit.body)

    def _given(self, args: list[ast.Expr], params: list[ast.Param], facts: Facts) -> Facts:
        """The parameters a call's arguments give values that are not none (a card: of the
        kind the parameter says, as the field reads in the body trust; the checker lets a
        card of any kind stand for one)."""
        kept = [i for i, (a, p) in enumerate(zip(args, params, strict=False))
                if _kind_kept(p.type, a, self.program.cards)]
        return Facts(frozenset(i for i in kept if self.never_none(args[i], facts)),
                     frozenset(i for i in kept if self.items_sure(args[i], facts)))

    def unit_facts(self, body: Any, given: Facts = Facts(),
                   outside: Container[int] = ()) -> Facts:
        """The slots of a unit none of whose bindings can be none, those bound from
        ``outside`` (its parameters) as ``given`` says besides (a greatest fixpoint: every
        slot is bound before it is read, so each has a binding of its own). A binding that
        a ``return`` if it is none follows (nothing between reading it) counts as not none."""
        sources: dict[int, list[tuple[str, Any]]] = {}
        guarded = _guarded(body)
        for node in walk(body):
            for slot, how, source in _bindings(node, self.program.cards):
                kept = "made" if (id(node), slot) in guarded else how
                sources.setdefault(slot, []).append((kept, source))
        facts = Facts(given.sure | frozenset(sources), given.full | frozenset(sources))
        while True:
            sure = frozenset(s for s in facts.sure if (s not in outside or s in given.sure) and all(
                self._binds_sure(how, src, facts) for how, src in sources.get(s, ())))
            full = frozenset(s for s in facts.full if (s not in outside or s in given.full) and all(
                self._binds_full(how, src, facts) for how, src in sources.get(s, ())))
            if sure == facts.sure and full == facts.full:
                return facts
            facts = Facts(sure, full)

    def _binds_sure(self, how: str, source: Any, facts: Facts) -> bool:
        if how in ("made", "number", "changed"):
            return True
        if how == "item":
            return self.items_sure(source, facts)
        return how == "value" and self.never_none(source, facts)

    def _binds_full(self, how: str, source: Any, facts: Facts) -> bool:
        return how == "value" and self.items_sure(source, facts)

    # ------------------------------------------------------------ values
    def never_none(self, e: ast.Expr, facts: Facts) -> bool:
        """Whether ``e``'s value, when working it out does not fail, is not none."""
        match e:
            case ast.Lit(value=value):
                return value is not None
            case ast.Name(ref=ref):
                if isinstance(ref, refs.Local):
                    return ref.slot in facts.sure
                if isinstance(ref, refs.Var):
                    return self._var_sure(ref.name)
                return isinstance(ref, (refs.Member, refs.Zone, refs.ZoneFamily, refs.Enum,
                                        refs.Seat)) or (
                    isinstance(ref, refs.Builtin) and ref.name != "dummies")
            case ast.Attr(ref=ref):
                if isinstance(ref, (refs.Member, refs.CellPart)):
                    return True
                if isinstance(ref, refs.Column):
                    return self._column_sure(e)
                if e.ty is not None and e.ty.name == "card":
                    return False  # (a card held in a field: of any kind)
                return isinstance(ref, refs.Field) and self._fixed_field_sure(e)
            case ast.Call(ref=refs.Builtin(name=name)):
                return name in _NEVER_NONE
            case ast.Call(ref=refs.Fn(name=name), args=args):
                return self._fn(name, args, facts).sure
            case ast.IfExpr():
                yes, no = self.narrowed(e.cond, facts)
                return self.never_none(e.then, yes) and self.never_none(e.other, no)
            case ast.BinOp() | ast.Compare() | ast.In() | ast.Is() | ast.BoolOp() | ast.Not() \
                    | ast.Neg() | ast.Text() | ast.ListLit() | ast.TupleLit() | ast.Range() \
                    | ast.Comprehension():
                return True
            case ast.Index(ref=refs.ZoneFamily()):
                return True
            case ast.Index(ref=refs.VarFamily(name=name)):
                return self._var_sure(name)
            case ast.Index(obj=ast.Name(ref=refs.Option(name=name))):
                return self._option_items_sure(name)
        return False

    def _option_items_sure(self, name: str) -> bool:
        """A list option whose every item must be one of its allowed values, none of them
        none (a range of numbers, a list of values written, an enum's members)."""
        option = self.program.options.get(name)
        allowed = option.decl.allowed if option is not None else None
        return isinstance(allowed, ast.Range) or (isinstance(allowed, ast.Name) and isinstance(
            allowed.ref, refs.Enum)) or (isinstance(allowed, ast.ListLit) and all(
                isinstance(x, ast.Lit) and x.value is not None for x in allowed.items))

    def items_sure(self, e: ast.Expr, facts: Facts) -> bool:
        """Whether ``e`` is a list (or a zone) none of whose items is none."""
        ty = e.ty.name if e.ty is not None else None
        if ty in ("zone", "family"):
            return True
        match e:
            case ast.Range():
                return True
            case ast.Name(ref=ref):
                if isinstance(ref, refs.Local):
                    return ref.slot in facts.full
                return isinstance(ref, (refs.Enum, refs.Table)) or (
                    isinstance(ref, refs.Builtin) and ref.name == "players")
            case ast.Call(ref=refs.Builtin(name=name), args=args):
                if name in _ITEMS_NEVER_NONE:
                    return True
                return name in ("sort", "reverse", "unique", "distinct") and bool(args) \
                    and self.items_sure(args[0], facts)
            case ast.ListLit(items=items):
                return all(self.never_none(x, facts) for x in items)
            case ast.Call(ref=refs.Fn(name=name), args=args):
                return self._fn(name, args, facts).full
            case ast.Comprehension():
                inner = self.comprehension_facts(e, facts)
                return inner is not None and self.never_none(e.elt, inner)
        return False

    def _fixed_field_sure(self, e: ast.Attr) -> bool:
        """A card's fixed field every ``create`` of its kind gives a value that is not none."""
        ty = e.obj.ty
        if ty is None or ty.name != "card" or ty.arg is None:
            return False
        key = (ty.arg, e.name)
        found = self._fields.get(key)
        if found is None:
            self._fields[key] = False  # (while it is worked out)
            found = self._fields[key] = self._every_create_sets(ty.arg, e.name)
        return found

    def _var_sure(self, name: str) -> bool:
        """A variable (or one kept per key) that starts as a value that is not none and is
        never set to none: its declared value, and every ``=`` to it, are not none."""
        found = self._vars.get(name)
        if found is None:
            self._vars[name] = False  # (while it is worked out)
            found = self._vars[name] = self._every_set_sure(name)
        return found

    def _every_set_sure(self, name: str) -> bool:
        info = self.program.vars.get(name)
        if info is None or info.init is None or not self.never_none(info.init, Facts()) \
                or (info.type.name == "card"):  # (a card of any kind may be put in it)
            return False
        for unit in self._all_units():
            facts: Facts | None = None
            for node in walk(unit.body):
                if not isinstance(node, ast.Assign) or node.op != "=" or not isinstance(
                        node.target.ref, (refs.Var, refs.VarFamily)) \
                        or node.target.ref.name != name:
                    continue
                if facts is None:  # (its parameters not known: this is kept)
                    facts = self._facts_of(unit, pessimistic=True)
                if not self.never_none(node.value, facts):
                    return False
        return True

    def _column_sure(self, e: ast.Attr) -> bool:
        """A table's column none of whose cells is none (``row.column``)."""
        ty = e.obj.ty
        return ty is not None and ty.name == "row" and self._named_column_sure(ty.arg, e.name)

    def _table_column_sure(self, table: ast.Expr, column: str) -> bool:
        """``create K from TABLE``: the column that gives a field, none of its cells none."""
        return isinstance(table, ast.Name) and isinstance(table.ref, refs.Table) \
            and self._named_column_sure(table.ref.name, column)

    def _named_column_sure(self, name: str | None, column: str) -> bool:
        table = self.program.tables.get(name) if name is not None else None
        if table is None or column not in table.columns:
            return False
        at = list(table.columns).index(column)
        cells = [row[at] if len(row) > at else None for row in table.rows]
        return all((isinstance(c, ast.Lit) and c.value is not None)
                   or (isinstance(c, ast.Name) and isinstance(c.ref, refs.Member)) for c in cells)

    def _every_create_sets(self, kind: str, field: str) -> bool:
        card = self.program.cards.get(kind)
        if card is None or any(f.name == field and f.mutable for f in card.decl.fields):
            return False
        for unit in self._all_units():
            facts: Facts | None = None
            for node in walk(unit.body):
                if isinstance(node, ast.CreateFrom) and node.kind == kind:
                    if not self._table_column_sure(node.table, field):
                        return False
                    continue
                if isinstance(node, ast.Create) and node.kind == kind:
                    given = [v for name, v, _ in node.fields if name == field]
                    if facts is None:  # (its parameters not known: this is kept)
                        facts = self._facts_of(unit, pessimistic=True)
                    if not given or not self.never_none(given[0], facts):
                        return False
        return True

    def _all_units(self) -> list[Any]:
        program = self.program
        units = [*program.rules.values(), *program.blocks.values(), *program.triggers]
        if program.campaign is not None and program.campaign.after is not None:
            units.append(program.campaign.after)
        return units

    def narrowed(self, cond: ast.Expr, facts: Facts) -> tuple[Facts, Facts]:
        """The facts where ``cond`` holds, and where it does not: ``x == none`` and
        ``x != none`` (and ``and`` of such) tell whether a local is none."""
        match cond:
            case ast.Compare(op="==" | "!=" as op, left=left, right=right):
                slot = _local_against_none(left, right)
                if slot is not None:
                    known = facts.with_sure([slot])
                    return (facts, known) if op == "==" else (known, facts)
            case ast.BoolOp(op="and", left=left, right=right):
                yes, _ = self.narrowed(left, facts)
                yes, _ = self.narrowed(right, yes)
                return yes, facts
            case ast.Not(operand=operand):
                yes, no = self.narrowed(operand, facts)
                return no, yes
        return facts, facts


def _bindings(node: ast.Node, kinds: Container[str]) -> Iterable[tuple[int, str, Any]]:
    """(slot, how, source) for each local a node binds: "value" (the source's value),
    "item" (an item of the source), "made" (a card created, a sum: not none), "number",
    "changed" (an item of it set: still a list); "unknown" else."""
    match node:
        case ast.Let(slot=slot, value=value) if slot is not None:
            yield slot, ("value" if _kind_kept(node.type, value, kinds) else "unknown"), value
        case ast.Assign(target=ast.Name(ref=refs.Local(slot=slot)) as target, op=op,
                        value=value):
            kept = target.ty is None or target.ty.name != "card" or same_type(target, value)
            yield slot, ("made" if op != "=" else "value" if kept else "unknown"), value
        case ast.Assign(target=ast.Index(obj=ast.Name(ref=refs.Local(slot=slot)))):
            yield slot, "changed", None  # (an item set: the list may hold none now)
        case ast.For(slots=slots, iter=it):
            for slot in slots:
                yield slot, ("item" if len(slots) == 1 else "unknown"), it
        case ast.Comprehension(fors=fors):
            for clause in fors:
                for slot in clause.slots:
                    yield slot, ("item" if len(clause.slots) == 1 else "unknown"), clause.iter
        case ast.Choose(slot=slot, options=options) if slot is not None:
            plain = not node.can_pass and node.pass_if is None and node.each is None
            yield slot, ("item" if plain else "unknown"), options
            if node.each_slot is not None:
                yield node.each_slot, "unknown", None
        case ast.Repeat(slot=slot) if slot is not None:
            yield slot, "number", None
        case ast.Create(slot=slot) if slot is not None:
            yield slot, "made", None
        case ast.Call(args=args):
            for arg in args:
                if isinstance(arg, ast.Lambda) and arg.slot is not None:
                    yield arg.slot, "item", args[0]


def _guarded(body: Any) -> set[tuple[int, int]]:
    """(id of a statement, slot) for each binding a ``return`` (``break``, ``continue``)
    follows when it is none, in the same list of statements, nothing between reading or
    setting the slot: ``choose x in ... pass`` then ``if x == none { return }`` (or ``x ==
    none or ...``)."""
    lists = [body] if isinstance(body, list) else []
    for node in walk(body):
        if isinstance(node, ast.If):
            lists += [b for _, b in node.branches] + ([node.other] if node.other else [])
        elif isinstance(inner := getattr(node, "body", None), list):
            lists.append(inner)
    found: set[tuple[int, int]] = set()
    for stmts in lists:
        for i, stmt in enumerate(stmts):
            if not isinstance(stmt, (ast.Let, ast.Assign, ast.Choose)):
                continue
            for slot, _, _ in _bindings(stmt, ()):
                for after in stmts[i + 1:]:
                    if _leaves_if_none(after, slot):
                        found.add((id(stmt), slot))
                    if _reads(after, slot):
                        break
    return found


def _leaves_if_none(stmt: ast.Stmt, slot: int) -> bool:
    """``if x == none { ... return }``: what follows in the statement's list runs only when x
    is not none. (Not ``break`` or ``continue``: x may be none after the loop, and a binding
    before the loop is read in its next round before it is bound again.)"""
    if not isinstance(stmt, ast.If) or len(stmt.branches) != 1 or stmt.other:
        return False
    cond, body = stmt.branches[0]
    return bool(body) and isinstance(body[-1], ast.Return) and _none_test(cond, slot)


def _none_test(cond: ast.Expr, slot: int) -> bool:
    """``x == none`` for the slot, alone or as one side of ``or``s (the right side only
    where the left does not read x: there x may still be none)."""
    if isinstance(cond, ast.Compare) and cond.op == "==":
        return _local_against_none(cond.left, cond.right) == slot
    if isinstance(cond, ast.BoolOp) and cond.op == "or":
        return _none_test(cond.left, slot) or (
            _none_test(cond.right, slot) and not _reads(cond.left, slot))
    return False


def _reads(stmt: ast.Stmt | ast.Expr, slot: int) -> bool:
    """Whether a statement reads or sets the slot (anywhere inside it)."""
    for n in walk(stmt):
        if isinstance(n, ast.Name) and isinstance(n.ref, refs.Local) and n.ref.slot == slot:
            return True
        if any(s == slot for s, _, _ in _bindings(n, ())):
            return True
    return False


def _kind_kept(declared: ast.TypeRef | None, value: ast.Expr, kinds: Container[str]) -> bool:
    """A value given to a name declared ``declared``: not a card of the kind (of ``kinds``)
    declared unless the value's own type is that kind (a card of any kind fits the
    declared one)."""
    if declared is None or declared.name not in kinds:
        return True
    return value.ty is not None and value.ty.name == "card" and value.ty.arg == declared.name


def _local_against_none(left: ast.Expr, right: ast.Expr) -> int | None:
    for a, b in ((left, right), (right, left)):
        if isinstance(b, ast.Lit) and b.value is None and isinstance(a, ast.Name) \
                and isinstance(a.ref, refs.Local):
            return a.ref.slot
    return None


def same_type(a: ast.Expr, b: ast.Expr) -> bool:
    return a.ty is not None and b.ty is not None and a.ty.name == b.ty.name \
        and a.ty.arg == b.ty.arg
