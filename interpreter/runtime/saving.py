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
import hmac
import json
import re
from itertools import accumulate
from typing import TYPE_CHECKING, Any, NoReturn

from interpreter.runtime.protocol import Damaged, Json, _short, encode
from interpreter.runtime.state import _load_seed, decode_state, encode_state
from interpreter.runtime.values import MAX_DEPTH
from rulelang.language.errors import IllegalMove, RulesError

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.ruleset import Ruleset

FORMAT = "rulelang-save/2"
OLD_FORMAT = "rulelang-save/1"
PLAYER_FORMAT = "rulelang-player-record/1"
MAX_SAVE = 64_000_000  # characters in a save
MAX_JSON_DEPTH = 2 * MAX_DEPTH + 20  # a value's lists and tuples (two levels each), and the state's
_SIGNATURE = re.compile(r',"signature":"([0-9a-f]{64})"}\Z')


# what to do about a save whose rules changed (a save replays its shuffles and its rules' code)
CHANGED = ("it goes on only with the rules it was made with, their text unchanged (imports "
           "too): go back to that version of the file")


def fingerprint(rules: Ruleset) -> str:
    """The rules a save belongs to, by their content: the text of the file and of each file
    it imports, in the order they are read (which the texts decide), so the same rules
    loaded from anywhere, by any path, restore each other's saves."""
    digest = hashlib.sha256()
    for text in rules.program.sources.values():
        digest.update(text.encode() + b"\0")
    return digest.hexdigest()[:16]


def _path_fingerprint(rules: Ruleset) -> str:
    """How saves made before the fingerprint was of content named their rules (by the
    path as typed): still accepted."""
    digest = hashlib.sha256()
    for name, text in sorted(rules.program.sources.items()):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()[:16]


def save_data(g: Game) -> dict[str, Json]:
    """What ``save`` writes, not yet written as text (a comparison of two games' whole
    states needs no text read back)."""
    data = {"format": FORMAT, "game": g.title, "fingerprint": fingerprint(g.rules),
            "players": g.nplayers, "options": {k: encode(x) for k, x in g.options.items()}}
    data.update(encode_state(g))
    return data


def save(g: Game, key: str | bytes | None = None) -> str:
    text = json.dumps(save_data(g), ensure_ascii=False, separators=(",", ":"))
    return text if key is None else text[:-1] + f',"signature":"{_sign(key, text)}"}}'


def _sign(key: str | bytes, text: str) -> str:
    if isinstance(key, str):
        key = key.encode()
    if not isinstance(key, bytes) or not key:
        raise RulesError("a key to sign saves with is text or bytes, and not empty")
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def save_for(g: Game, seat: Any) -> str:
    """What one player may keep of the game: their view and their transcript."""
    view = g.view(seat)  # raises RulesError for a seat that is not playing
    data = {"format": PLAYER_FORMAT, "game": g.title, "seat": view["seat"], "view": view,
            "transcript": g.transcript(seat)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def restore(rules: Ruleset, text: str | bytes, key: str | bytes | None = None) -> Game:
    """A game from a save (``save``). A save is untrusted input: it is checked whole
    (``state.decode_state``) and anything wrong is a RulesError saying what. With ``key``,
    only a save signed with that key (``game.save(key=...)``) is accepted."""
    data = _parse(text, key)
    if data["format"] == PLAYER_FORMAT:
        raise RulesError("this is one player's record of the game: it holds only what that "
                         "player may see, so it cannot be continued (save with game.save())")
    if data.get("fingerprint") not in (fingerprint(rules), _path_fingerprint(rules)):
        raise RulesError(f"this save is from other rules ({_short(data.get('game'))}), "
                         f"or the rules changed since it was made: {CHANGED}")
    try:
        if data["format"] == OLD_FORMAT:
            return _replay(rules, data)
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool) or \
                players not in rules.player_counts:
            raise Damaged(f"players: {rules.title} is not for {_short(players)} players")
        g: Game = rules.blank_game(players, _load_seed(None, data.get("seed")),
                             _given_options(rules, data.get("options")))
        decode_state(g, data)
        return g
    except Damaged as error:
        raise RulesError(f"this save is damaged: {error}") from None
    except RulesError as error:
        raise RulesError(f"this save cannot be restored: {str(error).splitlines()[0]}") from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration,
            RecursionError, OverflowError):
        raise RulesError("this save is damaged and cannot be restored") from None


def _parse(text: str | bytes, key: str | bytes | None) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RulesError("this is not a rulelang save (it is not UTF-8 text)") from None
    if not isinstance(text, str):
        raise RulesError(f"a save is text, not {type(text).__name__}")
    if len(text) > MAX_SAVE:
        raise RulesError(f"this save is too large ({len(text):,} characters; at most {MAX_SAVE:,})")
    if key is not None:
        signed = _SIGNATURE.search(text)
        if signed is None:
            raise RulesError("this save is not signed, and a signed one is required")
        body = text[:signed.start()] + "}"
        if not hmac.compare_digest(signed.group(1), _sign(key, body)):
            raise RulesError("this save's signature is wrong: it was changed after it was "
                             "saved, or signed with another key")
    depth = _depth(text)
    if depth > MAX_JSON_DEPTH:
        raise RulesError(f"this save nests {depth:,} deep (at most {MAX_JSON_DEPTH}): it is "
                         "not a rulelang save")
    try:
        data = json.loads(text, parse_float=_no_float, parse_constant=_no_float)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, OLD_FORMAT, PLAYER_FORMAT):
        raise RulesError("this is not a rulelang save")
    return data


def _depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (outside strings), found before parsing
    it (a parser would recurse that deep), at C speed: strings dropped, then brackets kept."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*+"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _no_float(text: str) -> NoReturn:
    raise ValueError(f"a rulelang save holds no number like {text[:20]}")


def _given_options(rules: Ruleset, options: Any) -> dict[str, Any]:
    """The options as new_game takes them (enum members by name, lists item by item); each
    then checked as new_game checks them."""
    if not isinstance(options, dict) or set(options) != set(rules.options):
        raise Damaged(f"options: these rules' options are {', '.join(rules.options) or 'none'}")

    def given(x: Any) -> Any:
        if isinstance(x, list):
            return [given(i) for i in x]
        if isinstance(x, dict):
            if set(x) != {"enum"} or not isinstance(x["enum"], list) or len(x["enum"]) != 2:
                raise Damaged(f"options: {_short(x)} is not an option's value")
            return x["enum"][1]
        if x is None or isinstance(x, bool) or (isinstance(x, (int, str)) and len(str(x)) < 100):
            return x
        raise Damaged(f"options: {_short(x)} is not an option's value")
    return {k: given(x) for k, x in options.items()}


def _replay(rules: Ruleset, data: dict[str, Any]) -> Game:
    """An old save: its game played again from its seed, move by move, then checked."""
    moves = data["history"]
    g: Game = rules.new_game(players=data["players"], seed=data["seed"],
                       options=_given_options(rules, data["options"]))
    try:
        for move in moves:
            g.play(move)
    except IllegalMove:
        _refuse_old(len(moves))
    if not _same_position(g, data):
        _refuse_old(len(moves))
    return g


def _same_position(g: Game, data: dict[str, Any]) -> bool:
    state = encode_state(g)
    old_cards = [[kind, label, known, fields] for kind, label, known, fields in data["cards"]]
    cards = [[kind, label, known, {**fields, **{n: v[i] for n, v in state["cvars"].items()
                                               if g.rules.kinds[kind].has_var(n)}}]
             for i, ((kind, label, fields), known) in enumerate(zip(state["cards"], state["known"]))]
    return (state["rng"] == data["rng"] and _plain_seats(cards) == old_cards
            and state["zones"] == data["zones"]
            and _plain_seats(state["vars"]) == data["vars"] and g.over == data["over"]
            and len(g.log) == len(data["log"]))


def _plain_seats(value: Any) -> Any:
    """Old saves wrote seats as bare numbers."""
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return value["seat"]
        return {k: _plain_seats(x) for k, x in value.items()}
    if isinstance(value, list):
        return [_plain_seats(x) for x in value]
    return value


def _refuse_old(count: int) -> NoReturn:
    raise RulesError(f"this save was made by an older rulelang ({OLD_FORMAT}), which saved "
                     f"positions inside rules that this version no longer has; replaying its "
                     f"{count} moves from its seed did not lead to the saved game (it may have "
                     "used fixed chance outcomes), so it cannot be restored")
