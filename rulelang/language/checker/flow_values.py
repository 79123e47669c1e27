"""The information-flow check, its values and expressions: what a value may tell, and
who may not know it (see flow.py for the whole idea)."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, cast

import attrs

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.errors import Span
from rulelang.language.traversal import children, walk

if TYPE_CHECKING:
    from rulelang.language.checker import Program
    from rulelang.language.checker.zones import VarInfo, ZoneInfo

OPEN, OWNED, HIDDEN_LEVEL = 0, 1, 2
MANGLE = "\0"  # before a caller's name carried into a function that has its own
# the owner of a ``choose ... by each p in SEATS privately``'s list of (seat, choice) pairs:
# each choice is its own seat's (a ``for seat, choice in`` it binds choice as seat's)
EACH_OWNER = MANGLE + "each"
MAX_STEPS = 300_000  # expressions looked at in all: a hostile file stops here


@attrs.frozen
class Secret:
    level: int = OPEN
    owner: str | None = None  # OWNED: the key text of the one seat that may know it
    # OWNED by what one seat chose privately (``choose ... privately``), not by a card's face:
    # how warnings name it (no part of what the secret is)
    chosen: bool = attrs.field(default=False, eq=False)
    # a hidden or owner variable's value, not a card's face: how warnings name it
    var: str | None = attrs.field(default=None, eq=False)

    def __le__(self, other: Secret) -> bool:
        return (self.level == OPEN or other.level == HIDDEN_LEVEL
                or (self.level == other.level and self.owner == other.owner))

    def __or__(self, other: Secret) -> Secret:
        if self <= other:
            return other
        if other <= self:
            return self
        if self.var is not None and other.var is not None:  # two seats' secrets, each kept in
            return Secret(HIDDEN_LEVEL, var=self.var)           # a variable: named by one
        if self.chosen and other.chosen:  # two seats' private choices: no card's face
            return Secret(HIDDEN_LEVEL, chosen=True)
        if (self.var is not None or self.chosen) and (other.var is not None or other.chosen):
            # a variable's secret and a private choice, neither a card's face: named by the
            # variable (a secret bid paid from an owner variable), not as "a hidden card's face"
            var = self.var if self.var is not None else other.var
            return Secret(HIDDEN_LEVEL, var=var)
        return HIDDEN

    def known_to(self, seat_key: str) -> bool:
        return self.level == OPEN or (self.level == OWNED and self.owner == seat_key)


PUBLIC, HIDDEN = Secret(), Secret(HIDDEN_LEVEL)


@attrs.frozen
class Taint:
    data: Secret = PUBLIC
    face: Secret = PUBLIC

    def __or__(self, other: Taint) -> Taint:
        return Taint(self.data | other.data, self.face | other.face)

    def read(self) -> Taint:
        """The face read as data (a field, a card as text)."""
        return Taint(self.data | self.face)


CLEAN = Taint()
# a condition, with the state it was worked out in and its kind ("if", "while", "for"...)
_Cond = tuple[ast.Expr, "State", str]
# built-ins whose result tells where cards are or how many, never what their faces say
_LOCATION = {"size", "empty", "zone_of", "cells", "occupied", "empty_cells", "index_of",
             "in_bounds", "owner", "key", "knows", "neighbours", "adjacent", "connected",
             "groups", "matches", "placements", "shape", "cell", "next", "previous", "others",
             "order_from"}
_READS_FACES = {"text", "join"}
_ORDER_ONLY = {"sort"}  # cards in another order: each still shown as its reader may see it


def may_hold_cards(ty: T.Type | None) -> bool:
    """Whether a value of this type may hold a card (an unknown type may)."""
    if ty is None or ty.name in ("card", "any"):
        return True
    if ty.name == "list":
        return may_hold_cards(ty.arg)
    if ty.name == "tuple":
        return any(may_hold_cards(t) for t in ty.arg or ())
    return False


def looped_cards(names: list[str], over: T.Type | None) -> list[str]:
    """The names of ``for NAMES in`` a list of type ``over`` that may hold its cards: every
    name, unless the items are tuples of known types (``for p, c in picks``: only ``c``)."""
    item = over.arg if over is not None and over.name == "list" else None
    if len(names) > 1 and item is not None and item.name == "tuple" and item.arg \
            and len(item.arg) == len(names):
        return [n for n, t in zip(names, item.arg) if may_hold_cards(t)]
    return list(names)


def cardish(ty: T.Type | None) -> bool:
    """Whether every value of this type is cards (which each reader sees as they may)."""
    if ty is None:
        return False
    if ty.name == "card":
        return True
    if ty.name == "list":
        return cardish(ty.arg)
    if ty.name == "tuple":
        return bool(ty.arg) and all(cardish(t) for t in ty.arg)
    return False


@attrs.define(eq=False)
class Deferred:
    """A local worked out from other locals: once a card it read is face up for all (moved
    to a public zone, revealed), it is worked out again as if that card had always been."""
    expr: ast.Expr
    snapshot: State
    taint: Taint


@attrs.frozen
class Shown:
    """An expression whose cards were revealed to all (``reveal first(xs)``): the same words
    name the same cards until a name they read is set again (or a card moves)."""
    text: str
    reads: frozenset[str]  # the names in it (locals, variables)


def shown_as(expr: ast.Expr, text: str) -> Shown:
    return Shown(text, frozenset(n.id for n in walk(expr) if isinstance(n, ast.Name)))


@attrs.define
class State:
    """What is known at one point of a rule: its locals' taints (a ``Taint`` or a
    ``Deferred``), the zones revealed to all, the locals whose cards were made public."""
    local: dict[str, Taint | Deferred] = attrs.field(factory=dict)
    revealed: frozenset[str] = frozenset()
    made_public: frozenset[str] = frozenset()
    # who may not know whether this point is reached: the join of the conditions of the
    # branches and loops around it (an implicit flow: what happens here tells them)
    pc: Secret = PUBLIC
    # those conditions (and loops' counts), each with the state it was worked out in: worked
    # out again at the next decision, a card made public by then being no secret
    conds: tuple[tuple[ast.Expr, State, str], ...] = ()
    entry: Secret = PUBLIC  # the pc a rule is called under (its callers' branches, joined)
    # expressions whose cards were revealed to all since the last move
    shown: frozenset[Shown] = frozenset()
    # how many times a variable or 'current' was set on the way here (a local set from an
    # expression that reads one names other cards after such a write: ``origin``)
    writes: int = 0

    def copy(self) -> State:
        return State(dict(self.local), self.revealed, self.made_public, self.pc, self.conds,
                     self.entry, self.shown, self.writes)

    def bare(self) -> State:
        """This state with every local clean."""
        bare = self.copy()
        bare.local = dict.fromkeys(self.local, CLEAN)
        return bare

    def under(self, expr: ast.Expr, data: Secret, kind: str = "if") -> None:
        """Inside a branch or loop decided by ``expr`` (its taint now: ``data``): ``kind``
        names what decides (an "if", a "while", a "for" loop's list, a "repeat" count)."""
        self.conds = self.conds + ((expr, self.copy(), kind),)
        self.pc = self.pc | data

    def is_shown(self, text: str) -> bool:
        return any(x.text == text for x in self.shown)

    def set_again(self, names: Iterable[str]) -> None:
        """``names`` now hold other values: an expression that reads one may name other cards
        than those revealed."""
        if self.shown:
            names = set(names)
            self.shown = frozenset(x for x in self.shown if not x.reads & names)

    def wrote(self, names: Iterable[str]) -> None:
        """A variable or 'current' set: ``set_again``, and counted in ``writes``."""
        self.writes += 1
        self.set_again(names)

    def settled(self, name: str) -> Taint:
        value = self.local.get(name, CLEAN)
        return value.taint if isinstance(value, Deferred) else value

    def join(self, other: State) -> State:
        names = set(self.local) | set(other.local)
        return State({n: self.settled(n) | other.settled(n) for n in names},
                     self.revealed & other.revealed, self.made_public & other.made_public,
                     self.pc | other.pc, _union(self.conds, other.conds),
                     self.entry | other.entry, self.shown & other.shown,
                     max(self.writes, other.writes))

    def same(self, other: State) -> bool:
        return (self.revealed, self.made_public, self.pc, self.shown) == \
            (other.revealed, other.made_public, other.pc, other.shown) and \
            [id(c) for c in self.conds] == [id(c) for c in other.conds] and \
            {n: self.settled(n) for n in self.local} == {n: other.settled(n) for n in other.local}


Compute = Callable[[State], Taint]  # a sink's value, worked out in a state
Allowed = Callable[[Secret], bool]  # who may know what a sink shows


@attrs.define
class Later:
    """A sink nobody reads before the next decision, checked then (``FlowChecker.later``)."""

    compute: Compute  # its value, worked out in a state
    state: State  # the state it was made in
    span: Span
    what: str
    why: str
    allowed: Allowed
    event: str  # what every seat sees happen there (see ``FlowChecker.sink``)
    # the locals whose cards the path it is on made public after it (an if's branch that
    # ends before the next decision: the join after it forgets them)
    path: frozenset[str] = frozenset()


def _union(a: tuple[_Cond, ...], b: tuple[_Cond, ...]) -> tuple[_Cond, ...]:
    return a + tuple(x for x in b if all(x is not y for y in a))


class FlowExprs:
    """Mixed into the FlowChecker: the taint of each expression."""

    # the FlowChecker's (see there)
    p: Program
    source_of: Callable[[Span | None, int], str | None]
    var_taint: dict[str, Taint]
    return_taint: dict[str, Taint]
    steps: int
    fn_stack: list[str | None]
    current_alias: set[str]
    fn_memo: dict[tuple[object, ...], Taint]
    again_memo: dict[tuple[int, frozenset[str]], Taint]

    def pc_at(self, state: State) -> Secret:
        """Who may not know whether ``state``'s point is reached, its conditions worked out
        with the cards made public by then (a card played face up in both branches of
        ``if playable(c)`` tells nothing by the branch taken)."""
        data = state.entry
        for expr, snapshot, _ in state.conds:
            data = data | self.ev(expr, self.since(snapshot, state)).data
        return data

    # ------------------------------------------------------------ expressions
    def message(self, e: ast.Expr, state: State) -> Taint:
        """A log line or prompt: its cards are shown to each reader as they may see them."""
        parts = e.parts if isinstance(e, ast.Text) else [e]
        data = PUBLIC
        for part in parts:
            if not isinstance(part, str):
                data = data | self.ev(part, state).data
        return Taint(data)

    def ev(self, e: ast.Node | None, state: State) -> Taint:
        if e is None:
            return CLEAN
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TooMuch
        method: Callable[[ast.Node, State], Taint] | None = getattr(
            self, "x_" + type(e).__name__, None)
        if state.shown and type(e) in (ast.Call, ast.Index, ast.Name) \
                and state.is_shown(self.key_text(e)):
            return CLEAN  # revealed to all: which cards, and their faces, are no secret
        if method is None:
            return self.x_children(e, state)
        return method(e, state)

    def x_children(self, e: ast.Node, state: State) -> Taint:
        out = CLEAN
        for child in children(e):
            out = out | self.ev(child, state)
        return out

    def x_Lit(self, e: ast.Lit, state: State) -> Taint:
        return CLEAN

    def x_Text(self, e: ast.Text, state: State) -> Taint:
        data = PUBLIC
        for part in e.parts:
            if not isinstance(part, str):
                data = data | self.ev(part, state).read().data  # a card in a text is its name
        return Taint(data)

    def again(self, expr: ast.Expr, snapshot: State, now: State) -> Taint:
        """``expr`` as worked out in ``snapshot``, with the cards made public since."""
        return self.ev(expr, self.since(snapshot, now))

    @staticmethod
    def since(snapshot: State, now: State, path: frozenset[str] = frozenset()) -> State:
        """``snapshot`` with the locals whose cards were made public by ``now`` (or on the
        path from it, ``path``) clean."""
        probe = snapshot.copy()
        public = now.made_public | path
        for name in public - snapshot.made_public:
            probe.local[name] = CLEAN
        probe.made_public = probe.made_public | public
        return probe

    def local_taint(self, name: str, state: State) -> Taint:
        """A local's taint in ``state`` (one worked out from cards since made public: again)."""
        value = state.local.get(name, CLEAN)
        if isinstance(value, Deferred):
            if state.made_public - value.snapshot.made_public:
                key = (id(value), state.made_public)
                if key not in self.again_memo:
                    if len(self.fn_stack) > 60:  # deep: keep what was worked out then
                        return value.taint
                    self.fn_stack.append(None)
                    try:
                        self.again_memo[key] = (
                            self.again(value.expr, value.snapshot, state)
                            | Taint(self.pc_at(self.since(value.snapshot, state))))
                    finally:
                        self.fn_stack.pop()
                return self.again_memo[key]
            return value.taint
        return value

    def x_Name(self, e: ast.Name, state: State) -> Taint:
        ref = e.ref
        if isinstance(ref, refs.Local):
            return self.local_taint(e.id, state)
        if isinstance(ref, refs.Var):
            return self.var_read(ref.name, None)
        if isinstance(ref, refs.Zone):
            return Taint(face=self.zone_face(ref.name, [], state))
        if isinstance(ref, refs.ZoneFamily):
            return Taint(face=self.zone_face(ref.name, None, state))
        return CLEAN

    def var_read(self, name: str, key_args: list[ast.Expr] | None) -> Taint:
        """A variable's value as read: a public one is in every seat's view, so what it holds
        is known to all (where a secret was stored in it, that is the leak, warned there: not
        again at every place that reads it); a hidden one is a secret itself, and an owner
        one its seat's (``key_args``: the keys it is read at, None for the whole family)."""
        taint = self.var_taint.get(name, CLEAN)
        info = self.p.vars.get(name)
        if info is None:
            return taint
        if info.visibility == "public":
            return Taint(face=taint.face)
        return Taint(self.var_secret(info, key_args)) | taint  # (a face, named first)

    def var_secret(self, info: VarInfo, key_args: list[ast.Expr] | None) -> Secret:
        """Who may not know a hidden or owner variable's value."""
        if info.visibility != "owner" or key_args is None:
            return Secret(HIDDEN_LEVEL, var=info.name)
        at = next((i for i, key in enumerate(info.keys) if key.of_seats), None)
        arg = key_args[at] if at is not None and at < len(key_args) else None
        if arg is None or (isinstance(arg, ast.Name) and arg.id == "_"):
            return Secret(HIDDEN_LEVEL, var=info.name)
        return Secret(OWNED, self.key_text(arg), var=info.name)

    def x_Attr(self, e: ast.Attr, state: State) -> Taint:
        if isinstance(e.ref, refs.Member):
            return CLEAN
        obj = self.ev(e.obj, state)
        return obj.read() if isinstance(e.ref, (refs.Field, refs.Dynamic)) else obj

    def x_Index(self, e: ast.Index, state: State) -> Taint:
        keys = PUBLIC
        for arg in e.args:
            keys = keys | self.ev(arg, state).data
        ref = e.ref
        if isinstance(ref, refs.ZoneFamily):
            return Taint(keys, self.zone_face(ref.name, e.args, state))
        if isinstance(ref, refs.VarFamily):
            return self.var_read(ref.name, e.args) | Taint(keys)
        return self.ev(e.obj, state) | Taint(keys)

    def x_Is(self, e: ast.Is, state: State) -> Taint:
        return Taint(self.ev(e.obj, state).data)  # a card's kind shows even face down

    def x_In(self, e: ast.In, state: State) -> Taint:
        return Taint(self.ev(e.item, state).data | self.ev(e.coll, state).data)

    # two cards compare as cards (where they are), not faces
    def x_Compare(self, e: ast.Compare, state: State) -> Taint:
        return Taint(self.ev(e.left, state).data | self.ev(e.right, state).data)

    x_BoolOp = x_Compare

    def x_Not(self, e: ast.Not, state: State) -> Taint:
        return Taint(self.ev(e.operand, state).data)

    def x_BinOp(self, e: ast.BinOp, state: State) -> Taint:
        left, right = self.ev(e.left, state), self.ev(e.right, state)
        if e.ty is not None and e.ty.name == "text":
            return left.read() | right.read()
        return left | right

    def x_IfExpr(self, e: ast.IfExpr, state: State) -> Taint:
        return Taint(self.ev(e.cond, state).data) | self.ev(e.then, state) | self.ev(e.other, state)

    def x_Lambda(self, e: ast.Lambda, state: State) -> Taint:
        inner = state.copy()
        inner.local[e.param] = CLEAN
        inner.set_again([e.param])
        return self.ev(e.body, inner)

    def x_Comprehension(self, e: ast.Comprehension, state: State) -> Taint:
        inner, bound, data = state.copy(), set[str](), PUBLIC
        for clause in e.fors:
            item = self.ev(clause.iter, inner)
            data = data | item.data
            for name in clause.names:
                inner.local[name] = item
                bound.add(name)
            inner.set_again(clause.names)
            if clause.cond is not None:
                data = data | self.ev(clause.cond, inner).data
        elt = self.ev(e.elt, inner)
        return self.rename(Taint(data | elt.data, elt.face), {}, bound)

    def x_Call(self, e: ast.Call, state: State) -> Taint:
        ref = e.ref
        if isinstance(ref, refs.Fn):
            return self.call_fn(e, state)
        if isinstance(ref, refs.Rule):  # a rule's value (let x = r(...)): what its returns tell
            return self.return_taint.get(ref.name, CLEAN)
        if isinstance(ref, refs.LocalFn):
            func = state.settled(cast(ast.Name, e.func).id)  # a local function: by its name
            return func | self.ev_all(e.args, state).read()
        if not isinstance(ref, refs.Builtin):
            return self.ev_all(e.args, state)
        name = ref.name
        values = [a for a in e.args if not isinstance(a, ast.Lambda)]
        if name == "disclose":
            self.ev_all(values, state)
            return CLEAN
        if name == "knows" and len(values) == 2 and isinstance(values[1], ast.Attr):
            # knows(p, c.FIELD) tells what p was told, not the field: the face is not read
            return Taint(self.ev_all([values[0], values[1].obj], state).data)
        got = self.ev_all(values, state)
        if name in _LOCATION:
            return Taint(got.data)
        if name in _READS_FACES:
            return got.read()
        if name == "top" and len(values) == 1:  # the top of a `top` pile is face up
            zone = self.zone_info(values[0])
            if zone is not None and zone.visibility == "top":
                return Taint(got.data)
        if name in _ORDER_ONLY or not any(isinstance(a, ast.Lambda) for a in e.args):
            return got
        for lam in e.args:  # a key that filters: what it reads is part of the result
            if isinstance(lam, ast.Lambda):
                inner = state.copy()
                inner.local[lam.param] = got
                inner.set_again([lam.param])
                got = got | Taint(self.ev(lam.body, inner).data)
        return got

    def ev_all(self, exprs: Iterable[ast.Expr], state: State) -> Taint:
        out = CLEAN
        for x in exprs:
            out = out | self.ev(x, state)
        return out

    def call_fn(self, e: ast.Call, state: State) -> Taint:
        decl = self.p.fns.get(cast(refs.Fn, e.ref).name)
        if decl is None or len(decl.params) != len(e.args):
            return self.ev_all(e.args, state).read()
        texts = [self.key_text(a) for a in e.args]
        inside = {q.name for q in decl.params} | {let.name for let in decl.lets}
        # a seat the caller names keeps its secret inside the function, under the parameter
        # it is passed as, or else under a name no local of the function can take
        renames = {name: MANGLE + name for name in state.local if name in inside}
        renames.update({t: q.name for t, q in zip(texts, decl.params)})
        inner = State(revealed=state.revealed)
        for arg, q in zip(e.args, decl.params):
            inner.local[q.name] = self.rename(self.ev(arg, state), renames, ())
        key = (decl.name, tuple(sorted(inner.local.items(), key=lambda kv: kv[0])),
               state.revealed)
        if key in self.fn_memo:
            result = self.fn_memo[key]
        elif decl.name in self.fn_stack or len(self.fn_stack) > 40:  # recursive: its arguments
            result = self.ev_all(e.args, state).read()
        else:
            self.fn_stack.append(decl.name)
            try:
                for let in decl.lets:
                    inner.local[let.name] = self.ev(let.value, inner)
                result = self.ev(decl.body, inner)
            finally:
                self.fn_stack.pop()
            self.fn_memo[key] = result
        back = {MANGLE + name: name for name in state.local if name in inside}
        back.update({q.name: t for t, q in zip(texts, decl.params)})
        return self.rename(result, back, inside)

    # ------------------------------------------------------------ zones and seats
    def zone_info(self, e: ast.Expr) -> ZoneInfo | None:
        name = self.zone_name(e)
        return self.p.zones.get(name) if name is not None else None

    def zone_name(self, e: ast.Expr) -> str | None:
        if isinstance(e, ast.Index):
            e = e.obj
        if isinstance(e, ast.Name) and isinstance(e.ref, (refs.Zone, refs.ZoneFamily)):
            return e.ref.name
        return None

    def zone_face(self, name: str, key_args: list[ast.Expr] | None, state: State) -> Secret:
        """Who may not know the faces of a zone's cards: ``key_args`` None for a family."""
        info = self.p.zones.get(name)
        if info is None or name in state.revealed or info.visibility == "public":
            return PUBLIC
        if info.visibility != "owner" or key_args is None:
            return HIDDEN
        at = next((i for i, key in enumerate(info.keys) if key.of_seats), None)
        if at is None or at >= len(key_args):
            return HIDDEN
        arg = key_args[at]
        if isinstance(arg, ast.Name) and arg.id == "_":
            return HIDDEN
        return Secret(OWNED, self.key_text(arg))

    def dest_face(self, dest: ast.Expr, state: State) -> Secret:
        return self.ev(dest, state).face

    def key_text(self, e: ast.Node) -> str:
        """How a seat (or a key) is named in a secret: by its text, a local that holds
        ``current`` (``let me = current``) as ``current`` (in the rule, not a function)."""
        if isinstance(e, ast.Name):
            if e.id in self.current_alias and isinstance(e.ref, refs.Local) \
                    and not any(self.fn_stack):
                return "current"
            return e.id
        return self.source_of(e.span, 200) or f"<{type(e).__name__} at {e.span}>"

    @staticmethod
    def rename(taint: Taint, renames: dict[str, str], local_names: Collection[str]) -> Taint:
        """Carry a seat's secret into another scope: its key under the name it has there,
        or hidden when that name means nothing there."""
        def one(s: Secret) -> Secret:
            if s.level != OWNED:
                return s
            if s.owner in renames:
                return Secret(OWNED, renames[s.owner], s.chosen, s.var)
            if s.owner not in local_names:
                return s
            return HIDDEN if s.var is None else Secret(HIDDEN_LEVEL, var=s.var)
        return Taint(one(taint.data), one(taint.face))

    def element(self, taint: Taint) -> Taint:
        return taint


class TooMuch(Exception):
    pass
