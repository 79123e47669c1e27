"""The lean path against the full one: the same seeded random games played both ways.

The full path is played quiet (``log=False``), as simulations play it; the lean path skips
log lines the same way, so a log line that would fail fails neither (see
tests/runtime/test_fast_paths_compiled.py). Each decision's seat and legal moves (the lean
game's named on demand), the move drawn, every random draw (the generator's state at the
end), the whole state at the end but the log and the history of notations (the lean game
keeps neither), the outcome and any error must be the same. Used by
tests/runtime/test_lean_path.py.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache

import attrs

from interpreter.rules import Rules
from interpreter.runtime.saving import save_data
from rulelang import RulesError
from support import differential, soak

# parts of a save a lean game does not keep (nor what a shuffle leaves each seat knowing:
# no bot samples a lean game)
NOT_COMPARED = ("log", "unsettled", "history", "pooled")


@attrs.frozen
class Seen:
    """All that can be seen of one game played one way."""
    decisions: tuple  # (seat to move, (legal notations...), the index drawn)
    state: str  # the save's state, but NOT_COMPARED, as JSON
    outcome: object
    error: str | None


@cache
def full_rules(path: str) -> Rules:
    return Rules(differential.program(path))


@cache
def lean_rules(path: str) -> Rules:
    return full_rules(path).lean()


def state_text(game) -> str:
    """The game's save (as ``game.save()`` has it) but NOT_COMPARED, as JSON with its keys
    sorted: two games' texts are the same just when their saves read back the same."""
    data = save_data(game)
    for part in NOT_COMPARED:
        data.pop(part, None)
    try:
        return json.dumps(data, sort_keys=True)
    except TypeError:  # keys that are not all text, or not all numbers: sorted as the save has them
        return json.dumps(json.loads(json.dumps(data)), sort_keys=True)


def play_full(config: differential.Config, seed: int, max_moves: int) -> Seen:
    rng, decisions, error, game = random.Random(seed), [], None, None
    try:
        game = full_rules(config.path).new_game(players=config.players, seed=seed,
                                                options=dict(config.options), log=False)
        while not game.is_over and len(decisions) < max_moves:
            moves = game.legal_moves()
            i = rng.randrange(len(moves))
            decisions.append((int(game.to_move), tuple(map(str, moves)), i))
            game.play(moves[i])
    except RulesError as failure:
        error = f"{type(failure).__name__}: {failure}"
    return _seen(game, decisions, error)


def play_lean(config: differential.Config, seed: int, max_moves: int) -> Seen:
    rng, decisions, error, game = random.Random(seed), [], None, None
    try:
        game = lean_rules(config.path).new_game(players=config.players, seed=seed,
                                                options=dict(config.options))
        while not game.is_over and len(decisions) < max_moves:
            count = game.move_count
            i = rng.randrange(count)
            decisions.append((int(game.to_move), tuple(game.notation(n) for n in range(count)), i))
            game.play(i)
    except RulesError as failure:
        error = f"{type(failure).__name__}: {failure}"
    return _seen(game, decisions, error)


def _seen(game, decisions, error) -> Seen:
    if game is None:
        return Seen(tuple(decisions), "", None, error)
    return Seen(tuple(decisions), state_text(game), game.outcome, error)


def difference(config: differential.Config, seed: int, max_moves: int) -> str | None:
    """Where the two paths first part on this game; None when they agree throughout."""
    full, lean = play_full(config, seed, max_moves), play_lean(config, seed, max_moves)
    return parting(config, seed, ("full", full), ("lean", lean))


def parting(config: differential.Config, seed: int, one: tuple[str, Seen],
            other: tuple[str, Seen]) -> str | None:
    """Where two plays of a game, each (its name, what was seen), first part; None when
    they agree throughout."""
    (name_a, a), (name_b, b) = one, other
    if a == b:
        return None
    where = f"{config.path} {config.players}p {dict(config.options)} seed {seed}"
    for n, (x, y) in enumerate(zip(a.decisions, b.decisions)):
        if x != y:
            return f"{where}: decision {n}: {name_a} {x!r:.300} vs {name_b} {y!r:.300}"
    if len(a.decisions) != len(b.decisions) or a.error != b.error:
        return (f"{where}: {len(a.decisions)} decisions vs {len(b.decisions)}, "
                f"errors {a.error!r} vs {b.error!r}")
    if a.outcome != b.outcome:
        return f"{where}: outcome {a.outcome!r} vs {b.outcome!r}"
    at = next(i for i, (x, y) in enumerate(zip(a.state + " ", b.state)) if x != y)
    return f"{where}: state at {at}: {a.state[at - 80:at + 80]!r} vs {b.state[at - 80:at + 80]!r}"


def soak_part(difference: Callable[[differential.Config, int, int], str | None], part: int,
              max_moves: int) -> list[str]:
    """What ``difference`` finds over every configuration on part ``part`` (0 or 1) of 24
    seeds: the part's 12 under RULELANG_SOAK=1, else its first 2 (tests/support/soak.py)."""
    half = soak.games(2, 12)
    found = []
    for config in differential.configurations():
        for seed in range(part * 12, part * 12 + half):
            d = difference(config, seed, max_moves)
            if d is not None:
                found.append(d)
    return found


def play_out_everywhere(seeds: range, limit: int = 300) -> None:
    """Every configuration's games on these seeds, each played out from the start by a
    random policy (its own generator, seeded), at most ``limit`` decisions: for a test that
    patches a lean game's method to watch it. The rules' own failures end a game (the same
    either way); an AssertionError, a watcher's, is raised."""
    for config in differential.configurations():
        rules = lean_rules(config.path)
        for seed in seeds:
            rng = random.Random(seed)
            try:
                rules.played_out(lambda g, seat, values, site, rng=rng: rng.randrange(len(values)),
                                 players=config.players, seed=seed, options=dict(config.options),
                                 limit=limit)
            except Exception as error:  # the rules' own failure: the same either way
                if isinstance(error, AssertionError):
                    raise
