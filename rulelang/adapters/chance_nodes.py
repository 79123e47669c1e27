"""A game in progress whose chance is decided from outside: chance nodes on the public API.

The interpreter draws chance while it runs and cannot pause there. A ``Position``
gives it a chance source (``new_game(chance=...)``) that answers every draw from a
record of outcomes decided so far and, when the record runs out, stops the engine by
raising ``NeedChance``. The position is then a chance node: the caller picks the
outcome (a shuffle one card at a time, top first, as Fisher-Yates would; a random
pick in one step), and once the draw is complete the engine game is rebuilt from the
last snapshot by replaying the moves since, with the record now longer.

Snapshots are ``game.copy()`` where the engine has it, else ``game.save()`` (restored
with ``rules.restore``). Moves are played in place; a copied position shares its
engine game until one of the two moves (copy on write).
"""
from __future__ import annotations

import json
import weakref
from collections import deque
from typing import cast

import attrs

from interpreter.runtime.lean_twin import lean_twin
from interpreter.runtime.outcome import Outcome
from interpreter.runtime.values import EnumValue, Seat
from rulelang.language.errors import RulesError


class NeedChance(Exception):
    """Raised through the engine when it draws chance nobody has decided yet."""

    def __init__(self, event, items, faces, names):
        super().__init__(event)
        self.event, self.items, self.faces, self.names = event, items, faces, names


@attrs.frozen
class Draw:
    """One decided chance event, replayable in any game of the same table:
    a shuffle's new order as card numbers (top last), or a pick's item index."""
    event: str
    order: tuple | None = None
    index: int | None = None


class Source:
    """The engine's chance source: recorded draws in order, then ``NeedChance``."""

    def __init__(self, draws):
        self.draws = deque(draws)

    def __call__(self, game, event, items):
        if self.draws:
            draw = self.draws.popleft()
            if draw.event != event:
                raise RulesError(f"replaying chance: expected '{draw.event}', the game drew '{event}'")
            if draw.order is not None:
                by_id = {card.id: card for card in items}
                return [by_id[i] for i in draw.order]
            return items[draw.index]
        raise NeedChance(event, items, _faces(game, event, items),
                         [game.text_of(item) for item in items])


# (card, its var fields' values) -> its face as ``_faces`` writes it, for a card whose host
# view is its fields and var fields alone (plain values; hints that read them alone): the same
# cards are shuffled game after game (a table's games share its cards: Game.copy), and
# writing their views out was a tenth of an OpenSpiel game of a card game. Bounded.
FACES_KEPT: dict[tuple, str] = {}
FACES_KEPT_MAX = 20_000
_PLAIN = frozenset({int, str, bool, type(None), EnumValue, Seat})  # (shown by value or name)


def _faces(game, event, items):
    """For a shuffle: each card as everything about it the host sees (two cards alike
    in all of it are one outcome). For a pick: each item's group, equal items together."""
    if event.startswith("shuffle "):
        return [_face(game, card) for card in items]
    first: dict = {}
    out = []
    for i, item in enumerate(items):
        try:
            out.append(first.setdefault(item, i))
        except TypeError:  # an unhashable item is its own outcome
            out.append(i)
    return out


def _face(game, card) -> str:
    """A card's host view as canonical JSON: worked out once per card and var fields'
    values where that view depends on nothing else (``FACES_KEPT``)."""
    from interpreter.runtime.views import card_view
    code = game.rules.kinds[card.kind]
    key = None
    if code.hints is None or code.hints_pure:
        values = tuple(game.cv[name][card.id] for name in code.var_fields)
        if all(type(v) in _PLAIN for v in card.f.values()) and \
                all(type(v) in _PLAIN for v in values):
            key = (card, values)
            found = FACES_KEPT.get(key)
            if found is not None:
                return found
    face = json.dumps(card_view(game, card, None), sort_keys=True, default=str)
    if key is not None:
        if len(FACES_KEPT) >= FACES_KEPT_MAX:
            FACES_KEPT.clear()
        FACES_KEPT[key] = face
    return face


def random_chance(rng):
    """A chance source drawing every outcome from ``rng`` (a ``random.Random``)."""
    def chance(game, event, items):
        if event.startswith("shuffle "):
            order = list(items)
            rng.shuffle(order)
            return order
        return items[rng.randrange(len(items))]
    return chance


@attrs.define
class ChanceNode:
    """A draw being decided: a shuffle card by card (top first), or a pick."""
    event: str
    shuffle: bool
    ids: list  # a shuffle: card numbers still to place; a pick: item indexes
    faces: list  # parallel to ids: what makes two outcomes the same
    names: dict  # outcome -> how it prints (a card's name, an item's text)
    placed: list = attrs.Factory(list)  # a shuffle: card numbers placed so far, top first
    # the outcomes by name (as ``outcomes`` names them), for ``describe``, and how many
    # cards were left to place when they were found (a shuffle's ids only shrink)
    _by_name: tuple = attrs.field(default=(-1, {}), init=False, eq=False, repr=False)
    # face -> the card numbers (item indexes) with it still to place, ascending: worked out
    # once a node, then a card taken out at each step (not every card grouped at each step)
    _groups: dict | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @classmethod
    def from_need(cls, need: NeedChance):
        shuffle = need.event.startswith("shuffle ")
        ids = [c.id for c in need.items] if shuffle else list(range(len(need.items)))
        return cls(need.event, shuffle, ids, list(need.faces), dict(zip(ids, need.names)))

    def copy(self):
        return ChanceNode(self.event, self.shuffle, list(self.ids), list(self.faces), self.names,
                          list(self.placed))

    def outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability), outcomes ascending: alike cards or equal items are
        one outcome, named by the lowest card number or item index among them."""
        groups = self._groups
        if groups is None:
            groups = {}
            for i, face in zip(self.ids, self.faces):
                same = groups.get(face)
                if same is None:
                    groups[face] = [i]
                else:
                    same.append(i)
            for same in groups.values():
                same.sort()
            self._groups = groups
        total = len(self.ids)
        return sorted([(same[0], len(same) / total) for same in groups.values()])

    def describe(self, outcome: int) -> str:
        """How an outcome prints: the card's name or the item's text; a card alike in name
        to another outcome but not in everything says how it differs (``showing fire``)."""
        name = self.names.get(outcome)
        if not self.shuffle or outcome not in self.ids:
            return str(name)
        same = self._outcomes_named(name)
        if len(same) < 2:
            return str(name)
        faces = {i: json.loads(self.faces[self.ids.index(i)]) for i in same}
        mine = faces[outcome]
        differing = [k for k in sorted(mine) if any(f.get(k) != mine[k] for f in faces.values())]
        return f"{name} ({', '.join(f'{k} {mine[k]}' for k in differing)})"

    def _outcomes_named(self, name) -> list[int]:
        """``[i for i, _ in self.outcomes() if self.names.get(i) == name]``, found once
        for every name while the same cards are left to place (describing every outcome
        asked for the outcomes again each time)."""
        left, by_name = self._by_name
        if left != len(self.ids):
            lowest: dict = {}  # face -> the lowest card number with it, as in outcomes
            for i, face in zip(self.ids, self.faces):
                if face not in lowest or i < lowest[face]:
                    lowest[face] = i
            by_name = {}
            for i in sorted(lowest.values()):
                by_name.setdefault(self.names.get(i), []).append(i)
            self._by_name = (len(self.ids), by_name)
        return by_name.get(name, [])

    def choose(self, outcome: int) -> Draw | None:
        """Decide one step; the finished draw once nothing is left to decide."""
        if outcome not in self.ids:
            raise RulesError(f"{outcome} is not a chance outcome of '{self.event}' now")
        if not self.shuffle:
            return Draw(self.event, index=outcome)
        i = self.ids.index(outcome)
        self.placed.append(self.ids.pop(i))
        face = self.faces.pop(i)
        groups = self._groups
        if groups is not None:
            same = groups[face]
            same.remove(outcome)
            if not same:
                del groups[face]
        if (len(groups) if groups is not None else len(set(self.faces))) <= 1:
            # what is left is alike: its order does not matter
            top_first = self.placed + self.ids
            return Draw(self.event, order=tuple(reversed(top_first)))
        return None


@attrs.frozen
class Anchor:
    """Where rebuilding starts: a snapshot of the engine game after so many moves and draws."""
    snapshot: object
    moves: int
    draws: int


class _Box:
    """An engine game shared by positions copied from one another until one of them
    moves (copy on write), with the views (and their texts) already worked out for it."""
    __slots__ = ("engine", "users", "views", "texts", "moves")

    def __init__(self, engine):
        self.engine, self.users, self.views, self.texts = engine, 1, {}, {}
        self.moves: dict | None = None  # action id -> legal move, once asked


def _leave(slot):
    slot[0].users -= 1


# Moves between two snapshots to rebuild from, in a game whose rules draw chance after setup
# (a deck shuffled again, a new deal): a draw decided then replays at most this many moves
# since the last snapshot, not every move since the draw before it (a snapshot costs about
# as much as replaying two moves of a card game; every 8, 16 or 32 measured alike: 1.02-1.08x)
ANCHOR_EVERY = 16


class Position:
    """An engine game at a decision or over, or a chance node, with its history."""

    def __init__(self, rules, players, options, fast_copy=None, moves=(), draws=(), placed=()):
        """A new game; or, given a record (moves, draws, cards placed in a shuffle being
        decided), the game it describes, rebuilt by replaying it."""
        self.rules, self.players, self.options = rules, players, options
        self.moves: list = list(moves)  # notations played, in order
        self.draws: list = list(draws)  # Draw records, in order
        self.chance: ChanceNode | None = None
        self.anchor: Anchor | None = None  # where rebuilding starts; None: a new game
        self.fast_copy = fast_copy
        # whether a draw may come after setup: then snapshots are taken as moves are played
        self.chance_in_play = any(not site.setup_only for site in rules.chance)
        self._slot = [_Box(None)]
        weakref.finalize(self, _leave, self._slot)
        self._advance(self._rebuild())
        for card in placed:
            self.decide_chance(card)

    @property
    def is_chance(self) -> bool:
        return self.chance is not None

    @property
    def engine(self):
        """The engine game (None at a chance node). Read it, never change it: it may be
        shared with copies of this position."""
        return self._slot[0].engine

    def view(self, seat, log=True):
        """``engine.view(seat)``, worked out once per game state; ``log=False``: a view
        without the log's lines (``Game.view``), or the whole one if worked out already."""
        box = self._slot[0]
        found = box.views.get(seat)
        if found is None and not log:
            found = box.views.get(("bare", seat))
            if found is None:
                found = box.views[("bare", seat)] = box.engine.view(seat, log=False)
            return found
        if found is None:
            found = box.views[seat] = box.engine.view(seat)
        return found

    def moves_by_action(self, actions) -> dict:
        """The legal moves by their ids in ``actions`` (an ``ActionSpace``), worked out once
        per game state (OpenSpiel asks for the legal actions, then plays one: twice a move).
        Read it, never change it."""
        box = self._slot[0]
        found = box.moves
        if found is None:
            ids = actions.id_of
            found = box.moves = {ids(str(m)): m for m in box.engine.legal_moves()}
        return found

    def view_text(self, seat, write) -> str:
        """``write(self.view(seat))``, worked out once per game state and writer (OpenSpiel
        asks for a state's text and each seat's again and again)."""
        box = self._slot[0]
        found = box.texts.get((seat, write))
        if found is None:
            found = box.texts[(seat, write)] = write(self.view(seat))
        return found

    # ------------------------------------------------------------ changes
    def play(self, move) -> None:
        """Play a legal move (one of the engine's ``legal_moves()``)."""
        self._own()
        if self.chance_in_play and len(self.moves) - (
                self.anchor.moves if self.anchor is not None else 0) >= ANCHOR_EVERY:
            # (at a decision every draw so far is played: ``_rebuild`` checks it)
            self.anchor = Anchor(self._snapshot(self.engine), len(self.moves), len(self.draws))
        self.moves.append(str(move))
        box = self._slot[0]
        box.views.clear()
        box.texts.clear()
        box.moves = None
        try:
            box.engine.play(move)
        except NeedChance as need:
            self._set_engine(None)
            self._advance(need)

    def decide_chance(self, outcome: int) -> None:
        draw = cast(ChanceNode, self.chance).choose(outcome)  # asked at a chance node only
        if draw is not None:
            self.draws.append(draw)
            self.chance = None
            self._advance(self._rebuild())

    def copy(self) -> Position:
        twin = Position.__new__(Position)
        twin.rules, twin.players, twin.options = self.rules, self.players, self.options
        twin.moves, twin.draws = list(self.moves), list(self.draws)
        twin.chance = self.chance.copy() if self.chance is not None else None
        twin.anchor, twin.fast_copy = self.anchor, self.fast_copy
        twin.chance_in_play = self.chance_in_play
        box = self._slot[0]
        box.users += 1
        twin._slot = [box]
        weakref.finalize(twin, _leave, twin._slot)
        return twin

    def playout(self, rng, lean: bool = True) -> Outcome:
        """The outcome of a game played on from here by random moves, chance drawn from
        ``rng`` (a ``random.Random``), inside the engine: for search algorithms. Played out
        on the lean path (``lean_twin``: no log, rules that can pause run direct), the same
        game as on the full path, move for move and draw for draw (``lean=False``: played
        there)."""
        position = self
        if self.is_chance:  # decide the draw first, the way a chance node would
            position = self.copy()
            while position.is_chance:
                outcomes = cast(ChanceNode, position.chance).outcomes()
                position.decide_chance(rng.choices([o for o, _ in outcomes],
                                                   [p for _, p in outcomes])[0])
        twin = lean_twin(position.engine) if lean else None
        if twin is not None:  # (None: rules a lean game cannot take on, a card's field a zone)
            twin.chance_source = random_chance(rng)

            def pick(game, seat, values, site, below=rng.randrange):
                return below(len(values))  # (as the full path draws: one a decision, forced too)

            twin.play_out(pick)
            return cast(Outcome, twin.outcome_record)  # (played out: over)
        # the full path (``lean=False``: tests/adapters/test_playout_lean.py compares them)
        game = self._revive(self._snapshot(position.engine))
        game.chance_source = random_chance(rng)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        return game.outcome_record

    # ------------------------------------------------------------ the engine game
    def _set_engine(self, engine):
        self._slot[0].users -= 1
        self._slot[0] = _Box(engine)

    def _own(self):
        """Make the engine game this position's alone before it changes."""
        box = self._slot[0]
        if box.users > 1:
            self._set_engine(self._revive(self._snapshot(box.engine)))

    def _snapshot(self, engine):
        """Something to start a copy of the engine game from: a copy, or its save."""
        return engine.copy() if self.fast_copy else engine.save()

    def _revive(self, snapshot):
        game = snapshot.copy() if self.fast_copy else self.rules.restore(snapshot)
        game.chance_source = Source([])
        return game

    def _advance(self, need: NeedChance | None):
        """Stop at the draw the engine needs, deciding at once any with one outcome."""
        while need is not None:
            self.chance = ChanceNode.from_need(need)
            outcomes = self.chance.outcomes()
            if len(outcomes) > 1:
                return
            draw = self.chance.choose(outcomes[0][0]) if outcomes else Draw(need.event, order=())
            self.draws.append(draw)
            self.chance = None
            need = self._rebuild()

    def _rebuild(self) -> NeedChance | None:
        """The engine game after every move and draw so far (or the draw it still needs)."""
        self._set_engine(None)
        if self.anchor is None:
            moves, source = self.moves, Source(self.draws)
            try:
                game = self.rules.new_game(players=self.players, seed=0, options=self.options,
                                           chance=source)
            except NeedChance as need:
                return need
        else:
            anchor = self.anchor
            moves, source = self.moves[anchor.moves:], Source(self.draws[anchor.draws:])
            game = self._revive(anchor.snapshot)
            game.chance_source = source
        try:
            for move in moves:
                game.play(move)
        except NeedChance as need:
            return need
        if source.draws:
            raise RulesError("replaying chance: decided outcomes were never drawn")
        self._set_engine(game)
        if self.draws:  # a snapshot after chance: later rebuilds start here
            self.anchor = Anchor(self._snapshot(game), len(self.moves), len(self.draws))
        return None
