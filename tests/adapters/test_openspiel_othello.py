"""examples/reversi.rules against OpenSpiel's native othello, decision by decision.

Both boards start alike (the native game's d4/e5 white, e4/d5 black are our D4/E5 and
E4/D5: columns a-h are A-H, rows 1-8 the same rows), black (P1) moves first. At every
decision the player to move and the set of legal moves (cells, or the one move "pass")
must be the same in both; the same random move is played in both; both games must end
together, with the same winner (native returns +1/-1, 0 for a draw).

``python benchmarks/openspiel_crosscheck.py`` runs thousands of games.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import rulelang
from support import ROOT

REVERSI = str(ROOT / "examples" / "reversi.rules")


class Mismatch(AssertionError):
    pass


def play_both(rules, seed: int, native=None) -> int:
    """One game played in both; raises Mismatch at the first difference. Returns the
    number of decisions compared."""
    rng = random.Random(seed)
    native = native or pyspiel.load_game("othello")
    state = native.new_initial_state()
    ours = rules.new_game(players=2, seed=seed, log=False)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if ours.is_over or ours.to_move != player:
            raise Mismatch(f"decision {decisions}: native P{player + 1} to move, "
                           f"ours {'no one' if ours.is_over else ours.to_move}")
        native_moves = {state.action_to_string(player, a).upper(): a for a in state.legal_actions()}
        our_moves = {str(m).upper(): m for m in ours.legal_moves()}
        if set(native_moves) != set(our_moves):
            raise Mismatch(f"decision {decisions}: native {sorted(native_moves)}, "
                           f"ours {sorted(our_moves)}")
        move = rng.choice(sorted(native_moves))
        state.apply_action(native_moves[move])
        ours.play(our_moves[move])
        decisions += 1
    if not ours.is_over:
        raise Mismatch(f"the native game is over after {decisions} decisions, ours is not")
    winners = ours.outcome["winners"]
    ours_returns = [0.0, 0.0] if not winners else [1.0 if s in winners else -1.0 for s in (0, 1)]
    if list(state.returns()) != ours_returns:
        raise Mismatch(f"returns: native {state.returns()}, ours {ours_returns}")
    return decisions


@pytest.fixture(scope="module")
def reversi():
    return rulelang.load(REVERSI)


@pytest.mark.slow
def test_reversi_agrees_with_openspiel_on_every_decision(reversi):
    native = pyspiel.load_game("othello")
    games = 150
    compared = sum(play_both(reversi, seed, native) for seed in range(games))
    assert compared >= games * 58  # about 60 discs placed a game, and every pass


def test_a_changed_flip_rule_is_caught(tmp_path):
    """The check can fail: a Reversi whose discs turn over only along rows and columns
    (not diagonals) soon has another board, and other moves, than the native game."""
    text = Path(REVERSI).read_text()
    changed = text.replace("flanked(board, s, discs(opponent(c)), discs(c))",
                           "flanked(board, s, discs(opponent(c)), discs(c), "
                           "[(0, -1), (1, 0), (0, 1), (-1, 0)])")
    assert changed != text
    path = tmp_path / "reversi.rules"
    path.write_text(changed)
    with pytest.raises(Mismatch):
        for seed in range(10):
            play_both(rulelang.load(str(path)), seed)
