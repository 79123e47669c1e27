"""Cards moved, dealt, shuffled, made and shown in the information-flow check (flow.py; a
mixin of its ``FlowChecker``, apart to keep each file short): every seat sees them happen, so
whether and how must not tell a secret, and where a card now lies says who sees its face."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from rulelang.language import ast, refs
from rulelang.language.checker import flow_report
from rulelang.language.checker.flow_values import (
    CLEAN,
    OWNED,
    PUBLIC,
    Deferred,
    FlowExprs,
    Secret,
    Shown,
    State,
    Taint,
    shown_as,
)
from rulelang.language.errors import Diagnostic


class EffectChecks(FlowExprs):
    # (set by FlowChecker)
    warnings: list[Diagnostic]
    reporting: bool
    later: Callable[..., None]  # (FlowChecker's method)

    def s_Move(self, s: ast.Move, state: State) -> State:
        at = s.at if isinstance(s.at, ast.Expr) else None

        def compute(st: State) -> Taint:
            return Taint(self.ev(s.what, st).data | self.ev(s.dest, st).data
                         | self.ev(at, st).data)
        compute(state)
        self.later(compute, state, s.span,
                   "which card moves where (or whether one does) depends on",
                   "every seat sees cards move, even face down", event="a card moves")
        face = self.dest_face(s.dest, state)
        zone = self.zone_info(s.dest)
        if s.at is None and zone is not None and zone.visibility == "top" \
                and s.what.ty is not None and s.what.ty.name == "card":  # one card, face up
            face = PUBLIC
        self.moved(s.what, face, state)
        state.shown = frozenset()  # the top of a pile may be another card now
        return state

    def happens(self, s: ast.Stmt, state: State, what: str,
                parts: Sequence[ast.Expr | None] = ()) -> None:
        """A statement every seat sees happen: whether (and how) must not tell a secret."""
        def compute(st: State) -> Taint:
            return Taint(self.ev_all([p for p in parts if p is not None], st).data)
        compute(state)
        self.later(compute, state, s.span, f"whether {what} (and how) depends on",
                   "every seat sees it happen", event=what)
        state.shown = frozenset()

    def s_Deal(self, s: ast.Deal, state: State) -> State:
        self.happens(s, state, "cards are dealt", (s.count, s.src, s.dest))
        return state

    def s_Shuffle(self, s: ast.Shuffle, state: State) -> State:
        self.happens(s, state, "a zone is shuffled", (s.zone,))
        info = self.zone_info(s.zone)
        if self.reporting and info is not None and info.visibility == "public" and info.kind == "pile":
            self.warnings.append(flow_report.shuffled_in_sight(info.name, s.span))
        name = self.zone_name(s.zone)
        if name is not None:
            state.revealed = state.revealed - {name}
        return state

    def s_Create(self, s: ast.Create, state: State) -> State:
        at = s.at if isinstance(s.at, ast.Expr) else None
        self.happens(s, state, "a card is made", (s.count, s.dest, at))
        face = self.dest_face(s.dest, state)
        for name, value, span in s.fields:
            def field_taint(st: State, value: ast.Expr = value) -> Taint:
                return self.ev(value, st).read()
            self.later(field_taint, state, span,
                       f"the field '{name}' of a card made where some seats see it is",
                       "a new card shows its fields to whoever sees its zone",
                       allowed=lambda d: d <= face, event=f"a card is made with the field '{name}'")
        if s.name:
            state.local[s.name] = Taint(face=face)
            state.set_again([s.name])
        return state

    def s_Reveal(self, s: ast.Reveal, state: State) -> State:
        if s.fact is not None:  # a field told (reveal c.colour): no face shown; the rest of
            return state        # the card stays as secret as it was
        if s.to is not None:  # one seat now knows a face nobody knew (more: not followed)
            if not (s.to.ty is not None and s.to.ty.name == "list"):
                self.moved(s.what, Secret(OWNED, self.key_text(s.to)), state)
            return state
        self.happens(s, state, "cards are shown to all", (s.what,))
        state.shown = state.shown | {shown_as(s.what, self.key_text(s.what))} \
            | self.origin(s.what, state)
        self.moved(s.what, PUBLIC, state)
        what = s.what
        if isinstance(what, ast.Call) and what.ref == refs.Builtin("cards") and what.args:
            what = what.args[0]
        name = self.zone_name(what)
        if name is not None:
            state.revealed = state.revealed | {name}
        return state

    def origin(self, what: ast.Expr, state: State) -> frozenset[Shown]:
        """The expression a local was set from (``let c = top(deck)``), while the locals it
        reads hold what they held then and, where it reads a variable or 'current', none was
        set since (else its words name other cards now)."""
        if isinstance(what, ast.Name):
            value = state.local.get(what.id)
            if isinstance(value, Deferred):
                was = shown_as(value.expr, self.key_text(value.expr))
                then = value.snapshot
                if all(then.local.get(n) is state.local.get(n) for n in was.reads) and (
                        then.writes == state.writes or was.reads <= then.local.keys()):
                    return frozenset({was})
        return frozenset()

    def moved(self, what: ast.Expr, face: Secret, state: State) -> None:
        """Cards held by a local now lie where ``face`` says who sees them (nobody forgets)."""
        if isinstance(what, ast.Name) and isinstance(what.ref, refs.Local):
            old = state.settled(what.id)
            if face == PUBLIC:
                state.local[what.id] = CLEAN
                state.made_public = state.made_public | {what.id}
            else:
                state.local[what.id] = Taint(old.data, old.face if old.face <= face else face)
