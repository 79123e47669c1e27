"""Positions and helpers for the Yokai Sketch tests (games/yokai_sketch.rules)."""
from __future__ import annotations

import pytest

from rulelang import IllegalMove
from support import host, load

RULES = "games/yokai_sketch.rules"
COLOURS = ("water", "fire", "earth", "wind")


# ---------------------------------------------------------------- helpers
def new(p1=(), p2=(), draws=(), stacks=None, first="P1", seed=0):
    """A game with P1's and P2's opening hands, the draws in turn order, and
    chosen tops (top first) for some Yokai stacks."""
    assert not draws or len(p1) == len(p2) == 3, "give both opening hands before the draws"
    fix = {"shuffle deck": [*p1, *p2, *draws], "first player": first}
    for colour, order in (stacks or {}).items():
        fix[f"shuffle stack[{colour}]"] = list(order)
    return load(RULES).new_game(players=2, seed=seed, fix=fix)


def act(game, *steps):
    """Play moves; "CARD as COLOUR" plays a card and then picks its colour."""
    for step in steps:
        card, _, colour = step.partition(" as ")
        game.play(card)
        if colour:
            game.play(colour)


def names(game, zone, seat=None):
    """Names of the cards in a zone, bottom to top (None for a hidden card)."""
    return [c.get("name") for c in game.view(seat)["zones"][zone]["cards"]]


def top(game, colour):
    cards = names(game, f"stack[{colour}]")
    return cards[-1] if cards else None


def side(game, colour, seat):
    return names(game, f"side[{colour},P{seat + 1}]")


def notebook(game, seat):
    return names(game, f"notebook[P{seat + 1}]")


def moves(game):
    return [str(m) for m in game.legal_moves()]


def prompt(game):
    return host.prompt(game)


def last_played(game, seat):
    card = host.var(game, "last_played")[f"P{seat + 1}"]
    return card and card["name"]


def refused(game, move):
    """The move is refused with IllegalMove and changes nothing."""
    before = game.save()
    with pytest.raises(IllegalMove):
        game.play(move)
    assert game.save() == before


# ---------------------------------------------------------------- components and setup
