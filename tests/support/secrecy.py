"""What a seat is given, played and compared: the secrecy tests' helpers (random play to a
point, the faces a seat may not know, what a seat has seen)."""
from __future__ import annotations

import json
import random
from typing import Any

import attrs

from interpreter.runtime.effects import Effects
from interpreter.runtime.facts import known_to
from interpreter.runtime.log import Choice, Message, SeenCard
from interpreter.runtime.values import Card
from support import ROOT

FILES = sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
               for p in (ROOT / folder).glob("*.rules"))


def seen_by(game, seat) -> set:
    """Ids of the cards whose face ``seat`` knows now or was ever shown in the log."""
    seen = {c.id for c in game.cards if game.known[c.id] >> seat & 1}
    for entry in game.log:
        if isinstance(entry, Message):
            parts = entry.parts
        elif isinstance(entry, Choice):
            parts = entry.prompt
            if entry.mask >> seat & 1 or entry.seat == seat:
                seen.update(c.id for c in entry.named)
        else:
            continue
        seen.update(p.card.id for p in parts if isinstance(p, SeenCard) and p.mask >> seat & 1)
    return seen


def identity(value):
    """What a decision picked, the same in both games: a card by its id, not its face."""
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return ("seq", tuple(identity(v) for v in value))
    if isinstance(value, Card):
        return ("card", value.id)
    return ("value", value)


def play_to(rules, players, seed, picks, faces=None):
    """A game played by picking the same things; ``faces`` maps a card id to the fields it is
    created with instead of its own. None if a pick is not on offer (the games diverged).
    Every card is created anew: no game starts from a snapshot of an earlier one's setup."""
    replay = play_as_far(rules, players, seed, picks, faces)
    return replay.game if replay.made == len(picks) else None


@attrs.frozen
class Replay:
    game: Any  # the game, stopped at the first pick not on offer (or at the end of the picks)
    made: int  # how many of the picks it played


def play_as_far(rules, players, seed, picks, faces=None) -> Replay:
    """``play_to``, stopping where a pick is not on offer instead of giving up."""
    original, snapshots = Effects.create, rules.snapshots

    def create(self, kind, fields, zone, made=None):
        wanted = (faces or {}).get(len(self.cards))
        return original(self, kind, dict(wanted) if wanted is not None else fields, zone, made)

    Effects.create = create
    rules.snapshots = False
    try:
        game = rules.new_game(players=players, seed=seed)
        for made, pick in enumerate(picks):
            values = [identity(v) for v in game.pending.values]
            if pick not in values:
                return Replay(game, made)
            game.apply(values.index(pick))
    finally:
        Effects.create, rules.snapshots = original, snapshots
    return Replay(game, len(picks))


def told_to(game, seat, card) -> tuple:
    """What ``seat`` was told of a card it cannot see (``tell [whether] c.field [== value] to seat``):
    the field's value, or the values it is not."""
    out = []
    for name, facts in sorted(game.told.items()):
        known = known_to(facts[card.id], lambda mask: mask >> seat & 1)
        if known is not None:
            out.append((name, repr(known.value), tuple(map(repr, known.not_values))))
    return tuple(out)


def other_faces(game, seat):
    """For the cards ``seat`` never saw: each gets another one's fields, kind by kind, among
    the cards of which it was told the same facts (it knows those: they must not change).
    Cards shuffled together after the seat saw some of them (``Game.pooled``) are left as
    they are: the seat knows which faces are among them (it may have seen any of them)."""
    seen = seen_by(game, seat)
    for group in game.pooled.get(seat, ()):
        seen.update(group.ids)
    faces = {}
    by_kind: dict = {}
    for card in game.cards:
        if card.id not in seen:
            by_kind.setdefault((card.kind, told_to(game, seat, card)), []).append(card)
    for cards in by_kind.values():
        if len({card.label for card in cards}) < 2:
            continue
        for card, donor in zip(cards, cards[1:] + cards[:1]):
            faces[card.id] = donor.f
    return faces


def records(game, seat):
    return (json.dumps(game.view(seat), sort_keys=True), game.transcript(seat), game.save(seat),
            refusals(game, seat))


def refusals(game, seat) -> list:
    """What the seat is told when it names any card of the game (or a card misspelt) as its
    move, and the rule it is pointed at ("why?"): nothing about a card it cannot see."""
    if game.to_move != seat:
        return []
    names = sorted({card.label for card in game.cards})
    names += [name[:-1] + "x" for name in names[:10]] + ["pass", "nothing at all"]
    out = []
    for name in names:
        refused = game.refused(name)
        out.append(None if refused is None else (refused.text(), refused.at))
    return out


def random_picks(rules, players, seed):
    rng = random.Random(seed)
    game = rules.new_game(players=players, seed=seed)
    picks = []
    while not game.is_over and len(picks) < 3000:
        i = rng.randrange(len(game.pending.values))
        picks.append(identity(game.pending.values[i]))
        game.apply(i)
    return picks
