"""Yami (games/yami.rules): whole missions with random bots, transcripts, secrets, replays.
Rules: seeds/yami.md."""
import random
import re

import pytest

from support import play_random
from support.yami import rules

CARD = re.compile(r"\b(?:blue|purple|red|green|orange) [1-7]\b")


@pytest.mark.parametrize("players, mission, seed", [
    (2, "1", 24),   # the automa: river, blind pile cards, the Kakapo changing hands
    (3, "2", 9),    # number edges: one broken in round 5
    (4, "B", 6),    # whirlpools and fog; seat 4 with 8 cards
])
def test_transcript_snapshot(players, mission, seed, text_snapshot):
    """A whole seeded mission played by random bots (the snapshots were read against the
    rules: YA-10, YA-17..YA-25, YA-27..YA-31, YA-40, YA-41, YA-44, YA-47, YA-48)."""
    game = rules().new_game(players=players, seed=seed, options={"mission": mission})
    play_random(game, seed)
    assert game.is_over
    assert game.transcript() == text_snapshot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_missions_end_with_a_result(players):
    """YA-16, YA-44, YA-51: every mission ends, within 7 rounds, as a win or a loss."""
    for mission in ("1", "2", "A", "B", "C", "D"):
        for seed in range(3):
            game = rules().new_game(players=players, seed=seed, options={"mission": mission})
            play_random(game, seed)
            outcome = game.outcome
            assert outcome["result"] in ("win", "loss") and outcome["reason"]
            assert 1 <= outcome["rounds"] <= 7
            assert outcome["star"] == (outcome["result"] == "win" and outcome["rounds"] <= 5)


def secrets_of(game, seat) -> set:
    """Names of the cards whose faces the seat's view hides."""
    full, mine = game.view(None)["zones"], game.view(seat)["zones"]
    hidden = set()
    for name, zone in full.items():
        for card, seen in zip(zone["cards"], mine[name]["cards"]):
            if seen.get("hidden"):
                hidden.add(card["name"])
    return hidden


@pytest.mark.parametrize("players, mission, seed", [(2, "B", 1), (3, "1", 2), (4, "B", 18)])
def test_each_seat_sees_only_what_it_may(players, mission, seed):
    """YA-11 unused cards unseen; YA-12 the automa's pile unseen; a hand is seen by its owner
    only; YA-41 whirlpool discards unseen by the others; YA-62 the tricks played are public."""
    game = rules().new_game(players=players, seed=seed, options={"mission": mission})
    rng = random.Random(seed)
    while not game.is_over:
        for seat in range(players):
            zones = game.view(seat)["zones"]
            for other in range(players):
                cards = zones[f"hand[P{other + 1}]"]["cards"]
                assert all(("name" in c) == (other == seat) for c in cards)
            assert all(c.get("hidden") for c in zones["automa_pile"]["cards"])
            assert all(c.get("hidden") for c in zones["box"]["cards"] if c["kind"] == "Spirit")
            assert all("name" in c for c in zones["river"]["cards"])
            for r in range(1, 8):
                assert all("name" in c for c in zones[f"trick[{r}]"]["cards"])
            decision = game.view(seat).get("decision")
            if decision is not None:
                assert ("moves" in decision) == (decision["seat"] == seat)
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    for seat in range(players):
        shown = set(CARD.findall(game.transcript(seat)))
        assert not shown & secrets_of(game, seat)
        assert secrets_of(game, seat)         # there is always something a seat does not see


def test_same_seed_and_moves_give_the_same_transcript():
    """Determinism: replaying the moves gives the same transcript, also after save/restore."""
    game = rules().new_game(players=2, seed=5, options={"mission": "B"})
    played = play_random(game, 5)
    again = rules().new_game(players=2, seed=5, options={"mission": "B"})
    for move in played:
        again.play(move)
    assert again.transcript() == game.transcript()
    half = rules().new_game(players=2, seed=5, options={"mission": "B"})
    for move in played[:len(played) // 2]:
        half.play(move)
    restored = rules().restore(half.save())
    for move in played[len(played) // 2:]:
        restored.play(move)
    assert restored.transcript() == game.transcript()
    assert restored.outcome == game.outcome
