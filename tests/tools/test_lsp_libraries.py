"""Libraries in the editor: the standard library's files and a file of one's own with no game
(functions, cards, tables for games to import) open with no error, as `rulelang check` sees
them (rulelang/language/loader.py, ``is_library``)."""
from __future__ import annotations


def test_the_standard_library_opened_in_the_editor_has_no_error():
    """Go to definition leads into std/tricks.rules: it was shown with "nothing to play: add
    a 'turn { ... }'...", an error in the language's own library."""
    from rulelang.language.loader import STD_DIR
    from rulelang.tools.language_server.document import analyse
    path = STD_DIR / "tricks.rules"
    result = analyse(path.read_text(), path)
    assert result.diagnostics == []
    assert result.index is not None and "trick_winner" in result.index.globals
    game = analyse('game "G"\nfn f() = 1\n', STD_DIR.parent / "not_std.rules")  # a game's file
    assert [d.message for d in game.diagnostics] == [
        "nothing to play: add a 'turn { ... }' or a 'play { ... }' block"]


def test_a_library_of_ones_own_opened_in_the_editor_has_no_error(tmp_path):
    """A file with no game of its own (no `game`, `players`, block or campaign) is a library
    wherever it lies, as `rulelang check` sees it: only the standard library's were."""
    from rulelang.tools.language_server.document import analyse
    result = analyse("fn double(n: int) = n * 2\n", tmp_path / "helpers.rules")
    assert result.diagnostics == []
    wrong = analyse('fn double(n: int) = n * "a"\n', tmp_path / "helpers.rules")
    assert [d.message for d in wrong.diagnostics] == ["cannot use '*' on a number and text"]
