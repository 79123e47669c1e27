"""``rulelang compare``: variants of a game side by side, each figure tested.

The variants are named on the command line by giving one option several values
(``--option tricks=3 --option tricks=5``), or several ``--players``. Every
variant plays the same seeds with the same bots; the first is the baseline.
"""
from __future__ import annotations

import json
import sys
import textwrap
from contextlib import nullcontext
from typing import TYPE_CHECKING, cast

import click

from rulelang.play.cli.common import load_rules, parse_options
from rulelang.play.cli.simulate import (
    EXIT_INTERRUPTED,
    MAX_DECISIONS,
    check_ray,
    check_writable,
    play,
    prepare,
    simulation_options,
    stop_on_failure,
)

if TYPE_CHECKING:
    from rulelang.play.simulation import Simulation


@click.command()
@simulation_options
@click.option("--players", "players_list", type=int, multiple=True,
              help="Number of players; give it twice or more to compare player counts.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="An option; give one option several values to compare them.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False),
              help="Also write every variant's figures and the tests to this file as JSON.")
def compare(file, count, seed, bots_all, bot_pairs, workers, backend, address, think,
            max_decisions, players_list, option_pairs, json_path):
    """Play variants of a game and show which figures differ: win rates, scores, lengths.

    \b
    rulelang compare examples/oh_hell.rules --players 3 --option tricks=3 --option tricks=5
    rulelang compare examples/pig.rules --players 2 --players 3 --players 4
    """
    from rulelang.play.simulation import to_json
    from rulelang.play.simulation.variants import compare as compare_variants
    from rulelang.play.simulation.variants import render
    if address and backend != "ray":
        raise click.BadParameter("--address is for --backend ray", param_hint="--address")
    varying, variants_given = variants_of(players_list, option_pairs)
    if json_path:
        check_writable(json_path, "--json")
    rules = load_rules(file)
    setups = check_variants(rules, variants_given, count, seed, bots_all, bot_pairs, think,
                            max_decisions)
    played = what_is_played(varying, setups, bots_all, bot_pairs, think)
    click.echo(f"{rules.title}: {count:,} games a variant (seeds {seed} to {seed + count - 1}), "
               f"{played['text']}; comparing {varying}")
    for line in played["notes"]:
        click.echo(line)
    variants = []
    with _backend_session(backend, address, workers):
        _play_variants(rules, file, [label for label, _, _ in variants_given], setups, variants,
                       workers, backend, address)
    if len(variants) < 2:
        click.echo("stopped before a second variant was played: nothing to compare")
        sys.exit(EXIT_INTERRUPTED)
    comparison = compare_variants(rules.title, varying, variants)
    click.echo(render(comparison), nl=False)
    if json_path:
        data = {"title": rules.title, "varying": varying,
                **{k: v for k, v in played.items() if k not in ("text", "notes")},
                "variants": [{"label": v.label, "summary": to_json(v.summary)} for v in variants],
                "comparison": to_json(comparison)}
        with open(json_path, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2, ensure_ascii=False)
            out.write("\n")
    if any(v.run.stopped for v in variants):
        sys.exit(EXIT_INTERRUPTED)


def variants_of(players_list, option_pairs):
    """What varies, and each variant as (label, players, options)."""
    values: dict[str, list[str]] = {}
    for pair in option_pairs:
        name, value = next(iter(parse_options([pair]).items()))
        values.setdefault(name, []).append(value)
    repeated = [name for name, vs in values.items() if len(vs) > 1]
    several_counts = len(players_list) > 1
    if not repeated and not several_counts:
        raise click.UsageError(
            "say what to compare: give one option two values or more (--option tricks=3 "
            "--option tricks=5) or --players twice or more (--players 3 --players 4); only one "
            "thing can vary at a time")
    if len(repeated) + several_counts > 1:
        varied = [*(["--players"] if several_counts else []),
                  *(f"option {name}" for name in repeated)]
        raise click.UsageError(
            f"{' and '.join([', '.join(varied[:-1]), varied[-1]])} each have two values or "
            "more, but compare varies one thing at a time: give each of the others one value "
            "(and compare again for another)")
    for name, given in [("--players", [str(p) for p in players_list]),
                        *((f"--option {name}", vs) for name, vs in values.items())]:
        twice = next((v for i, v in enumerate(given) if v in given[:i]), None)
        if twice is not None:
            raise click.UsageError(f"{name} gives {twice} twice: a variant compared with itself "
                                   "cannot differ; give each value once")
    options = {name: vs[0] for name, vs in values.items() if len(vs) == 1}
    if several_counts:
        return "players", [(f"{p} players", p, options) for p in players_list]
    name = repeated[0]
    players = players_list[0] if players_list else None
    return name, [(f"{name}={v}", players, {**options, name: v}) for v in values[name]]


def what_is_played(varying, setups, bots_all, bot_pairs, think) -> dict:
    """What every variant shares, for the report's head (a saved report says what was
    played): the player count (unless it varies), the bots, the options held fixed, and
    notes on mixed bots and --think."""
    from rulelang.play.simulation.report import WIDTH
    first = setups[0]
    players = None if varying == "players" else cast("Simulation", first.simulation).players
    fixed = {name: value for name, value in first.options_shown.items()
             if name != varying and all(s.options_shown.get(name) == value for s in setups)}
    bots = ", ".join([f"{bots_all} bots", *bot_pairs])
    text = bots if players is None else f"{players} players, {bots}"
    notes = []
    if fixed:
        notes += textwrap.wrap("options held fixed: " + ", ".join(
            f"{name}={value}" for name, value in fixed.items()), WIDTH)
    if any(pair.partition("=")[2].strip() != bots_all for pair in bot_pairs):
        notes += textwrap.wrap(
            "the seats' bots differ: a seat's wins, and the first player's, measure its bot as "
            "much as the rules", WIDTH)
    if think is not None:
        notes += textwrap.wrap(
            f"--think {think:g}: the bots thought for a time, not a fixed budget: their moves "
            "depend on the machine's speed, and these figures do not replay exactly", WIDTH)
    return {"text": text, "notes": notes, "players": players, "options": fixed,
            "bots": [bots_all, *bot_pairs], "think": think}


def check_variants(rules, variants_given, count, seed, bots_all, bot_pairs, think,
                   max_decisions=MAX_DECISIONS) -> list:
    """Every variant checked against the rules before any game is played (an option's value
    or a player count the rules refuse stops here, not after minutes of the first variant);
    two that are the same variant written two ways (removed=5, removed=05) are refused."""
    setups = [prepare(rules, players, options, bots_all, bot_pairs, seed, count, think,
                      max_decisions) for _, players, options in variants_given]
    seen: dict = {}
    for (label, _, _), setup in zip(variants_given, setups):
        simulation = cast("Simulation", setup.simulation)
        key = (simulation.players, tuple(sorted(setup.options_shown.items())))
        if key in seen:
            raise click.UsageError(f"{label} and {seen[key]} are the same variant: a variant "
                                   "compared with itself cannot differ; give values that differ")
        seen[key] = label
    return setups


def _play_variants(rules, file, labels, setups, variants, workers, backend, address):
    """Play each variant (as ``check_variants`` prepared it) in turn, into ``variants``: a
    Ctrl-C keeps those finished."""
    from rulelang.play.simulation import summarize
    from rulelang.play.simulation.report import speed
    from rulelang.play.simulation.variants import Variant
    for label, setup in zip(labels, setups, strict=True):
        run = play(setup.simulation, workers, backend, address, label=label)
        stop_on_failure(run, file, setup.simulation)
        summary = summarize(run, rules.title, setup.options_shown, setup.cooperative)
        variants.append(Variant(label, run, summary))
        click.echo(f"  {label}: {speed(run)}")
        if run.stopped:
            break


def _backend_session(backend, address, workers):
    if backend != "ray":
        return nullcontext()
    check_ray()
    from rulelang.play.simulation.ray_backend import session
    return session(address, workers)
