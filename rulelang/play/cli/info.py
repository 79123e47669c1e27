"""``rulelang info``: what a game offers before playing it: its player counts, who the
seats are, its options with their values and what they do (as the rules declare them), what
the players may say to each other, and whether it is played as a campaign."""
from __future__ import annotations

import click

from rulelang.language.errors import RulesError, span_text
from rulelang.play.cli.common import load_rules
from rulelang.tools.rulebook import options_of


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
def info(file):
    """Describe the game in FILE: players, seats, options."""
    click.echo(describe(load_rules(file), file))


def describe(rules, file) -> str:
    """The game's players, seats and options, as text for a person."""
    program = rules.program
    sources = program.sources
    counts = (f"{program.min_players}" if program.min_players == program.max_players
              else f"{program.min_players} to {program.max_players}")
    lines = [f"{program.title} ({file})",
             f"  players: {counts}" + (", cooperative: the players win or lose together"
                                      if program.cooperative else "")]
    lines.append("  seats: " + _seats(program))
    options = program.options
    defaults: dict[str, dict[int, str]] = {}  # each option's, by player count
    if options:
        lines.append("  options (--option NAME=VALUE):")
        for name, option in options.items():
            decl, ty = option.decl, option.type
            allowed = f" in {_source(decl.allowed, sources)}" if decl.allowed is not None else ""
            by_count = defaults[name] = _defaults(rules, name)
            default = _source(decl.default, sources)
            if ty.name == "list" and len(set(by_count.values())) == 1 and next(
                    iter(by_count.values())):  # levels = 1+2, as --option takes it, not [1, 2]
                default = next(iter(by_count.values()))
            lines.append(f"    {name} = {default}   ({ty}{allowed})")
            if len(set(by_count.values())) > 1:  # worked out from the player count
                lines.append("        by default " + ", ".join(
                    f"{value} with {n} players" for n, value in by_count.items()))
            if decl.doc:
                lines.append(f"        {decl.doc}")
            if decl.when is not None:  # (`option ... if COND`: given otherwise, it does nothing)
                lines.append(f"        applies only if {_source(decl.when, sources)}")
    else:
        lines.append("  options: none")
    for text in program.talk:
        lines.append(f"  table talk: {text}")
    campaign = program.campaign
    if campaign is not None:
        lines.append(f"  a campaign: games played one after another, each with its own "
                     f"{campaign.offer.option}; its state is kept between them "
                     f"(rulelang run {file} --campaign FILE)")
    example = f"rulelang run {file}"
    if program.max_players > program.min_players:
        example += f" --players {program.max_players}"
    if options:
        name, option = next(iter(options.items()))
        value = defaults[name].get(program.max_players)
        example += f" --option {name}={value}" if value is not None else ""
    lines.append(f"  play it: {example}")
    return "\n".join(lines)


def _defaults(rules, name) -> dict[int, str]:
    """An option's default for each player count, as typed after --option (none where the
    rules cannot work it out)."""
    program, values = rules.program, {}
    for players in range(program.min_players, program.max_players + 1):
        try:
            values[players] = options_of(rules.blank_game(players, 0, {}))[name]
        except RulesError:
            continue
    return values


def _seats(program) -> str:
    most = program.max_players
    players = {1: "P1", 2: "P1 and P2"}.get(most, f"P1 to P{most}")
    out = f"{players}, one per player (you are P1; --bot SEAT=KIND says who plays a seat)"
    for dummy in program.dummies:
        when = f", when {_source(dummy.cond, program.sources)}" if dummy.cond is not None else ""
        out += (f"\n         {dummy.name}: a seat with no player of its own (the players make "
                f"its choices){when}")
    return out


def _source(expr, sources) -> str:
    """An expression as written in its file (its lines joined by spaces)."""
    text = span_text(sources, getattr(expr, "span", None))
    if text is None:
        return "…"
    return " ".join(part.strip() for part in text.split("\n"))
