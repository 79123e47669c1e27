"""docs/testing.md stays true: each Python sample runs from the repository root and prints
the ```text block that follows it; each ```console block's `$ rulelang ...` prints what
follows it; each ```scenarios block passes against the rules file it names."""
from __future__ import annotations

import re

import pytest

from support import ROOT

DOC = ROOT / "docs" / "testing.md"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.S | re.M)


def blocks():
    text = DOC.read_text(encoding="utf-8")
    return [(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1)
            for m in FENCE.finditer(text)]


def samples():
    found = blocks()
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


def _of_kind(word):
    return [(info, code, line) for info, code, line in blocks() if info.split()[:1] == [word]]


@pytest.mark.parametrize("info,code,line", _of_kind("console"),
                         ids=[f"line {b[2]}" for b in _of_kind("console")])
def test_console_samples_print_what_the_chapter_says(info, code, line, monkeypatch):
    import shlex

    from click.testing import CliRunner

    from rulelang.play.cli import cli
    monkeypatch.chdir(ROOT)
    command, *shown = code.splitlines()
    assert command.startswith("$ rulelang "), f"docs/testing.md:{line}"
    result = CliRunner().invoke(cli, shlex.split(command)[2:])
    assert result.output.splitlines() == shown


@pytest.mark.parametrize("info,code,line", _of_kind("scenarios"),
                         ids=[f"line {b[2]}" for b in _of_kind("scenarios")])
def test_scenario_samples_pass(info, code, line, tmp_path, monkeypatch):
    from rulelang.tools.scenarios import load_suite
    monkeypatch.chdir(ROOT)
    sample = tmp_path / "sample.scenarios"
    sample.write_text(code, encoding="utf-8")
    suite = load_suite(info.split()[1], sample)
    assert [r.failure for r in suite.run()] == [None] * len(suite.scenarios)
    assert suite.scenarios


def test_the_chapter_has_console_and_scenario_samples():
    assert _of_kind("console") and _of_kind("scenarios")
