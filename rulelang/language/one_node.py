"""The grammar's rules that make one node of the AST from their children, in order (the
table ONE_NODE, read by ``builder.Builder``), and those that hand on their children."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
from lark import Token
from lark.tree import Meta

from rulelang.language import ast
from rulelang.language.traversal import part_fields

if TYPE_CHECKING:
    from rulelang.language.builder import Builder


def _unquote(token: str) -> str:
    body = token[1:-1]
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


@attrs.frozen
class OneNode:
    """A rule whose children fill the fields of one node of ``cls``, in order: ``fields``, or
    by default the fields of the class that say what the text says, less the ``fixed`` ones.
    Fields left over keep their defaults. A child is read by the type its field declares:
    a name, word or string into a ``str`` field is that text (a string unquoted), and no list
    for a ``list`` field is an empty one."""
    cls: type
    fields: tuple[str, ...] = ()
    fixed: dict[str, Any] = attrs.field(factory=dict)


def one(cls: type, *fields: str, **fixed: Any) -> OneNode:
    return OneNode(cls, fields, fixed)


ONE_NODE: dict[str, OneNode] = {
    # declarations
    "game_decl": one(ast.GameDecl),
    "dummy_decl": one(ast.DummyDecl),
    "coop_decl": one(ast.CoopDecl),
    "talk_decl": one(ast.TalkDecl),
    "import_decl": one(ast.ImportDecl),
    "option_decl": one(ast.OptionDecl),
    "field": one(ast.FieldDecl),
    "state_field": one(ast.FieldDecl, mutable=True),
    "key_range": one(ast.KeyRange),
    "const_decl": one(ast.ConstDecl),
    "fn_let": one(ast.Let),
    "param": one(ast.Param),
    "rule_decl": one(ast.RuleDecl),
    "setup_decl": one(ast.BlockDecl, which="setup"),
    "play_decl": one(ast.BlockDecl, which="play"),
    "turn_decl": one(ast.BlockDecl, which="turn"),
    "on_end_decl": one(ast.BlockDecl, which="end"),
    "after_decl": one(ast.BlockDecl, which="after"),
    "end_decl": one(ast.EndDecl),
    "score_decl": one(ast.ScoreDecl, which="score"),
    "tiebreak_decl": one(ast.ScoreDecl, which="tiebreak"),
    "team_decl": one(ast.ScoreDecl, which="team"),
    "heuristic_decl": one(ast.ScoreDecl, which="heuristic"),
    "report_decl": one(ast.ScoreDecl, "key", "param", "expr", which="report"),
    "offer_decl": one(ast.OfferDecl),
    "simple_type": one(ast.TypeRef),
    "list_type": one(ast.TypeRef, name="list"),
    # statements
    "let_stmt": one(ast.Let),
    "move_stmt": one(ast.Move),
    "deal_stmt": one(ast.Deal),
    "shuffle_stmt": one(ast.Shuffle),
    "create_stmt": one(ast.Create),
    "create_from_stmt": one(ast.CreateFrom),
    "reveal_stmt": one(ast.Reveal),
    "tell_stmt": one(ast.Reveal, kind="field"),
    "tell_whether_stmt": one(ast.Reveal, kind="whether"),
    "repeat_stmt": one(ast.Repeat),
    "while_stmt": one(ast.While),
    "loop_stmt": one(ast.Loop),
    "break_stmt": one(ast.Break),
    "continue_stmt": one(ast.Continue),
    "log_stmt": one(ast.Log),
    # expressions
    "if_expr": one(ast.IfExpr),
    "or_op": one(ast.BoolOp, op="or"),
    "and_op": one(ast.BoolOp, op="and"),
    "not_op": one(ast.Not),
    "compare": one(ast.Compare, "left", "op", "right"),
    "in_op": one(ast.In),
    "not_in_op": one(ast.In, negated=True),
    "is_op": one(ast.Is),
    "range_op": one(ast.Range),
    "binop": one(ast.BinOp, "left", "op", "right"),
    "neg": one(ast.Neg),
    "call": one(ast.Call),
    "attr": one(ast.Attr),
    "index": one(ast.Index),
    "true_lit": one(ast.Lit, value=True),
    "false_lit": one(ast.Lit, value=False),
    "none_lit": one(ast.Lit, value=None),
    "name": one(ast.Name),
    "list_lit": one(ast.ListLit),
    "lambda_": one(ast.Lambda),
}
# rules that hand on their one child (a word as its text), or their children as a list or a pair
FIRST_CHILD = ("expr_start", "field_name", "assign_op", "at_expr")
CHILDREN = ("keys", "params", "pattern_keys", "named_args", "args")
PAIR = ("elif_clause", "match_arm")

_KEEP, _TEXT, _LIST = range(3)  # how a child is read into its field


def _how(field: attrs.Attribute[Any]) -> int:
    kind = str(field.type)
    if kind in ("str", "str | None"):
        return _TEXT
    if kind == "list" or (kind.startswith("list[") and kind.endswith("]")):  # not `list | None`
        return _LIST
    return _KEEP


def _one_node(rule: str, spec: OneNode) -> Callable[[Builder, Meta, list[Any]], ast.Node]:
    by_name = {f.name: f for f in attrs.fields(spec.cls)}
    names = spec.fields or tuple(n for n in part_fields(spec.cls) if n not in spec.fixed)
    texts = tuple(i for i, name in enumerate(names) if _how(by_name[name]) == _TEXT)
    lists = tuple(i for i, name in enumerate(names) if _how(by_name[name]) == _LIST)
    cls, fixed = spec.cls, spec.fixed

    def build(self: Builder, meta: Meta, children: list[Any]) -> ast.Node:
        if len(children) > len(names):
            raise TypeError(f"rule {rule}: {len(children)} children for the fields {names}")
        if texts or lists:
            children = list(children)
            for i in texts:
                if i < len(children) and isinstance(children[i], Token):
                    children[i] = _text_of(children[i])
            for i in lists:
                if i < len(children) and children[i] is None:
                    children[i] = []
        made: ast.Node = cls(**dict(zip(names, children)), **fixed, span=self._s(meta))
        return made
    return build


def _text_of(token: Token) -> str:
    return _unquote(token) if token.type == "STRING" else str(token)


def _first_child(self: Builder, meta: Meta, children: list[Any]) -> Any:
    value = children[0]
    return str(value) if isinstance(value, Token) else value


def _children(self: Builder, meta: Meta, children: list[Any]) -> list[Any]:
    return list(children)


def _pair(self: Builder, meta: Meta, children: list[Any]) -> tuple[Any, Any]:
    return (children[0], children[1])


_GENERATED: dict[str, Callable[[Builder, Meta, list[Any]], Any]] = {
    **{rule: _one_node(rule, spec) for rule, spec in ONE_NODE.items()},
    **dict.fromkeys(FIRST_CHILD, _first_child),
    **dict.fromkeys(CHILDREN, _children),
    **dict.fromkeys(PAIR, _pair),
}
