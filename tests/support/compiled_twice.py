"""A ruleset compiled two ways (a compiler shortcut on and off) asked the same things: what a
call gives or raises, its work, at every position of games both play by the same moves
(test_quantifier_loops.py, test_empty_members.py, test_field_lines.py; ``outcome`` for any
two calls, test_fast_paths.py)."""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def outcome(f, *args) -> tuple[Any, ...]:
    """What ``f(*args)`` gives, or the failure it raises: its type and message."""
    try:
        return ("value", f(*args))
    except Exception as e:  # the same failure: its type and message
        return ("raised", type(e), str(e))


def answers(rules, game, calls) -> list[tuple[str, str, int]]:
    """Each call (a function of the rules by name, its arguments) at this position: its
    name, its answer as text (a failure by its type and message; the two compilations have
    members of their own) and the work it counted."""
    out = []
    for name, args in calls:
        game.work = 0
        answer = outcome(rules.code.tops.fns[name], game, *args)
        out.append((name, str(answer if answer[0] == "value" else answer[:2]), game.work))
    return out


def positions_alike(one, other, seeds, players: int = 2) -> Iterator[tuple[Any, Any]]:
    """Each position of the seeded games ``one`` and ``other`` (two compilations of a
    ruleset) play by the same random moves, as (its game in ``one``, in ``other``); each
    offers the same moves, and each game ends as the other does."""
    for seed in seeds:
        games = [one.new_game(players=players, seed=seed),
                 other.new_game(players=players, seed=seed)]
        rng = random.Random(seed)
        while not games[0].is_over:
            yield games[0], games[1]
            moves = [game.legal_moves() for game in games]
            assert [str(m) for m in moves[0]] == [str(m) for m in moves[1]]
            pick = rng.randrange(len(moves[0]))
            for game, offered in zip(games, moves):
                game.play(offered[pick])
        assert games[1].is_over and games[0].outcome == games[1].outcome
