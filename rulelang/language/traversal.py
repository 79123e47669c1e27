"""The one way through the syntax tree, for every pass.

Which fields of a node hold its children is declared once, on the node classes
(rulelang.language.ast): a field is a part of what the text says unless it is declared a
position or a checker's annotation, and the nodes in its parts are the node's children. Here
are the children of a node, a walk over a whole tree (without recursion: trees can be deep), a
visitor that dispatches on the node's class and may skip a subtree, and what a tree means with
its positions and annotations left out (so a reformatted file can be compared with the
original).

A tree is a node, or lists and tuples (nested) holding nodes among other values.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from rulelang.language import ast
from rulelang.language.errors import Span

_PARTS: dict[type, tuple[str, ...]] = {}
_ANNOTATIONS: dict[type, tuple[attrs.Attribute[Any], ...]] = {}


def part_fields(cls: type) -> tuple[str, ...]:
    """The names of the fields of a node class that say what the text says, in the order they
    are declared (the order the text writes them, where the text fixes one): the nodes in
    their values are the node's children."""
    found = _PARTS.get(cls)
    if found is None:
        found = _PARTS[cls] = tuple(f.name for f in attrs.fields(cls) if ast.ROLE not in f.metadata)
    return found


def annotation_fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of a node class that the checker fills in."""
    found = _ANNOTATIONS.get(cls)
    if found is None:
        found = _ANNOTATIONS[cls] = tuple(f for f in attrs.fields(cls)
                                          if f.metadata.get(ast.ROLE) == ast.ANNOTATION)
    return found


def children(value: Any) -> Iterator[ast.Node]:
    """The nodes directly inside a node (or inside a list or tuple), in the order of its fields."""
    if isinstance(value, ast.Node):
        for name in part_fields(type(value)):
            inside = getattr(value, name)
            if isinstance(inside, ast.Node):
                yield inside
            elif isinstance(inside, (list, tuple)):
                yield from _nodes_in(inside)
    elif isinstance(value, (list, tuple)):
        yield from _nodes_in(value)


def _nodes_in(items: list[Any] | tuple[Any, ...]) -> Iterator[ast.Node]:
    for item in items:
        if isinstance(item, ast.Node):
            yield item
        elif isinstance(item, (list, tuple)):
            yield from _nodes_in(item)


def walk(tree: Any) -> Iterator[ast.Node]:
    """Every node of the tree, each before the nodes inside it, in the order of the fields
    (a node reached by two paths, as a lowered `where` shares its reasons, comes twice)."""
    stack = _start(tree)
    while stack:
        node = stack.pop()
        yield node
        _push_children(node, stack)


SKIP = object()  # returned by a Visitor's method: do not go into this node's children


class Visitor:
    """Goes through a tree in the order of walk, calling for each node the method named
    ``visit_`` and the name of its class, or failing that of its nearest base class that has
    one (``visit_Expr``, ``visit_Node``); a node with none is gone through silently. A method
    that returns SKIP keeps the visit out of that node's children."""

    def visit(self, tree: Any) -> None:
        methods: dict[type, Callable[[Any], Any] | None] = {}
        stack = _start(tree)
        while stack:
            node = stack.pop()
            cls = type(node)
            try:
                method = methods[cls]
            except KeyError:
                name = _method_name(type(self), cls)
                method = methods[cls] = getattr(self, name) if name else None
            if method is None or method(node) is not SKIP:
                _push_children(node, stack)


def _method_name(visitor: type, cls: type) -> str | None:
    """The visitor's method for a node class: its own, or its nearest base class's."""
    for base in cls.__mro__:
        name = "visit_" + base.__name__
        if hasattr(visitor, name):
            return name
    return None


def _start(tree: Any) -> list[ast.Node]:
    """A stack holding the tree's top nodes, the first on top."""
    if isinstance(tree, ast.Node):
        return [tree]
    stack: list[ast.Node] = []
    if isinstance(tree, (list, tuple)):
        _push_reversed(tree, stack)
    return stack


def _push_children(node: ast.Node, stack: list[ast.Node]) -> None:
    """Put the node's children on the stack, the first on top."""
    cls = type(node)
    for name in reversed(_PARTS.get(cls) or part_fields(cls)):
        value = getattr(node, name)
        if isinstance(value, ast.Node):
            stack.append(value)
        elif isinstance(value, (list, tuple)) and value:
            _push_reversed(value, stack)


def _push_reversed(items: list[Any] | tuple[Any, ...], stack: list[ast.Node]) -> None:
    for item in reversed(items):
        if isinstance(item, ast.Node):
            stack.append(item)
        elif isinstance(item, (list, tuple)):
            _push_reversed(item, stack)


def meaning(value: Any) -> Any:
    """Plain nested tuples holding everything the text says and no position."""
    if isinstance(value, ast.Node):
        return (type(value).__name__,) + tuple(
            (name, meaning(getattr(value, name))) for name in part_fields(type(value)))
    if isinstance(value, (list, tuple)):
        return tuple(meaning(v) for v in value if not isinstance(v, Span))
    if isinstance(value, Span):
        return None
    return value
