"""The web application: a seat's page and live socket, the spectator's, and the lobby.

URLs (a token is a seat's, the spectator's or the lobby's secret; any other gets 403 and
the same few words, whatever was wrong with it):

- ``/t/TOKEN``: the table page (the same static page for every seat: all it shows comes
  through the socket), ``/t/TOKEN/ws`` its socket, ``/t/TOKEN/transcript.txt`` the seat's
  transcript, ``/t/TOKEN/record.json`` the seat's own record of the game,
  ``/t/TOKEN/rules.json`` the players' rulebook and the rule behind each kind of log line;
- ``/lobby/TOKEN``: the lobby page, ``/lobby/TOKEN/rules`` the folder's rules and options,
  ``POST /lobby/TOKEN/tables`` opens a table and answers with its links;
- ``/static/...``: the page's files, from the package (and nothing else on disk).

On the socket a page sends ``{"move": NOTATION, "version": N}`` (N: the moves played when it
drew the state it chose from), ``{"try": NOTATION, "version": N}`` to hear first whether a
move would end the game (``{"type": "ending", "move", "ending", "confirm"}``: its words, or
null; and what the rules ask to confirm before it is played, ``pass ... confirm``, or null), or
``{"why": NOTATION, "version": N}`` to hear why a card or cell tapped is no move of the
seat's now (``{"type": "why", "move", "version", "reason", "why"}``: the refusal's words and
the rule behind it, or nulls), ``{"again": true}`` once the game is over, to open a new
table with the same settings (every page then gets its seat's new link, ``"again"`` in its
state), ``{"next": VALUE, "version": N}`` at a campaign's table between games, to start its
next game with that value of the offered option (a state's ``"campaign"``: its offers); it
receives
``{"type": "state", ...}`` after every move and every answer in a simultaneous choice
(``answered``: the seats that have chosen; ``result``: who won and why, once it is over), or
``{"type": "refused", "reason": ..., "why": ...}`` for a move that was not played (``why``:
the rule behind the decision, when the rules say).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rulelang.language.errors import RulesError
from rulelang.play.web.campaign_table import bots_go_on, choose_next
from rulelang.play.web.host import Host
from rulelang.play.web.tables import MAX_BOT_MOVES, SPECTATOR, reason_of

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 2_000      # characters in one socket message: a move's notation is far shorter
MAX_NOTATION = 500
MAX_BODY = 16_384        # bytes in a lobby request
FORBIDDEN = "This link does not open anything here.\n"

HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # a page's address holds its token
    (b"cache-control", b"no-store"),
]


class Watcher:
    """A socket open on a table, and the seat whose view it is sent."""
    __slots__ = ("ws", "seat")

    def __init__(self, ws, seat):
        self.ws, self.seat = ws, seat


class Refused(Exception):
    """A socket message that is not a move to try: the reason is sent back."""


def parse_move(text) -> tuple[str, str, int]:
    """(what is asked: "move", "try", "why", "next" or "again", the move (for "next": the
    campaign's next game, the offered option's value), the version)."""
    if not isinstance(text, str):
        raise Refused("send a move as text")
    if len(text) > MAX_MESSAGE:
        raise Refused(f"that message is too long (at most {MAX_MESSAGE} characters)")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: brackets nested deeper than Python goes
        raise Refused('that is not a move: send {"move": NOTATION, "version": N}') from None
    if not isinstance(data, dict):
        raise Refused('that is not a move: send {"move": NOTATION, "version": N}')
    if data.get("again") is True:
        return "again", "", 0
    kind = next((k for k in ("why", "try", "next") if k in data and "move" not in data), "move")
    move, version = data.get(kind), data.get("version")
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_NOTATION:
        raise Refused("a move is its notation, as text")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refused("say which state the move was chosen from (version)")
    return kind, move, version


def create_app(host: Host) -> SecurityHeaders:
    locks: dict = {}  # table name -> asyncio.Lock: one move (or read) of a game at a time
    advancing: set = set()  # names of the tables whose bots are playing
    tasks: set = set()  # the bots' work started with the server (kept: tasks are weakly held)

    def lock_of(table):
        return locks.setdefault(table.name, asyncio.Lock())

    def forbidden():
        return PlainTextResponse(FORBIDDEN, status_code=403)

    def seat_of(request):
        return host.find(request.path_params.get("token"))

    # ------------------------------------------------------------------ a seat's page
    async def page(request):
        if seat_of(request) is None:
            return forbidden()
        return FileResponse(STATIC / "table.html", media_type="text/html")

    async def worked_out(request, work):
        """``work(table, seat)`` for the seat a page's token names, under its table's lock and
        off the event loop; ``forbidden()`` for a token that names none."""
        found = seat_of(request)
        if found is None:
            return forbidden()
        table, seat = found
        async with lock_of(table):
            return await run_in_threadpool(work, table, seat)

    async def transcript(request):
        text = await worked_out(request, lambda table, seat: table.transcript(seat))
        return text if isinstance(text, Response) else PlainTextResponse(text)

    async def record(request):
        found = seat_of(request)
        if found is None:
            return forbidden()
        table, seat = found
        if seat == SPECTATOR:
            return PlainTextResponse("A spectator keeps no record.\n", status_code=404)
        async with lock_of(table):
            text = await run_in_threadpool(table.game.save, seat)
        return Response(text, media_type="application/json", headers={
            "content-disposition": 'attachment; filename="record.json"'})

    async def suggest(request):
        said = await worked_out(request, lambda table, seat: table.suggestion(seat))
        return said if isinstance(said, Response) else JSONResponse(said)

    async def rules_json(request):
        text = await worked_out(request, lambda table, _: table.rules_text())
        return text if isinstance(text, Response) else Response(text, media_type="application/json")

    async def socket(ws: WebSocket):
        found = host.find(ws.path_params.get("token"))
        if found is None:
            await ws.close(code=1008)  # before accepting: the handshake gets a 403
            return
        table, seat = found
        await ws.accept()
        watcher = Watcher(ws, seat)
        try:
            async with lock_of(table):  # sent under the lock: no later state overtakes it
                table.watchers.add(watcher)
                await ws.send_text(await run_in_threadpool(table.message, seat))
            while True:
                event = await ws.receive()
                if event["type"] == "websocket.disconnect":
                    break
                await on_message(table, seat, ws, event.get("text"))
        except WebSocketDisconnect:
            pass
        finally:
            table.watchers.discard(watcher)

    async def on_message(table, seat, ws, text):
        try:
            kind, move, version = parse_move(text)
        except Refused as refused:
            await ws.send_text(json.dumps({"type": "refused", "reason": str(refused)}))
            return
        if kind == "try":  # does it end the game? (said only if that tells nothing hidden)
            async with lock_of(table):
                ending = await run_in_threadpool(table.ending, seat, move, version)
                confirm = table.confirmation(seat, move, version)
            await ws.send_text(json.dumps({"type": "ending", "move": move, "version": version,
                                           "ending": ending, "confirm": confirm}))
            return
        if kind == "why":  # a card or cell tapped that no move names: why not?
            async with lock_of(table):
                answer = await run_in_threadpool(table.why_not, seat, move, version)
            await ws.send_text(json.dumps({"type": "why", "move": move, "version": version,
                                           **(answer or {"reason": None, "why": None})}))
            return
        if kind == "again":
            await play_again(table, seat, ws)
            return
        if kind == "next":  # a campaign's next game, chosen among those offered
            async with lock_of(table):
                reason = await run_in_threadpool(choose_next, table, seat, move, version)
                if reason is not None:
                    await ws.send_text(json.dumps({"type": "refused", "reason": reason}))
                    if version != table.version:  # a stale page: draw it again
                        await ws.send_text(await run_in_threadpool(table.message, seat))
                    return
                await broadcast(table)
            start(advance(table))
            return
        async with lock_of(table):
            reason = await run_in_threadpool(table.play, seat, move, version)
            if reason is not None:
                await ws.send_text(json.dumps({"type": "refused", "reason": reason, "move": move,
                                               "why": table.refused_why}))
                if version != table.version:  # a stale page: draw it again
                    await ws.send_text(await run_in_threadpool(table.message, seat))
                return
            await broadcast(table)
        start(advance(table))

    async def play_again(table, seat, ws):
        """A new table with this one's settings, once the game is over; every page of this
        table is sent its own seat's link to it."""
        if seat == SPECTATOR or not table.game.is_over:
            await ws.send_text(json.dumps({"type": "refused", "reason": (
                "a spectator watches: a player starts the next game" if seat == SPECTATOR
                else "the game is not over yet")}))
            return
        async with lock_of(table):
            try:
                new = await run_in_threadpool(host.again, table)
            except RulesError as error:
                await ws.send_text(json.dumps({"type": "refused", "reason": reason_of(error)}))
                return
            await broadcast(table)
        start(advance(new))

    async def broadcast(table):
        """Save the table and send each page its seat's state (the table's lock is held)."""
        watchers = list(table.watchers)
        texts = await run_in_threadpool(_after_move, host, table, {w.seat for w in watchers})
        for other in watchers:
            try:
                await other.ws.send_text(texts[other.seat])
            except Exception:
                table.watchers.discard(other)

    async def advance(table):
        """The bots' moves. Quick bots' moves in a row are played together and then sent
        (each is in the log); a bot that thinks long thinks on a copy, the table free."""
        if table.name in advancing:
            return  # already under way
        advancing.add(table.name)
        try:
            for _ in range(MAX_BOT_MOVES):
                async with lock_of(table):
                    seat = table.bot_to_move()
                    if seat is None and await run_in_threadpool(bots_go_on, table):
                        await broadcast(table)  # a campaign of bots: its next game
                        continue
                    if seat is None:
                        return
                    version = table.version
                    if not table.thinks_long(seat):
                        await run_in_threadpool(table.play_quick_bots)
                        await broadcast(table)
                        continue
                    copy = await run_in_threadpool(_copy, table.game)
                notation = await in_daemon_thread(table.bot_choice, seat, copy)
                async with lock_of(table):
                    if table.version == version:
                        await run_in_threadpool(table.play_bot, seat, notation)
                        await broadcast(table)
        finally:
            advancing.discard(table.name)

    # ------------------------------------------------------------------ the lobby
    def lobby_ok(request):
        token = request.path_params.get("token")
        return (host.folder is not None and isinstance(token, str)
                and secrets.compare_digest(token.encode(), host.lobby().encode()))

    async def lobby_page(request):
        if not lobby_ok(request):
            return forbidden()
        return FileResponse(STATIC / "lobby.html", media_type="text/html")

    async def lobby_rules(request):
        if not lobby_ok(request):
            return forbidden()
        host.sweep()
        return JSONResponse({"files": await run_in_threadpool(host.folder.describe)})

    async def lobby_open(request):
        if not lobby_ok(request):
            return forbidden()
        try:
            try:
                data = json.loads(await read_body(request))
            except RecursionError:
                raise ValueError("that request nests too deep") from None
            wish = parse_table_wish(data)
            visitor = request.client.host if request.client else ""
            table = await run_in_threadpool(_open, host, wish, visitor)
        except ValueError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        except RulesError as error:
            return JSONResponse({"error": reason_of(error)}, status_code=400)
        start(advance(table))
        return JSONResponse({"title": table.game.title, "links": {
            who: f"/t/{token}" for who, token in table.links().items()}})

    async def landing(request):
        return PlainTextResponse("A rulelang table. Open the link your host gave you.\n")

    routes = [
        Route("/", landing),
        Route("/t/{token}", page),
        Route("/t/{token}/transcript.txt", transcript),
        Route("/t/{token}/record.json", record),
        Route("/t/{token}/rules.json", rules_json),
        Route("/t/{token}/suggest.json", suggest),
        WebSocketRoute("/t/{token}/ws", socket),
        Route("/lobby/{token}", lobby_page),
        Route("/lobby/{token}/rules", lobby_rules),
        Route("/lobby/{token}/tables", lobby_open, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC)),
    ] + [Route(path, lambda request: forbidden()) for path in ("/t", "/t/", "/lobby", "/lobby/")]
    def start(work):
        task = asyncio.get_running_loop().create_task(work)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        for table in list(host.tables.values()):  # bots to move in new or resumed games
            start(advance(table))
        yield

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.host = host
    return SecurityHeaders(app)


def _after_move(host, table, seats) -> dict:
    host.save(table)
    return {seat: table.message(seat) for seat in seats}


async def in_daemon_thread(work, *args):
    """``work(*args)`` in a thread of its own that does not hold the process up when the
    server stops (a bot thinking on a copy of a game: the copy can be thrown away)."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def settle(result, error):
        if not done.done():
            done.set_exception(error) if error is not None else done.set_result(result)

    def run():
        result = error = None
        try:
            result = work(*args)
        except Exception as failure:
            error = failure
        try:
            loop.call_soon_threadsafe(settle, result, error)
        except RuntimeError:
            pass  # the server has stopped: nobody waits for this any more

    threading.Thread(target=run, daemon=True).start()
    return await done


def _copy(game):
    return game.rules.restore(game.save())


def _open(host, wish, visitor):
    rules = host.folder.load(wish["rules"])
    return host.open_for(visitor, wish["rules"], rules, wish["players"], wish["options"],
                         wish["seats"], campaign=wish["campaign"])


def parse_table_wish(data) -> dict:
    """A lobby's request for a table, checked for shape (the rules check the values)."""
    if not isinstance(data, dict) or not isinstance(data.get("rules"), str):
        raise ValueError("say which rules file to play")
    players = data.get("players")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise ValueError("players must be a whole number")
    if not isinstance(data.get("campaign", False), bool):
        raise ValueError("campaign is true (a campaign of the rules) or false (one game)")
    wish = {"rules": data["rules"], "players": players, "campaign": data.get("campaign", False)}
    for key in ("options", "seats"):
        given = data.get(key) or {}
        if not isinstance(given, dict) or len(given) > 50 or not all(
                isinstance(k, str) and isinstance(v, str) and len(k) + len(v) < 200
                for k, v in given.items()):
            raise ValueError(f"{key} must map names to short texts")
        wish[key] = given
    return wish


async def read_body(request) -> bytes:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ValueError("that request is too long")
    return body


class SecurityHeaders:
    """Adds the same safety headers to every HTTP response (the page runs only its own
    scripts, never inside another site's frame, and never sends its address onwards)."""

    def __init__(self, app):
        self.app = app
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                names = {name for name, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    h for h in HEADERS if h[0] not in names]
            await send(message)

        return await self.app(scope, receive, send_with_headers)
