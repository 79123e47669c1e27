"""What one seat may know when it is to move: the door a bot comes through.

A bot is never handed the host's game. It is handed a ``SeatKnowledge``: its seat, its
legal moves, its view (what a remote player is sent), and ``sample(rng)``: a full game,
cheap to copy and play on (no log), that is consistent with what the seat may know and
with nothing else. Look-ahead (greedy, Monte Carlo tree search) plays on samples only.

How a sample is made from the host's game (``Sampler``):

- Faces. Every card whose face the seat does not know now (``known`` mask without its
  bit) gets a face drawn from the unseen faces of its kind: those faces are put in a
  canonical order (by their text), shuffled by the bot's generator, and dealt to the
  unknown cards in the order they lie (zone by zone, as every seat sees their places; not
  by their numbers, which follow how the cards were made). So a sample depends only on
  *which* faces are unseen and where unseen cards lie, never on which hidden card really
  has which face. A face is what a view hides with it: the card's name, its fields and its
  ``var`` fields.
- Cards shuffled together after the seat saw some of them (pools.py, ``Game.pooled``):
  those faces are dealt among them first, with as many more from the pool as they are
  cards, in an order the bot's generator draws (a deck-builder's own pile holds what the
  seat saw go in, not another player's cards); the other cards get the faces left.
- Chance. The sample's generator is reseeded from the bot's generator, and outcomes fixed
  in advance by a host (``fixed``) are dropped: the seat cannot know them.
- Variables the seat may not read (``hidden``; an ``owner`` variable's other keys) hold
  what the rules, players, options and campaign tell of them: their value in a game just set
  up, where every setup gives one, else in one set up with a seed the bot draws
  (runtime/unread_vars.py). A bot plans as if it knew nothing more of them.
- The log and the moves' history are left out (they name cards other seats chose).
- What happened since, as the seat saw it (runtime/consistency.py): ``SeatKnowledge.worlds``
  replays the latest decisions the game kept in each sample and draws again (a few tries) one
  in which the seat would have seen something else (a shot disclosed a miss where it put a ship).
- Not used (documented, deliberate): inferences a person could draw from what happened
  beyond what the replay shows, e.g. a player who did not follow suit has none of that suit,
  or a player who paid in public has that much less money. (A card the seat saw stays known
  to it until a shuffle loses it, face down or not, so it keeps its real face in a sample.)
  The sample treats every face the seat does not know now as equally likely to be anywhere
  among the unknown cards of its kind.
- Known limit: a rule paused at a decision keeps the values it has already worked out (its
  locals). A local holding a card is dealt the card's sample face like any other; a local
  holding a number read from a hidden face (``let w = top(deck).worth`` before a ``choose``)
  keeps its real value, which a look-ahead could then use. Rules written for bots read a
  hidden card after the decision that should not know it; the checker warns at a
  ``choose`` where such a value is kept and read after (rulelang/language/checker/flow.py,
  ``kept_for_later``).
- A decision pending for another seat (not this one) stays as it is offered: its value is
  that seat's to choose, and a sample does not choose it.
- A choice made at once (``choose ... by each``): the answers other seats have already
  given are secret until all are in, so a sample drops them (those seats are to choose
  again in it), and its pending decision is this seat's own.
- Facts of cards told to this seat (``tell c.colour to p``, ``tell whether c.colour == red
  to p``) narrow the faces a hidden card may have: a sample deals the cards told most first,
  each the first face in the shuffled pool that fits what the seat was told (any face if
  none fits). For every card dealt anew, facts told to other seats are then dropped (they
  were facts of the real face); those told to this seat stay where the new face fits them
  (its own knowledge: ``knows(p, c.FIELD)`` in the rules' advice reads them).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import partial
from random import Random
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from interpreter.runtime import consistency, draws
from interpreter.runtime.card_refs import CardHolders, remap_state
from interpreter.runtime.consistency import Fitted, History, fitting
from interpreter.runtime.facts import NOTHING, known_to
from interpreter.runtime.lean_twin import lean_twin
from interpreter.runtime.pools import face_key, still_held
from interpreter.runtime.protocol import text_of
from interpreter.runtime.sample_parts import Composition, Face, FieldTold, Grouped, Pool, Remade, Told
from interpreter.runtime.unread_vars import copy_unreadable, set_unreadable, unreadable
from interpreter.runtime.values import Card, Seat, Value

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Move, TrailEntry
    from interpreter.runtime.engine import Game
    from interpreter.runtime.ruleset import Ruleset


class Policy(Protocol):
    """How a bot plays, as the partner model asks it: how likely a move was."""
    def chooses(self, game: Game, index: int) -> float: ...


@attrs.define
class SeatKnowledge:
    """Everything a bot is given for one decision of its seat."""
    seat: int
    moves: list[Move]  # the legal moves, as the seat is offered them
    rules: Ruleset  # the public rules (heuristic, cooperative, ...)
    players: tuple[Seat, ...]  # the seats of the players
    _sampler: Sampler | OracleSampler = attrs.field(repr=False)
    consistent: bool = True  # worlds replay the public history (``fitting``)
    unfitted: int = 0  # the worlds the latest ``worlds`` gave that contradict it (none
    # fitting in the tries; the partner model's candidates it did not give are not counted)

    def view(self) -> dict[str, Any]:
        """The seat's view, as a remote player receives it."""
        return self._sampler.game.view(self.seat)

    @property
    def oracle(self) -> bool:
        """Whether these are the oracle's samples (every card face up), not the seat's."""
        return self._sampler.oracle

    @property
    def cooperative(self) -> bool:
        return bool(self.rules.program.cooperative)

    def sample(self, rng: Random, lean: bool = False) -> Game:
        """A full game (quiet: no log) consistent with this seat's knowledge; unknown
        faces, chance to come and unreadable variables drawn from ``rng``. ``lean``: the
        same game on the lean path (``lean_twin``: a ``LeanGame``, moves played by number),
        where the rules allow it (else a full game): the same draws, the same sample."""
        return self._sampler.sample(rng, lean)

    def worlds(self, rng: Random, count: int, policy: Policy | None = None,
               lean: bool = False) -> list[Game]:
        """``count`` samples (see ``sample``). With ``policy`` (how this bot plays: its
        ``chooses(game, index)`` is how likely it was to play that move), in a cooperative
        game, the partner model: twice as many samples are drawn, each is weighed by how
        likely the partners' moves since this seat's last decision were, had they played by
        ``policy`` in it (the sample's faces put into the game as each partner was asked),
        and ``count`` are drawn again by those weights. So a partner's move tells what a
        partner who plays as this bot does would have seen, where the rules' advice makes
        moves mean something. ``lean``: as ``sample``'s."""
        sampler = self._sampler
        recent = self._partners_recent() if policy is not None and self.cooperative else []
        if not recent or policy is None or sampler.oracle:
            fitted = self.fitting(rng, count, lean)
            self.unfitted = fitted.unfitted
            return fitted.worlds
        fitted = self.fitting(rng, PARTNER_DRAWS * count, lean)
        candidates = fitted.worlds
        weights: list[float] = []
        for world in candidates:
            weight = 1.0
            for entry in recent:
                weight *= policy.chooses(_transplanted(entry.asked, world, self.seat),
                                         entry.index)
            weights.append(weight)
        chosen = range(min(count, len(candidates))) if sum(weights) <= 0 \
            else rng.choices(range(len(candidates)), weights=weights, k=count)
        self.unfitted = sum(1 for i in chosen if not fitted.fits(i))  # (of those given)
        return [candidates[i] for i in chosen]

    def fitting(self, rng: Random, count: int, lean: bool = False) -> Fitted:
        """``count`` samples that agree with what the seat saw happen (consistency.py: the
        latest decisions replayed in each): up to ``TRIES`` times as many drawn until
        ``count`` fit; short of that, the others that fit the latest decisions longest
        (counted: the figures say how often)."""
        sampler = self._sampler
        if isinstance(sampler, OracleSampler) or not self.consistent or not sampler.hides():
            return Fitted([sampler.sample(rng, lean) for _ in range(count)])
        if not consistency.may_tell(sampler.game.rules.program):
            return Fitted([sampler.sample(rng, lean) for _ in range(count)])
        history = History(sampler.game, self.seat, _transplanted)
        return fitting(partial(sampler.sample, rng, lean), history, count)

    def _partners_recent(self) -> list[TrailEntry]:
        """The partners' decisions since this seat's last one (the latest ``PARTNER_MOVES``)
        that the rules advise on and that had a choice."""
        trail = self._sampler.game.trail
        if not trail:
            return []
        out: list[TrailEntry] = []
        for entry in reversed(trail):
            if entry.seat == self.seat:
                break
            asked = entry.asked
            pending = asked.pending
            if asked.group is None and pending is not None and pending.site.prefer is not None \
                    and len(pending.values) > 1:
                out.append(entry)
            if len(out) >= PARTNER_MOVES:
                break
        return out[::-1]


PARTNER_DRAWS = 2  # the partner model draws this many samples for each world it keeps
PARTNER_MOVES = 8  # and weighs them by at most this many of the partners' latest moves
TRAIL = 64  # the decisions a bots' game keeps (Decisions.trail)


def _transplanted(asked: Game, world: Game, seat: int) -> Game:
    """The game as it was when a partner was asked (``asked``), with the faces ``world``
    gives the cards: what the partner faced, in that world, as far as ``seat`` can tell
    (what it may not read is forgotten there as in its samples: variables, facts told)."""
    s = asked.copy(logging=False, seed=0)
    table: dict[int, Card] = {}
    cards, theirs = s.cards, world.cards
    for i in range(min(len(cards), len(theirs))):
        if theirs[i] is not cards[i]:
            table[i] = cards[i] = theirs[i]
    if table:
        for name, values in world.cv.items():
            mine = s.cv[name]
            for i in table:
                mine[i] = values[i]
        remap_state(s, table, CardHolders.anywhere(s))
        _keep_own_facts(s, table, seat)
    copy_unreadable(s, world, seat)
    s.fixed = {}
    return s


def seat_knowledge(game: Game, seat: int | None = None, oracle: bool = False) -> SeatKnowledge:
    """What the seat to move (or ``seat``, one of several choosing at once) may know of
    ``game`` (built by the host for its bot). ``oracle``: every card face up instead (its
    samples are the game itself, chance to come redrawn): for a designer's simulation
    only, never at a table (see ``OracleSampler``)."""
    if seat is None:
        seat = game.to_move
    if seat is None or seat not in game.to_move_all:
        raise ValueError("no seat is to move: the game is over" if seat is None
                         else f"{game.seat_name(seat)} has nothing to decide now")
    if game.trail is None:  # from now on the game keeps what its partners' moves were
        game.trail = deque(maxlen=TRAIL)
    sampler: Sampler | OracleSampler = OracleSampler(game, seat) if oracle else Sampler(game, seat)
    return SeatKnowledge(seat, game.legal_moves(seat), game.rules, tuple(game.players), sampler)


class OracleSampler:
    """Samples that are the game itself, every card face up (chance to come redrawn, answers
    others gave in a choice made at once dropped): what a team would do if information were
    not the problem. A designer's measure (``--bots oracle`` in simulate and compare); the
    commands that seat players never build one."""
    oracle = True

    def __init__(self, game: Game, seat: int):
        self.game, self.seat = game, seat
        self.twin = _Twin(game)

    def sample(self, rng: Random, lean: bool = False) -> Game:
        s = self.twin.base(lean).copy(logging=False, seed=rng.getrandbits(63))
        s.known = [s.everyone] * len(s.known)  # face up: what a heuristic reads with knows()
        if s.group is not None:
            s.forget_choices(self.seat)
        s.fixed = {}
        s.log, s.unsettled, s.history = [], [], []
        s.pooled = {}  # (what every seat knew of the real faces)
        return s


class Sampler:
    """Makes games consistent with one seat's knowledge of ``game`` (see the module)."""
    oracle = False

    def __init__(self, game: Game, seat: int):
        self.game, self.seat = game, seat
        self._pools: list[Pool] | None = None
        self._pooled: dict[str, list[Grouped]] = {}  # kind -> its cards shuffled together
        self._remade: list[Remade] = []
        self._holders = CardHolders(False, [])  # where the game names cards (pools: once)
        self.twin = _Twin(game)

    def pools(self) -> list[Pool]:
        """For each kind: the unknown cards dealt from a fixed composition (by number) and
        the faces they may have, in canonical order; and the unknown cards made by chance.
        Worked out once per decision, on the first sample."""
        if self._pools is None:
            g, seat = self.game, self.seat
            made, known = g.made, g.known
            composition = _composition(g)
            fresh_count = composition.cards
            unknown: dict[str, list[Card]] = {}
            seen: dict[str, list[tuple[Any, ...]]] = {}  # kind -> faces (keys) of its dealt
            # cards the seat knows
            remade: list[Card] = []
            for card in _as_placed(g):
                by_chance = made and "" in made.get(card.id, ())
                if known[card.id] >> seat & 1:
                    if not by_chance:
                        seen.setdefault(card.kind, []).append(face_key(card))
                elif by_chance:
                    remade.append(card)
                else:
                    unknown.setdefault(card.kind, []).append(card)
            pools: list[Pool] = []
            for kind, cards in unknown.items():
                faces = _unseen(list(composition.faces.get(kind, ())), seen.get(kind, ()))
                # cards made after the start, of values that draw no chance: their faces
                # are as public as the values they were made of
                extra = [_face(g, c) for c in cards if c.id >= fresh_count]
                faces = sorted(faces + extra, key=lambda f: f.key)
                while faces and len(faces) < len(cards):  # (cannot happen in a played game)
                    faces += faces[:len(cards) - len(faces)]
                told = {c.id: limits for c in cards if (limits := _told_to(g, seat, c))} \
                    if g.told else {}
                pools.append(Pool(kind, [c.id for c in cards], faces, told))
            self._pools = pools
            self._pooled = _pooled_by_kind(g, seat, unknown) if g.pooled.get(seat) else {}
            self._remade = [Remade(c, _told_to(g, seat, c)) for c in remade]
            self._holders = CardHolders.of(g)
        return self._pools

    def hides(self) -> bool:
        """Whether a sample may differ from the game as the seat knows it: a card's face or
        a variable it may not read (else no replay could contradict one)."""
        g, seat = self.game, self.seat
        return any(pool.ids for pool in self.pools()) or bool(self._remade) \
            or any(not g.known[cid] >> seat & 1 for cid in g.made) \
            or bool(unreadable(g, seat))

    def sample(self, rng: Random, lean: bool = False) -> Game:
        g, seat = self.game, self.seat
        s = self.twin.base(lean).copy(logging=False, seed=rng.getrandbits(63))
        table: dict[int, Card] = {}
        cards, cv = s.cards, s.cv
        for pool in self.pools():
            kind, ids, told = pool.kind, pool.ids, pool.told
            faces = list(pool.faces)
            draws.shuffle(rng, faces)  # (as Random.shuffle draws)
            grouped = self._pooled.get(kind)
            order = ids
            if grouped:  # cards shuffled together hold the faces the seat saw go in
                order, dealt = _deal_pooled(rng, ids, faces, grouped, told)
            else:
                dealt = _deal_told(ids, faces, told) if told else faces
            for i, face in zip(order, dealt):
                table[i] = cards[i] = Card(i, kind, face.fields, face.label)
                for name, value in face.cvars:
                    cv[name][i] = value
        for remade in self._remade:  # made by chance: made again, with fresh chance
            card = remade.card
            table[card.id] = cards[card.id] = _made_again(s, card, remade.told)
        if g.made:  # var fields set by chance on cards the seat does not know: set again
            known, makings = g.known, s.rules.code.makings
            for cid, how in g.made.items():
                if not known[cid] >> seat & 1:
                    for field, (site, kept) in how.items():
                        if field:
                            make = partial(makings[site].make, s, *kept)
                            cv[field][cid] = s.guard(make)[0]
        if table:
            remap_state(s, table, self._holders)
            _keep_own_facts(s, table, seat)
        if s.group is not None:
            s.forget_choices(self.seat)
        set_unreadable(s, self.seat, rng)
        s.fixed = {}
        s.log, s.unsettled, s.history = [], [], []
        s.pooled = {}  # (what every seat knew of the real faces)
        return s


class _Twin:
    """The game samples are copied from: the host's, or its lean twin (made once, when a
    lean sample is first asked for)."""

    def __init__(self, game: Game):
        self.game = game
        self.lean: Game | None = None
        self.tried = False

    def base(self, lean: bool) -> Game:
        if not lean:
            return self.game
        if not self.tried:
            self.tried = True
            self.lean = lean_twin(self.game)
        return self.lean if self.lean is not None else self.game


def _composition(g: Game) -> Composition:
    """The faces the rules deal, by kind: those of the cards a game with the same players,
    options (and campaign) holds when it starts, but for the cards made by chance; and how
    many cards that game has. Worked out once per ruleset and set-up, from seed 0: the same
    for every seed where the faces draw no chance, so it depends on nothing hidden."""
    rules = g.rules
    key = (g.nplayers, repr(sorted((k, repr(v)) for k, v in g.options.items())),
           repr(g.carried))
    found = rules.compositions.get(key)
    if found is None:
        fresh = rules.start_game(g.nplayers, 0, dict(g.options), log=False,
                                 carried=g.carried)
        by_kind: dict[str, list[Face]] = {}
        for card in fresh.cards:
            if "" not in fresh.made.get(card.id, ()):
                by_kind.setdefault(card.kind, []).append(_face(fresh, card))
        found = Composition(by_kind, len(fresh.cards))
        if len(rules.compositions) < 64:
            rules.compositions[key] = found
    return found


MAKE_TRIES = 20  # draws of a face made by chance until it fits what the seat was told


def _made_again(s: Game, card: Card, told: Told) -> Card:
    """``card``'s face made again in the sample ``s`` (its fields drawn by chance drawn
    anew from ``s``'s generator), fitting what the seat was told if a few tries can."""
    site, kept = s.made[card.id][""]
    making = s.rules.code.makings[site]
    make, code = making.make, s.rules.kinds[card.kind]
    label_of, inits = code.label, code.inits
    fields: dict[str, Value] = dict(card.f)
    label = card.kind
    cvars: tuple[tuple[str, Value], ...] = ()
    for _ in range(MAKE_TRIES):
        fields = dict(card.f)
        fields.update(zip(making.fields, s.guard(partial(make, s, *kept))))
        args = [fields[name] for name in code.fixed]
        label = s.guard(partial(label_of, s, *args)) if label_of is not None else card.kind
        cvars = ()
        if inits is not None:
            cvars = tuple(zip(code.var_fields, s.guard(partial(inits, s, *args))))
        face = Face(label, fields, cvars, ())
        if not told or _fits(face, told):
            break
    for name, value in cvars:
        s.cv[name][card.id] = value
    return Card(card.id, card.kind, fields, label)


def _told_to(g: Game, seat: int, card: Card) -> Told:
    """What ``seat`` was told of ``card``'s fields, field by field."""
    out = []
    for name, facts in g.told.items():
        if facts[card.id]:
            known = known_to(facts[card.id], lambda mask: mask >> seat & 1)
            if known is not None:
                out.append(FieldTold(name, known))
    return tuple(out)


def _fits(face: Face, told: Told) -> bool:
    values = dict(face.cvars)
    for fact in told:
        name, known = fact.field, fact.knowledge
        value = face.fields[name] if name in face.fields else values.get(name)
        if known.known:
            if not (value == known.value and type(value) is type(known.value)):
                return False
        elif value in known.not_values:
            return False
    return True


def _keep_own_facts(s: Game, table: dict[int, Card], seat: int) -> None:
    """The facts of the cards dealt anew in ``s`` (those in ``table``): what ``seat`` was
    told of a card is its own knowledge and stays, where the new face fits it (it was dealt
    to fit); what other seats were told was a fact of the real face, and goes."""
    bit = 1 << seat
    for name, facts in s.told.items():
        values = s.cv.get(name)
        for i in table:
            if not facts[i]:
                continue
            card = s.cards[i]
            value = card.f[name] if name in card.f else values[i] if values is not None else None
            kept = tuple((bit, v, yes) for mask, v, yes in facts[i] if mask & bit)
            if all((value == v and type(value) is type(v)) == yes for _, v, yes in kept):
                facts[i] = kept
            else:
                facts[i] = NOTHING


def _pooled_by_kind(g: Game, seat: int, unknown: dict[str, list[Card]]) -> dict[str, list[Grouped]]:
    """The seat's groups of cards shuffled together (pools.py), by kind: each group's cards
    of that kind the seat does not know, and the faces known to be among them. A group
    that holds every unknown card of its kind says nothing the pool does not: left out."""
    counts = {kind: len(cards) for kind, cards in unknown.items()}
    out: dict[str, list[Grouped]] = {}
    for group in g.pooled[seat]:
        ids: dict[str, list[int]] = {}
        members = set(group.ids)
        for kind, cards in unknown.items():  # (in the order they lie: see _as_placed)
            for card in cards:
                if card.id in members:
                    ids.setdefault(kind, []).append(card.id)
        keys: dict[str, list[tuple[Any, ...]]] = {}
        for face in still_held(g, group, 1 << seat):
            if face.kind in ids:
                keys.setdefault(face.kind, []).append(face.key)
        for kind, held in keys.items():
            if len(ids[kind]) < counts[kind]:
                out.setdefault(kind, []).append(Grouped(ids[kind], held[:len(ids[kind])]))
    return out


def _as_placed(g: Game) -> list[Card]:
    """Every card, in the order they lie as any seat sees it (zone by zone, in each its
    order), then those in no zone by number: the order a sample deals faces in. Not the
    cards' numbers: they follow how the cards were made, so from their faces, and two games
    a seat cannot tell apart would be dealt apart."""
    placed = [card for zone in g.layout.zone_list for card in g.zc[zone.i]]
    if len(placed) < len(g.cards):
        there = {card.id for card in placed}
        placed += [card for card in g.cards if card.id not in there]
    return placed


def _deal_pooled(rng: Random, ids: list[int], faces: list[Face], grouped: list[Grouped],
                 told: dict[int, Told]) -> tuple[list[int], list[Face]]:
    """``ids`` in the order to deal them, and their faces from ``faces`` (shuffled): each
    group's cards first, with the faces known to be among them (taken from ``faces``; any
    the pool lacks are left out) and as many more from the end of ``faces``, in an order
    ``rng`` draws (which card of the group has which face is what the seat does not know);
    then the other cards, with the faces left; each part fitted to what the seat was told."""
    # (each face wanted is the first of its key still there, in the shuffled order; each
    # filler the last face still there: found by the places of each key, once a sample,
    # not by going through the pool for every face; tests/runtime/test_pools.py compares
    # it with the pool gone through)
    places: dict[tuple[Any, ...], list[int]] = {}
    for j, face in enumerate(faces):
        places.setdefault(face.key[:2], []).append(j)
    gone = [False] * len(faces)
    end = len(faces) - 1
    ordered_ids: list[int] = []
    ordered: list[Face] = []
    for group in grouped:
        taken: list[Face] = []
        for key in group.keys:
            left = places.get(key)
            while left:
                j = left.pop(0)
                if not gone[j]:
                    gone[j] = True
                    taken.append(faces[j])
                    break
        while len(taken) < len(group.ids):
            while end >= 0 and gone[end]:
                end -= 1
            if end < 0:
                break
            gone[end] = True
            taken.append(faces[end])
        draws.shuffle(rng, taken)
        ordered_ids += group.ids
        ordered += _deal_told(group.ids, taken, told) if told else taken
    pool = [face for j, face in enumerate(faces) if not gone[j]]
    dealt = set(ordered_ids)
    rest = [i for i in ids if i not in dealt]
    return ordered_ids + rest, ordered + (_deal_told(rest, pool, told) if told else pool)


def _deal_told(ids: list[int], faces: list[Face], told: dict[int, Told]) -> list[Face]:
    """``faces`` (shuffled) reordered so that each card told something gets a face that
    fits it when one is left: the cards told most first, each the first face that fits."""
    dealt: list[Any] = [None] * len(ids)  # each a Face once dealt
    pool = list(faces)
    for k in sorted(range(len(ids)), key=lambda k: -len(told.get(ids[k], ()))):
        limits = told.get(ids[k])
        j = next((j for j, face in enumerate(pool) if _fits(face, limits)), 0) if limits else 0
        dealt[k] = pool.pop(j)
    return dealt


def _unseen(faces: list[Face], seen: Iterable[tuple[Any, ...]]) -> list[Face]:
    """``faces`` but for one face for each key in ``seen`` (``face_key``s of the cards the
    seat knows): the first of that key still there, as a ``pop`` of the first found for each
    key in turn would leave them, in one pass (the faces in their order)."""
    if not seen:
        return faces
    places: dict[tuple[Any, ...], list[int]] = {}
    for j, face in enumerate(faces):
        places.setdefault(face.key[:2], []).append(j)
    gone = set()
    for key in seen:
        left = places.get(key)
        if left:
            gone.add(left.pop(0))
    return [face for j, face in enumerate(faces) if j not in gone] if gone else faces


def _face(g: Game, card: Card) -> Face:
    cvars = tuple((name, g.cv[name][card.id]) for name in g.rules.kinds[card.kind].var_fields)
    key = (card.label, tuple(sorted((k, text_of(v)) for k, v in card.f.items())),
           tuple((k, text_of(v)) for k, v in cvars))
    return Face(card.label, card.f, cvars, key)
