"""docs/testing.md stays true: each Python sample runs from the repository root and prints
the ```text block that follows it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "testing.md"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.S | re.M)


def samples():
    text = DOC.read_text(encoding="utf-8")
    found = [(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1)
             for m in FENCE.finditer(text)]
    return [(code, line, found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text"
             else None) for i, (info, code, line) in enumerate(found) if info == "python"]


def test_the_chapter_has_samples():
    assert len(samples()) >= 5


@pytest.mark.parametrize("code,line,shown", samples(), ids=[f"line {s[1]}" for s in samples()])
def test_python_samples_print_what_the_chapter_says(code, line, shown, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"docs/testing.md:{line}", "exec"), {})
    assert shown is not None, f"docs/testing.md:{line}: show the output in a ```text block"
    assert capsys.readouterr().out == shown
