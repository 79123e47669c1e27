"""``any`` and ``all`` of a comprehension written as loops in a function of the module.

Written in place, ``any(all(f(x) == v for x in row) for row in rows)`` makes a generator
for each row and resumes it for each item, and a small ``fn`` with a ``let`` is called for
each item (written out inside a comprehension its temporaries would be cells of the function
around). In a function of its own (``q7(g, p3)``), the clauses are ``for``
loops, the element a test that returns at the first item that decides, and such a ``fn`` is
written out with plain locals. The function takes the locals the comprehension reads and
does not bind, and loads the game's parts it reads, as any function does.

It goes through the same items, counts the same work at the same times (each clause's items
counted where its loop starts, as the comprehension's are where it makes them), stops at
the same item and fails where the comprehension would. Switch ``quantifier_loops``
(tests/runtime/test_fast_paths_compiled.py plays every ruleset with it off).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from interpreter.compiler.compiled_parts import free_slots
from interpreter.compiler.comprehension_loops import counted_for
from interpreter.compiler.expr_shapes import all_in
from interpreter.compiler.inline import LambdaArg, Memo
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.zone_locals import ZoneLocals
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.expr import ExprGen


def quantifier(gen: ExprGen, name: str, comp: ast.Comprehension) -> str:
    """``name`` (``any`` or ``all``) of ``comp``, a comprehension that draws no chance: over
    an enum's members written out member by member (``over_members``); ``all(x in t for t in
    L)`` by the runtime's one loop (``all_in``); else by loops in a function of the module
    (``looped_quantifier``); else by a generator. Each kept where the comprehension's
    condition keeps values (``ExprGen.hoisted``)."""
    unrolled = over_members(gen, name, comp)
    if unrolled is not None:
        return gen.hoisted(unrolled)
    made_first = None
    if name == "all" and len(comp.fors) == 1 and comp.fors[0].cond is None \
            and SHORTCUTS.membership and isinstance(comp.elt, ast.In) \
            and isinstance(comp.elt.coll, ast.Name) \
            and comp.elt.coll.ref == refs.Local(comp.fors[0].slots[0]):
        # (what all_in may take: ``x in t`` of each list ``t``; written first to see)
        made_first = inits, made = gen.comprehension(comp)
        written = all_in(made)
        if written is not None:  # all(x in t for t in L): one loop in the runtime
            return gen.hoisted(gen.memoized(inits, written))
    looped = looped_quantifier(gen, name, comp)
    if looped is not None:  # loops in a function of the module: no generator
        return gen.hoisted(looped)
    inits, made = made_first or gen.comprehension(comp)
    if made.startswith("["):
        return gen.hoisted(gen.memoized(inits, f"{name}({made[1:-1]})"))
    return gen.hoisted(gen.memoized(inits, f"b_{name}(g, {made})"))


def over_members(gen: ExprGen, name: str, e: ast.Comprehension) -> str | None:
    """``any``/``all`` over an enum's members (``any(empty(stack[c]) for c in
    Colour)``), written out member by member: no generator to make and resume. The
    enum's members are known when the rules are compiled; None when not that case
    (``expr.UNROLL_MEMBERS`` members at most)."""
    if len(e.fors) != 1 or len(e.fors[0].slots) != 1:
        return None
    clause = e.fors[0]

    def test(_: str) -> str:
        test = gen.truth(e.elt)
        if clause.cond is not None:
            cond = gen.truth(clause.cond)
            test = f"({cond} and {test})" if name == "any" else f"(not {cond} or {test})"
        return test

    tests = each_member(gen, clause, test)
    if tests is None:
        return None
    joined = f" {'or' if name == 'any' else 'and'} ".join(tests)
    return f"(True if ({joined}) else False)"


def empty_of_members(gen: ExprGen, e: ast.Expr) -> str | None:
    """``empty`` of the members of an enum picked by a condition (``[p for p in Pile if
    stones[p] > 0]``, or a function with no parameters or lets whose body is that): each
    member's condition written out and joined by ``|``, which (unlike ``or``) works out
    every one, in order, as the comprehension does, so the same conditions fail and count
    their work, and no list is made. None when not that case."""
    decl = gen.m.called_fn(e)
    if decl is not None:
        if decl.params or decl.name in gen.m.an.recursive_fns:
            return None
        e = decl.body
    if not (SHORTCUTS.empty_members and isinstance(e, ast.Comprehension) and gen.picks(e)) \
            or e.fors[0].cond is None or gen.m.an.expr_chance(e):
        return None
    cond = e.fors[0].cond
    tests = each_member(gen, e.fors[0], lambda _: gen.as_bool(cond))
    return None if tests is None else f"(not ({' | '.join(tests)}))"


def each_member(gen: ExprGen, clause: ast.CompFor, write: Callable[[str], str]) -> list[str] | None:
    """``write``'s code for each member of the enum a one-name clause goes through, the
    clause's name standing for that member (its code given to ``write``); None when the
    clause goes through no enum's members, or through more than ``expr.UNROLL_MEMBERS``."""
    from interpreter.compiler import expr  # (expr imports this module; read at each call)
    source = clause.iter
    if len(clause.slots) != 1 or not (isinstance(source, ast.Name)
                                      and isinstance(source.ref, refs.Enum)):
        return None
    members = gen.m.enum_values[source.ref.name]
    if not 0 < len(members) <= expr.UNROLL_MEMBERS:
        return None
    slot, saved = clause.slots[0], dict(gen.slots)
    out = []
    try:
        for member in members:
            code = gen.slots[slot] = gen.m.member(source.ref.name, member.name)
            out.append(write(code))
    finally:
        gen.slots = saved
    return out


def looped_quantifier(gen: ExprGen, name: str, comp: ast.Comprehension) -> str | None:
    """The call of a new function of the module that works out ``name`` (``any`` or
    ``all``) of ``comp`` by loops, or None where it is left to the generator (switched off,
    an advice copy, a function given as an argument read inside)."""
    m = gen.m
    if not SHORTCUTS.quantifier_loops or m.advising:
        return None
    lambdas = passed_lambdas(gen, comp)
    if lambdas is None:
        return None
    from interpreter.compiler.expr import ExprGen  # (expr imports this module)
    free = free_slots(comp)
    x = ExprGen(m)
    x.slots = {i: f"p{i}" for i in free}
    x.types = {i: gen.types[i] for i in free if i in gen.types}
    x.lambdas = lambdas
    saved = m.hoisted, m.fields_hoisted, m.families_hoisted, m.zone_locals
    m.hoisted, m.fields_hoisted, m.families_hoisted, m.zone_locals = set(), {}, {}, ZoneLocals()
    try:
        body = _loops(x, name, comp)
        loads = m.hoisted_loads()
    finally:
        m.hoisted, m.fields_hoisted, m.families_hoisted, m.zone_locals = saved
    function = f"q{next(m.counter)}"
    lines = [f"def {function}(g{''.join(f', p{i}' for i in free)}):"]
    lines += [f"    {loads}"] if loads else []
    lines += [f"    {line}" for line in body]
    m.helpers.append((lines, comp.span))
    return f"{function}(g{''.join(f', {gen.slot(i)}' for i in free)})"


def passed_lambdas(gen: ExprGen, comp: ast.Comprehension) -> dict[int, LambdaArg] | None:
    """The lambdas the comprehension calls (a function written out at its call, given
    ``c => c.suit``: each call compiled on the spot, ``Inliner.apply_lambda``), by slot; None
    where the loops cannot be written: a lambda made inside, or a function called that is
    not such a lambda, or one that reads a name other than its own (the new function would
    not have it)."""
    lambdas: dict[int, LambdaArg] = {}
    for n in walk(comp):
        if isinstance(n, ast.Lambda):
            return None
        ref = getattr(n, "ref", None)
        if isinstance(ref, refs.LocalFn):
            lam = gen.lambdas.get(ref.slot)
            if lam is None or not SHORTCUTS.lambda_loops or free_slots(lam.node) or any(
                    isinstance(getattr(k, "ref", None), refs.LocalFn) for k in walk(lam.node)) \
                    or not _field_read(lam.node.body):
                return None
            lambdas[ref.slot] = lam
    return lambdas


def _field_read(body: ast.Expr) -> bool:
    """Whether a lambda's body is its parameter or a field of it (``c => c.suit``): one that
    works something out (``x => 10 / x.size``) would fail here, told at the lambda, where the
    general code tells it in the function it was given to."""
    while isinstance(body, ast.Attr):
        body = body.obj
    return isinstance(body, ast.Name) and isinstance(body.ref, refs.Local)


def _loops(x: ExprGen, name: str, comp: ast.Comprehension) -> list[str]:
    """The function's body: a loop for each clause (its items as the comprehension has them),
    ``continue`` where a clause's condition does not hold, then the element's test. An
    element that is itself ``any``/``all`` of a comprehension is written as loops inside
    (``for ... else`` where its answer is not the outer one's: one clause then)."""
    lines, pad, memo = _clauses(x, comp, "")
    inner = _inner(x, name, comp.elt)
    if inner is not None:
        inner_name, inner_comp = inner
        more, deep, inner_memo = _clauses(x, inner_comp, pad)
        lines += more
        x.kept_calls = inner_memo
        test = x.truth(inner_comp.elt)
        x.kept_calls = None
        if inner_name == name:  # any of any, all of all: the innermost test decides
            decides = f"if {test}:" if name == "any" else f"if not {test}:"
            lines += [f"{deep}{decides}", f"{deep}    return {name == 'any'}"]
        else:  # any of all: an inner loop gone through holds; all of any: it fails
            stop = f"if not {test}:" if inner_name == "all" else f"if {test}:"
            lines += [f"{deep}{stop}", f"{deep}    break", f"{pad}else:",
                      f"{pad}    return {name == 'any'}"]
        return _unset(memo, "") + lines + [f"return {name != 'any'}"]
    x.kept_calls = memo
    test = x.truth(comp.elt)
    x.kept_calls = None
    if name == "any":
        lines += [f"{pad}if {test}:", f"{pad}    return True", "return False"]
    else:
        lines += [f"{pad}if not {test}:", f"{pad}    return False", "return True"]
    return _unset(memo, "") + lines


def _unset(memo: Memo, pad: str) -> list[str]:
    """The values a comprehension's conditions keep (``ExprGen.hoisted``), not yet worked
    out: set where the comprehension would be made (``ExprGen.memoized``)."""
    return [f"{pad}{' = '.join(memo.names)} = UNSET"] if memo.names else []


def _inner(x: ExprGen, name: str, elt: ast.Expr) -> tuple[str, ast.Comprehension] | None:
    """``elt`` as ``any``/``all`` of a comprehension that draws no chance, written as loops
    inside the outer's: of any clauses when its answer is the outer's, of one otherwise."""
    if not (isinstance(elt, ast.Call) and isinstance(elt.ref, refs.Builtin)
            and elt.ref.name in ("any", "all") and len(elt.args) == 1
            and isinstance(elt.args[0], ast.Comprehension)):
        return None
    comp = elt.args[0]
    if x.m.an.expr_chance(comp) or (elt.ref.name != name and len(comp.fors) != 1):
        return None
    return elt.ref.name, comp


def _clauses(x: ExprGen, comp: ast.Comprehension, pad: str) -> tuple[list[str], str, Memo]:
    """A ``for`` for each of the comprehension's clauses, indented from ``pad``, and
    ``continue`` where its condition does not hold; the lines, the innermost indent, and
    what its conditions keep from item to item, as the comprehension's keep it (its values
    set to UNSET where the loops start: by the caller for the outermost)."""
    lines: list[str] = []
    memo = Memo()
    start = pad
    for c, each in zip(comp.fors, x.comprehension_items(comp)):
        items = x.clause_items(c, each, x.cards_of(c.iter))  # (as the comprehension's)
        targets = [x.bind(s) for s in c.slots]
        target = targets[0] if len(targets) == 1 else "(" + ", ".join(targets) + ")"
        source_type = x.ty_of(c.iter)
        if len(targets) == 1 and source_type is not None and source_type.name == "zone":
            x.present = x.present | {target}  # a zone holds cards, never none
        lines += [pad + text for text in counted_for(target, items, x.m.counter)]
        pad += "    "
        memo.variant.update(targets)
        if c.cond is not None:
            cond = x.kept_truth(c.cond, memo)
            lines += [f"{pad}if not {cond}:", f"{pad}    continue"]
    if start:  # an inner comprehension: made again for each outer item
        lines = _unset(memo, start) + lines
    return lines, pad, memo
