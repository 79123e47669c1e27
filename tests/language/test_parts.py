"""A file written as part of another (it uses the names of the file that imports it) is
checked as part of that file, by ``rulelang check`` and in the editor, rather than
alone, where every name it borrows would be unknown (rulelang/language/loader.py, ``check_as_part``)."""
from __future__ import annotations

from click.testing import CliRunner

from rulelang.play.cli import cli
from rulelang.tools.language_server.document import analyse
from support import ROOT

WHOLE = '''game "Whole"
players 2
import "parts/counting.rules"
const LIMIT = 3
var tally: int = 0
turn {
  choose x in [1, 2] prompt "pick"
  bump(x)
  if tally >= LIMIT { win current }
}
'''
PART = '''rule bump(by) {
  tally += by
}
'''


def write(tmp_path, part=PART):
    (tmp_path / "parts").mkdir()
    (tmp_path / "whole.rules").write_text(WHOLE)
    path = tmp_path / "parts" / "counting.rules"
    path.write_text(part)
    return path


def test_a_part_is_checked_with_the_file_that_imports_it(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "parts/counting.rules"])
    assert result.exit_code == 0, result.output
    assert "parts/counting.rules: ok (as part of whole.rules, which imports it)" in result.output


def test_a_mistake_in_a_part_is_shown_in_the_part(tmp_path, monkeypatch):
    write(tmp_path, PART.replace("tally += by", "tlaly += by"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "parts/counting.rules"])
    assert result.exit_code == 65
    assert "checked as part of whole.rules, which imports it" in result.output
    assert "parts/counting.rules:2:3: error: unknown variable 'tlaly'" in result.output
    assert "      tlaly += by\n      ^^^^^" in result.output


def test_a_file_no_other_imports_is_checked_alone(tmp_path, monkeypatch):
    (tmp_path / "alone.rules").write_text(PART)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "alone.rules"])
    assert result.exit_code == 65
    assert "error: unknown variable 'tally'" in result.output


def test_the_editor_checks_a_part_as_typed_with_the_file_that_imports_it(tmp_path):
    path = write(tmp_path)
    assert analyse(PART, path).diagnostics == []
    typed = analyse(PART.replace("tally += by", "tlaly += by"), path)  # not saved yet
    [problem] = typed.diagnostics
    assert problem.message == "unknown variable 'tlaly'"
    assert (problem.span.file, problem.span.line, problem.span.col) == (str(path), 2, 3)


def test_the_editor_knows_the_names_a_part_borrows_from_the_file_that_imports_it(tmp_path):
    """Hover and go to definition on a name the part takes from the whole: it was indexed
    alone, where that name is unknown, so the editor had nothing to say of it."""
    path = write(tmp_path)
    for text in (PART, PART + "rule broken() {\n  tlaly += 1\n}\n"):  # saved, or as typed
        result = analyse(text, path)
        found = result.index.at(result.file, 2, 4)  # tally, in "  tally += by"
        assert found is not None and found.definition.name == "tally"
        assert found.definition.kind == "var" and found.definition.type == "int"
        assert result.paths[found.definition.span.file] == tmp_path / "whole.rules"
        assert found.definition.span.line == 5
        by = result.index.at(result.file, 2, 13)  # the rule's own parameter: still known
        assert by is not None and by.definition.kind == "param"


def test_the_yami_campaign_checks_as_part_of_yami():
    result = CliRunner().invoke(cli, ["check", str(ROOT / "games" / "yami" / "campaign.rules")])
    assert result.exit_code == 0, result.output
    assert "as part of" in result.output and "yami.rules, which imports it" in result.output


def test_a_library_no_file_imports_is_checked_as_a_library(tmp_path, monkeypatch):
    """A file with no game of its own (only functions, cards, tables... for games to import)
    was refused alone with "nothing to play"; the editor's standard library was not."""
    (tmp_path / "helpers.rules").write_text("fn double(n: int) = n * 2\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "helpers.rules"])
    assert result.exit_code == 0, result.output
    assert "helpers.rules: ok (a library: no game of its own, for games to import)" in result.output
    std = CliRunner().invoke(cli, ["check", str(ROOT / "rulelang/language/std/tricks.rules")])
    assert std.exit_code == 0 and "ok (a library" in std.output, std.output
    ran = CliRunner().invoke(cli, ["run", "helpers.rules", "--bots", "all"])
    assert ran.exit_code == 65
    assert "nothing to play" in ran.output and "a file with no 'game' of its own is a library" \
        in ran.output


def test_a_library_s_rules_are_for_the_games_that_import_it_not_unused(tmp_path, monkeypatch):
    """Checked alone, a library's rules were each "never used": no game of its own calls
    them, the games that import it do."""
    text = "var bumps: int = 0\nrule bump() {\n  bumps += 1\n}\n"
    (tmp_path / "bumping.rules").write_text(text)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "bumping.rules"])
    assert result.exit_code == 0, result.output
    assert "bumping.rules: ok (a library" in result.output
    assert analyse(text, tmp_path / "bumping.rules").diagnostics == []  # the editor's too


def test_a_game_with_nothing_to_play_is_not_taken_for_a_library(tmp_path, monkeypatch):
    (tmp_path / "half.rules").write_text('game "Half"\nplayers 2\nfn double(n: int) = n * 2\n')
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "half.rules"])
    assert result.exit_code == 65
    assert "nothing to play: add a 'turn { ... }' or a 'play { ... }' block\n" in result.output
    # no game named, but players: not a library either, so not told it is checked as one
    (tmp_path / "seats.rules").write_text("players 2\nfn double(n: int) = n * 2\n")
    result = CliRunner().invoke(cli, ["check", "seats.rules"])
    assert result.exit_code == 65
    assert "nothing to play: add a 'turn { ... }' or a 'play { ... }' block\n" in result.output
