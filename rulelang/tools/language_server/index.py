"""Which name is which: every declaration and every use of it, with exact positions.

The checker has already resolved every name: each expression carries ``ref`` (what it
names) and ``ty`` (its type), each binding its frame ``slot``. This module reads those
annotations back, so an editor agrees with the checker on what every name means. The
checker keeps the span of a whole declaration; the span of the name inside it is found
among the declaration's tokens.
"""
from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import cast

import attrs

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.checker.expressions import BUILTIN_VALUES
from rulelang.language.errors import Span
from rulelang.language.traversal import walk
from rulelang.tools.tokens import Tok, code_tokens


@attrs.define(eq=False)
class Definition:
    name: str
    kind: str  # a checker symbol kind (zone, fn, member...), or field, column, param, local, builtin
    span: Span | None  # the name where it is declared; None for built-in names
    type: str = ""
    detail: str = ""  # the declaration's first line, or a built-in's documentation
    owner: str | None = None  # the card kind of a field, the enum of a member, a column's table
    children: list = attrs.field(factory=list)  # fields, members, columns: for the outline
    ty: T.Type | None = None  # the checker's type, when known (for completing after a '.')
    decl_span: Span | None = None  # the whole declaration, for a top-level name
    gives: T.Type | None = None  # what a function gives (for completing after `f(...).`)


@attrs.frozen
class Occurrence:
    span: Span
    definition: Definition


class Index:
    """Definitions and occurrences of one file and the files it imports."""

    def __init__(self):
        self.definitions: list[Definition] = []  # top-level, in source order per file
        self.occurrences: dict[str, list[Occurrence]] = {}  # file -> sorted by position
        self.globals: dict[str, Definition] = {}

    def add(self, span: Span | None, definition: Definition) -> None:
        if span is None or span.line != span.end_line or (
                span.end_col - span.col != len(definition.name)):
            return  # not the name as written: a node the parser made up spans more (`where`)
        self.occurrences.setdefault(span.file, []).append(Occurrence(span, definition))

    def finish(self) -> None:
        for file, found in self.occurrences.items():
            unique = {(o.span.line, o.span.col, id(o.definition)): o for o in found}
            self.occurrences[file] = sorted(unique.values(),  # (a copied `where` clause: once)
                                            key=lambda o: (o.span.line, o.span.col))

    def at(self, file: str, line: int, col: int) -> Occurrence | None:
        """The name under a 1-based position (the character just after a name counts too)."""
        items = self.occurrences.get(file, [])
        keys = [(o.span.line, o.span.col) for o in items]
        i = bisect.bisect_right(keys, (line, col)) - 1
        for occurrence in items[max(i - 1, 0):i + 1][::-1]:
            s = occurrence.span
            if s.line == line and s.col <= col <= s.end_col:
                return occurrence
        return None

    def uses(self, definition: Definition) -> list[Occurrence]:
        return [o for items in self.occurrences.values() for o in items
                if o.definition is definition]


def build_index(modules: list[ast.Module], sources: dict[str, str], checker,
                known_tokens: dict | None = None) -> Index:
    """``known_tokens``: the code tokens of files already tokenized (file -> tokens)."""
    index = Index()
    known_tokens = known_tokens or {}
    builder = _Builder(index, checker, {
        m.file: known_tokens.get(m.file) or code_tokens(sources.get(m.file, ""))
        for m in modules})
    for module in modules:
        builder.declare_module(module)
    for module in modules:
        for decl in module.decls:
            builder.decl(decl)
    index.finish()
    return index


def _declarations(decls: list) -> Iterator:
    """The top-level declarations, each followed by a campaign's variables (declared as any
    variable is: every game has them)."""
    for decl in decls:
        yield decl
        if isinstance(decl, ast.CampaignDecl):
            yield from (item for item in decl.items if isinstance(item, ast.VarDecl))


class _Builder:
    def __init__(self, index: Index, checker, tokens: dict[str, list[Tok]]):
        self.index, self.checker, self.tokens = index, checker, tokens
        self.starts = {f: [(t.line, t.col) for t in toks] for f, toks in tokens.items()}
        self.members: dict[tuple, Definition] = {}  # (enum, member) -> definition
        self.fields: dict[tuple, Definition] = {}  # (card kind, field) -> definition
        self.columns: dict[tuple, Definition] = {}  # (table, column) -> definition
        self.builtins: dict[str, Definition] = {}
        self.lines: dict[str, list[str]] = {}
        self.made: set[int] = set()  # the loops a `where` was made into: they bind no name

    # ------------------------------------------------------------ finding names in tokens
    def _tokens_in(self, span: Span, after: tuple | None = None):
        toks, starts = self.tokens.get(span.file, []), self.starts.get(span.file, [])
        i = bisect.bisect_left(starts, after or (span.line, span.col))
        while i < len(toks) and (toks[i].line, toks[i].col) <= (span.end_line, span.end_col):
            yield i, toks[i]
            i += 1

    def name_span(self, span: Span | None, name: str | None, skip_first=True, after=None,
                  following: str | None = None, last=False) -> Span | None:
        """Where ``name`` is written inside ``span``: the first time (after the declaration's
        own word, or after a given position, or right after the word ``following``)."""
        if span is None or not name:
            return None
        found = None
        toks = self.tokens.get(span.file, [])
        for i, tok in self._tokens_in(span, after):
            if skip_first and after is None and (tok.line, tok.col) == (span.line, span.col):
                continue
            if tok.text == name and (following is None or (i and toks[i - 1].text == following)):
                found = tok
                if not last:
                    break
        if found is None:
            return None
        return Span(span.file, found.line, found.col, found.line, found.end_col)

    # ------------------------------------------------------------ declarations
    def declare_module(self, module: ast.Module) -> None:
        symbols = self.checker.symbols
        for decl in _declarations(module.decls):
            name = getattr(decl, "name", None)
            if isinstance(decl, ast.EnumDecl):
                self._enum(decl)
            sym = symbols.get(name) if isinstance(name, str) else None
            if sym is None or sym.decl is not decl:
                if isinstance(decl, ast.EnumDecl) and name not in symbols:
                    continue
                if not isinstance(decl, (ast.CardDecl, ast.TableDecl)):
                    continue
                kind = "card" if isinstance(decl, ast.CardDecl) else "table"
                definition = Definition(decl.name, kind, self.name_span(decl.span, decl.name))
            else:
                definition = Definition(sym.name, sym.kind, self.name_span(decl.span, sym.name),
                                        self._type_text(sym), self._first_line(decl),
                                        ty=sym.type)
            definition.decl_span = decl.span
            if sym is not None and sym.kind == "fn" and sym.decl is decl:
                definition.gives = self.checker.fn_types.get(id(decl))
            if isinstance(decl, ast.EnumDecl):
                definition.children = [self.members[(name, m)] for m in decl.members
                                       if (name, m) in self.members]
            if isinstance(decl, ast.CardDecl):
                self._card(decl, definition)
            if isinstance(decl, ast.TableDecl):
                self._table(decl, definition)
            self.index.globals.setdefault(definition.name, definition)
            self.index.definitions.append(definition)
            self.index.add(definition.span, definition)

    def _type_text(self, sym) -> str:
        if sym.kind == "fn":
            result = self.checker.fn_types.get(id(sym.decl))
            params = ", ".join(f"{p.name}: {p.type}" if p.type else p.name for p in sym.decl.params)
            return f"({params}) -> {result or 'any'}"
        if sym.kind == "rule":  # and the type of the value it gives back, if it says one
            returns = sym.decl.returns
            return "(" + ", ".join(f"{p.name}: {p.type}" if p.type else p.name
                                   for p in sym.decl.params) + ")" + \
                (f" -> {returns}" if returns is not None else "")
        if sym.kind in ("family", "varfam"):
            keys = ", ".join(map(str, sym.decl_keys))
            return f"[{keys}] -> {sym.type}"
        if sym.kind == "enum":
            return f"enum {sym.name}"
        return str(sym.type)

    def _first_line(self, decl) -> str:
        lines = self.lines.get(decl.span.file)
        if lines is None:
            lines = self.lines[decl.span.file] = self.checker.program.sources.get(
                decl.span.file, "").splitlines()
        if not 1 <= decl.span.line <= len(lines):
            return ""
        return lines[decl.span.line - 1][decl.span.col - 1:].split("#")[0].strip()

    def _enum(self, decl: ast.EnumDecl) -> None:
        for member, span in zip(decl.members, decl.member_spans):
            definition = Definition(member, "member", span, decl.name, owner=decl.name,
                                    ty=T.enum(decl.name))
            self.members.setdefault((decl.name, member), definition)
            self.index.add(span, definition)

    def _card(self, decl: ast.CardDecl, card: Definition) -> None:
        kind = self.checker.cards.get(decl.name)
        if kind is None or kind.decl is not decl:
            return
        for field in decl.fields:
            info = kind.fields.get(field.name)
            definition = Definition(field.name, "field", self.name_span(field.span, field.name,
                                                                        skip_first=False),
                                    str(info.type) if info else "", owner=decl.name,
                                    detail="var (changes in play)" if field.mutable else "",
                                    ty=info.type if info else None)
            self.fields.setdefault((decl.name, field.name), definition)
            card.children.append(definition)
            self.index.add(definition.span, definition)

    def _table(self, decl: ast.TableDecl, table: Definition) -> None:
        info = self.checker.tables.get(decl.name)
        brace = next((t for _, t in self._tokens_in(decl.span) if t.text == "{"), None)
        after = (brace.line, brace.col) if brace else None
        for column in decl.columns:
            ty = info.columns.get(column) if info and info.decl is decl else None
            definition = Definition(column, "column",
                                    self.name_span(decl.span, column, after=after),
                                    str(ty) if ty else "", owner=decl.name, ty=ty)
            self.columns.setdefault((decl.name, column), definition)
            table.children.append(definition)
            self.index.add(definition.span, definition)

    # ------------------------------------------------------------ code
    def decl(self, decl) -> None:
        slots: dict[int, Definition] = {}  # this unit's frame slot -> the local it holds
        if isinstance(decl, (ast.FnDecl, ast.RuleDecl)):
            for i, param in enumerate(decl.params):  # parameters take a unit's first slots
                slots[i] = self._local(param.name, param.span, "param",
                                       str(param.type) if param.type else "")
        if isinstance(decl, ast.CardDecl):
            self._card_slots(decl)
        if isinstance(decl, ast.TriggerDecl):
            self._trigger(decl, slots)
        if isinstance(decl, ast.ScoreDecl) and decl.param:
            slots[cast(int, decl.slot)] = self._local(decl.param, self.name_span(decl.span, decl.param),
                                           "param", "seat")
        if isinstance(decl, ast.ZoneDecl) and decl.of:
            self._use(self.name_span(decl.span, decl.of, following="of"),
                      self.index.globals.get(decl.of))
        nodes = list(walk(decl))
        for node in nodes:  # first every binding: `[f(x) for x in xs]` uses x before binding it
            self._bind(node, slots)
        for node in nodes:
            self._resolve(node, slots)

    def _card_slots(self, decl: ast.CardDecl) -> None:
        kind = self.checker.cards.get(decl.name)
        if kind is None or kind.decl is not decl:
            return
        global_slots = self.global_slots = getattr(self, "global_slots", {})
        for mapping in (kind.slots, kind.hint_slots):
            for field, slot in mapping.items():
                if (decl.name, field) in self.fields:
                    global_slots[slot] = self.fields[(decl.name, field)]

    def _trigger(self, decl: ast.TriggerDecl, slots) -> None:
        self._use(self.name_span(decl.span, decl.zone, last=False, skip_first=True,
                                 after=None) if decl.zone else None,
                  self.index.globals.get(decl.zone))
        for binder in decl.binders:
            if binder.binds is not None:
                key = cast(ast.Name, decl.keys[binder.index])  # a key that binds a name is one
                slots[binder.binds] = self._local(key.id, key.span, "local", str(key.ty or ""))
        if decl.card_name and decl.card_slot is not None:
            zone = self.checker.program.zones.get(decl.zone)
            slots[decl.card_slot] = self._local(
                decl.card_name, self.name_span(decl.span, decl.card_name, following="as"),
                "local", T.card(zone.of if zone else None))

    def _local(self, name, span, kind, ty="") -> Definition:
        if span is not None and span.end_col - span.col != len(name):  # `c: Colour`: the name
            span = self.name_span(span, name, skip_first=False)
        definition = Definition(name, kind, span, ty if isinstance(ty, str) else str(ty),
                                ty=None if isinstance(ty, str) else ty)
        self.index.add(span, definition)
        return definition

    def _bind(self, node, slots) -> None:
        """Names that this node introduces into its unit's frame."""
        if isinstance(node, ast.Let) and node.slot is not None:
            slots[node.slot] = self._local(node.name, self.name_span(node.span, node.name),
                                           "local", node.value.ty or "")
        elif isinstance(node, ast.Create) and node.slot is not None:
            slots[node.slot] = self._local(node.name, self.name_span(node.span, node.name,
                                                                     following="as"),
                                           "local", node.type or "")
        elif isinstance(node, ast.Choose) and node.slot is not None:
            element: T.Type | str | None = T.element(node.options.ty) if node.options.ty else ""
            chosen = slots[node.slot] = self._local(node.name, self.name_span(node.span, node.name),
                                                    "local", element)
            if node.refusals is not None:  # `where`: the lists of options the parser made
                for made in walk([node.options, node.refusals]):  # bind the chosen name too
                    if isinstance(made, ast.CompFor) and made.names == [node.name] and (
                            made.span == node.options.span and made.slots):
                        slots[made.slots[0]] = chosen
                        self.made.add(id(made))
            # `prefer VALUE`, `shown TEXT`: each made a function of the chosen name
            for advice in [*node.prefer, *([node.shown] if node.shown is not None else [])]:
                if advice.param == node.name and advice.slot is not None:
                    slots[advice.slot] = chosen
                    self.made.add(id(advice))
        elif isinstance(node, (ast.For, ast.CompFor)) and node.slots and id(node) not in self.made:
            element = T.element(node.iter.ty) if node.iter.ty else None
            after = (node.span.line, node.span.col + 1)
            for name, slot in zip(node.names, node.slots):
                span = self.name_span(node.span, name, after=after)
                if span:
                    after = (span.line, span.end_col)
                ty = element if element and len(node.names) == 1 else ""
                slots[slot] = self._local(name, span, "local", ty)
        elif isinstance(node, ast.Repeat) and node.name and node.slot is not None:
            slots[node.slot] = self._local(node.name, self.name_span(node.span, node.name,
                                                                     following="as"),
                                           "local", T.INT)
        elif isinstance(node, ast.Lambda) and node.slot is not None and id(node) not in self.made:
            span = Span(node.span.file, node.span.line, node.span.col, node.span.line,
                        node.span.col + len(node.param))
            slots[node.slot] = self._local(node.param, span, "param")

    def _resolve(self, node, slots) -> None:
        """Names that this node uses."""
        if isinstance(node, ast.Name):
            self._use(node.span, self._named(node.ref, node.id, slots), node.ty)
        elif isinstance(node, ast.Attr):
            ref = node.ref
            target = None
            if isinstance(ref, refs.Member):
                target = self.members.get((ref.enum, ref.name))
                if isinstance(node.obj, ast.Name) and node.obj.ref is None:
                    self._use(node.obj.span, self.index.globals.get(ref.enum))  # Colour.water
            elif isinstance(ref, (refs.Field, refs.Dynamic)):  # dynamic: a card of any kind
                target = self._field(node.obj.ty, node.name)
            elif isinstance(ref, refs.Column):
                table = node.obj.ty.arg if node.obj.ty else None
                target = self.columns.get((table, node.name))
            self._use(self.name_span(node.span, node.name, last=True), target, node.ty)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                self._use(node.func.span,
                          self._named(node.ref, node.func.id, slots, called=True), None)
        elif isinstance(node, ast.Index) and isinstance(node.obj, ast.Name):
            pass  # the family's name is a Name with its own ref
        elif isinstance(node, ast.Is):
            self._use(self.name_span(node.span, node.kind, last=True),
                      self.index.globals.get(node.kind))
        elif isinstance(node, ast.TypeRef) and node.name != "list":
            self._use(Span(node.span.file, node.span.line, node.span.col, node.span.line,
                           node.span.col + len(node.name)), self.index.globals.get(node.name))
        elif isinstance(node, (ast.Create, ast.CreateFrom)):
            self._use(self.name_span(node.span, node.kind), self.index.globals.get(node.kind))
            for name, _value, span in getattr(node, "fields", ()):
                self._use(Span(span.file, span.line, span.col, span.line, span.col + len(name)),
                          self.fields.get((node.kind, name)))

    def _named(self, ref: refs.Ref | None, name: str, slots: dict,
               called: bool = False) -> Definition | None:
        match ref:
            case None:
                return None
            case refs.Local(slot) | refs.LocalFn(slot):
                return slots.get(slot) or getattr(self, "global_slots", {}).get(slot)
            case refs.Member(enum, member):
                return self.members.get((enum, member))
            case refs.Builtin(builtin):
                return self._builtin(builtin, called)
            case refs.Seat(index):  # P1, P2...
                seat = f"P{index + 1}"
                if seat not in self.builtins:
                    self.builtins[seat] = Definition(seat, "builtin", None, "seat",
                                                     f"the seat of player {index + 1}")
                return self.builtins[seat]
        return self.index.globals.get(ref.name if isinstance(ref, refs.GLOBAL) else name)

    def _field(self, ty, name) -> Definition | None:
        if ty is not None and ty.name == "card" and ty.arg:
            return self.fields.get((ty.arg, name))
        return next((d for (kind, field), d in self.fields.items() if field == name), None)

    def _builtin(self, name, called) -> Definition:
        if name not in self.builtins:
            if called and name in SIGNATURES:
                sig = SIGNATURES[name]
                detail = sig.doc
                ty = "built-in function"
            else:
                detail, ty = "", str(BUILTIN_VALUES.get(name, ""))
            self.builtins[name] = Definition(name, "builtin", None, ty, detail)
        return self.builtins[name]

    def _use(self, span, definition, ty=None) -> None:
        if span is None or definition is None:
            return
        if definition.ty is None and ty is not None and ty != T.ANY:
            definition.ty = ty
            definition.type = definition.type or str(ty)
        self.index.add(span, definition)
