"""The trees of .rules files kept between runs: read back instead of parsed, only from this
user's private cache, never an editor's text, bounded."""
import os

import pytest

from rulelang.language import kept_trees, loader, parser
from support import ROOT

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")


@pytest.fixture
def tree_folder(cache_home, monkeypatch):
    """The folder trees are kept in, as a new process finds it (nothing parsed yet)."""
    a_new_process(monkeypatch)
    return cache_home / "rulelang"


def trees(folder):
    return sorted(folder.glob("tree-*.pickle")) if folder.exists() else []


def a_new_process(monkeypatch):
    monkeypatch.setattr(parser, "_PARSED", {})
    monkeypatch.setattr(loader, "_CHECKED", {})


def no_lark(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("parsed by Lark")
    monkeypatch.setattr(parser, "_parse_tree", refuse)


def test_a_loaded_file_is_read_back_in_the_next_run_not_parsed(tree_folder, monkeypatch):
    first = loader.load_program(ROOT / "games" / "yami.rules")  # and its imports
    kept = trees(tree_folder)
    assert len(kept) >= 2
    assert all(path.stat().st_mode & 0o777 == 0o600 for path in kept)
    a_new_process(monkeypatch)
    no_lark(monkeypatch)
    again = loader.load_program(ROOT / "games" / "yami.rules")
    assert again is not first and again.title == first.title
    assert again.sources == first.sources and list(again.rules) == list(first.rules)


def test_a_changed_file_is_parsed_again(tree_folder, monkeypatch, tmp_path):
    rules = tmp_path / "g.rules"
    rules.write_text('game "One"\nplayers 2\nturn { win current }\n')
    assert loader.load_program(rules).title == "One"
    rules.write_text('game "Two"\nplayers 2\nturn { win current }\n')
    a_new_process(monkeypatch)
    assert loader.load_program(rules).title == "Two"
    assert len(trees(tree_folder)) == 2


def test_rules_given_as_text_are_not_kept_on_disk(tree_folder):
    loader.load_text('game "Text"\nplayers 2\nturn { win current }\n', "text.rules")
    assert trees(tree_folder) == []


def test_a_tree_others_could_have_written_is_not_read(tree_folder, monkeypatch, tmp_path):
    rules = tmp_path / "g.rules"
    rules.write_text('game "One"\nplayers 2\nturn { win current }\n')
    loader.load_program(rules)
    [kept] = trees(tree_folder)
    kept.chmod(0o666)
    a_new_process(monkeypatch)
    calls = []
    real = parser._parse_tree
    monkeypatch.setattr(parser, "_parse_tree", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert loader.load_program(rules).title == "One"
    assert calls  # parsed, not read


def test_a_damaged_tree_is_parsed_again(tree_folder, monkeypatch, tmp_path):
    rules = tmp_path / "g.rules"
    rules.write_text('game "One"\nplayers 2\nturn { win current }\n')
    loader.load_program(rules)
    [kept] = trees(tree_folder)
    kept.write_bytes(b"\x80\x05not a tree")
    a_new_process(monkeypatch)
    assert loader.load_program(rules).title == "One"


def test_no_cache_keeps_nothing(tree_folder, monkeypatch):
    monkeypatch.setenv("RULELANG_NO_CACHE", "1")
    loader.load_program(ROOT / "examples" / "nim.rules")
    assert trees(tree_folder) == []


def test_what_is_kept_is_bounded(tree_folder, monkeypatch, tmp_path):
    monkeypatch.setattr(kept_trees, "MAX_FILES", 3)
    for n in range(6):
        rules = tmp_path / f"g{n}.rules"
        rules.write_text(f'game "G{n}"\nplayers 2\nturn {{ win current }}\n')
        loader.load_program(rules)
    assert len(trees(tree_folder)) == 3
