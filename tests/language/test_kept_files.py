"""What rulelang keeps between runs is bounded (rulelang/language/kept_files.py), without
listing and weighing the whole folder at every file written: a process looks again after
LOOK_AGAIN_AFTER files of its own, or sooner when what it counted may pass a bound."""
import os

import pytest

from rulelang.language import kept_files

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "kept"
    path.mkdir(mode=0o700)
    return path


def write(folder, n, most, most_bytes=None, size=10):
    kept_files.write_private(str(folder / f"k-{n:04d}.x"), bytes(size), "k-", ".x", most,
                             most_bytes)


def kept(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("k-"))


@pytest.fixture
def listings(monkeypatch):
    seen = []
    real = os.scandir

    def counting(path):
        seen.append(path)
        return real(path)
    monkeypatch.setattr(kept_files.os, "scandir", counting)
    return seen


def test_the_newest_files_are_kept_and_the_folder_is_listed_only_now_and_then(folder, listings):
    for n in range(200):
        write(folder, n, most=1000)
    # once at the first file, then after each LOOK_AGAIN_AFTER of this process's files
    assert len(listings) == 1 + 200 // kept_files.LOOK_AGAIN_AFTER
    assert len(kept(folder)) == 200
    for n in range(200, 210):
        write(folder, n, most=5)
    assert kept(folder) == [f"k-{n:04d}.x" for n in range(205, 210)]  # exactly the bound


def test_the_bound_in_bytes_is_kept_exactly(folder):
    for n in range(40):
        write(folder, n, most=1000, most_bytes=55)
        assert sum(p.stat().st_size for p in folder.iterdir()) <= 55
    assert kept(folder) == [f"k-{n:04d}.x" for n in range(35, 40)]


def test_files_another_process_wrote_are_counted_when_this_one_looks_again(folder):
    look = kept_files.LOOK_AGAIN_AFTER
    write(folder, 0, most=100)  # looked: 1 file
    for n in range(1, 151):  # written meanwhile by another process
        (folder / f"k-{n:04d}.x").write_bytes(bytes(10))
        os.chmod(folder / f"k-{n:04d}.x", 0o600)
    for n in range(151, 151 + look - 1):  # this one's count: 1 + 31 files, within the bound
        write(folder, n, most=100)
    assert len(kept(folder)) == 150 + look  # past the bound for a while (by the other's files)
    write(folder, 151 + look, most=100)  # its LOOK_AGAIN_AFTER-th file since it looked
    assert len(kept(folder)) == 100 and kept(folder)[-1] == f"k-{151 + look:04d}.x"
