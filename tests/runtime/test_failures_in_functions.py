"""A failure inside a function of the rules is told in the function (its name, at the part
that failed, with carets under it), then each call that led there, outermost last, as a
note at the call ("called from fn twice", "called from turn"): alike whether the function is called or
written out where it is called (compiler/inline.py), on the full path and the lean path
(interpreter/runtime/failures.py works the calls out only when the error is reported)."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.compiler import inline
from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import checker

HEAD = """game "Fns"
players 2
card Gem { size: int }
zone bag: hand of Gem
var gem: Gem = none
var bid[player]: int = none
fn size_of(g: Gem) = g.size
fn twice(g: Gem) = size_of(g) * 2
fn more(g: Gem) = twice(g) + 1
fn over(x: int) {
  let b = bid[P2]
  b > x
}
"""

CHAIN = [  # below the error's three lines: each caller's (its note, the line, the carets)
    "fns.rules:8:20: note: called from fn twice",
    "    fn twice(g: Gem) = size_of(g) * 2",
    "                       ^^^^^^^^^^",
    "fns.rules:9:19: note: called from fn more",
    "    fn more(g: Gem) = twice(g) + 1",
    "                      ^^^^^^^^",
]

FAILED = [
    "fns.rules:7:22: error: in fn size_of: cannot read .size: the value is none",
    "    fn size_of(g: Gem) = g.size",
    "                         ^^^^^^",
]

CALLERS = {  # where more(gem) is called -> the rest of the rules, and the caller's note
    "a statement": ('turn {\n  log "{more(gem)}"\n  win current\n}\n',
                    ["fns.rules:15:9: note: called from turn", '      log "{more(gem)}"',
                     "            ^^^^^^^^^"]),
    "end when": ("turn {\n  choose n in [1, 2]\n}\nend when more(gem) > 3\n",
                 ["fns.rules:17:10: note: called from end when", "    end when more(gem) > 3",
                  "             ^^^^^^^^^"]),
    "score": ("turn {\n  win current\n}\nscore p = more(gem)\n",
              ["fns.rules:17:11: note: called from score", "    score p = more(gem)",
               "              ^^^^^^^^^"]),
    "a choose's options": ("turn {\n  choose n in [i for i in 1..3 if i > more(gem)]\n"
                           "  win current\n}\n",
                           ["fns.rules:15:39: note: called from turn",
                            "      choose n in [i for i in 1..3 if i > more(gem)]",
                            "      " + " " * 36 + "^" * 9]),
}


def _failed(text: str, lean: bool) -> list[str]:
    rules = rulelang.loads(text, "fns.rules")
    with pytest.raises(rulelang.RulesRuntimeError) as caught:
        if lean:
            rules.lean().played_out(lambda game, seat, values, site: 0, players=2, seed=1)
        else:
            rules.new_game(players=2, seed=1)
    return str(caught.value).splitlines()


@pytest.fixture(params=["written out", "called"])
def inlining(request, monkeypatch):
    """Small functions written out where they are called (as the compiler does), or every
    function called (``INLINE_MAX_COST`` below any cost)."""
    if request.param == "called":
        monkeypatch.setattr(inline, "INLINE_MAX_COST", -1)
    return request.param


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_a_failure_in_a_chain_of_functions_is_told_in_the_innermost_then_each_call(
        caller, inlining):
    """It was told "in turn" (or "in score"...) at the statement that called ``more``, with
    no word of ``size_of``, where ``.size`` is read."""
    rest, called_from = CALLERS[caller]
    for lean in (False, True):
        assert _failed(HEAD + rest, lean) == FAILED + CHAIN + called_from, (caller, lean)


def test_a_failed_operation_in_a_function_is_told_at_it_and_names_what_was_none(inlining):
    """A comparison that failed in a function (after its let) is told at the comparison."""
    text = HEAD + "turn {\n  bid[P1] = 1\n  let n = over(1)\n  log \"{n}\"\n  win current\n}\n"
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown[:3] == [
            "fns.rules:12:3: error: in fn over: cannot compare none > a number: b is none"
            " (a value not set yet, or nothing found?)",
            "      b > x",
            "      ^^^^^"], (lean, shown)
        assert shown[3:] == ["fns.rules:16:11: note: called from turn", "      let n = over(1)",
                             "              ^^^^^^^"], (lean, shown)


def test_a_function_calling_itself_without_end_is_told_in_it_and_its_calls_counted():
    text = HEAD.replace("fn more(g: Gem) = twice(g) + 1",
                        "fn more(g: Gem) = more(g) + 1") + 'turn {\n  log "{more(gem)}"\n}\n'
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown[0] == ("fns.rules:9:1: error: in fn more: function 'more' calls itself "
                            "without end"), shown
        assert shown[3] == "fns.rules:9:19: note: called from fn more (200 calls)", shown
        assert shown[6] == "fns.rules:15:9: note: called from turn", shown


def test_a_call_in_the_middle_of_a_long_line_is_pointed_at_itself(inlining):
    """The note of a caller points at the call that led to the failure, not at the whole
    statement it is in (a long ``let`` was all carets)."""
    text = HEAD + ("turn {\n  let n = 1 + 2 * size_of(gem) + bid[P1] * 3\n  log \"{n}\"\n"
                   "  win current\n}\n")
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown[:3] == FAILED, (lean, shown)
        assert shown[3:] == ["fns.rules:15:19: note: called from turn",
                             "      let n = 1 + 2 * size_of(gem) + bid[P1] * 3",
                             "                      ^^^^^^^^^^^^"], (lean, shown)


def test_a_function_written_out_that_calls_one_that_is_not_is_a_step_of_the_calls(inlining):
    """``wrap`` (small: written out in the turn) calls ``deep`` (calling itself: a call):
    each note is at its call, and ``wrap`` is one of them (written out, it was left out: its
    code was looked for only around the instruction that failed)."""
    text = HEAD + ("fn deep(g: Gem, n: int) = if n == 0 then g.size else deep(g, n - 1)\n"
                   "fn wrap(g: Gem) = 1 + deep(g, 2)\n"
                   "turn {\n  let n = 5 + wrap(gem) * 2\n  log \"{n}\"\n  win current\n}\n")
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown[3:] == [
            "fns.rules:14:54: note: called from fn deep (2 calls)",
            "    fn deep(g: Gem, n: int) = if n == 0 then g.size else deep(g, n - 1)",
            "                                                         ^^^^^^^^^^^^^^",
            "fns.rules:15:23: note: called from fn wrap",
            "    fn wrap(g: Gem) = 1 + deep(g, 2)",
            "                          ^^^^^^^^^^",
            "fns.rules:17:15: note: called from turn",
            "      let n = 5 + wrap(gem) * 2",
            "                  ^^^^^^^^^"], (lean, shown)


# the same call as an if-then-else's condition and its then-branch (Python writes the
# condition after the then-branch): which of the two failed -> (the turn, the note's caret)
SAME_CALL_TWICE = {
    "the condition": ("  let n = if more(gem) > 3 then more(gem) else 0\n",
                      "fns.rules:16:14: note: called from turn", " " * 17 + "^" * 9),
    "the then-branch": ("  let n = if bid[P1] == 1 or more(gem) > 3 then more(gem) else 0\n",
                        "fns.rules:16:49: note: called from turn", " " * 52 + "^" * 9),
}


@pytest.mark.parametrize("failing", sorted(SAME_CALL_TWICE))
def test_a_call_written_twice_in_an_if_then_else_is_pointed_at_where_it_failed(
        failing, inlining):
    """The caret was under the then-branch's call when the condition's failed (and the
    other way round); a function written out at both calls was told twice, each of its
    callers a note of its own."""
    let, note, carets = SAME_CALL_TWICE[failing]
    text = HEAD + "turn {\n  bid[P1] = 1\n" + let + '  log "{n}"\n  win current\n}\n'
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown == FAILED + CHAIN + [note, "    " + let.rstrip("\n"), carets], \
            (lean, shown)


def test_a_comparison_written_twice_in_an_if_then_else_is_told_where_it_failed():
    """The same comparison as an if-then-else's condition and inside its then-branch: the
    condition's failed, and is told with its carets (the then-branch's had them)."""
    text = HEAD + ("turn {\n  let n = if bid[P1] > 0 then bid[P1] > 0 else false\n"
                   '  log "{n}"\n  win current\n}\n')
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown[1:3] == ["      let n = if bid[P1] > 0 then bid[P1] > 0 else false",
                              "                 ^^^^^^^^^^^"], (lean, shown)


def test_an_errors_words_are_its_message_without_the_notes_of_its_calls():
    """``words()``, the one-line form status lines use (a move that cannot follow a failed
    one says it), is the message: the calls that led there are for the full report (it
    had grown "; called from fn twice; called from fn more; called from turn")."""
    text = HEAD + 'turn {\n  choose n in [1, 2] prompt "go"\n  log "{more(gem)}"\n}\n'
    for rules in (rulelang.loads(text, "fns.rules"), rulelang.loads(text, "fns.rules").lean()):
        game = rules.new_game(players=2, seed=1)
        with pytest.raises(rulelang.RulesRuntimeError) as caught:
            game.play(game.legal_moves()[0])
        message = "in fn size_of: cannot read .size: the value is none"
        assert caught.value.words() == message
        assert "called from fn twice" in str(caught.value)  # (the full report has them)
        with pytest.raises(rulelang.IllegalMove) as refused:
            game.play(0)
        assert refused.value.words() == (f"this game cannot go on: a move stopped half-way "
                                         f"with an error ({message}); start a new game, or "
                                         "restore one saved before that move")


def test_every_error_of_a_file_is_in_its_words_but_not_its_notes():
    """(A file's errors, each a line of the report, are all said, as before; the note that
    more are not shown is not.)"""
    def words(count):
        body = "".join(f"  x{i} = 1\n" for i in range(count))
        with pytest.raises(rulelang.CheckError) as caught:
            rulelang.loads(f'game "Many"\nplayers 2\nturn {{\n{body}}}\n', "many.rules")
        return caught.value
    assert words(2).words() == "unknown variable 'x0'; unknown variable 'x1'"
    many = words(checker.MAX_ERRORS + 1)
    assert "1 more error(s) not shown" in str(many)
    assert many.words() == "; ".join(f"unknown variable 'x{i}'"
                                     for i in range(checker.MAX_ERRORS))


@pytest.mark.parametrize("statements", [True, False], ids=["statements", "one expression"])
def test_a_failure_in_a_let_of_a_function_whose_call_is_a_lets_value_is_told_in_it(
        inlining, statements, monkeypatch):
    """``let n = firsts(2)``: written out, the function's lets are statements before the
    turn's let (compiler/inline_statements.py), its comprehension loops and its ``if``
    expression an ``if`` statement; a failure there is told in the function, at the part
    that failed, as in the one expression (switched off) and in the call."""
    monkeypatch.setattr(SHORTCUTS, "inline_statements", statements)
    text = HEAD + ("fn firsts(x: int) {\n  let some = x > 0\n"
                   "  let picked = if some then [p for p in players if bid[p] > x] else []\n"
                   "  size(picked)\n}\n"
                   "turn {\n  let n = firsts(2)\n  log \"{n}\"\n  win current\n}\n")
    for lean in (False, True):
        shown = _failed(text, lean)
        assert shown == [
            "fns.rules:16:52: error: in fn firsts: cannot compare none > a number: bid[p] is"
            " none (a value not set yet, or nothing found?)",
            "      let picked = if some then [p for p in players if bid[p] > x] else []",
            "      " + " " * 49 + "^" * 10,
            "fns.rules:20:11: note: called from turn",
            "      let n = firsts(2)",
            "              ^^^^^^^^^"], (lean, shown)


@pytest.mark.parametrize("key", ["bid[p] + x", "bid[p]"])
def test_a_failure_in_the_key_of_first_argmax_in_a_function_written_out_is_told_as_before(
        key, monkeypatch):
    """``first(argmax(L, p => KEY))``, a function's body written out as statements, is a loop
    while every key is a number (let_loops.write_first_extreme); a key that fails (``none +
    1``) or is not a number (none: the builtin's comparison fails) is worked out again by the
    builtin, which fails as the call did with the loop switched off: the same words, place
    and calls."""
    text = HEAD + ("fn best(x: int) {\n  let pool = [p for p in players if p != none]\n"
                   f"  first(argmax(pool, p => {key}))\n}}\n"
                   "turn {\n  let n = best(2)\n  log \"{n}\"\n  win current\n}\n")
    assert "every key a number" in rulelang.loads(text, "fns.rules").lean().source()
    shown = {}
    for loops in (True, False):
        monkeypatch.setattr(SHORTCUTS, "first_extreme_loops", loops)
        shown[loops] = [_failed(text, lean) for lean in (False, True)]
    assert shown[True] == shown[False] and shown[True][0] == shown[True][1], shown
    assert "in fn best" in shown[True][0][0], shown
