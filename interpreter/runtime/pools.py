"""What a seat knows of cards shuffled together: which faces they hold, not which holds which.

A shuffle forgets where each card lies (``Effects.forget_order``): a seat that knew some of
the faces no longer knows which card has which, but still knows those faces are among the
cards shuffled (a deck-builder's discard pile, seen card by card, shuffled into its draw
pile: the seat knows every card of that pile). ``Game.pooled`` keeps it, per seat, as
``Pooled`` groups: the cards shuffled together (by number) and the faces the seat knew
among them (what it learned then: not the cards that had them, whose faces a sample deals
anew). A bot's sample
(knowledge.py) deals a group's faces among the group's cards its seat does not know now,
in an order its own generator draws, and the other faces to the other cards.

A seat's groups never share a card: a shuffle merges every group it touches with the cards
it shuffles, whether or not the seat knew any of them (the group's cards are mixed with the
others now: the seat knows the faces are among all of them, not which of them); but a
group whose cards the shuffle takes are all cards the seat knows now (seen again since)
keeps its faces among the cards left behind, which the shuffle did not touch
(``left_behind``: a flood deck's discard shuffled back on top a second time, before all the
first such cards were drawn). A card of a
group seen again (drawn, turned up) takes one face like its own off the group's faces
(``still_held``): the faces left are among the group's cards the seat does not know.
Only the full path keeps groups (a bot samples the game it is shown); the lean path has no
one to read them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from interpreter.runtime.protocol import Json, text_of
from interpreter.runtime.state_checks import a_list, an_int, need

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.values import Card

FaceKey = tuple[Any, ...]  # a card's name and fields (not its var fields): what a face is


@attrs.frozen
class HeldFace:
    """A face a seat knew among cards shuffled together: the card's kind and ``face_key``."""
    kind: str
    key: FaceKey


@attrs.frozen
class Pooled:
    """Cards shuffled together, and faces known to be among them."""
    ids: tuple[int, ...]  # the cards shuffled together, in order of their numbers
    faces: tuple[HeldFace, ...]


FACE_KEYS_KEPT = 50_000  # the most faces ``face_key`` keeps worked out (then it starts again)
_face_keys: dict[int, tuple[dict[str, Any], str, FaceKey]] = {}  # id(card.f) -> its key


def face_key(card: Card) -> FaceKey:
    """A card's face as a bot's sample deals it, but for its var fields. Worked out once per
    fields (a card's fixed fields never change; a card given others gets a new dict, and the
    dict kept here keeps its id from being reused): a sample's knowledge reads every card the
    seat knows, a whole supply of face-up piles at every decision."""
    fields = card.f
    kept = _face_keys.get(id(fields))
    if kept is not None and kept[0] is fields and kept[1] == card.label:
        return kept[2]
    key = (card.label, tuple(sorted([(k, text_of(v)) for k, v in fields.items()])))
    if len(_face_keys) >= FACE_KEYS_KEPT:
        _face_keys.clear()
    _face_keys[id(fields)] = (fields, card.label, key)
    return key


def held(card: Card) -> HeldFace:
    return HeldFace(card.kind, face_key(card))


def pool_shuffled(g: Game, cards: list[Card], seen: int, lost: int) -> None:
    """Before ``cards`` (a zone, just shuffled) are forgotten by the seats not in ``seen``
    (the seats that see them after; ``lost``: those that knew a face of them): each seat's
    groups, with these cards in one."""
    known, pooled = g.known, g.pooled
    if not lost and not pooled:
        return
    shuffled = {card.id for card in cards}
    seats = {s for s in range(lost.bit_length()) if lost >> s & 1} | set(pooled)
    changed = dict(pooled)
    for seat in sorted(seats):
        bit = 1 << seat
        ids = set(shuffled)
        faces = [] if seen & bit else [held(card) for card in cards if known[card.id] & bit]
        kept = []
        for group in pooled.get(seat, ()):
            if shuffled.isdisjoint(group.ids):
                kept.append(group)
                continue
            rest = None if seen & bit else left_behind(g, group, shuffled, bit)
            if rest is None:
                ids.update(group.ids)
                faces += still_held(g, group, bit)
            elif rest.ids and rest.faces:
                kept.append(rest)
        if faces:  # (in an order of their own: the cards' order is what the seat forgot)
            faces.sort(key=lambda face: (face.kind, face.key))
            kept.append(Pooled(tuple(sorted(ids)), tuple(faces)))
        if kept:
            changed[seat] = tuple(kept)
        else:
            changed.pop(seat, None)
    g.pooled = changed


def left_behind(g: Game, group: Pooled, shuffled: set[int], bit: int) -> Pooled | None:
    """The group without its cards just shuffled, when the seat (``bit``) knows each of
    those (seen again since: a flood deck's cards drawn face up, then shuffled back on
    top): the faces left are still among the cards left behind, which the shuffle did not
    touch (their faces go into the new group as faces known). None when the shuffle takes
    a card of the group the seat does not know: its face may be any of the group's, so the
    groups merge."""
    known, cards = g.known, g.cards
    taken = [i for i in group.ids if i in shuffled]
    if not all(known[i] & bit for i in taken):
        return None
    faces = list(group.faces)
    for i in taken:
        try:
            faces.remove(held(cards[i]))
        except ValueError:
            continue
    ids = tuple(i for i in group.ids if i not in shuffled)
    if len(faces) > len(ids):  # (more faces than cards cannot be: say less, merge)
        return None
    return Pooled(ids, tuple(faces))


def still_held(g: Game, group: Pooled, bit: int) -> list[HeldFace]:
    """The group's faces but one like each of its cards the seat (``bit``) knows now:
    faces among its cards the seat does not know. (A card seen again may be one the seat
    never knew, of a face like one known: the faces left then say less than they could,
    never what is not so.)"""
    known, cards = g.known, g.cards
    left = list(group.faces)
    for i in group.ids:
        if known[i] & bit:
            try:
                left.remove(held(cards[i]))
            except ValueError:
                continue
    return left


def save_pooled(g: Game, pooled: dict[int, tuple[Pooled, ...]]) -> Json:
    return [[seat, [[list(p.ids), [[f.kind, f.key[0], [list(kv) for kv in f.key[1]]]
                                   for f in p.faces]] for p in groups]]
            for seat, groups in sorted(pooled.items())]


def load_pooled(g: Game, data: Json) -> dict[int, tuple[Pooled, ...]]:
    out: dict[int, tuple[Pooled, ...]] = {}
    ncards = len(g.cards)
    for entry in a_list(data, "pooled", most=len(g.seats)):
        seat, groups = a_list(entry, "pooled's seat", 2)
        seat = an_int(seat, "pooled's seat", 0, len(g.seats) - 1)
        need(seat not in out, f"pooled: seat {seat} twice")
        read: list[Pooled] = []
        taken: set[int] = set()
        for group in a_list(groups, f"pooled groups of seat {seat}", most=ncards):
            ids, faces = a_list(group, f"a pooled group of seat {seat}", 2)
            ids = [an_int(i, "a pooled card", 0, ncards - 1) for i in a_list(ids, "pooled cards")]
            faces = [_load_face(face) for face in a_list(faces, "pooled faces", most=len(ids))]
            need(ids == sorted(set(ids)) and taken.isdisjoint(ids),
                 f"pooled: seat {seat}'s groups are not cards in order, each in one group")
            taken.update(ids)
            read.append(Pooled(tuple(ids), tuple(faces)))
        out[seat] = tuple(read)
    return out


def _load_face(data: Json) -> HeldFace:
    kind, label, fields = a_list(data, "a pooled face", 3)
    pairs = [a_list(kv, "a pooled face's field", 2) for kv in a_list(fields, "a pooled face's fields")]
    need(all(type(x) is str for x in [kind, label, *(x for kv in pairs for x in kv)]),
         "a pooled face is a kind, a name and its fields, as texts")
    return HeldFace(kind, (label, tuple((k, v) for k, v in pairs)))
