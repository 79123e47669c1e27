"""The syntax tree's declarations (``game``, ``card``, ``zone``, ``rule``, ``fn``...) and the
module that holds them. ``rulelang.language.ast`` gathers these and the expressions and
statements (``ast_nodes``): read and write nodes through it.
"""
from __future__ import annotations

import attrs

from rulelang.language.ast_nodes import Expr, Let, Name, Node, Stmt, annotation, node, position
from rulelang.language.errors import Span


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
    # display hint: four short texts on its top, right, bottom and left edges, as it lies now
    edges: Expr | None = None
    edges_means: Expr | None = None  # display hint: what the edges mean, for a legend


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
    """``rule NAME(PARAMS) [-> TYPE] { BODY }``: ``returns`` the type of the value it gives
    back (``return VALUE``), None for a rule that gives back nothing."""
    name: str
    params: list[Param]
    returns: TypeRef | None
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
    which: str  # "score" | "tiebreak" | "team" | "report" | "heuristic"
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

    def is_library(self) -> bool:
        """Whether the file has no game of its own (no `game`, `players`, block or campaign):
        the functions, cards, tables and enums it declares are for the games that import it."""
        return not any(isinstance(d, (GameDecl, PlayersDecl, BlockDecl, CampaignDecl))
                       for d in self.decls)
