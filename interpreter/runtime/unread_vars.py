"""Variables a seat may not read, as a bot's sample holds them.

A sample (runtime/knowledge.py) may not hold the real value of a variable its seat cannot
read (``hidden``; an ``owner`` variable's other keys). It holds what a player who knows the
rules, the players, the options and the campaign can tell of it: its value in a game just
set up (as ``Rules.setup_only``: after the setup, before the first turn; a setup's own
decisions answered at random), on the sample's own rules. Where games set up from the seeds
0 to ``TRIED - 1`` all hold one value, that value (a stock of chips every player starts
with), with no draw; else the value in a game set up
with a seed drawn from the bot's generator (a secret number the setup draws: any it may
draw, with its chance). Neither reads the real game, so nothing in a sample tells its
value. Known limit: a value the setup draws that equals across all ``TRIED`` seeds (a rare
draw) is taken as fixed. A value holding a card (whose number is the other game's), or any
where a setup fails, is the variable's declared initial value, as the sample works it out.
"""
from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, Any

import attrs

from interpreter.runtime.values import Card, Keyed, Value

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

VISIBLE_TO_ALL = (None, "public")
SETUP_DECISIONS = 1_000  # a setup's decisions answered at random, at most
TRIED = 8  # games set up to tell a variable's fixed start from one drawn by chance
UNKNOWN = object()  # no game set up gives the value: the declared initial one
VARIES = object()  # the games set up disagree: drawn anew for each sample


@attrs.define
class StartValues:
    """A ruleset's variables as games set up for one set of players, options and campaign
    hold them: the value all the games tried agree on, ``VARIES`` where they do not,
    ``UNKNOWN`` where none gives one; by name, and by name and key for a variable kept per
    key."""
    single: dict[str, Any]
    per_key: dict[str, dict[Value, Any]]

    def of(self, name: str, key: Value, keyed: bool) -> Any:
        if keyed:
            return self.per_key.get(name, {}).get(key, UNKNOWN)
        return self.single.get(name, UNKNOWN)


def readable(visibility: str | None, owner: Value, seat: int) -> bool:
    """Whether ``seat`` may read a variable (or one key of it, owned by ``owner``)."""
    if visibility in VISIBLE_TO_ALL:
        return True
    if visibility == "owner":
        return owner is None or owner == seat
    if visibility == "others":
        return owner is None or owner != seat
    return False  # hidden, or anything this sampler does not know: treated as unreadable


def unreadable(s: Game, seat: int) -> list[tuple[str, Value, bool]]:
    """The variables (and keys) ``seat`` may not read in ``s``: (name, key, kept per key)."""
    out: list[tuple[str, Value, bool]] = []
    for var in s.rules.code.tops.vars:
        info = var.info
        visibility = info.visibility
        if visibility in VISIBLE_TO_ALL:
            continue
        if not info.keys:
            if not readable(visibility, None, seat):
                out.append((info.name, None, False))
            continue
        owner_at = next((i for i, key in enumerate(info.keys) if key.of_seats), None)
        for key in s.vars[info.name]:
            keys = key if isinstance(key, tuple) else (key,)
            if not readable(visibility, keys[owner_at] if owner_at is not None else None, seat):
                out.append((info.name, key, True))
    return out


def set_unreadable(s: Game, seat: int, rng: Random) -> None:
    """Each variable (or key) ``seat`` may not read in the sample ``s`` set as a game just
    set up holds it (see the module); ``rng`` draws the seed of that game where the setup's
    chance decides it."""
    hidden = unreadable(s, seat)
    if not hidden:
        return
    starts = start_values(s)
    drawn: dict[str, Value] | None = None  # a game set up with a drawn seed: its variables
    inits = {var.info.name: var.init for var in s.rules.code.tops.vars}
    values: list[Value] = []
    for name, key, keyed in hidden:
        value = starts.of(name, key, keyed)
        if value is VARIES:
            if drawn is None:
                drawn = _set_up(s, rng.getrandbits(63)) or {}
            value = drawn.get(name, UNKNOWN)
            if keyed:
                value = value.get(key, UNKNOWN) if type(value) is Keyed else UNKNOWN
            if _holds_cards(value):
                value = UNKNOWN
        values.append(_initial(s, inits[name]) if value is UNKNOWN else value)
    _put(s, hidden, values)


def copy_unreadable(s: Game, world: Game, seat: int) -> None:
    """Each variable (or key) ``seat`` may not read in ``s`` set as the sample ``world``
    holds it (a past game of the seat's, seen in that world)."""
    hidden = unreadable(s, seat)
    _put(s, hidden, [world.vars[name][key] if keyed else world.vars[name]
                     for name, key, keyed in hidden])


def _put(s: Game, hidden: list[tuple[str, Value, bool]], values: list[Value]) -> None:
    """Each of ``hidden`` set to its value in ``values``; a table kept per key copied once
    first (a copy's tables may be the game's it was copied from)."""
    copied: set[str] = set()
    for (name, key, keyed), value in zip(hidden, values):
        if not keyed:
            s.vars[name] = value
            continue
        if name not in copied:
            copied.add(name)
            s.vars[name] = s.vars[name].copy()
        s.vars[name][key] = value


def start_values(s: Game) -> StartValues:
    """``StartValues`` for ``s``'s rules, players, options and campaign: worked out once, from
    games set up with the seeds 0 to ``TRIED - 1``."""
    rules = s.rules
    # (the campaign's variables are public, the checker refuses others: set up with them as
    # they are, a game tells nothing hidden)
    key = (s.nplayers, repr(sorted((k, repr(v)) for k, v in s.options.items())),
           repr(s.carried))
    found = rules.start_values.get(key)
    if found is None:
        games = [_set_up(s, seed) for seed in range(TRIED)]
        found = StartValues({}, {})
        for var in rules.code.tops.vars:
            name = var.info.name
            seen: list[Any] = [g.get(name, UNKNOWN) if g is not None else UNKNOWN for g in games]
            if not var.info.keys:
                found.single[name] = _agreed(seen)
            elif all(type(v) is Keyed for v in seen):
                found.per_key[name] = {k: _agreed([v.get(k, UNKNOWN) for v in seen])
                                       for k in seen[0]}
        if len(rules.start_values) < 64:
            rules.start_values[key] = found
    return found


def _agreed(seen: list[Any]) -> Any:
    if any(v is UNKNOWN or _holds_cards(v) for v in seen):
        return UNKNOWN
    first = seen[0]
    return first if all(v == first and type(v) is type(first) for v in seen) else VARIES


def _set_up(s: Game, seed: int) -> dict[str, Value] | None:
    """The variables of a game of ``s``'s rules, players, options and campaign, set up with
    ``seed``; None if it cannot be set up. A setup that asks the players (pieces hidden in
    secret) has each decision answered at random, from ``seed``: what they might have chosen,
    not the start values they held before choosing (no pieces at all)."""
    try:
        kept: list[Game] = []
        game = s.rules.start_game(s.nplayers, seed, dict(s.options), log=False,
                                  carried=s.carried, after_setup=kept.append)
        rng = Random(seed)
        for _ in range(SETUP_DECISIONS):
            if kept or not game.in_setup or game.over or not game.to_move_all:
                break
            for seat in list(game.to_move_all):
                game.play(rng.choice(game.legal_moves(seat)), seat=seat)
        if not kept:  # (no setup, or one that never ends: the game as it stands)
            return game.vars
    except Exception:  # a setup that fails there: nothing is told of the variables
        return None
    return kept[0].vars


def _holds_cards(value: Any) -> bool:
    if type(value) is Card:
        return True
    if isinstance(value, (list, tuple)):
        return any(_holds_cards(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_cards(v) for v in value.values())
    return False


def _initial(s: Game, init: Callable[[Game], Value] | None) -> Value:
    if init is None:
        return None
    try:
        return s.guard(lambda: init(s))
    except Exception:  # an initial value that cannot be worked out now: nothing is known
        return None
