"""examples/goofspiel.rules against OpenSpiel's native goofspiel, decision by decision.

Both games get the same prize order: the native game deals a point card by chance
before every round; ours shuffles its prizes once, so the order the native game will
deal is drawn first and fixed as our shuffle (``fix={"shuffle prizes": [...]}``). Then,
round by round, both games ask the same players at once (ours: ``to_move_all``), each
player's legal bids must be the same, and the same random bids are played in both. The
totals of prizes won must be equal (``returns_type=total_points``).

The native game plays the last round itself (each player has one card left); ours asks
for it, with one legal bid for each player, which the check plays.

The native game is played as its imperfect-information variant (``imp_info``: the bids
stay hidden and only the winner is told) and as the plain one: moves and returns do not
depend on what is told. Ours shows the bids once all are in, as the table game does.

``python benchmarks/openspiel_crosscheck.py`` runs thousands of games.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import rulelang
from support import ROOT

GOOFSPIEL = str(ROOT / "examples" / "goofspiel.rules")


class Mismatch(AssertionError):
    pass


def native_goofspiel(players: int, cards: int, imp_info: bool = True):
    return pyspiel.load_game("goofspiel", {"players": players, "num_cards": cards,
                                           "imp_info": imp_info, "points_order": "random",
                                           "returns_type": "total_points"})


def play_both(rules, players: int, cards: int, seed: int, imp_info: bool = True,
              native=None, observe=None) -> int:
    """One game played in both; raises Mismatch at the first difference. Returns the
    number of bids compared. ``observe(native state, our game, round, seat)`` is called
    for every seat at every round before its bid (our log kept for it)."""
    rng = random.Random(seed)
    native = native or native_goofspiel(players, cards, imp_info)
    order = list(range(1, cards + 1))
    rng.shuffle(order)  # the prizes from the first round to the last
    ours = rules.new_game(players=players, seed=seed, log=observe is not None,
                          options={"rounds": cards},
                          fix={"shuffle prizes": [f"prize {v}" for v in order]})
    state = native.new_initial_state()
    compared = 0
    for round_, prize in enumerate(order):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            raise Mismatch(f"round {round_ + 1}: the native game deals no point card")
        dealt = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): a
                 for a, _ in state.chance_outcomes()}
        state.apply_action(dealt[f"Deal {prize}"])
        if state.is_terminal():  # the last round, played by the native game itself
            break
        seats = ours.to_move_all
        if seats != list(range(players)):
            raise Mismatch(f"round {round_ + 1}: ours asks {seats}, the native game everyone")
        bids = []
        for seat in seats if observe is not None else ():
            observe(state, ours, round_, seat)
        for seat in seats:
            native_bids = {state.action_to_string(seat, a).split("Bid: ")[1]: a
                           for a in state.legal_actions(seat)}
            our_bids = {str(m): m for m in ours.legal_moves(seat)}
            if set(native_bids) != set(our_bids):
                raise Mismatch(f"round {round_ + 1}, P{seat + 1}: native {sorted(native_bids)}, "
                               f"ours {sorted(our_bids)}")
            bid = rng.choice(sorted(native_bids))
            bids.append(native_bids[bid])
            ours.play(our_bids[bid], seat=seat)
            compared += 1
        state.apply_actions(bids)
    if not state.is_terminal():
        raise Mismatch("the prizes ran out before the native game ended")
    while not ours.is_over:  # the last round: one card left each
        for seat in ours.to_move_all:
            moves = ours.legal_moves(seat)
            if len(moves) != 1:
                raise Mismatch(f"the last round offers P{seat + 1} {len(moves)} bids")
            ours.play(moves[0], seat=seat)
    scores = [ours.outcome["scores"][seat] for seat in range(players)]
    if scores != [int(r) for r in state.returns()]:
        raise Mismatch(f"returns: native {state.returns()}, ours {scores}")
    return compared


@pytest.fixture(scope="module")
def goofspiel():
    return rulelang.load(GOOFSPIEL)


@pytest.mark.parametrize("players,cards,games,imp_info", [
    (2, 13, 60, True), (2, 4, 150, True), (3, 6, 100, True), (4, 5, 60, True),
    (2, 6, 60, False)])
def test_goofspiel_agrees_with_openspiel_on_every_bid(goofspiel, players, cards, games, imp_info):
    native = native_goofspiel(players, cards, imp_info)
    compared = sum(play_both(goofspiel, players, cards, seed, imp_info, native)
                   for seed in range(games))
    assert compared == games * players * (cards - 1)  # every bid but the forced last ones


def test_a_changed_tie_rule_is_caught(goofspiel, tmp_path):
    """The check can fail: a Goofspiel whose ties go to the first player tied scores
    differently from the native game, whose ties discard the prize."""
    text = Path(GOOFSPIEL).read_text().replace("if size(best) == 1 {", "if size(best) >= 1 {")
    assert text != Path(GOOFSPIEL).read_text()
    path = tmp_path / "goofspiel.rules"
    path.write_text(text)
    changed = rulelang.load(str(path))
    with pytest.raises(Mismatch, match="returns"):
        for seed in range(40):
            play_both(changed, 2, 4, seed)
