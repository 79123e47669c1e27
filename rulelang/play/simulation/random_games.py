"""A simulation's game between random bots, on the lean path (interpreter/runtime/lean_game.py).

A random bot picks ``rng.randrange(count)`` among its seat's moves from its own generator,
seeded as ``playing.bot_seed`` seeds it: played here on the lean game, with moves as numbers,
the same index picks the same move, so the games and the report are the same as the full
path's (tests/play/test_simulation_lean.py). What is tallied is what ``Table._play`` tallies.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rulelang.play.simulation.playing import (
    GameFailure,
    GameRecord,
    KindTally,
    _first_player,
    _prompt_text,
    _turns,
    bot_seed,
    endless,
    is_yes_no,
)
from rulelang.play.simulation.templates import Classifier, Template, _template

if TYPE_CHECKING:
    from rulelang.play.simulation.playing import Table


def all_random(bots: tuple[str, ...]) -> bool:
    """Whether every seat is a random bot (then the lean path plays the games)."""
    return all(kind == "random" for kind in bots)


def site_kinds(lean: Any, prompts: Classifier, sources: dict[str, str]) -> list[str | None]:
    """Each choose site's kind of decision when its prompt alone decides it (else None).

    The classifier names a shown prompt by the first of its templates (most plain text
    first) that matches the whole text. A prompt written as template A always matches A;
    a template B before A cannot match it when their plain text before the first value (or
    after the last) differs where both have some: then the site's kind is A, whatever
    values are worked into its prompt, and its prompt need not be shown to be counted."""
    order = prompts.templates
    kinds: list[str | None] = []
    for site in lean.sites:
        own = _template(site.written, sources)
        kinds.append(None)
        if own is None or own.label not in {t.label for t in order}:
            continue
        before = order[:next(i for i, t in enumerate(order) if t.label == own.label)]
        if all(_excludes(own, t) for t in before):
            kinds[-1] = own.label
    return kinds


def _excludes(a: Template, b: Template) -> bool:
    """Whether a text of template ``a`` can never be one of ``b``: their plain texts
    before the first value, or after the last, differ where both have some."""
    head_a, tail_a, head_b, tail_b = a.head, a.tail, b.head, b.tail
    n, m = min(len(head_a), len(head_b)), min(len(tail_a), len(tail_b))
    return head_a[:n] != head_b[:n] or (m > 0 and tail_a[-m:] != tail_b[-m:])


def play_random(table: Table, index: int, seed: int) -> GameRecord | GameFailure:
    sim = table.simulation
    assert table.lean is not None, "a table of random bots compiles the lean rules"
    rngs = [random.Random(bot_seed(seed, seat)) for seat in range(len(sim.bots))]
    kinds: dict[str, KindTally] = {}
    fixed = table.site_kinds
    tallies: list[KindTally | None] = [None] * len(fixed)  # a site of a fixed kind: its tally
    prompt_kind = table.prompts.kind
    firsts: list[Any] = []  # who went first, worked out at the first decision

    def pick(game: Any, seat: int, values: list[Any], site: Any) -> int:
        """The seat's random pick among ``values``, tallied by the kind of the decision."""
        if not firsts:  # (in a direct form no decision is pending: the seat asked is given)
            firsts.append(_first_player(game, sim.players,
                                        asked=seat if game.pending is None else None,
                                        site=site if game.pending is None else None))
        count = len(values)
        at = site.index
        tally = tallies[at]
        if tally is None:
            kind = fixed[at] or prompt_kind(_prompt_text(game))  # shown, when it decides the kind
            tally = kinds.get(kind)
            if tally is None:
                tally = kinds[kind] = KindTally()
                tally.named_pass(site.pass_word if site.can_pass else None)
            if fixed[at] is not None:
                tallies[at] = tally
        i = rngs[seat].randrange(count)
        tally.decisions += 1
        tally.options += count
        if count == 1:
            tally.forced += 1
        if i == count - 1 and game.passing and values[i] is None:
            tally.passed += 1  # the pass move, whatever the rules call it (playing._is_pass)
        if count == 2 and is_yes_no(values):
            tally.answered(seat, values[i] is True)
        return i

    limit = sim.max_decisions  # a game that asks more is stopped (playing.endless)
    if all(kind is not None for kind in fixed):  # no prompt need be read: played out, direct
        game: Any = table.lean.played_out(pick, players=sim.players, seed=seed,
                                          options=sim.options, limit=limit)
        if not game.over:  # (played out until over, or stopped at the limit)
            return endless(sim, index, seed)
    else:
        game = table.lean.new_game(players=sim.players, seed=seed, options=sim.options)
    if not firsts:  # no decision yet: as the game stands now
        firsts.append(_first_player(game, sim.players))
    first = firsts[0]
    asked = 0
    while not game.over:  # (a prompt read for its kind: each decision pending, then played)
        if asked == limit:
            return endless(sim, index, seed)
        asked += 1
        decision = game.pending
        game.passing = decision.passing
        game.play(pick(game, decision.seat, decision.values, decision.site))
    counted = kinds.values()
    decisions = sum(t.decisions for t in counted)
    forced = sum(t.forced for t in counted)
    offered = sum(t.options for t in counted)
    outcome = game.outcome_record
    reason = outcome.reason
    return GameRecord(
        index=index, seed=seed, result=outcome.result, winners=list(outcome.winners),
        scores=[outcome.scores[p] for p in range(sim.players)], first=first,
        turns=_turns(game), decisions=decisions, forced=forced, options=offered,
        kinds=kinds, reason=reason,
        reason_kind=table.reasons.kind(reason) if reason is not None else None,
        reports=dict(outcome.reports), tiebreak=outcome.tiebreak is not None,
        sides=outcome.sides)

