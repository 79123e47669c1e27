"""``rulelang lsp``: the language server (Language Server Protocol over stdio, with pygls).

Every open document is parsed and checked like ``rulelang check`` does, on demand: when
it changes, diagnostics go out after a short pause in the typing, and any request on it
(hover, definition...) first brings the analysis up to date. The last analysis whose text
parsed is kept, so completion still knows the file's names while a line is half typed.
"""
from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

from lsprotocol import types as L
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

import rulelang
from rulelang.language import ast
from rulelang.language import types as T
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.checker.expressions import BUILTIN_VALUES
from rulelang.language.errors import RulesError, Span, source_lines
from rulelang.language.parser import KEYWORDS
from rulelang.tools.language_server import outline
from rulelang.tools.language_server.document import Analysis, ParseCache, analyse
from rulelang.tools.language_server.index import Definition
from rulelang.tools.language_server.rule_ids import find_seeds, read_digests, rule_id_at
from rulelang.tools.tokens import vocabulary

PAUSE = 0.15  # seconds without a change before diagnostics are worked out
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SEVERITY = {"error": L.DiagnosticSeverity.Error, "warning": L.DiagnosticSeverity.Warning,
             "note": L.DiagnosticSeverity.Information}
_COMPLETION_KIND = {
    "enum": L.CompletionItemKind.Enum, "member": L.CompletionItemKind.EnumMember,
    "card": L.CompletionItemKind.Class, "table": L.CompletionItemKind.Struct,
    "field": L.CompletionItemKind.Field, "column": L.CompletionItemKind.Field,
    "fn": L.CompletionItemKind.Function, "rule": L.CompletionItemKind.Method,
    "builtin": L.CompletionItemKind.Function, "const": L.CompletionItemKind.Constant,
    "option": L.CompletionItemKind.Property, "keyword": L.CompletionItemKind.Keyword,
}


class RulesServer(LanguageServer):
    def __init__(self):
        super().__init__("rulelang", rulelang.__version__,
                         text_document_sync_kind=L.TextDocumentSyncKind.Incremental)
        self.analyses: dict[str, Analysis] = {}
        self.last_parsed: dict[str, Analysis] = {}
        self.pending: dict[str, asyncio.TimerHandle] = {}
        self.digests: dict[Path, dict] = {}
        self.caches: dict[str, ParseCache] = {}

    # ------------------------------------------------------------ analyses
    def analysis(self, uri: str) -> Analysis:
        document = self.workspace.get_text_document(uri)
        try:
            source = document.source  # a document not open in the editor is read from disk
        except (OSError, UnicodeDecodeError, ValueError):
            raise JsonRpcInvalidParams(f"{uri} is not open in the editor and cannot be read: "
                                       "open it first") from None
        current = self.analyses.get(uri)
        if current is None or current.text != source:
            path = to_fs_path(uri)
            cache = self.caches.setdefault(uri, ParseCache())
            current = analyse(source, Path(path) if path else None, document.version, cache)
            self.analyses[uri] = current
            if current.index is not None:
                self.last_parsed[uri] = current
        return current

    def publish(self, uri: str) -> None:
        self.pending.pop(uri, None)
        if uri not in self.analyses and not self._is_open(uri):
            return
        result = self.analysis(uri)
        lines = source_lines(result.text)
        self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(
            uri=uri, version=result.version,
            diagnostics=[_diagnostic(d, lines) for d in result.diagnostics]))

    def recheck_importers(self, uri: str) -> None:
        """Check again every open file that imports ``uri``'s file, just saved: each was
        checked with what that file held before (imports are read from the disk)."""
        path = to_fs_path(uri)
        if not path:
            return
        saved = Path(path).resolve()
        for other, result in list(self.analyses.items()):
            if other != uri and saved in result.paths.values():
                del self.analyses[other]
                self.publish(other)

    def _is_open(self, uri: str) -> bool:
        return uri in self.workspace.text_documents

    def publish_soon(self, uri: str) -> None:
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.get_running_loop().call_later(PAUSE, self.publish, uri)

    def rule_text(self, uri: str, rule: str) -> str | None:
        path = to_fs_path(uri)
        seeds = find_seeds(Path(path)) if path else None
        if seeds is None:
            return None
        if seeds not in self.digests:
            self.digests[seeds] = read_digests(seeds)
        return self.digests[seeds].get(rule)


server = RulesServer()


# ---------------------------------------------------------------- positions

def _utf16(line: str, col0: int) -> int:
    """A 0-based character column as UTF-16 code units (what LSP positions count)."""
    prefix = line[:col0]
    return col0 + sum(1 for ch in prefix if ord(ch) > 0xFFFF)


def _chars(line: str, units: int) -> int:
    col, seen = 0, 0
    while col < len(line) and seen < units:
        seen += 2 if ord(line[col]) > 0xFFFF else 1
        col += 1
    return col


def _range(span: Span | None, lines: list[str]) -> L.Range:
    if span is None:
        return L.Range(L.Position(0, 0), L.Position(0, 0))

    def position(line, col):
        text = lines[line - 1] if 1 <= line <= len(lines) else ""
        return L.Position(max(line - 1, 0), _utf16(text, max(col - 1, 0)))
    return L.Range(position(span.line, span.col), position(span.end_line, span.end_col))


def _cursor(result: Analysis, position: L.Position) -> tuple[int, int]:
    """A client position as the 1-based line and column that spans use."""
    lines = source_lines(result.text)
    text = lines[position.line] if position.line < len(lines) else ""
    return position.line + 1, _chars(text, position.character) + 1


def _diagnostic(d, lines) -> L.Diagnostic:
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return L.Diagnostic(range=_range(d.span, lines), message=message, source="rulelang",
                        severity=_SEVERITY.get(d.severity, L.DiagnosticSeverity.Error))


def _location(result: Analysis, span: Span, uri: str) -> L.Location | None:
    """Where a span is: in the document itself (``uri``: a file not saved yet has no path),
    or in a file it imports."""
    if span.file == result.file:
        return L.Location(uri=uri,
                          range=_range(span, source_lines(result.text)))
    path = result.paths.get(span.file)
    if path is None:
        return None
    try:
        lines = source_lines(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        lines = []
    return L.Location(uri=from_fs_path(str(path)), range=_range(span, lines))


def _occurrence(ls: RulesServer, params):
    result = ls.analysis(params.text_document.uri)
    if result.index is None:
        return result, None
    line, col = _cursor(result, params.position)
    return result, result.index.at(result.file, line, col)


# ---------------------------------------------------------------- documents

@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: RulesServer, params: L.DidOpenTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: RulesServer, params: L.DidChangeTextDocumentParams):
    ls.publish_soon(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: RulesServer, params: L.DidSaveTextDocumentParams):
    uri = params.text_document.uri
    ls.publish(uri)
    ls.recheck_importers(uri)


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RulesServer, params: L.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    waiting = ls.pending.pop(uri, None)
    if waiting is not None:
        waiting.cancel()
    ls.analyses.pop(uri, None)
    ls.last_parsed.pop(uri, None)
    ls.caches.pop(uri, None)
    ls.text_document_publish_diagnostics(L.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


# ---------------------------------------------------------------- features

@server.feature(L.TEXT_DOCUMENT_HOVER)
def hover(ls: RulesServer, params: L.HoverParams):
    result = ls.analysis(params.text_document.uri)
    lines = source_lines(result.text)
    line_text = lines[params.position.line] if params.position.line < len(lines) else ""
    rule = rule_id_at(line_text, _chars(line_text, params.position.character))
    if rule is not None:
        text = ls.rule_text(params.text_document.uri, rule)
        if text is not None:
            return L.Hover(L.MarkupContent(L.MarkupKind.Markdown, text))
    _, found = _occurrence(ls, params)
    if found is None:
        return None
    return L.Hover(L.MarkupContent(L.MarkupKind.Markdown, _describe(found.definition)),
                   range=_range(found.span, lines))


def _describe(d) -> str:
    owner = f" of {d.owner}" if d.owner else ""
    kind = {"varfam": "variable per key", "family": "zone per key", "var": "variable",
            "fn": "function", "param": "parameter", "member": "member", "builtin": "built-in",
            "dummy": "dummy seat"}.get(d.kind, d.kind)
    head = f"({kind}{owner}) {d.name}" + (f": {d.type}" if d.type and d.kind != "fn" else "")
    if d.kind == "fn":
        head = f"(function) {d.name}{d.type}"
    parts = [f"```rulelang\n{head}\n```"]
    if d.detail and d.detail != head:
        parts.append(d.detail if d.kind in ("builtin", "field") else f"`{d.detail}`")
    return "\n\n".join(parts)


@server.feature(L.TEXT_DOCUMENT_DEFINITION)
def definition(ls: RulesServer, params: L.DefinitionParams):
    result, found = _occurrence(ls, params)
    if found is None:
        return _imported_file(result, params.position.line + 1)
    if found.definition.span is None:
        return None
    return _location(result, found.definition.span, params.text_document.uri)


def _imported_file(result: Analysis, line: int) -> L.Location | None:
    """On an import line: the file it imports (one that was read for this analysis), as the
    loader resolved it."""
    for decl in result.module.decls if result.module is not None else []:
        if isinstance(decl, ast.ImportDecl) and decl.span.line <= line <= decl.span.end_line:
            target = result.imports.get(decl.span)
            if target is not None and target in result.paths.values():
                return L.Location(uri=from_fs_path(str(target)),
                                  range=L.Range(L.Position(0, 0), L.Position(0, 0)))
    return None


@server.feature(L.TEXT_DOCUMENT_REFERENCES)
def references(ls: RulesServer, params: L.ReferenceParams):
    result, found = _occurrence(ls, params)
    if found is None:
        return []
    target = found.definition
    spans = [o.span for o in result.index.uses(target)
             if params.context.include_declaration or o.span != target.span]
    uri = params.text_document.uri
    return [loc for loc in (_location(result, s, uri) for s in spans) if loc is not None]


@server.feature(L.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: RulesServer, params: L.PrepareRenameParams):
    result, found = _occurrence(ls, params)
    _renamable(result, found)
    return _range(found.span, source_lines(result.text))


@server.feature(L.TEXT_DOCUMENT_RENAME)
def rename(ls: RulesServer, params: L.RenameParams):
    result, found = _occurrence(ls, params)
    _renamable(result, found)
    new = params.new_name
    if not _IDENT.fullmatch(new) or new in KEYWORDS:
        raise JsonRpcInvalidParams(f"'{new}' cannot be a name (a letter or _, then letters, "
                                   "digits or _; not a keyword)")
    if new in SIGNATURES or new in BUILTIN_VALUES or T.seat_literal(new) is not None:
        raise JsonRpcInvalidParams(f"'{new}' is a built-in name")
    if found.definition.span.file == result.file and found.definition.kind not in (
            "local", "param") and new in result.index.globals:
        raise JsonRpcInvalidParams(f"'{new}' is already defined")
    clash = _clash(result, found.definition, new)
    if clash is not None:
        raise JsonRpcInvalidParams(f"'{new}' is already a name where '{found.definition.name}' "
                                   f"is used (line {clash}): pick another name")
    lines = source_lines(result.text)
    edits = [L.TextEdit(_range(o.span, lines), new) for o in result.index.uses(found.definition)
             if o.span.file == result.file]
    return L.WorkspaceEdit(changes={params.text_document.uri: edits})


def _clash(result: Analysis, target: Definition, new: str) -> int | None:
    """A line where the new name would mean something else: a local or parameter of that
    name in a declaration that uses the renamed name, or (renaming a local) a name of the
    file that its declaration uses. None when there is none."""
    if result.index is None or result.module is None:
        return None
    here = result.index.occurrences.get(result.file, [])
    spans = [d.span for d in result.module.decls]
    for use in result.index.uses(target):
        enclosing = next((s for s in spans if s.line <= use.span.line <= s.end_line), None)
        if enclosing is None:
            continue
        for o in here:
            d = o.definition
            if (d.name == new and d is not target and enclosing.line <= o.span.line
                    <= enclosing.end_line and (d.kind in ("local", "param")
                                               or target.kind in ("local", "param"))):
                return o.span.line
    return None


def _renamable(result, found) -> None:
    if found is None:
        raise JsonRpcInvalidParams("there is no name here to rename")
    if found.definition.span is None:
        raise JsonRpcInvalidParams(f"'{found.definition.name}' is built in: it cannot be renamed")
    if found.definition.span.file != result.file:
        raise JsonRpcInvalidParams(f"'{found.definition.name}' is defined in another file "
                                   f"({found.definition.span.file}): rename it there")


@server.feature(L.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: RulesServer, params: L.DocumentSymbolParams):
    result = ls.analysis(params.text_document.uri)
    shown = result if result.module is not None else ls.last_parsed.get(params.text_document.uri)
    if shown is None or shown.module is None:
        return []
    return outline.symbols(shown, _range)


@server.feature(L.TEXT_DOCUMENT_COMPLETION, L.CompletionOptions(trigger_characters=["."]))
def completion(ls: RulesServer, params: L.CompletionParams):
    uri = params.text_document.uri
    result = ls.analysis(uri)
    known = result if result.index is not None else ls.last_parsed.get(uri)
    lines = source_lines(result.text)
    line_text = lines[params.position.line] if params.position.line < len(lines) else ""
    before = line_text[:_chars(line_text, params.position.character)]
    if _in_words(before):  # a comment, or a text's own words: no names to offer there
        return L.CompletionList(is_incomplete=False, items=[])
    after_dot = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[[^\]]*\])?\s*\.\s*[A-Za-z0-9_]*$",
                          before)
    after_call = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*\((?:[^()]|\([^()]*\))*\)\s*\.\s*"
                           r"[A-Za-z0-9_]*$", before)
    if after_dot:
        items = _fields_of(known, after_dot.group(1), before.rstrip().endswith("]"))
    elif after_call:  # what a function gives: `tile_of(c).`
        items = _given_by(known, after_call.group(1))
    else:
        items = _names(known, params.position.line + 1)
    return L.CompletionList(is_incomplete=False, items=items)


def _in_words(before: str) -> bool:
    """Whether the end of ``before`` (a line up to the cursor) is in a comment or in the words
    of a text, rather than in code or in a {value} inside a text. Texts end on their line."""
    i, in_text, depth = 0, False, 0  # depth: the braces open in a text's {value}
    while i < len(before):
        ch = before[i]
        if not in_text:
            if ch == "#":
                return True
            in_text = ch == '"'
        elif depth == 0:
            if ch == "\\" or before.startswith(("{{", "}}"), i):
                i += 1  # an escaped character, or a literal brace
            elif ch == "{":
                depth = 1
            elif ch == '"':
                in_text = False
        elif ch == '"':  # a text inside the value: "{if won then "yes" else "no"}"
            end = before.find('"', i + 1)
            if end < 0:
                return True
            i = end
        else:
            depth += {"{": 1, "}": -1}.get(ch, 0)
        i += 1
    return in_text and depth == 0


def _fields_of(known: Analysis | None, name: str, indexed: bool) -> list[L.CompletionItem]:
    if known is None or known.index is None:  # (an analysis kept to complete from has its index)
        return []
    index = known.index
    definition = index.globals.get(name)
    if definition is None:  # a local: any with that name will do to find the type
        definition = next((o.definition for items in index.occurrences.values() for o in items
                           if o.definition.name == name and o.definition.ty is not None), None)
    if definition is not None and definition.kind == "enum":
        return [_item(m) for m in definition.children]
    ty = definition.ty if definition is not None else None
    if ty is not None and ty.name == "list" and indexed:
        ty = ty.arg
    candidates: list[Definition] = []
    for top in index.definitions:
        if ty is not None and ty.name == "card" and ty.arg and top.name != ty.arg:
            continue
        if ty is not None and ty.name == "row" and top.name != ty.arg:
            continue
        if ty is not None and ty.name == "cell":
            return [_item_named(n, "field", "int") for n in ("x", "y")]
        if top.kind in ("card", "table") and (ty is None or ty.name in ("card", "row", "any")):
            candidates.extend(top.children)
    seen, items = set(), []
    for field in candidates:
        if field.name not in seen:
            seen.add(field.name)
            items.append(_item(field))
    return items


def _given_by(known: Analysis | None, name: str) -> list[L.CompletionItem]:
    """The fields of the card (or the columns of the row) a function of the file gives;
    nothing for anything else (a zone, a number...); for a built-in function (first, top...),
    every field, as after a name whose type is not known."""
    if known is None or known.index is None:
        return []
    fn = known.index.globals.get(name)
    if fn is None or fn.kind != "fn":
        return _fields_of(known, "", False)
    gives = fn.gives
    if gives is None or gives.name not in ("card", "row") or not gives.arg:
        return []
    top = next((d for d in known.index.definitions
                if d.kind in ("card", "table") and d.name == gives.arg), None)
    return [_item(field) for field in top.children] if top is not None else []


def _names(known: Analysis | None, line: int) -> list[L.CompletionItem]:
    items, seen = [], set()

    def add(item):
        if item.label not in seen:
            seen.add(item.label)
            items.append(item)
    if known is not None and known.index is not None and known.module is not None:
        index, module = known.index, known.module
        enclosing = next((d.span for d in module.decls
                          if d.span.line <= line <= d.span.end_line), None)
        for occurrences in index.occurrences.values():
            for o in occurrences:
                d = o.definition
                if d.kind in ("local", "param") and enclosing and d.span and (
                        d.span.file == known.file
                        and enclosing.line <= d.span.line <= line <= enclosing.end_line):
                    add(_item(d))
        for d in index.definitions:
            add(_item(d))
            if d.kind == "enum":
                for member in d.children:
                    add(_item(member))
    for name, ty in BUILTIN_VALUES.items():
        add(_item_named(name, "builtin", str(ty)))
    most = max((d.high for d in known.module.decls if isinstance(d, ast.PlayersDecl)),
               default=2) if known is not None and known.module is not None else 2
    for number in range(1, most + 1):  # the seats: P1, P2...
        add(_item_named(f"P{number}", "builtin", "seat"))
    for name, sig in sorted(SIGNATURES.items()):
        add(L.CompletionItem(label=name, kind=L.CompletionItemKind.Function, detail=sig.doc))
    for word in sorted(vocabulary().words | set(T.SIMPLE)):
        add(_item_named(word, "keyword", ""))
    return items


def _item(d) -> L.CompletionItem:
    return _item_named(d.name, d.kind, d.type)


def _item_named(name, kind, detail) -> L.CompletionItem:
    return L.CompletionItem(label=name, detail=detail or None,
                            kind=_COMPLETION_KIND.get(kind, L.CompletionItemKind.Variable))


@server.feature(L.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: RulesServer, params: L.DocumentFormattingParams):
    from rulelang.tools.formatter import format_text
    result = ls.analysis(params.text_document.uri)
    try:
        formatted = format_text(result.text, result.file)
    except RulesError:
        return None  # the diagnostics already say what is wrong
    if formatted == result.text:
        return []
    lines = source_lines(result.text)
    end = L.Position(len(lines), 0)
    return [L.TextEdit(L.Range(L.Position(0, 0), end), formatted)]


class _Refusals(logging.Filter):
    """pygls logs every error a request answers with, traceback and all; a refusal the
    editor is told of (no name to rename here, a name taken) is no fault of the server."""

    def filter(self, record):
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, JsonRpcInvalidParams)


def main() -> None:
    logging.getLogger("pygls").addFilter(_Refusals())
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_Refusals())
    server.start_io()
