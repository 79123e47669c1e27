"""Walking the syntax tree without knowing its node classes, and what a tree means with its
positions left out (so a reformatted file can be compared with the original)."""
from __future__ import annotations

from typing import Iterator

import attrs

from rulelang import ast
from rulelang.errors import Span

# annotations the checker adds, and positions: not part of what the text says
_NOT_MEANING = {"span", "ty", "ref", "slot", "slots", "nslots", "binders", "card_slot",
                "member_spans"}


def children(value) -> Iterator:
    """The nodes directly inside a node, list, tuple or dict value, in source order."""
    if isinstance(value, ast.Node):
        for field in attrs.fields(type(value)):
            if field.name not in _NOT_MEANING:
                yield from _nodes_in(getattr(value, field.name))
    else:
        yield from _nodes_in(value)


def _nodes_in(value) -> Iterator:
    if isinstance(value, ast.Node):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _nodes_in(item)


def walk(root) -> Iterator:
    """Every node in the tree, parents before children (no recursion: trees can be deep)."""
    stack = [root] if isinstance(root, ast.Node) else list(reversed(list(_nodes_in(root))))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(children(node))))


def meaning(value):
    """Plain nested tuples holding everything the text says and no position."""
    if isinstance(value, ast.Node):
        return (type(value).__name__,) + tuple(
            (f.name, meaning(getattr(value, f.name))) for f in attrs.fields(type(value))
            if f.name not in _NOT_MEANING)
    if isinstance(value, (list, tuple)):
        return tuple(meaning(v) for v in value if not isinstance(v, Span))
    if isinstance(value, Span):
        return None
    return value
