"""The code of a written module is kept between runs (interpreter/compiler/kept_code.py): a
fresh process reads it back instead of compiling, and plays the same game; a kept file that
someone else could have written, or that is damaged, is never run."""
import json
import marshal
import os
import subprocess
import sys

import pytest

from interpreter.compiler import kept_code
from support import ROOT

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")

RACE = """game "Race"
players 2
var steps: int = 0
turn {
  choose n in [1, 2] prompt "how far"
  steps += n
  log "{current} runs {n}"
  if steps >= 7 { win current }
}
"""

# A fresh process: loads the rules, plays a seeded game, says how often the module was compiled.
PLAY = """
import builtins, json, random, sys
import rulelang
compiles = []
real = builtins.compile
def counting(source, filename, *args, **kwargs):
    if str(filename).startswith("<rules "):
        compiles.append(filename)
    return real(source, filename, *args, **kwargs)
builtins.compile = counting
game = rulelang.load(sys.argv[1]).new_game(seed=5)
rng = random.Random(5)
while not game.is_over:
    moves = game.legal_moves()
    game.play(moves[rng.randrange(len(moves))])
print(json.dumps({"compiles": len(compiles), "transcript": game.transcript()}))
"""

SOURCE = "def f(n):\n    return n * 2\n"
NAME = "<rules test: f.rules>"


@pytest.fixture
def code_folder(cache_home):
    return cache_home / "rulelang"


def kept_files(folder):
    return sorted(folder.glob("code-*.marshal")) if folder.exists() else []


def played_in_a_new_process(rules, cache_home):
    environment = dict(os.environ, XDG_CACHE_HOME=str(cache_home))
    environment.pop("RULELANG_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", PLAY, str(rules)], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def compile_calls(monkeypatch):
    """Calls of compile() in kept_code from now on."""
    calls = []
    def counting(source, filename, *args, **kwargs):
        calls.append(filename)
        return compile(source, filename, *args, **kwargs)
    monkeypatch.setattr(kept_code, "compile", counting, raising=False)
    return calls


def test_a_second_process_runs_the_kept_code_and_plays_the_same_game(cache_home, code_folder, tmp_path):
    rules = tmp_path / "race.rules"
    rules.write_text(RACE)
    first = played_in_a_new_process(rules, cache_home)
    assert first["compiles"] >= 1
    kept = kept_files(code_folder)
    assert kept and all(path.stat().st_mode & 0o777 == 0o600 for path in kept)
    second = played_in_a_new_process(rules, cache_home)
    assert second["compiles"] == 0  # read back, not compiled
    assert second["transcript"] == first["transcript"] and "runs" in first["transcript"]


def test_kept_code_is_read_back_and_runs_as_compiled(code_folder, monkeypatch):
    first = kept_code.compiled_code(SOURCE, NAME)
    calls = compile_calls(monkeypatch)
    again = kept_code.compiled_code(SOURCE, NAME)
    assert calls == [] and again is not first and again == first
    namespace: dict = {}
    exec(again, namespace)
    assert namespace["f"](21) == 42 and namespace["f"].__code__.co_filename == NAME


def test_another_source_or_name_is_compiled_anew(code_folder, monkeypatch):
    kept_code.compiled_code(SOURCE, NAME)
    calls = compile_calls(monkeypatch)
    kept_code.compiled_code(SOURCE.replace("2", "3"), NAME)
    kept_code.compiled_code(SOURCE, "<rules other: g.rules>")
    assert len(calls) == 2 and len(kept_files(code_folder)) == 3


def test_code_others_could_have_written_is_not_run(code_folder, monkeypatch):
    kept_code.compiled_code(SOURCE, NAME)
    [kept] = kept_files(code_folder)
    kept.chmod(0o666)
    calls = compile_calls(monkeypatch)
    kept_code.compiled_code(SOURCE, NAME)
    assert calls == [NAME]


def test_a_link_to_kept_code_is_not_followed(code_folder, monkeypatch):
    kept_code.compiled_code(SOURCE, NAME)
    [kept] = kept_files(code_folder)
    target = kept.with_name("elsewhere")
    kept.rename(target)
    kept.symlink_to(target)
    calls = compile_calls(monkeypatch)
    kept_code.compiled_code(SOURCE, NAME)
    assert calls == [NAME]


@pytest.mark.parametrize("damage", [
    lambda data: data[:len(data) // 2],  # written in part
    lambda data: data[:40] + bytes([data[40] ^ 0xFF]) + data[41:],  # a changed byte
    lambda data: b"",
])
def test_damaged_code_is_compiled_again(code_folder, monkeypatch, damage):
    kept_code.compiled_code(SOURCE, NAME)
    [kept] = kept_files(code_folder)
    kept.write_bytes(damage(kept.read_bytes()))
    calls = compile_calls(monkeypatch)
    code = kept_code.compiled_code(SOURCE, NAME)
    assert calls == [NAME]
    namespace: dict = {}
    exec(code, namespace)
    assert namespace["f"](2) == 4


def test_a_sealed_file_of_something_else_is_not_run(code_folder, monkeypatch):
    """Well formed and with a right digest, but not this code: not used."""
    import hashlib
    kept_code.compiled_code(SOURCE, NAME)
    [kept] = kept_files(code_folder)
    for foreign in (marshal.dumps("not code"), marshal.dumps(compile("x = 1", "<other>", "exec"))):
        kept.write_bytes(hashlib.sha256(foreign).digest() + foreign)
        calls = compile_calls(monkeypatch)
        code = kept_code.compiled_code(SOURCE, NAME)
        assert calls == [NAME] and code.co_filename == NAME


def test_no_cache_keeps_no_code_and_reads_none(code_folder, monkeypatch):
    kept_code.compiled_code(SOURCE, NAME)
    monkeypatch.setenv("RULELANG_NO_CACHE", "1")
    calls = compile_calls(monkeypatch)
    kept_code.compiled_code(SOURCE, NAME)  # kept, but not read
    kept_code.compiled_code(SOURCE.replace("2", "3"), NAME)  # not kept
    assert calls == [NAME, NAME] and len(kept_files(code_folder)) == 1


def test_the_kept_code_is_bounded(code_folder, monkeypatch):
    monkeypatch.setattr(kept_code, "MAX_FILES", 3)
    for n in range(6):
        kept_code.compiled_code(SOURCE.replace("2", str(n + 2)), NAME)
    assert len(kept_files(code_folder)) == 3


def test_the_kept_code_is_bounded_in_bytes_too(code_folder, monkeypatch):
    kept_code.compiled_code(SOURCE, NAME)
    [one] = kept_files(code_folder)
    monkeypatch.setattr(kept_code, "MAX_BYTES", 3 * one.stat().st_size + 10)
    for n in range(6):
        kept_code.compiled_code(SOURCE.replace("2", str(n + 2)), NAME)
    assert len(kept_files(code_folder)) == 3
    last = kept_code.compiled_code(SOURCE.replace("2", "7"), NAME)  # the newest is kept
    assert kept_code._read(str(kept_code._path_for(SOURCE.replace("2", "7"), NAME)), NAME) == last
