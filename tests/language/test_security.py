"""A .rules file is untrusted: it reads no file but the .rules files it may import, reaches
no Python, and whatever it says, loading it raises a RulesError or nothing."""
from __future__ import annotations

import contextlib
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulelang
from support import TESTS, soak
from support.mutations import HEAD, NAMES, ODD, SEED_TOKENS, SEEDS, WORDS, mutate

ROOT = TESTS.parent


# ------------------------------------------------------------------ imports

@pytest.fixture
def folder(tmp_path):
    """A game folder with a library beside it, one below it, and files it must not read."""
    (tmp_path / "outside.rules").write_text("fn outside() = 1\n")
    game = tmp_path / "game"
    (game / "lib").mkdir(parents=True)
    (game / "lib" / "inner.rules").write_text("fn inner() = 2\n")
    (game / "notes.txt").write_text("fn notes() = 3\n")
    (game / "folder.rules").mkdir()
    (game / "latin1.rules").write_bytes("fn caf\xe9() = 1\n".encode("latin-1"))
    with contextlib.suppress(OSError):  # no symlinks here: the test that uses it is skipped
        (game / "link.rules").symlink_to(tmp_path / "outside.rules")
    return game


def load_importing(folder, path):
    main = folder / "main.rules"
    main.write_text(HEAD + f'import "{path}"\nturn {{ win current }}\n')
    return rulelang.load(main)


def import_error(folder, path) -> str:
    with pytest.raises(rulelang.RulesError) as caught:
        load_importing(folder, path)
    [d] = caught.value.diagnostics
    assert d.span is not None and d.span.line == 3  # points at the import line
    return d.message


def test_imports_beside_below_and_from_the_standard_library_work(folder):
    load_importing(folder, "lib/inner.rules")
    load_importing(folder, "std/tricks.rules")


@pytest.mark.parametrize("path, message", [
    ("../outside.rules", "cannot import '../outside.rules': it is outside the folder of the "
                         "importing file"),
    ("lib/../../outside.rules", "cannot import 'lib/../../outside.rules': it is outside the "
                                "folder of the importing file"),
    ("std/../../../outside.rules", "cannot import 'std/../../../outside.rules': it is outside "
                                   "the standard library"),
    ("notes.txt", "only .rules files can be imported"),
    ("missing.rules", "cannot import 'missing.rules': no such .rules file beside this file"),
    ("std/missing.rules", "cannot import 'std/missing.rules': no such .rules file in the "
                          "standard library"),
    ("folder.rules", "cannot import 'folder.rules': no such .rules file beside this file"),
    ("latin1.rules", "cannot read 'latin1.rules': it is not UTF-8 text"),
])
def test_imports_outside_the_folder_or_not_rules_are_refused(folder, path, message):
    assert import_error(folder, path) == message


def test_an_absolute_import_is_refused(folder, tmp_path):
    absolute = (tmp_path / "outside.rules").as_posix()
    assert "not absolute paths" in import_error(folder, absolute)


def test_a_link_leading_out_of_the_folder_is_refused(folder):
    if not (folder / "link.rules").is_symlink():
        pytest.skip("symlinks are not available")
    assert "outside the folder" in import_error(folder, "link.rules")


def test_rules_given_as_text_import_only_the_standard_library():
    rulelang.loads(HEAD + 'import "std/tricks.rules"\nturn { win current }', "t.rules")
    with pytest.raises(rulelang.RulesError, match="rules given as text can only import std/") \
            as refused:
        rulelang.loads(HEAD + 'import "tests/rules/kitchen_sink.rules"\nturn { win current }',
                       "t.rules")
    assert "save them in a .rules file" in str(refused.value)  # what to do about it


def test_imports_cannot_loop_forever(folder):
    (folder / "a.rules").write_text('import "b.rules"\nfn fa() = 1\n')
    (folder / "b.rules").write_text('import "a.rules"\nfn fb() = 2\n')
    load_importing(folder, "a.rules")


@pytest.mark.parametrize("named", ["main.rules", "./main.rules", "absolute"])
def test_a_file_imported_back_by_its_import_is_read_once_however_it_is_named(
        folder, monkeypatch, named):
    """A file whose import imports it back: read once, as when the loop is further down. Named
    as given on the command line (not as its import resolves), the file was read a second time
    and every declaration of it was "already defined"."""
    (folder / "main.rules").write_text(HEAD + 'import "part.rules"\nturn { win current }\n')
    (folder / "part.rules").write_text('import "main.rules"\nfn f() = 1\n')
    monkeypatch.chdir(folder)
    rulelang.load(folder / "main.rules" if named == "absolute" else named)


@pytest.mark.parametrize("name, words", [
    ("notes.txt", "not a .rules file"),
    ("missing.rules", "no such file"),
    ("folder.rules", "a folder, not a .rules file"),
    ("latin1.rules", "it is not UTF-8 text"),
])
def test_loading_a_file_that_is_not_rules_is_a_clear_error(folder, name, words):
    with pytest.raises(rulelang.RulesError, match=words):
        rulelang.load(folder / name)


# ------------------------------------------------------------------ no way to Python

DUNDER = ["__class__", "__dict__", "__globals__", "__init__", "__import__", "__builtins__",
          "mro", "f", "zone", "known", "label"]


@pytest.mark.parametrize("attribute", DUNDER)
def test_attributes_of_a_known_card_are_only_its_fields(attribute):
    with pytest.raises(rulelang.CheckError, match=f"Tile has no field '{attribute}'"):
        rulelang.loads(HEAD + f"""
card Tile {{ rank: int }}
zone deck: pile of Tile
turn {{ log "{{top(deck).{attribute}}}" win current }}
""", "t.rules")


@pytest.mark.parametrize("attribute", DUNDER)
def test_attributes_of_an_untyped_value_fail_cleanly_at_run_time(attribute):
    rules = rulelang.loads(HEAD + f"""
card Tile {{ rank: int }}
zone deck: pile of Tile, public
fn peek(x) = x.{attribute}
setup {{ create Tile(rank: 1) in deck }}
turn {{ log "{{peek(top(deck))}} {{peek(3)}} {{peek(deck)}}" win current }}
""", "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match=f"has no field '.{attribute}'"):
        rules.new_game(seed=1)


@pytest.mark.parametrize("text", [
    'turn { log "{__import__(\\"os\\")}" win current }',
    "turn { let x = __builtins__ win current }",
    "turn { let x = open(\"/etc/passwd\") win current }",
    "turn { let x = eval(\"1\") win current }",
    "turn { let x = players.__class__ win current }",
    "turn { let x = text(1).join([]) win current }",
])
def test_python_names_are_unknown_to_the_language(text):
    with pytest.raises(rulelang.CheckError):
        rulelang.loads(HEAD + text, "t.rules")


# ------------------------------------------------------------------ fuzzing

def _load_and_play(text: str):
    """Load the text; if it loads, start a game and play a few moves. Only RulesError may come."""
    try:
        rules = rulelang.loads(text, "fuzz.rules")
        game = rules.new_game(players=rules.program.min_players, seed=1)
        rng = random.Random(1)
        for _ in range(10):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        rules.restore(game.save())
        game.view(0)
        game.transcript(0)
    except rulelang.RulesError as error:
        assert "Traceback" not in str(error)


FUZZ = settings(max_examples=soak.examples(200), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@pytest.mark.soak
@FUZZ
@given(st.integers(0, len(SEEDS) - 1), st.integers(0, 2**32))
def test_near_valid_programs_only_ever_raise_rules_errors(which, seed):
    _load_and_play(mutate(random.Random(seed), SEED_TOKENS[which]))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text(max_size=200))
def test_random_text_only_ever_raises_rules_errors(text):
    _load_and_play(text)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(WORDS + NAMES[:40] + ODD + ["{", "}", "(", ")", "1"]),
                max_size=40))
def test_random_tokens_only_ever_raise_rules_errors(tokens):
    _load_and_play(HEAD + " ".join(tokens))


def test_the_fuzz_seeds_are_valid():
    for text in SEEDS:
        rulelang.loads(text, "seed.rules").new_game(seed=1)


DEEP = {
    "sum": lambda n: "1" + " + 1" * n,
    "not": lambda n: "not " * n + "true",
    "calls": lambda n: "abs(" * n + "1" + ")" * n,
    "lists": lambda n: "[" * n + "]" * n,
    "if-expression": lambda n: "if true then " * n + "1" + " else 2" * n,
}


@pytest.mark.parametrize("shape", sorted(DEEP))
@pytest.mark.parametrize("where", ["let", "string"])
def test_absurd_nesting_is_a_clear_error_not_a_crash(shape, where):
    value = DEEP[shape](1000)  # without the depth check, each shape crashes (RecursionError)
    line = f"let x = {value}" if where == "let" else f'log "{{{value}}}"'
    with pytest.raises(rulelang.ParseError, match="nested too deeply"):
        rulelang.loads(HEAD + f"turn {{ {line} win current }}", "t.rules")


@pytest.mark.parametrize("nest", [
    lambda n: "if true { " * n + "}" * n,
    lambda n: "for i in [1] { " * n + "}" * n,
])
def test_deeply_nested_blocks_are_a_clear_error(nest):
    with pytest.raises(rulelang.ParseError, match="nested too deeply"):
        rulelang.loads(HEAD + "turn { " + nest(1000) + " win current }", "t.rules")


@pytest.mark.parametrize("depth", [300, 600])
def test_a_long_chain_of_functions_is_a_clear_error(depth):
    """Functions calling one another some hundreds deep: the checker follows the calls, and
    Python's RecursionError escaped it (a traceback from `rulelang check`)."""
    fns = "".join(f"fn f{i}(x: int) = f{i + 1}(x + 1)\n" for i in range(depth))
    text = HEAD + fns + f"fn f{depth}(x: int) = x\n" + 'turn { log "{f0(1)}" win current }'
    with pytest.raises(rulelang.RulesError, match="nest too deeply to be checked"):
        rulelang.loads(text, "t.rules")


def chain_of_rules(length: int) -> str:
    rules = "".join(f"rule r{i}() {{\n  r{i + 1}()\n}}\n" for i in range(length))
    return HEAD + rules + f'rule r{length}() {{\n  log "end"\n}}\nturn {{ r0() win current }}\n'


def test_a_chain_of_rules_as_deep_as_the_runtime_allows_compiles_and_runs():
    # the compiler's cost of a rule followed the calls recursively: 200 rules in a chain met
    # Python's recursion limit there ("nest too deeply to be compiled"), below what runs
    rules = rulelang.loads(chain_of_rules(400), "t.rules")
    assert "\nend\n" in rules.new_game(seed=1).transcript()
    assert rules.lean().new_game(players=2, seed=1).is_over


def test_a_chain_of_rules_too_deep_to_run_is_a_clear_error_that_says_where():
    with pytest.raises(rulelang.RulesRuntimeError) as error:
        rulelang.loads(chain_of_rules(1500), "t.rules").new_game(seed=1)
    first = str(error.value).splitlines()[0]
    assert re.match(r"t\.rules:\d+:\d+: error: in rule r\d+: rules and functions call one "
                    r"another too deeply", first), first


def test_a_shorter_chain_of_functions_runs():
    fns = "".join(f"fn f{i}(x: int) = f{i + 1}(x + 1)\n" for i in range(150))
    rules = rulelang.loads(HEAD + fns + "fn f150(x: int) = x\n" +
                           'turn { log "{f0(1)}" win current }', "t.rules")
    assert "\n151\n" in rules.new_game(seed=1).transcript()
    assert rules.lean().new_game(players=2, seed=1).is_over


def test_nesting_below_the_limit_runs():
    game = rulelang.loads(HEAD + "turn { let x = " + DEEP["sum"](100) + ' log "{x}" win current }',
                          "t.rules").new_game(seed=1)
    assert "101" in game.transcript()


@pytest.mark.parametrize("text, words", [
    ('var t: text = "ab"\nturn { loop { t = t + t } }', "is too long"),
    ("var t: list of int = [1]\nturn { loop { t += t } }", "is too long"),
    ("var x: int = 2\nturn { loop { x = x * x } }", "is too large"),
    ('fn f(x) = x * 99999\nturn { log "{f(\\"ab\\")}" }', "'*' needs two numbers"),
    ("turn { let xs = 1..100000000 win current }", "is too long"),
    ("var n: int = 100000000\nturn { let x = random(1..n, \"roll\") win current }",
     "is too long"),  # a random pick's range, its end worked out as the game runs
    ("turn { let ps = pairs(1..100000) win current }", "are too many"),
    ("card C { n: int }\nzone z: pile of C\nturn { create C(n: 1) x 1000000 in z }",
     "at most 100,000 cards"),
])
def test_a_ruleset_cannot_exhaust_the_memory(text, words):
    with pytest.raises(rulelang.RulesRuntimeError, match=words):
        rulelang.loads(HEAD + text, "t.rules").new_game(seed=1)
