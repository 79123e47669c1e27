"""One open document, parsed and checked the way `rulelang check` does, kept for the editor."""
from __future__ import annotations

from pathlib import Path

import attrs

from rulelang import ast
from rulelang.checker import Checker
from rulelang.errors import CheckError, Diagnostic, RulesError
from rulelang.loader import read_modules
from rulelang.lsp.index import Index, build_index
from rulelang.parser import parse


@attrs.define
class Analysis:
    file: str  # the name spans use for this document
    text: str
    version: int | None
    diagnostics: list  # [Diagnostic], each placed in this document
    index: Index | None = None  # None when the text does not parse
    module: ast.Module | None = None
    paths: dict = attrs.field(factory=dict)  # another file's name in spans -> its path


def analyse(text: str, path: Path | None, version: int | None = None) -> Analysis:
    file = str(path) if path else "<document>"
    result = Analysis(file, text, version, [])
    try:
        loaded = read_modules(text, file, base=path.parent if path else None)
    except RulesError as error:
        module = None
        if any(d.span is not None and d.span.file != file for d in error.diagnostics):
            module = parse(text, file)  # the file itself parses: the problem is in an import
        result.diagnostics = _placed(error.diagnostics, file, module)
        return result
    result.module, result.paths = loaded.modules[0], dict(loaded.paths)
    checker = Checker(loaded.modules, loaded.sources)
    try:
        checker.run()
    except CheckError as error:
        result.diagnostics = _placed(error.diagnostics, file, result.module)
    except Exception as error:  # a checker bug must not take the editor's server down
        result.diagnostics = [Diagnostic(f"rulelang could not check this file (internal "
                                         f"error: {error.__class__.__name__}: {error})")]
        return result
    result.index = build_index(loaded.modules, loaded.sources, checker)
    return result


def _placed(diagnostics, file, module) -> list[Diagnostic]:
    """Problems found in an imported file are shown on the import that brings it in."""
    placed = []
    for d in diagnostics:
        if d.span is None or d.span.file == file:
            placed.append(d)
            continue
        where = _import_of(module, d.span.file)
        placed.append(Diagnostic(f"in {d.span.file}:{d.span.line}:{d.span.col}: {d.message}",
                                 where, d.hint, d.severity))
    return placed


def _import_of(module, other_file):
    imports = [d for d in (module.decls if module else []) if isinstance(d, ast.ImportDecl)]
    name = Path(other_file).name
    for decl in imports:
        if Path(decl.path).name == name:
            return decl.span
    return imports[0].span if imports else None
