"""Walking the syntax tree without knowing its node classes, and what a tree means with its
positions left out (so a reformatted file can be compared with the original)."""
from __future__ import annotations

import functools
from typing import Iterator

import attrs

from rulelang.language import ast
from rulelang.language.errors import Span

# annotations the checker adds, and positions: not part of what the text says
_NOT_MEANING = {"span", "ty", "ref", "slot", "slots", "nslots", "binders", "card_slot",
                "member_spans"}


def children(value) -> Iterator:
    """The nodes directly inside a node, list, tuple or dict value, in source order."""
    if isinstance(value, ast.Node):
        for name in _meaningful_fields(type(value)):
            yield from _nodes_in(getattr(value, name))
    else:
        yield from _nodes_in(value)


@functools.cache
def _meaningful_fields(cls) -> tuple:
    return tuple(f.name for f in attrs.fields(cls) if f.name not in _NOT_MEANING)


def _nodes_in(value) -> Iterator:
    if isinstance(value, ast.Node):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, ast.Node):
                yield item
            elif isinstance(item, (list, tuple)):
                yield from _nodes_in(item)


def walk(root) -> Iterator:
    """Every node in the tree, parents before children (no recursion: trees can be deep)."""
    stack = [root] if isinstance(root, ast.Node) else list(reversed(list(_nodes_in(root))))
    while stack:
        node = stack.pop()
        yield node
        inside = []
        for name in _meaningful_fields(type(node)):
            value = getattr(node, name)
            if isinstance(value, ast.Node):
                inside.append(value)
            elif isinstance(value, (list, tuple)) and value:
                inside.extend(_nodes_in(value))
        stack.extend(reversed(inside))


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
