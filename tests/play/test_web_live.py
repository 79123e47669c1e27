"""rulelang serve behind a real server (uvicorn on 127.0.0.1): what the test client cannot
show, a handshake refused with 403 and a message too big for the socket."""
from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

import rulelang
from rulelang.play.web.host import Host
from support.web import host_with, live_server, token_of


def test_a_socket_with_a_wrong_token_is_refused_with_403_and_a_huge_message_harms_nothing():
    host, table = host_with(seed=5)
    mover = table.game.seat_name(table.game.to_move)

    async def scenario(base):
        ws_base = base.replace("http://", "ws://")
        with pytest.raises(InvalidStatus) as refused:
            async with connect(f"{ws_base}/t/not-a-token/ws"):
                pass
        assert refused.value.response.status_code == 403
        async with connect(f"{ws_base}/t/{token_of(table, mover)}/ws", max_size=None) as ws:
            json.loads(await ws.recv())
            await ws.send("x" * 200_000)  # past the server's limit: it hangs up
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
        async with connect(f"{ws_base}/t/{token_of(table, mover)}/ws") as ws:
            state = json.loads(await ws.recv())
            assert state["version"] == 0
            await ws.send(json.dumps({"move": state["view"]["decision"]["moves"][0], "version": 0}))
            assert json.loads(await ws.recv())["version"] == 1

    with live_server(host) as base:
        asyncio.run(scenario(base))
    assert table.version == 1  # the game went on from where it was


def test_rules_that_fail_while_running_stop_the_table_with_the_reason():
    rules = rulelang.loads('game "Fails"\nplayers 2\nzone deck: pile\nturn {\n'
                           '  choose x in [1, 2] prompt "go"\n  if x == 2 {\n'
                           '    move top(deck) to deck\n  }\n}\n', "fails.rules")
    host = Host()
    table = host.open("fails.rules", rules, 2, seed=1)
    assert json.loads(table.message(0))["failure"] is None
    assert table.play(0, "2", 0) is None
    assert table.failure == ("in turn: there is no card to move (the value is none: top() or "
                             "bottom() of an empty zone is none; test for it before moving) "
                             "(line 7 of fails.rules)")
    assert table.play(1, "1", table.version) == "this game stopped: the rules failed"
    message = json.loads(table.message(0))
    assert message["failure"] == table.failure
