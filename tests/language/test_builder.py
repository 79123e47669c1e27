"""The builder: rules that make one node are built from a table, the others by a method."""
from __future__ import annotations

import pytest

from rulelang.language import ast, builder
from rulelang.language.errors import Span
from rulelang.language.parser import _lark, parse, parse_expr
from rulelang.language.traversal import walk


def _rules_that_make_trees() -> set[str]:
    names = set()
    for rule in _lark().rules:
        if rule.options.expand1 and not rule.alias:
            continue  # `?rule`: a lone child stands for it (every such choice here is one)
        name = str(rule.alias or rule.origin.name)
        if not name.startswith("_"):  # `_rule`: its children go to its parent
            names.add(name)
    return names


def test_every_rule_is_built_once_and_only_rules_are_built():
    written = {name for name in vars(builder.Builder) if not name.startswith("_")}
    generated = set(builder._GENERATED)
    assert not written & generated
    assert written | generated == _rules_that_make_trees()


def test_most_rules_that_make_one_node_come_from_the_table():
    assert len(builder.ONE_NODE) > len([n for n in vars(builder.Builder)
                                        if not n.startswith("_")])


def test_a_rule_from_the_table_reads_words_as_text_fills_fixed_fields_and_spans_the_rule():
    tree = parse_expr("a.b + -c", "f", 3, 5)
    assert isinstance(tree, ast.BinOp) and tree.op == "+" and type(tree.op) is str
    assert tree.span == Span("f", 3, 5, 3, 13)
    assert isinstance(tree.left, ast.Attr) and type(tree.left.name) is str
    assert tree.left.span == Span("f", 3, 5, 3, 8)
    assert isinstance(tree.right, ast.Neg) and tree.right.operand.span == Span("f", 3, 12, 3, 13)
    both = parse_expr("x not in ys")
    assert isinstance(both, ast.In) and both.negated is True
    call = parse_expr("f()")
    assert isinstance(call, ast.Call) and call.args == []  # no arguments: an empty list


def test_declarations_from_the_table():
    module = parse('game "Table \\"made\\""\nplayers 2\nscore = 1\nreport "left" = 2\n'
                   'var x: list of int = []\nturn {\n  let n: int = 1\n  win\n}\n')
    game, _, score, report, var, turn = module.decls
    assert game.title == 'Table "made"'  # a string into a text field: unquoted
    assert (score.which, score.param, score.key) == ("score", None, None)
    assert (report.which, report.param, report.key) == ("report", None, "left")
    assert var.type.name == "list" and var.type.of.name == "int"
    let, win = turn.body
    assert (let.name, let.type.name, let.value.value) == ("n", "int", 1)
    assert (win.how, win.value) == ("win", None)
    assert all(isinstance(n.span, Span) for n in walk(module.decls))


def test_a_rule_with_more_children_than_fields_is_refused():
    make = builder._GENERATED["not_op"]
    with pytest.raises(TypeError, match="not_op"):
        make(builder.Builder("f", "", parse_expr), None, [ast.Name("a"), ast.Name("b")])


def test_a_require_message_is_a_text_with_values():
    module = parse('game "G"\nplayers 2\nrequire true "at most {player_count}"\nturn {\n  end\n}\n')
    message = module.decls[2].message
    assert isinstance(message, ast.Text) and message.parts[0] == "at most "
    assert message.parts[1].span == Span("<rules>", 3, 24, 3, 36)
