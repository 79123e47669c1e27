"""Search Yokai Sketch with OpenSpiel's MCTS, and count its wins against a random player.

    pip install -e '.[openspiel]'
    python examples/learn_yokai_sketch.py [--seconds 40] [--simulations 12] [--seed 0]

The rules come from games/yokai_sketch.rules through rulelang's OpenSpiel adapter;
the search is OpenSpiel's own ``MCTSBot``, its leaves valued by random games played
on inside rulelang's interpreter (``rulelang.adapters.openspiel.RolloutEvaluator``). The two
players swap seats every game. Games are played until the time is up, then the win
rate is printed. (MCTS searches the true state of the game: it knows the hidden
cards. It shows the adapter at work, not a fair player.)
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

from rulelang.adapters.openspiel import RolloutEvaluator, load_game

RULES = Path(__file__).resolve().parent.parent / "games" / "yokai_sketch.rules"


def play(game, bots, rng) -> list[float]:
    """One game: chance sampled, each player's bot asked (unless one move is legal)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        legal = state.legal_actions()
        player = state.current_player()
        state.apply_action(legal[0] if len(legal) == 1 else bots[player].step(state))
    return state.returns()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40,
                        help="start no game after this (one game takes a few seconds)")
    parser.add_argument("--simulations", type=int, default=12, help="MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = load_game(RULES, players=2)
    rng = np.random.RandomState(args.seed)
    searcher = mcts.MCTSBot(game, uct_c=2, max_simulations=args.simulations,
                            evaluator=RolloutEvaluator(1, rng), random_state=rng)
    started = time.perf_counter()
    wins = draws = games = 0
    while time.perf_counter() - started < args.seconds:
        seat = games % 2  # MCTS plays P1, then P2, and so on
        bots = [None, None]
        bots[seat] = searcher
        bots[1 - seat] = uniform_random.UniformRandomBot(1 - seat, rng)
        returns = play(game, bots, rng)
        games += 1
        wins += returns[seat] > 0
        draws += returns[seat] == 0
        result = "won" if returns[seat] > 0 else "drew" if returns[seat] == 0 else "lost"
        print(f"game {games}: MCTS as P{seat + 1} {result}"
              f"  ({time.perf_counter() - started:.0f} s)", flush=True)
    print(f"MCTS ({args.simulations} simulations a move) won {wins} of {games} games against "
          f"random: a win rate of {wins / max(games, 1):.0%}" + (f" ({draws} drawn)" if draws else ""))


if __name__ == "__main__":
    main()
