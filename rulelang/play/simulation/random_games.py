"""A simulation's game between random bots, on the lean path (interpreter/runtime/lean.py).

A random bot picks ``rng.randrange(count)`` among its seat's moves from its own generator,
seeded as ``playing.bot_seed`` seeds it: played here on the lean game, with moves as numbers,
the same index picks the same move, so the games and the report are the same as the full
path's (tests/play/test_simulation_lean.py). What is tallied is what ``Table._play`` tallies.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from interpreter.runtime.values import Seat

from rulelang.play.simulation.playing import (GameRecord, KindTally, _first_player, _prompt_text,
                                              _turns, bot_seed)

if TYPE_CHECKING:
    from rulelang.play.simulation.playing import Table


def all_random(bots: tuple[str, ...]) -> bool:
    """Whether every seat is a random bot (then the lean path plays the games)."""
    return all(kind == "random" for kind in bots)


def play_random(table: Table, index: int, seed: int) -> GameRecord:
    sim = table.simulation
    game: Any = table.lean.new_game(players=sim.players, seed=seed, options=sim.options)
    rngs = [random.Random(bot_seed(seed, seat)) for seat in range(len(sim.bots))]
    first = _first_player(game, sim.players)
    kinds: dict[str, KindTally] = {}
    site_kinds = table.site_kinds  # a site whose prompt is always the same text: its kind
    decisions = forced = offered = 0
    prompt_kind = table.prompts.kind
    while not game.over:
        decision = game.pending
        values = decision.values
        count = len(values)
        site = decision.site
        kind = site_kinds.get(site.index)
        if kind is None:
            kind = prompt_kind(_prompt_text(game))
            if site.fixed_prompt:
                site_kinds[site.index] = kind
        tally = kinds.get(kind)
        if tally is None:
            tally = kinds[kind] = KindTally()
        i = rngs[decision.seat].randrange(count)
        tally.decisions += 1
        tally.options += count
        if count == 1:
            tally.forced += 1
            forced += 1
        if _named_pass(game, decision, i):
            tally.passed += 1
        decisions += 1
        offered += count
        game.play(i)
    outcome = game.outcome_record
    reason = outcome.reason
    return GameRecord(
        index=index, seed=seed, result=outcome.result, winners=list(outcome.winners),
        scores=[outcome.scores[p] for p in range(sim.players)], first=first,
        turns=_turns(game), decisions=decisions, forced=forced, options=offered,
        kinds=kinds, reason=reason,
        reason_kind=table.reasons.kind(reason) if reason is not None else None,
        reports=dict(outcome.reports))


_NEVER_PASS = (int, bool, Seat)  # named by digits, yes/no or P1...: never "pass"


def _named_pass(game: Any, decision: Any, i: int) -> bool:
    """Whether the move played is named "pass", as the full path counts a pass (the pass
    move when the rules call it "pass", or an option of that name)."""
    if decision.notations is not None:  # a simultaneous choice names its moves at once
        return bool(decision.notations[i] == "pass")
    value = decision.values[i]
    if value is None:
        if i == len(decision.values) - 1 and decision.passing:
            return bool(decision.passing == "pass")
    elif type(value) in _NEVER_PASS:
        return False
    return bool(game.notation(i) == "pass")
