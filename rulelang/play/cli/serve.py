"""``rulelang serve``: a table in the browser, for friends or a classroom."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import click

from rulelang.play.cli.common import (
    BOT_KINDS,
    EXIT_USAGE,
    load_rules,
    open_new_table,
    parse_options,
    read_save,
    refuse_differing,
    refuse_other_settings,
    seat_number,
    warn_unused_options,
)

LOOPBACK = "127.0.0.1"


@click.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--players", type=int, help="Number of players (default: the fewest allowed).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="Set one of the game's declared options (repeatable).")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=KIND",
              help="A bot plays this seat: random, greedy, mcts, advice or first (default: every seat is a "
                   "person with a link); mcts:16 (greedy:100) sets its playouts (looks) per "
                   "decision. SEAT is P1, P2... (or 1, 2...).")
@click.option("--seed", type=int, help="Seed for shuffles and dice (default: random, and "
              "secret: it would give every hidden card away).")
@click.option("--folder", type=click.Path(file_okay=False, exists=True),
              help="Open a lobby: people with its link start games of any .rules file "
                   "in this folder.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Keep FILE's game in this file after every move; if it exists, the game "
                   "(and its links) continue from it, with the players, seed, options and "
                   "seats saved (others given are refused).")
@click.option("--campaign", "campaign_path", type=click.Path(dir_okay=False),
              help="For rules that declare a campaign: play the campaign, its games one after "
                   "another at the same table (the same links), kept in this file after every "
                   "move; if it exists, the campaign (and its links) continue from it.")
@click.option("--saves", "saves_dir", type=click.Path(file_okay=False),
              help="Keep the lobby's games in this folder; they continue at the next start.")
@click.option("--host", default=LOOPBACK, show_default=True,
              help="Address to listen on. Only this machine can connect unless you give "
                   "another (0.0.0.0: every network this machine is on).")
@click.option("--trust-save", is_flag=True,
              help="Continue saved games that are not sealed with your key (written by another "
                   "program or person): only files you trust. See docs/saves.md.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
def serve(file, players, option_pairs, bot_pairs, seed, folder, save_path, campaign_path,
          saves_dir, trust_save, host, port):
    """Serve the game in FILE (and/or a lobby of the rules in --folder) to web browsers.

    Prints a private link for each person's seat and one for spectators, who see only
    what every player may see. Anyone holding a seat's link plays that seat: send each
    link to its player only."""
    try:
        from rulelang.play.web.host import Host
    except ImportError:
        click.echo("error: rulelang serve needs its web extra: pip install 'rulelang[web]'",
                   err=True)
        sys.exit(EXIT_USAGE)
    if file is None and folder is None:
        raise click.UsageError("give a rules FILE, or --folder DIR for a lobby (or both)")
    if saves_dir and not folder:
        raise click.UsageError("--saves keeps a lobby's games: it needs --folder")
    if save_path and not file:
        raise click.UsageError("--save keeps FILE's game: it needs a FILE")
    if campaign_path and not file:
        raise click.UsageError("--campaign plays FILE's campaign: it needs a FILE")
    if campaign_path and save_path:
        raise click.UsageError("a campaign is kept in its --campaign file: --save is for one game")

    for path in (save_path, campaign_path, saves_dir):  # said now, not at the first move
        parent = Path(path).absolute().parent if path else None
        if parent is not None and not parent.is_dir():
            click.echo(f"error: {path}: there is no folder {parent} to save into", err=True)
            sys.exit(EXIT_USAGE)
    # bound first: a port in use is said before any game is opened (and saved) for nothing
    listener = bind(host, port)
    server = Host(saves=Path(saves_dir) if saves_dir else None, trust_saves=trust_save)
    if folder:
        from rulelang.play.web.lobby import RulesFolder
        server.folder = RulesFolder(Path(folder))
        for problem in server.resume_lobby():
            click.echo(f"warning: a saved game was not resumed: {problem}", err=True)
    if campaign_path:
        from rulelang.play.cli.serve_campaign import open_campaign_table
        tables = [open_campaign_table(server, file, players, option_pairs, bot_pairs, seed,
                                      Path(campaign_path))]
    else:
        tables = [open_table(server, file, players, option_pairs, bot_pairs, seed, save_path)] \
            if file else []
    base = f"http://{_shown_host(host)}:{listener.getsockname()[1]}"
    for table in tables:
        print_links(table, base)
        if table.campaign is None and table.rules.program.campaign is not None:
            click.echo(f"note: {table.rules.title} declares a campaign: this table plays one game "
                       "of it; --campaign FILE plays its games one after another", err=True)
    if folder:
        for table in server.tables.values():
            if table not in tables:
                click.echo("continuing a lobby game: ", nl=False)
                print_links(table, base)
        click.echo(f"lobby (games of the rules in {folder}): {base}/lobby/{server.lobby()}")
    if host != LOOPBACK and host != "localhost":
        click.echo(f"note: listening on {host}: anyone who can reach this machine and holds "
                   f"a link can use it", err=True)
    click.echo("Ctrl+C stops the server.", err=True)
    run(server, listener)


def refuse_other_seats(table, path, bot_pairs) -> None:
    """A saved table goes on with the seats it was saved with (its people keep their links):
    a --bot that seats another kind is said (exit 2) rather than left unused in silence."""
    from interpreter.bots.spec import BotSpecError, parse_bot
    game, differ = table.game, []
    for pair in bot_pairs:
        text, _, kind = pair.partition("=")
        seat = seat_number(game, text.strip())
        try:  # as the table names its seats: mcts:016 and mcts : 16 are the mcts:16 saved
            kind = parse_bot(kind, BOT_KINDS).text
        except BotSpecError:
            kind = kind.strip()  # (none: said as another seat than the saved one)
        if seat is None or table.kinds.get(seat) != kind:
            saved = table.kinds.get(seat)
            had = f" ({text.strip()} is {'a person' if saved == 'human' else f'a {saved} bot'})" \
                if saved else ""
            differ.append(f"--bot {pair}{had}")
    refuse_differing(path, "campaign" if table.campaign is not None else "game", "seats", differ)


def open_table(server, file, players, option_pairs, bot_pairs, seed, save_path):
    rules = load_rules(file)
    name = Path(file).name
    if save_path and Path(save_path).exists():
        table = read_save(save_path, lambda: server.resume_file(Path(save_path), name, rules))
        refuse_other_settings(table.game, save_path, players, seed, parse_options(option_pairs))
        refuse_other_seats(table, save_path, bot_pairs)
        click.echo(f"continuing the game saved in {save_path}", err=True)
        return table
    kinds = dict(pair.partition("=")[::2] for pair in bot_pairs)
    options = parse_options(option_pairs)
    table = open_new_table(rules.program, players, bot_pairs, lambda: server.open(
        name, rules, players, options, kinds, seed,
        save_path=Path(save_path) if save_path else None))
    warn_unused_options(table.game, options)
    return table


def print_links(table, base):
    game = table.game
    kinds = ", ".join(f"{game.seat_name(s)} {'a person' if k == 'human' else a_bot(k)}"
                      for s, k in table.kinds.items())
    click.echo(f"{game.title}, {game.nplayers} players ({kinds}):")
    if table.campaign is not None:  # the same links for every game of it
        state = table.campaign_state() or {}
        now = (f"game {state['playing']} being played" if state.get("playing")
               else "between games" if not state.get("over") else "over")
        click.echo(f"  a campaign, its games one after another at this table ({now})")
    for who, token in table.links().items():
        what = "watch (public only)" if who == "spectator" else f"play {who}"
        click.echo(f"  {what}: {base}/t/{token}")


def a_bot(kind: str) -> str:
    """"an advice bot", "a greedy bot", "an mcts bot" (an initialism read letter by letter)."""
    initialism = not any(c in "aeiouy" for c in kind)
    vowel = kind[:1] in (set("fhlmnrsx") if initialism else set("aeiou"))
    return f"{'an' if vowel else 'a'} {kind} bot"


def bind(host, port) -> socket.socket:
    """The listening socket, bound before the links are printed (port 0 picks one)."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        listener = socket.socket(info[0], socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(info[4])
    except OSError as error:
        raise click.UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") \
            from None
    listener.listen(128)
    return listener


def run(server, listener):
    import uvicorn

    from rulelang.play.web.app import create_app
    config = uvicorn.Config(create_app(server), log_level="warning", ws_max_size=65_536,
                            ws_ping_interval=20, ws_ping_timeout=20)
    uvicorn.Server(config).run(sockets=[listener])


def _shown_host(host):
    return f"[{host}]" if ":" in host else host
