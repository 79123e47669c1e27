"""The one traversal of the syntax tree: children, walk, Visitor (rulelang.language.traversal)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import rulelang
from rulelang.language import ast
from rulelang.language.errors import Span
from rulelang.language.parser import parse
from rulelang.language.traversal import SKIP, Visitor, annotation_fields, children, meaning, part_fields, walk
from support import rules_files

ROOT = Path(__file__).resolve().parents[2]
RULES = list(rules_files())
PARSED = [p for p in RULES if p.name not in ("bad_syntax.rules", "uses_bad_syntax.rules")]

SOURCE = """game "Walk"
players 2
var total: int = 0
rule add(n: int) {
  let x: int = n + 1
  total += x * 2
  if total > 5 { log "big {total}" } else { log "small" }
}
turn {
  for p in players { add(3) }
  end
}
"""


def _reference(tree) -> list[ast.Node]:
    """The walk as a plain recursive definition: each node, then its children's walks."""
    if isinstance(tree, ast.Node):
        out = [tree]
        for name in part_fields(type(tree)):
            out += _reference(getattr(tree, name))
        return out
    if isinstance(tree, (list, tuple)):
        return [node for item in tree for node in _reference(item)]
    return []


def _start(node: ast.Node) -> tuple[int, int]:
    return (node.span.line, node.span.col)


def _lowered(module: ast.Module) -> set[int]:
    """Nodes the parser makes by spelling one construct as another (a match as an if-chain,
    a choose's `where` clauses as comprehensions): their spans are the construct's."""
    ids: set[int] = set()
    for node in walk(module.decls):
        if isinstance(node, ast.IfExpr) and node.match is not None:
            link: Any = node
            for _ in range(node.match.keys):
                ids.add(id(link))
                link = link.other
        if isinstance(node, ast.Choose) and node.refusals is not None:
            ids |= {id(n) for n in walk([node.options, node.refusals])}
    return ids


def test_children_come_in_source_order():
    looked_at = 0
    for path in PARSED:
        module = parse(path.read_text(), str(path))
        lowered = _lowered(module)
        for node in walk(module.decls):
            if isinstance(node, (ast.CardDecl, ast.Choose)) or id(node) in lowered:
                continue  # their clauses may be written in any order; lowered nodes share spans
            starts = [_start(child) for child in children(node)]
            assert starts == sorted(starts), (type(node).__name__, node.span)
            looked_at += len(starts) > 1
    assert looked_at > 1000


def test_children_of_a_let_with_a_type_come_as_written():
    let = parse(SOURCE).decls[3].body[0]
    assert [type(c).__name__ for c in children(let)] == ["TypeRef", "BinOp"]


@pytest.mark.parametrize("path", PARSED, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_walk_is_each_node_then_its_childrens_walks(path):
    module = parse(path.read_text(), str(path))
    assert list(walk(module.decls)) == _reference(module.decls)


def test_the_walk_visits_every_node_once():
    module = parse(SOURCE)
    nodes = list(walk(module))
    assert len({id(n) for n in nodes}) == len(nodes)
    assert nodes[0] is module
    names = [n.id for n in nodes if isinstance(n, ast.Name)]
    assert names == ["n", "total", "x", "total", "total", "players", "add"]  # source order
    every = {id(n) for n in nodes}
    for node in nodes:  # nothing reachable is left out
        assert all(id(child) in every for child in children(node))


def test_a_node_with_a_position_of_its_own_inside_a_list_is_still_walked():
    module = parse('game "G"\nplayers 2\ncard C { n: int }\n'
                   'turn {\n  create C(n: 1) in table\n  end\n}\nzone table: list of C\n')
    create = module.decls[3].body[0]
    assert isinstance(create, ast.Create)  # fields: [(name, Expr, Span)]
    assert [type(c).__name__ for c in children(create)] == ["Lit", "Name"]


def test_annotations_and_positions_are_not_children():
    enum = ast.EnumDecl("Colour", ["red"], [Span("f", 1, 1, 1, 4)])
    member = ast.Name("red", ref=("member", enum, "red"), ty=ast.Name("a type is not a child"))
    assert list(children(member)) == []
    assert list(walk(member)) == [member]
    key = ast.Name("k")
    trigger = ast.TriggerDecl("enter", "hand", [key], None, [], binders=[(0, key)])
    assert list(walk(trigger)) == [trigger, key]  # the key once, not again through binders
    annotated = {f.name for cls in (ast.Expr, ast.Lambda, ast.CompFor, ast.Let, ast.Create,
                                    ast.Reveal, ast.Choose, ast.For, ast.Repeat, ast.FnDecl,
                                    ast.TriggerDecl, ast.ScoreDecl)
                 for f in annotation_fields(cls)}
    assert annotated == {"ty", "ref", "slot", "slots", "type", "fact", "each_slot", "nslots",
                         "binders", "card_slot"}
    assert "span" not in part_fields(ast.Name) and "member_spans" not in part_fields(ast.EnumDecl)
    assert part_fields(ast.Create) == ("kind", "fields", "count", "dest", "at", "name")


def test_meaning_leaves_out_positions_and_what_the_checker_wrote():
    checked = rulelang.loads(SOURCE).program
    assert meaning(checked.rules["add"]) == meaning(parse(SOURCE).decls[3])
    moved = parse(SOURCE.replace("let x", "\n\n  let x"))
    assert meaning(moved.decls) == meaning(parse(SOURCE).decls)
    assert meaning(parse(SOURCE.replace("n + 1", "n + 2")).decls) != meaning(parse(SOURCE).decls)


def _deep(depth: int) -> ast.Expr:
    tree: ast.Expr = ast.Name("x")
    for _ in range(depth):
        tree = ast.Not(tree)
    return tree


def test_a_deep_tree_does_not_overflow_the_stack():
    tree = _deep(100_000)  # the parser refuses such nesting; a pass may still build it
    assert sum(1 for _ in walk(tree)) == 100_001

    class Count(Visitor):
        names = 0

        def visit_Name(self, node: ast.Name) -> None:
            self.names += 1
    counter = Count()
    counter.visit([tree, (tree,)])
    assert counter.names == 2


class _Seen(Visitor):
    """Every node by class name; calls skipped."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def visit_Node(self, node: ast.Node) -> None:
        self.seen.append(type(node).__name__)

    def visit_Expr(self, node: ast.Expr) -> None:
        self.seen.append("expr " + type(node).__name__)

    def visit_Call(self, node: ast.Call) -> object:
        self.seen.append("call, skipped")
        return SKIP


def test_a_visitor_dispatches_on_the_class_and_can_skip_a_subtree():
    block = parse("game \"G\"\nplayers 2\nturn {\n  log f(1 + 2)\n  log 3\n  end\n}\n").decls[2]
    visitor = _Seen()
    visitor.visit(block)
    assert visitor.seen == ["BlockDecl", "Log", "call, skipped", "Log", "expr Lit", "Finish"]


def test_a_visitor_with_no_method_for_a_node_goes_through_it():
    class Lits(Visitor):
        def __init__(self) -> None:
            self.values: list = []

        def visit_Lit(self, node: ast.Lit) -> None:
            self.values.append(node.value)
    lits = Lits()
    lits.visit(parse(SOURCE).decls)
    assert lits.values == [0, 1, 2, 5, "small", 3]


def test_every_field_of_every_node_class_has_one_role():
    classes = [c for c in vars(ast).values() if isinstance(c, type) and issubclass(c, ast.Node)]
    for cls in classes:
        for field in attrs.fields(cls):
            role = field.metadata.get(ast.ROLE)
            assert role in (None, ast.POSITION, ast.ANNOTATION), (cls, field.name)
            if field.name in ("span", "member_spans"):
                assert role == ast.POSITION


BODIES = '''game "Bodies"
players 2
zone pool: pile
fn doubled(n: int) = n * 2
rule note(n: int) {
  log "rule {n}"
}
on enter pool as c {
  log "trigger"
}
setup {
  log "setup"
}
turn {
  note(doubled(1))
  win current
}
'''


def test_the_bodies_of_every_block_rule_and_trigger_are_walked_in_one_place():
    """Program.body_nodes: the walker the kinds-seen warning, the rulebook's tables and
    simulate's 'all at once' share: blocks, then rules, then triggers (functions only when
    asked), each body walked as traversal.walk does."""
    program = rulelang.loads(BODIES, name="bodies.rules").program
    logs = [n for n in program.body_nodes() if isinstance(n, ast.Log)]
    assert [n.span.line for n in logs] == [12, 6, 9]  # setup (a block), the rule, the trigger
    expected = [n for body in (program.blocks["setup"].body, program.blocks["turn"].body,
                               program.rules["note"].body, program.triggers[0].body)
                for n in walk(body)]
    assert program.body_nodes() == expected
    with_fns = program.body_nodes(fns=True)
    assert with_fns[:len(expected)] == expected
    assert with_fns[len(expected):] == list(walk(program.fns["doubled"]))
