"""What every played-out game pays once (issue 26): the records made at its end, and the
path a new game takes from its setup snapshot, kept cheap and still the same game."""
from __future__ import annotations

import rulelang
from interpreter.runtime.outcome import GameEnd, Outcome


def test_end_records_are_set_plainly() -> None:
    # a frozen attrs class sets each field through object.__setattr__ (GameEnd cost 5.0K
    # instructions to make, 2.2K now): these two are made once a game, every playout
    for record in (GameEnd, Outcome):
        assert record.__setattr__ is object.__setattr__, record
        assert "__slots__" in vars(record)  # (slotted: no dict a record)


def test_end_records_compare_by_value() -> None:
    rules = rulelang.load("examples/league.rules").lean()
    a = rules.played_out(lambda g, s, v, site: 0, players=2, seed=4)
    b = rules.played_out(lambda g, s, v, site: 0, players=2, seed=4)
    assert a.outcome_record == b.outcome_record and a.result == b.result
    assert a.outcome_record is not b.outcome_record
    assert a.outcome == Outcome.from_dict(a.outcome).as_dict()


def test_empty_parts_are_copied_with_no_call(monkeypatch) -> None:
    # a game's snapshot holds many empty parts (its log, its history...): each is made
    # anew as the literal, not by its copier (a call each, about 0.7K instructions)
    import attrs as attrs_

    from interpreter.runtime import state
    called: list[str] = []

    def counting(f: state.Field) -> state.Field:
        copy = f.copy
        if copy is None:
            return f
        return attrs_.evolve(f, copy=lambda v, copy=copy, attr=f.attr: (called.append(attr), copy(v))[1])

    monkeypatch.setattr(state, "FIELDS", tuple(counting(f) for f in state.FIELDS))
    copier = state._write_copier()
    rules = rulelang.load("examples/league.rules").lean()
    game = rules.played_out(lambda g, s, v, site: 0, players=2, seed=4)
    twin = type(game).__new__(type(game))
    copier(game, twin, fresh_seed=9)
    for name in ("log", "history", "unsettled", "cards", "known", "frames"):
        assert getattr(game, name) == [] and name not in called, name
    assert "vars" in called  # (not empty: copied by its copier)
    twin.log.append("x")
    twin.frames.append("y")
    assert game.log == [] and game.frames == []  # made anew, not shared


def test_each_empty_copy_is_what_its_copier_makes() -> None:
    from interpreter.runtime import state
    for f in state.FIELDS:
        literal = state.EMPTY_COPIES.get(f.attr)
        if literal is None:
            continue
        assert f.copy is not None, f.attr
        empty = eval(literal)  # (the part's own kind: a list or a dict)
        made = f.copy(empty)
        assert made == empty and type(made) is type(empty) and made is not empty, f.attr


def test_each_field_said_always_a_list_or_a_dict_starts_as_one() -> None:
    """EMPTY_COPIES is read off FIELDS (each Field's ``empty``), not a table beside it."""
    from interpreter.runtime import state
    game = rulelang.load("examples/league.rules").new_game(players=2, seed=1)
    assert len(state.EMPTY_COPIES) == 15
    for f in state.FIELDS:
        started = f.start(game)
        if f.empty:  # said a list or a dict: it starts as one, and is one in a game played
            assert type(started) is type(eval(f.empty)), f.attr
            assert type(getattr(game, f.attr)) is type(eval(f.empty)), f.attr
        elif f.attr in ("cards", "known", "zc", "vars", "frames", "log", "history"):
            raise AssertionError(f"{f.attr} is always a list or a dict: say so (empty=...)")


def _refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError("called on a playout's path")


def test_a_playout_end_makes_no_call_with_nothing_to_check(monkeypatch) -> None:
    # no outcome fixed, no `end when`, one player won, no line to settle: nothing to call
    from interpreter.runtime import engine
    rules = rulelang.load("examples/league.rules").lean()
    want = rules.played_out(lambda g, s, v, site: 0, players=2, seed=6).outcome
    monkeypatch.setattr(engine.Game, "check_fixed_after_setup", _refuse)
    monkeypatch.setattr(engine.Game, "ends_reached", _refuse)
    monkeypatch.setattr(engine.Game, "settle", _refuse)
    monkeypatch.setattr(engine, "check_winners", _refuse)
    assert rules.played_out(lambda g, s, v, site: 0, players=2, seed=6).outcome == want


def test_the_winner_is_still_checked() -> None:
    from interpreter.runtime.values import Seat
    rules = rulelang.load("examples/league.rules").lean()
    game = rules.played_out(lambda g, s, v, site: 0, players=2, seed=6)
    for wrong in (None, Seat(2, "P3"), 7):
        game.over = False
        try:
            game.finish("win", wrong, None)
        except Exception as error:  # the rules' error (Fail), said in words
            assert "win names" in str(error), error
        else:
            raise AssertionError(wrong)


def test_a_new_game_asks_no_check_it_needs_not(monkeypatch) -> None:
    # players in range and no options: checked and keyed in place
    from interpreter import rules as rules_module
    rules = rulelang.load("examples/league.rules").lean()
    want = rules.played_out(lambda g, s, v, site: 0, players=3, seed=2).outcome
    monkeypatch.setattr(type(rules), "player_count", _refuse)
    monkeypatch.setattr(rules_module, "_asked_key", _refuse)
    assert rules.played_out(lambda g, s, v, site: 0, players=3, seed=2).outcome == want
    monkeypatch.undo()
    for wrong in (True, 5, 1, "2"):
        try:
            rules.played_out(lambda g, s, v, site: 0, players=wrong, seed=2)  # type: ignore[arg-type]
        except rulelang.RulesError as error:
            assert "players" in str(error)
        else:
            raise AssertionError(wrong)


INLINE = """
import ctypes, sys
import rulelang
made = []
for path in ("examples/league.rules", "examples/pig.rules"):
    rules = rulelang.load(path).lean()
    for seed in range(4):  # the first game, its snapshot's copies, then its starter's
        game = rules.played_out(lambda g, s, v, site: 0, players=2, seed=seed)
        own = ctypes.c_void_p.from_address(id(game) - 3 * ctypes.sizeof(ctypes.c_void_p))
        if own.value is not None and seed > 0:
            made.append((path, seed))
print(made)
"""


def test_a_played_out_game_keeps_its_attributes_inline() -> None:
    # CPython 3.11 and 3.12 keep an object's attributes outside its slots in an array of
    # values beside it until something reads ``__dict__``: then a dict is made, and every later
    # read of such an attribute (policy, answered, passing...) goes through it. end_setup read
    # ``__dict__`` once a game: League's lean games then cost 236.6K instructions, 226.1K not.
    # In a new interpreter: where a class's instances keep their attributes depends on all
    # its instances before (past 30 names, a new name makes a dict), as in a test run's
    import subprocess
    import sys

    import pytest

    from interpreter.runtime.lean_game import LeanGame
    from support import ROOT
    managed_dict = 1 << 4  # Py_TPFLAGS_MANAGED_DICT
    if sys.implementation.name != "cpython" or sys.version_info[:2] not in ((3, 11), (3, 12)) \
            or not LeanGame.__flags__ & managed_dict:
        pytest.skip("where the attributes lie is CPython 3.11's and 3.12's")
    done = subprocess.run([sys.executable, "-c", INLINE], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
