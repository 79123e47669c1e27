"""How fast `rulelang lsp` answers, for every ruleset in games/ (or the files given).

    python benchmarks/lsp_latency.py [--rounds 20] [FILE...]

A benchmark, not a test: it measures, it does not assert. A real client (pygls') starts
the server over stdio, as an editor does, then for each file measures, in milliseconds:

- open: from opening the file to its diagnostics (a parse and a full check);
- edit: from a one-character edit to the first answer after it (a hover right away,
  which brings the analysis up to date: the worst case while typing);
- hover, definition, references, completion, symbols, rename: one request each on an
  unchanged document (the analysis is kept), median and slowest of the rounds.
Diagnostics after an edit are sent once typing pauses for PAUSE seconds (server.py);
that wait is a choice, not a cost, and is not counted here. It needs the editor extra:
pip install 'rulelang[editor]'.
"""
from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from pathlib import Path

MISSING: ImportError | None = None  # the extra not installed: said in one line, not a traceback
try:
    from lsprotocol import types as L
    from pygls.lsp.client import BaseLanguageClient
    from pygls.uris import from_fs_path
except ImportError as error:
    MISSING = error

ROOT = Path(__file__).resolve().parent.parent
START = [sys.executable, "-c", "from rulelang.play.cli import main; main()", "lsp"]


def ms(seconds):
    return f"{seconds * 1000:7.1f}"


async def bench(files, rounds):
    client = BaseLanguageClient("bench", "1")
    arrived: dict[str, asyncio.Event] = {}

    @client.feature(L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        arrived.setdefault(params.uri, asyncio.Event()).set()

    await client.start_io(*START)
    await client.initialize_async(L.InitializeParams(process_id=None,
                                                     capabilities=L.ClientCapabilities()))
    client.initialized(L.InitializedParams())
    print(f"{'file':28} {'open':>7} {'edit':>7}   request: median / slowest")
    for path in files:
        text = path.read_text(encoding="utf-8")
        uri = from_fs_path(str(path.resolve()))
        arrived[uri] = asyncio.Event()
        started = time.perf_counter()
        client.text_document_did_open(L.DidOpenTextDocumentParams(
            L.TextDocumentItem(uri=uri, language_id="rulelang", version=1, text=text)))
        await arrived[uri].wait()
        opened = time.perf_counter() - started

        where = None
        for spot in list(re.finditer(r"\b[a-z_][a-z0-9_]{2,}\b", text))[len(text) // 400:]:
            line = text.count("\n", 0, spot.start())
            col = spot.start() - (text.rindex("\n", 0, spot.start()) + 1 if line else 0)
            where = {"text_document": L.TextDocumentIdentifier(uri),
                     "position": L.Position(line, col)}
            if await client.text_document_hover_async(L.HoverParams(**where)) is not None:
                break  # a declared name, used at this spot
        requests = {
            "hover": lambda where=where, uri=uri: client.text_document_hover_async(L.HoverParams(**where)),
            "definition": lambda where=where, uri=uri: client.text_document_definition_async(
                L.DefinitionParams(**where)),
            "references": lambda where=where, uri=uri: client.text_document_references_async(
                L.ReferenceParams(context=L.ReferenceContext(include_declaration=True), **where)),
            "completion": lambda where=where, uri=uri: client.text_document_completion_async(
                L.CompletionParams(**where)),
            "symbols": lambda where=where, uri=uri: client.text_document_document_symbol_async(
                L.DocumentSymbolParams(L.TextDocumentIdentifier(uri))),
            "rename": lambda where=where, uri=uri: client.text_document_rename_async(
                L.RenameParams(new_name="renamed", **where)),
        }
        times = {name: [] for name in requests}
        edits = []
        for version in range(2, rounds + 2):
            for name, request in requests.items():
                started = time.perf_counter()
                await request()
                times[name].append(time.perf_counter() - started)
            edit = " " if version % 2 == 0 else ""  # type a space at the end, then take it away
            client.text_document_did_change(L.DidChangeTextDocumentParams(
                L.VersionedTextDocumentIdentifier(uri=uri, version=version),
                [L.TextDocumentContentChangeWholeDocument(text=text + edit)]))
            started = time.perf_counter()
            await requests["hover"]()
            edits.append(time.perf_counter() - started)
        shown = "  ".join(f"{name} {ms(statistics.median(t)).strip()}/{ms(max(t)).strip()}"
                          for name, t in times.items())
        print(f"{path.relative_to(ROOT)!s:28} {ms(opened)} {ms(statistics.median(edits))}"
              f"   {shown}")
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="It needs pip install 'rulelang[editor]'.")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    if MISSING is not None:
        print(f"error: this benchmark needs the editor extra ({MISSING}): "
              "pip install 'rulelang[editor]'", file=sys.stderr)
        sys.exit(2)
    files = [f.resolve() for f in args.files] or sorted((ROOT / "games").glob("*.rules"))
    asyncio.run(bench(files, args.rounds))


if __name__ == "__main__":
    main()
