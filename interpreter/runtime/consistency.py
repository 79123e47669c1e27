"""Whether a sampled world agrees with what its seat saw happen: the public history
replayed in it.

A sample (runtime/knowledge.py) deals the faces a seat does not know, and the variables it
may not read, without reading the real ones: so without more it may contradict what the
rules have since made public from them (a hidden piece placed where a guess was already
told nothing lies, a hand without the card a challenge showed). ``History`` replays the latest
decisions the game kept (``Game.trail``: each the game as asked and the move's index) in the
world: each asked game with the world's hidden faces and variables put in (as the partner
model does, ``knowledge._transplanted``), the move played, and, where the replay told the
seat something the world decides (a ``disclose(...)`` worked out, a card shown that the seat
no longer knows: ``History.told``), what the seat then sees (its view, without the log)
compared with what it saw then. The world fits where every replay shows the same.

A replay that draws chance (a die, a shuffle) tells nothing here: the world's chance is
not the game's, so the views would differ for that alone; it is not compared. Nor is one
whose world breaks the rules: it counts as a contradiction. A hidden value that changed
since a decision (a hidden variable counted up) is put in as it is now: such a replay may
contradict a world that is right; the bot then keeps the worlds that fit the latest
decisions longest (``fitting``), never fewer than it asked for. A decision whose replay
told nothing in the first few worlds (most: a move that reads nothing hidden) is not
replayed in the others (``SETTLED``): a replay costs a copy of the game, a view more.

Nothing here reads the real hidden state: the asked games' hidden faces and unreadable
variables are the world's before they are played, another seat's choice made ``privately``
is not replayed (its index is its real answer), and what is compared is the seat's own view
(tests/runtime/test_bots_consistent_worlds.py). A local a paused rule worked out from a
hidden value keeps its real value in an asked game, as in a sample (knowledge.py's known
limit, which the checker warns of at the ``choose``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from interpreter.runtime.draws import Unseeded
from rulelang.language import ast, refs, traversal
from rulelang.language.errors import RulesError

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

Transplant = Callable[["Game", "Game", int], "Game"]  # (asked, world, seat) -> asked, world's
REPLAYED = 16  # the latest decisions replayed in a world, at most (each costs a copy of the
# game, and a view where it told something: 32, every one viewed, doubled the CPU of a
# mcts:16 decision in a cooperative memory game, docs/bot-figures.md)
SETTLED = 4  # worlds that agree with a step before it is taken to tell nothing
TRIES = 4  # samples drawn for each world asked, at most, looking for worlds that fit


@attrs.frozen
class Step:
    """A decision kept, as ``History`` replays it: who chose, the move's index, the game as
    it was asked, and what the seat saw when the next was asked (or now)."""
    chooser: int
    index: int
    asked: Game
    seen: Game


@attrs.frozen
class Fitted:
    """The worlds ``fitting`` gives: those that agree with the history first, then the
    ``unfitted`` (the last of them) that contradict it, the tries spent."""
    worlds: list[Game]
    unfitted: int = 0

    def fits(self, i: int) -> bool:
        """Whether ``worlds[i]`` agrees with the history."""
        return i < len(self.worlds) - self.unfitted


class History:
    """The latest decisions of ``game`` as ``seat`` saw them, to replay in worlds."""

    def __init__(self, game: Game, seat: int, transplant: Transplant):
        self.seat, self.transplant = seat, transplant
        trail = list(game.trail or ())[-REPLAYED:]
        # each decision, and what the seat saw when the next was asked (or now), latest first;
        # not another seat's choice made ``privately``: its answer, the real one, is not the
        # seat's to replay (a world would be kept for what that answer did in it)
        after = [entry.asked for entry in trail[1:]] + [game]
        self.steps = [Step(entry.seat, entry.index, entry.asked, seen)
                      for entry, seen in zip(trail, after)
                      if entry.seat == seat or not _private(entry.asked)][::-1]
        self.known = game.known  # what each seat knows of each card now
        self.views: dict[int, Any] = {}  # a step's view as the seat saw it (when first read)
        # how many worlds agreed with each step (-1: one contradicted it, or its replay told
        # something, ``told``): a step the first ``SETTLED`` worlds all agreed with, telling
        # nothing in any, is not replayed again
        self.agreed = [0] * len(self.steps)

    def __bool__(self) -> bool:
        return bool(self.steps)

    def fits(self, world: Game) -> int:
        """How many of the latest decisions, from the latest back, ``world`` agrees with
        before the first it contradicts; ``len(self.steps)`` where it contradicts none."""
        seat, agreed = self.seat, self.agreed
        for n, step in enumerate(self.steps):
            if agreed[n] >= SETTLED:
                continue
            asked = step.asked
            replay = self.transplant(asked, world, seat)
            try:
                replay.apply(step.index, step.chooser)
            except RulesError:
                agreed[n] = -1
                return n
            told = self.told(replay, asked)
            if told and type(replay.rng) is Unseeded:  # (chance drawn: tells nothing here)
                real = self.views.get(n)
                if real is None:
                    real = self.views[n] = step.seen.view(seat, log=False)
                if replay.view(seat, log=False) != real:
                    agreed[n] = -1
                    return n
            if agreed[n] >= 0:  # a step that told something is never settled
                agreed[n] = -1 if told else agreed[n] + 1
        return len(self.steps)

    def told(self, replay: Game, asked: Game) -> bool:
        """Whether a replay may show the seat something the world decides: it worked out a
        ``disclose(...)``, or showed the seat a card it does not know now (one it saw, then
        lost sight of). Else its view cannot differ from what the seat saw: a card it knows
        now has its real face in every world, and a rule that lets a hidden value show
        without ``disclose`` is warned of by the checker (a leak)."""
        if getattr(replay, "disclosed", 0):
            return True
        bit, now = 1 << self.seat, self.known
        return any(new & bit and not old & bit and not now[i] & bit
                   for i, (new, old) in enumerate(zip(replay.known, asked.known))
                   if new != old)


def _private(asked: Game) -> bool:
    """Whether the decision ``asked`` waits on is made ``privately`` (its answer its
    chooser's alone, for good)."""
    pending = asked.pending
    return pending is not None and bool(pending.site.private)


_TELLS: dict[int, tuple[Any, bool]] = {}  # id(program) -> (program, whether it does)
_DISCLOSE = refs.Builtin("disclose")


def may_tell(program: Any) -> bool:
    """Whether a replay could ever tell a seat something a world decides (``told``): the
    rules have a ``disclose(...)``, a ``reveal`` or a ``tell`` anywhere a game runs them
    (blocks, rules, triggers, functions, end conditions, scores, tiebreaks and reports; worked
    out once a program). Else no replay is compared, and each would cost a copy of the game
    for nothing (in a seed card game none of 15,576 replays told anything, and they halved
    the playouts a CPU second: docs/bot-figures.md): the worlds are drawn as they were before
    any replay. (A card shown to the seat in a kept decision and unknown to it now needs none
    of the three in the real game: a seat forgets a face only at a shuffle, and a shuffle
    that makes it forget empties the trail.)"""
    kept = _TELLS.get(id(program))
    if kept is None or kept[0] is not program:
        found = any(isinstance(n, ast.Reveal)
                    or (isinstance(n, ast.Call) and n.ref == _DISCLOSE)
                    for n in [*program.body_nodes(fns=True), *traversal.walk(program.ends),
                              *traversal.walk(program.scores)])
        if len(_TELLS) > 64:
            _TELLS.clear()
        kept = _TELLS[id(program)] = (program, found)
    return bool(kept[1])


def fitting(sample: Callable[[], Game], history: History, count: int) -> Fitted:
    """``count`` worlds from ``sample`` that agree with ``history`` (``History.fits``): up to
    ``TRIES`` times as many drawn until ``count`` fit; short of that, the others that fit
    the latest decisions longest (after those that fit). With how many of them do not fit."""
    if not history:
        return Fitted([sample() for _ in range(count)])
    kept: list[Game] = []
    spare: list[tuple[int, Game]] = []
    whole = len(history.steps)
    for _ in range(TRIES * count):
        world = sample()
        fit = history.fits(world)
        if fit == whole:
            kept.append(world)
            if len(kept) == count:
                return Fitted(kept)
        else:
            spare.append((fit, world))
    spare.sort(key=lambda pair: -pair[0])  # (stable: in the order drawn among equals)
    return Fitted(kept + [world for _, world in spare[:count - len(kept)]], count - len(kept))
