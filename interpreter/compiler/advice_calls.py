"""Which calls in the advice copies (``ModuleBuilder.advising``) skip the memo: a kept
function's entry that no later call could find is neither looked up nor stored. Such a
call runs the function's ``once`` copy (``o`` + its name: the same body, no memo), and
does the same work and returns the same value as the kept copy would on a miss; a hit
could only have come from a call with the same arguments, so nothing else changes.

- A call with a lambda argument: a lambda is a new object at every call and is told
  apart by identity, so no entry keyed by it is ever asked for again.
- A ``prefer`` clause's outermost call that takes the option: each option is advised once
  per clause, and the site's memo lives for one ``advice`` (every option, every clause);
  unless another clause, or the call's own arguments, may call that function too."""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.runtime.values import MAX_WORK
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from rulelang.language.types import Type


def fresh_arguments(e: ast.Call) -> bool:
    """Whether a call has an argument made anew at every call (a lambda)."""
    return any(isinstance(a, ast.Lambda) for a in e.args)


def _fns_called(tree: object) -> set[str]:
    return {n.ref.name for n in walk(tree) if isinstance(n, ast.Call) and isinstance(n.ref, refs.Fn)}


def _reached(names: set[str], fn_calls: dict[str, set[str]]) -> set[str]:
    found, todo = set(names), list(names)
    while todo:
        for callee in fn_calls.get(todo.pop(), ()):
            if callee not in found:
                found.add(callee)
                todo.append(callee)
    return found


def outermost_once(clauses: list[ast.Lambda], fn_calls: dict[str, set[str]]) -> set[int]:
    """The ids of the clauses' outermost calls (under a ``-``) that take the option and
    whose function nothing else in the site may call: asked once per option."""
    found: set[int] = set()
    for i, clause in enumerate(clauses):
        call = clause.body
        while isinstance(call, ast.Neg):
            call = call.operand
        if not isinstance(call, ast.Call) or not isinstance(call.ref, refs.Fn):
            continue
        if not any(isinstance(a, ast.Name) and isinstance(a.ref, refs.Local)
                   and a.ref.slot == clause.slot for a in call.args):
            continue
        others = _fns_called([c.body for j, c in enumerate(clauses) if j != i] + list(call.args))
        if call.ref.name not in _reached(others, fn_calls):
            found.add(id(call))
    return found


OVER_BUDGET = f"if g.work > {MAX_WORK}: overwork(g)"  # (as stmt.OVER_BUDGET)
HASHABLE = ("int", "bool", "seat", "enum", "card", "cell", "text", "none")  # as a set's item


class KeptIn:
    """``x in p`` for a parameter ``p`` of an advice copy (a list the bots' reads do not
    change): the function asks ``advice_memo.kept_in`` once, at its start, for each such
    parameter, what to ask (the list, or the set made of it when ``M`` saw it before) and
    how much work each ask counts; each ask then adds that to a local count
    (``kept_work``, added to ``Game.work`` before the function stores or returns its
    result) and asks ``x in kept{i}``: no call. The same answers and the same work as
    ``in_kept``; calls made meanwhile count their work as differences, so a count added
    later changes none of theirs. Not in a lambda (its own scope) nor in a comprehension's
    iterable (no ``:=`` there)."""

    def __init__(self) -> None:
        self.params: dict[str, int] = {}  # the code of a parameter -> its index
        self.used: list[int] = []

    def start(self, nparams: int) -> None:
        self.params = {f"s{i}": i for i in range(nparams)} if SHORTCUTS.advice_sets else {}
        self.used = []

    def test(self, item: str, coll: str, ty: Type | None, x: ExprGen) -> str | None:
        i = self.params.get(coll)
        if i is None or x.in_lambda or x.in_iterable or ty is None or ty.name not in HASHABLE:
            return None
        if i not in self.used:
            self.used.append(i)
        return f"((kept_work := kept_work + size{i}) > -1 and ({item}) in kept{i})"

    def stop(self) -> tuple[list[str], list[str]]:
        """The lines that start the function (after its memo is asked), and those that
        end it (before it stores or returns its result)."""
        used, self.params, self.used = self.used, {}, []
        if not used:
            return [], []
        names = "".join(f"kept{i}, size{i}, " for i in used)
        colls = ", ".join(f"s{i}" for i in used)
        return (["kept_work = 0", f"{names}= kept_in(g, M, {colls})"],
                ["g.work += kept_work", OVER_BUDGET])
