"""Helpers for the Yami tests (games/yami.rules): fixed deals, simple bots, placements by cells.

No tests here: test_yami*.py import these.
"""
from __future__ import annotations

from interpreter.runtime.geometry import placements
from interpreter.runtime.values import cell_name, parse_shape
from support import host, load

RULES = "games/yami.rules"
COLOURS = ("blue", "purple", "red", "green", "orange")
ALL_CARDS = [f"{c} {n}" for c in COLOURS for n in range(1, 8)]
_BOARD = [(x, y) for y in range(12) for x in range(12)]


def rules():
    return load(RULES)


def new_game(players=3, mission="1", hands=(), first="P1", seed=0, rest=()):
    """A game whose deck is fixed: the hands in seat order (top of the deck first),
    then `rest` (for 2 players: the automa's pile of 6, then its river of 4)."""
    deck = [card for hand in hands for card in hand] + list(rest)
    fix = {"first player": first}
    if deck:
        fix["shuffle deck"] = deck
    return rules().new_game(players=players, seed=seed, options={"mission": mission}, fix=fix)


def moves(game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def prompt(game) -> str:
    return host.prompt(game)


def var(game, name):
    return host.var(game, name)


def zone_names(game, zone, seat=None) -> list[str]:
    return [c.get("name", "?") for c in game.view(seat)["zones"][zone]["cards"]]


def split(card: str):
    colour, number = card.split()
    return colour, int(number)


def play_low(game):
    """Play the lowest legal card, avoiding trumps (a helpful partner)."""
    trump = var(game, "trump")

    def key(move):
        if move == "pile":
            return (True, 9)
        colour, number = split(move)
        return (colour == trump, number)
    game.play(min(moves(game), key=key))


def tile_shape(game) -> str:
    """The shape of the tile being placed (it matches the Decision card)."""
    name = var(game, "decision")["name"]
    tile = next(t for t in host.zone(game, "supply")["cards"] if t["name"] == name)
    return tile["shape"]


def placement_cells(game) -> dict:
    """Each legal placement's notation -> the set of cells (like 'E5') it covers."""
    shape = parse_shape(tile_shape(game))
    every = {p.label: {cell_name(c) for c in p.cells} for p in placements(shape, _BOARD)}
    return {m: every[m] for m in moves(game) if m in every}  # not "power" (YA-84)


def place_on(game, *cells):
    """Place the tile exactly on these cells."""
    wanted = set(cells)
    found = [m for m, covered in placement_cells(game).items() if covered == wanted]
    assert found, f"no legal placement on {sorted(wanted)}"
    game.play(found[0])
    return found[0]


def place_inside(game, region):
    """Place the tile on the first legal spot whose cells all lie in region."""
    region = set(region)
    for move, covered in placement_cells(game).items():
        if covered <= region:
            game.play(move)
            return move
    raise AssertionError("no legal placement inside the region")


def cells_of(game, name) -> set:
    """The cells a card covers on the board (or on the grid of marks)."""
    for zone in ("board", "marks"):
        for card in host.zone(game, zone)["cards"]:
            if card["name"] == name:
                return set(card["cells"])
    return set()


def rows(*numbers):
    """Every cell of the given rows, like rows(1, 2)."""
    return {f"{chr(65 + x)}{y}" for y in numbers for x in range(12)}


def columns(*letters):
    return {f"{letter}{y}" for letter in letters for y in range(1, 13)}


def place_covering(game, *cells):
    """Place the tile on the first legal spot that covers all these cells."""
    wanted = set(cells)
    for move, covered in placement_cells(game).items():
        if wanted <= covered:
            game.play(move)
            return move
    raise AssertionError(f"no legal placement covers {sorted(wanted)}")


def mission_neighbours(game) -> set:
    """Every cell that shares a side with a mission tile (the cells to surround)."""
    taken = set()
    for card in host.zone(game, "board")["cards"]:
        if card["kind"] == "MissionTile":
            taken |= set(card["cells"])
    out = set()
    for name in taken:
        x, y = ord(name[0]) - 65, int(name[1:]) - 1
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < 12 and 0 <= ny < 12:
                out.add(f"{chr(65 + nx)}{ny + 1}")
    return out - taken


def place_away(game):
    """Place the tile where it touches no cell to surround (no edge, no progress)."""
    every = {f"{chr(65 + x)}{y + 1}" for y in range(12) for x in range(12)}
    return place_inside(game, every - mission_neighbours(game))


def play_out(game, place=place_away, limit=200):
    """Finish the mission: every seat plays its lowest card, tiles go where `place` puts them."""
    for _ in range(limit):
        if game.is_over:
            return
        if prompt(game).startswith("place"):
            place(game)
        elif prompt(game).startswith("discard"):
            game.play(moves(game)[0])
        else:
            play_low(game)
    raise AssertionError("the mission did not end")


# A 3-player deal: P1, P2, P3 (9 cards each, top of the deck first); 8 cards unused.
P1 = ["blue 5", "red 7", "green 3", "purple 1", "orange 2", "blue 1", "red 1", "green 1",
      "purple 2"]
P2 = ["blue 6", "red 2", "green 4", "purple 3", "orange 3", "red 3", "green 5", "purple 4",
      "orange 4"]
P3 = ["blue 2", "blue 3", "red 4", "green 6", "purple 5", "purple 6", "orange 5", "orange 6",
      "orange 7"]

# A 2-player deal: P1 and P2 (10 each), the automa's pile (6; the last is on top), its river (4).
H1 = ["blue 1", "red 1", "green 1", "purple 1", "orange 1", "blue 2", "red 2", "green 2",
      "purple 2", "orange 2"]
H2 = ["blue 3", "red 3", "green 3", "purple 3", "orange 3", "blue 4", "red 4", "green 4",
      "purple 4", "orange 4"]
PILE = ["blue 5", "red 5", "green 5", "purple 5", "orange 5", "blue 6"]
RIVER = ["red 6", "red 7", "green 6", "purple 6"]


def two_players(first="P1"):
    return new_game(2, "1", [H1, H2], first=first, rest=PILE + RIVER)


def place_far(game):
    """Place the tile away from mission 1's tiles: bottom rows, left and right columns."""
    place_inside(game, rows(11, 12) | columns("A", "B", "L"))


# ------------------------------------------------------------------ components and setup


VOID = ["green 1", "green 2", "purple 1", "purple 2", "orange 1", "orange 2", "red 1", "red 5",
        "green 7"]   # P1 without blue
