"""A ``choose`` in the information-flow check (flow.py; a mixin of its ``FlowChecker``, apart
to keep each file short): what its prompt, options and pass tell whom, where its options are
worked out, and which locals kept for after it a bot deciding there would plan with."""
from __future__ import annotations

from collections.abc import Callable

from rulelang.language import ast
from rulelang.language.checker.flow_report import kept_warning
from rulelang.language.checker.flow_values import (
    CLEAN,
    EACH_OWNER,
    OWNED,
    PUBLIC,
    FlowExprs,
    Secret,
    State,
    Taint,
    cardish,
)
from rulelang.language.errors import Diagnostic, Span


class ChoiceChecks(FlowExprs):
    # (set by FlowChecker)
    warnings: list[Diagnostic]
    reporting: bool
    read_later: dict[int, frozenset[str]]  # a choose's id -> locals read after it
    flush: Callable[[State], None]  # (FlowChecker's methods)
    sink: Callable[..., None]
    later: Callable[..., None]
    bind: Callable[[State, str, ast.Expr, Taint], None]
    local_pc: Callable[[State], Secret]

    def s_Choose(self, s: ast.Choose, state: State) -> State:
        self.flush(state)
        options = self.ev(s.options, state)
        if s.pass_if is not None:
            options = options | Taint(self.ev(s.pass_if, state).data)
        chooser = s.each[0] if s.each is not None else \
            self.key_text(s.by) if s.by is not None else "current"  # (by each p: p, each seat)
        if s.prompt is not None:
            self.sink(self.message(s.prompt, state), s.prompt.span, "the prompt shows",
                      "a prompt is read by every seat")
        shown = options  # what they are offered (and whether: the conditions around)
        if s.refusals is not None:
            shown = shown | Taint(self.ev(s.refusals, state).data)  # (its reasons: texts, read)
        why = f"{chooser} may not know it"
        told = shown.data | self.pc_at(state)
        owner = told.owner if told.level == OWNED else None
        if s.by is None and s.each is None and owner not in (None, chooser, EACH_OWNER):
            why += f" (if {owner} is the one choosing here, say so: choose ... by {owner})"
        self.sink(shown, self.options_span(s, state, chooser),
                  f"the options offered to {chooser} are", why,
                  allowed=lambda d: d.known_to(chooser), state=state,
                  event=f"a choice is offered to {chooser}",
                  seen=f"{chooser} sees whether they are offered a choice",
                  redo=lambda st: self.ev(s.options, st) | self.ev(s.refusals, st))
        if s.shown is not None:  # each option's text, read beside it by the chooser
            inner = state.copy()
            inner.local[s.shown.param] = options
            self.sink(self.message(s.shown.body, inner), s.shown.span,
                      f"what 'shown' tells {chooser} of each option is", why,
                      allowed=lambda d: d.known_to(chooser), state=state)
        if s.each is None:
            self.kept_for_later(s, state, chooser)
        element = s.options.ty.arg if s.options.ty is not None and s.options.ty.name == "list" \
            else None
        is_cards = cardish(element) or (s.options.ty is not None and s.options.ty.name in
                                        ("zone", "family"))
        if not is_cards and options.data.known_to(chooser) and options.data != PUBLIC \
                and not s.private:
            self.later(lambda st: self.ev(s.options, st), state, s.options.span,
                       f"the choice '{s.name}' (written in every seat's transcript) is",
                       "a chosen value that is not a card is shown to every seat",
                       event=f"the choice '{s.name}' is written in every seat's transcript")
        if is_cards and s.pass_if is not None and not s.private:
            passing = s.pass_if  # (a value's pass is part of the choice: warned above)
            if self.ev(passing, state).data.known_to(chooser):
                self.later(lambda st: self.ev(passing, st), state, passing.span,
                           "whether a pass is offered (a pass is written in every seat's "
                           "transcript) is",
                           "when a seat passes, every seat learns the condition held",
                           event="a pass is offered")
        # a card is shown as its zone shows it; any other value chosen openly is written in
        # every seat's transcript, so it is no secret afterwards (what it tells is warned above,
        # at the choice, not again wherever it is read: ``max(n for _, n in bids)``)
        data = PUBLIC if is_cards or not s.private else options.data
        if s.each is not None and data.level == OWNED and data.owner == chooser:
            data = Secret(OWNED, EACH_OWNER)  # each seat's options its own secret: so is each pair
        if s.private:  # written in the chooser's transcript alone: a secret of the chooser's
            data = data | Secret(OWNED, EACH_OWNER if s.each is not None else chooser,
                                 chosen=True)
        pc = self.local_pc(state)  # (the branches it is chosen in; not whether its rule runs)
        self.bind(state, s.name, s.options, Taint(data, options.face) | Taint(pc))
        if is_cards and options != CLEAN:
            state.local[s.name] = Taint(pc, options.face)
        return state


    def options_span(self, s: ast.Choose, state: State, chooser: str) -> Span:
        """Where a choose's options are worked out: its ``where`` condition when the list it
        filters is no secret of the chooser's (the condition is what reads one), else the
        list."""
        options = s.options
        if s.refusals is not None and isinstance(options, ast.Comprehension):
            clause = options.fors[0]
            if clause.cond is not None and self.ev(clause.iter, state).data.known_to(chooser):
                return clause.cond.span
        return options.span

    def kept_for_later(self, s: ast.Choose, state: State, chooser: str) -> None:
        """A local the rule reads after this choice, worked out from a face the chooser may
        not know: a bot's sample of what the chooser knows keeps the rule's values worked out
        so far (runtime/knowledge.py), so a bot deciding here would plan with it."""
        if not self.reporting:
            return
        for name in sorted(self.read_later.get(id(s), ())):
            if name == s.name or name not in state.local:
                continue
            data = self.local_taint(name, state).data
            if data.known_to(chooser):
                continue
            self.warnings.append(kept_warning(name, data, chooser, s.span))
