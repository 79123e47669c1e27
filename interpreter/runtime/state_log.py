"""The parts of the game state (``state.FIELDS``) that tell what happened: the log, the
unsettled log lines, the history of moves, the result and the outcome, as a save holds them."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from interpreter.runtime.log import Choice, Ending, Header, Message, SeenCard
from interpreter.runtime.outcome import GameEnd, Outcome
from interpreter.runtime.protocol import Json, _short, decode, encode
from interpreter.runtime.state_checks import MAX_LOG, a_dict, a_list, a_text, an_int, need
from interpreter.runtime.values import Card

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.game_fields import LogLine


def _parts(parts: Sequence[str | SeenCard | Card]) -> Json:
    return [{"card": p.card.id, "mask": p.mask} if type(p) is SeenCard else
            {"card": p.id} if type(p) is Card else p for p in parts]


def _unparts(g: Game, parts: Json, what: str) -> tuple[str | SeenCard | Card, ...]:
    out: list[str | SeenCard | Card] = []
    for p in a_list(parts, what):
        if type(p) is dict:
            need(set(p) in ({"card"}, {"card", "mask"}), f"{what}: {_short(p)} is not a part")
            card = decode(g, {"card": p["card"]})
            out.append(SeenCard(card, an_int(p["mask"], what, 0, g.everyone)) if "mask" in p
                       else card)
        else:
            out.append(a_text(p, what))
    return tuple(out)


def _save_log(g: Game, log: list[LogLine]) -> Json:
    out: list[Json] = []
    for e in log:
        item: list[Json]
        if type(e) is Message:
            item = ["msg", _parts(e.parts)]
        elif type(e) is Choice:
            item = ["choice", int(e.seat), _parts(e.prompt), e.notation, [c.id for c in e.named],
                    e.mask]
        elif type(e) is Header:
            item = ["header", e.text]
        else:
            item = ["end", e.text]
        if e.at is not None:  # where in the rules it comes from (saves before it had none)
            item.append(e.at)
        out.append(item)
    return out


_LOG_SHAPES = {"msg": 2, "choice": 6, "header": 2, "end": 2}


def _load_log(g: Game, data: Json) -> list[LogLine]:
    out: list[LogLine] = []
    origins = len(g.rules.code.origins)
    for i, e in enumerate(a_list(data, "log", most=MAX_LOG)):
        what = f"log line {i}"
        need(type(e) is list and e and e[0] in _LOG_SHAPES, f"{what} is not a log line")
        kind = e[0]
        size = _LOG_SHAPES[kind]
        a_list(e, what, size if len(e) <= size else size + 1)
        at = an_int(e[size], what, 0, origins - 1) if len(e) > size else None
        if kind == "msg":
            out.append(Message.of(cast("tuple[str | SeenCard, ...]", _unparts(g, e[1], what)), at))
        elif kind == "choice":
            seat = decode(g, {"seat": e[1]})
            named = tuple(decode(g, {"card": c}) for c in a_list(e[4], what))
            out.append(Choice.of(seat, _unparts(g, e[2], what), a_text(e[3], what), named,
                                 an_int(e[5], what, 0, g.everyone), at))
        elif kind == "header":
            out.append(Header.of(a_text(e[1], what), at))
        else:
            out.append(Ending(a_text(e[1], what), at))
    return out


def _load_unsettled(g: Game, data: Json) -> list[int]:
    return [an_int(i, "unsettled", 0, MAX_LOG) for i in a_list(data, "unsettled", most=MAX_LOG)]


def _load_history(g: Game, data: Json) -> list[str]:
    return [a_text(m, "history") for m in a_list(data, "history")]


def _save_result(g: Game, result: GameEnd | None) -> list[Any] | None:
    return [result.how, encode(result.named), result.reason] if result else None


def _load_result(g: Game, data: Any) -> GameEnd | None:
    if data is None:
        return None
    how, value, reason = a_list(data, "result", 3)
    need(how in ("win", "lose", "end"), f"the result {_short(how)} is not win, lose or end")
    need(reason is None or type(reason) is str, "the result's reason should be text")
    return GameEnd(how, decode(g, value), reason)


def _save_outcome(g: Game, outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    out = outcome.as_dict()
    out["scores"] = [[k, v] for k, v in outcome.scores.items()]
    return out


def _load_outcome(g: Game, data: Any) -> Outcome | None:
    if data is None:
        return None
    out = dict(a_dict(data, "outcome"))
    need(type(out.get("scores")) is list and all(type(p) is list and len(p) == 2 for p in out["scores"]),
         "the outcome's scores should be pairs")
    players = g.players  # saved as their numbers: the outcome gives seats, as it did
    need(all(type(k) is int and 0 <= k < len(players) for k, _ in out["scores"]),
         "the outcome's scores should be the players'")
    out["scores"] = {players[k]: v for k, v in out["scores"]}
    winners: Json = out.get("winners")
    need(type(winners) is list and all(type(k) is int and 0 <= k < len(players) for k in winners),
         "the outcome's winners should be players")
    out["winners"] = [players[k] for k in winners]
    need("result" in out, "the outcome is not the one these rules give")
    return Outcome.from_dict(out)
