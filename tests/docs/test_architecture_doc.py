"""docs/architecture.md stays true: every file and folder it names exists where it says."""
from __future__ import annotations

import re

from support import ROOT

DOC = ROOT / "docs" / "architecture.md"
# a path in backquotes: folders end in "/", files have a known suffix
PATH = re.compile(r"`([\w./]+(?:/|\.py|\.lark|\.md))`")
# where a bare file name in the doc is looked for (the doc names a module within its folder)
BASES = ("", "rulelang/language/", "rulelang/language/checker/", "interpreter/",
         "interpreter/compiler/", "interpreter/runtime/", "docs/", "tests/")


def named_paths() -> list[str]:
    return sorted(set(PATH.findall(DOC.read_text(encoding="utf-8"))))


def test_the_doc_names_paths() -> None:
    assert len(named_paths()) > 30


def test_every_named_path_exists() -> None:
    missing = [p for p in named_paths()
               if not any((ROOT / base / p).exists() for base in BASES)]
    assert not missing, f"docs/architecture.md names what is not there: {missing}"
