"""A unit's calls of rules, and its ``return``: mixed into ``UnitGen`` (stmt.py).

A rule called as a statement runs for what it does; one declared ``-> TYPE`` may also be
called for its value, as the whole value of a ``let``, an assignment or a rule's ``return``
(the checker allows it nowhere else): ``let won = challenge(p)``, ``return challenge(p)``.
The call is then written before the statement, its value in a Python local that the
statement's value (``ExprGen.rule_values``) is: a ``return`` gives that local back as any
value (a machine puts it in ``g.returned`` again, a plain function returns it once its depth
is taken back), so a rule giving back its own call counts its depth as any call does.

- A rule that cannot pause is a plain function: ``return VALUE`` is Python's, and the caller
  keeps what the call returned.
- A rule that can pause is a state machine (a frame): its ``return VALUE`` puts the value in
  ``g.returned`` and goes to its last block, which pops the frame; the caller, resumed at
  the block after the call, takes ``g.returned`` into its local at once. Nothing runs
  between the two (no decision, so no save: a frame paused inside the rule is saved with
  the caller's frame waiting at that block, and the value lands when the rule returns).
- A direct form (direct_code.py) is a plain function too, and so returns its value.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulelang.language import ast, refs

if TYPE_CHECKING:
    from interpreter.compiler.compiled_parts import UnitInfo
    from interpreter.compiler.expr import ExprGen
    from interpreter.compiler.module_builder import ModuleBuilder
    from interpreter.compiler.stmt import Loop


def rule_called(e: ast.Expr | None) -> bool:
    """Is this value a call of a rule (``let x = r(...)``)?"""
    return isinstance(e, ast.Call) and isinstance(e.ref, refs.Rule)


class RuleCalls:
    # UnitGen's (see there)
    m: ModuleBuilder
    x: ExprGen
    unit: UnitInfo
    machine: bool
    loops: list[Loop]

    if TYPE_CHECKING:
        def line(self, text: str) -> None: ...
        def jump_line(self, text: str) -> None: ...
        def temp(self) -> str: ...
        def resume_block(self) -> int: ...
        def start_block(self, k: int) -> None: ...
        def goto(self, k: int) -> None: ...

    def s_CallStmt(self, s: ast.CallStmt) -> None:
        self.line(self.plain_call(s.call))

    def plain_call(self, call: ast.Call) -> str:
        """The call of a rule that cannot pause (a plain function), as code."""
        assert isinstance(call.ref, refs.Rule)
        args = "".join(", " + self.x.expr(a) for a in call.args)
        return f"{self.m.rule_function(call.ref.name)}(g{args})"

    def flat_CallStmt(self, s: ast.CallStmt) -> None:
        self.machine_call(s.call, None)

    def machine_call(self, call: ast.Call, keep: str | None) -> None:
        """A machine's call of a rule that can pause: its frame run at once, this frame
        resumed after it (``keep``: the local its value goes to, from ``g.returned``)."""
        assert isinstance(call.ref, refs.Rule)
        name = call.ref.name
        args = [self.x.expr(a) for a in call.args]
        k, unit = self.resume_block(), self.m.unit_name(name)
        if name in self.m.direct:  # a game nobody pauses: its direct form (direct_code.py)
            self.line("if g.direct:")
            with self.m.w.indent():
                direct = f"direct_{self.m.rule_function(name)}(g{''.join(', ' + a for a in args)})"
                self.line(direct if keep is None else f"g.returned = {direct}")
            self.line("else:")
            self.m.w.depth += 1
        self.line(f"F.pc = {k}")
        # run it at once; back here when it is done, unless it paused or put frames on top
        self.line(f"if {self.m.rule_function(name)}(g, g.call({unit}, [{', '.join(args)}])) "
                  "is PAUSE: return PAUSE")
        self.line("if g.frames[-1] is not F: return")
        if name in self.m.direct:
            self.m.w.depth -= 1
        self.start_block(k)
        if keep is not None:
            self.line(f"{keep} = g.returned")

    def rule_value(self, value: ast.Expr) -> None:
        """Before a ``let`` or an assignment whose value is a rule's call: the call, its value
        kept in a local, which the value's code then is."""
        if not rule_called(value):
            return
        assert isinstance(value, ast.Call) and isinstance(value.ref, refs.Rule)
        keep = self.temp()
        if self.machine and self.m.rule_infos[value.ref.name].machine:
            self.machine_call(value, keep)
        else:
            self.line(f"{keep} = {self.called_for_value(value)}")
        self.x.rule_values[id(value)] = keep

    def called_for_value(self, call: ast.Call) -> str:
        """The call of a rule, as code whose value is the rule's (a plain function's)."""
        return self.plain_call(call)

    def s_Return(self, s: ast.Return) -> None:
        if s.value is not None:
            self.rule_value(s.value)  # ``return r(...)``: the call first, as a let's
        if self.machine:
            if s.value is not None:
                self.line(f"g.returned = {self.x.expr(s.value)}")
            self.goto(self.unit.returns)
            return
        self.plain_return(s, self.unit.deep)

    def plain_return(self, s: ast.Return, counted: bool) -> None:
        """``return`` from a plain function (``counted``: its depth taken back first; a
        rule's call given back, ``return r(...)``, is called before, by ``rule_value``)."""
        value = None if s.value is None else self.x.expr(s.value)
        if counted and value is not None and "(" in value:
            keep = self.temp()  # worked out before the depth is taken back
            self.line(f"{keep} = {value}")
            value = keep
        if counted:
            self.line("g.rdepth -= 1")
        self.jump_line("return" if value is None else f"return {value}")
