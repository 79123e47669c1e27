"""The checker: every name defined, every type right, every rule reachable.

It walks the whole ruleset once, reports every problem it finds (up to a cap)
and hands the interpreter a ``Program``: the declarations sorted by kind, with
each expression annotated (see ``expressions``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import attrs

from rulelang.language import ast
from rulelang.language import types as T
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.checker.campaign_block import CampaignChecker
from rulelang.language.checker.checker_base import Hint
from rulelang.language.checker.constants import UNKNOWN, fold, shown
from rulelang.language.checker.endings import EndingChecker
from rulelang.language.checker.expressions import BUILTIN_VALUES, ExprChecker, Scope, Unit
from rulelang.language.checker.flow import check_flow
from rulelang.language.checker.kinds_seen import mixed_kind_shuffles
from rulelang.language.checker.statements import StmtChecker
from rulelang.language.checker.telling import TellingChecker
from rulelang.language.checker.zones import VarInfo, ZoneChecker, ZoneInfo
from rulelang.language.errors import CheckError, Diagnostic, Fix, Span, span_text, suggest
from rulelang.language.teaching import problems as teaching_problems
from rulelang.language.traversal import walk

MAX_ERRORS = 30
# A card's view (see views in interpreter/) is one record holding its fields next to these
# keys, so a field cannot take their names: key -> (what the key holds, a name to use instead).
# what to write when an unknown name is close to no known one
DECLARE_HINTS = {
    "card kind": "declare it first: card {name} {{ rank: int }}",
    "zone": "declare it: zone {name}: pile of CARDKIND (or hand, row, grid)",
    "variable": "declare it: var {name}: int = 0",
    "function": "declare it: fn {name}(x: int) = ..., or use a built-in function",
    "type": "a type is int, bool, text, player, a card kind, an enum or list of one",
}

RESERVED_FIELDS = {
    "name": ("the name it is shown by (the clause name \"...\")", "title"),
    "kind": ("its card kind", "sort"),
    "symbol": ("its mark on a grid (the clause symbol ...)", "mark"),
    "tint": ("the colour it is drawn in (the clause tint ...)", "colour"),
    "hidden": ("saying it is face down", "face_down"),
    "note": ("a few words shown beside it (the clause note ...)", "remark"),
    "drawing": ("the shape drawn with it (the clause drawing ...)", "picture"),
    "edges": ("the texts on its four edges (the clause edges ...)", "sides"),
}


@attrs.define(eq=False)
class Symbol:
    kind: str  # enum member card table zone family var varfam const option fn rule dummy
    name: str
    type: T.Type
    decl: ast.Node | str  # the declaration; for an enum member, the enum's name
    span: Span | None
    decl_keys: list[T.Type] = attrs.field(factory=list)
    library: bool = False


@attrs.define(eq=False)
class CardKind:
    name: str
    fields: dict[str, FieldInfo]  # by name
    label: ast.Expr | None
    decl: ast.CardDecl
    # fixed field -> global slot, for name and var starts
    slots: dict[str, int] = attrs.field(factory=dict)
    # every field -> global slot, for display hints
    hint_slots: dict[str, int] = attrs.field(factory=dict)


@attrs.define(eq=False)
class FieldInfo:
    name: str
    type: T.Type
    mutable: bool
    init: ast.Expr | None


@attrs.frozen
class OptionInfo:
    decl: ast.OptionDecl
    type: T.Type


@attrs.define(eq=False)
class TableInfo:
    name: str
    columns: dict[str, T.Type]  # by name
    order: list[str]
    rows: list[list[ast.Expr]]
    decl: ast.TableDecl


@attrs.define(eq=False)
class Program:
    """What the interpreter needs from a checked ruleset."""
    title: str = "untitled"
    min_players: int = 2
    max_players: int = 2
    cooperative: bool = False
    talk: list[str] = attrs.field(factory=list)  # what the players may say to each other
    dummies: list[ast.DummyDecl] = attrs.field(factory=list)
    options: dict[str, OptionInfo] = attrs.field(factory=dict)
    enums: dict[str, list[str]] = attrs.field(factory=dict)  # name -> its members
    cards: dict[str, CardKind] = attrs.field(factory=dict)
    tables: dict[str, TableInfo] = attrs.field(factory=dict)
    zones: dict[str, ZoneInfo] = attrs.field(factory=dict)
    vars: dict[str, VarInfo] = attrs.field(factory=dict)
    consts: list[ast.ConstDecl] = attrs.field(factory=list)
    fns: dict[str, ast.FnDecl] = attrs.field(factory=dict)
    rules: dict[str, ast.RuleDecl] = attrs.field(factory=dict)
    # "setup" / "play" / "turn" / "end" / "after" -> its block
    blocks: dict[str, ast.BlockDecl] = attrs.field(factory=dict)
    triggers: list[ast.TriggerDecl] = attrs.field(factory=list)
    ends: list[ast.EndDecl] = attrs.field(factory=list)
    requires: list[ast.RequireDecl] = attrs.field(factory=list)  # checked as a game starts
    scores: list[ast.ScoreDecl] = attrs.field(factory=list)
    told_fields: list[str] = attrs.field(factory=list)  # card fields `tell [whether] c.FIELD [== V]` tells
    global_slots: int = 0
    campaign: CampaignInfo | None = None  # when the rules declare a campaign
    sources: dict[str, str] = attrs.field(factory=dict)
    main_file: str = ""
    warnings: list[Diagnostic] = attrs.field(factory=list)  # the information-flow check's
    teaching: list[ast.Explain] = attrs.field(factory=list)  # the rulebook's text (teaching.py)

    def body_nodes(self, fns: bool = False) -> list[ast.Node]:
        """Every node in the bodies of the blocks, rules and triggers (and functions, with
        ``fns``), in that order, each before the nodes inside it (``traversal.walk``)."""
        bodies: list[object] = [b.body for b in self.blocks.values()]
        bodies += [d.body for d in self.rules.values()] + [t.body for t in self.triggers]
        if fns:
            bodies += self.fns.values()
        return [n for body in bodies for n in walk(body)]


@attrs.define
class CampaignInfo:
    """A checked ``campaign { ... }``: its variables, the option its next game is chosen
    by and the values offered (an expression), and its ``after`` block."""
    decl: ast.CampaignDecl
    vars: list[str] = attrs.field(factory=list)  # names, in order
    offer: ast.OfferDecl | None = None
    after: ast.BlockDecl | None = None


def in_column_order(found: list[Diagnostic]) -> list[Diagnostic]:
    """``found``, each run of problems on one line in the order of their columns: the
    checker says them as it meets them (a statement's value after the names in it), and a
    reader goes along the line. Lines keep the order they were said in."""
    out: list[Diagnostic] = []
    for d in found:
        i, span = len(out), d.span
        while span is not None and i:  # back past the same line's problems further along
            before = out[i - 1].span
            if before is None or (before.file, before.line) != (span.file, span.line) \
                    or before.col <= span.col:
                break
            i -= 1
        out.insert(i, d)
    return out


class Checker(ExprChecker, EndingChecker, TellingChecker, StmtChecker, ZoneChecker,
              CampaignChecker):
    def __init__(self, modules: list[ast.Module], sources: dict[str, str]) -> None:
        self.modules = modules
        self.main_file = modules[0].file
        self.program = Program(sources=sources, main_file=self.main_file)
        self.diagnostics: list[Diagnostic] = []
        self.more_errors = 0  # past MAX_ERRORS: counted, not shown
        self.rechecking = False  # checking copies: say nothing new where an error was said
        self.library = False  # checking a library (the standard library's files): no game
        self.symbols: dict[str, Symbol] = {}
        self.dummies = 0  # symbols of kind "dummy", counted as defined (read per declaration)
        self.ambiguous: dict[str, set[str]] = {}
        self.enums = self.program.enums
        self.made: dict[str, int] = {}  # "zones", "values of variables" -> how many declared so far
        self.cards = self.program.cards
        self.tables = self.program.tables
        self.global_unit = Unit("<top level>", "global")
        self.consts_done: set[str] = set()
        self.option_worked_out: str | None = None  # the option whose default or values are checked
        self.open_blocks: list[list[ast.Stmt]] = []  # the blocks being checked, outermost first
        self.fn_types: dict[int, T.Type] = {}
        self.fn_checking: set[int] = set()
        self.calls: dict[str, set[str]] = {}
        self.rules_as_values: set[str] = set()  # rules written as a value (said once: not unused)
        self.rule_call_site: ast.Call | None = None  # the call a let, assignment or return gives as value
        self.returning: ast.RuleDecl | None = None  # the rule being checked (its ``-> TYPE``)
        self.display_scopes: dict[str, Scope] = {}  # card kind -> the scope its display hints read

    # ------------------------------------------------------------ reporting
    def error(self, span: Span | None, message: str, hint: Hint = None,
              fix: Fix | None = None) -> None:
        """Record an error; a hint may be a ``suggest(...)``, worked out only if shown; a fix
        is what to write instead (an old spelling's new one)."""
        if any(d.span == span and (d.message == message or self.rechecking)
               for d in self.diagnostics):
            return  # the same mistake met twice (a choose's `where` is checked in two places)
        if len(self.diagnostics) < MAX_ERRORS:
            self.diagnostics.append(Diagnostic(message, span, hint() if callable(hint) else hint,
                                               fix=fix))
        else:
            self.more_errors += 1

    def source_of(self, span: Span | None, longest: int = 30) -> str | None:
        """The text of a short one-line span, to quote it in a hint (else None)."""
        text = self.program.sources.get(span.file) if span else None
        if text is None or span is None or span.line != span.end_line or span.end_col - span.col > longest:
            return None
        lines = text.splitlines()
        return lines[span.line - 1][span.col - 1:span.end_col - 1] if span.line <= len(lines) \
            else None

    def written(self, span: Span) -> str:
        """The source text of a span, as written."""
        return span_text(self.program.sources, span) or ""

    def unknown(self, span: Span | None, name: str, what: str,
                candidates: Iterable[str]) -> None:
        close = suggest(name, candidates)
        declare = DECLARE_HINTS.get(what)
        if declare is None:
            self.error(span, f"unknown {what} '{name}'", close)
            return
        # a did-you-mean when a known name is close, else how to declare it
        self.error(span, f"unknown {what} '{name}'",
                   lambda: close() or declare.format(name=name))

    # ------------------------------------------------------------ entry
    def run(self) -> Program:
        decls: list[tuple[ast.Decl, bool]] = []
        for m in self.modules:
            for d in m.decls:
                if isinstance(d, ast.CampaignDecl):  # its items are declarations of their own
                    self.declare_campaign(d)
                    decls.extend((item, m.file != self.main_file) for item in d.items)
                else:
                    decls.append((d, m.file != self.main_file))
        for d, library in decls:
            self.declare(d, library)
        order = (ast.EnumDecl, ast.OptionDecl, ast.CardDecl, ast.TableDecl, ast.ConstDecl,
                 ast.DummyDecl, ast.ZoneDecl, ast.VarDecl, ast.FnDecl, ast.RuleDecl,
                 ast.BlockDecl, ast.TriggerDecl, ast.EndDecl, ast.ScoreDecl, ast.RequireDecl,
                 ast.OfferDecl)
        for kind in order:
            for d, _ in decls:
                if type(d) is kind:
                    getattr(self, "d_" + kind.__name__)(d)
        self.check_whole(decls)
        self.check_display()
        for problem in teaching_problems(self.modules):
            self.error(problem.span, problem.message, problem.hint)
        self.program.teaching = [e for m in self.modules for e in m.teaching]
        self.program.global_slots = self.global_unit.nslots
        if self.diagnostics:
            shown = in_column_order(self.diagnostics)
            first = shown[0].message
            if self.more_errors:
                shown.append(Diagnostic(f"{self.more_errors} more error(s) not shown: "
                                        "fix these first", severity="note"))
            raise CheckError(first, shown, self.program.sources)
        self.program.warnings = (check_flow(self.program, self.source_of)
                                 + mixed_kind_shuffles(self.program))
        return self.program

    def check_display(self) -> None:
        """What only the screen reads, checked once every name is known: a card's display
        hints, note and drawing, when an option applies (``option ... if COND``), how a
        variable reads (``shown "..."``)."""
        for name, every in self.display_scopes.items():
            decl = self.cards[name].decl
            for hint in (decl.symbol, decl.tint):
                if hint is not None:
                    self.expr(hint, every)
            for meaning in (decl.symbol_means, decl.tint_means, decl.edges_means):
                if meaning is not None:
                    self.expect(meaning, every, T.TEXT, "what a display hint means")
            if decl.note is not None:
                self.expect(decl.note, every, T.TEXT, "a card's note")
            if decl.drawing is not None:
                self.expect(decl.drawing, every, T.SHAPE, "a card's drawing")
            if decl.edges is not None:  # (four of them: said at run time, where it is known)
                self.expect(decl.edges, every, T.list_of(T.TEXT), "a card's edges")
        for d in (option.decl for option in self.program.options.values()):
            if d.when is not None:
                self.expect(d.when, self.top_scope(), T.BOOL, "when an option applies")
        for info in self.program.vars.values():
            shown = info.decl.shown
            if shown is not None:
                if info.keys:
                    self.error(shown.span, "only a variable with no key can say how it is "
                                           "shown", "show each key's value with its label")
                else:
                    self.expect(shown, self.top_scope(), T.TEXT, "how a variable is shown")

    def define(self, kind: str, name: str, ty: T.Type, decl: ast.Node | str, span: Span | None,
               library: bool, keys: list[T.Type] | None = None) -> None:
        if name in self.symbols:
            other = self.symbols[name]
            article = "an" if other.kind[0] in "aeiou" else "a"
            self.error(span, f"'{name}' is already defined (as {article} {other.kind} at "
                             f"{other.span})",
                       "rename one of them")
            return
        if name in BUILTIN_VALUES or name in SIGNATURES:
            self.error(span, f"'{name}' is a built-in name", "pick another name")
            if kind in ("fn", "rule") and name in SIGNATURES:
                # its calls are the author's: checked against their own declaration, never
                # against the built-in's parameters (an error at every call, none of them true)
                self.symbols[name] = Symbol(kind, name, ty, decl, span, keys or [], library)
            return
        if T.seat_literal(name) is not None:
            self.seat_name_taken(span, name)
            return
        self.symbols[name] = Symbol(kind, name, ty, decl, span, keys or [], library)
        self.dummies += kind == "dummy"

    def seat_name_taken(self, span: Span | None, name: str) -> None:
        self.error(span, f"'{name}' is the name of a seat (P1, P2... are the players)",
                   "pick another name")

    def declare(self, d: ast.Decl, library: bool) -> None:
        p = self.program
        if isinstance(d, ast.GameDecl):
            p.title = d.title
        elif isinstance(d, ast.PlayersDecl):
            if not 1 <= d.low <= d.high <= 16:
                self.error(d.span, "players must be between 1 and 16, low..high")
            p.min_players, p.max_players = d.low, d.high
        elif isinstance(d, ast.CoopDecl):
            p.cooperative = True
        elif isinstance(d, ast.TalkDecl):
            if "{" in d.text:
                self.error(d.span, "what the players may say is plain text: it is read before "
                                   "the game starts, when there are no values to show")
            p.talk.append(d.text)
        elif isinstance(d, ast.ImportDecl):
            pass
        elif isinstance(d, ast.EnumDecl):
            self.define("enum", d.name, T.list_of(T.enum(d.name)), d, d.span, library)
        elif isinstance(d, ast.CardDecl):
            self.define("card", d.name, T.card(d.name), d, d.span, library)
        elif isinstance(d, ast.TableDecl):
            self.define("table", d.name, T.list_of(T.Type("row", d.name)), d, d.span, library)
        elif isinstance(d, (ast.ZoneDecl, ast.VarDecl)):
            pass  # their types need enums and cards: defined in d_ZoneDecl / d_VarDecl
        elif isinstance(d, ast.ConstDecl):
            self.define("const", d.name, T.ANY, d, d.span, library)
        elif isinstance(d, ast.OptionDecl):
            pass
        elif isinstance(d, ast.DummyDecl):
            self.define("dummy", d.name, T.SEAT, d, d.span, library)
        elif isinstance(d, ast.FnDecl):
            self.define("fn", d.name, T.ANY, d, d.span, library)
        elif isinstance(d, ast.RuleDecl):
            self.define("rule", d.name, T.ANY, d, d.span, library)

    # ------------------------------------------------------------ types
    def type_of(self, ref: ast.TypeRef | None) -> T.Type:
        if ref is None:
            return T.ANY
        if ref.name == "list":
            return T.list_of(self.type_of(ref.of))
        if ref.name in T.SIMPLE:
            return T.SIMPLE[ref.name]
        if ref.name in self.enums:
            return T.enum(ref.name)
        if ref.name in self.cards:
            return T.card(ref.name)
        names = list(T.SIMPLE) + list(self.enums) + list(self.cards)
        self.unknown(ref.span, ref.name, "type", names)
        return T.ANY

    def top_scope(self) -> Scope:
        return Scope(self.global_unit)

    def use_const(self, sym: Symbol, span: Span | None) -> None:
        if self.option_worked_out is not None:
            self.error(span, f"option '{self.option_worked_out}' cannot read the const "
                             f"'{sym.name}': options are worked out before constants",
                       "write the value out here (a const may read the option instead)")
        elif sym.name not in self.consts_done:
            self.error(span, f"'{sym.name}' is used before its value is known",
                       "declare a const before the consts and tables that use it")

    # ------------------------------------------------------------ declarations
    def d_OptionDecl(self, d: ast.OptionDecl) -> None:
        ty = self.type_of(d.type)
        scope = self.top_scope()
        self.option_worked_out = d.name  # what it reads: player_count, not consts or options
        if d.allowed is not None:
            allowed = self.expr(d.allowed, scope)
            if allowed.name != "list":
                self.error(d.allowed.span, "the allowed values of an option are a list or a range")
        self.expect(d.default, scope, ty, "the default")
        self.option_worked_out = None
        item = ty.arg if ty.name == "list" else ty
        if not isinstance(item, T.Type) or item.name not in ("int", "bool", "text", "enum", "any"):
            self.error(d.type.span, "an option is a number, true/false, text or an enum, "
                                    "or a list of one of them")
        elif d.allowed is not None:
            self.option_default_allowed(d, ty.name == "list")
        self.program.options[d.name] = OptionInfo(d, ty)
        self.define("option", d.name, ty, d, d.span, False)

    def option_default_allowed(self, d: ast.OptionDecl, is_list: bool) -> None:
        """An option's default must be one of its allowed values (when both are in the text);
        each of its items, for a list option."""
        assert d.allowed is not None  # called only then
        allowed = fold(d.allowed)
        if not isinstance(allowed, (list, range)):  # not known, or not a list (said above)
            return
        if not allowed:
            self.error(d.allowed.span, f"option '{d.name}' allows no value: {shown(allowed)} "
                                       "is empty",
                       f"write the smaller end first: {allowed.stop - 1}..{allowed.start}"
                       if isinstance(allowed, range) else "list at least one value")
            return
        default = fold(d.default)
        items = default if is_list and isinstance(default, (list, range)) else [default]
        wrong = [item for item in items if item is not UNKNOWN and item not in allowed]
        if default is not UNKNOWN and wrong:
            what = (f"{shown(wrong[0])} in the default {shown(default)}" if is_list
                    else f"the default {shown(default)}")
            self.error(d.default.span, f"{what} is not one of the allowed values of '{d.name}' "
                                       f"({shown(allowed)})",
                       "make the default one of them, or allow it too")

    def d_EnumDecl(self, d: ast.EnumDecl) -> None:
        if len(set(d.members)) != len(d.members):
            twice = next(m for i, m in enumerate(d.members) if m in d.members[:i])
            self.error(d.span, f"enum '{d.name}' lists '{twice}' twice")
        self.enums[d.name] = list(d.members)
        for member, span in zip(d.members, d.member_spans):
            if T.seat_literal(member) is not None:
                self.seat_name_taken(span, member)
            elif member in self.ambiguous:
                self.ambiguous[member].add(d.name)
            elif member in self.symbols and self.symbols[member].kind == "member":
                other = self.symbols.pop(member)
                self.ambiguous[member] = {cast(str, other.decl), d.name}  # a member's enum
            elif member in self.symbols:
                self.error(span, f"enum member '{member}' clashes with another name",
                           f"rename it, or write {d.name}.{member} everywhere")
            else:
                self.symbols[member] = Symbol("member", member, T.enum(d.name), d.name, span)

    def d_CardDecl(self, d: ast.CardDecl) -> None:
        fields: dict[str, FieldInfo] = {}
        for f in d.fields:
            if f.name in fields:
                self.error(f.span, f"card '{d.name}' has two fields named '{f.name}'")
            if T.seat_literal(f.name) is not None:
                self.seat_name_taken(f.span, f.name)
            if f.name in RESERVED_FIELDS:
                holds, instead = RESERVED_FIELDS[f.name]
                shown_by = f', and show it with name "{{{instead}}}"' if f.name == "name" else ""
                self.error(f.span, f"a card field cannot be called '{f.name}'",
                           f"a card's view already uses '{f.name}' for {holds}: call the field "
                           f"'{instead}'{shown_by}")
            fields[f.name] = FieldInfo(f.name, self.type_of(f.type), f.mutable, f.init)
        kind = CardKind(d.name, fields, d.label, d)
        self.cards[d.name] = kind
        static = Scope(self.global_unit)
        for info in fields.values():
            if not info.mutable:
                kind.slots[info.name] = static.bind(info.name, info.type, mutable=False)
        for f in d.fields:
            if f.mutable and f.init is not None:  # (a var field has one: the grammar says so)
                self.expect(f.init, static, fields[f.name].type, f"the start value of '{f.name}'")
        if d.label is not None:
            self.expect(d.label, static, T.TEXT, "a card's name")
        if any(h is not None for h in (d.symbol, d.tint, d.note, d.drawing, d.edges)):
            every = Scope(self.global_unit)  # display hints read every field
            for info in fields.values():
                kind.hint_slots[info.name] = every.bind(info.name, info.type, mutable=False)
            # the hints themselves are checked once every name is known (check_display): a
            # hint may call a function that reads a variable, a table or a constant
            self.display_scopes[d.name] = every

    def d_TableDecl(self, d: ast.TableDecl) -> None:
        scope = self.top_scope()
        columns = dict.fromkeys(d.columns, T.NONE)
        if len(set(d.columns)) != len(d.columns):
            twice = next(c for i, c in enumerate(d.columns) if c in d.columns[:i])
            self.error(d.span, f"table '{d.name}' has two columns named '{twice}'")
        cells: dict[str, list[tuple[int, ast.Expr, T.Type]]] = {col: [] for col in d.columns}
        for n, row in enumerate(d.rows, 1):
            for col, cell in zip(d.columns, row):
                cells[col].append((n, cell, self.expr(cell, scope)))
        for col, column in cells.items():
            columns[col] = self.column_type(d, col, column)
        self.tables[d.name] = TableInfo(d.name, columns, list(d.columns), d.rows, d)

    def column_type(self, d: ast.TableDecl, col: str,
                    column: list[tuple[int, ast.Expr, T.Type]]) -> T.Type:
        """The type a table's column holds: that of most of its rows (of the first such row on
        a tie); each cell of another type is the mistake, reported with its row."""
        if not column:  # a table with no row: its columns hold nothing yet (as before rows)
            return T.NONE
        groups: list[tuple[T.Type, list[int]]] = []  # (the type joined, the rows that hold it)
        for n, _, t in column:
            at = next((i for i, (g, _) in enumerate(groups)
                       if t == T.ANY or g in (T.NONE, T.ANY) or T.join(g, t) != T.ANY), None)
            if at is None:
                groups.append((t, [n]))
            else:
                g, rows = groups[at]
                groups[at] = (T.join(g, t), rows + [n])
        held, rows = max(groups, key=lambda group: len(group[1]))  # the first of the largest
        for n, cell, t in column:
            if n not in rows:
                first = self.source_of(d.rows[n - 1][0].span) if col != d.columns[0] else None
                row = f"row {n}, {first}" if first else f"row {n}"
                self.error(cell.span, f"column '{col}' holds {T.spoken(held)}, but this is "
                                      f"{T.spoken(t)} ({row})",
                           f"{len(rows)} of the column's {len(column)} rows hold "
                           f"{T.spoken(held)}: write {T.spoken(held)} here too")
        return held

    def d_ConstDecl(self, d: ast.ConstDecl) -> None:
        ty = self.expr(d.value, self.top_scope())
        sym = self.symbols.get(d.name)
        if sym is not None and sym.decl is d:  # not when the name was refused (a clash)
            sym.type = ty
        self.consts_done.add(d.name)
        self.program.consts.append(d)

    def d_DummyDecl(self, d: ast.DummyDecl) -> None:
        if d.cond is not None:
            self.expect(d.cond, self.top_scope(), T.BOOL, "the condition of a dummy seat")
        self.program.dummies.append(d)

    def d_FnDecl(self, d: ast.FnDecl) -> None:
        self.fn_type(d)
        self.program.fns[d.name] = d

    def fn_type(self, d: ast.FnDecl) -> T.Type:
        key = id(d)
        if key in self.fn_types:
            return self.fn_types[key]
        if key in self.fn_checking:
            return T.ANY  # recursive: typed by its other branches
        self.fn_checking.add(key)
        unit = Unit(d.name, "fn")
        scope = Scope(unit)
        for p in d.params:
            slot = scope.bind(p.name, self.type_of(p.type), mutable=False)
            if p.type is None:
                unit.untyped[p.name] = slot
        for let in d.lets:
            t = self.let_type(let, scope)
            scope = scope.child()
            let.slot = scope.bind(let.name, t, mutable=False)
        result = self.expr(d.body, scope)
        d.nslots = unit.nslots
        self.fn_checking.discard(key)
        self.fn_types[key] = result
        return result

