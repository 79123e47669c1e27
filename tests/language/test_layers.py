"""The packages' layers, read from the source: who may import whom, and no import cycles.

The language never imports the runtime, a tool, a front or an adapter; the runtime never
imports the compiler, a bot, a tool, a front or an adapter; and so on up (``ALLOWED``). Every
import counts, at module level or inside a function. A cycle is looked for among module-level
imports only (an import inside a function runs after every module has loaded).
"""
from __future__ import annotations

import ast
import functools
from collections import Counter
from pathlib import Path

import pytest

from support import ROOT

PACKAGES = ("rulelang", "interpreter")

# Each layer, and the layers it may import (itself always).
ALLOWED = {
    "rulelang.language": set(),
    "interpreter.runtime": {"rulelang.language"},
    "interpreter.compiler": {"rulelang.language", "interpreter.runtime"},
    "interpreter.bots": {"rulelang.language", "interpreter.runtime"},
    "interpreter.rules": {"rulelang.language", "interpreter.runtime", "interpreter.compiler"},
    "interpreter": {"rulelang.language", "interpreter.runtime", "interpreter.compiler",
                    "interpreter.bots", "interpreter.rules"},
    "rulelang.tools": {"rulelang", "rulelang.language", "interpreter"},
    "rulelang.adapters": {"rulelang", "rulelang.language", "interpreter"},
    "rulelang.play": {"rulelang", "rulelang.language", "rulelang.tools", "rulelang.adapters",
                      "interpreter"},
    "rulelang": {"rulelang.language", "interpreter.rules"},
}


def module_files():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield ".".join(parts), path


MODULES = dict(module_files())


def layer_of(module: str) -> str:
    """The longest layer name that is the module or a package above it."""
    best = ""
    for layer in ALLOWED:
        if (module == layer or module.startswith(layer + ".")) and len(layer) > len(best):
            best = layer
    return best


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        here = module.split(".") if is_package else module.split(".")[:-1]
        here = here[:len(here) - node.level + 1]
        base = ".".join(here + ([base] if base else []))
    # "from package import submodule" imports the submodule
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for both tests (each reads every module)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports_of(module: str, path: Path, top_level_only: bool) -> set[str]:
    tree = _tree(path)
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_imported(node, module, is_package))
            elif isinstance(node, ast.If):
                if not (top_level_only and _is_type_checking(node)):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif not top_level_only:
                visit(ast.iter_child_nodes(node))

    visit(tree.body)
    return {name for name in found if name.split(".")[0] in PACKAGES}


def own(name: str) -> str | None:
    """The module of ours an imported name is (or is in)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def test_every_module_lies_in_a_layer():
    assert [m for m in MODULES if not layer_of(m)] == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_keep_to_the_layers(module):
    layer = layer_of(module)
    allowed = ALLOWED[layer] | {layer}
    wrong = []
    for name in sorted(imports_of(module, MODULES[module], top_level_only=False)):
        target = own(name)
        if target is None:
            continue
        target_layer = layer_of(target)
        if target_layer not in allowed and not any(
                target_layer.startswith(a + ".") for a in allowed):
            wrong.append(f"{name} ({target_layer})")
    assert wrong == [], f"{module} ({layer}) may not import: {', '.join(wrong)}"


def test_no_import_cycles_at_module_level():
    graph = {m: {own(n) for n in imports_of(m, p, top_level_only=True)} - {None, m}
             for m, p in MODULES.items()}
    # a submodule's import runs its package's __init__ first: that edge is implicit, not a cycle
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycles.append(" -> ".join(stack[stack.index(n):] + [n]))
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert cycles == []


def test_no_two_modules_share_a_name():
    """A module's name says what it owns: no twins (rulelang's ``builtins`` against the
    runtime's, say), so a name in a traceback or an import says which one it is."""
    names = Counter(path.stem for path in MODULES.values() if path.stem != "__init__")
    assert {name: count for name, count in names.items() if count > 1} == {}
