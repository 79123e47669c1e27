"""A game to JSON and back, mid-game, exactly.

What is saved is the state described in ``state.py`` (cards, zones, variables, the
random generator, the frames of running rules, the pending decision, the log),
wrapped with the rules' fingerprint. Restoring continues identically.

Saves made before the runtime was compiled to Python (``rulelang-save/1``) name
positions inside rules that no longer exist; they are restored by replaying their
moves from their seed, and refused with the reason if the replay does not reach the
saved position (for instance when the game had fixed chance outcomes).
"""
from __future__ import annotations

import hashlib
import json

from interpreter.state import decode_state, encode_state
from interpreter.protocol import encode
from rulelang.errors import IllegalMove, RulesError

FORMAT = "rulelang-save/2"
OLD_FORMAT = "rulelang-save/1"
PLAYER_FORMAT = "rulelang-player-record/1"


def fingerprint(rules) -> str:
    digest = hashlib.sha256()
    for name, text in sorted(rules.program.sources.items()):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()[:16]


def save(g) -> str:
    data = {"format": FORMAT, "game": g.title, "fingerprint": fingerprint(g.rules),
            "players": g.nplayers, "options": {k: encode(x) for k, x in g.options.items()}}
    data.update(encode_state(g))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def save_for(g, seat) -> str:
    """What one player may keep of the game: their view and their transcript."""
    view = g.view(seat)  # raises RulesError for a seat that is not playing
    data = {"format": PLAYER_FORMAT, "game": g.title, "seat": view["seat"], "view": view,
            "transcript": g.transcript(seat)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def restore(rules, text: str):
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, OLD_FORMAT,
                                                                      PLAYER_FORMAT):
            raise ValueError("format")
    except (ValueError, RecursionError):
        raise RulesError("this is not a rulelang save") from None
    if data["format"] == PLAYER_FORMAT:
        raise RulesError("this is one player's record of the game: it holds only what that "
                         "player may see, so it cannot be continued (save with game.save())")
    if data.get("fingerprint") != fingerprint(rules):
        raise RulesError(f"this save is from other rules ({data.get('game')!r}), "
                         "or the rules changed since it was made")
    try:
        if data["format"] == OLD_FORMAT:
            return _replay(rules, data)
        g = rules.blank_game(data["players"], data["seed"], _given_options(data))
        decode_state(g, data)
        return g
    except RulesError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration,
            RecursionError, OverflowError):
        raise RulesError("this save is damaged and cannot be restored") from None


def _given_options(data) -> dict:
    def given(x):  # an option as new_game takes it: enum members by name, lists item by item
        if isinstance(x, list):
            return [given(i) for i in x]
        return x["enum"][1] if isinstance(x, dict) and "enum" in x else x
    return {k: given(x) for k, x in data["options"].items()}


def _replay(rules, data):
    """An old save: its game played again from its seed, move by move, then checked."""
    moves = data["history"]
    g = rules.new_game(players=data["players"], seed=data["seed"], options=_given_options(data))
    try:
        for move in moves:
            g.play(move)
    except IllegalMove:
        _refuse_old(len(moves))
    if not _same_position(g, data):
        _refuse_old(len(moves))
    return g


def _same_position(g, data) -> bool:
    state = encode_state(g)
    old_cards = [[kind, label, known, fields] for kind, label, known, fields in data["cards"]]
    cards = [[kind, label, known, {**fields, **{n: v[i] for n, v in state["cvars"].items()
                                               if g.rules.kinds[kind].has_var(n)}}]
             for i, ((kind, label, fields), known) in enumerate(zip(state["cards"], state["known"]))]
    return (state["rng"] == data["rng"] and _plain_seats(cards) == old_cards and state["zones"] == data["zones"]
            and _plain_seats(state["vars"]) == data["vars"] and g.over == data["over"]
            and len(g.log) == len(data["log"]))


def _plain_seats(value):
    """Old saves wrote seats as bare numbers."""
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return value["seat"]
        return {k: _plain_seats(x) for k, x in value.items()}
    if isinstance(value, list):
        return [_plain_seats(x) for x in value]
    return value


def _refuse_old(count):
    raise RulesError(f"this save was made by an older rulelang ({OLD_FORMAT}), which saved "
                     f"positions inside rules that this version no longer has; replaying its "
                     f"{count} moves from its seed did not lead to the saved game (it may have "
                     "used fixed chance outcomes), so it cannot be restored")
