"""One open document, parsed and checked the way `rulelang check` does, kept for the editor."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from rulelang.language import ast
from rulelang.language.checker import Checker
from rulelang.language.errors import CheckError, Diagnostic, ParseError, RulesError, Span
from rulelang.language.loader import STD_DIR, Loaded, Part, check_as_part, is_library, read_modules, too_deep
from rulelang.language.parser import parse
from rulelang.language.traversal import annotation_fields, walk
from rulelang.tools.language_server.index import Index, build_index
from rulelang.tools.tokens import Tok, tokenize, vocabulary

_NOT_CODE = ("space", "newline", "comment")


@attrs.define
class Analysis:
    file: str  # the name spans use for this document
    text: str
    version: int | None
    diagnostics: list  # [Diagnostic], each placed in this document
    index: Index | None = None  # None when the text does not parse
    module: ast.Module | None = None
    paths: dict = attrs.field(factory=dict)  # another file's name in spans -> its path
    imports: dict = attrs.field(factory=dict)  # an import's span -> the file it reads


class ParseCache:
    """Parsed top-level declarations of one document, kept between keystrokes.

    Typing changes one declaration at a time, so only the declarations whose text (or
    first line) changed are parsed again. Whenever a piece fails to parse on its own, the
    whole text is parsed instead, so errors read exactly as `rulelang check` gives them.
    """

    def __init__(self):
        self.pieces: dict[tuple[int, str], ast.Module] = {}  # (first line, text) -> its parse
        self.imports: dict[tuple, ast.Module] = {}  # (name, text) -> an imported file

    def parse_import(self, text: str, file: str) -> ast.Module:
        key = (file, text)
        module = self.imports.get(key)
        if module is None:
            module = self.imports[key] = parse(text, file)
            if len(self.imports) > 50:  # files edited elsewhere leave old texts behind
                self.imports.pop(next(iter(self.imports)))
        else:
            _forget_annotations(module.decls)
        return module

    def parse(self, text: str, file: str, tokens: list[Tok]) -> ast.Module:
        pieces = top_level_pieces(text, tokens)
        decls: list[ast.Decl] = []
        teaching: list[ast.Explain] = []
        kept: dict[tuple[int, str], ast.Module] = {}
        try:
            for key in pieces:
                found = self.pieces.get(key)
                if found is None:
                    line, piece = key
                    found = parse("\n" * (line - 1) + piece, file)  # spans land in place
                else:
                    _forget_annotations(found.decls)
                kept[key] = found
                decls.extend(found.decls)
                teaching.extend(found.teaching)  # an explain and what it explains: one piece
        except ParseError:
            module = parse(text, file)  # the error as the whole file gives it (or no error)
            self.pieces = {}
            return module
        self.pieces = kept
        return ast.Module(decls, file, teaching, span=Span(file, 1, 1, 1, 1))


def top_level_pieces(text: str, tokens: list[Tok]) -> list[tuple[int, str]]:
    """The text cut before each line that starts a top-level declaration."""
    starts, depth, previous, line_seen = [1], 0, None, 0
    declaration_words = vocabulary().declaration_words
    explaining = False  # the piece so far is an explain: what it explains joins it
    for tok in tokens:
        if tok.kind in ("space", "newline", "comment"):
            continue
        if (depth == 0 and tok.line != line_seen and tok.col == 1 and tok.line > 1
                and tok.text in declaration_words
                and (previous is None or previous.kind != "symbol" or previous.text in "})]")):
            if not explaining:
                starts.append(tok.line)
            explaining = tok.text == "explain"
        elif depth == 0 and previous is None:
            explaining = tok.text == "explain"
        line_seen = tok.line
        if tok.kind == "symbol":
            depth += {"{": 1, "(": 1, "[": 1, "}": -1, ")": -1, "]": -1}.get(tok.text, 0)
        previous = tok
    lines = text.splitlines(keepends=True)
    starts = sorted(set(starts))
    ends = starts[1:] + [len(lines) + 1]
    return [(start, "".join(lines[start - 1:end - 1])) for start, end in zip(starts, ends)]


def _forget_annotations(decls: list) -> None:
    """Put back what the checker wrote on these nodes, so checking them again starts clean."""
    for node in walk(decls):
        for field in annotation_fields(type(node)):
            default: Any = field.default
            # attrs' stubs declare Factory a function (it is a class)
            setattr(node, field.name, default.factory()
                    if isinstance(default, attrs.Factory) else default)  # type: ignore[arg-type]


def analyse(text: str, path: Path | None, version: int | None = None,
            cache: ParseCache | None = None) -> Analysis:
    file = str(path) if path else "<document>"
    result = Analysis(file, text, version, [])
    tokens = []
    cache = cache or ParseCache()

    def parse_main(text, file):
        tokens.extend(tokenize(text))
        return cache.parse(text, file, tokens)
    try:
        loaded = read_modules(text, file, base=path.parent if path else None,
                              parse_main=parse_main, parse_import=cache.parse_import)
    except RulesError as error:
        module = None
        if any(d.span is not None and d.span.file != file for d in error.diagnostics):
            module = parse(text, file)  # the file itself parses: the problem is in an import
        result.diagnostics = _placed(error.diagnostics, file, module)
        return result
    result.module, result.paths = loaded.modules[0], dict(loaded.paths)
    result.imports = dict(loaded.imports)
    checker = Checker(loaded.modules, loaded.sources)
    checker.library = is_library(result.module) or (
        path is not None and STD_DIR.resolve() in path.resolve().parents)
    try:
        program = checker.run()
        result.diagnostics = _placed(program.warnings, file, result.module)  # information flow
    except CheckError as error:
        part = check_as_part(path, text) if path is not None else None
        result.diagnostics = (_as_part(part, file) if part is not None
                              else _placed(error.diagnostics, file, result.module))
        whole = _as_the_whole_sees_it(result, part) if part is not None else None
        if whole is not None:  # the names the part borrows are known too
            checker, loaded = whole
    except RecursionError:  # rules nested past Python's limit: what `rulelang check` says
        result.diagnostics = list(too_deep(file).diagnostics)
        return result
    except Exception as error:  # a checker bug must not take the editor's server down
        result.diagnostics = [Diagnostic(f"rulelang could not check this file (internal "
                                         f"error: {error.__class__.__name__}: {error})")]
        return result
    try:
        result.index = build_index(loaded.modules, loaded.sources, checker,
                                   {result.file: [t for t in tokens if t.kind not in _NOT_CODE]})
    except Exception as error:  # no hover or definitions then, but the diagnostics stand
        result.diagnostics.append(Diagnostic(
            f"rulelang could not index the names of this file (internal error: "
            f"{error.__class__.__name__}: {error})", severity="note"))
    return result


def _as_the_whole_sees_it(result: Analysis, part: Part) -> tuple[Checker, Loaded] | None:
    """Index a part as checked with the file that imports it (alone, the names it takes from
    that file are unknown, so they had no hover nor definition, and its check stopped early):
    the checker and files to index with, or None when the whole did not get to a check."""
    loaded, checker = part.loaded, part.checker
    if loaded is None or checker is None:
        return None
    module = next((m for m in loaded.modules if m.file == part.name), None)
    if module is None:
        return None
    result.file, result.module = part.name, module  # the name the whole's spans give it
    whole = loaded.modules[0].file
    result.paths = {**loaded.paths, whole: Path(whole).resolve()}
    result.imports = dict(loaded.imports)
    return checker, loaded


def _as_part(part, file) -> list[Diagnostic]:
    """The problems of a file checked as part of the file that imports it (it uses that
    file's names): its own, shown in it, and a note when the whole has others."""
    own = [attrs.evolve(d, span=attrs.evolve(d.span, file=file)) for d in part.own()]
    if part.error is not None and len(own) < len(part.found()):
        own.append(Diagnostic(f"checked as part of {part.whole}, which imports it: that file "
                              "has problems too (open it to see them)", severity="note"))
    return own


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
