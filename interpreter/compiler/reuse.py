"""A function's value worked out once in a direct form, when nothing between can change it.

A direct form (compiler/direct_code.py) runs its statements one after the other, and a
``choose`` there writes nothing: it returns the value a policy picks. So between two calls of
the same pure ``fn`` with the same arguments, in statements that write nothing (``let``,
``choose``, an ``if`` whose branches write nothing, ``log``, ``return``, ``end``), the second
call would give what the first gave. Such a call (a ``fn`` written out where it is called,
whose body goes through a list: a comprehension, itself or in a ``fn`` it calls) is kept in a
local the first time it runs and read from it after:

    (reused(g, rwK, rvK) if rvK is not UNSET else (rwK := g.work, rvK := CODE,
                                                   rwK := g.work - rwK)[1])

``rvK`` is set to UNSET before the statement that first holds it, so a call first reached in a
branch not taken is worked out where it is next reached. A value read again charges the work
its making counted (``rwK``), as working it out again would, so the budget runs out at the
same statement. The same call is the same key: the function's name and its arguments' code,
when that code reads only the unit's own locals (``s3``), enum members, seats and literals,
and no name a comprehension or lambda binds (those change from item to item). Any other
statement (one that moves, sets, calls a rule, loops...) ends the stretch: a call after it is
worked out again. Nothing is kept inside a lambda (its ``:=`` would bind the lambda's own
local) or a comprehension's iterable (no ``:=`` there). A key kept only once is written out
plain again when the unit is done, so only calls made twice pay for the test.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.source import Writer
    from rulelang.language.checker import Program

# statements that write nothing a pure ``fn`` reads (in a direct form: ``choose`` picks)
QUIET = (ast.Let, ast.Choose, ast.If, ast.Log, ast.Return, ast.Finish)
# statements during which a call may be kept (their expressions run before anything else)
KEEPING = (ast.Let, ast.If)
_GONE = "\x00"  # a line taken out again
_NAME = re.compile(r"[A-Za-z_]\w*")
_STABLE = re.compile(r"s\d+|e\d+|seat_\w+|None|True|False|if|else|is|not|and|or|in")
_ALLOWED = re.compile(r"[\w\s(),=!<>+\-]*")


def quiet(s: ast.Stmt) -> bool:
    """A statement that writes nothing a pure ``fn`` can read (recursively). Not a ``let``
    whose value is a rule's call (``let got = take(p)``): the rule may change anything."""
    if isinstance(s, ast.Let) and isinstance(s.value, ast.Call) and isinstance(s.value.ref, refs.Rule):
        return False
    if isinstance(s, ast.Choose):
        return s.each is None
    if isinstance(s, ast.If):
        bodies = [body for _, body in s.branches] + ([s.other] if s.other else [])
        return all(quiet(t) for body in bodies for t in body)
    return isinstance(s, QUIET)


def _bound_slots(s: ast.Stmt) -> set[str]:
    """The unit's locals a statement binds (its ``let``s and ``choose``s, nested too)."""
    out = set()
    for n in walk([s]):
        if isinstance(n, (ast.Let, ast.Choose)) and n.slot is not None:
            out.add(f"s{n.slot}")
    return out


class Reuse:
    """The calls kept while one direct form is written (``ExprGen.reuse``)."""

    def __init__(self, w: Writer, program: Program, counter: object) -> None:
        self.w, self.program, self.counter = w, program, counter
        self.start = len(w.lines)
        self.keys: dict[str, str] = {}  # key -> the local keeping it (this stretch)
        self.made: list[str] = []  # the locals, in the order made
        self.uses: dict[str, list[str]] = {}  # local -> (its code written plain, for each use)
        self.fresh: list[str] = []  # made while writing the current top-level statement
        self.depth = 0  # statements being written, one inside another
        self.keeping = [False]  # may a call be kept here (one per statement being written)
        self.blocked = 0  # inside a lambda
        self.bound: set[str] = set()  # names a comprehension or lambda bound
        self.worth: dict[str, bool] = {}
        self.at = 0  # where the current top-level statement's lines begin
        self.top_quiet = False  # the current top-level statement writes nothing

    # ------------------------------------------------------------ statements
    def enter(self, s: ast.Stmt) -> None:
        if self.depth == 0:
            self.at, self.fresh = len(self.w.lines), []
            if not quiet(s):
                self.keys = {}
            self.top_quiet = quiet(s)  # (then so is every statement inside it)
        self.depth += 1
        self.keeping.append(self.top_quiet and isinstance(s, KEEPING))

    def leave(self, s: ast.Stmt) -> None:
        self.keeping.pop()
        self.depth -= 1
        if self.depth:
            return
        first = self.w.lines[self.at] if self.fresh else ""
        indent = first[:len(first) - len(first.lstrip())]
        for name in reversed(self.fresh):  # set to UNSET before the statement
            self.w.lines.insert(self.at, f"{indent}{name} = UNSET")
            self.w.where.insert(self.at, self.w.where[self.at])
        if not quiet(s):
            self.keys = {}
            return
        gone = _bound_slots(s)  # a local bound again: the calls reading it are stale
        if gone:
            self.keys = {k: v for k, v in self.keys.items()
                         if not gone & set(_NAME.findall(k))}

    # ------------------------------------------------------------ calls
    def worth_keeping(self, name: str) -> bool:
        """Does the ``fn``'s body go through a list (a comprehension, in it or in a
        ``fn`` it calls)?"""
        found = self.worth.get(name)
        if found is None:
            self.worth[name] = False  # (calling itself: not written out anyway)
            found = False
            for n in walk(self.program.fns[name].body):
                if isinstance(n, ast.Comprehension):
                    found = True
                    break
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) \
                        and isinstance(n.func.ref, refs.Fn) and n.func.ref.name in self.program.fns \
                        and self.worth_keeping(n.func.ref.name):
                    found = True
                    break
            self.worth[name] = found
        return found

    def key(self, name: str, args: list[str]) -> str | None:
        """The call's key, when its arguments' code reads only what stays put."""
        if not self.keeping[-1] or self.blocked or not self.worth_keeping(name):
            return None
        for code in args:
            if not _ALLOWED.fullmatch(code):
                return None
            for word in _NAME.findall(code):
                if not _STABLE.fullmatch(word) or word in self.bound:
                    return None
        return name + "(" + ", ".join(args) + ")"

    def kept(self, key: str, code: str) -> str:
        local = self.keys.get(key)
        if local is None:
            k = next(self.counter)  # type: ignore[call-overload]
            local = self.keys[key] = f"rv{k}"
            self.made.append(local)
            self.fresh.append(local)
            self.uses[local] = []
        work = "rw" + local[2:]
        self.uses[local].append(code)
        return (f"(reused(g, {work}, {local}) if {local} is not UNSET else "
                f"({work} := g.work, {local} := {code}, {work} := g.work - {work})[1])")

    def finish(self) -> None:
        """Calls kept once are written plain again (the outer ones first: an outer call's
        code holds the inner ones' as they were written)."""
        lines = self.w.lines
        for local in reversed(self.made):
            uses = self.uses[local]
            if len(uses) > 1:
                continue
            work = "rw" + local[2:]
            code = uses[0]
            written = (f"(reused(g, {work}, {local}) if {local} is not UNSET else "
                       f"({work} := g.work, {local} := {code}, {work} := g.work - {work})[1])")
            for i in range(self.start, len(lines)):
                if local in lines[i]:
                    if lines[i].strip() == f"{local} = UNSET":
                        lines[i] = _GONE
                    else:
                        lines[i] = lines[i].replace(written, f"({code})")
        gone = [i for i in range(self.start, len(lines)) if lines[i] is _GONE]
        for i in reversed(gone):
            del lines[i]
            del self.w.where[i]
