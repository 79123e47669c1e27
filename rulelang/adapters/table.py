"""One ruleset at one table (players, options): what both adapters share.

Opening a table loads the rules, plays a few games at random to learn what the game's
things are (seats, zones, cards by name, shapes, how long games run, what scores
come out), numbers every move (``actions.py``) and checks that every move those
games offered has a number.
"""
from __future__ import annotations

import hashlib
import os
import random
from collections import OrderedDict

import attrs

from interpreter.compiler import switches
from interpreter.compiler.kept_modules import remember
from interpreter.rules import Rules
from interpreter.runtime.outcome import Outcome
from interpreter.runtime.values import PLAYER_SEATS
from rulelang.adapters.actions import ActionSpace, GameFacts, build, pick_sizes
from rulelang.adapters.card_lists import card_lists_of
from rulelang.adapters.chance_nodes import Position, random_chance
from rulelang.language.errors import RulesError

PROBE_GAMES = 6


@attrs.define(eq=False)
class Table:
    rules: Rules
    path: str | None
    players: int
    options: dict
    facts: GameFacts
    actions: ActionSpace
    cooperative: bool
    has_chance: bool
    longest_game: int  # the most decisions a probe game took
    max_chance_outcomes: int
    score_range: tuple  # (lowest, highest) score seen in probe games
    fast_copy: bool  # the engine can copy a game (game.copy())

    @property
    def title(self) -> str:
        return self.rules.title

    def new_position(self) -> Position:
        return Position(self.rules, self.players, self.options, fast_copy=self.fast_copy)

    def new_game(self, seed: int):
        """An engine game drawing its chance from the seed (for environments)."""
        return self.rules.new_game(players=self.players, seed=seed, options=self.options)

    def returns(self, outcome: Outcome, mode: str = "win") -> list[float]:
        """Each player's return from a finished game's outcome.

        ``win``: +1 for a winner, -1 for a loser; 0 for everyone when all or none win
        (a draw). ``score``: the scores. A cooperative game gives everyone the same:
        +1 or -1 for the team's win or loss (0 for a game that ended with a score and no
        verdict), or the mean score."""
        n = self.players
        if mode == "score":
            values = [float(outcome.scores.get(PLAYER_SEATS[p], 0) or 0) for p in range(n)]
            return [sum(values) / n] * n if self.cooperative else values
        winners = set(outcome.winners)
        if self.cooperative:
            if outcome.result == "score":
                return [0.0] * n
            won = outcome.result == "win" or bool(winners)
            return [1.0 if won else -1.0] * n
        if len(winners) in (0, n):
            return [0.0] * n
        return [1.0 if p in winners else -1.0 for p in range(n)]

    def utility_range(self, mode: str) -> tuple[float, float]:
        if mode != "score":
            return -1.0, 1.0
        lo, hi = self.score_range
        margin = max(hi - lo, 1) + 10  # seen scores, widened: no rule bounds them for us
        return float(lo - margin), float(hi + margin)


def open_table(source, players: int | None = None, options: dict | None = None,
               probes: int = PROBE_GAMES) -> Table:
    """A table for a ruleset (a path or loaded rules), players and options."""
    import rulelang
    path = None
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        rules = rulelang.load(path)
    else:
        rules = source
    program = rules.program
    players = program.min_players if players is None else players
    options = dict(options or {})
    rules.new_game(players=players, seed=0, options=options)  # refuses bad players or options
    learned = _learned(rules, players, options, probes)
    return Table(rules=rules, path=path, players=players, options=options, facts=learned.facts,
                 actions=learned.actions, cooperative=program.cooperative,
                 has_chance=bool(rules.chance), longest_game=learned.longest_game,
                 max_chance_outcomes=learned.max_chance_outcomes,
                 score_range=learned.score_range, fast_copy=learned.fast_copy)


@attrs.frozen
class _Learned:
    """What a table's probe games teach: the same for the same rules, players, options and
    probes (the games are seeded), so worked out once (``_learned``) and shared by the
    tables opened alike; no table changes them."""
    facts: GameFacts
    actions: ActionSpace
    longest_game: int
    max_chance_outcomes: int
    score_range: tuple
    fast_copy: bool


MAX_LEARNED = 64  # tables' lessons kept (a server, a suite or a learner opens the same few)
# (digest of the rules' texts, lean, compiler switches, players, options, probes) ->
# what the probe games taught: the same texts compile to the same program, so rules loaded
# again (a new program each load) find the lessons of the first load
_LEARNED: OrderedDict[tuple, _Learned] = OrderedDict()


def _texts_digest(program) -> str:
    """The rules by their content: the text of each file read, in the order read (as a
    save's fingerprint, but the whole digest)."""
    digest = hashlib.sha256()
    for text in program.sources.values():
        digest.update(text.encode() + b"\0")
    return digest.hexdigest()


def _learned(rules: Rules, players: int, options: dict, probes: int) -> _Learned:
    program = rules.program
    # options by repr: exact for what options hold (numbers, texts, yes/no, members, lists)
    key = (_texts_digest(program), rules.lean_path, switches(), players,
           tuple((name, repr(value)) for name, value in options.items()), probes)
    kept = _LEARNED.get(key)
    if kept is not None:
        remember(_LEARNED, key, kept, MAX_LEARNED)
        return kept
    probe = _Probe(program)
    for seed in range(max(probes, 1)):
        probe.play(rules, players, options, seed)
    facts = probe.facts(players)
    actions = build(program, facts, card_lists_of(rules, players, options))
    missing = sorted(m for m in probe.moves if m not in actions.ids)
    if missing:
        raise RulesError(f"{rules.title}: moves offered in play are missing from the action "
                         f"space worked out from the rules: {', '.join(missing[:8])}")
    sizes = [s for s in pick_sizes(program, facts) if s is not None]
    max_outcomes = max([sum(facts.cards_per_kind.values()), probe.cards_made, probe.longest_pick,
                        *sizes, 1])
    learned = _Learned(facts, actions, probe.longest, max_outcomes,
                       (min(probe.scores, default=0), max(probe.scores, default=0)),
                       probe.fast_copy)
    remember(_LEARNED, key, learned, MAX_LEARNED)
    return learned


class _Probe:
    """Games played at random with a chance source of our own: what they show the host."""

    def __init__(self, program):
        self.program = program
        self.seats: tuple = ()
        self.zones: dict = {}
        self.labels: dict = {}
        self.counts: dict = {}
        self.shapes: list = []
        self.known: dict = {}
        self.moves: set = set()
        self.scores: list = []
        self.longest = 0
        self.longest_pick = 0
        self.cards_made = 0
        self.fast_copy = False

    def play(self, rules, players, options, seed):
        rng = random.Random(seed)
        draw = random_chance(rng)

        def chance(game, event, items):
            self.longest_pick = max(self.longest_pick, len(items))
            return draw(game, event, items)
        game = rules.new_game(players=players, seed=seed, options=options, chance=chance)
        self.fast_copy = hasattr(game, "copy")
        self.known.update(getattr(game, "consts", {}) or {})
        self._see(game.view(None))
        decisions = 0
        while not game.is_over:
            moves = game.legal_moves()
            self.moves.update(str(m) for m in moves)
            game.play(rng.choice(moves))
            decisions += 1
            if decisions % 16 == 0:
                self._see(game.view(None))
        self._see(game.view(None))
        self.longest = max(self.longest, decisions)
        outcome = game.outcome_record
        self.scores.extend(v for v in (outcome.scores.values() if outcome is not None else ())
                           if isinstance(v, (int, float)))
        self.cards_made = max(self.cards_made, len(getattr(game, "cards", ()) or ()))

    def _see(self, view):
        self.seats = tuple(view["seats"][s] for s in sorted(view["seats"]))
        shape_fields = {kind: [f.name for f in info.fields.values() if f.type.name == "shape"]
                        for kind, info in self.program.cards.items()}
        counts: dict = {}
        for name, zone in view["zones"].items():
            self.zones.setdefault(name, {k: v for k, v in zone.items() if k not in ("cards", "size")})
            for card in zone["cards"]:
                kind, label = card.get("kind"), card.get("name")
                counts[kind] = counts.get(kind, 0) + 1
                labels = self.labels.setdefault(kind, {})
                if label is not None and label not in labels:
                    labels[label] = self._order(kind, card)
                for field in shape_fields.get(kind, ()):
                    text = card.get(field)
                    if isinstance(text, str) and text not in self.shapes:
                        self.shapes.append(text)
        for kind, n in counts.items():
            self.counts[kind] = max(self.counts.get(kind, 0), n)

    def _order(self, kind, card):
        """Where a card's name goes among its kind's: by its fixed fields, in the order the
        kind declares them (an enum field by member order), then by name."""
        key = []
        info = self.program.cards.get(kind)
        for field in (info.fields.values() if info else ()):
            if field.mutable:
                continue
            value = card.get(field.name)
            if field.type.name == "enum" and value in self.program.enums[field.type.arg]:
                value = self.program.enums[field.type.arg].index(value)
            key.append((0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value)))
        return tuple(key), card.get("name", "")

    def facts(self, players) -> GameFacts:
        return GameFacts(players=players, seats=self.seats, zones=self.zones,
                         labels={k: tuple(sorted(v, key=v.get)) for k, v in self.labels.items()},
                         cards_per_kind=dict(self.counts), shapes=tuple(self.shapes),
                         known=self.known)
