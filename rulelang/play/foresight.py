"""Whether a move ends the game, told before it is played (the terminal asks "play it?",
the page warns), but only when saying so reveals nothing: the move is tried on a copy of
the game, and the answer is kept back if anything hidden from the player came into play on
the way (a shuffle or a die, a card turned up for them, another seat's secret answer, a
``disclose(...)`` worked out: what hidden cards hold decided where the move went), and for
rules whose information-flow check warned (they may branch on a hidden card unsaid)."""
from __future__ import annotations

import json

from rulelang.language.errors import RulesError


def ending(game, seat, move, copy=None, before: str | None = None):
    """How ``move`` would end the game (the outcome's words), or None: it does not end it,
    or telling would tell ``seat`` something hidden. The move is tried on ``game.copy()``
    (the game its save would restore, without the round trip through JSON: about 3 ms a
    move 40 moves into a shipped card game, growing with the game, against 0.06 ms), or on
    ``copy(text)``, a game made from the save; ``before`` is the game's save, when the
    caller has it already."""
    if game.rules.program.warnings:  # (the rules' own: known before any trial)
        return None
    before = before or game.save()
    trial = game.copy() if copy is None else copy(before)
    try:
        trial.play(move)
    except RulesError:
        return None
    if not trial.is_over or trial.disclosed or not nothing_hidden_used(before, trial.save(),
                                                                       seat):
        return None
    last = next((line for line in reversed(trial.view(seat)["log"]) if line.startswith("== ")),
                "")
    return last.removeprefix("== ").removeprefix("game over: ") or "the game is over"


def nothing_hidden_used(before: str, after: str, seat: int) -> bool:
    """Between two saves: no chance drawn (shuffle, dice), no card turned up or fact told to
    ``seat``, and no other seat's secret answer to a simultaneous choice played out."""
    old, new = json.loads(before), json.loads(after)
    if old["rng"] != new["rng"]:
        return False
    if any(other != seat for other, _ in (old.get("group") or {}).get("answers", [])):
        return False
    bit = 1 << seat
    for was, now in zip(old["known"], new["known"]):  # who knows each card's face
        if not was & bit and now & bit:
            return False
    return old.get("told") == new.get("told")  # facts of cards told (to anyone, to be safe)
