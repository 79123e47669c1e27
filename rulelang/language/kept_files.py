"""Files rulelang keeps between runs in this user's private cache folder: where that folder is,
and reading, writing and bounding its files safely (kept_trees.py keeps syntax trees there, the
compiler the code of written modules, Lark its parser tables).

What is kept is read back with pickle or marshal, neither safe against a crafted file: a file
is read only from a folder and as a file that belong to this user and that no one else can
write, and it is written whole under another name and then renamed, so a reader never sees half
of one.
"""
from __future__ import annotations

import os
import stat
import tempfile


def cache_folder() -> str | None:
    """This user's private folder for what rulelang keeps between runs (made if missing), or
    None when there is none that is safe (``RULELANG_NO_CACHE`` set: none)."""
    if os.environ.get("RULELANG_NO_CACHE") or not hasattr(os, "getuid"):
        return None
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(root):
        return None
    folder = os.path.join(root, "rulelang")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if not private(os.lstat(folder), directory=True):
            return None
    except OSError:
        return None
    return folder


def private(info: os.stat_result, directory: bool) -> bool:
    """Owned by this user, of the expected kind (no links), writable by no one else."""
    kind_ok = stat.S_ISDIR(info.st_mode) if directory else stat.S_ISREG(info.st_mode)
    return kind_ok and info.st_uid == os.getuid() and not info.st_mode & 0o022


def read_private(path: str) -> bytes | None:
    """The file's bytes, or None if it is missing, unreadable or not private (see above)."""
    try:
        with open(path, "rb") as source:
            if not private(os.fstat(source.fileno()), directory=False) or \
                    not private(os.lstat(path), directory=False):
                return None
            return source.read()
    except OSError:
        return None


# Files written by this process since it last looked at the folder, at most: it looks again
# (listing and weighing every file there) after so many, or sooner when what it counted may
# pass a bound. Looking at every write cost more than the writes: a test run keeps about
# 1,000 files, and listing and weighing up to 2,048 files each time took 4 s of CPU. Other
# processes writing meanwhile can take the folder past its bound by at most this many files
# each, until one of them looks again.
LOOK_AGAIN_AFTER = 32

# (folder, prefix, suffix, weighed or not) -> [files, bytes, files written since]: this
# process's count of the kept files of one kind, as it last saw them plus what it wrote since
# (a file written again over one kept counts twice: too many only means looking sooner)
_COUNTED: dict[tuple[str, str, str, bool], list[int]] = {}


def write_private(path: str, data: bytes, prefix: str, suffix: str, most: int,
                  most_bytes: int | None = None) -> None:
    """Keep ``data`` at ``path`` (mode 0600), then the ``most`` newest files of its folder named
    ``prefix...suffix`` (and no more than ``most_bytes`` of them in all), the oldest removed
    first. A file that cannot be written is not kept."""
    folder = os.path.dirname(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix="." + prefix, dir=folder)  # mode 0600
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        key = (folder, prefix, suffix, most_bytes is None)
        counted = _COUNTED.get(key)
        if counted is not None:
            counted[0] += 1
            counted[1] += len(data)
            counted[2] += 1
            if counted[0] <= most and (most_bytes is None or counted[1] <= most_bytes) and \
                    counted[2] < LOOK_AGAIN_AFTER:
                return
        _COUNTED[key] = _evict(path, prefix, suffix, most, most_bytes)
    except OSError:
        return  # no room, or a read-only cache: made again next time


def _evict(written: str, prefix: str, suffix: str, most: int,
           most_bytes: int | None) -> list[int]:
    """Remove the oldest files past the bounds; returns [files, bytes, 0] of those left (bytes
    0 when not weighed: no bound in bytes)."""
    kept = [entry for entry in os.scandir(os.path.dirname(written))
            if entry.name.startswith(prefix) and entry.name.endswith(suffix)]
    if len(kept) <= most and most_bytes is None:
        return [len(kept), 0, 0]
    stats: dict[os.DirEntry[str], os.stat_result] = {}
    for entry in kept:
        try:
            stats[entry] = entry.stat()
        except OSError:
            pass  # removed by another process meanwhile
    # the file just written stays (another may carry the same time: clocks are coarse)
    oldest_first = sorted(stats, key=lambda entry: (entry.path == written, stats[entry].st_mtime))
    count, total = len(oldest_first), sum(info.st_size for info in stats.values())
    for entry in oldest_first[:-1]:
        if count <= most and (most_bytes is None or total <= most_bytes):
            break
        try:
            os.unlink(entry.path)
        except OSError:
            pass  # removed by another process meanwhile
        count, total = count - 1, total - stats[entry].st_size
    return [count, total, 0]
