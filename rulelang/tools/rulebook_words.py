"""A value of the rules said in words, for the rulebook's tables drawn from rules that explain
none of their play: a prompt's or a reason's ``{...}`` and the score, which read as code
("raise the bid above {hb}", ``coins[p] + sum(c.value for c in banked[p])``).

Words come only from the .rules file: its names (``high_bid`` is "the high bid"), a ``let``'s
value in place of its name, a constant's or an option's value (in force), and the type of a
value no name says ("a number"). Nothing here knows a game.
"""
from __future__ import annotations

from typing import Any

import attrs

from rulelang.language import ast, refs
from rulelang.language.traversal import children

TURN = "the player whose turn it is"
DEPTH = 4  # a let of a let of ...: past this, the value's type says it
OPS = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}
COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
           ">": "is more than", ">=": "is at least"}


@attrs.frozen
class Speaker:
    """What the words of one value may draw on: the program, the option values in force (as
    text, by name), the ``let``s around the value (name to its value, where one ``let`` binds
    the name in that body), the seat the score is of (its parameter's name) and the name of
    the seat a ``choose ... by each`` asks."""
    program: Any
    values: dict[str, str] = attrs.field(factory=dict)
    lets: dict[str, ast.Let] = attrs.field(factory=dict)
    param: str | None = None
    asker: str | None = None  # a choose's ``by each NAME``: the seat it asks


def words(name: str) -> str:
    """An identifier as words: ``high_bid`` is "high bid", ``UPCARD_LIMIT`` "upcard limit"."""
    return " ".join(name.lower().split("_")).strip()


def text(speaker: Speaker, node: ast.Expr) -> str | None:
    """A text with its ``{...}`` said in words, in brackets ("raise the bid above (the high
    bid)"); a number or an option's value in force as itself (None: not a text)."""
    if isinstance(node, ast.Lit) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.Text):
        return None
    out = []
    for part in node.parts:
        if isinstance(part, str):
            out.append(part)
            continue
        said = say(speaker, part)
        if said is None:
            out.append(f"({kind_of(part)})")
        elif _plain(speaker, part):
            out.append(said)
        else:
            out.append(f"({said})")
    return "".join(out)


def _plain(speaker: Speaker, node: ast.Expr, depth: int = 0) -> bool:
    """Whether a value's words are the value itself (a number, a constant, an option)."""
    if isinstance(node, ast.Lit):
        return True
    if isinstance(node, ast.Name):
        if isinstance(node.ref, (refs.Const, refs.Option)):
            return True
        let = _let_of(speaker, node)
        if let is not None and depth < DEPTH:
            return _plain(speaker, let.value, depth + 1)
    return False


def kind_of(node: ast.Expr) -> str:
    """What sort of value a node is, in words ("a number", "a player", "a Card", a card kind by its name)."""
    ty = node.ty
    name = getattr(ty, "name", None)
    if name == "int":
        return "a number"
    if name == "seat":
        return "a player"
    if name == "bool":
        return "yes or no"
    if name in ("card", "enum") and ty.arg:
        return "a " + words(str(ty.arg))
    if name == "card":
        return "a card"
    return "a value"


def say(speaker: Speaker, node: ast.Expr, depth: int = 0) -> str | None:
    """A value in words, or None where some part of it has none."""
    if depth > DEPTH:
        return None
    if isinstance(node, ast.Lit):
        if isinstance(node.value, bool):
            return "yes" if node.value else "no"
        return str(node.value) if isinstance(node.value, (int, str)) else None
    if isinstance(node, ast.Name):
        return _name(speaker, node, depth)
    if isinstance(node, ast.Index):
        return _index(speaker, node, depth)
    if isinstance(node, ast.Call):
        return _call(speaker, node, depth)
    if isinstance(node, ast.BinOp) and node.op in OPS:
        return _join(speaker, (node.left, OPS[node.op], node.right), depth)
    if isinstance(node, ast.Compare) and node.op in ("==", "!=") and _is_param(speaker,
                                                                            node.left):
        said = say(speaker, node.right, depth + 1)  # p == winner: "they are the winner"
        return None if said is None else \
            f"they are {'' if node.op == '==' else 'not '}{said}"
    if isinstance(node, ast.Compare) and node.op in COMPARE:
        return _join(speaker, (node.left, COMPARE[node.op], node.right), depth)
    if isinstance(node, ast.IfExpr) and node.match is None:
        parts = [say(speaker, n, depth + 1) for n in (node.then, node.cond, node.other)]
        if None in parts:
            return None
        return f"{parts[0]} if {parts[1]}, else {parts[2]}"
    return None


def _join(speaker: Speaker, parts: tuple[ast.Expr, str, ast.Expr], depth: int) -> str | None:
    left, word, right = parts
    said = [say(speaker, left, depth + 1), say(speaker, right, depth + 1)]
    if None in said:
        return None
    inner = [f"({s})" if isinstance(n, (ast.BinOp, ast.IfExpr, ast.Compare)) else str(s)
             for s, n in zip(said, (left, right))]
    return f"{inner[0]} {word} {inner[1]}"


def _name(speaker: Speaker, node: ast.Name, depth: int) -> str | None:
    ref = node.ref
    if isinstance(ref, refs.Builtin) and node.id == "current":
        return TURN
    if isinstance(ref, refs.Option):  # a number in force as itself, a yes or no by its name
        value = speaker.values.get(node.id)
        return value if value and value not in ("true", "false") else words(node.id)
    if isinstance(ref, refs.Const):
        value = next((c.value for c in speaker.program.consts if c.name == node.id), None)
        said = say(speaker, value, depth + 1) if value is not None else None
        return said or "the " + words(node.id)
    if isinstance(ref, refs.Seat):
        return node.id
    if isinstance(ref, (refs.Var, refs.Zone)):
        return "the " + words(node.id)
    if node.id == speaker.param:
        return "the player"
    if node.id == speaker.asker:
        return "the player asked"
    let = _let_of(speaker, node)
    if let is not None:
        return say(speaker, let.value, depth + 1)
    return None


def _index(speaker: Speaker, node: ast.Index, depth: int) -> str | None:
    """``coins[p]``: "their coins" in a score of p; ``bid[current]``: "the bid of the player
    whose turn it is"."""
    if not (isinstance(node.obj, ast.Name) and isinstance(node.obj.ref, (refs.VarFamily,
                                                                          refs.ZoneFamily))
            and len(node.args) == 1):
        return None
    what = words(node.obj.id)
    key = node.args[0]
    if _is_param(speaker, key):
        return "their " + what
    said = say(speaker, key, depth + 1)
    return None if said is None else f"the {what} of {said}"


def _is_param(speaker: Speaker, node: ast.Expr) -> bool:
    return isinstance(node, ast.Name) and node.id == speaker.param is not None


def _call(speaker: Speaker, node: ast.Call, depth: int) -> str | None:
    if not isinstance(node.func, ast.Name):
        return None
    if node.func.id in speaker.program.fns:
        name = words(node.func.id)
        if not node.args:
            return "the " + name
        if len(node.args) == 1 and _is_param(speaker, node.args[0]):  # card_points(p)
            return "their " + name.removesuffix(" of").removesuffix(" for")
        said = [say(speaker, a, depth + 1) for a in node.args]
        if None in said:
            return None
        joined = " and ".join(str(s) for s in said)
        return f"the {name} {joined}" if name.endswith((" of", " for")) else \
            f"the {name} of {joined}"
    if node.func.id in ("sum", "size") and len(node.args) == 1:
        return _total(speaker, node.func.id, node.args[0], depth)
    return None


def _total(speaker: Speaker, func: str, arg: ast.Expr, depth: int) -> str | None:
    """``sum(c.value for c in banked[p])``: "the total value of their banked";
    ``size(hand[p])``: "the number of their hand"."""
    if func == "size":
        said = say(speaker, arg, depth + 1)
        return None if said is None else f"the number of {said}"
    if not (isinstance(arg, ast.Comprehension) and len(arg.fors) == 1
            and arg.fors[0].cond is None and len(arg.fors[0].names) == 1):
        return None
    item, elt = arg.fors[0].names[0], arg.elt
    where = say(speaker, arg.fors[0].iter, depth + 1)
    if where is None:
        return None
    if isinstance(elt, ast.Attr) and isinstance(elt.obj, ast.Name) and elt.obj.id == item:
        return f"the total {words(elt.name)} of {where}"
    return None


def _let_of(speaker: Speaker, node: ast.Name) -> ast.Let | None:
    """The ``let`` a name reads (None: it reads a loop's item, a parameter, another local
    of the same name)."""
    let = speaker.lets.get(node.id)
    if let is None or not isinstance(node.ref, refs.Local) or node.ref.slot != let.slot:
        return None
    return let


def lets_around(program: Any) -> dict[int, dict[str, ast.Let]]:
    """The ``let``s of the body each node stands in (by the node's id): a name that one
    ``let`` alone binds in its rule, block or trigger, to its value."""
    out: dict[int, dict[str, ast.Let]] = {}
    bodies: list[Any] = [b.body for b in program.blocks.values() if b is not None]
    bodies += [d.body for d in program.rules.values()] + [t.body for t in program.triggers]
    for body in bodies:
        nodes: list[Any] = []
        _gather(body, nodes)
        bound: dict[str, list[ast.Let]] = {}
        for n in nodes:
            if isinstance(n, ast.Let):
                bound.setdefault(n.name, []).append(n)
        lets = {name: values[0] for name, values in bound.items() if len(values) == 1}
        for n in nodes:
            out[id(n)] = lets
    return out


def _gather(node: Any, into: list[Any]) -> None:
    if isinstance(node, ast.Node):
        into.append(node)
    for child in children(node):
        _gather(child, into)
