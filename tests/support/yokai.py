"""Positions and helpers for the Yōkai tests (games/yokai.rules)."""
from __future__ import annotations

import pytest

from rulelang import IllegalMove
from support import host, load

RULES = "games/yokai.rules"
FAMILY = {"Ki": "Kitsune", "Ka": "Kappa", "Ro": "Rokurokubi", "On": "Oni"}
SQUARE = [f"{x}{y}" for y in range(5, 9) for x in "EFGH"]  # the first square, row by row

# Each family one column: E Kitsune, F Kappa, G Rokurokubi, H Oni (already appeased).
COLUMNS = """
Ki Ka Ro On
Ki Ka Ro On
Ki Ka Ro On
Ki Ka Ro On
"""
# Each family a 2x2 block: Kitsune and Kappa above, Rokurokubi and Oni below.
BLOCKS = """
Ki Ki Ka Ka
Ki Ki Ka Ka
Ro Ro On On
Ro Ro On On
"""
# The hint piles used below, top first (one-, two- and three-family hints as YK-6 draws them).
PILE = {
    2: ["Kitsune", "Oni", "Kitsune/Kappa", "Kappa/Oni", "Rokurokubi/Oni",
        "Kitsune/Kappa/Rokurokubi", "Kappa/Rokurokubi/Oni"],
    3: ["Kitsune", "Oni", "Kitsune/Kappa", "Kappa/Oni", "Rokurokubi/Oni", "Kitsune/Oni",
        "Kitsune/Kappa/Rokurokubi", "Kappa/Rokurokubi/Oni", "Kitsune/Kappa/Oni"],
    4: ["Kitsune", "Oni", "Kappa", "Kitsune/Kappa", "Kappa/Oni", "Rokurokubi/Oni", "Kitsune/Oni",
        "Kitsune/Kappa/Rokurokubi", "Kappa/Rokurokubi/Oni", "Kitsune/Kappa/Oni"],
}


# ---------------------------------------------------------------- helpers
def new(players=2, layout=COLUMNS, pile=None, first="P1", affinity=(), seed=0, **options):
    """A game with the layout on E5..H8, the hint pile (top first) and the first player."""
    marks = layout.split()
    assert len(marks) == 16
    pile = PILE[players] if pile is None else pile
    fix = {"shuffle deck": [FAMILY[m] for m in marks], "shuffle hint_pile": list(pile),
           "first player": first}
    for n, spread in enumerate(("one_family", "two_families", "three_families")):
        fix[f"shuffle left_out[{spread}]"] = [h for h in pile if h.count("/") == n]
    if affinity:
        fix["shuffle affinity_box"] = list(affinity)
    if "levels" in options and not isinstance(options["levels"], str):
        options["levels"] = "+".join(map(str, options["levels"]))
    return load(RULES).new_game(players=players, seed=seed, options=options, fix=fix)


def moves(game):
    return [str(m) for m in game.legal_moves()]


def prompt(game):
    return host.prompt(game)


def table(game, seat=None):
    """Cell -> the names of the cards there, bottom first (None for a face unknown to seat)."""
    out = {}
    for card in game.view(seat)["zones"]["table"]["cards"]:
        out.setdefault(card["cells"][0], []).append(card.get("name"))
    return out


def faces(game, seat=None):
    """Cell -> the Yokai face there as seat sees it (None when unknown)."""
    return {cell: names[0] for cell, names in table(game, seat).items()}


def names(game, zone, seat=None):
    return [c.get("name") for c in game.view(seat)["zones"][zone]["cards"]]


def refused(game, move):
    """The move is refused with IllegalMove and changes nothing."""
    before = game.save()
    with pytest.raises(IllegalMove):
        game.play(move)
    assert game.save() == before


def toggle(game):
    """A move that keeps COLUMNS and BLOCKS grouped: E5 to D6 and back."""
    return ("E5", "D6") if "E5" in table(game) else ("D6", "E5")


def turn(game, hint="draw", looks=None, move=None):
    """One whole turn: look at two cards, move one, then the hint action:
    "draw", or (hint, cell) to lay a hint ("" for the only one offered)."""
    seat = game.to_move
    first = looks[0] if looks else moves(game)[0]
    game.play(first)
    game.play(looks[1] if looks else moves(game)[0])
    frm, to = move or toggle(game)
    game.play(frm)
    game.play(to)
    if game.is_over or game.to_move != seat or not prompt(game).startswith("place a hint"):
        assert hint == "draw", "no turned-up hint could be laid: the draw was forced"
        return
    if hint == "draw":
        game.play("draw")
        return
    name, cell = hint
    game.play(name or moves(game)[0])
    game.play(cell)


# ---------------------------------------------------------------- components and setup
# YK-1
