"""Whether a seat knows the same in rulelang as in OpenSpiel: the two engines' partitions
of the histories a seat cannot tell apart.

At every decision of a cross-checked game (``crosscheck.play_both``) the player to move
has an information state in OpenSpiel (a string, ``information_state_string`` or
``observation_string``) and a view in rulelang (``game.view(seat)``). Two histories
that OpenSpiel gives that player the same information state must give the seat the same
view, and two that give it the same view must have the same information state: the
engines partition the histories alike. Neither text is compared with the other, only
which histories each tells apart, so OpenSpiel's wording and ours never matter.

What of our view is compared: everything but what is only presentation (``PRESENTATION``:
the game's title, the seats' names, the labels, where each log line comes from in the
rules). With ``memory`` the log stays in: it is the seat's memory of the game, what it
saw happen in order, as OpenSpiel's information states remember (perfect recall); without
it, only the position as it stands, for an observation that forgets the past.

Random deals seldom give a seat the same cards twice, so most histories of a card game
would be alone in their class and the check would say nothing. ``held_deal`` deals each
group of ``family`` games one seat's cards (and the public chance drawn first) alike from
one deal and shuffles every other card anew: that seat then meets the same information
with other cards hidden from it, which is where a leak would show.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import attrs

from support.crosscheck import Mismatch, Pairing, dealing, play_both

# Parts of a view that only present it: the same for every history of a game, or read
# from the rest (labels, names, the rules' line of each log entry).
PRESENTATION = ("game", "seats", "seat_vars", "var_labels", "option_labels", "log_at")


def compared_view(view: dict[str, Any], memory: bool,
                  normalize: Callable[[dict[str, Any]], dict[str, Any]] | None = None
                  ) -> dict[str, Any]:
    """The part of our view that is compared (see the module's docstring): a hand's
    cards as a set (their order is the order they were dealt in, which no rule reads
    and OpenSpiel does not keep), and ``normalize`` for what a game's check explains."""
    out = {key: value for key, value in view.items() if key not in PRESENTATION}
    if not memory:
        out.pop("log", None)
    out["zones"] = {name: dict(zone, cards=sorted(zone["cards"], key=digest))
                    if zone["kind"] == "hand" else zone
                    for name, zone in out["zones"].items()}
    return normalize(out) if normalize else out


def digest(value: Any) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True).encode()).hexdigest()


@attrs.frozen
class Where:
    """One history: a game's seed and the decisions made before it, and the seat."""
    seed: int
    decision: int
    seat: int

    def __str__(self) -> str:
        return f"seed {self.seed}, before decision {self.decision}, P{self.seat + 1}"


@attrs.frozen
class Disagreement:
    first: Where
    second: Where
    same_in: str  # "OpenSpiel": the same information state, our views differ; or "rulelang"


@attrs.define
class Partition:
    """The histories met so far, by information state and by view; each class keeps the
    first history met in it and what it is in the other engine."""
    by_native: dict[str, tuple[str, Where]] = attrs.Factory(dict)
    by_ours: dict[str, tuple[str, Where]] = attrs.Factory(dict)
    histories: int = 0
    disagreements: list[Disagreement] = attrs.Factory(list)

    def add(self, seat: int, native: str, ours: dict[str, Any], where: Where) -> None:
        native_key, our_key = f"{seat}|{native}", f"{seat}|{digest(ours)}"
        self.histories += 1
        seen = self.by_native.setdefault(native_key, (our_key, where))
        if seen[0] != our_key:
            self.disagreements.append(Disagreement(seen[1], where, "OpenSpiel"))
        seen = self.by_ours.setdefault(our_key, (native_key, where))
        if seen[0] != native_key:
            self.disagreements.append(Disagreement(seen[1], where, "rulelang"))

    @property
    def classes(self) -> int:
        """Information states met in more than one history would be the interesting ones;
        this is how many there are in all (OpenSpiel's count)."""
        return len(self.by_native)


def information_state(state: Any, player: int) -> str:
    return state.information_state_string(player)


def observation(state: Any, player: int) -> str:
    return state.observation_string(player)


@attrs.define
class InfoCheck:
    """How one cross-checked game's information is compared."""
    pairing: Pairing
    native_text: Callable[[Any, int], str] = information_state
    memory: bool = True     # our view with its log (see the module's docstring)
    family: int = 8         # games that deal one seat's cards alike (see held_deal)
    # our compared view -> what of it is compared, where the engines differ by design
    normalize: Callable[[dict[str, Any]], dict[str, Any]] | None = None


def held_deal(pairing: Pairing, family_seed: int, seat: int
              ) -> Callable[[random.Random], tuple[dict[str, Any], list[str]]]:
    """A deal for ``play_both``: the chance drawn from ``family_seed``, then every token
    but those ``seat`` knows from the start shuffled by the game's own generator."""
    def deal(rng: random.Random) -> tuple[dict[str, Any], list[str]]:
        _, order = dealing(pairing, random.Random(family_seed))
        if pairing.dealt_to is None:
            return pairing.fixing(order), order
        kept = set(pairing.dealt_to(pairing.players, seat))
        free = [i for i in range(len(order)) if i not in kept]
        tokens = [order[i] for i in free]
        rng.shuffle(tokens)
        for i, token in zip(free, tokens):
            order[i] = token
        return pairing.fixing(order), order
    return deal


def _game(check: InfoCheck, seed: int) -> tuple[int, Callable[..., Any]]:
    family = seed // check.family
    seat = family % check.pairing.players
    return seat, held_deal(check.pairing, 10_000 + family, seat)


def compare(check: InfoCheck, games: int, first_seed: int = 0,
            rules: Any = None, native: Any = None) -> Partition:
    """``games`` seeded games through both engines; every decision's player, its
    information state and its view, grouped. A game that disagrees on its moves raises
    ``Mismatch`` (the move cross-check's business)."""
    pairing = check.pairing
    rules, native = rules or pairing.load_ours(), native or pairing.load_native()
    partition = Partition()
    for seed in range(first_seed, first_seed + games):
        _, deal = _game(check, seed)

        def observe(state: Any, ours: Any, decision: int, seed: int = seed) -> None:
            player = state.current_player()
            partition.add(player, check.native_text(state, player),
                          compared_view(ours.view(player), check.memory, check.normalize),
                          Where(seed, decision, player))
        play_both(pairing, seed, rules, native, observe=observe, deal=deal, log=True)
    return partition


class _Reached(Exception):
    def __init__(self, native: str, ours: dict[str, Any]):
        self.native, self.ours = native, ours


def position(check: InfoCheck, where: Where, rules: Any = None) -> tuple[str, dict[str, Any]]:
    """The information state and our compared view of one history, played again."""
    _, deal = _game(check, where.seed)

    def observe(state: Any, ours: Any, decision: int) -> None:
        if decision == where.decision:
            raise _Reached(check.native_text(state, where.seat),
                           compared_view(ours.view(where.seat), check.memory,
                                         check.normalize))
    try:
        play_both(check.pairing, where.seed, rules, observe=observe, deal=deal, log=True)
    except _Reached as reached:
        return reached.native, reached.ours
    raise Mismatch(f"{where} was not reached again")


Position = Callable[[Where], tuple[str, dict[str, Any]]]  # a history -> (native, ours)


def explain(name: str, disagreement: Disagreement, position: Position) -> str:
    """Two histories one engine cannot tell apart and the other can, and how each engine
    shows them: OpenSpiel's two information states, then a diff of our two views."""
    (native_a, ours_a), (native_b, ours_b) = (position(w) for w in
                                              (disagreement.first, disagreement.second))
    other = "rulelang" if disagreement.same_in == "OpenSpiel" else "OpenSpiel"
    lines = [f"{name}: {disagreement.same_in} gives the same information, "
             f"{other} tells them apart:",
             f"  A: {disagreement.first}", f"  B: {disagreement.second}",
             f"OpenSpiel A: {native_a!r}", f"OpenSpiel B: {native_b!r}",
             "rulelang's views, A to B:"]
    a, b = (json.dumps(v, indent=1, sort_keys=True).splitlines() for v in (ours_a, ours_b))
    lines += list(difflib.unified_diff(a, b, "A", "B", n=2, lineterm="")) or ["  (the same)"]
    return "\n".join(lines)


def report_of(name: str, partition: Partition, position: Position, shown: int = 2) -> str:
    """The first ``shown`` disagreements explained, for an assertion's message."""
    parts = [f"{len(partition.disagreements)} histories disagree of {partition.histories}"]
    parts += [explain(name, d, position) for d in partition.disagreements[:shown]]
    return "\n\n".join(parts)


def report(check: InfoCheck, partition: Partition, rules: Any = None, shown: int = 2) -> str:
    """``report_of`` for a check of a pairing's game."""
    return report_of(check.pairing.name, partition, lambda w: position(check, w, rules), shown)
