"""Messages in the generated code (mixed into ``expr.ExprGen``): a log line's or a prompt's
text as a tuple of parts, and what of a log line a game that keeps no log still works out
(``quiet_log``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.compiler.expr_shapes import seats_of, simple
from interpreter.compiler.quiet_log import text_parts
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from rulelang.language import ast

if TYPE_CHECKING:
    from interpreter.compiler.module_builder import ModuleBuilder


def _parts_tuple(items: list[str]) -> str:
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


class Messages:
    """Mixed into ExprGen: reads these of its attributes and methods."""
    m: ModuleBuilder

    if TYPE_CHECKING:
        def expr(self, e: ast.Expr) -> str: ...

        def renderer(self, e: ast.Expr) -> str: ...

    def message(self, e: ast.Expr, log: bool = False) -> str:
        """A tuple of message parts: texts, and cards (rendered per reader later). In a
        log line (``log``) a card is a ``SeenCard``: who knows it is fixed when written."""
        if isinstance(e, ast.Lit) and isinstance(e.value, str):
            return self.m.constant((e.value,), "prompt")
        return _parts_tuple(self.message_items(e, log))

    def unread_message(self, e: ast.Expr) -> str | None:
        """A log line's parts that could fail, as code a game that keeps no log runs in its
        place (quiet_log.py); None when no part could."""
        if isinstance(e, ast.Lit):
            return None
        risky = self.m.an.log_parts_that_may_fail(e)
        if not risky:
            return None
        exprs = [p for i, p in enumerate(text_parts(e)) if i in risky and isinstance(p, ast.Expr)]
        return _parts_tuple([self.expr(p) for p in exprs])  # (their texts cannot fail)

    def unread_prompt(self, e: ast.Expr) -> str:
        """A prompt a game that keeps no log does not make, as code: None, having worked out
        the parts that could fail (a logged game makes it as the choice is offered)."""
        unread = self.unread_message(e)
        return "None" if unread is None else f"({unread} and None)"

    def message_items(self, e: ast.Expr, log: bool) -> list[str]:
        """Each part of a message's text as code (``message``'s items)."""
        items = []
        for p in text_parts(e):
            if isinstance(p, str):
                items.append(literal(p))
                continue
            t, seats = (p.ty.name if p.ty is not None else "any"), seats_of(p.ty)
            if seats == "list":
                items.append(f"seat_names(g, {self.expr(p)}, False)")
            elif t == "text" and not isinstance(p, (ast.Text, ast.Lit)):
                items.append(f"text_counted(g, {self.renderer(p)})")  # may be long: counted
            elif seats == "one" or t in ("int", "text", "enum", "bool", "cell", "shape",
                                         "placement", "zone"):
                items.append(self.renderer(p))  # one text, whatever the reader knows
            elif t == "card" and SHORTCUTS.message_cards and simple(code := self.expr(p)):
                card = f"SeenCard({code}, g.known[{code}.id])" if log else code
                items.append(f"*(({card},) if type({code}) is Card else parts_of({code}))")
            elif log:
                items.append(f"*log_parts(g, {self.expr(p)})")
            else:
                items.append(f"*parts_of({self.expr(p)})")
        return items
