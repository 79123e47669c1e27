"""Which options of a direct ``choose`` are known, from the rules' text alone, to make a new
list of distinct values, so that the choice has nothing to merge nor a list to copy
(``LeanGame.pick_made``; tests/runtime/test_lean_made_distinct.py plays every ruleset
against the general pick): a range; literals, or members, that differ; the items of a
range, an enum, the seats or another such list, picked by a condition; either of two such
lists; two such lists joined that share no item; a function of the rules whose body is one;
a name a ``let`` bound to one, never assigned again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.compiler.expr import ExprGen
from rulelang.language import ast, refs
from rulelang.language.traversal import walk

if TYPE_CHECKING:
    from interpreter.compiler.module_builder import ModuleBuilder

# sources whose items are distinct values: iterating them, a comprehension that keeps its
# items as they are (``[p for p in Pile if ...]``) makes a list of distinct values
_DISTINCT_NAMES = (refs.Builtin("players"), refs.Builtin("seats"))
# builtins that make a new list of distinct values at every call
_MADE_BY_BUILTINS = (refs.Builtin("others"), refs.Builtin("empty_cells"), refs.Builtin("occupied"))
_DISCLOSE = refs.Builtin("disclose")  # gives its list as it is (what the checker reads)
MADE_DISTINCT = True  # a switch, as the compiler's shortcuts are (test_lean_made_distinct.py)
# builtins whose list is some of the items of their argument at this place, in their order:
# of a list of distinct values, a new list of distinct values
_PICKING_BUILTINS = {refs.Builtin("flanking"): 1}


def made_distinct(m: ModuleBuilder, e: ast.Expr, depth: int = 0) -> bool:
    """Do the options ``e`` always make a new list of distinct values (so a direct choose
    among them has nothing to merge, nor a list to copy: ``LeanGame.pick_made``)? Known
    from the expression's form alone: a range; literals, or members, that differ; the items
    of a range, an enum, the seats or another such list, picked by a condition; either of
    two such lists; a function of the rules whose body is one."""
    if not MADE_DISTINCT or depth > 8:
        return False
    if isinstance(e, ast.Range):
        return True
    if isinstance(e, ast.ListLit):
        keys = [_literal_key(i) for i in e.items]
        return None not in keys and len(set(keys)) == len(keys)
    if isinstance(e, ast.IfExpr):
        return made_distinct(m, e.then, depth + 1) and made_distinct(m, e.other, depth + 1)
    if isinstance(e, ast.BinOp) and e.op == "+":  # two such lists that share no literal
        left, right = _literal_keys(e.left), _literal_keys(e.right)
        return left is not None and right is not None and not left & right \
            and made_distinct(m, e.left, depth + 1) and made_distinct(m, e.right, depth + 1)
    if isinstance(e, ast.Comprehension):
        if not ExprGen.picks(e):  # (its items as they are)
            return False
        source = e.fors[0].iter
        return (isinstance(source, ast.Name) and (isinstance(source.ref, refs.Enum)
                                                  or source.ref in _DISTINCT_NAMES)) \
            or made_distinct(m, source, depth + 1)
    if isinstance(e, ast.Call):
        if e.ref in _MADE_BY_BUILTINS:
            return True
        picked = _PICKING_BUILTINS.get(e.ref) if isinstance(e.ref, refs.Builtin) else None
        if picked is not None and len(e.args) > picked:
            return made_distinct(m, e.args[picked], depth + 1)
        if e.ref == _DISCLOSE and len(e.args) == 1:  # (its list, as it is)
            return made_distinct(m, e.args[0], depth + 1)
        decl = m.called_fn(e)
        return decl is not None and made_distinct(m, decl.body, depth + 1)
    return False


def members_or_numbers(m: ModuleBuilder, e: ast.Expr, depth: int = 0) -> bool:
    """Are the options ``e`` (a list of any values, to the checker) a ``+`` of a new list
    of distinct members of an enum and a new list of distinct numbers, either first
    (``[c for c in Colour if ...] + [r for r in 1..5 if ...]``), or a function of the rules
    whose body is one? No two such values are alike, nor named alike (a member is named by
    its name, a word; a number by its digits), so a direct choose among them has nothing to
    merge: ``LeanGame.pick_made``, as for a list of distinct values of one type."""
    if not MADE_DISTINCT or depth > 8:
        return False
    if isinstance(e, ast.Call):
        if e.ref == _DISCLOSE and len(e.args) == 1:
            return members_or_numbers(m, e.args[0], depth + 1)
        decl = m.called_fn(e)
        return decl is not None and members_or_numbers(m, decl.body, depth + 1)
    if not (isinstance(e, ast.BinOp) and e.op == "+"):
        return False
    items = {_items_of(e.left.ty), _items_of(e.right.ty)}
    return items == {"enum", "int"} and made_distinct(m, e.left, depth + 1) \
        and made_distinct(m, e.right, depth + 1)


def _items_of(ty: Any) -> str | None:
    """The name of the type of a list's items (None: not a list the checker typed)."""
    if ty is None or ty.name != "list" or ty.arg is None:
        return None
    return str(ty.arg.name)


def _literal_keys(e: ast.Expr) -> set[object] | None:
    """Every literal (``_literal_key``) a list written out of literals may hold: of a list
    literal, of either side of an ``if``, of both sides of a ``+``; None for anything else."""
    if isinstance(e, ast.ListLit):
        keys = {_literal_key(i) for i in e.items}
        return None if None in keys else keys
    if isinstance(e, (ast.IfExpr, ast.BinOp)):
        sides = (e.then, e.other) if isinstance(e, ast.IfExpr) else (e.left, e.right)
        if isinstance(e, ast.BinOp) and e.op != "+":
            return None
        left, right = _literal_keys(sides[0]), _literal_keys(sides[1])
        return None if left is None or right is None else left | right
    return None


def _literal_key(e: ast.Expr) -> object:
    """A literal's value with its type (True and 1 are not the same option), an enum
    member's name; None for anything else."""
    if isinstance(e, ast.Lit) and type(e.value) in (bool, int, str):
        return type(e.value), e.value
    if isinstance(e, ast.Name) and isinstance(e.ref, refs.Member):
        return e.ref
    return None




def let_value(unit: ast.Node, e: ast.Expr) -> ast.Expr | None:
    """The value a local name holds in the unit when one ``let`` alone binds it there and
    nothing assigns it again (nor binds it otherwise), else None."""
    if not (isinstance(e, ast.Name) and isinstance(e.ref, refs.Local)):
        return None
    slot, bound, value = e.ref.slot, 0, None
    for n in walk(unit):
        if isinstance(n, ast.Assign) and isinstance(n.target, ast.Name) \
                and n.target.ref == refs.Local(slot):
            return None
        if getattr(n, "slot", None) == slot or getattr(n, "each_slot", None) == slot \
                or slot in (getattr(n, "slots", None) or ()):
            bound += 1
            value = n.value if isinstance(n, ast.Let) else None
    return value if bound == 1 else None
