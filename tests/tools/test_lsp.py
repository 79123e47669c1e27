"""rulelang lsp, driven by a real LSP client (pygls') over the server's standard input/output.

pygls and lsprotocol are imported where they are used, not at the top: importing them costs
about a second of CPU, paid by every pytest-xdist worker at collection (each collects every
file) when they were imported here."""
from __future__ import annotations

import asyncio
import importlib
import sys

import pytest

from support import ROOT, rules_files


class _Imported:
    """A module imported when one of its names is first read."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attribute):
        if attribute.startswith("_"):  # pytest's collection asks every module-level name
            raise AttributeError(attribute)  # for its markers: not the module's names
        return getattr(importlib.import_module(self._name), attribute)


L = _Imported("lsprotocol.types")


def from_fs_path(path):
    from pygls.uris import from_fs_path
    return from_fs_path(path)

START = [sys.executable, "-c", "from rulelang.play.cli import main; main()", "lsp"]
# seconds: only for a server that never answers (a loaded machine can take 10); the
# benchmark measures speed
WAIT = 60

NIM = (ROOT / "examples" / "nim.rules").read_text()


class Session:
    """A language client talking to `rulelang lsp` in a child process."""

    def __init__(self):
        from pygls.lsp.client import BaseLanguageClient
        self.loop = asyncio.new_event_loop()
        self.client = BaseLanguageClient("rulelang-tests", "1")
        self.diagnostics: dict[str, list] = {}
        self.arrived = asyncio.Event()
        self.versions: dict[str, int] = {}

        @self.client.feature(L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params):
            self.diagnostics[params.uri] = params.diagnostics
            self.arrived.set()

        self.run(self._start())

    def run(self, coroutine):
        return self.loop.run_until_complete(asyncio.wait_for(coroutine, WAIT))

    async def _start(self):
        await self.client.start_io(*START)
        await self.client.initialize_async(L.InitializeParams(
            process_id=None, root_uri=from_fs_path(str(ROOT)),
            capabilities=L.ClientCapabilities()))
        self.client.initialized(L.InitializedParams())

    def stop(self):
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()

    # documents
    def open(self, path, text=None) -> str:
        uri = from_fs_path(str(path))
        text = path.read_text() if text is None else text
        self.versions[uri] = 1
        self.diagnostics.pop(uri, None)
        self.client.text_document_did_open(L.DidOpenTextDocumentParams(
            L.TextDocumentItem(uri=uri, language_id="rulelang", version=1, text=text)))
        return uri

    def type(self, uri, line, col, text, end=None):
        """Replace the text from (line, col) to end (0-based) with text, as an editor does."""
        self.versions[uri] += 1
        self.diagnostics.pop(uri, None)
        change = L.TextDocumentContentChangePartial(
            range=L.Range(L.Position(line, col), L.Position(*(end or (line, col)))), text=text)
        self.client.text_document_did_change(L.DidChangeTextDocumentParams(
            L.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]), [change]))

    def diagnostics_for(self, uri):
        async def wait():
            while uri not in self.diagnostics:
                self.arrived.clear()
                await self.arrived.wait()
            return list(self.diagnostics[uri])
        return self.run(wait())

    # requests
    def position(self, uri, line, col):
        return {"text_document": L.TextDocumentIdentifier(uri), "position": L.Position(line, col)}

    def hover(self, uri, line, col):
        return self.run(self.client.text_document_hover_async(
            L.HoverParams(**self.position(uri, line, col))))

    def definition(self, uri, line, col):
        return self.run(self.client.text_document_definition_async(
            L.DefinitionParams(**self.position(uri, line, col))))

    def references(self, uri, line, col, declaration=True):
        return self.run(self.client.text_document_references_async(L.ReferenceParams(
            context=L.ReferenceContext(include_declaration=declaration),
            **self.position(uri, line, col))))

    def complete(self, uri, line, col):
        return self.run(self.client.text_document_completion_async(
            L.CompletionParams(**self.position(uri, line, col))))

    def rename(self, uri, line, col, new_name):
        return self.run(self.client.text_document_rename_async(
            L.RenameParams(new_name=new_name, **self.position(uri, line, col))))

    def symbols(self, uri):
        return self.run(self.client.text_document_document_symbol_async(
            L.DocumentSymbolParams(L.TextDocumentIdentifier(uri))))

    def format(self, uri):
        return self.run(self.client.text_document_formatting_async(L.DocumentFormattingParams(
            L.TextDocumentIdentifier(uri), L.FormattingOptions(tab_size=2, insert_spaces=True))))


@pytest.fixture(scope="module")
def session():
    s = Session()
    yield s
    s.stop()


@pytest.fixture
def nim(tmp_path):
    path = tmp_path / "nim.rules"
    path.write_text(NIM)
    return path


def where(text, needle, nth=0):
    """0-based (line, col) of the nth occurrence of needle in text."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start)
    return line, start - (text.rindex("\n", 0, start) + 1 if line else 0)


def test_a_clean_file_gets_no_diagnostics(session, nim):
    uri = session.open(nim)
    assert session.diagnostics_for(uri) == []


def test_a_checker_error_shows_at_its_place_with_its_hint(session, tmp_path):
    path = tmp_path / "typo.rules"
    text = NIM.replace("if i < size(pile_sizes)", "if i < size(pile_sizez)")
    uri = session.open(path, text)
    [problem] = session.diagnostics_for(uri)
    line, col = where(text, "pile_sizez")
    assert problem.range.start == L.Position(line, col)
    assert problem.range.end == L.Position(line, col + len("pile_sizez"))
    assert "unknown name 'pile_sizez'" in problem.message
    assert "hint: did you mean 'pile_sizes'?" in problem.message
    assert problem.severity == L.DiagnosticSeverity.Error and problem.source == "rulelang"


def test_errors_follow_the_typing(session, nim):
    uri = session.open(nim)
    assert session.diagnostics_for(uri) == []
    line, _col = where(NIM, "  stones[pile] -= n")
    session.type(uri, line, 0, "  let x = 1 +\n")  # half a line: a syntax error
    [problem] = session.diagnostics_for(uri)
    assert problem.range.start.line == line + 1  # where the sum was cut short
    assert "unexpected" in problem.message or "ends too early" in problem.message
    session.type(uri, line, len("  let x = 1 +"), " 2")  # finished: the file is clean again
    assert session.diagnostics_for(uri) == []


def test_an_error_in_an_imported_file_shows_on_the_import(session):
    path = ROOT / "tests" / "rules" / "imports" / "uses_broken.rules"
    text = path.read_text()
    uri = session.open(path)
    problems = session.diagnostics_for(uri)
    assert problems and all(p.range.start.line == where(text, "import")[0] for p in problems)
    assert "broken.rules" in problems[0].message


def test_hover_shows_what_a_name_is(session, nim):
    uri = session.open(nim)
    hover = session.hover(uri, *where(NIM, "stones[pile] -= n"))
    assert "(variable per key) stones: [Pile] -> int" in hover.contents.value
    line, col = where(NIM, "{n} from pile")  # inside a string's {...}
    local = session.hover(uri, line, col + 1)
    assert "(local) n: int" in local.contents.value
    fn = session.hover(uri, *where(NIM, "piles_left()", 1))
    assert "(function) piles_left() -> list of Pile" in fn.contents.value
    builtin = session.hover(uri, *where(NIM, "index_of"))
    assert "index_of" in builtin.contents.value and "built-in" in builtin.contents.value
    assert session.hover(uri, *where(NIM, "# Piles of")) is None


def test_hover_on_a_rule_id_shows_the_rule_from_the_nearest_seeds_folder(session):
    path = ROOT / "games" / "yokai_sketch.rules"
    text = path.read_text()
    uri = session.open(path)
    line, col = where(text, "# YS-1\n")
    col += 2
    hover = session.hover(uri, line, col + 2)
    digest = (ROOT / "seeds" / "yokai_sketch.md").read_text()
    first_words = digest.split("**YS-1**")[1].split()[:4]
    assert "**YS-1**" in hover.contents.value
    assert " ".join(first_words) in hover.contents.value


def test_a_rule_id_with_a_letter_and_a_rule_in_a_sub_bullet_are_found(tmp_path):
    """`explain ... cites "YA-10a"` is a rule ID (teaching.py reads it so), and a digest lists
    such rules as sub-bullets: hover found neither, and gave YA-10 the sub-bullets' text."""
    from rulelang.tools.language_server.rule_ids import read_digests, rule_id_at
    (tmp_path / "game.md").write_text(
        "- **G-10** Deal according to the number of players:\n"
        "  - **G-10a** 2 players: 10 cards each.\n"
        "  - **G-10b** 3 players: 9 cards each, and the\n"
        "    rest unused.\n"
        "- **G-11** Then play.\n")
    digests = read_digests(tmp_path)
    assert digests["G-10"] == "**G-10** (game.md): Deal according to the number of players:"
    assert digests["G-10a"] == "**G-10a** (game.md): 2 players: 10 cards each."
    assert digests["G-10b"] == "**G-10b** (game.md): 3 players: 9 cards each, and the rest unused."
    line = '  if automa != none {   # G-10a, G-10'
    assert rule_id_at(line, line.index("G-10a") + 3) == "G-10a"
    assert rule_id_at(line, line.rindex("G-10") + 3) == "G-10"


def test_go_to_definition_of_globals_locals_fields_and_imports(session, nim, tmp_path):
    uri = session.open(nim)
    target = session.definition(uri, *where(NIM, "piles_left()", 1))
    assert target.uri == uri and target.range.start == L.Position(*where(NIM, "piles_left"))
    local = session.definition(uri, *where(NIM, "stones[p] = pile_sizes[i]"))
    assert local.range.start == L.Position(*where(NIM, "stones[Pile]"))
    pile = session.definition(uri, *where(NIM, "pile]", 1))
    assert pile.range.start == L.Position(*where(NIM, "pile in"))
    member = session.definition(uri, *where(NIM, "Pile if"))
    assert member.range.start == L.Position(*where(NIM, "Pile {"))

    yokai = ROOT / "games" / "yokai_sketch.rules"
    text = yokai.read_text()
    uri = session.open(yokai)
    field = session.definition(uri, *where(text, "yokai.value"))
    assert field is not None
    field = session.definition(uri, field.range.start.line, field.range.start.character)
    line, col = where(text, ".value", 0)
    found = session.definition(uri, line, col + 1)
    assert found.range.start == L.Position(*where(text, "value: int"))

    helpers = ROOT / "tests" / "rules" / "imports" / "uses_helpers.rules"
    uri = session.open(helpers)
    elsewhere = session.definition(uri, *where(helpers.read_text(), "double"))
    assert elsewhere.uri == from_fs_path(str(ROOT / "tests" / "rules" / "imports" / "lib" /
                                             "helpers.rules"))


def test_go_to_definition_on_an_import_opens_the_file_it_imports(session):
    path = ROOT / "tests" / "rules" / "imports" / "uses_helpers.rules"
    text = path.read_text()
    uri = session.open(path)
    session.diagnostics_for(uri)
    line, col = where(text, 'import "lib/helpers')
    target = session.definition(uri, line, col + len('import "l'))
    assert target.uri == from_fs_path(str(ROOT / "tests" / "rules" / "imports" / "lib" /
                                          "helpers.rules"))
    assert target.range.start == L.Position(0, 0)
    hearts = ROOT / "examples" / "hearts.rules"
    uri = session.open(hearts)
    session.diagnostics_for(uri)
    line, col = where(hearts.read_text(), 'import "std/')
    target = session.definition(uri, line, col + 2)
    assert target.uri.endswith("/rulelang/language/std/tricks.rules")


def test_find_references_lists_every_use(session, nim):
    uri = session.open(nim)
    found = session.references(uri, *where(NIM, "stones[Pile]"))
    assert len(found) == NIM.count("stones[") and all(f.uri == uri for f in found)
    without = session.references(uri, *where(NIM, "stones[Pile]"), declaration=False)
    assert len(without) == len(found) - 1


def test_a_document_not_saved_yet_finds_definitions_and_references_in_itself(session):
    """An editor's new buffer has a URI but no path (untitled:...): its definitions were placed
    in a file named file:///<document>, which no editor can open."""
    uri = "untitled:Untitled-1"
    session.versions[uri] = 1
    session.client.text_document_did_open(L.DidOpenTextDocumentParams(
        L.TextDocumentItem(uri=uri, language_id="rulelang", version=1, text=NIM)))
    assert session.diagnostics_for(uri) == []
    target = session.definition(uri, *where(NIM, "piles_left()", 1))
    assert target.uri == uri and target.range.start == L.Position(*where(NIM, "piles_left"))
    found = session.references(uri, *where(NIM, "stones[Pile]"))
    assert len(found) == NIM.count("stones[") and all(f.uri == uri for f in found)


def test_completion_offers_names_keywords_and_the_fields_after_a_dot(session, tmp_path):
    path = tmp_path / "typing.rules"
    text = (ROOT / "games" / "yokai_sketch.rules").read_text()
    uri = session.open(path, text)
    session.diagnostics_for(uri)
    labels = {i.label for i in session.complete(uri, 0, 0).items}
    assert {"shade", "stack", "notebook", "Colour", "water", "choose", "move", "sum",
            "players"} <= labels
    line, col = where(text, "if yokai == none")
    session.type(uri, line, col, "let w = yokai.\n  ")  # half typed: the text does not parse
    fields = {i.label for i in session.complete(uri, line, col + len("let w = yokai.")).items}
    assert fields == {"printed", "value", "colour"}


def test_completion_after_a_call_and_a_dot_offers_what_the_function_gives(session):
    """After `f(...).` completion offered every name of the file, not the fields of the
    card the function gives."""
    path = ROOT / "games" / "yami.rules"
    text = path.read_text()
    uri = session.open(path, text)  # (the editor's text: the file is not written)
    session.diagnostics_for(uri)
    line, _ = where(text, "    check_mission()")
    session.type(uri, line, 0, '    log "{tile_of(decision).\n')
    tile = {i.label for i in session.complete(uri, line, len('    log "{tile_of(decision).')).items}
    assert tile == {"colour", "number", "shape", "by"}
    session.type(uri, line, 0, '    log "{this_trick().\n')  # a zone: it has no fields
    assert not session.complete(uri, line, len('    log "{this_trick().')).items


@pytest.mark.parametrize("before, words", [
    ("  # a comment about the sco", True),
    ('  log "the sco', True),
    ('  log "{sco', False),
    ('  log "{yokai.', False),
    ('  log "{{not a value}} but {sco', False),
    ('  log "{if x then "yes', True),
    ('  log "{if x then "yes" else sco', False),
    ('  log "{n}" + sco', False),
    ('  log "a \\" still the text', True),
    ("  let n = sco", False),
])
def test_completion_is_quiet_in_comments_and_in_a_texts_words(before, words):
    """Completion offered every name of the file in a comment or in a text's words, where an
    editor then pops its list up at every word typed."""
    from rulelang.tools.language_server import server
    assert server._in_words(before) is words


def test_completion_in_a_comment_offers_nothing_and_in_a_value_the_names(session, nim):
    uri = session.open(nim)
    session.diagnostics_for(uri)
    line, _ = where(NIM, "  stones[pile] -= n")
    session.type(uri, line, 0, '  # take pi\n  log "pi {pi}"\n')
    assert not session.complete(uri, line, len("  # take pi")).items
    assert not session.complete(uri, line + 1, len('  log "pi')).items
    names = {i.label for i in session.complete(uri, line + 1, len('  log "pi {pi')).items}
    assert {"pile", "piles_left", "pile_sizes"} <= names


def test_the_outline_lists_declarations_and_what_they_hold(session, nim):
    uri = session.open(nim)
    symbols = session.symbols(uri)
    names = [s.name for s in symbols]
    assert names == ["pile_sizes", "is_misere", "Pile", "stones", "piles_left", "setup", "turn"]
    pile = symbols[2]
    assert pile.kind == L.SymbolKind.Enum and [c.name for c in pile.children] == list("ABCDEFGH")


def test_the_outline_shows_a_campaign_and_its_variables(session):
    """`campaign { ... }` was missing from the outline, and its variables with it."""
    uri = session.open(ROOT / "tests" / "rules" / "league.rules")
    symbols = session.symbols(uri)
    [campaign] = [s for s in symbols if s.name == "campaign"]
    assert [c.name for c in campaign.children] == ["played", "points", "level"]
    assert campaign.children[1].detail == "list of int"


def test_rename_changes_every_use_and_refuses_bad_names(session, nim):
    from pygls.exceptions import JsonRpcException
    uri = session.open(nim)
    edit = session.rename(uri, *where(NIM, "pile in"), "heap")
    edits = edit.changes[uri]
    assert len(edits) == 5  # the choose, stones[pile] three times, {pile} in the log
    assert all(e.new_text == "heap" for e in edits)
    with pytest.raises(JsonRpcException, match="cannot be a name"):
        session.rename(uri, *where(NIM, "pile in"), "while")
    with pytest.raises(JsonRpcException, match="built in"):
        session.rename(uri, *where(NIM, "index_of"), "position")


def test_rename_refuses_a_name_that_would_mean_something_else_where_it_is_used(session, nim):
    """Renaming to a name already used where the renamed one is (another local, a global the
    local would hide, a local that would hide the global) made rules that no longer check."""
    from pygls.exceptions import JsonRpcException
    uri = session.open(nim)
    for at, new in [("pile in", "n"), ("i = index_of", "p"), ("stones[Pile]", "p"),
                    ("i = index_of", "stones"), ("i = index_of", "pile_sizes")]:
        with pytest.raises(JsonRpcException, match=f"'{new}' is already a name"):
            session.rename(uri, *where(NIM, at), new)
    assert len(session.rename(uri, *where(NIM, "i = index_of"), "k").changes[uri]) == 3



def test_a_request_on_a_document_neither_open_nor_on_disk_is_refused_clearly(session, tmp_path):
    """The server read such a document from disk: FileNotFoundError, answered as an internal
    error with its traceback (and the traceback logged)."""
    from pygls.exceptions import JsonRpcException
    uri = from_fs_path(str(tmp_path / "gone.rules"))
    with pytest.raises(JsonRpcException, match="is not open in the editor") as refused:
        session.hover(uri, 0, 0)
    assert "Traceback" not in str(refused.value) and "FileNotFoundError" not in str(refused.value)


WHERE = NIM.replace('choose n in 1..stones[pile] prompt "how many stones"',
                    'choose n in 1..stones[pile] where n <= stones[pile] and n > 0\n'
                    '    else "{n} is too many" prompt "how many stones" prefer n')


def renamed(text, edits):
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                    reverse=True):
        assert e.range.start.line == e.range.end.line
        line = lines[e.range.start.line]
        lines[e.range.start.line] = (line[:e.range.start.character] + e.new_text
                                     + line[e.range.end.character:])
    return "\n".join(lines)


def test_rename_a_choice_with_where_clauses_edits_each_use_once(session, tmp_path):
    """The parser copies a `where` clause (into the options and the refusals): its names were
    indexed twice (overlapping edits, which editors refuse), the chosen name there was a name
    of its own (left as it was), and a made-up name spanned the whole clause."""
    import rulelang
    uri = session.open(tmp_path / "where.rules", WHERE)
    assert session.diagnostics_for(uri) == []
    edit = session.rename(uri, *where(WHERE, "n in 1.."), "many")
    edits = edit.changes[uri]
    places = [(e.range.start.line, e.range.start.character) for e in edits]
    assert len(places) == len(set(places))
    assert all(e.range.end.character - e.range.start.character == 1 for e in edits)
    result = renamed(WHERE, edits)
    assert "choose many in 1..stones[pile] where many <= stones[pile] and many > 0" in result
    assert '"{many} is too many"' in result and "stones[pile] -= many" in result
    assert 'prompt "how many stones" prefer many' in result
    rulelang.loads(result, "renamed.rules")


def test_rename_a_typed_parameter_keeps_its_type(session, tmp_path):
    text = NIM.replace("fn piles_left() = [p for p in Pile if stones[p] > 0]",
                       "fn piles_left() = [p for p in Pile if full(p)]\n"
                       "fn full(heap: Pile) = stones[heap] > 0")
    uri = session.open(tmp_path / "param.rules", text)
    assert session.diagnostics_for(uri) == []
    edit = session.rename(uri, *where(text, "heap"), "h")
    assert "fn full(h: Pile) = stones[h] > 0" in renamed(text, edit.changes[uri])


def test_formatting_the_document(session, tmp_path):
    path = tmp_path / "messy.rules"
    uri = session.open(path, NIM.replace("players 2", "players    2"))
    [edit] = session.format(uri)
    assert "\nplayers 2\n" in edit.new_text and edit.new_text == NIM


def test_the_server_refuses_nothing_on_a_file_that_does_not_parse(session, tmp_path):
    path = tmp_path / "broken.rules"
    uri = session.open(path, "game \"x\"\nrule {\n")
    [problem] = session.diagnostics_for(uri)
    assert problem.range.start.line == 1
    assert session.hover(uri, 1, 1) is None
    assert session.definition(uri, 1, 1) is None
    assert session.symbols(uri) == []


def test_the_lsp_command_explains_a_missing_pygls(monkeypatch):
    from click.testing import CliRunner

    from rulelang.play.cli import cli
    monkeypatch.setitem(sys.modules, "rulelang.tools.language_server.server", None)
    result = CliRunner().invoke(cli, ["lsp"])
    assert result.exit_code == 2  # (bad usage, as serve without its web extra)
    assert result.output.startswith("error: the language server needs pygls")  # (not "Error:")
    assert "pip install 'rulelang[editor]'" in result.output


def test_utf16_columns_count_characters_outside_the_basic_plane_twice():
    from rulelang.tools.language_server import server as lsp_server
    line = "log \"\U0001F3B2 rolled\" + x"
    assert lsp_server._utf16(line, line.index("x")) == line.index("x") + 1
    assert lsp_server._chars(line, line.index("x") + 1) == line.index("x")



ALL_RULES = list(rules_files())


@pytest.mark.parametrize("path", ALL_RULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_parsing_declaration_by_declaration_gives_the_whole_files_tree(path):
    from rulelang.language.errors import ParseError
    from rulelang.language.parser import parse
    from rulelang.language.traversal import meaning
    from rulelang.tools.language_server.document import ParseCache
    from rulelang.tools.tokens import tokenize
    text = path.read_text()
    try:
        whole = parse(text, str(path))
    except ParseError as error:
        with pytest.raises(ParseError) as piecewise:
            ParseCache().parse(text, str(path), tokenize(text))
        assert piecewise.value.render() == error.render()
        return
    pieces = ParseCache().parse(text, str(path), tokenize(text))
    assert meaning(pieces.decls) == meaning(whole.decls)
    assert [d.span for d in pieces.decls] == [d.span for d in whole.decls]


def test_an_analysis_kept_between_edits_agrees_with_a_fresh_one(tmp_path):
    from rulelang.tools.language_server.document import ParseCache, analyse
    path = tmp_path / "nim.rules"
    cache = ParseCache()
    broken = NIM.replace("if i < size(pile_sizes)", "if i < size(pile_sizez)")
    for text in (NIM, broken, NIM, broken.replace("pile_sizes[i]", "pile_sizes[i] +"), NIM):
        kept, fresh = analyse(text, path, cache=cache), analyse(text, path)
        assert [d.render() for d in kept.diagnostics] == [d.render() for d in fresh.diagnostics]
        if fresh.index is not None:
            assert sorted((o.span.line, o.span.col, o.definition.name, o.definition.kind)
                          for o in kept.index.occurrences[kept.file]) == sorted(
                (o.span.line, o.span.col, o.definition.name, o.definition.kind)
                for o in fresh.index.occurrences[fresh.file])


def test_rules_nested_past_pythons_limit_say_what_rulelang_check_says(tmp_path):
    """Functions calling one another some hundreds deep: `rulelang check` says to split them;
    the editor said "rulelang could not check this file (internal error: RecursionError...)"."""
    from rulelang.tools.language_server.document import analyse
    chain = "".join(f"fn c{i}() = c{i + 1}() + 1\n" for i in range(1500)) + "fn c1500() = 1\n"
    path = tmp_path / "chain.rules"
    [problem] = analyse(NIM + chain, path).diagnostics
    assert "internal error" not in problem.message
    assert "nest too deeply to be checked" in problem.message
    assert "call fewer functions in a chain" in problem.message


def test_a_campaigns_variables_have_hover_definition_and_references():
    """A variable declared in `campaign { ... }` was left out of the names the editor knows:
    no hover, no definition, no references, wherever it was used."""
    from rulelang.tools.language_server.document import analyse
    path = ROOT / "tests" / "rules" / "league.rules"
    text = path.read_text()
    result = analyse(text, path)
    line, col = where(text, "points[0] >= 2")
    found = result.index.at(result.file, line + 1, col + 1)
    assert found is not None and found.definition.name == "points"
    assert found.definition.kind == "var" and found.definition.type == "list of int"
    assert found.definition.span.line == where(text, "points: list")[0] + 1
    assert len(result.index.uses(found.definition)) == text.count("points") - text.count('"points"')


def test_saving_an_imported_file_checks_the_files_open_that_import_it(session, tmp_path):
    """A game open beside the library it imports kept the library's old names after the
    library was edited and saved, until the game itself was edited."""
    helpers = tmp_path / "helpers.rules"
    helpers.write_text("fn double(n: int) = n * 2\n")
    game = tmp_path / "game.rules"
    game.write_text('game "G"\nplayers 2\nimport "helpers.rules"\nturn {\n'
                    '  choose n in 1..double(2) prompt "n"\n  win current\n}\n')
    game_uri = session.open(game)
    assert session.diagnostics_for(game_uri) == []
    helpers_uri = session.open(helpers)
    assert session.diagnostics_for(helpers_uri) == []
    helpers.write_text("fn twice(n: int) = n * 2\n")  # renamed, and saved
    session.diagnostics.pop(game_uri, None)
    session.client.text_document_did_save(L.DidSaveTextDocumentParams(
        L.TextDocumentIdentifier(uri=helpers_uri)))
    [problem] = session.diagnostics_for(game_uri)
    assert problem.message.startswith("unknown function 'double'")
