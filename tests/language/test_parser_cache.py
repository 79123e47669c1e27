"""The parser-table cache is only read from a private folder, from a file only this user can write."""
import os

import pytest

from rulelang.language import parser

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")


def test_the_cache_lives_in_a_private_folder_of_the_users_cache(cache_home):
    path = parser._table_cache()
    assert path is not None and path.startswith(str(cache_home / "rulelang"))
    assert os.stat(cache_home / "rulelang").st_mode & 0o777 == 0o700


def test_a_folder_others_can_write_to_is_not_used(cache_home):
    folder = cache_home / "rulelang"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    assert parser._table_cache() is None


def test_a_cache_file_others_can_write_to_is_not_read(cache_home):
    path = parser._table_cache()
    with open(path, "wb") as planted:
        planted.write(b"not tables")
    os.chmod(path, 0o666)
    assert parser._table_cache() is None
    os.chmod(path, 0o600)
    assert parser._table_cache() == path


def test_a_link_in_place_of_the_cache_file_is_not_followed(cache_home, tmp_path_factory):
    path = parser._table_cache()
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "tables"
    elsewhere.write_bytes(b"not tables")
    os.symlink(elsewhere, path)
    assert parser._table_cache() is None


def test_a_relative_cache_home_or_opting_out_means_no_cache(monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/folder")
    assert parser._table_cache() is None
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("RULELANG_NO_CACHE", "1")
    assert parser._table_cache() is None
