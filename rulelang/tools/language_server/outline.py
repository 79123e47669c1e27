"""The outline of a document (LSP document symbols): its declarations and what they hold."""
from __future__ import annotations

from lsprotocol import types as L

from rulelang.language import ast
from rulelang.language.errors import source_lines

_KIND = {
    "enum": L.SymbolKind.Enum, "member": L.SymbolKind.EnumMember, "card": L.SymbolKind.Class,
    "field": L.SymbolKind.Field, "table": L.SymbolKind.Struct, "column": L.SymbolKind.Field,
    "zone": L.SymbolKind.Array, "family": L.SymbolKind.Array, "var": L.SymbolKind.Variable,
    "varfam": L.SymbolKind.Variable, "const": L.SymbolKind.Constant,
    "option": L.SymbolKind.Property, "fn": L.SymbolKind.Function, "rule": L.SymbolKind.Method,
    "dummy": L.SymbolKind.Object,
}


def symbols(analysis, to_range) -> list[L.DocumentSymbol]:
    lines = source_lines(analysis.text)
    by_span = {d.decl_span: d for d in analysis.index.definitions if d.decl_span is not None}
    out = []
    for decl in analysis.module.decls:
        whole = to_range(decl.span, lines)
        definition = by_span.get(decl.span)
        if definition is not None:
            out.append(L.DocumentSymbol(
                name=definition.name, kind=_KIND.get(definition.kind, L.SymbolKind.Variable),
                range=whole, selection_range=to_range(definition.span or decl.span, lines),
                detail=definition.type or None,
                children=[L.DocumentSymbol(name=c.name, kind=_KIND.get(c.kind, L.SymbolKind.Field),
                                           range=to_range(c.span, lines),
                                           selection_range=to_range(c.span, lines),
                                           detail=c.type or None)
                          for c in definition.children if c.span is not None]))
            continue
        name = _unnamed(decl)
        if isinstance(decl, ast.CampaignDecl):  # its variables inside it
            held = [by_span[item.span] for item in decl.items if item.span in by_span]
            out.append(L.DocumentSymbol(
                name="campaign", kind=L.SymbolKind.Namespace, range=whole, selection_range=whole,
                children=[L.DocumentSymbol(name=v.name, kind=L.SymbolKind.Variable,
                                           range=to_range(v.decl_span, lines),
                                           selection_range=to_range(v.span or v.decl_span, lines),
                                           detail=v.type or None) for v in held]))
        elif name:
            out.append(L.DocumentSymbol(name=name, kind=L.SymbolKind.Event, range=whole,
                                        selection_range=whole))
    return out


def _unnamed(decl) -> str | None:
    """How the outline shows a declaration that names nothing."""
    if isinstance(decl, ast.BlockDecl):
        return decl.which
    if isinstance(decl, ast.TriggerDecl):
        return f"on {decl.event} {decl.zone}"
    if isinstance(decl, ast.EndDecl):
        return "end when"
    if isinstance(decl, ast.ScoreDecl):
        return f"{decl.which} {decl.key or decl.param or ''}".strip()
    return None
