"""The records a compiled ruleset is made of: its units (rules, triggers, blocks) with their
generated functions, its choice sites, what chance makes again, each card kind's functions,
and ``Compiled``, the whole of it (``compile_program`` hands it back)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from interpreter.compiler.analysis import Analysis
from interpreter.runtime.failures import CallSite, LineOrigin, Operation
from interpreter.runtime.top_level import Fn, TopLevel
from rulelang.language import ast, refs
from rulelang.language.errors import Span

UnitDecl = ast.RuleDecl | ast.TriggerDecl | ast.BlockDecl  # what a unit runs the body of
SiteFn = Callable[[Any, list[Any]], Any]  # a choice site's function of (g, L)

@attrs.define(eq=False)
class UnitInfo:
    """A unit while it is written."""
    key: str  # "rule:deal", "setup", "play", "trigger:0": how saves name it
    name: str  # how errors name it: "rule deal", "setup", "on enter discard"
    kind: str
    decl: UnitDecl
    machine: bool
    counted: bool = False  # each run charged to the work budget (a recursive rule, a trigger)
    deep: bool = False  # its plain (or direct) form counts its depth on ``g.rdepth``
    function: str = ""
    nslots: int = 1
    returns: int = 0  # a machine's last block (where `return` goes)
    resumes: set[int] = attrs.Factory(lambda: {0})  # the positions a saved frame may be at

    def new_slot(self) -> int:
        self.nslots += 1
        return self.nslots - 1


class Unit:
    """A compiled unit: ``run(g, F)`` for a state machine (``F`` its frame), or a plain
    function ``run(g, *args)``; ``bind(g, zone, card)`` a machine trigger's locals."""
    __slots__ = ("key", "name", "kind", "run", "nslots", "span", "machine", "bind", "resumes",
                 "pad", "direct", "loops")

    def __init__(self, info: UnitInfo, run: Callable[..., Any],
                 bind: Callable[..., Any] | None = None) -> None:
        self.key, self.name, self.kind = info.key, info.name, info.kind
        self.resumes = frozenset(info.resumes)
        self.run, self.nslots, self.machine, self.bind = run, info.nslots, info.machine, bind
        self.direct: Callable[..., Any] | None = None  # its direct form (compiler/direct_code.py)
        self.span: Span | None = info.decl.span if info.decl is not None else None
        params = getattr(info.decl, "params", None) or ()
        self.pad = (None,) * (info.nslots - len(params))  # a call's slots after its arguments
        # on a cycle of calls and fired triggers (a rule or a trigger on none cannot run
        # itself without end: the limit names the one that loops, not one it runs at the
        # deepest point)
        self.loops = info.deep or info.kind not in ("rule", "trigger")

    def __repr__(self) -> str:
        return f"<unit {self.name}>"


@attrs.define(eq=False)
class ChoiceSite:
    """A ``choose``: how to work out who decides, the options and the prompt, from the
    frame's slots; so a paused game need not save them (``recomputable``)."""
    index: int
    slot: int
    name: str
    can_pass: bool
    element: str | None  # "seat" when the options are seats (named P1...)
    recomputable: bool  # no chance in who, whether passing is allowed, or the options
    eager_prompt: bool  # the prompt draws chance: worked out when asked, not later
    pass_word: str = "pass"  # the pass move's notation
    pass_confirm: str | None = None  # `confirm "TEXT"`: what a person confirms before passing
    unit: str = ""  # the key of the unit it is in
    resume: int = -1  # its frame's position while it waits
    each_slot: int | None = None  # `by each p in SEATS`: p's slot (each seat chooses at once)
    private: bool = False  # `privately`: its answer in its chooser's transcript alone
    written: object = None  # its prompt as the rules write it (ast.Text or ast.Lit), for reports
    seat: SiteFn | None = None  # functions (g, L) -> (their generated names while compiling)
    seats: SiteFn | None = None
    passing: SiteFn | None = None
    prompt: SiteFn | None = None
    options: SiteFn | None = None
    refusals: SiteFn | None = None  # (g, L) -> per `where` clause, [(option, reason)] it refuses
    prefer: SiteFn | None = None  # (g, L) -> per `prefer` clause, a function: option -> its advice
    shown: SiteFn | None = None  # (g, L) -> a function: option -> its `shown` text
    at: int | None = None  # its place among the compiled rules' origins (for "why?")
    # each `where` clause's place among the origins: a move one refuses is told there ("why?")
    refusal_ats: list[int] = attrs.Factory(list)


@attrs.define(eq=False)
class MakingSite:
    """A ``create`` (or ``c.FIELD = VALUE``) whose values draw chance: how to make them again.
    A card made there keeps the site and the locals its values read (``Game.made``), so a
    bot's sample can draw the card's face again with fresh chance instead of reading it."""
    index: int
    kind: str | None  # the kind created (None: a var field set on a card)
    fields: list[str]  # the field names, in the order ``make`` gives their values
    slots: list[int]  # the locals the values read, in the order a card's record keeps them
    make: Any = None  # (g, *locals) -> [a value per field] (its generated name while compiling)


def free_slots(expr: ast.Node) -> list[int]:
    """The locals an expression reads that it does not bind itself (comprehensions and
    functions given as arguments bind their own)."""
    from rulelang.language.traversal import walk
    read: set[int] = set()
    bound: set[int] = set()
    for n in walk(expr):
        ref = getattr(n, "ref", None)
        if isinstance(n, ast.Name) and isinstance(ref, refs.Local):
            read.add(ref.slot)
        elif isinstance(n, ast.Lambda) and n.slot is not None:
            bound.add(n.slot)
        elif isinstance(n, ast.CompFor):
            bound.update(s for s in (n.slots or []) if isinstance(s, int))
    return sorted(read - bound)


@attrs.define(eq=False)
class KindCode:
    """A card kind's generated functions."""
    name: str
    fixed: list[str]  # fixed field names, in the order ``label`` and ``inits`` take them
    var_fields: list[str]
    coerce: dict[str, str]  # field -> "shape" | "cell": given as text, read once
    hint_fields: list[str]
    label: Fn | None = None  # (g, *fixed) -> text
    inits: Fn | None = None  # (g, *fixed) -> [start value of each var field]
    hints: Fn | None = None  # (g, *every field) -> (the value of each declared hint, ..., None)
    hint_names: list[str] = attrs.Factory(list)  # the declared display hints, in that order
    # the hints read the card's fields alone, none of them a var field: each card's the
    # same all game (a view keeps them with its face: views.card_views)
    hints_fixed: bool = False
    # the hints read the card's fields alone (var fields too) and the rules' functions of
    # them: the same for the same fields' values all game (a view keeps them by those)
    hints_pure: bool = False
    # a kept face is a card's whole view: no var field, and hints that read none or fixed
    # fields alone (views.card_views)
    whole_face: bool = False
    # hints that read two or more fixed fields alone: a getter taking them at once (a tuple)
    hint_getter: Any = None
    # hints that read two or more fields, var fields among them: (fixed fields, the game's
    # var fields, card number) -> their arguments (a function of the rules' module)
    hint_reader: Any = None
    cost: int = 1  # the work of making one (its name, its var fields' starts)

    def has_var(self, name: str) -> bool:
        return name in self.var_fields


@attrs.define(eq=False)
class Compiled:
    source: str
    filename: str
    where: list[LineOrigin]  # generated line (from 1) - 1 -> where it comes from
    units: dict[str, Unit]  # key -> Unit
    rules: dict[str, Unit]  # rule name -> Unit
    triggers: dict[tuple[str, str], list[Unit]]  # (event, zone family) -> [Unit]
    sites: list[ChoiceSite]
    kinds: dict[str, KindCode]  # kind -> KindCode
    tops: TopLevel  # what the rest of the runtime calls, by role
    analysis: Analysis
    function_units: dict[str, str]  # Python function name -> unit name (for errors)
    # Where log lines come from ("why?"): the spans of the statements and declarations that
    # write them; a log line's ``at`` is an index into this list.
    origins: list[Span] = attrs.field(factory=list)
    # the code of each operation written -> the rules' operations (a failure is told at one)
    operations: dict[str, list[Operation]] = attrs.field(factory=dict)
    # the code of each call of a function of the rules written -> the calls' spans (a
    # failure in the function names its caller at one)
    calls: dict[str, list[CallSite]] = attrs.field(factory=dict)
    turn_at: int | None = None  # the `turn` block: its header lines
    end_ats: list[int] = attrs.field(factory=list)  # each `end when`
    makings: list[MakingSite] = attrs.field(factory=list)  # values made by chance, made again
