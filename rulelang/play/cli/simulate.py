"""``rulelang simulate``: many games between bots, and what happened in them.

The statistics and the runner live in ``rulelang.play.simulation``; this module reads
the command line, shows progress, and prints or writes the report.
"""
from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager

import attrs
import click

from rulelang import RulesRuntimeError
from rulelang.play.cli.common import (
    BOT_KINDS,
    EXIT_SOFTWARE,
    EXIT_USAGE,
    SECONDS,
    THINK_HELP,
    BotKind,
    bot_spec,
    default_bot,
    load_rules,
    new_game,
    parse_options,
    seat_number,
    seats_fit,
    warn_unused_options,
)

ORACLE = "oracle"
MAX_DECISIONS = 100_000  # as rulelang.play.simulation.playing's (imported with the games)
EXIT_INTERRUPTED = 130  # stopped with Ctrl-C (128 + SIGINT), after printing what was finished
# and the oracle: the default partner seeing every card, a designer's measure, never at a table
SIM_BOT_KINDS = (*(k for k in BOT_KINDS if k != "human"), ORACLE)


def simulation_options(command, file_argument=None, several_bots=False):
    """The options ``simulate`` and ``compare`` share (applied bottom-up, so listed reversed);
    ``file_argument`` replaces the one rules file (compare takes one or more), and
    ``several_bots`` lets --bots be given more than once (compare's variants)."""
    for decorator in reversed([
        file_argument or click.argument("file", type=click.Path(dir_okay=False)),
        click.option("-n", "--games", "count", type=click.IntRange(1), default=1000,
                     show_default=True, help="How many games to play."),
        click.option("--seed", type=int, default=0, show_default=True,
                     help="Seed of the first game; game i has seed S+i."),
        click.option("--bots", "bots_all", type=BotKind(SIM_BOT_KINDS),
                     default=("random",) if several_bots else "random", multiple=several_bots,
                     show_default=True, help="The bot for every seat (oracle: the default "
                     "partner seeing every card face up, to measure how hard a game is when "
                     "information is not the problem; reports say so). mcts:N and greedy:N "
                     "set its playouts or looks per decision (mcts:16: quicker and weaker "
                     "than mcts's 64; the games still replay from their seeds)."
                     + (" Give it twice or more to compare bots." if several_bots else "")),
        click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=KIND",
                     help="One seat's bot instead (repeatable): P2=greedy, P2=mcts:16."),
        click.option("--workers", type=click.IntRange(1),
                     help="Processes to play on (default: every core)."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
                     show_default=True, help="ray: play on a Ray cluster (pip install "
                     "'rulelang[cluster]')."),
        click.option("--address", help="The Ray cluster to join (default: start a local Ray)."),
        click.option("--think", type=SECONDS, metavar="SECONDS",
                     help=THINK_HELP + " The report then no longer replays exactly."),
        click.option("--rotate", is_flag=True,
                     help="Move the bots round the seats: game i seats the bot given for P1 "
                          "at seat i+1 (mod the players), and so on; the report adds each "
                          "bot's wins."),
        click.option("--max-decisions", type=click.IntRange(1), default=MAX_DECISIONS,
                     show_default=True, metavar="N",
                     help="Decisions in one game, at most: a game that asks more stops the "
                          "run, as an error in the rules does (rules that may never end)."),
    ]):
        command = decorator(command)
    return command


@click.command()
@simulation_options
@click.option("--players", type=int, help="Number of players (default: the fewest allowed).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="Set one of the game's options (repeatable).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False),
              help="Also write the figures to this file as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Also draw score and length distributions to this PNG (pip install "
                   "'rulelang[plot]').")
@click.option("--campaign", "campaigns", is_flag=True,
              help="Rules with a campaign: play N whole campaigns instead of N games (each "
                   "next game with the first value offered).")
def simulate(file, count, seed, bots_all, bot_pairs, workers, backend, address, think,
             max_decisions, rotate, players, option_pairs, json_path, plot_path, campaigns):
    """Play many games between bots and report who wins, how long games last, and why."""
    from rulelang.play.simulation import report, summarize, to_json
    if address and backend != "ray":
        raise click.BadParameter("--address is for --backend ray", param_hint="--address")
    if campaigns and rotate:
        raise click.BadParameter("a campaign keeps its bots in their seats game after game: "
                                 "leave out --rotate (or --campaign)", param_hint="--rotate")
    if campaigns and (json_path or plot_path):
        raise click.BadParameter("a run of campaigns is reported as text only",
                                 param_hint="--json/--plot")
    if json_path:
        check_writable(json_path, "--json")
    if plot_path:
        check_plotting(plot_path)
    rules = load_rules(file)
    options = parse_options(option_pairs)
    if campaigns:
        offered = check_campaign(rules, options)
    setup = prepare(rules, players, options, bots_all, bot_pairs, seed, count,
                    think, max_decisions)
    if campaigns:
        simulation = attrs.evolve(setup.simulation, campaigns=True)
        run = play(simulation, workers, backend, address, label=rules.title, unit="campaigns")
        stop_on_failure(run, file, simulation)
        from rulelang.play.simulation import campaigns as campaign_report
        names = [f"P{seat + 1}" for seat in range(simulation.players)]
        bots = ", ".join(f"{name} {kind}" for name, kind in zip(names, simulation.bots))
        click.echo(campaign_report.render(run, rules.title, offered, names, bots,
                                          setup.cooperative))
        click.echo(campaign_report.speed(run))
        sys.exit(EXIT_INTERRUPTED if run.stopped else 0)
    simulation = attrs.evolve(setup.simulation, rotate=rotate)
    run = play(simulation, workers, backend, address, label=rules.title)
    stop_on_failure(run, file, simulation)
    summary = summarize(run, rules.title, setup.options_shown, setup.cooperative)
    click.echo(report.render(summary), nl=False)
    click.echo("")
    click.echo(report.speed(run))
    if json_path:
        with open(json_path, "w", encoding="utf-8") as out:
            json.dump(to_json(summary), out, indent=2, ensure_ascii=False)
            out.write("\n")
    if plot_path:
        from rulelang.play.simulation.plot import plot
        plot(run, summary, plot_path)
    if run.stopped:
        sys.exit(EXIT_INTERRUPTED)


@attrs.frozen
class Setup:
    """A simulation checked against the rules, and what its report shows of them."""
    simulation: object  # rulelang.play.simulation.Simulation
    options_shown: dict  # every option's value (defaults too), as --option would give it
    cooperative: bool


def prepare(rules, players, options, bots_all, bot_pairs, seed, count, think=None,
            max_decisions=MAX_DECISIONS) -> Setup:
    """Check the command line against the rules (a first game is set up to do it) and
    describe the simulation; bad input stops here with a clear message."""
    from rulelang.play.simulation import Simulation
    game = new_game(rules, players, seed, options)
    warn_unused_options(game, options)  # (a report listing it would read as if it were in force)
    kinds = [bots_all] * game.nplayers
    seats_fit(rules.program, game.nplayers, bot_pairs)
    for pair in bot_pairs:
        seat_text, sep, kind = pair.partition("=")
        seat = seat_number(game, seat_text.strip())
        if not sep or seat is None:
            raise click.BadParameter(
                f"'{pair}': write SEAT=KIND with SEAT like P1 (or 1) up to P{game.nplayers} "
                f"and KIND one of {', '.join(SIM_BOT_KINDS)} (mcts:16: a budget)",
                param_hint="--bot")
        kinds[seat] = bot_spec(kind, SIM_BOT_KINDS, "--bot")
    warn_blind_bots(rules, players, seed, options, kinds)
    try:  # (a view works out the rules' display texts too: one of them can fail)
        shown = {name: _plain(value)
                 for name, value in game.view(log=False)["options"].items()}
    except RulesRuntimeError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_SOFTWARE)
    simulation = Simulation(program=rules.program, players=game.nplayers, options=options,
                            bots=tuple(kinds), first_seed=seed, games=count, think=think,
                            max_decisions=max_decisions)
    return Setup(simulation, shown, bool(rules.program.cooperative))


SEARCHING = ("greedy", "mcts")  # the bots that value positions by the heuristic
HEURISTIC_DOCS = "docs/language.md#heuristic"
WATCHED = 3  # random games played to see whether the score as it stands ever changes


def warn_blind_bots(rules, players, seed, options, kinds) -> None:
    """Bots that look ahead (greedy, mcts) in rules with no ``heuristic`` value a position
    by the score as it stands: where that never changed over a whole random game before
    its end, they have nothing to go by, and play at random but for a win in reach. Said
    (a warning, on stderr) with the fix, so no one reads their games as the rules' fault."""
    from interpreter.bots.scoring import score_stands_still
    searching = sorted({kind for kind in kinds if kind.partition(":")[0] in SEARCHING})  # mcts:16
    if not searching or rules.heuristic is not None:
        return
    games = [new_game(rules, players, seed + i, options, log=False) for i in range(WATCHED)]
    if not score_stands_still(games):
        return
    click.echo(f"warning: the {' and '.join(searching)} bots have nothing to go by: the rules "
               "have no heuristic, so they value a position by the score as it stands, and "
               "it stayed the same for every player at every decision of random games, up to "
               "their end. "
               "Write `heuristic p = ...`, how well things look for player p as play goes "
               f"on (see {HEURISTIC_DOCS})", err=True)


def _plain(value) -> str:
    """An option's value as one would give it with --option (true, not yes)."""
    from rulelang.play.simulation.summary import value_text
    from rulelang.tools.rulebook import option_text
    if isinstance(value, bool) or (isinstance(value, list) and value):  # levels=2+3
        return option_text(value)
    return value_text(value)


def check_campaign(rules, options) -> str:
    """Before any campaign is played: the rules have one, and its offered option is left to
    it; the offered option's name."""
    campaign = rules.program.campaign
    if campaign is None:
        raise click.BadParameter(f"{rules.title} declares no campaign (campaign {{ ... }}): "
                                 "leave out --campaign", param_hint="--campaign")
    offered = rules.code.tops.offer.option
    if offered in options:
        raise click.BadParameter(f"option {offered} is what the campaign offers game by game: "
                                 f"leave out --option {offered}=...", param_hint="--option")
    return offered


def play(simulation, workers, backend, address, label, unit="games"):
    """Run the simulation with a progress bar on the terminal (none when not a terminal)."""
    from rulelang.play.simulation import runner
    if backend == "ray":
        check_ray()
    with progress_bar(label, simulation.games, unit) as advance:
        return runner.run(simulation, workers=workers, backend=backend, address=address,
                          on_progress=advance, on_status=advance.say)


PROGRESS_EVERY = 30.0  # seconds between progress lines when the error stream is no terminal


@contextmanager
def progress_bar(label, total, unit="games"):
    """A bar on the terminal's error stream; where that stream is no terminal (a file, a pipe:
    no bar is drawn there), a line every ``PROGRESS_EVERY`` seconds instead."""
    from rich.console import Console
    console = Console(stderr=True)
    if not console.is_terminal:
        with progress_lines(label, total, PROGRESS_EVERY, unit) as advance:
            yield advance
        return
    with _bar(label, total, console, unit) as advance:
        yield advance


@contextmanager
def progress_lines(label, total, every, unit="games"):
    """``advance(done)`` and ``advance.say(text)`` as the bar has them; a line on stderr
    every ``every`` seconds says how many games are finished (a run that goes on for hours,
    or a game that never ends, is not silent)."""
    import threading
    import time
    started = time.monotonic()
    now = {"done": 0, "label": label}
    stop = threading.Event()
    threads = []  # the one thread telling, once started

    def tell():
        while not stop.wait(every):
            click.echo(f"{now['label']}: {now['done']:,} of {total:,} {unit} finished after "
                       f"{time.monotonic() - started:,.0f} s", err=True)

    def advance(done):
        now["done"] = done
        if not threads:  # started at the first call, once the worker processes exist (_bar)
            threads.append(threading.Thread(target=tell, daemon=True))
            threads[0].start()

    def say(text):
        now["label"] = f"{label} ({text})"

    advance.say = say
    try:
        yield advance
    finally:
        stop.set()
        for thread in threads:
            thread.join()


@contextmanager
def _bar(label, total, console, unit="games"):
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task):
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.1f} {unit}/s")

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
               TimeElapsedColumn(), TextColumn("elapsed,"), TimeRemainingColumn(),
               TextColumn("left"))
    progress = Progress(*columns, console=console, transient=True)
    task = progress.add_task(label, total=total)

    def advance(done):
        # started at the first call, once the worker processes exist: forking while the
        # bar's drawing thread runs could copy a lock it holds into the workers
        if not progress.live.is_started:
            progress.start()
        progress.update(task, completed=done)

    def say(text):
        """The backend's start-up, on the bar's line (Ray starts in seconds, the bar waits)."""
        if not progress.live.is_started:
            progress.start()
        progress.update(task, description=f"{label} ({text})")

    advance.say = say
    try:
        yield advance
    finally:
        progress.stop()


def stop_on_failure(run, file, simulation):
    if run.failure is not None:
        failure = run.failure
        click.echo(failure.message, err=True)
        hint = replay_hint(file, simulation, failure.seed, simulation.bots_of(failure.index))
        click.echo(f"(in game {failure.index + 1} of the simulation, seed {failure.seed}: "
                   f"{hint})", err=True)
        sys.exit(EXIT_SOFTWARE)


def replay_hint(file, simulation, seed, kinds=None) -> str:
    """The ``rulelang run`` command that plays the game of ``seed`` again, with the same
    bots in the same seats (``kinds``: that game's, rotated with --rotate; by default the
    simulation's) and their generators seeded as the simulation seeds them (``run`` seeds
    seat s's bot from --bot-seed as ``playing.bot_seed`` does from the game's seed)."""
    import shlex
    kinds = simulation.bots if kinds is None else kinds
    words = ["rulelang", "run", file, "--players", str(simulation.players)]
    for name, value in simulation.options.items():
        words += ["--option", f"{name}={value}"]
    words += ["--seed", str(seed), "--bot-seed", str(seed)]
    if all(kind == default_bot(simulation) for kind in kinds):  # (run's bots with no person)
        words += ["--bots", "all"]
    else:
        for seat, kind in enumerate(kinds):
            words += ["--bot", f"P{seat + 1}={kind}"]
    if simulation.think is not None:
        words += ["--think", str(simulation.think)]
    command = shlex.join(words)
    if ORACLE in kinds:
        return ("the oracle sees every card and plays only in simulate: no 'rulelang run' "
                f"replays its game ({command} would deal the same cards)")
    return f"{command} replays it"


def check_plotting(path):
    """Before any game is played: matplotlib is there and can write ``path``'s format."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        click.echo("error: --plot needs matplotlib: pip install 'rulelang[plot]'", err=True)
        sys.exit(EXIT_USAGE)
    check_writable(path, "--plot")
    formats = FigureCanvasBase.get_supported_filetypes()
    extension = os.path.splitext(path)[1].lstrip(".").lower()
    if extension not in formats:
        said = f"'.{extension}' is not a format a plot is drawn in" if extension else (
            "the name has no extension to say the format")
        others = ", ".join(f".{f}" for f in sorted(formats) if f != "png")
        raise click.BadParameter(f"'{path}': {said}: end it with .png (or {others})",
                                 param_hint="--plot")


def check_writable(path, option):
    """Before any game is played: the folder a report is to be written in exists."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter(f"'{path}': there is no folder {folder}: make it first, or "
                                 "name a file in a folder that exists", param_hint=option)


def check_ray():
    try:
        import ray  # noqa: F401
    except ImportError:
        click.echo("error: --backend ray needs Ray: pip install 'rulelang[cluster]'", err=True)
        sys.exit(EXIT_USAGE)
