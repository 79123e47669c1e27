"""The lean path's direct forms against its machines: the same seeded random games played
through ``pending``/``play`` and through ``LeanGame.play_out`` (compiler/direct_code.py).

Both pick ``rng.randrange(count)`` at each decision, so they play the same game when the
direct forms do what the machines do. Each decision's seat and number of moves, the move
drawn, every random draw (the generator's state at the end), the state at the end, the
outcome and any error must be the same. A game stopped at the move limit is compared but
for where its rules stand (frames, the pending decision, the counts of work since it), as
a game stopped inside a direct form has no frames to show. Used by
tests/runtime/test_lean_direct.py.
"""
from __future__ import annotations

import json
import random

from rulelang import RulesError
from support import differential
from support.lean_differential import Seen, lean_rules, parting, state_text

MID_WAY = ("frames", "pending", "group", "steps")  # where a stopped game's rules stand


def _seen(game, decisions, error, stopped: bool) -> Seen:
    if game is None:
        return Seen(tuple(decisions), "", None, error)
    state = state_text(game)
    if stopped:
        data = json.loads(state)
        for part in MID_WAY:
            data.pop(part, None)
        state = json.dumps(data, sort_keys=True)
    return Seen(tuple(decisions), state, game.outcome, error)


def play_loop(config: differential.Config, seed: int, max_moves: int) -> Seen:
    rng, decisions, error, game = random.Random(seed), [], None, None
    try:
        game = lean_rules(config.path).new_game(players=config.players, seed=seed,
                                                options=dict(config.options))
        while not game.is_over and len(decisions) < max_moves:
            count = game.move_count
            i = rng.randrange(count)
            decisions.append((int(game.to_move), count, i))
            game.play(i)
    except RulesError as failure:
        error = f"{type(failure).__name__}: {failure}"
    return _seen(game, decisions, error, game is not None and not game.is_over)


def play_direct(config: differential.Config, seed: int, max_moves: int,
                started: bool = False) -> Seen:
    """``started``: the game played out from its start (``Rules.played_out``), its first
    decision asked of the policy too, rather than made and then played out."""
    rng, decisions, error, game = random.Random(seed), [], None, None

    def policy(game, seat, values, site) -> int:
        i = rng.randrange(len(values))
        decisions.append((seat, len(values), i))
        return i
    seen = _Kept()
    try:
        rules = lean_rules(config.path)
        if started:
            rules.new_game(players=config.players, seed=seed, options=dict(config.options))
            # its snapshot is made: this game starts from it, played out
            game = rules.played_out(seen.policy(policy), players=config.players, seed=seed,
                                    options=dict(config.options), limit=max_moves)
        else:
            game = rules.new_game(players=config.players, seed=seed,
                                  options=dict(config.options))
            game.play_out(policy, max_moves)
    except RulesError as failure:
        error = f"{type(failure).__name__}: {failure}"
        game = game or seen.game
    return _seen(game, decisions, error, game is not None and not game.is_over)


class _Kept:
    """The game a policy is asked about (``played_out`` returns none when it fails)."""
    game = None

    def policy(self, policy):
        def kept(game, seat, values, site):
            self.game = game
            return policy(game, seat, values, site)
        return kept


def difference(config: differential.Config, seed: int, max_moves: int,
               started: bool = False) -> str | None:
    """Where the two ways first part on this game; None when they agree throughout."""
    loop, direct = play_loop(config, seed, max_moves), play_direct(config, seed, max_moves, started)
    return parting(config, seed, ("loop", loop), ("direct", direct))
