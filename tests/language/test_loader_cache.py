"""A checked program is kept for the same text, folder and imports; an imported file changed
on disk is read again (loading never gives rules older than the files)."""
from __future__ import annotations

import rulelang

MAIN = ('game "Kept"\nplayers 2\nimport "part.rules"\n'
        'turn {\n  choose n in 1..top_number prompt "go"\n  win current\n}\n')


def test_the_same_file_gives_the_program_checked_before(tmp_path):
    (tmp_path / "part.rules").write_text("const top_number = 3\n")
    (tmp_path / "main.rules").write_text(MAIN)
    first = rulelang.load(tmp_path / "main.rules")
    assert rulelang.load(tmp_path / "main.rules").program is first.program


def test_an_imported_file_changed_on_disk_is_read_again(tmp_path):
    (tmp_path / "part.rules").write_text("const top_number = 3\n")
    (tmp_path / "main.rules").write_text(MAIN)
    game = rulelang.load(tmp_path / "main.rules").new_game(seed=1)
    assert len(game.legal_moves()) == 3
    (tmp_path / "part.rules").write_text("const top_number = 5\n")
    game = rulelang.load(tmp_path / "main.rules").new_game(seed=1)
    assert len(game.legal_moves()) == 5


def test_the_file_itself_changed_is_checked_again(tmp_path):
    (tmp_path / "part.rules").write_text("const top_number = 3\n")
    (tmp_path / "main.rules").write_text(MAIN)
    rulelang.load(tmp_path / "main.rules")
    (tmp_path / "main.rules").write_text(MAIN.replace("top_number", "top_nmuber", 1))
    try:
        rulelang.load(tmp_path / "main.rules")
    except rulelang.RulesError as error:
        assert "top_nmuber" in str(error)
    else:
        raise AssertionError("the changed file was not checked again")
