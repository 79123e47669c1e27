"""Cards on a table with no edges: moving next to others, connectivity, private looks.

What the cooperative memory game asks of the language (see
../shared/research/what-the-games-ask.md), on a small test ruleset.
"""
from __future__ import annotations

from support import load

RULES = "tests/rules/memory_table.rules"
ORDER = ["fox", "frog", "crane", "fox", "frog", "crane"]  # top first: A1 B1 C1 A2 B2 C2


def new(**options):
    return load(RULES).new_game(players=2, seed=1, options=options, fix={"shuffle box": ORDER})


def table(game, seat=None):
    return {tuple(c["cells"]): c.get("name") for c in game.view(seat)["zones"]["table"]["cards"]}


def test_cards_lie_face_down_on_cells():
    game = new()
    assert table(game, None) == {("A1",): "fox", ("B1",): "frog", ("C1",): "crane",
                                 ("A2",): "fox", ("B2",): "frog", ("C2",): "crane"}
    assert set(table(game, 0).values()) == {None}


def test_a_private_look_stays_in_that_seats_view_after_the_card_moves():
    game = new()
    assert [str(m) for m in game.legal_moves()][:2] == ["table@A1", "table@B1"]  # unseen: by place
    game.play("table@A1")
    assert table(game, 0)[("A1",)] == "fox" and table(game, 1)[("A1",)] is None
    game.play("A1")  # move the card it looked at
    game.play("D1")  # next to C1: the group stays whole
    assert table(game, 0)[("D1",)] == "fox"  # P1 still knows it, where it went
    assert table(game, 1)[("D1",)] is None
    assert "fox" not in game.transcript(1)


def test_a_card_may_go_only_where_the_group_stays_connected():
    game = new()
    game.play("table@A1")
    game.play("B1")  # lifting B1 leaves A1 joined through A2, B2
    moves = [str(m) for m in game.legal_moves()]
    assert "D1" in moves and "A0" not in moves  # no row 0: the row above row 1 is -1
    assert "A-1" in moves and "B-1" not in moves  # B-1 touches only the lifted B1
    assert "B1" in moves  # putting it back is allowed
    assert "F6" not in moves


def play_turns(game, turns):
    for look, frm, to in turns:
        game.play(look)
        game.play(frm)
        game.play(to)


# Each turn: (card to look at, cell to move from, cell to move to). Foxes start in
# column A, frogs in B, cranes in C: every family is already one group.
APART_AND_BACK = [("table@A1", "C1", "A3"), ("table@A1", "A3", "C1"),
                  ("table@B1", "C1", "A3"), ("table@B1", "A3", "C1")]


def test_every_family_in_one_group_wins():
    game = new()
    play_turns(game, APART_AND_BACK)
    assert game.outcome["result"] == "win"
    assert game.outcome["reason"] == "every family is one group"


def test_a_family_split_at_the_end_loses():
    game = new()
    play_turns(game, APART_AND_BACK[:3] + [("table@B1", "A1", "A1")])
    assert table(game)[("A3",)] == "crane" and table(game)[("C2",)] == "crane"
    assert game.outcome["result"] == "loss"


TOGETHER_BUT_NOT_A_RECTANGLE = [("table@A1", "C1", "C3"), ("table@A1", "C3", "C1"),
                                ("table@B1", "C1", "C3"), ("table@B1", "C3", "C3")]


def test_a_target_shape_must_be_matched_too():
    game = new()
    play_turns(game, TOGETHER_BUT_NOT_A_RECTANGLE)
    assert game.outcome["result"] == "win"
    game = new(target=True)
    play_turns(game, TOGETHER_BUT_NOT_A_RECTANGLE)
    assert game.outcome["result"] == "loss"
    game = new(target=True)
    play_turns(game, APART_AND_BACK)  # back to two rows of three: the 2x3 shape, turned or not
    assert game.outcome["result"] == "win"
