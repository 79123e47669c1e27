"""The benchmarks that need an extra (benchmarks/adapters.py: openspiel and rl;
benchmarks/lsp_latency.py: editor) say which to install in one line and exit 2 when it is
missing, as rulelang's own commands do (``rulelang serve``, ``simulate --plot``), not with
a traceback; their ``--help`` is shown either way."""
from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
CASES = [("adapters.py", ["pyspiel", "rulelang.adapters.openspiel"], "rulelang[openspiel,rl]"),
         ("lsp_latency.py", ["pygls", "pygls.lsp.client", "lsprotocol"], "rulelang[editor]")]


def run(monkeypatch, name: str, missing: list[str], args: list[str]) -> int:
    for module in missing:  # (None in sys.modules: importing it fails, as if not installed)
        monkeypatch.setitem(sys.modules, module, None)
    monkeypatch.setattr(sys, "argv", [name, *args])
    monkeypatch.setattr(sys, "path", list(sys.path))  # (adapters.py puts the root first)
    with pytest.raises(SystemExit) as stopped:
        runpy.run_path(str(BENCHMARKS / name), run_name="__main__")
    return int(stopped.value.code or 0)


@pytest.mark.parametrize(("name", "missing", "extra"), CASES, ids=[c[0] for c in CASES])
def test_a_benchmark_without_its_extra_says_which_to_install(monkeypatch, capsys, name,
                                                             missing, extra):
    assert run(monkeypatch, name, missing, []) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and err.startswith("error: this benchmark needs")
    assert f"pip install '{extra}'" in err
    assert run(monkeypatch, name, missing, ["--help"]) == 0
    assert f"pip install '{extra}'" in capsys.readouterr().out
