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

from interpreter.compiler.expr_shapes import simple
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal
from interpreter.runtime.values import MAX_WORK
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from rulelang.language.types import Type


def fresh_arguments(e: ast.Call) -> bool:
    """Whether a call has an argument made anew at every call (a lambda)."""
    return any(isinstance(a, ast.Lambda) for a in e.args)


def advice_call(x: ExprGen, e: ast.Call, name: str, args: list[str]) -> str:
    """A call of a rules' function in an advice copy: its kept copy (memo in ``M``), or
    its copy without the memo where no later call could find the entry, or (in a
    comprehension, its arguments read nothing the comprehension binds) its entry kept
    (``KeptIn.hoisted``)."""
    m = x.m
    decl = m.program.fns[name]
    kept = m.memoizable(decl)
    if kept and (id(e) in m.once_calls or fresh_arguments(e)) and SHORTCUTS.advice_once:
        once = f"{m.once_name(name)}(g, M{''.join(', ' + a for a in args)})"
        m.w.call(once, e)
        return once
    call = f"{m.fn_name(name)}(g, M{''.join(', ' + a for a in args)})"
    m.w.call(call, e)
    return (m.kept_in.hoisted(call, decl, args, x) if kept else None) or call


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
        self.active = False  # writing an advice copy's function
        self.counting = False  # whether it counts work in ``kept_work``

    def start(self, nparams: int) -> None:
        self.params = {f"s{i}": i for i in range(nparams)} if SHORTCUTS.advice_sets else {}
        self.used = []
        self.active, self.counting = True, False

    def hoisted(self, call: str, decl: ast.FnDecl, args: list[str], x: ExprGen) -> str | None:
        """A kept function's call in a comprehension (its condition or its item) whose
        arguments read nothing the comprehension binds: the same call for every item, so
        its memo entry is found by the first item that gets there (the call itself, its
        work counted as it counts it) and kept in a name; for the other items, the value
        it kept and its work counted again in ``kept_work``, as a hit counts it (no call).
        Only for arguments that are plain names or numbers (its key is made of them again)."""
        memo = x.kept_calls
        if not self.active or memo is None or x.in_lambda or x.in_iterable \
                or not SHORTCUTS.advice_hoist or not all(map(simple, args)) \
                or any(map(memo.mentions, args)):
            return None
        m = x.m
        parts = [a if m.by_value(p) else f"memo_id({a})" for a, p in zip(args, decl.params)]
        key = f"({', '.join([literal(m.fn_names[decl.name]), *parts])},)"
        name = f"h{next(m.counter)}"
        memo.names.append(name)
        self.counting = True
        return (f"({name}[0] if {name} is not UNSET and (kept_work := kept_work + {name}[1]) > -1"
                f" else ({name} := ({call}, M[{key}][1]))[0])")

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
        counting, self.active, self.counting = self.counting or bool(used), False, False
        if not counting:
            return [], []
        starting = ["kept_work = 0"]
        if used:  # (kept_in's answer looked up first as kept_in looks it up: no call)
            names = "".join(f"kept{i}, size{i}, " for i in used)
            key = "".join(f"memo_id(s{i}), " for i in used)
            colls = ", ".join(f"s{i}" for i in used)
            starting.append(f"{names}= M.get(({key})) or kept_in(g, M, {colls})")
        return starting, ["g.work += kept_work", OVER_BUDGET]
