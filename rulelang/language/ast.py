"""The syntax tree of a .rules file: plain attrs classes, one per construct.

Every node has a ``span`` (its source position). Expression nodes also carry
``ty`` and ``ref``, filled in by the checker: the static type, and what a name
resolved to (a record of ``refs``: a local slot, a global, a builtin...). The interpreter
compiles from these annotations and never resolves a name again.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

import attrs

from rulelang.language.errors import Span
from rulelang.language.refs import Ref

# What a field of a node holds, declared once here for every pass (rulelang.language.traversal
# reads it): a part of what the text says (the default: the nodes in it are the node's
# children), where the text is (POSITION), or what the checker worked out (ANNOTATION).
ROLE = "rulelang.role"
POSITION = "position"
ANNOTATION = "annotation"


def position(*, kw_only: bool, default: Any = None,
             factory: Callable[[], Any] | None = None) -> Any:
    """A field holding source positions: not a child, not part of what the text means."""
    return _field(POSITION, kw_only, default, factory)


def annotation(*, kw_only: bool, default: Any = None,
               factory: Callable[[], Any] | None = None) -> Any:
    """A field the checker fills in (a type, what a name resolved to, a frame slot): not a
    child, not part of what the text means, put back to its default before checking again."""
    return _field(ANNOTATION, kw_only, default, factory)


def _field(role: str, kw_only: bool, default: Any, factory: Callable[[], Any] | None) -> Any:
    if factory is not None:
        return attrs.field(kw_only=kw_only, factory=factory, metadata={ROLE: role})
    return attrs.field(kw_only=kw_only, default=default, metadata={ROLE: role})


_NodeClass = TypeVar("_NodeClass", bound=type)


# dataclass_transform lets a type checker see the __init__ attrs makes; it reads a field's
# kw_only and default only where the call writes them, so the fields below write both
@dataclass_transform(eq_default=False, field_specifiers=(attrs.field, position, annotation))
def node(cls: _NodeClass) -> _NodeClass:
    return attrs.define(eq=False, repr=False)(cls)


@node
class Node:
    span: Span = position(kw_only=True, default=None)


# ------------------------------------------------------------------ expressions

@node
class Expr(Node):
    ty: Any = annotation(kw_only=True, default=None)
    ref: Ref | None = annotation(kw_only=True, default=None)


@node
class Lit(Expr):
    value: Any


@node
class Text(Expr):
    """A string literal; ``parts`` mixes plain strings and interpolated expressions."""
    parts: list[str | Expr]


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
    args: list[Expr]


@node
class Lambda(Expr):
    param: str
    body: Expr
    slot: int = annotation(kw_only=True, default=None)


@node
class Call(Expr):
    func: Expr
    args: list[Expr]


@node
class CompFor(Node):
    names: list[str]
    iter: Expr
    cond: Expr | None
    slots: list[int] = annotation(kw_only=True, factory=list)


@node
class Comprehension(Expr):
    """``[elt for x in xs if c]``; as an aggregate argument ``sum(elt for ...)`` too."""
    elt: Expr
    fors: list[CompFor]


@node
class ListLit(Expr):
    items: list[Expr]


@node
class TupleLit(Expr):
    items: list[Expr]


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
    slot: int = annotation(kw_only=True, default=None)


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
    fields: list[tuple[str, Expr, Span]]  # (name, value, the name's span)
    count: Expr | None
    dest: Expr
    # `create ... as NAME`: the new card (with `x COUNT`, the list of them), bound when it is
    # made, before any trigger its arrival fires can move it
    name: str | None = attrs.field(kw_only=True, default=None)
    slot: int = annotation(kw_only=True, default=None)
    type: Any = annotation(kw_only=True, default=None)  # the name's type, for editors


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
    """``reveal CARDS [to SEATS]`` shows faces (``kind`` "faces"); ``tell CARD.FIELD [to
    SEATS]`` tells one field of a card without its face ("field"), and ``tell whether
    CARD.FIELD == VALUE [to SEATS]`` whether the field is that value ("whether"). ``fact``,
    set by the checker: the field's name, for the two that tell."""
    what: Expr
    to: Expr | None
    kind: str = attrs.field(kw_only=True, default="faces")
    fact: str | None = annotation(kw_only=True, default=None)


@node
class Choose(Stmt):
    name: str
    options: Expr
    by: Expr | None
    can_pass: bool
    pass_if: Expr | None
    prompt: Expr | None
    pass_word: tuple[str, Span] | None = attrs.field(kw_only=True, default=None)  # (text, span): its notation
    # `by each p in SEATS`: (the name, the seats' expression): every one of those seats
    # chooses at once, in secret; the chosen value is the list of (seat, choice) pairs
    each: tuple[str, Expr] | None = attrs.field(kw_only=True, default=None)
    slot: int = annotation(kw_only=True, default=None)
    each_slot: int = annotation(kw_only=True, default=None)
    # `where COND else REASON`: ``options`` is then the list filtered by every COND, and
    # ``refusals`` one list per clause of (option, REASON) for the options it refuses
    refusals: Expr | None = attrs.field(kw_only=True, default=None)
    reasons: list[Expr] = attrs.field(kw_only=True, factory=list)  # the REASON expressions
    # `prefer VALUE`: advice for bots, one ``Lambda`` (NAME => VALUE) per clause, in order
    prefer: list[Lambda] = attrs.field(kw_only=True, factory=list)


@node
class If(Stmt):
    branches: list[tuple[Expr, list[Stmt]]]  # (cond, body)
    other: list[Stmt] | None


@node
class For(Stmt):
    names: list[str]
    iter: Expr
    body: list[Stmt]
    slots: list[int] = annotation(kw_only=True, factory=list)


@node
class Repeat(Stmt):
    count: Expr
    name: str | None
    body: list[Stmt]
    slot: int = annotation(kw_only=True, default=None)


@node
class While(Stmt):
    cond: Expr
    body: list[Stmt]


@node
class Loop(Stmt):
    body: list[Stmt]


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
    """``win WHO``, ``lose team`` and ``end``: the game stops here. ``value``: who wins (a seat
    or a list of seats; None for ``team`` and for ``end``); ``team``: the cooperative team;
    ``reason``: the text after it, if any."""
    how: str
    value: Expr | None
    reason: Expr | None = attrs.field(kw_only=True, default=None)
    team: bool = attrs.field(kw_only=True, default=False)


# ----------------------------------------------------------------- declarations

@node
class TypeRef(Node):
    name: str
    of: TypeRef | None = None

    def __str__(self) -> str:
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
    members: list[str]
    member_spans: list[Span] = position(kw_only=False, factory=list)


@node
class FieldDecl(Node):
    name: str
    type: TypeRef
    init: Expr | None = None  # state fields only
    mutable: bool = False


@node
class CardDecl(Decl):
    name: str
    fields: list[FieldDecl]
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
    columns: list[str]
    rows: list[list[Expr]]


@node
class ZoneDecl(Decl):
    name: str
    keys: list[TypeRef | KeyRange]
    kind: str
    width: int | Name | None  # a grid's size: a number, or a name known before setup
    height: int | Name | None
    of: str | None
    options: list[tuple[str, str | None, Span]]  # (name, text, span)


@node
class VarDecl(Decl):
    name: str
    keys: list[TypeRef | KeyRange]
    type: TypeRef
    init: Expr | None
    # (name, text, span): visibility, label "..."
    options: list[tuple[str, str | None, Span]] = attrs.Factory(list)
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
    params: list[Param]
    lets: list[Let]
    body: Expr
    nslots: int = annotation(kw_only=False, default=0)


@node
class RuleDecl(Decl):
    name: str
    params: list[Param]
    body: list[Stmt]
    nslots: int = annotation(kw_only=False, default=0)


@node
class BlockDecl(Decl):
    """``setup``, ``play``, ``turn``, and ``on end`` (which is "end")."""
    which: str
    body: list[Stmt]
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
    keys: list[Expr]  # unresolved names bind
    card_name: str | None
    body: list[Stmt]
    nslots: int = annotation(kw_only=False, default=0)
    binders: list[TriggerKey] = annotation(kw_only=False, factory=list)
    card_slot: int | None = annotation(kw_only=False, default=None)


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
    slot: int | None = annotation(kw_only=False, default=None)


@node
class OfferDecl(Decl):
    """``offer OPTION in EXPR`` in a campaign: the values of that option the next game
    may be played with."""
    option: str
    values: Expr


@node
class CampaignDecl(Decl):
    """``campaign { var ...  offer ...  after { ... } }``."""
    items: list[VarDecl | OfferDecl | BlockDecl]  # the block: BlockDecl("after")


@node
class Explain(Node):
    """Player-facing text: ``about { ... }`` (the game's overview), ``duration "..."`` (how
    long a game takes) or ``explain "TITLE" cites "ID", ... { ... }`` (the rulebook's words
    for the declaration or statement after it). Kept beside the tree, not in it
    (``Module.teaching``): nothing that runs the rules meets it. See teaching.py."""
    kind: str  # "about" | "duration" | "explain"
    title: str | None
    cites: list[str]  # rule IDs, as written
    lines: list[str]  # the texts as written, one per line ("" starts a new paragraph)
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
    decls: list[Decl]
    file: str
    teaching: list[Explain] = attrs.field(factory=list)  # in the order written
