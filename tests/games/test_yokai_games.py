"""Yokai: how the game ends, the score and its rating, the levels and variants, what each
seat sees, and whole seeded games (transcript snapshots).

Fixed situations use the helpers of test_yokai.py; each test names the rule IDs of
seeds/yokai.md that it guards.
"""
from __future__ import annotations

import json
import random

import pytest

from interpreter.runtime.geometry import connected
from support import load, play_random
from support.yokai import (
    BLOCKS,
    RULES,
    faces,
    moves,
    names,
    new,
    prompt,
    refused,
    table,
    toggle,
    turn,
)

FAMILIES = ("Kitsune", "Kappa", "Rokurokubi", "Oni")


def declare(game):
    game.play("appeased")
    return game.outcome


def well(game, hint):
    """A free cell (not E5 or D6, which turns move) whose card the hint names."""
    families = hint.split("/")
    locked = {c for c, cards in table(game).items() if len(cards) > 1}
    return next(c for c, f in sorted(faces(game).items())
                if f in families and c not in locked | {"E5", "D6"})


def wrong(game, hint):
    families = hint.split("/")
    locked = {c for c, cards in table(game).items() if len(cards) > 1}
    return next(c for c, f in sorted(faces(game).items())
                if f not in families and c not in locked | {"E5", "D6"})


def play_hints(game, actions):
    """Whole turns; each action is "draw", "well" or "wrong" (lay the oldest turned-up hint)."""
    for action in actions:
        if action == "draw":
            turn(game)
            continue
        hint = names(game, "hints")[0]
        turn(game, hint=(hint, (well if action == "well" else wrong)(game, hint)))


# ---------------------------------------------------------------- the two endings
# YK-17, YK-19, YK-20
def test_declaring_the_yokai_appeased_ends_the_game_YK17_YK19_YK20():
    game = new()
    turn(game)
    outcome = declare(game)  # P2, instead of a turn
    assert game.is_over and outcome["result"] == "win"
    assert outcome["reason"] == "the Yokai are appeased"
    assert "P2 declares the Yokai appeased" in game.transcript()
    for seat in (0, 1):  # YK-19: everything face up at the end
        assert None not in faces(game, seat).values()
        assert None not in names(game, "hints", seat)


# YK-20, YK-21
def test_a_family_in_two_groups_loses_YK20_YK21():
    game = new()
    turn(game, move=("E5", "I5"))  # a Kitsune beside the Oni, away from its family
    outcome = declare(game)
    assert outcome["result"] == "loss"
    assert outcome["reason"] == "the Kitsune cards are in 2 groups"
    assert outcome["scores"] == {0: 0, 1: 0}  # a lost game scores nothing
    assert outcome["victory"] == "none"


# YK-18
def test_the_last_hint_laid_ends_the_game_YK18():
    game = new()
    play_hints(game, ["draw", "well"] * 6 + ["draw"])
    assert not game.is_over and names(game, "hint_pile") == []
    play_hints(game, ["well"])
    assert game.is_over and game.outcome["result"] == "win"
    assert "the last hint is placed" in game.transcript()
    assert game.outcome["scores"][0] == 7  # seven hints, all well placed


# ---------------------------------------------------------------- score and rating
# YK-16, YK-21
def test_score_counts_every_kind_of_hint_YK16_YK21():
    game = new()
    play_hints(game, ["draw", "well", "draw", "wrong", "draw"])
    assert table(game)["E6"] == ["Kitsune", "Kitsune"]
    outcome = declare(game)
    # +1 well placed, -1 misplaced, +2 turned up and not laid, +5 for each of 4 left in the pile
    assert outcome["scores"][0] == 1 - 1 + 2 + 5 * 4
    assert "Kitsune on E6 locks Kitsune: well placed" in game.transcript()
    assert "Oni on E7 locks Kitsune: misplaced" in game.transcript()


@pytest.mark.parametrize("players,actions,score,victory", [
    (2, ["draw", "well"] * 7, 7, "Honorable"),
    (2, ["draw", "well"] * 6 + ["draw", "appeased"], 8, "Glorious"),
    (2, ["draw", "well"] * 6 + ["appeased"], 6 + 5, "Glorious"),
    (2, ["draw", "well"] * 5 + ["draw", "appeased"], 5 + 2 + 5, "Legendary"),
    (2, ["draw", "appeased"], 2 + 5 * 6, "Legendary"),
    (2, ["draw", "wrong", "appeased"], -1 + 5 * 6, "Legendary"),
    (3, ["draw", "well"] * 9, 9, "Honorable"),
    (3, ["draw", "well"] * 8 + ["draw", "appeased"], 10, "Glorious"),
    (3, ["draw"] * 8 + ["appeased"], 2 * 8 + 5, "Legendary"),
    (3, ["draw"] * 9 + ["wrong"] * 2 + ["appeased"], -2 + 2 * 7, "Glorious"),
    (4, ["draw", "well"] * 10, 10, "Honorable"),
    (4, ["draw", "well"] * 9 + ["draw", "appeased"], 11, "Glorious"),
    (4, ["draw"] * 9 + ["well", "appeased"], 1 + 2 * 8 + 5, "Legendary"),
    (4, ["draw"] * 10 + ["well"] * 3 + ["appeased"], 3 + 2 * 7, "Glorious"),
])
# YK-21, YK-22
def test_score_and_rating_by_player_count_YK21_YK22(players, actions, score, victory):
    game = new(players=players)
    play_hints(game, [a for a in actions if a != "appeased"])
    if "appeased" in actions:
        declare(game)
    assert game.outcome["result"] == "win"
    assert game.outcome["scores"][0] == score
    assert game.outcome["victory"] == victory


# YK-22
def test_a_win_below_zero_is_honorable_YK22():
    game = new()
    play_hints(game, ["draw", "wrong"] * 5 + ["draw", "well"] * 2)
    assert game.outcome["result"] == "win" and game.outcome["scores"][0] == -5 + 2
    assert game.outcome["victory"] == "Honorable"


# ---------------------------------------------------------------- levels
# YK-23, YK-31
def test_levels_combine_and_level_1_adds_nothing_YK23_YK31():
    plain = new(levels=[1])
    assert "levels=1" in plain.transcript() and names(plain, "affinity[P1]") == []
    both = new(levels=[1, 2, 3], affinity=["Kitsune & Oni"])
    assert "levels=1+2+3" in both.transcript()
    assert names(both, "affinity[P1]") == ["Kitsune & Oni"]  # level 2
    turn(both)
    turn(both)
    turn(both, hint=("", "E7"))
    assert names(both, "hints") == ["Kitsune"]  # level 3: the newer Oni hint went first


# YK-24, YK-35
def test_level_2_affinity_is_seen_by_the_first_player_only_YK24_YK35():
    game = new(players=3, first="P2", levels=[2], affinity=["Kitsune & Oni"])
    assert "P2 takes a secret Affinity card" in game.transcript()
    assert names(game, "affinity[P2]", 1) == ["Kitsune & Oni"]
    for seat in (0, 2):
        assert names(game, "affinity[P2]", seat) == [None]
    assert [names(game, f"affinity[P{p}]") for p in (1, 3)] == [[], []]


@pytest.mark.parametrize("pair,result", [("Kitsune & Kappa", "win"), ("Kappa & Oni", "loss"),
                                         ("Kitsune & Oni", "loss")])
# YK-25
def test_an_unmet_affinity_loses_with_no_points_YK25(pair, result):
    game = new(levels=[2], affinity=[pair])  # columns E..H: Kitsune, Kappa, Rokurokubi, Oni
    outcome = declare(game)
    assert outcome["result"] == result
    if result == "loss":
        assert outcome["reason"] == f"the Affinity {pair} is not met"
        assert outcome["scores"][0] == 0
    assert f"P1's Affinity card: {pair}" in game.transcript(1)  # YK-19: shown at the end


# YK-26
def test_level_3_only_the_last_hint_turned_up_may_be_laid_YK26():
    game = new(levels=[3])
    turn(game)
    turn(game)
    game.play("E6")
    game.play("E7")
    game.play(toggle(game)[0])
    game.play(toggle(game)[1])
    assert moves(game) == ["Oni", "draw"]
    refused(game, "Kitsune")
    assert names(game, "hints", 1) == ["Kitsune", "Oni"]  # the one below stays known


# YK-27, YK-28
def test_level_4_hints_are_never_seen_and_all_count_well_placed_YK27_YK28():
    game = new(levels=[4])
    turn(game)
    assert "P1 takes a hint aside without looking at it" in game.transcript()
    assert [names(game, "hints", seat) for seat in (0, 1, None)] == [[None], [None], ["Kitsune"]]
    game.play("E6")
    game.play("E7")
    game.play(toggle(game)[0])
    game.play(toggle(game)[1])
    assert moves(game) == ["hints#1", "draw"]  # named by where it lies
    game.play("hints#1")
    game.play("H6")  # the Kitsune hint on an Oni card
    assert [table(game, s)["H6"] for s in (0, 1)] == [[None, None], [None, None]]
    turn(game)  # P1 takes the Oni hint aside
    outcome = declare(game)
    assert outcome["scores"][0] == 1 + 2 + 5 * 5  # laid: well placed; aside: as turned up
    assert table(game, 1)["H6"] == ["Oni", "Kitsune"]  # YK-19: shown at the end


# YK-30
def test_levels_3_and_4_stack_the_hints_put_aside_YK30():
    game = new(levels=[3, 4])
    turn(game)
    turn(game)
    game.play("E6")
    game.play("E7")
    game.play(toggle(game)[0])
    game.play(toggle(game)[1])
    assert moves(game) == ["hints#2", "draw"]
    game.play("hints#2")
    game.play("H6")
    assert names(game, "hints") == ["Kitsune"]  # the Oni hint was laid, face down
    assert table(game, 1)["H6"] == [None, None]


# From BLOCKS, the two lower blocks go to the right of the upper ones: two rows of eight.
TO_BAR = [("E7", "I5"), ("F7", "I6"), ("E8", "J5"), ("F8", "J6"),
          ("G8", "K5"), ("H8", "K6"), ("G7", "L5"), ("H7", "L6")]


# YK-29
@pytest.mark.parametrize("objective,result", [("bar", "win"), ("ring", "loss")])
def test_level_5_the_layout_must_form_the_objective_YK29(objective, result):
    game = new(players=4, layout=BLOCKS, levels=[5], objective=objective)
    assert f"the Objective: {objective}" in game.transcript()
    assert names(game, "objective_card", 2)[0].startswith(objective)  # seen by all
    for move in TO_BAR:
        turn(game, looks=("E5", "F5"), move=move)
    outcome = declare(game)
    assert outcome["result"] == result
    if result == "loss":
        assert outcome["reason"].startswith("the cards do not form the Objective ring")
        assert outcome["scores"][0] == 0
    else:
        assert outcome["scores"][0] == 2 * 8 + 5 * 2


# From BLOCKS: Kappa then Oni go under the left blocks, as two columns of eight (the bar
# turned upright); or as a foot of two rows of four under the square (an L), or the same
# foot under the right-hand blocks, Kitsune and Rokurokubi moving (its mirror image).
BAR_UPRIGHT = [("G5", "E9"), ("H5", "F9"), ("G6", "E10"), ("H6", "F10"),
               ("G7", "E11"), ("H7", "F11"), ("H8", "E12"), ("G8", "F12")]
ELL = [("G5", "E9"), ("H5", "F9"), ("G6", "G9"), ("H6", "H9"),
       ("G7", "E10"), ("H7", "F10"), ("G8", "G10"), ("H8", "H10")]
MIRRORED_ELL = [("E5", "E9"), ("F5", "F9"), ("E6", "G9"), ("F6", "H9"),
                ("E7", "E10"), ("F7", "F10"), ("E8", "G10"), ("F8", "H10")]


@pytest.mark.parametrize("objective,moves_made,result", [
    ("bar", [], "loss"), ("bar", BAR_UPRIGHT, "win"), ("ell", ELL, "win"),
    ("ell", MIRRORED_ELL, "loss")])
# YK-29
def test_level_5_shape_may_be_turned_but_not_mirrored_YK29(objective, moves_made, result):
    game = new(players=4, layout=BLOCKS, levels=[5], objective=objective)
    looks = ("G7", "H7") if moves_made is MIRRORED_ELL else ("E5", "F5")
    for move in moves_made:
        turn(game, looks=looks, move=move)
    assert declare(game)["result"] == result


# YK-33
@pytest.mark.parametrize("players", [2, 3, 4])
def test_affinity_for_several_players_YK33(players):
    # In COLUMNS Kappa (F) and Oni (H) do not touch: only a third card fails.
    pairs = ["Kitsune & Kappa", "Rokurokubi & Oni", "Kappa & Oni"]
    game = new(players=players, first="P2", levels=[2], affinity_players=3, affinity=pairs)
    order = [(1 + i) % players for i in range(min(3, players))]
    for i, seat in enumerate(order):  # the first player, then round in turn order
        assert names(game, f"affinity[P{seat + 1}]", seat) == [pairs[i]]
        for other in range(players):
            if other != seat:
                assert names(game, f"affinity[P{seat + 1}]", other) == [None]
    outcome = declare(game)
    if players == 2:
        assert outcome["result"] == "win"
    else:
        assert outcome["result"] == "loss"
        assert outcome["reason"] == "the Affinity Kappa & Oni is not met"


# ---------------------------------------------------------------- what each seat sees
# YK-35
def test_each_seat_reads_what_it_saw_and_when_YK35():
    game = new(layout=BLOCKS)
    turn(game, looks=("E5", "G7"), move=("E5", "D6"))
    turn(game, looks=("D6", "H8"), move=("D6", "E5"))
    mine = game.transcript(0).splitlines()
    assert mine[mine.index("-- turn 1: P1 --") + 2] == "P1 observes E5: Kitsune"
    assert "P1 observes G7: Oni" in mine
    assert "P2 observes D6: Kitsune" in mine  # P1 already knew that card: P2 moved it back
    assert "P2 observes H8: a Yokai" in mine
    assert faces(game, 0)["E5"] == "Kitsune"  # the look stays with the card as it moves
    assert faces(game, 1)["G7"] is None


def follow(game, known, seat, asked, move, lifted):
    """Keep, for each seat, the cells whose card it has looked at, as cards move."""
    if asked.startswith("observe") and move != "appeased":
        known[seat].add(move)
    if asked == "move it to":
        for cells in known.values():
            if lifted in cells:
                cells.discard(lifted)
                cells.add(move)


def seat_views(game, players):
    """Each seat's view of the game as it is now."""
    return {seat: game.view(seat) for seat in range(players)}


def check_views(views, known, unseen_hints):
    for seat, cells in known.items():
        view = views[seat]
        for card in view["zones"]["table"]["cards"]:
            if card["kind"] == "Yokai":  # a face only where this seat looked, and every one of them
                assert ("name" in card) == (card["cells"][0] in cells), (seat, card)
            else:  # a hint on a card: face up, unless it was never turned up (level 4)
                assert card.get("hidden", False) == unseen_hints
        for name, zone in view["zones"].items():
            if name == "hint_pile" or name.startswith("left_out"):
                assert all(c.get("hidden") for c in zone["cards"])
        assert all(c.get("hidden", False) == unseen_hints for c in view["zones"]["hints"]["cards"])
        for name, zone in view["zones"].items():
            if name.startswith("affinity["):  # only its owner sees an Affinity card
                owner = name == f"affinity[P{seat + 1}]"
                assert all(("name" in c) == owner for c in zone["cards"])
        assert "won" not in view["vars"]


def check_new_lines(views, known, read):
    """Another's look shows which card it was, not its face (unless this seat knew it)."""
    for seat, cells in known.items():
        log = views[seat]["log"]
        for line in log[read[seat]:]:
            who, _, rest = line.partition(" observes ")
            if rest and who != f"P{seat + 1}":
                assert rest.endswith(": a Yokai") or rest.split(":")[0] in cells, line
        read[seat] = len(log)


# YK-8, YK-19, YK-35
@pytest.mark.parametrize("players,levels", [(2, "1"), (3, "2+3"), (4, "4+5"), (4, "2+3+4")])
def test_a_seat_never_sees_a_face_it_has_not_looked_at_YK8_YK19_YK35(players, levels):
    rules = load(RULES)
    for seed in range(2):
        game = rules.new_game(players=players, seed=seed,
                              options={"levels": levels, "affinity_players": 4})
        known = {seat: set() for seat in range(players)}
        read = dict.fromkeys(range(players), 0)
        rng, lifted = random.Random(seed), None
        views = seat_views(game, players)
        while not game.is_over:
            check_views(views, known, "4" in levels)
            seat, asked = game.to_move, prompt(game)
            legal = [m for m in moves(game) if m != "appeased"] or moves(game)
            move = legal[rng.randrange(len(legal))]
            game.play(move)
            views = seat_views(game, players)  # after the move: its new lines, then checked
            check_new_lines(views, known, read)
            follow(game, known, seat, asked, move, lifted)
            lifted = move if asked == "move the card from" else lifted
        for seat in range(players):  # YK-19: at the end every face is shown to all
            view = game.view(seat)
            assert all("name" in c for c in view["zones"]["table"]["cards"])
            json.dumps(view)


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("players,levels,seed", [(2, "1", 3), (3, "2+3", 15), (4, "4+5", 8)])
def test_seeded_game_transcript(players, levels, seed, text_snapshot):
    game = load(RULES).new_game(players=players, seed=seed, options={"levels": levels})
    play_random(game, seed)
    assert game.transcript() == text_snapshot


def test_a_won_game_at_level_5_transcript(text_snapshot):
    """Four players make the bar from BLOCKS, laying one hint well and one wrong on the way."""
    game = new(players=4, layout=BLOCKS, levels=[5], objective="bar")
    for i, move in enumerate(TO_BAR):
        hint = ("", "E6" if i == 1 else "F5") if i in (1, 3) else "draw"
        turn(game, looks=("E5", "F5") if i <= 3 else ("E5", "H5"), move=move, hint=hint)
    declare(game)
    assert game.outcome["result"] == "win"
    assert game.transcript() == text_snapshot


# ---------------------------------------------------------------- Affinity and Objective cards
# YK-4, YK-39
def test_six_affinity_cards_one_per_pair_YK4_YK39():
    game = load(RULES).new_game(players=4, seed=2, options={"levels": "2", "affinity_players": 4})
    zones = game.view(None)["zones"]
    cards = [c["name"] for name, z in zones.items()
             if name.startswith("affinity") for c in z["cards"]]
    pairs = {f"{a} & {b}" for i, a in enumerate(FAMILIES) for b in FAMILIES[i + 1:]}
    assert len(cards) == 6 and set(cards) == pairs


# YK-4, YK-40
def test_three_objective_cards_as_the_rulebook_counts_YK4_YK40():
    program = load(RULES).program
    assert [str(m) for m in program.enums["Goal"]] == ["bar", "ring", "ell"]


@pytest.mark.parametrize("objective", ["bar", "ring", "ell"])
def test_each_objective_is_a_shape_of_16_cards_YK4_YK40(objective):
    game = new(levels=[5], objective=objective)
    card = game.view(1)["zones"]["objective_card"]["cards"][0]
    rows = card["pattern"].split("/")
    assert card["goal"] == objective and sum(r.count("#") for r in rows) == 16
    cells = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#"]
    assert connected(cells)  # one group, as the 16 cards always are
    outcome = declare(game)  # the first square is none of them
    assert outcome["result"] == "loss" and "Objective" in outcome["reason"]


# YK-41, YK-31
@pytest.mark.parametrize("levels", ["1", "2", "3", "4", "5", "2+3+5"])
def test_each_game_is_played_at_the_levels_chosen_for_it_and_nothing_carries_over_YK41(levels):
    rules = load(RULES)
    before = rules.new_game(players=3, seed=4, options={"levels": levels})
    after = rules.new_game(players=3, seed=4, options={"levels": levels})
    play_random(before, seed=1)
    assert after.transcript() == rules.new_game(players=3, seed=4,
                                                options={"levels": levels}).transcript()
    assert f", levels={levels}," in before.transcript().splitlines()[0]


# YK-42, YK-22
def test_a_game_names_its_levels_first_and_its_rating_last_as_the_record_sheet_keeps_YK42():
    game = new(players=4, layout=BLOCKS, levels=[3])
    outcome = declare(game)
    lines = game.transcript().splitlines()
    assert ", levels=3," in lines[0]
    assert outcome["result"] == "win"
    assert lines[-1].endswith(f"victory: {game.outcome_record.reports['victory']}")
    assert game.outcome_record.reports["victory"] in ("Honorable", "Glorious", "Legendary")
