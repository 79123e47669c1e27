"""examples/oh_hell.rules through the OpenSpiel adapter against OpenSpiel's own oh_hell.

Both games are dealt the same cards: the native game's chance outcomes (dealer,
then each card dealt, then trump) are turned into ours (the deck's order from the
top, then the dealer). Then, decision by decision, the player to move and the set
of legal moves must be the same in both, the same random move is played in both,
and the returns at the end must be equal (``returns="score"``: tricks taken, plus
10 for making one's bid, as the native game scores).

``python benchmarks/openspiel_oh_hell.py`` runs many more games.
"""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from rulelang.adapters.openspiel import load_game
from support import ROOT, soak

OH_HELL = str(ROOT / "examples" / "oh_hell.rules")


def our_card(native: str) -> str:
    """The native game's card text (suit then rank, T for ten: 'HT') as ours ('10H')."""
    suit, rank = native[0], native[1:]
    return ("10" if rank == "T" else rank) + suit


def our_move(native: str) -> str:
    return native if native.isdigit() else our_card(native)


class Mismatch(AssertionError):
    pass


def play_both(players: int, tricks: int, seed: int, ours_game=None, left_of_dealer=1,
              chance=None, observe=None) -> int:
    """One deal played in both games; raises Mismatch at the first difference.
    Returns the number of decisions compared. (``left_of_dealer``: who gets our first
    card, counted from the dealer; anything but 1 deals ours wrongly.) ``chance``: the
    native chance actions to deal, instead of drawing them; ``observe(native state, our
    state, decisions so far)`` is called at every decision before it is made."""
    rng = random.Random(seed)
    native = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    ours = ours_game or load_game(OH_HELL, players=players, options={"tricks": tricks},
                                  returns="score")
    n_state, o_state = native.new_initial_state(), ours.new_initial_state()

    dealt = []
    while n_state.is_chance_node():
        outcomes = n_state.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0] \
            if chance is None else chance[len(dealt)]
        dealt.append(action)
        n_state.apply_action(action)
    dealer, cards = dealt[1], [our_card(_card_text(a)) for a in dealt[2:]]
    # Ours deals from the top, starting left of the dealer; the native game deals
    # card j to player j % n. The card after the hands is trump in both.
    hands = players * tricks
    top_first = [cards[(k // players) * players + (dealer + left_of_dealer + k) % players]
                 for k in range(hands)]
    top_first.append(cards[hands])
    every = [our_card(_card_text(a)) for a in range(52)]
    top_first += [c for c in every if c not in top_first]

    placed = 0
    while o_state.is_chance_node():
        by_name = {o_state.action_to_string(pyspiel.PlayerId.CHANCE, a): a
                   for a, _ in o_state.chance_outcomes()}
        event = next(iter(by_name)).split(": ")[0]
        if event == "shuffle deck":
            wanted = f"shuffle deck: {top_first[placed]}"
            placed += 1
        elif event == "dealer":  # a pick's outcome is the item's index: players in seat order
            o_state.apply_action(dealer)
            continue
        else:
            raise Mismatch(f"unexpected chance event {event!r}")
        if wanted not in by_name:
            raise Mismatch(f"{wanted!r} is not a chance outcome now")
        o_state.apply_action(by_name[wanted])

    decisions = 0
    while not n_state.is_terminal():
        player = n_state.current_player()
        if o_state.current_player() != player:
            raise Mismatch(f"decision {decisions}: native P{player + 1} to move, "
                           f"ours {o_state.current_player()}")
        native_moves = {our_move(n_state.action_to_string(player, a)): a
                        for a in n_state.legal_actions()}
        our_moves = {o_state.action_to_string(player, a): a for a in o_state.legal_actions()}
        if set(native_moves) != set(our_moves):
            raise Mismatch(f"decision {decisions}: native {sorted(native_moves)}, "
                           f"ours {sorted(our_moves)}")
        if observe is not None:
            observe(n_state, o_state, decisions)
        move = rng.choice(sorted(native_moves))
        n_state.apply_action(native_moves[move])
        o_state.apply_action(our_moves[move])
        decisions += 1
    if not o_state.is_terminal():
        raise Mismatch("the native game is over, ours is not")
    if list(n_state.returns()) != list(o_state.returns()):
        raise Mismatch(f"returns: native {n_state.returns()}, ours {o_state.returns()}")
    return decisions


def _card_text(action: int) -> str:
    """The native card for a deal action: suits C, D, S, H cycle fastest, ranks 2..A."""
    return "CDSH"[action % 4] + "23456789TJQKA"[action // 4]


def test_the_native_card_numbering_is_as_read():
    state = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 1}).new_initial_state()
    state.apply_action(1)
    state.apply_action(0)
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in range(52)] == \
        [_card_text(a) for a in range(52)]


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("players,tricks,games", [
    (3, 5, soak.games(40, 120)), (4, 3, soak.games(20, 60)), (5, 1, soak.games(14, 40)),
    (3, 10, soak.games(7, 20)), (5, 10, soak.games(4, 12))])
def test_oh_hell_agrees_with_openspiel_on_every_decision(players, tricks, games):
    ours = load_game(OH_HELL, players=players, options={"tricks": tricks}, returns="score")
    compared = sum(play_both(players, tricks, seed, ours) for seed in range(games))
    assert compared == games * players * (tricks + 1)  # every bid and every card played


def test_a_wrong_deal_is_caught():
    """The check can fail: the same cards dealt to ours starting at the dealer (one
    seat too early) give other hands, and the moves soon disagree."""
    with pytest.raises(Mismatch):
        for seed in range(5):
            play_both(3, 5, seed, left_of_dealer=0)
