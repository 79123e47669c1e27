"""What the repository holds is the project's own: no virtual environment and no link that
points outside the checkout (a committed `.venv` link once replaced a clone's own venv)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from support import ROOT


def _tracked() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [p for p in out.stdout.decode().split("\0") if p]


def test_no_tracked_file_is_a_virtual_environment_or_a_link_outside_the_checkout():
    tracked = _tracked()
    assert tracked, "git lists no files"
    assert not [p for p in tracked if p.split("/")[0] in (".venv", "venv")]
    outside = [p for p in tracked if (ROOT / p).is_symlink()
               and not os.path.realpath(ROOT / p).startswith(str(ROOT.resolve()) + os.sep)]
    assert outside == [], outside


def test_no_tracked_text_names_a_path_of_the_machine_it_was_written_on():
    """Rulebooks are cited as ../shared/...; a figure's script is named in the repository or
    not at all: a path into one machine's folders means nothing in a clone."""
    machine_paths = re.compile(rb"(?<![\w.])/(work|root|home/[a-z]\w*)/")
    named = []
    for path in _tracked():
        data = (ROOT / path).read_bytes() if (ROOT / path).is_file() else b""
        if b"\0" not in data[:4096] and machine_paths.search(data):
            named.append(path)
    assert named == [], named
