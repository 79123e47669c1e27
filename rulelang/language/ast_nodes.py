"""The syntax tree's nodes of expressions and statements, and what every node shares (the
roles of its fields, ``node``). ``rulelang.language.ast`` gathers these and the declarations
(``ast_decls``): read and write nodes through it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform

import attrs

from rulelang.language.errors import Span
from rulelang.language.refs import Ref

if TYPE_CHECKING:  # a declared type, in a `let`: a declaration's node
    from rulelang.language.ast_decls import TypeRef

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
    at: Any = None  # as Move's: None, "bottom", or an Expr (a place on a grid)
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
    # `pass ... confirm "TEXT"`: (text, span): what a person is asked to confirm before passing
    pass_confirm: tuple[str, Span] | None = attrs.field(kw_only=True, default=None)
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
    # `privately`: the answer is written in its chooser's transcript alone (the others read
    # "(hidden)")
    private: bool = attrs.field(kw_only=True, default=False)
    # `shown TEXT`: how each option reads beside its move, one ``Lambda`` (NAME => TEXT)
    shown: Lambda | None = attrs.field(kw_only=True, default=None)


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
    """``return``, or ``return VALUE`` in a rule declared ``-> TYPE``."""
    value: Expr | None = None


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
