"""A soak: random decisions over every game and example, every player count and every
option value, reporting any error (a traceback, a RulesError from a shipped ruleset, a save
that does not restore to itself).

    python benchmarks/soak.py [--decisions 1000000] [--seed 0] [--restore-every 1000] [FILE...]

A benchmark, not a test: it plays for as long as the decisions asked for take (a million:
some minutes on one core) and prints what it found; its exit code is 1 when it found an
error. The decisions are shared out evenly over the configurations: each ruleset (default
``games/*.rules`` and ``examples/*.rules``), each player count it allows, with its options
at their defaults and then each option at each value it may take (the others at their
defaults; a list option: each value alone, and all together). Every game is played by
uniformly random legal moves from a seeded generator, so a failure replays from the seed
printed with it. Every ``--restore-every`` decisions the game is saved, restored, and the
restored game's save compared with the first.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulelang  # noqa: E402
from interpreter.runtime.protocol import text_of  # noqa: E402

MAX_GAME_DECISIONS = 20_000  # a random game still going after this many is cut (and counted)
MAX_ERRORS_SHOWN = 30


def option_variants(rules, players) -> list[dict]:
    """The options to play with: none given (defaults), then each option at each value."""
    variants = [{}]
    probe = rules.blank_game(players, 0, {})
    for name, spec in rules.options.items():
        if spec.allowed is not None:
            values = list(spec.allowed(probe))
        elif spec.type.name == "bool":
            values = [True, False]
        elif spec.type.name == "enum":
            values = list(rules.enum_values[spec.type.arg])
        else:
            continue  # a number or a text without a list of values: its default only
        if spec.type.name == "list":
            values = [[v] for v in values] + [values]
        for value in values:
            given = ([text_of(v) for v in value] if isinstance(value, list)
                     else text_of(value) if not isinstance(value, (bool, int)) else value)
            variants.append({name: given})
    return variants


def configurations(files) -> tuple[list, int]:
    """Every configuration a game can start with; and how many the rules refuse (options
    that do not go together, as their ``require`` says)."""
    out, refused = [], 0
    for file in files:
        rules = rulelang.load(str(file))
        for players in rules.player_counts:
            for options in option_variants(rules, players):
                try:
                    rules.new_game(players=players, seed=0, options=options, log=False)
                except rulelang.RulesRuntimeError:
                    pass  # a failure of the rules themselves: played, so reported
                except rulelang.RulesError:
                    refused += 1
                    continue
                out.append((file, rules, players, options))
    return out, refused


def name_of(file, players, options) -> str:
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    return f"{file.relative_to(ROOT) if file.is_relative_to(ROOT) else file} {players}p {shown}".strip()


def play(rules, players, options, seed, budget, restore_every, counter, errors, where):
    """One game by random moves, cut after ``budget`` decisions; the decisions played."""
    rng = random.Random(seed)
    game = rules.new_game(players=players, seed=seed, options=options)
    played = 0
    while not game.is_over and played < budget:
        moves = game.legal_moves()
        if not moves:
            errors.append(f"{where} seed {seed}: no legal move and the game is not over")
            return played
        game.play(moves[rng.randrange(len(moves))])
        played += 1
        counter[0] += 1
        if restore_every and counter[0] % restore_every == 0:
            saved = game.save()
            if rules.restore(saved).save() != saved:
                errors.append(f"{where} seed {seed}: decision {played}: the restored game "
                              "saves differently")
    return played


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--decisions", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--restore-every", type=int, default=1000,
                        help="save and restore every N decisions (0: never)")
    args = parser.parse_args(argv)
    files = args.files or sorted((ROOT / "games").glob("*.rules")) + sorted(
        (ROOT / "examples").glob("*.rules"))
    configs, refused = configurations(files)
    by_file: dict = {}
    for config in configs:
        by_file.setdefault(config[0], []).append(config)
    print(f"{args.decisions:,} random decisions over {len(configs)} configurations of "
          f"{len(files)} rulesets (an even share each ruleset, shared evenly by its configurations; "
          f"{refused} more refused by the rules' own requirements)")
    errors: list[str] = []
    counter = [0]
    total_games = total_decisions = cut = 0
    started = time.process_time()
    seed = args.seed
    for file, group in by_file.items():
        share = max(1, args.decisions // len(by_file) // len(group))
        games = decisions = 0
        for _, rules, players, options in group:
            where = name_of(file, players, options)
            played_here = 0
            while played_here < share:
                budget = min(MAX_GAME_DECISIONS, share - played_here)
                try:
                    played = play(rules, players, options, seed, budget, args.restore_every,
                                  counter, errors, where)
                except rulelang.RulesError as error:
                    errors.append(f"{where} seed {seed}: {str(error).splitlines()[0]}")
                    played = 1
                except Exception:  # a traceback: the worst kind of finding
                    errors.append(f"{where} seed {seed}: TRACEBACK\n{traceback.format_exc()}")
                    played = 1
                cut += played >= MAX_GAME_DECISIONS
                played_here += max(played, 1)
                games += 1
                seed += 1
            decisions += played_here
        total_games += games
        total_decisions += decisions
        shown = file.relative_to(ROOT) if file.is_relative_to(ROOT) else file
        print(f"  {shown!s:<28} {len(group):>4} configurations {games:>8,} games "
              f"{decisions:>10,} decisions")
    seconds = time.process_time() - started
    print(f"{total_decisions:,} decisions in {total_games:,} games, {seconds:.0f} CPU s "
          f"({total_decisions / max(seconds, 1e-9):,.0f} decisions/s); "
          f"{cut} games cut at {MAX_GAME_DECISIONS:,} decisions")
    if errors:
        print(f"{len(errors)} errors:")
        for line in errors[:MAX_ERRORS_SHOWN]:
            print("  " + line)
        return 1
    print("no errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
