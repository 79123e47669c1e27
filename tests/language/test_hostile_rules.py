"""A .rules file is untrusted input: whatever it holds, loading it ends soon with a clear
RulesError (never a traceback, a hang or a huge memory bill).

Cases that used to run for minutes are run in a child process with a deadline: the deadline
is a guard against a hang, far above the time they take now, not a measure of speed.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import rulelang

HEAD = 'game "Hostile"\nplayers 2\n'


def loads_within(source: str, seconds: float = 60) -> str:
    """Load the rules in a child process; what it printed (the error's first line or 'ok')."""
    code = ("import sys, rulelang\n"
            "try:\n    rulelang.loads(sys.stdin.read())\n    print('ok')\n"
            "except rulelang.RulesError as e:\n    print(str(e).splitlines()[0])\n")
    done = subprocess.run([sys.executable, "-c", code], input=source, capture_output=True,
                          text=True, timeout=seconds)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_a_string_of_fifty_thousand_braces_is_read_without_backtracking():
    assert loads_within(HEAD + 'turn {\n  log "' + "{" * 50_001 + '"\n  end\n}\n').endswith(
        "this '{' in a string is not closed")


@pytest.mark.slow
def test_three_thousand_misspelt_names_get_a_guess_only_for_the_errors_shown():
    """Guessing every misspelling against every declared name took minutes; only the
    30 errors shown get a did-you-mean now."""
    declared = "".join(f"var value{i}: int = 0\n" for i in range(3000))
    body = "".join(f"  log text(valeu{i})\n" for i in range(3000))
    out = loads_within(HEAD + declared + "turn {\n" + body + "  end\n}\n")
    assert "unknown name 'valeu0'" in out


def test_a_number_too_large_is_a_parse_error_at_the_number():
    with pytest.raises(rulelang.ParseError) as caught:
        rulelang.loads(HEAD + "const big = " + "9" * 5000 + "\nturn {\n  end\n}\n")
    assert "this number is too large (at most 1,000,000,000,000,000,000)" in str(caught.value)
    assert "<rules>:3:13" in str(caught.value)
    rulelang.loads(HEAD + "const big = 1000000000000000000\nturn {\n  end\n}\n")


def test_a_file_larger_than_the_limit_is_refused_before_it_is_parsed(tmp_path):
    with pytest.raises(rulelang.RulesError, match=r"too long .* at most 250,000"):
        rulelang.loads(HEAD + "#" * 250_001)
    big = tmp_path / "big.rules"
    big.write_text(HEAD + "#" * 2_000_000)
    with pytest.raises(rulelang.RulesError, match="too long") as caught:
        rulelang.load(big)
    # only 250,001 characters were read: the file has more, not that many
    assert "more than 250,000 characters" in str(caught.value)
    assert "250,001" not in str(caught.value)


def test_text_with_a_lone_surrogate_is_refused():
    with pytest.raises(rulelang.RulesError, match="lone surrogate"):
        rulelang.loads(HEAD + 'turn {\n  log "\udcff"\n  end\n}\n')


def test_a_pipe_named_like_rules_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.rules"
    os.mkfifo(fifo)
    with pytest.raises(rulelang.RulesError, match="not a regular file"):
        rulelang.load(fifo)


@pytest.mark.parametrize("written", ["a\0b.rules", "x" * 300 + ".rules", "loop.rules"])
def test_odd_import_paths_are_import_errors(tmp_path, written):
    (tmp_path / "loop.rules").symlink_to(tmp_path / "loop.rules")
    main = tmp_path / "main.rules"
    main.write_text(HEAD + f'import "{written}"\nturn {{\n  end\n}}\n')
    with pytest.raises(rulelang.RulesError) as caught:
        rulelang.load(main)
    assert f"cannot import '{written}'" in str(caught.value)
