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

from rulelang.language import ast, refs
from rulelang.language.traversal import walk


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
