"""The syntax tree of a .rules file: plain attrs classes, one per construct.

Every node has a ``span`` (its source position). Expression nodes also carry
``ty`` and ``ref``, filled in by the checker: the static type, and what a name
resolved to (a record of ``refs``: a local slot, a global, a builtin...). The interpreter
compiles from these annotations and never resolves a name again.
"""
from __future__ import annotations

from typing import Any

import attrs

from rulelang.language.errors import Span
from rulelang.language.refs import Ref


def node(cls):
    return attrs.define(eq=False, repr=False)(cls)


# What a field of a node holds, declared once here for every pass (rulelang.language.traversal
# reads it): a part of what the text says (the default: the nodes in it are the node's
# children), where the text is (POSITION), or what the checker worked out (ANNOTATION).
ROLE = "rulelang.role"
POSITION = "position"
ANNOTATION = "annotation"


def position(*, kw_only: bool = True, default: Any = None, factory: Any = None) -> Any:
    """A field holding source positions: not a child, not part of what the text means."""
    return _field(POSITION, kw_only, default, factory)


def annotation(*, kw_only: bool = True, default: Any = None, factory: Any = None) -> Any:
    """A field the checker fills in (a type, what a name resolved to, a frame slot): not a
    child, not part of what the text means, put back to its default before checking again."""
    return _field(ANNOTATION, kw_only, default, factory)


def _field(role: str, kw_only: bool, default: Any, factory: Any) -> Any:
    if factory is not None:
        return attrs.field(kw_only=kw_only, factory=factory, metadata={ROLE: role})
    return attrs.field(kw_only=kw_only, default=default, metadata={ROLE: role})


@node
class Node:
    span: Span = position()


# ------------------------------------------------------------------ expressions

@node
class Expr(Node):
    ty: Any = annotation()
    ref: Ref | None = annotation()


@node
class Lit(Expr):
    value: Any


@node
class Text(Expr):
    """A string literal; ``parts`` mixes plain strings and interpolated expressions."""
    parts: list


@node
class Name(Expr):
    id: str


@node
class Attr(Expr):
    obj: Expr
    name: str


@node
class Index(Expr):
    obj: Expr
    args: list


@node
class Lambda(Expr):
    param: str
    body: Expr
    slot: int = annotation()


@node
class Call(Expr):
    func: Expr
    args: list


@node
class CompFor(Node):
    names: list
    iter: Expr
    cond: Expr | None
    slots: list = annotation(factory=list)


@node
class Comprehension(Expr):
    """``[elt for x in xs if c]``; as an aggregate argument ``sum(elt for ...)`` too."""
    elt: Expr
    fors: list


@node
class ListLit(Expr):
    items: list


@node
class TupleLit(Expr):
    items: list


@node
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@node
class Compare(Expr):
    op: str
    left: Expr
    right: Expr


@node
class In(Expr):
    item: Expr
    coll: Expr
    negated: bool = False


@node
class Is(Expr):
    obj: Expr
    kind: str


@node
class BoolOp(Expr):
    op: str  # "and" | "or"
    left: Expr
    right: Expr


@node
class Not(Expr):
    operand: Expr


@node
class Neg(Expr):
    operand: Expr


@node
class Range(Expr):
    lo: Expr
    hi: Expr


@node
class IfExpr(Expr):
    cond: Expr
    then: Expr
    other: Expr
    # `match X { k1: v1, k2: v2, _: v }` is read as `if X == k1 then v1 else if ...`: the
    # first IfExpr of the chain holds a MatchInfo, for the checker (the interpreter needs none)
    match: Any = attrs.field(kw_only=True, default=None)


@attrs.frozen
class MatchInfo:
    """That an IfExpr chain was written as a `match`: its first `keys` links test the subject
    (the left of each test) against a key (the right); with `default`, the last link's `other`
    is the `_` value, else it is a `none` no value reaches. Plain values, not nodes: walking
    the tree meets each part once, in the chain."""
    keys: int
    default: bool


# ------------------------------------------------------------------- statements

@node
class Stmt(Node):
    pass


@node
class Let(Stmt):
    name: str
    type: TypeRef | None  # when written `let x: T = ...`
    value: Expr
    slot: int = annotation()


@node
class Assign(Stmt):
    target: Expr
    op: str
    value: Expr


@node
class CallStmt(Stmt):
    call: Call


@node
class Move(Stmt):
    what: Expr
    dest: Expr
    at: Any  # None, "bottom", or an Expr (a cell or placement on a grid)


@node
class Deal(Stmt):
    count: Expr
    src: Expr
    dest: Expr


@node
class Shuffle(Stmt):
    zone: Expr


@node
class Create(Stmt):
    kind: str
    fields: list  # [(name, Expr, Span)]
    count: Expr | None
    dest: Expr
    # `create ... as NAME`: the new card (with `x COUNT`, the list of them), bound when it is
    # made, before any trigger its arrival fires can move it
    name: str | None = attrs.field(kw_only=True, default=None)
    slot: int = annotation()
    type: Any = annotation()  # the name's type, for editors


@node
class CreateFrom(Stmt):
    kind: str
    table: Expr
    dest: Expr


@node
class Place(Stmt):  # no longer made: `place` is read as a Move (kept for the interpreter)
    what: Expr
    grid: Expr
    at: Expr


@node
class Reveal(Stmt):
    """``reveal CARDS [to SEATS]`` shows faces; ``reveal CARD.FIELD [to SEATS]`` tells one
    field of a card without its face, and ``reveal CARD.FIELD == VALUE [to SEATS]`` whether
    the field is that value (``fact``, set by the checker: the field's name)."""
    what: Expr
    to: Expr | None
    fact: str | None = annotation()


@node
class Choose(Stmt):
    name: str
    options: Expr
    by: Expr | None
    can_pass: bool
    pass_if: Expr | None
    prompt: Expr | None
    pass_word: tuple | None = attrs.field(kw_only=True, default=None)  # (text, span): its notation
    # `by each p in SEATS`: (the name, the seats' expression): every one of those seats
    # chooses at once, in secret; the chosen value is the list of (seat, choice) pairs
    each: tuple | None = attrs.field(kw_only=True, default=None)
    slot: int = annotation()
    each_slot: int = annotation()
    # `where COND else REASON`: ``options`` is then the list filtered by every COND, and
    # ``refusals`` one list per clause of (option, REASON) for the options it refuses
    refusals: Expr | None = attrs.field(kw_only=True, default=None)
    reasons: list = attrs.field(kw_only=True, factory=list)  # the REASON expressions


@node
class If(Stmt):
    branches: list  # [(cond, [Stmt])]
    other: list | None


@node
class For(Stmt):
    names: list
    iter: Expr
    body: list
    slots: list = annotation(factory=list)


@node
class Repeat(Stmt):
    count: Expr
    name: str | None
    body: list
    slot: int = annotation()


@node
class While(Stmt):
    cond: Expr
    body: list


@node
class Loop(Stmt):
    body: list


@node
class Break(Stmt):
    pass


@node
class Continue(Stmt):
    pass


@node
class Return(Stmt):
    pass


@node
class Log(Stmt):
    message: Expr


@node
class Finish(Stmt):
    """``win``, ``lose`` and ``end``: the game stops here."""
    how: str
    value: Expr | None


# ----------------------------------------------------------------- declarations

@node
class TypeRef(Node):
    name: str
    of: TypeRef | None = None

    def __str__(self):
        return f"list of {self.of}" if self.name == "list" else self.name


@node
class KeyRange(Node):
    """A whole-number key of a zone or a variable, ``[1..7]``, ``[1..tricks]``: its ends are
    numbers, options or constants (known before setup). ``name`` reads as a key's type."""
    lo: Expr
    hi: Expr
    name: str = "int"


@node
class Decl(Node):
    pass


@node
class GameDecl(Decl):
    title: str


@node
class PlayersDecl(Decl):
    low: int
    high: int


@node
class DummyDecl(Decl):
    name: str
    cond: Expr | None


@node
class CoopDecl(Decl):
    pass


@node
class TalkDecl(Decl):
    """``talk "..."``: what the players may say to each other, for the host to state."""
    text: str


@node
class ImportDecl(Decl):
    path: str


@node
class OptionDecl(Decl):
    name: str
    type: TypeRef
    allowed: Expr | None
    default: Expr
    doc: str | None
    when: Expr | None = None  # `if COND`: the option applies only then (else it is not shown)


@node
class EnumDecl(Decl):
    name: str
    members: list
    member_spans: list = position(kw_only=False, factory=list)


@node
class FieldDecl(Node):
    name: str
    type: TypeRef
    init: Expr | None = None  # state fields only
    mutable: bool = False


@node
class CardDecl(Decl):
    name: str
    fields: list
    label: Expr | None
    symbol: Expr | None = None  # display hint: a short text for a grid cell
    tint: Expr | None = None  # display hint: a colour name (or an enum member named like one)
    symbol_means: Expr | None = None  # display hint: what the symbol means, for a legend
    tint_means: Expr | None = None  # display hint: what the tint means, for a legend
    note: Expr | None = None  # display hint: a few words shown beside the card ("P2")
    drawing: Expr | None = None  # display hint: a shape drawn with the card


@node
class TableDecl(Decl):
    name: str
    columns: list
    rows: list  # [[Expr]]


@node
class ZoneDecl(Decl):
    name: str
    keys: list  # [TypeRef]
    kind: str
    width: int | None
    height: int | None
    of: str | None
    options: list  # [(name, str | None, Span)]


@node
class VarDecl(Decl):
    name: str
    keys: list
    type: TypeRef
    init: Expr | None
    options: list = attrs.Factory(list)  # [(name, str | None, Span)]: visibility, label "..."
    campaign: bool = False  # declared in a `campaign { ... }` block: kept across its games
    shown: Expr | None = None  # `shown "TEXT"`: how its value reads on the screen

    @property
    def visibility(self) -> str | None:
        """The visibility written (public, hidden, owner), or None."""
        return next((name for name, text, _ in self.options if text is None), None)

    @property
    def label(self) -> str | None:
        return next((text for name, text, _ in self.options if name == "label"), None)


@node
class ConstDecl(Decl):
    name: str
    value: Expr


@node
class Param(Node):
    name: str
    type: TypeRef | None


@node
class FnDecl(Decl):
    name: str
    params: list
    lets: list  # [Let]
    body: Expr
    nslots: int = annotation(kw_only=False, default=0)


@node
class RuleDecl(Decl):
    name: str
    params: list
    body: list
    nslots: int = annotation(kw_only=False, default=0)


@node
class BlockDecl(Decl):
    """``setup``, ``play``, ``turn``, and ``on end`` (which is "end")."""
    which: str
    body: list
    nslots: int = annotation(kw_only=False, default=0)


@attrs.frozen
class TriggerKey:
    """What the checker makes of one key of a trigger's pattern (``on enter hand[p]``): a
    new name bound to the key (its slot), a value the key must equal, or (neither) ``_``."""
    index: int  # which key of the zone
    binds: int | None = None  # the slot of the name it binds
    equals: Expr | None = None  # the value it must be


@node
class TriggerDecl(Decl):
    event: str  # "enter" | "leave"
    zone: str
    keys: list  # [Expr]; unresolved names bind
    card_name: str | None
    body: list
    nslots: int = annotation(kw_only=False, default=0)
    binders: list[TriggerKey] = annotation(kw_only=False, factory=list)
    card_slot: int | None = annotation(kw_only=False)


@node
class EndDecl(Decl):
    cond: Expr


@node
class RequireDecl(Decl):
    """``require CONDITION "MESSAGE"``: checked when a game starts, before setup; a game
    whose options (and number of players) break it is refused with the message."""
    cond: Expr
    message: Expr


@node
class ScoreDecl(Decl):
    which: str  # "score" | "tiebreak" | "report"
    param: str | None
    expr: Expr
    key: str | None = None
    slot: int | None = annotation(kw_only=False)


@node
class OfferDecl(Decl):
    """``offer OPTION in EXPR`` in a campaign: the values of that option the next game
    may be played with."""
    option: str
    values: Expr


@node
class CampaignDecl(Decl):
    """``campaign { var ...  offer ...  after { ... } }``."""
    items: list  # [VarDecl | OfferDecl | BlockDecl("after")]


@node
class Explain(Node):
    """Player-facing text: ``about { ... }`` (the game's overview), ``duration "..."`` (how
    long a game takes) or ``explain "TITLE" cites "ID", ... { ... }`` (the rulebook's words
    for the declaration or statement after it). Kept beside the tree, not in it
    (``Module.teaching``): nothing that runs the rules meets it. See teaching.py."""
    kind: str  # "about" | "duration" | "explain"
    title: str | None
    cites: list  # rule IDs, as written
    lines: list  # the texts as written, one per line ("" starts a new paragraph)
    target: str | None = attrs.field(kw_only=True, default=None)  # what it explains: "rule deal"
    target_span: Span | None = attrs.field(kw_only=True, default=None)
    owner: str | None = attrs.field(kw_only=True, default=None)  # the declaration it sits in

    @property
    def paragraphs(self) -> list[str]:
        out, current = [], []
        for line in self.lines + [""]:
            if line.strip():
                current.append(line.strip())
            elif current:
                out.append(" ".join(current))
                current = []
        return out


@node
class Module(Node):
    decls: list
    file: str
    teaching: list = attrs.field(factory=list)  # [Explain], in the order written
