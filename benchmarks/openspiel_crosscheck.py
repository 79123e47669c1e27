"""The OpenSpiel cross-checks at scale, and the speeds of both engines.

    python benchmarks/openspiel_crosscheck.py [--games 2000] [--only NAME ...]

Every example that OpenSpiel also has is played against OpenSpiel's native game, each
game by the same random moves in both, comparing every decision and the returns:
examples/goofspiel.rules against goofspiel (imperfect information, 2 to 4 players, 4 to
13 cards), examples/reversi.rules against othello, and the games of
tests/support/pairings.py (connect_four, kuhn_poker, leduc_poker, breakthrough, mancala,
hearts, checkers, gin_rummy, liars_dice, tic_tac_toe, pig, nim, hanabi)
through tests/support/crosscheck.py. The tests (tests/adapters/test_openspiel_*.py) do a
few hundred games each. Prints, per game and setting, the games played, the decisions
compared and the games that disagreed, then random games and decisions per CPU second
for each engine alone (ours through the public API with ``log=False``; OpenSpiel's C++
game through its Python bindings).

``--only information`` (included by default) compares what each seat knows: at every
decision, the histories OpenSpiel gives the player the same information state must be
the ones our view shows the seat alike (tests/support/information.py, and
tests/adapters/test_openspiel_information.py for what is compared in each game). Prints
the histories compared, the information states met and the histories that disagree;
Hearts and Oh Hell play a tenth of the games (their views are long).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "adapters"))

import pyspiel  # noqa: E402
import test_openspiel_goofspiel as gops  # noqa: E402
import test_openspiel_information as information_tests  # noqa: E402
import test_openspiel_nim as nim_tests  # noqa: E402
import test_openspiel_othello as othello  # noqa: E402

import rulelang  # noqa: E402
from support import crosscheck  # noqa: E402
from support.information import InfoCheck, compare, observation  # noqa: E402
from support.pairings import SETTINGS, kuhn_poker, leduc_poker, liars_dice, nim  # noqa: E402

GOOFSPIEL_SETTINGS = [(2, 13), (2, 4), (3, 6), (4, 5), (3, 13)]


def cross_check(name, games, settings, play) -> int:
    failures = 0
    for setting in settings:
        started = time.perf_counter()
        decisions = 0
        for seed in range(1000, 1000 + games):
            try:
                decisions += play(setting, seed)
            except AssertionError as error:
                failures += 1
                print(f"  {name} {setting} seed={seed}: {error}")
        took = time.perf_counter() - started
        print(f"{name} {setting}: {games} games, {decisions} decisions agree "
              f"({games / took:.0f} games/s, both engines and the comparing)", flush=True)
    return failures


def speed(label, new_game, moves_of, play, seconds=3.0):
    games = decisions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        rng = random.Random(games)
        state = new_game(games)
        while True:
            moves = moves_of(state)
            if moves is None:
                break
            play(state, moves, rng)
            decisions += 1
        games += 1
    took = time.process_time() - started
    print(f"  {label}: {games / took:,.0f} games/s, {decisions / took:,.0f} decisions/s", flush=True)


def paired_games(names, games: int, seconds: float) -> int:
    """The games of tests/support/pairings.py: every setting cross-checked, then the
    speeds of the first setting of each."""
    failures = 0
    for name in names:
        for pairing in SETTINGS[name]:
            started = time.perf_counter()
            decisions, failed = crosscheck.cross_check(pairing, games, first_seed=1000,
                                                       report=print)
            took = time.perf_counter() - started
            failures += failed
            print(f"{pairing.name}: {games} games, {decisions} decisions compared, "
                  f"{failed} games disagreed ({games / took:.0f} games/s, both engines "
                  f"and the comparing)", flush=True)
        speeds = crosscheck.speeds(SETTINGS[name][0], seconds)
        for engine, (games_s, decisions_s) in speeds.items():
            print(f"  {SETTINGS[name][0].name}, {engine}: {games_s:,.0f} games/s, "
                  f"{decisions_s:,.0f} decisions/s", flush=True)
    return failures


def information(games: int) -> int:
    """Each seat's information in both engines, partitioned alike; returns the histories
    that disagree."""
    tenth = max(1, games // 10)
    runs = [(f"kuhn_poker players={n}", lambda n=n: compare(InfoCheck(kuhn_poker(n)), games),
             games) for n in (2, 3, 5)]
    runs += [(f"leduc_poker starting_player={s}",
              lambda s=s: compare(InfoCheck(leduc_poker(s)), games), games) for s in (0, 1)]
    runs += [(pairing.name, lambda pairing=pairing: compare(InfoCheck(pairing), games), games)
             for pairing in (liars_dice(), liars_dice(2, bidding_rule="reset-quantity"))]
    runs += [(f"nim, {label}", lambda check=check: compare(check, games), games)
             for label, check in (("information state", InfoCheck(nim())), (
                 "observation", InfoCheck(nim(), native_text=observation, memory=False,
                                          normalize=nim_tests.without_the_turn)))]
    runs += [("goofspiel 2 players 4 cards", lambda: information_tests.goofspiel_partition(
        2, 4, games), games), ("goofspiel 3 players 5 cards", lambda: information_tests.
        goofspiel_partition(3, 5, games), games)]
    runs += [("hearts", lambda: compare(information_tests.hearts_check(), tenth), tenth),
             ("oh_hell 3 players 2 tricks", lambda: information_tests.oh_hell_partition(
                 3, 2, tenth), tenth),
             ("oh_hell 4 players 3 tricks", lambda: information_tests.oh_hell_partition(
                 4, 3, tenth), tenth)]
    disagreeing = 0
    for name, run, played in runs:
        started = time.perf_counter()
        partition = run()
        disagreeing += len(partition.disagreements)
        print(f"information, {name}: {played} games, {partition.histories} histories "
              f"compared, {partition.classes} information states, "
              f"{len(partition.disagreements)} disagree "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
    return disagreeing


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per setting")
    parser.add_argument("--only", nargs="+",
                        choices=["goofspiel", "othello", *SETTINGS, "information"],
                        help="these games only (information: each seat's information)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per speed")
    args = parser.parse_args()
    only = set(args.only or ["goofspiel", "othello", *SETTINGS, "information"])
    failures = paired_games([name for name in SETTINGS if name in only], args.games,
                            args.seconds)
    if "information" in only:
        failures += information(args.games)
    reversi = rulelang.load(othello.REVERSI)
    goofspiel = rulelang.load(gops.GOOFSPIEL)
    if "goofspiel" in only:
        natives = {}

        def play_gops(setting, seed):
            if setting not in natives:
                natives[setting] = gops.native_goofspiel(*setting)
            return gops.play_both(goofspiel, *setting, seed, native=natives[setting])
        failures += cross_check("goofspiel", args.games, GOOFSPIEL_SETTINGS, play_gops)
    if "othello" in only:
        native = pyspiel.load_game("othello")
        failures += cross_check("othello", args.games, [()],
                                lambda _, seed: othello.play_both(reversi, seed, native))

    print("random games per CPU second:")
    if "goofspiel" in only:
        native_gops = gops.native_goofspiel(2, 13)

        def native_gops_moves(state):
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[0][0])
            return None if state.is_terminal() else [state.legal_actions(p) for p in (0, 1)]
        speed("goofspiel 2p 13 cards, ours", lambda seed: goofspiel.new_game(
                  players=2, seed=seed, log=False),
              lambda g: None if g.is_over else [(s, g.legal_moves(s)) for s in g.to_move_all],
              lambda g, moves, rng: [g.play(rng.choice(m), seat=s) for s, m in moves],
              args.seconds)
        speed("goofspiel 2p 13 cards, OpenSpiel", lambda seed: native_gops.new_initial_state(),
              native_gops_moves,
              lambda s, moves, rng: s.apply_actions([rng.choice(m) for m in moves]), args.seconds)
    if "othello" in only:
        native = pyspiel.load_game("othello")
        speed("reversi, ours", lambda seed: reversi.new_game(players=2, seed=seed, log=False),
              lambda g: None if g.is_over else g.legal_moves(),
              lambda g, moves, rng: g.play(rng.choice(moves)), args.seconds)
        speed("othello, OpenSpiel", lambda seed: native.new_initial_state(),
              lambda s: None if s.is_terminal() else s.legal_actions(),
              lambda s, moves, rng: s.apply_action(rng.choice(moves)), args.seconds)
    print("every decision agreed" if not failures else
          f"{failures} games (or histories) disagreed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
