"""``rulelang run``: play a game at the terminal, or print a game played by bots; for rules
that declare a campaign, play the campaign (``--campaign FILE``), or choose from a menu."""
from __future__ import annotations

import os
import re
import secrets
import sys

import click

from rulelang.language.errors import IllegalMove, RulesError, RulesRuntimeError
from rulelang.play.cli.common import (
    BOT_KINDS,
    EXIT_DATA,
    EXIT_SOFTWARE,
    EXIT_USAGE,
    SECONDS,
    THINK_HELP,
    load_rules,
    new_game,
    parse_options,
    refuse_other_settings,
    seat_kinds,
    warn_unused_options,
)

# the terminal session (rich, the bots, the runtime) is imported where a game is played, not
# with the command: a file that does not load, or a bad option, is said without it


def bots_all_only(value):
    """``--bots`` takes 'all' only: a kind of bot for every seat is said seat by seat."""
    if value is None or value == "all":
        return value
    if value.partition(":")[0].strip() in BOT_KINDS:
        raise click.BadParameter(
            f"'{value}': run takes --bots all (bots at every seat: random ones, mcts partners "
            f"in a cooperative game); to seat {value} bots, write --bots all --bot "
            f"P1={value} --bot P2={value}... (rulelang simulate --bots {value} plays many games)")
    raise click.BadParameter(f"'{value}' is not 'all': write --bots all")


class GameHelp(click.Command):
    """``run FILE --help`` also describes the game in FILE: its seats and options."""

    def parse_args(self, ctx, args):
        files = [a for a in args if a.endswith(".rules") and not a.startswith("-")]
        if files:
            ctx.meta["rules_file"] = files[0]
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        file = ctx.meta.get("rules_file")
        if not file:
            formatter.write_paragraph()
            formatter.write_text("rulelang run FILE --help (or rulelang info FILE) also lists "
                                 "that game's options and seats.")
            return
        import rulelang
        from rulelang.play.cli.info import describe
        try:
            text = describe(rulelang.load(file), file)
        except rulelang.RulesError as error:
            text = f"{file}: {error.words()}"
        formatter.write_paragraph()
        for line in text.splitlines():
            formatter.write(line + "\n")


@click.command(cls=GameHelp)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=int, help="Number of players (default: the fewest allowed).")
@click.option("--seed", type=int, help="Seed for shuffles and dice (default: random; printed "
              "when the game is over).")
@click.option("--bot-seed", type=int, help="Seed for the bots' own choices (default: random when "
              "a person plays; with bots only, taken from --seed so a run replays).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="Set one of the game's declared options (repeatable).")
@click.option("--bots", metavar="all", callback=lambda ctx, param, value: bots_all_only(value),
              help="'all': bots play every seat.")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=KIND",
              help="Who plays a seat: human, random, greedy (looks one move ahead at the "
                   "game's heuristic), mcts (a tree search: stronger, slower), advice (plays the rules' "
                   "advice, prefer, without looking ahead) or first; mcts:16 (greedy:100) sets its "
                   "playouts (looks) per decision: quicker, weaker, still replayed. SEAT is "
                   "P1, P2... (or 1, 2...). Seats not named: mcts when you play (an opponent, or "
                   "a partner in a cooperative game); with bots only, random, or mcts partners "
                   "in a cooperative game.")
@click.option("--think", type=SECONDS, metavar="SECONDS",
              help=THINK_HELP)
@click.option("--moves", "moves_file", type=click.Path(exists=True, dir_okay=False),
              help="Play these moves first: one a line, as moves are written (in quotes if "
                   "one has ' #' in it); '#' at a line's start or after a space starts a comment.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Save the game to this file when the run stops (and when you type 'save').")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a saved game; 'save' and quitting save back to this file "
                   "unless --save names another. Its players, seed and options are those "
                   "saved: others given with it are refused.")
@click.option("--trust-save", is_flag=True,
              help="Load a --load or --campaign file that is not sealed or signed with your "
                   "key (made by another program or person, or edited): only for a file you "
                   "trust, as it may hold any position. See docs/saves.md.")
@click.option("--campaign", "campaign_path", type=click.Path(dir_okay=False),
              help="For rules that declare a campaign: continue the campaign saved in this "
                   "file, or start one saved there. It is saved after every game, and when "
                   "you type 'save' or quit.")
def run(file, players, seed, bot_seed, option_pairs, bots, bot_pairs, think, moves_file,
        save_path, load_path, trust_save, campaign_path):
    """Play the game in FILE: you against bots, people in turn, or bots only."""
    rules = load_rules(file)
    for path in (save_path, campaign_path):  # said now, not after a whole game is played
        folder = os.path.dirname(os.path.abspath(path)) if path else None
        if folder is not None and not os.path.isdir(folder):
            click.echo(f"error: {path}: there is no folder {folder} to save into", err=True)
            sys.exit(EXIT_USAGE)
    options = parse_options(option_pairs)
    if campaign_path is not None:
        if load_path or moves_file or save_path:
            raise click.BadParameter("a campaign is saved to its own file: --load, --save and "
                                     "--moves are for one game", param_hint="--campaign")
        return play_campaign(rules, campaign_path, players, seed, options, bots == "all",
                             bot_pairs, bot_seed, think=think, trust=trust_save)
    if (rules.program.campaign is not None and sys.stdin.isatty() and bots != "all"
            and not (players or seed is not None or options or load_path or moves_file
                     or save_path)):
        chosen = ask_menu(rules, file)
        if chosen[0] == "continue":
            return play_campaign(rules, chosen[1], None, None, {}, False, bot_pairs, bot_seed,
                                 must_exist=True, think=think, trust=trust_save)
        if chosen[0] == "new":
            return play_campaign(rules, chosen[2], chosen[1], None, {}, False, bot_pairs,
                                 bot_seed, fresh=True, think=think)
        players, options = chosen[1], chosen[2]
    saved = read_saved(load_path, trust_save) if load_path else None
    if saved is not None:
        refuse_a_table(load_path, saved)
        game = load_game(rules, load_path, saved)
        refuse_other_settings(game, load_path, players, seed, options)
    else:
        if seed is None:
            # Wide enough that no one can find it by trying seeds against what the table shows.
            seed = secrets.randbits(63)
        game = new_game(rules, players, seed, options, so_far=bots == "all")
        warn_unused_options(game, options)
    kinds = seat_kinds(game, bots == "all", bot_pairs)
    if saved is not None:
        keep_people(game, kinds, load_path, saved)
    if moves_file:
        _replay(game, moves_file)
    from rich.console import Console

    from rulelang.play.terminal.session import Session
    bot_seed = bots_seed(bot_seed, kinds, game)
    # 'save' (and stopping) writes to --save FILE, or back to the file the game was loaded from
    session = Session(game, kinds, Console(), save_path or load_path, bot_seed, foresee=True,
                      think=think, intro=not load_path)  # (a game loaded goes on at once)
    if load_path:
        session.note(None, f"going on with the game saved in {load_path}")
    follow = None if session.humans else Follow(game)  # (the screen showed them the log)
    session.following = follow
    so_far = None if follow is None else follow.rest
    if not play_through(session, session.play, "game", lambda saved: "--load", so_far):
        return
    if session.save_path:
        session.write_save(session.save_path)
    if follow is not None:
        click.echo(follow.rest(), nl=False)
    elif game.is_over:  # nothing is secret any more: say how to replay it
        click.echo(f"seed {game.seed}, bot seed {bot_seed} (--seed and --bot-seed replay it)")


class Follow:
    """Bots only: the transcript printed as the game goes, each line as soon as it is
    written (a long game, or one that never ends, shows what happens): the very text
    ``game.transcript()`` gives at the end, in the same order (``views.host_lines``)."""

    def __init__(self, game):
        self.game = game
        self.printed = None  # log entries printed (None: not even the transcript's header)

    def __call__(self):
        click.echo(self.rest(), nl=False)

    def rest(self) -> str:
        """The lines not printed yet, as text (nothing: ""); they count as printed."""
        from interpreter.runtime.views import header, host_lines
        lines = []
        if self.printed is None:
            lines.append(header(self.game))
            self.printed = 0
        new = host_lines(self.game, self.printed)
        self.printed += len(new)
        lines += new
        return "".join(line + "\n" for line in lines)


def interrupted_file(title: str) -> str:
    """A file in this folder to save a game stopped by Ctrl-C in: named after the game,
    none overwritten."""
    import os
    import re
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "game"
    path, n = f"{stem}-interrupted.json", 1
    while os.path.exists(path):
        n += 1
        path = f"{stem}-interrupted-{n}.json"
    return path


def play_through(runner, play, what, resume, so_far=None) -> bool:
    """Runs ``play`` (a game's session or a campaign's run): True if it ran to its end.
    Stopped by the person (quit, Ctrl-C), it says whether and where the ``what`` is saved
    and how ``resume(path)`` goes on with it (Ctrl-C then exits 130, after ``so_far()``,
    if given: with bots only, the lines of the log not printed yet). Stopped by the rules
    failing, it prints ``so_far()`` (the transcript up to the failure, what was not printed
    yet), if given, then the error, and exits 70."""
    from rulelang.play.terminal.session import Quit
    stopped, interrupted = None, False
    try:
        play()
    except Quit as stop:
        stopped = stop.saved_to or False
    except KeyboardInterrupt:
        if so_far is not None:  # bots only: the log not printed yet, as a failure prints it
            click.echo(so_far(), nl=False)
        game = getattr(runner, "game", None)
        if not runner.save_path and getattr(runner, "humans", None) and game is not None \
                and not game.is_over:  # a person's game is not thrown away by a Ctrl-C
            runner.save_path = interrupted_file(game.title)
        stopped, interrupted = runner.saved_on_stop() or False, True
    except RulesRuntimeError as error:
        if so_far is not None:
            click.echo(so_far(), nl=False)
        click.echo(error.render(), err=True)
        sys.exit(EXIT_SOFTWARE)
    if stopped is None:
        return True
    click.echo(("\ninterrupted; " if interrupted else "stopped: ")
               + (f"the {what} is saved to {stopped} ({resume(stopped)} goes on with it)"
                  if stopped else f"the {what} was not saved"))
    if interrupted:
        sys.exit(130)
    return False


def ask_menu(rules, file):
    from rich.console import Console

    from rulelang.play.terminal.campaign_screen import menu
    from rulelang.play.terminal.session import Quit
    try:
        return menu(rules, Console(), file)
    except (Quit, KeyboardInterrupt):
        click.echo("\nstopped")
        sys.exit(0)


def play_campaign(rules, path, players, seed, options, bots_all, bot_pairs, bot_seed,
                  must_exist=False, fresh=False, think=None, trust=False):
    """The campaign saved in ``path`` goes on, or a new one starts there; people and bots
    play its games one after another (bots only: its transcript is printed at the end)."""
    import os

    from rich.console import Console

    from rulelang.play.terminal.campaign_screen import CampaignRun
    if rules.program.campaign is None:
        click.echo(f"error: {rules.title} declares no campaign (campaign {{ ... }}): play it "
                   "without --campaign", err=True)
        sys.exit(EXIT_USAGE)
    saved = None
    if os.path.exists(path) and not fresh:
        if players is not None or seed is not None or options:
            raise click.BadParameter(f"{path} holds a campaign already: its players, seed and "
                                     "options are saved in it", param_hint="--campaign")
        saved = read_saved(path, trust)
        refuse_a_table(path, saved)
        campaign = load_game(rules, path, saved, rules.restore_campaign)
    elif must_exist:
        click.echo(f"error: {path}: no such file", err=True)
        sys.exit(EXIT_DATA)
    else:
        offered = rules.program.campaign.offer.option
        if offered in options:
            raise click.BadParameter(
                f"{offered} is chosen between the games of a campaign, among the values it "
                f"offers: leave out --option {offered}=...", param_hint="--option")
        try:
            campaign = rules.new_campaign(players, secrets.randbits(63) if seed is None else seed,
                                          options)
        except RulesError as error:
            click.echo(error.render(), err=True)
            sys.exit(EXIT_USAGE)
    if campaign.is_over:  # (its transcript is printed below, or its end screen shown)
        click.echo(f"note: the campaign saved in {path} is over: nothing is left to play; give "
                   "another --campaign file to start a new one", err=True)
    probe = campaign.game or rules.blank_game(campaign.players, 0, campaign.options)
    kinds = seat_kinds(probe, bots_all, bot_pairs)
    if campaign.game is not None and saved is not None:  # saved during a game: its people
        keep_people(campaign.game, kinds, path, saved)  # go on with it
    if bot_seed is None:  # as for one game (bots_seed): never the seed when a person plays
        bot_seed = secrets.randbits(63) if "human" in kinds.values() else campaign.seed
    runner = CampaignRun(campaign, kinds, Console(), path, bot_seed, think=think)
    def play_and_write():
        runner.play()
        runner.write()
    if not play_through(runner, play_and_write, "campaign", lambda saved: f"--campaign {saved}"):
        return
    if not runner.humans:
        click.echo(campaign.transcript(), nl=False)
    else:
        click.echo(f"the campaign is over; it is saved to {path}")


def read_saved(path, trust=False) -> str:
    """The text of the save in ``path``, sealed or signed with the user's key unless
    ``trust`` (read once: the game and its people are both taken from it); a file that
    cannot be read or opened is one line and exit 65."""
    from rulelang.play.save_files import read_save
    try:
        return read_save(path, trust)
    except RulesError as error:
        click.echo(f"error: {path}: {error.words()}", err=True)
        sys.exit(EXIT_DATA)


def refuse_a_table(path, saved):
    """A campaign kept by ``rulelang serve --campaign`` (a browser table: its links with it)
    is said to be one, and how to go on with it (exit 65)."""
    import json

    from rulelang.play.web.saves import FORMAT
    try:
        data = json.loads(saved)
    except (ValueError, RecursionError):
        return
    if isinstance(data, dict) and data.get("format") == FORMAT:
        click.echo(f"error: {path}: this is a game kept by rulelang serve (a browser table, its "
                   f"links with it): go on with it in the browser, rulelang serve FILE "
                   f"{'--campaign' if data.get('campaign') else '--save'} {path}", err=True)
        sys.exit(EXIT_DATA)


def load_game(rules, path, saved, restore=None):
    """The game (or with ``restore=rules.restore_campaign``, the campaign) in ``saved``, the
    text of the save in ``path`` (``read_saved``); one that cannot be restored is one line
    and exit 65."""
    try:
        return (restore or rules.restore)(saved)
    except RulesError as error:
        click.echo(f"error: {path}: {error.words()}", err=True)
        sys.exit(EXIT_DATA)


def keep_people(game, kinds, path, saved):
    """A game saved while people played it at the terminal goes on with those seats played
    by people, and the others by bots: the save holds every seat's cards, and a bot in a
    person's seat (or bots only, which print the whole log), or a person in a bot's seat,
    would show them to whoever loads it. Exit 2 otherwise. ``saved``: the text of the save
    in ``path`` (``read_saved``)."""
    from rulelang.play.save_files import people_of
    people = people_of(saved)
    names = [game.seat_name(seat) for seat in kinds]
    if not isinstance(people, list) or any(not isinstance(name, str) or name not in names
                                           for name in people):  # (a file trusted, edited)
        click.echo(f"error: {path}: this save is damaged: its 'people' should list seats "
                   f"({', '.join(names)}) that people played", err=True)
        sys.exit(EXIT_DATA)
    kind_of = {game.seat_name(seat): kind for seat, kind in kinds.items()}
    botted = [name for name in people if kind_of.get(name, "human") != "human"]
    who = ", ".join(people)
    if botted:
        click.echo(f"error: {path}: this game was saved while {who} played it here, so it holds "
                   f"the other seats' cards: it goes on with {who} played by a person (at a "
                   "terminal, with no --bots all and no --bot "
                   f"{botted[0]}=...)", err=True)
        sys.exit(EXIT_USAGE)
    # a bot's seat taken by a person would show its cards to whoever played here before
    added = [name for name, kind in kind_of.items() if kind == "human" and name not in people]
    if people and added:
        click.echo(f"error: {path}: this game was saved while {who} played it here, and a bot "
                   f"played {added[0]}: a person in its seat would see its cards, so it goes on "
                   f"with a bot there (--bot {added[0]}=mcts, or another bot)", err=True)
        sys.exit(EXIT_USAGE)


def bots_seed(given, kinds, game):
    """The seed of the bots' own choices. A bot's moves are seen by everyone: with a person
    at the table they must owe nothing to the game's seed, or they would hint at it (and so
    at every hidden card). With bots only there is no one to hide from, and the run replays."""
    if given is not None:
        return given
    return secrets.randbits(63) if "human" in kinds.values() else game.seed


MAX_MOVE_LINE = 100_000  # characters in one line of a --moves file (a move is a few words)


def _replay(game, path):
    try:
        with open(path, encoding="utf-8") as lines:
            number = 0
            while True:  # read as played, a line at most so long: /dev/zero is not kept
                line = lines.readline(MAX_MOVE_LINE + 1)
                if not line:
                    break
                number += 1
                if len(line) > MAX_MOVE_LINE:
                    click.echo(f"{path}:{number}: this line is longer than {MAX_MOVE_LINE:,} "
                               "characters: it is not a move", err=True)
                    sys.exit(EXIT_DATA)
                _replay_one(game, path, number, line.strip())
    except (OSError, UnicodeDecodeError) as error:
        click.echo(f"error: {path}: cannot read it ({error})", err=True)
        sys.exit(EXIT_DATA)


# a comment on a move's line: a '#' after a space or a tab, to the line's end
_COMMENT_AFTER = re.compile(r"[ \t]#.*$")


def _replay_one(game, path, number, line):
    """One line of a --moves file: blank, a comment (``# ...``), a move in quotes
    (``"lake ### *1"``, then perhaps a comment) or a move, perhaps followed by a comment
    (``B2 r90  # lay it``); a move whose own name has ' #' in it is the whole line."""
    if not line or line.startswith("#"):
        return
    note = ""
    if line.startswith('"'):
        end = line.find('"', 1)
        after = line[end + 1:].strip() if end > 0 else ""
        if end < 0 or (after and not after.startswith("#")):
            click.echo(f"{path}:{number}: a move in quotes is written \"MOVE\" on its line, "
                       "nothing after it but a comment (# ...)", err=True)
            sys.exit(EXIT_DATA)
        move = line[1:end]
    else:
        move = _COMMENT_AFTER.sub("", line).strip()
        if move != line:
            try:
                game.play(line)  # the whole line, when it is a move: its '#' is its own
                return
            except IllegalMove:
                note = (" (what follows ' #' on a line is a comment; write a move with ' #' in "
                        "it in quotes: \"MOVE\")")
            except RulesRuntimeError as error:
                _rules_failed(path, number, line, error)
            except RulesError as error:
                _failed(path, number, error, "")
    try:
        game.play(move)
    except RulesRuntimeError as error:  # the rules failed: the error says where in them, once
        _rules_failed(path, number, move, error)
    except RulesError as error:  # the move itself was refused
        _failed(path, number, error, note)


def _rules_failed(path, number, move, error):
    click.echo(error.render(), err=True)
    click.echo(f"(playing line {number} of {path}: {move})", err=True)
    sys.exit(EXIT_SOFTWARE)


def _failed(path, number, error, note):
    click.echo(f"{path}:{number}: {error}{note}", err=True)
    sys.exit(EXIT_SOFTWARE)
