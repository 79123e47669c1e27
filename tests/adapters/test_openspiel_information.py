"""The same information per seat in rulelang as in OpenSpiel, wherever OpenSpiel defines it.

Over many random games played through both engines (the move cross-checks of
``tests/adapters/test_openspiel_*.py``), at every decision the player to move gets an
information state from OpenSpiel and a view from rulelang. The check
(``tests/support/information.py``) groups the histories by each: two histories that
OpenSpiel gives the player the same information state must give the seat the same view,
and the other way round. Where they differ, the assertion shows the two histories,
OpenSpiel's two strings and a diff of our two views.

What is compared, game by game:

- Kuhn poker, Leduc poker, Hearts, Oh Hell: OpenSpiel's ``information_state_string``
  remembers what the player saw happen (perfect recall: its cards, every bet or card
  played, in order), so it is compared with our view *with its log*, the seat's memory.
  Their ``observation_string`` forgets the past, and Leduc's also leaves out how many
  raises the round has had (which decides whether raising is legal), so it cannot
  partition as our position does: ``test_leduc_s_observation_leaves_out_the_raises``
  shows it. A hand's cards are compared as a set (ours lists them as they were dealt).
- Hearts: OpenSpiel keeps the three cards a player passed as a set (its information
  state lists them sorted), ours in the order they were picked (the log, the passing
  row): those picks are compared as a set (``hearts_passes_as_a_set``).
- Goofspiel: compared with OpenSpiel's perfect-information variant (``imp_info=False``):
  our game shows the bids once all are in, as the table game does, where OpenSpiel's
  default variant tells only who won the prize (the move cross-check plays both, as
  moves do not depend on it). Even so OpenSpiel's information state keeps only the
  cards each player has left and who won each prize (a tie marked as one, not who
  tied), not which card was bid in which round, which our log and each player's row of
  spent bids remember: those are compared without the bids and the tied players
  (``goofspiel_without_the_bids``).
- Connect Four, Breakthrough, Mancala, Checkers, Othello: perfect information, nothing
  hidden from anyone; not compared.
- Nim: perfect information too, but compared (in test_openspiel_nim.py) with both its
  information state (the actions so far) and its observation (the piles as they stand),
  where different moves reaching the same piles must look alike.
- Gin Rummy: OpenSpiel gives no information state string, only an observation (the
  hands and discards as they stand, forgetting the past): not compared. Ours spreads
  both hands face up once a player knocks, as the table game does; OpenSpiel's
  observation never shows the other's unmatched cards.

A seat's cards are kept from one deal over a group of games while every other card is
dealt anew (``held_deal``), so a seat meets the same information with different cards
hidden from it; ``python benchmarks/openspiel_crosscheck.py`` runs thousands of games.
"""
from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import rulelang
from support import soak
from support.crosscheck import changed_rules
from support.information import (
    InfoCheck,
    Partition,
    Where,
    compare,
    compared_view,
    observation,
    report,
    report_of,
)
from support.pairings import hearts, kuhn_poker, leduc_poker

OWN_PASS = re.compile(r"^(P\d+ > pass a card to P\d+ \(\d of 3\)): (?!\(hidden\))(.+)$")


def hearts_passes_as_a_set(view: dict) -> dict:
    """The seat's own passes, picked one at a time, as a set: the cards of its pick
    lines sorted among them, and its passing row sorted."""
    log = list(view["log"])
    picks = [i for i, line in enumerate(log) if OWN_PASS.match(line)]
    for i, card in zip(picks, sorted(OWN_PASS.match(log[i]).group(2) for i in picks)):
        log[i] = f"{OWN_PASS.match(log[i]).group(1)}: {card}"
    zones = {name: dict(zone, cards=sorted(zone["cards"], key=str))
             if name.startswith("passing[") else zone for name, zone in view["zones"].items()}
    return dict(view, log=log, zones=zones)


def hearts_check() -> InfoCheck:
    return InfoCheck(hearts(), normalize=hearts_passes_as_a_set)


BID = re.compile(r"^P\d+ > bid")


def goofspiel_without_the_bids(view: dict) -> dict:
    """Who won each prize, and each player's spent bids as a set: the log without the
    bids ("round 1: P2 wins prize 4", not "... with 4"), a tie without who tied (OpenSpiel
    marks the round a tie), the rows of spent bids sorted."""
    log = [re.sub(r"^(round \d+): .+ tie", r"\1: a tie", re.sub(r" with \d+", "", line))
           for line in view["log"] if not BID.match(line)]
    zones = {name: dict(zone, cards=sorted(zone["cards"], key=str))
             if name.startswith("spent[") else zone for name, zone in view["zones"].items()}
    return dict(view, log=log, zones=zones)


def _beside(name: str):
    """A cross-check module beside this one (its play_both), loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gops = _beside("test_openspiel_goofspiel")
oh_hell = _beside("test_openspiel_oh_hell")


def checked(check: InfoCheck, games: int, rules=None) -> Partition:
    partition = compare(check, games, rules=rules)
    assert not partition.disagreements, report(check, partition, rules)
    return partition


@pytest.mark.soak
@pytest.mark.parametrize("players,games", [(2, soak.games(200, 600)), (3, soak.games(100, 300))])
def test_kuhn_poker_tells_a_seat_what_openspiel_does(players, games):
    partition = checked(InfoCheck(kuhn_poker(players)), games)
    # two players: 12 information states in all, each met many times
    assert partition.histories >= games * players
    assert partition.classes < partition.histories / 4


@pytest.mark.soak
@pytest.mark.parametrize("starting_player", [0, 1])
def test_leduc_poker_tells_a_seat_what_openspiel_does(starting_player):
    partition = checked(InfoCheck(leduc_poker(starting_player)), soak.games(150, 400))
    assert partition.classes < partition.histories / 2


@pytest.mark.slow
def test_hearts_tells_a_seat_what_openspiel_does():
    """Each group of eight games deals one seat the same hand and the same passing
    direction: its passes are then made knowing the same, the rest dealt otherwise."""
    partition = checked(hearts_check(), 24)
    assert partition.histories - partition.classes >= 24


def test_the_check_catches_a_leak(tmp_path):
    """Kuhn poker with every hand face up: two histories OpenSpiel gives the same
    information state (the seat's own card, the bets) show the seat different cards of
    the others."""
    check = InfoCheck(kuhn_poker(2))
    rules = changed_rules(check.pairing, tmp_path, "zone hand[player]: hand of Card",
                          "zone hand[player]: hand of Card, public")
    partition = compare(check, 40, rules=rules)
    assert partition.disagreements
    assert partition.disagreements[0].same_in == "OpenSpiel"
    diff = report(check, partition, rules).split("rulelang's views, A to B:")[1]
    assert '-     "name":' in diff and '+     "name":' in diff  # the other's card, face up


def test_the_check_catches_a_view_that_forgets():
    """Leduc poker's view without its log: "call, raise, call" and "raise, call" leave
    the same chips in the pot, and the seat's position alone cannot tell them apart,
    where OpenSpiel's information state remembers the bets in order."""
    partition = compare(InfoCheck(leduc_poker(0), memory=False), 120)
    assert any(d.same_in == "rulelang" for d in partition.disagreements)


def test_leduc_s_observation_leaves_out_the_raises():
    """OpenSpiel's observation of Leduc poker (pot, chips, cards) does not say how many
    raises the round has had, which our position does (a second raise is not allowed):
    histories it merges offer different moves, so it is not compared."""
    partition = compare(InfoCheck(leduc_poker(0), native_text=observation, memory=False), 200)
    assert any(d.same_in == "OpenSpiel" for d in partition.disagreements)


class _Reached(Exception):
    pass


def goofspiel_partition(players: int, cards: int, games: int, stop: Where | None = None
                        ) -> Partition:
    """Every seat before each round's bids, over ``games`` games (with ``stop``: the
    history it names, raised as ``_Reached(native, ours)``)."""
    rules = rulelang.load(gops.GOOFSPIEL)
    native = gops.native_goofspiel(players, cards, imp_info=False)
    partition = Partition()
    for seed in range(stop.seed if stop else 0, stop.seed + 1 if stop else games):
        def observe(state, ours, round_, seat, seed=seed):
            where = Where(seed, round_, seat)
            seen = (state.information_state_string(seat),
                    compared_view(ours.view(seat), True, goofspiel_without_the_bids))
            if where == stop:
                raise _Reached(*seen)
            partition.add(seat, *seen, where)
        gops.play_both(rules, players, cards, seed, imp_info=False, native=native,
                       observe=observe)
    return partition


def reached(partition_of, where: Where) -> tuple[str, dict]:
    """One history played again: its information state and our compared view."""
    try:
        partition_of(stop=where)
    except _Reached as seen:
        return seen.args
    raise AssertionError(f"{where} was not reached again")


@pytest.mark.soak
@pytest.mark.parametrize("players,cards,games", [(2, 4, soak.games(70, 200)),
                                               (3, 4, soak.games(50, 100))])
def test_goofspiel_tells_a_seat_what_openspiel_does(players, cards, games):
    """Every seat before each round's bids; the prizes' order is random, so the same
    prizes and bids recur in other games."""
    partition = goofspiel_partition(players, cards, games)
    assert not partition.disagreements, report_of(
        "goofspiel", partition, lambda w: reached(
            lambda stop: goofspiel_partition(players, cards, games, stop), w))
    assert partition.classes < partition.histories * 0.7


def test_a_goofspiel_tie_is_compared_without_who_tied():
    """Two histories met in the benchmark's 2,000 games of three players and five cards:
    P1 and P2 tie in both first rounds, then in one game all three tie, in the other P1
    and P2 again, leaving the same cards. OpenSpiel marks both rounds a tie."""
    def seen(seed):
        return reached(lambda stop: goofspiel_partition(3, 5, 2000, stop), Where(seed, 2, 0))
    (native_a, ours_a), (native_b, ours_b) = seen(1260), seen(1378)
    assert native_a == native_b
    assert ours_a == ours_b
    assert ours_a["log"] == ["round 1: a tie; prize 5 is set aside",
                             "round 2: a tie; prize 3 is set aside"]


def oh_hell_chance(players: int, tricks: int, family_seed: int, seat: int, rng: random.Random
                   ) -> list[int]:
    """The native chance actions of one deal (the number of tricks, the dealer, the cards
    dealt, card j to player j % n, then trump), drawn from ``family_seed``, with every
    card but ``seat``'s and trump dealt anew from ``rng``."""
    state = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks}
                              ).new_initial_state()
    family = random.Random(family_seed)
    dealt = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        dealt.append(family.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        state.apply_action(dealt[-1])
    hands = players * tricks
    free = [2 + j for j in range(hands) if j % players != seat]
    held = {dealt[i] for i in range(2, len(dealt)) if i not in free}
    rest = [c for c in range(52) if c not in held]
    rng.shuffle(rest)
    for i, card in zip(free, rest):
        dealt[i] = card
    return dealt


def oh_hell_partition(players: int, tricks: int, games: int, family: int = 8,
                      stop: Where | None = None) -> Partition:
    """Every decision's player, over ``games`` deals (with ``stop``: the history it names,
    raised as ``_Reached(native, ours)``)."""
    ours = oh_hell.load_game(oh_hell.OH_HELL, players=players, options={"tricks": tricks},
                             returns="score")
    partition = Partition()
    for seed in range(stop.seed if stop else 0, stop.seed + 1 if stop else games):
        seat = seed // family % players
        chance = oh_hell_chance(players, tricks, 10_000 + seed // family, seat,
                                random.Random(seed))

        def observe(n_state, o_state, decision, seed=seed):
            player = n_state.current_player()
            where = Where(seed, decision, player)
            seen = (n_state.information_state_string(player),
                    compared_view(o_state.seat_view(player), memory=True))
            if where == stop:
                raise _Reached(*seen)
            partition.add(player, *seen, where)
        oh_hell.play_both(players, tricks, seed, ours, chance=chance, observe=observe)
    return partition


@pytest.mark.soak
@pytest.mark.parametrize("players,tricks,games", [
    (3, 2, 16),
    pytest.param(3, 2, soak.games(24, 64), marks=pytest.mark.slow),
    pytest.param(4, 1, soak.games(16, 48), marks=pytest.mark.slow)])
def test_oh_hell_tells_a_seat_what_openspiel_does(players, tricks, games):
    """A seat with the same hand and trump bids knowing the others' bids, whatever
    cards they hold. (Through our OpenSpiel adapter, whose states keep our log.)"""
    partition = oh_hell_partition(players, tricks, games)
    assert not partition.disagreements, report_of(
        "oh_hell", partition, lambda w: reached(
            lambda stop: oh_hell_partition(players, tricks, games, stop=stop), w))
    assert partition.histories - partition.classes >= games / 2
