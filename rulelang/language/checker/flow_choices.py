"""Two checks of a ``choose`` in the information-flow check (flow.py; a mixin of its
``FlowChecker``, apart to keep each file short): where its options are worked out, and
which locals kept for after it a bot deciding there would plan with."""
from __future__ import annotations

from rulelang.language import ast
from rulelang.language.checker.flow_report import kept_warning
from rulelang.language.checker.flow_values import FlowExprs, State
from rulelang.language.errors import Diagnostic, Span


class ChoiceChecks(FlowExprs):
    # (set by FlowChecker)
    warnings: list[Diagnostic]
    reporting: bool
    read_later: dict[int, frozenset[str]]  # a choose's id -> locals read after it

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
