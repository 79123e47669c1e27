"""README.md's "From Python" samples run as written, and print what their comments say."""
from __future__ import annotations

import contextlib
import io
import os
import re

from support import ROOT

README = ROOT / "README.md"


def _python_blocks() -> list[str]:
    section = README.read_text(encoding="utf-8").split("## From Python", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def _said_after(code: str, line_start: str) -> str:
    """The comment after the line starting ``line_start``, with the comment lines that go on
    under it (a line holding only a comment) joined to it."""
    lines = code.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(line_start))
    said = [lines[at].split("# ", 1)[1]]
    for line in lines[at + 1:]:
        if not line.lstrip().startswith("#"):
            break
        said.append(line.lstrip()[1:].strip())
    return " ".join(said)


def test_the_game_sample_runs_and_prints_the_outcome_its_comment_shows():
    code = _python_blocks()[0]
    out = io.StringIO()
    cwd = os.getcwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    printed = out.getvalue().strip().replace("'", '"')
    said = _said_after(code, "print(game.outcome)")
    assert said.startswith(printed), (printed, said)


def test_the_campaign_sample_runs_and_offers_what_its_comment_shows():
    code = _python_blocks()[1]
    cwd = os.getcwd()
    names: dict = {}
    try:
        os.chdir(ROOT)
        exec(compile("import rulelang\n" + code, "README.md", "exec"), names)
    finally:
        os.chdir(cwd)
    rules = names["rules"]
    campaign = rules.new_campaign(players=3, seed=1)
    assert _said_after(code, "campaign.offers()").startswith(str(campaign.offers()).replace("'", '"'))
