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
