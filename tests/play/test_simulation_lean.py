"""Random bots' games in a simulation are played on the lean path
(rulelang/play/simulation/random_games.py): every game's record (result, scores, first
player, turns, decisions, forced and passed decisions by kind, reasons, reports) is the one
the full path, bot by bot, gives."""
from __future__ import annotations

import pytest

from rulelang.play.simulation import Simulation
from rulelang.play.simulation.playing import Table
from support import ROOT, load

RULESETS = [("games/yokai_sketch.rules", 2), ("games/yami.rules", 3), ("games/yokai.rules", 2),
            ("examples/oh_hell.rules", 4), ("examples/goofspiel.rules", 3),
            ("examples/hanabi.rules", 2), ("examples/pig.rules", 3),
            ("tests/rules/fair_coin.rules", 2), ("tests/rules/coop_coin.rules", 2),
            ("tests/rules/list_reports.rules", 2)]


@pytest.mark.parametrize("path,players", RULESETS)
def test_random_bots_play_the_same_games_on_the_lean_path(path, players):
    rules = load(ROOT / path)
    players = max(min(players, rules.program.max_players), rules.program.min_players)
    simulation = Simulation(rules.program, players, {}, ("random",) * players, 0, 6)
    lean = Table(simulation)
    assert lean.lean is not None
    full = Table(simulation)
    full.lean = None  # as a simulation with a bot of another kind plays: bot by bot
    games = 3 if "yokai.rules" in path or "yami" in path else 6
    for index in range(games):
        assert lean.play(index) == full.play(index), (path, index)


def test_a_bot_of_another_kind_keeps_the_full_path():
    rules = load(ROOT / "games/yokai_sketch.rules")
    assert Table(Simulation(rules.program, 2, {}, ("random", "first"), 0, 1)).lean is None
