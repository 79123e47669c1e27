"""Over HTTP, a seat learns nothing it may not know (the idea of test_secrecy.py, served).

Two games that differ only in cards one seat never saw are put at two tables with the same
tokens. Everything that seat's link gives (its page, the first message on its socket, its
transcript and record) must be byte-identical at both. The spectator is held to the same
with the cards that not every seat has seen.
"""
from __future__ import annotations

import json
import random

import pytest
from starlette.testclient import TestClient

from rulelang.play.web.app import create_app
from rulelang.play.web.host import Host
from rulelang.play.web.tables import HUMAN, SPECTATOR, Table
from support import load
from support.secrecy import other_faces, play_to, random_picks, seen_by

GAMES = [("games/yokai_sketch.rules", 2), ("games/yami.rules", 3), ("games/yokai.rules", 3),
         ("examples/oh_hell.rules", 3)]
TOKENS = {"seat-one-token-aaaaaaaaaa": 0, "seat-two-token-bbbbbbbbbb": 1,
          "seat-three-token-cccccccc": 2, "spectator-token-dddddddd": SPECTATOR}


def served(rules, game, players, only=None):
    """What each token's link gives at a table holding ``game``: {seat: [bytes, ...]} (only
    for the seat ``only``, when given: every request is a round trip through the app)."""
    tokens = {t: s for t, s in TOKENS.items() if s == SPECTATOR or s < players}
    table = Table("table", "rules.rules", rules, game, dict.fromkeys(game.players, HUMAN), tokens)
    host = Host()
    host.add(table)
    out = {}
    with TestClient(create_app(host)) as client:
        for token, seat in tokens.items():
            if only is not None and seat != only:
                continue
            got = [client.get(f"/t/{token}").content,
                   client.get(f"/t/{token}/transcript.txt").content,
                   client.get(f"/t/{token}/record.json").content]
            with client.websocket_connect(f"/t/{token}/ws") as ws:
                got.append(ws.receive_text().encode())
            got.append(client.get(f"/t/{token}/rules.json").content)  # the rulebook, "why?"
            out[seat] = got
    return out


def public_faces(game):
    """Other faces for the cards not every seat has seen (the spectator's unknowns)."""
    everyone = set.intersection(*(seen_by(game, seat) for seat in game.players))
    faces, by_kind = {}, {}
    for card in game.cards:
        if card.id not in everyone:
            by_kind.setdefault(card.kind, []).append(card)
    for cards in by_kind.values():
        if len({card.label for card in cards}) >= 2:
            for card, donor in zip(cards, cards[1:] + cards[:1]):
                faces[card.id] = donor.f
    return faces


@pytest.mark.slow
@pytest.mark.parametrize("path,players", GAMES)
def test_what_a_link_gives_is_the_same_in_two_games_that_differ_only_where_it_cannot_see(
        path, players):
    rules = load(path)
    picks = random_picks(rules, players, 5)
    rng = random.Random(path)
    compared = 0
    for cut in sorted({0, rng.randrange(len(picks)), rng.randrange(len(picks)), len(picks)}):
        game = play_to(rules, players, 5, picks[:cut])
        for seat in [*game.players, SPECTATOR]:
            faces = public_faces(game) if seat == SPECTATOR else other_faces(game, seat)
            other = play_to(rules, players, 5, picks[:cut], faces) if faces else None
            if other is None:
                continue
            assert other.save() != game.save()
            mine = served(rules, game, players, only=seat)[seat]
            theirs = served(rules, other, players, only=seat)[seat]
            assert mine == theirs, f"{path} after {cut} moves: {seat}'s link tells them apart"
            compared += 1
    assert compared >= 4


def test_the_check_above_catches_a_socket_that_carries_a_hidden_card(monkeypatch):
    """A control: a server that sent every seat the host's view would be caught."""
    rules = load("games/yokai_sketch.rules")
    picks = random_picks(rules, 2, 5)[:6]
    game = play_to(rules, 2, 5, picks)
    other = play_to(rules, 2, 5, picks, other_faces(game, 0))
    assert served(rules, game, 2)[0] == served(rules, other, 2)[0]
    leaky = Table.message
    monkeypatch.setattr(Table, "message", lambda table, seat: leaky(table, None))
    assert served(rules, game, 2)[0][3] != served(rules, other, 2)[0][3]


def test_the_spectator_sees_no_hand_and_no_moves():
    rules = load("games/yokai_sketch.rules")
    game = play_to(rules, 2, 5, random_picks(rules, 2, 5)[:10])
    message = json.loads(served(rules, game, 2)[SPECTATOR][3])
    view = message["view"]
    assert message["you"] is None and view["seat"] == "public"
    for name, zone in view["zones"].items():
        if name.startswith("hand[") or name == "deck":
            assert zone["cards"] and all(card == {"hidden": True, "kind": "Sketch"}
                                         for card in zone["cards"])
    assert "moves" not in view["decision"] and "seed" not in view
