"""``rulelang serve FILE --campaign SAVE``: a campaign's table, new or continued from SAVE.

As ``--save`` does for one game: SAVE is written after every move; an existing SAVE goes on
with its players, seed, options and seats (others given are refused, exit 2), and with its
links when this server wrote it. A campaign saved by ``rulelang run --campaign`` goes on here
too, with new links (and is kept as a browser table from then on).
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from rulelang.play.cli.common import (
    BOT_KINDS,
    EXIT_USAGE,
    bot_spec,
    load_rules,
    open_new_table,
    options_read,
    other_players_or_seed,
    parse_options,
    read_save,
    refuse_differing,
    warn_unused_options,
)


def open_campaign_table(server, file, players, option_pairs, bot_pairs, seed, path: Path):
    rules = load_rules(file)
    name = Path(file).name
    if rules.program.campaign is None:
        click.echo(f"error: {rules.title} declares no campaign (campaign {{ ... }}): serve it "
                   "without --campaign", err=True)
        sys.exit(EXIT_USAGE)
    options = parse_options(option_pairs)
    kinds = dict(pair.partition("=")[::2] for pair in bot_pairs)
    try:  # a kind that is none is a usage error, said before any save is read
        for kind in kinds.values():
            bot_spec(kind, BOT_KINDS, "--bot", noun="a kind of player")
    except click.BadParameter as error:
        click.echo(f"error: {error.format_message()}", err=True)
        sys.exit(EXIT_USAGE)
    if path.exists():
        from rulelang.play.cli.serve import refuse_other_seats
        def check(table):  # (before the file is written: refused, it is left as it was)
            refuse_other_settings(table.campaign, path, players, seed, options)
            refuse_other_seats(table, path, bot_pairs)

        table = read_save(path, lambda: server.resume_campaign_file(path, name, rules, kinds,
                                                                      check))
        click.echo(f"continuing the campaign saved in {path}", err=True)
        return table
    table = open_new_table(rules.program, players, bot_pairs, lambda: server.open(
        name, rules, players, options, kinds, seed, save_path=path, campaign=True))
    warn_unused_options(table.game, options)
    return table


def refuse_other_settings(campaign, path, players, seed, options):
    """A saved campaign goes on as it was saved: a --players, --seed or --option it does not
    have is said (exit 2), as ``common.refuse_other_settings`` says it for a game. The
    offered option is chosen on the pages between games, never on the command line."""
    differ = other_players_or_seed(players, seed, campaign.players, campaign.seed)
    rules, offered = campaign.rules, campaign.offered
    given = {k: v for k, v in options.items() if k != offered}
    asked = options_read(rules, campaign.players, given)
    saved = options_read(rules, campaign.players, campaign.options)
    differ += [f"--option {name}={value}" for name, value in given.items()
               if asked.get(name) != saved.get(name)]
    if offered in options:
        differ.append(f"--option {offered}={options[offered]} (its next game is chosen on the "
                      "page, among those offered)")
    refuse_differing(path, "campaign", "settings", differ, another="give another file")
