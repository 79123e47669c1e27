"""Syntax trees of .rules files kept between runs, in this user's private cache folder.

Lark's parse is most of loading a ruleset (the largest shipped game with its campaign: about
0.45 s of CPU), and every `rulelang` command, server and test worker loads the same files
again: a tree kept on disk is read back in a fortieth of that. Only files read from disk are
kept (never texts an editor holds or a program makes up), at most MAX_FILES of them, the
oldest removed first.

A kept tree is a pickle, so it is read only from a folder and a file that belong to this user
and that no one else can write (as Lark's own tables, parser._table_cache). Its name is a
digest of the file's name and text and of the language's own code (grammar, parser, builder,
syntax tree, Lark's and Python's versions): a changed rulelang never reads an older tree.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import pickle
import sys
from pathlib import Path

from rulelang.language import ast
from rulelang.language.kept_files import cache_folder, read_private, write_private
from rulelang.language.parser import keep_tree, kept_tree, parse

MAX_FILES = 256  # trees kept on disk (a shipped game's is 10-300 kB)
_PREFIX = "tree-"


def parse_kept(text: str, file: str) -> ast.Module:
    """parse(), for a file read from disk: its tree is kept between runs too."""
    if kept_tree(text, file) is not None:  # kept in this process already
        return parse(text, file)
    path = _path_for(text, file)
    pickled = read_private(path) if path else None
    if pickled is not None:
        try:
            module: ast.Module = pickle.loads(pickled)
        except Exception:  # a damaged or foreign file: parse it instead
            pass
        else:
            if isinstance(module, ast.Module):
                keep_tree(text, file, pickled)
                return module
    module = parse(text, file)
    pickled = kept_tree(text, file)
    if path and pickled is not None:
        write_private(path, pickled, _PREFIX, ".pickle", MAX_FILES)
    return module


@functools.cache
def _code_digest() -> str:
    """What the trees depend on: the language's code (not the checker's) and the versions
    (Lark's as its package's first file states it: a process reading kept trees never
    imports Lark)."""
    lark = importlib.util.find_spec("lark")
    if lark is None or lark.origin is None:
        raise OSError("Lark is not installed")
    digest = hashlib.sha256(sys.version.encode() + b"\0" + Path(lark.origin).read_bytes())
    folder = Path(__file__).parent
    for source in sorted([*folder.glob("*.py"), folder / "grammar.lark"]):
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def _path_for(text: str, file: str) -> str | None:
    folder = cache_folder()
    if folder is None:
        return None
    try:
        code = _code_digest()
    except OSError:
        return None
    key = hashlib.sha256(f"{code}\0{file}\0".encode() + text.encode("utf-8", "surrogatepass"))
    return os.path.join(folder, f"{_PREFIX}{key.hexdigest()[:32]}.pickle")
