"""What the commands share: loading rules, options, seats, exit codes."""
from __future__ import annotations

import math
import os
import sys

import click

import rulelang
from rulelang.language.errors import (
    CheckError,
    ParseError,
    RulesError,
    RulesRuntimeError,
    span_text,
)

EXIT_DATA, EXIT_SOFTWARE, EXIT_USAGE = 65, 70, 2
BOT_KINDS = ("human", "random", "greedy", "mcts", "advice", "first")


class Seconds(click.ParamType):
    """A number of seconds above zero: not nan, not infinite (a bot asked to think for nan
    seconds would never see its time run out)."""
    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"'{value}' is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or seconds <= 0 or seconds > 86_400:
            self.fail(f"'{value}' is not a number of seconds from 0 (excluded) to 86400",
                      param, ctx)
        return seconds


SECONDS = Seconds()


def bot_spec(text, kinds, param_hint, noun="a bot") -> str:
    """A bot as written (``mcts``, ``mcts:16``: ``interpreter.bots.spec``) checked against
    ``kinds``, in its plain spelling; a usage error (exit 2) saying what to write if not."""
    from interpreter.bots.spec import BotSpecError, parse_bot
    try:
        return parse_bot(text, kinds, noun).text
    except BotSpecError as error:
        raise click.BadParameter(str(error), param_hint=param_hint) from None


class BotKind(click.ParamType):
    """``--bots KIND``: a kind of bot, or one that looks ahead with its budget (mcts:16)."""
    name = "bot"

    def __init__(self, kinds):
        self.kinds = tuple(kinds)

    def convert(self, value, param, ctx):
        from interpreter.bots.spec import BotSpecError, parse_bot
        try:
            return parse_bot(value, self.kinds).text
        except BotSpecError as error:
            self.fail(str(error), param, ctx)

    def get_metavar(self, param, ctx=None):
        return "[" + "|".join(self.kinds) + "][:N]"
THINK_HELP = ("Seconds a bot that looks ahead (greedy, mcts) may think per decision, instead of "
              "its fixed budget (its moves then depend on the machine's speed).")


def default_bot(rules, person_plays: bool = False) -> str:
    """The kind of bot that takes a seat no one asked for. In a cooperative game it is a
    partner: a bot that plays for the team from its own seat's knowledge (a random team
    loses almost every cooperative game). Elsewhere, when a person plays, an opponent worth
    playing (the same tree search: a few dozen milliseconds a decision in the examples); with
    bots only, random ones (a quick demo, or a transcript that replays at once)."""
    from interpreter.bots import PARTNER
    return PARTNER if rules.program.cooperative or person_plays else "random"


def load_rules(path):
    try:
        return rulelang.load(path)
    except (ParseError, CheckError) as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_DATA)
    except RulesError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_DATA if os.path.exists(path) else EXIT_USAGE)


def parse_options(pairs):
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"'{pair}' should be NAME=VALUE", param_hint="--option")
        options[name.strip()] = value.strip()
    return options


def new_game(rules, players, seed, options, log=True, so_far=False):
    """``rules.new_game``, its errors said and exited with; ``so_far``: a game stopped by
    its rules (before any decision) prints its transcript up to there first (for a game of
    bots alone: every seat's log)."""
    try:
        return rules.new_game(players=players, seed=seed, options=options, log=log)
    except RulesRuntimeError as error:
        if so_far and error.game is not None and log:
            click.echo(error.game.transcript(), nl=False)
        click.echo(error.render(), err=True)
        sys.exit(EXIT_SOFTWARE)
    except RulesError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_USAGE)


def read_save(path, read):
    """``read()``, which reads the table saved in ``path``: a file that cannot be read, or
    holds no save these rules can go on with, is said (exit 65)."""
    try:
        return read()
    except OSError as error:
        click.echo(f"error: {path}: cannot read it ({error.strerror or error})", err=True)
        sys.exit(EXIT_DATA)
    except RulesError as error:
        click.echo(f"error: {path}: {error.words()}", err=True)
        sys.exit(EXIT_DATA)


def open_new_table(program, players, bot_pairs, opening):
    """``opening()``, which opens a new table, once --bot's seats fit the game (a seat past
    the rules' most players: the table's own error says it); either refusal said (exit 2)."""
    try:
        seats_fit(program, players or program.min_players, bot_pairs, past_most=False)
    except click.BadParameter as error:
        click.echo(f"error: {error.message}", err=True)  # "error: ..." once, as below
        sys.exit(EXIT_USAGE)
    try:
        return opening()
    except RulesError as error:
        click.echo(error.render(), err=True)  # "error: ..." once
        sys.exit(EXIT_USAGE)


def warn_unused_options(game, options) -> None:
    """An `--option` the rules apply only under a condition (`option ... if COND`) that this
    game does not meet changes nothing: said (a warning, on stderr), so that no one plays
    believing it is in force (an option for one level given without that level)."""
    when = game.rules.code.tops.option_when
    program = game.rules.program
    for name, value in options.items():
        test = when.get(name)
        try:
            if test is None or test(game):
                continue
        except Exception:  # (a condition that cannot be worked out: said nowhere else either)
            continue
        condition = span_text(program.sources, program.options[name].decl.when.span)
        condition = " ".join(part.strip() for part in condition.split("\n")) if condition \
            else "its condition holds"
        click.echo(f"warning: --option {name}={value} changes nothing in this game: the rules "
                   f"apply it only if {condition}", err=True)


def refuse_other_settings(game, path, players, seed, options):
    """A saved game goes on as it was saved: a --players, --seed or --option on the command
    line that the game in ``path`` does not have is said (exit 2) rather than left unused in
    silence (a class asking for 4 players and given the 2 of an old save). The same values
    are welcome: the command that started the game continues it."""
    differ = other_players_or_seed(players, seed, game.nplayers, game.seed)
    if options:  # the options read as a new game reads them, at the saved game's player count
        asked = options_read(game.rules, game.nplayers, options)
        differ += [f"--option {name}={value}" for name, value in options.items()
                   if name in asked and asked[name] != game.options.get(name)]
    refuse_differing(path, "game", "settings", differ)


def refuse_differing(path, what: str, kept: str, differ: list[str],
                     another: str = "save to another file") -> None:
    """A save's refusal of what the command line asks otherwise (exit 2), for a game or a
    campaign (``what``) and its settings or seats (``kept``), in one wording; nothing when
    nothing ``differ``s."""
    if not differ:
        return
    goes_on = "as it was saved" if kept == "settings" else f"with the {kept} it was saved with"
    click.echo(f"error: {path} holds a {what} saved with other {kept} than "
               f"{', '.join(differ)}; a saved {what} goes on {goes_on}. Leave "
               f"{'them' if len(differ) > 1 else 'it'} out to continue it, or {another} "
               f"(or remove this one) to start a new {what}.", err=True)
    sys.exit(EXIT_USAGE)


def other_players_or_seed(players, seed, saved_players, saved_seed) -> list[str]:
    """A --players or --seed given that differs from the save's, as a refusal lists it."""
    differ = []
    if players is not None and players != saved_players:
        differ.append(f"--players {players} (it has {saved_players})")
    if seed is not None and seed != saved_seed:
        differ.append("--seed")  # (not the saved seed: it would give the hidden cards away)
    return differ


def options_read(rules, players, options) -> dict:
    """The options a new game of ``players`` players has, given ``options`` (the others as
    the rules set them); options the rules refuse are said (exit 2)."""
    try:
        return rules.blank_game(players, 0, options).options
    except RulesError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_USAGE)


def seat_kinds(game, bots_all, bot_pairs):
    interactive = sys.stdin.isatty() and not bots_all
    default = default_bot(game.rules, interactive)
    kinds = dict.fromkeys(game.players, default)
    if interactive:
        kinds[0] = "human"
    given: dict[int, str] = {}
    seats_fit(game.rules.program, len(game.players), bot_pairs)
    for pair in bot_pairs:
        seat_text, sep, kind = pair.partition("=")
        seat = seat_number(game, seat_text.strip())
        if not sep or seat is None:
            raise click.BadParameter(
                f"'{pair}': write SEAT=KIND with SEAT like P1 (or 1) up to P{len(game.players)} "
                f"and KIND one of {', '.join(BOT_KINDS)} (mcts:16: a budget)",
                param_hint="--bot")
        kind = bot_spec(kind, BOT_KINDS, "--bot", noun="a kind of player")
        if kind == "human" and not sys.stdin.isatty():
            raise click.BadParameter("a human seat needs a terminal", param_hint="--bot")
        if seat in given:  # (the second would win, in silence)
            raise click.BadParameter(f"'{pair}': {game.players[seat]} is given twice "
                                     f"(first as {given[seat]})", param_hint="--bot")
        kinds[seat] = given[seat] = kind
    return kinds


def seat_number(game, text):
    """A seat written P2, p2 or 2 (numbers as in the seat's name); None if there is none."""
    try:
        return game.seat_of(text)
    except RulesError:
        return None


def seats_fit(program, count, bot_pairs, past_most=True):
    """A seat in --bot that the rules allow but a game of ``count`` players has not (--bot
    P4=mcts with no --players: a game of the fewest players): say the --players that has it."""
    for pair in bot_pairs:
        text = pair.partition("=")[0].strip()
        number = text[1:] if text[:1] in ("P", "p") else text
        if number.isdigit() and count < int(number) <= program.max_players:
            raise click.BadParameter(
                f"'{pair}': a game of {count} players has no seat P{int(number)}: add --players "
                f"{int(number)} (these rules allow {program.min_players} to "
                f"{program.max_players})", param_hint="--bot")
        if past_most and number.isdigit() and int(number) > max(count, program.max_players):
            raise click.BadParameter(
                f"'{pair}': no seat '{text}': these rules allow at most "
                f"{program.max_players} players (write SEAT=KIND, SEAT P1 to "
                f"P{program.max_players})", param_hint="--bot")
