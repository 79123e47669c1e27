"""Calls of small functions written out where they are called, and conditions kept.

A small ``fn`` that cannot call itself and draws no chance is not called: its body is
compiled at the call site with each parameter read as its argument (each ``let`` worked
out into a temporary of its own, in order, before the body; a function with lets only
outside comprehensions and lambdas, where each temporary would be a cell: measured
slower than the call). A lambda passed to it is not made either: calling the parameter
compiles the lambda's body on the spot. ``follows(c, hand[current], led, x => x.suit)``
becomes a test on ``c``'s suit with no call, no lambda, and, since the types of the
arguments are known at the call site, a plain read of the field.

Evaluation stays as it was: an argument that is not a plain name or literal is worked
out once, before the body, into a temporary (``(a1_7 := ...)``), so an argument that
fails still fails and one read twice is not worked out twice. Names the body binds
get a suffix of their own (``s4_7``), so they cannot hide the caller's.

A comprehension's condition may hold an ``any``/``all`` that reads nothing the
comprehension binds (``follows`` above: is any card of the hand of the suit led?): it is
worked out the first time it is needed and kept for the other items (``hoisted``); so is
an argument of a function written out there that reads nothing it binds (``hand[current]``
above: ``kept_argument``).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, cast

import attrs

from interpreter.compiler.expr_shapes import sequence
from interpreter.compiler.let_loops import write_first_extreme
from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs
from rulelang.language.traversal import walk
from rulelang.language.types import Type

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen
    from interpreter.compiler.inline_statements import LetLines
    from interpreter.compiler.module_builder import ModuleBuilder
    from interpreter.compiler.reuse import Reuse
    from rulelang.language.errors import Span

INLINE_MAX_COST = 60  # bodies costlier than this stay calls (code size, not speed)


@attrs.define
class Scope:
    """Where the expression being written reads its locals from."""
    slots: dict[int, str]  # slot -> Python code reading it
    frame_slots: bool  # slots not in ``slots`` are L[i] (True) or s{i} (False)
    suffix: str  # added to the names comprehensions bind
    types: dict[int, Type]  # slot -> static type known better here than where the slot was checked
    lambdas: dict[int, LambdaArg]  # slot -> LambdaArg: a parameter whose argument is a lambda


@attrs.frozen
class LambdaArg:
    node: ast.Lambda
    scope: Scope  # the caller's: the lambda's body is compiled there


def plain(node: ast.Expr) -> bool:
    """An argument that can be read again wherever its parameter is (it cannot fail and
    costs a lookup): a literal, a local, a variable, a zone, a constant, ``current``."""
    if isinstance(node, ast.Lit):
        return type(node.value) not in (list, tuple)
    if isinstance(node, ast.Name):
        return isinstance(node.ref, (refs.Local, refs.Var, refs.Zone, refs.ZoneFamily, refs.Const,
                                     refs.Option, refs.Member)) \
            or node.ref in (refs.Builtin("current"), refs.Builtin("player_count"))
    return False


class Memo:
    """A comprehension's values worked out once (``ExprGen.hoisted``): their names, and the
    names of what changes from item to item (what it binds, temporaries made from them)."""
    __slots__ = ("names", "variant", "reads")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.variant: set[str] = set()
        self.reads: dict[str, str] = {}  # a kept argument's name -> the code it keeps

    def mentions(self, code: str) -> bool:
        if not self.variant:
            return False
        words = "|".join(map(re.escape, sorted(self.variant)))
        return re.search(rf"\b(?:{words})\b", code) is not None


class Inliner:
    """Mixed into ExprGen: reads these of its attributes and methods."""
    m: ModuleBuilder
    slots: dict[int, str]
    frame_slots: bool
    suffix: str
    types: dict[int, Type]
    lambdas: dict[int, LambdaArg]
    in_iterable: bool
    in_comprehension: int
    in_lambda: int
    memo: Memo | None
    reuse: Reuse | None
    let_lines: LetLines | None = None  # where a let's whole call writes its steps (inline_statements.py)
    made_list: tuple[ast.Comprehension, str] | None = None  # a comprehension's list made already

    if TYPE_CHECKING:
        def expr(self, e: ast.Expr) -> str: ...

        def lambda_(self, e: ast.Lambda) -> str: ...

        def bind(self, i: int) -> str: ...

    def inlinable(self, name: str) -> ast.FnDecl | None:
        """The declaration of a function to write out at its calls, or None."""
        cache = self.m.inline_cache
        if name not in cache:
            decl, an = self.m.program.fns[name], self.m.an
            ok = ((not decl.lets or SHORTCUTS.inline_lets) and name not in an.recursive_fns
                  and not an.fn_chance.get(name)
                  and an.cost([decl.lets, decl.body]) <= INLINE_MAX_COST)
            cache[name] = decl if ok else None
        return cache[name]

    def goes_through(self, decl: ast.FnDecl) -> bool:
        """Whether a function's body goes through a list (holds a comprehension)."""
        cache = self.m.through_cache
        if decl.name not in cache:
            cache[decl.name] = any(isinstance(n, ast.Comprehension) for n in walk(decl.body))
        return cache[decl.name]

    def scope(self) -> Scope:
        return Scope(self.slots, self.frame_slots, self.suffix, self.types, self.lambdas)

    def enter(self, scope: Scope) -> None:
        self.slots, self.frame_slots, self.suffix = scope.slots, scope.frame_slots, scope.suffix
        self.types, self.lambdas = scope.types, scope.lambdas

    def ty_of(self, e: ast.Expr) -> Type | None:
        """The static type of an expression, as known here (better inside a function
        written out at its call: its parameters have the arguments' types)."""
        if isinstance(e, ast.Name) and isinstance(e.ref, refs.Local):
            known = self.types.get(e.ref.slot)
            if known is not None:
                return known
        checked: Type | None = e.ty
        return checked

    def inline_call(self, name: str, nodes: list[ast.Expr], args: list[str],
                    call: Span | None = None) -> str | None:
        """The function's body written out for these arguments (``args``: their code),
        or None when it is called (at ``call``)."""
        decl = self.inlinable(name)
        if decl is None or self.in_iterable:  # no ``:=`` in a comprehension's iterable
            return None
        if decl.lets and (self.in_comprehension or self.in_lambda):
            return None  # each let a cell of the function around: measured slower than a call
        if self.m.advising and not any(isinstance(node, ast.Lambda) for node in nodes) \
                and (not all(map(self.m.by_value, decl.params))
                     or (SHORTCUTS.advice_through and self.goes_through(decl))):
            return None  # called, so that it is kept: its list may be one kept before, the
            # same object; or it goes through a list, which a call with the same arguments
            # need not do again (a lambda is new at every call: then written out)
        steps = self.let_lines  # a let's whole value: its steps as statements (inline_statements.py)
        if steps is not None and nodes is steps.call.args and call is steps.call.span \
                and decl.lets:
            self.let_lines = None  # (this call only: not those inside it)
        else:
            steps = None
        caller = self.scope()
        k = next(self.m.counter)
        uses: dict[int, int] = {}
        for n in walk(decl.body):
            if isinstance(n, ast.Name) and isinstance(n.ref, refs.Local):
                uses[n.ref.slot] = uses.get(n.ref.slot, 0) + 1
        temps: list[str] = []
        slots: dict[int, str] = {}
        types: dict[int, Type] = {}
        lambdas: dict[int, LambdaArg] = {}
        for i, (node, code) in enumerate(zip(nodes, args)):
            if isinstance(node, ast.Lambda):
                lambdas[i] = LambdaArg(node, caller)
                if uses.get(i):  # also passed on as a value: made as a lambda
                    slots[i] = code
                continue
            if plain(node):  # a number in brackets: ``3.f`` would not be Python
                slots[i] = f"({code})" if type(getattr(node, "value", None)) is int else code
            else:
                temp = slots[i] = f"a{i}_{k}"
                if steps is not None:
                    steps.line(f"{temp} = {code}")
                elif self.kept_argument(node, code):  # the same for every item: worked out once
                    cast(Memo, self.memo).names.append(temp)
                    cast(Memo, self.memo).reads[temp] = code
                    temps.append(f"({temp} if {temp} is not UNSET else ({temp} := {code}))")
                else:
                    temps.append(f"({temp} := {code})")
                    if self.memo is not None and self.memo.mentions(code):
                        self.memo.variant.add(temp)  # it changes with the items
            if node.ty is not None:
                types[i] = cast(Type, self.ty_of(node))  # not None: the node's type is not
        self.enter(Scope(slots, False, f"_{k}", types, lambdas))
        try:
            for let in decl.lets:  # each worked out once, in order, after the arguments
                if steps is not None:
                    steps.assign(self.bind(let.slot), let.value, name, let.span, call)
                    continue
                value = self.expr(let.value)
                self.m.w.inlined_part(value, name, let.span, call)
                name_of_let = self.bind(let.slot)
                temps.append(f"({name_of_let} := {value})")
                if self.memo is not None and self.memo.mentions(value):
                    self.memo.variant.add(name_of_let)  # it changes with the items
            made = None if steps is None else write_first_extreme(
                cast("ExprGen", self), decl.body, steps.line, lambda: f"fx{next(self.m.counter)}",
                lambda code: self.m.w.inlined_part(code, name, decl.body.span, call))
            if made is not None:
                return made
            body = self.expr(decl.body)
            self.m.w.inlined_part(body, name, decl.body.span, call)
        finally:
            self.enter(caller)
        if steps is not None:
            return f"({body})"
        code = sequence(temps, body) if temps else f"({body})"
        key = self.reuse.key(name, args) if self.reuse is not None else None
        return code if key is None else self.reuse.kept(key, code)  # type: ignore[union-attr]

    def kept_argument(self, node: ast.Expr, code: str) -> bool:
        """Whether an argument of a function written out in a comprehension's condition
        reads nothing the comprehension binds (nor a temporary worked out from what it
        binds) and draws no chance: then it is worked out for the first item that gets
        there and kept for the others, as ``hoisted`` keeps an any/all."""
        memo = self.memo
        return memo is not None and SHORTCUTS.kept_arguments and not memo.mentions(code) \
            and not self.m.an.expr_chance(node)

    def apply_lambda(self, lam: LambdaArg, arg_node: ast.Expr) -> str:
        """A lambda argument called inside a function written out: its body, its
        parameter read as the argument (a call of the lambda when the argument is not
        a plain name)."""
        from interpreter.compiler.expr_shapes import simple
        arg, ty = self.expr(arg_node), self.ty_of(arg_node)
        here = self.scope()
        scope, slot = lam.scope, lam.node.slot
        self.enter(scope)
        try:
            if not simple(arg):
                return f"{self.lambda_(lam.node)}({arg})"
            types = dict(scope.types)
            if ty is not None:
                types[slot] = ty
            self.enter(Scope({**scope.slots, slot: arg}, scope.frame_slots, scope.suffix, types,
                             scope.lambdas))
            return self.expr(lam.node.body)
        finally:
            self.enter(here)

    def item_type(self, items: ast.Expr) -> Type | None:
        """The type of each item of a comprehension's source, when it is known better here
        than where it was checked, else None."""
        ty = self.ty_of(items)
        if ty is items.ty or ty is None:
            return None
        if ty.name == "zone" and ty.arg:
            return Type("card", ty.arg)
        if ty.name == "list" and isinstance(ty.arg, Type):
            return ty.arg
        return None

    def memoized(self, names: list[str], code: str) -> str:
        return sequence([f"({n} := UNSET)" for n in names], code) if names else code

    def hoisted(self, code: str) -> str:
        """``any``/``all`` in a comprehension's condition that reads nothing the
        comprehension binds (nor a temporary worked out from what it binds): the same for
        every item, so worked out once, the first time it is needed, and kept."""
        memo = self.memo
        if memo is None or memo.mentions(code) or not SHORTCUTS.kept_conditions:
            return code
        name = f"m{next(self.m.counter)}"
        memo.names.append(name)
        return f"({name} if {name} is not UNSET else ({name} := {code}))"
