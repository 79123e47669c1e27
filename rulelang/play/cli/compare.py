"""``rulelang compare``: variants of a game side by side, each figure tested.

The variants are named on the command line by giving one option several values
(``--option tricks=3 --option tricks=5``), several ``--players``, or several rules
files (a designer's own copy of a game beside the original). Every variant plays the
same seeds with the same bots; the first is the baseline.
"""
from __future__ import annotations

import json
import os
import sys
import textwrap
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, cast

import attrs
import click

from rulelang.play.cli.common import load_rules, parse_options
from rulelang.play.cli.simulate import (
    EXIT_INTERRUPTED,
    MAX_DECISIONS,
    check_plotting,
    check_ray,
    check_writable,
    play,
    prepare,
    simulation_options,
    stop_on_failure,
)

if TYPE_CHECKING:
    from rulelang.play.simulation import Simulation


@attrs.frozen
class Given:
    """One variant as the command line names it: its label, player count (None: the rules'
    default), options, and the rules file it plays (loaded: ``rules``)."""
    label: str  # "tricks=3", "3 players", "pig.rules", "greedy bots"
    players: int | None
    options: dict
    file: str = ""
    rules: Any = None  # interpreter.rules.Rules, once loaded
    bots: str = "random"  # the bot of every seat (--bot SEAT=KIND aside)


def _compare_options(command):
    return simulation_options(command, click.argument(
        "files", nargs=-1, required=True, type=click.Path(dir_okay=False)), several_bots=True)


@click.command()
@_compare_options
@click.option("--players", "players_list", type=int, multiple=True,
              help="Number of players; give it twice or more to compare player counts.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="An option; give one option several values to compare them.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False),
              help="Also write every variant's figures and the tests to this file as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Also draw each figure compared, every variant with its 95% interval, to "
                   "this PNG (pip install 'rulelang[plot]').")
def compare(files, count, seed, bots_all, bot_pairs, workers, backend, address, think,
            max_decisions, rotate, players_list, option_pairs, json_path, plot_path):
    """Play variants of a game and show which figures differ: win rates, scores, lengths.

    The variants are one option's values, player counts, bots, or rules files (your copy of a
    game beside the original: the first file is the baseline).

    \b
    rulelang compare examples/oh_hell.rules --players 3 --option tricks=3 --option tricks=5
    rulelang compare examples/pig.rules --players 2 --players 3 --players 4
    rulelang compare examples/pig.rules my_pig.rules --players 3
    rulelang compare examples/pig.rules --bots random --bots greedy
    """
    from rulelang.play.simulation import to_json
    from rulelang.play.simulation.variants import compare as compare_variants
    from rulelang.play.simulation.variants import render
    if address and backend != "ray":
        raise click.BadParameter("--address is for --backend ray", param_hint="--address")
    if len(files) > 1:
        varying, variants_given = files_of(files, players_list, option_pairs, bots_all)
    else:
        varying, variants_given = variants_of(players_list, option_pairs, files[0], bots_all)
    if json_path:
        check_writable(json_path, "--json")
    if plot_path:
        check_plotting(plot_path)
    variants_given = with_rules(variants_given)
    title = " / ".join(dict.fromkeys(g.rules.title for g in variants_given))
    setups = check_variants(variants_given, count, seed, bot_pairs, think, max_decisions,
                            rotate)
    played = what_is_played(varying, setups, variants_given, bot_pairs, think, rotate)
    head = (f"{title}: {count:,} games a variant (seeds {seed} to {seed + count - 1}), "
            f"{played['text']}; comparing {varying}")
    click.echo(head)
    for line in played["notes"]:
        click.echo(line)
    variants = []
    with _backend_session(backend, address, workers):
        _play_variants(variants_given, setups, variants, workers, backend, address)
    if len(variants) < 2:
        click.echo("stopped before a second variant was played: nothing to compare")
        sys.exit(EXIT_INTERRUPTED)
    comparison = compare_variants(title, varying, variants)
    click.echo(render(comparison), nl=False)
    if plot_path:
        from rulelang.play.simulation.plot import plot_comparison
        plot_comparison(comparison, [head, " ".join(played["notes"])], plot_path)
    if json_path:
        data = {"title": title, "varying": varying,
                **({"files": [g.file for g in variants_given]} if varying == "files" else {}),
                **{k: v for k, v in played.items() if k not in ("text", "notes")},
                "variants": [{"label": v.label, "summary": to_json(v.summary)} for v in variants],
                "comparison": to_json(comparison)}
        with open(json_path, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2, ensure_ascii=False)
            out.write("\n")
    if any(v.run.stopped for v in variants):
        sys.exit(EXIT_INTERRUPTED)


def _option_values(option_pairs) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for pair in option_pairs:
        name, value = next(iter(parse_options([pair]).items()))
        values.setdefault(name, []).append(value)
    return values


def files_of(files, players_list, option_pairs, bots_all=("random",)) -> tuple[str, list[Given]]:
    """Several rules files: the files are what varies, every --option and --players applies
    to each of them alike."""
    values = _option_values(option_pairs)
    repeated = [f"option {name}" for name, vs in values.items() if len(vs) > 1]
    if len(players_list) > 1:
        repeated.insert(0, "--players")
    if len(bots_all) > 1:
        repeated.insert(0, "--bots")
    if repeated:
        raise click.UsageError(
            f"{' and '.join(repeated)} given two values or more, but with several rules files "
            "the files are what varies, and compare varies one thing at a time: give each "
            "option and --players one value (and compare the values in one file separately)")
    seen: dict[str, str] = {}
    for file in files:
        same = os.path.realpath(file)
        if same in seen:
            also = f" (as {seen[same]})" if seen[same] != file else ""
            raise click.UsageError(f"{file} is given twice{also}: a variant compared with "
                                   "itself cannot differ; give each file once")
        seen[same] = file
    names = [os.path.basename(file) for file in files]
    labels = names if len(set(names)) == len(names) else list(files)
    options = {name: vs[0] for name, vs in values.items()}
    players = players_list[0] if players_list else None
    return "files", [Given(label, players, options, file, bots=bots_all[0])
                     for label, file in zip(labels, files)]


def with_rules(variants_given: list[Given]) -> list[Given]:
    """Each variant with its rules loaded (a file's errors stop here, with its lines); rules
    cooperative in one file and not in another have no figures in common."""
    loaded: dict[str, Any] = {}
    given = [attrs.evolve(g, rules=loaded.get(g.file) or loaded.setdefault(
        g.file, load_rules(g.file))) for g in variants_given]
    kinds = {g.rules.program.cooperative for g in given}
    if len(kinds) > 1:
        together = [g.label for g in given if g.rules.program.cooperative]
        apart = [g.label for g in given if not g.rules.program.cooperative]
        raise click.UsageError(
            f"{', '.join(together)} cooperative and {', '.join(apart)} not: a team's figures "
            "and each seat's cannot be compared; compare files that are both cooperative, "
            "or both not")
    return given


def variants_of(players_list, option_pairs, file="", bots_all=("random",)
                ) -> tuple[str, list[Given]]:
    """What varies, and each variant (one rules file: its options, player counts or bots)."""
    values = _option_values(option_pairs)
    repeated = [name for name, vs in values.items() if len(vs) > 1]
    several_counts = len(players_list) > 1
    several_bots = len(bots_all) > 1
    if not repeated and not several_counts and not several_bots:
        raise click.UsageError(
            "say what to compare: give one option two values or more (--option tricks=3 "
            "--option tricks=5), --players twice or more (--players 3 --players 4), --bots "
            "twice or more (--bots random --bots greedy), or two rules files or more (the "
            "original and your copy); only one thing can vary at a time")
    if len(repeated) + several_counts + several_bots > 1:
        varied = [*(["--players"] if several_counts else []),
                  *(["--bots"] if several_bots else []),
                  *(f"option {name}" for name in repeated)]
        raise click.UsageError(
            f"{' and '.join([', '.join(varied[:-1]), varied[-1]])} each have two values or "
            "more, but compare varies one thing at a time: give each of the others one value "
            "(and compare again for another)")
    for name, given in [("--players", [str(p) for p in players_list]),
                        ("--bots", list(bots_all)),
                        *((f"--option {name}", vs) for name, vs in values.items())]:
        twice = next((v for i, v in enumerate(given) if v in given[:i]), None)
        if twice is not None:
            raise click.UsageError(f"{name} gives {twice} twice: a variant compared with itself "
                                   "cannot differ; give each value once")
    options = {name: vs[0] for name, vs in values.items() if len(vs) == 1}
    players = players_list[0] if players_list else None
    if several_counts:
        return "players", [Given(f"{p} players", p, options, file, bots=bots_all[0])
                           for p in players_list]
    if several_bots:
        return "bots", [Given(f"{kind} bots", players, options, file, bots=kind)
                        for kind in bots_all]
    name = repeated[0]
    return name, [Given(f"{name}={v}", players, {**options, name: v}, file, bots=bots_all[0])
                  for v in values[name]]


def what_is_played(varying, setups, variants_given, bot_pairs, think, rotate=False) -> dict:
    """What every variant shares, for the report's head (a saved report says what was
    played): the player count (unless it varies), the bots, the options held fixed, and
    notes on mixed bots and --think."""
    from rulelang.play.simulation.report import WIDTH
    first = setups[0]
    counts = {cast("Simulation", s.simulation).players for s in setups}
    players = None if varying == "players" or len(counts) > 1 else counts.pop()
    fixed = {name: value for name, value in first.options_shown.items()
             if name != varying and all(s.options_shown.get(name) == value for s in setups)}
    kinds = list(dict.fromkeys(g.bots for g in variants_given))
    bots = ", ".join([*([] if varying == "bots" else [f"{kinds[0]} bots"]), *bot_pairs])
    text = ", ".join(part for part in (f"{players} players" if players else "", bots) if part)
    notes = []
    if fixed:
        notes += textwrap.wrap("options held fixed: " + ", ".join(
            f"{name}={value}" for name, value in fixed.items()), WIDTH)
    if varying == "files":
        notes += _options_apart(setups, variants_given, fixed)
    if rotate:
        notes += textwrap.wrap(
            "--rotate: each game moves every bot one seat on, so each bot plays each seat as "
            "often; each bot's wins are compared too", WIDTH)
    elif any(pair.partition("=")[2].strip() not in kinds for pair in bot_pairs) or (
            bot_pairs and varying == "bots"):
        notes += textwrap.wrap(
            "the seats' bots differ: a seat's wins, and the first player's, measure its bot as "
            "much as the rules", WIDTH)
    if think is not None:
        notes += textwrap.wrap(
            f"--think {think:g}: the bots thought for a time, not a fixed budget: their moves "
            "depend on the machine's speed, and these figures do not replay exactly", WIDTH)
    return {"text": text, "notes": notes, "players": players, "options": fixed,
            "bots": [*kinds, *bot_pairs], "think": think, "rotate": rotate}


def _options_apart(setups, variants_given, fixed) -> list[str]:
    """Rules files whose options differ (a default changed, an option added or taken out):
    each such option with its value in each file, "-" where a file has none of it."""
    from rulelang.play.simulation.report import WIDTH
    names = list(dict.fromkeys(name for s in setups for name in s.options_shown))
    apart = [name for name in names if name not in fixed]
    if not apart:
        return []
    return textwrap.wrap("options that differ between the files: " + "; ".join(
        f"{name}: " + ", ".join(f"{g.label} {s.options_shown.get(name, '-')}"
                               for g, s in zip(variants_given, setups))
        for name in apart), WIDTH, subsequent_indent="  ")


def check_variants(variants_given, count, seed, bot_pairs, think,
                   max_decisions=MAX_DECISIONS, rotate=False) -> list:
    """Every variant checked against the rules before any game is played (an option's value
    or a player count the rules refuse stops here, not after minutes of the first variant);
    two that are the same variant written two ways (removed=5, removed=05) are refused."""
    setups = [prepare(g.rules, g.players, g.options, g.bots, bot_pairs, seed, count, think,
                      max_decisions) for g in variants_given]
    setups = [attrs.evolve(s, simulation=attrs.evolve(cast("Simulation", s.simulation),
                                                      rotate=rotate)) for s in setups]
    seen: dict = {}
    for given, setup in zip(variants_given, setups):
        simulation = cast("Simulation", setup.simulation)
        key = (given.file, simulation.players, simulation.bots,
               tuple(sorted(setup.options_shown.items())))
        if key in seen:
            raise click.UsageError(f"{given.label} and {seen[key]} are the same variant: a "
                                   "variant compared with itself cannot differ; give values "
                                   "that differ")
        seen[key] = given.label
    return setups


def _play_variants(variants_given, setups, variants, workers, backend, address):
    """Play each variant (as ``check_variants`` prepared it) in turn, into ``variants``: a
    Ctrl-C keeps those finished."""
    from rulelang.play.simulation import summarize
    from rulelang.play.simulation.report import speed
    from rulelang.play.simulation.variants import Variant
    for given, setup in zip(variants_given, setups, strict=True):
        run = play(setup.simulation, workers, backend, address, label=given.label)
        stop_on_failure(run, given.file, setup.simulation)
        summary = summarize(run, given.rules.title, setup.options_shown, setup.cooperative)
        variants.append(Variant(given.label, run, summary))
        click.echo(f"  {given.label}: {speed(run)}")
        if run.stopped:
            break


def _backend_session(backend, address, workers):
    if backend != "ray":
        return nullcontext()
    check_ray()
    from rulelang.play.simulation.ray_backend import session
    return session(address, workers)
