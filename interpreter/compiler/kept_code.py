"""Code of written modules kept between runs, in this user's private cache folder.

Python's ``compile`` of a ruleset's written module costs about 0.05 s of CPU for the largest
shipped game, and every ``rulelang`` command, server and test worker is a fresh process that
compiles the same modules again; reading the code back (``marshal``) costs a fiftieth of that.

The file is named by a digest of what the code depends on: the module's source and file name
(it is in the code) and Python's version, bytecode magic number and optimisation level. It is
read only as kept_files reads (this user's, writable by no one else), and its contents carry a
digest of themselves: a damaged or foreign file is compiled again, never run.
"""
from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import sys
from types import CodeType

from rulelang.language.kept_files import cache_folder, read_private, write_private

# Code files kept (a shipped game's is 5-250 kB): a run of the test suite compiles some 1,000
# modules (each game with each compiler switch, and the tests' own rules), the same each run.
MAX_FILES = 2048
MAX_BYTES = 100_000_000
_PREFIX = "code-"
_SUFFIX = ".marshal"
_DIGEST_SIZE = 32  # a sha256 of the marshalled code, ahead of it


def compiled_code(source: str, filename: str) -> CodeType:
    """``compile(source, filename, "exec")``: read back if a run before kept it."""
    path = _path_for(source, filename)
    if path is not None:
        kept = _read(path, filename)
        if kept is not None:
            return kept
    # compiled here, under this module's `from __future__ import annotations`, as it was
    code = compile(source, filename, "exec")
    if path is not None:
        data = marshal.dumps(code)
        write_private(path, hashlib.sha256(data).digest() + data, _PREFIX, _SUFFIX, MAX_FILES,
                      MAX_BYTES)
    return code


def _path_for(source: str, filename: str) -> str | None:
    folder = cache_folder()
    if folder is None:
        return None
    key = hashlib.sha256(importlib.util.MAGIC_NUMBER)
    key.update(f"{sys.version}\0{sys.flags.optimize}\0{filename}\0".encode())
    key.update(source.encode("utf-8", "surrogatepass"))
    return os.path.join(folder, f"{_PREFIX}{key.hexdigest()[:32]}{_SUFFIX}")


def _read(path: str, filename: str) -> CodeType | None:
    kept = read_private(path)
    if kept is None:
        return None
    digest, data = kept[:_DIGEST_SIZE], kept[_DIGEST_SIZE:]
    if hashlib.sha256(data).digest() != digest:
        return None  # damaged: written partly, or by something else
    try:
        code = marshal.loads(data)
    except Exception:
        return None
    if not isinstance(code, CodeType) or code.co_filename != filename:
        return None
    return code
