"""rulelang.adapters.pettingzoo: every ruleset as a PettingZoo AEC environment and as a
Gymnasium environment against bots, checked by PettingZoo's and Gymnasium's own tests."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from rulelang.adapters.pettingzoo import env, single_agent_env
from support import ROOT, declared_players, load, soak

RULESETS = sorted(ROOT.glob("games/*.rules")) + sorted(ROOT.glob("examples/*.rules"))
# Steps of api_test's random game (the slow ones fewer), a third of them in the everyday run
# (tests/support/soak.py).
CYCLES = {"yami": 60, "yokai": 120}
MOST_CYCLES = 300


def _cases():
    for path in RULESETS:  # read from the players line: loading each took seconds in every worker
        for players in sorted(set(declared_players(path))):
            yield pytest.param(path, players, id=f"{path.stem}-{players}")


@pytest.fixture(autouse=True)
def quiet():
    """The checkers' advice that does not apply: observations are a dict with an action
    mask (as PettingZoo's own card games), agents are named P1, P2 as in rulelang."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.soak
@pytest.mark.parametrize("path,players", list(_cases()))
def test_pettingzoo_api_test(path, players):
    counts = load(str(path.relative_to(ROOT))).player_counts
    assert declared_players(path) == (min(counts), max(counts))  # the cases are all there
    cycles = CYCLES.get(path.stem, MOST_CYCLES)
    api_test(seeded(env(path, players=players)), num_cycles=soak.games(cycles // 3, cycles))


def seeded(e, seed: int = 0):
    """PettingZoo's tests sample actions (and observations) from the spaces' own generators,
    unseeded: seeded here, so a test plays the same games every run."""
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed + i)
        e.observation_space(agent).seed(seed + i)
    return e


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_pettingzoo_seed_test(path):
    """Two environments reset with the same seed play the same game, step by step."""
    seed_test(lambda **kw: env(path, **kw), num_cycles=CYCLES.get(path.stem, 300) // 3)


@pytest.mark.parametrize("path", [ROOT / "examples/oh_hell.rules", ROOT / "games/yami.rules"],
                         ids=["oh_hell", "yami"])
def test_pettingzoo_render_test(path, capsys):
    render_test(lambda render_mode=None: seeded(env(path, render_mode=render_mode)))
    assert "you are P" in capsys.readouterr().out


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_gymnasium_check_env(path):
    check_env(single_agent_env(path, render_mode="ansi"), skip_render_check=False)


def _play_to_end(e, seed):
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    for _agent in e.agent_iter():
        observation, _reward, termination, truncation, _info = e.last()
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return e


def test_rewards_come_from_the_outcome():
    ttt = _play_to_end(env(ROOT / "examples/tictactoe.rules"), seed=1)
    rewards = list(ttt._cumulative_rewards.values())
    assert sum(rewards) == 0 and set(rewards) <= {-1.0, 0.0, 1.0}
    coop = env(ROOT / "games/yokai.rules", players=3)
    coop.reset(seed=5)
    seen = []
    for _agent in coop.agent_iter():
        observation, reward, termination, _truncation, _info = coop.last()
        seen.append(reward)
        if termination:
            coop.step(None)
            continue
        coop.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert seen[-1] in (-1.0, 1.0) and seen[-3:] == [seen[-1]] * 3  # the same for all


def test_the_action_mask_is_the_legal_moves_of_the_agent_to_act():
    e = env(ROOT / "examples/oh_hell.rules", players=3)
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    moves = [str(m) for m in e.game.legal_moves()]
    assert [e.table.actions.notations[i] for i in np.flatnonzero(mask)] == \
        sorted(moves, key=e.table.actions.id_of)
    others = [a for a in e.agents if a != agent]
    assert all(not e.observe(a)["action_mask"].any() for a in others)


def test_observations_are_read_from_that_seats_view_only():
    e = env(ROOT / "examples/oh_hell.rules", players=3)
    e.reset(seed=4)
    asked = []
    real = e.game.view
    e.game.view = lambda seat=None, log=True: asked.append((seat, log)) or real(seat, log)
    for agent in e.agents:
        e.observe(agent)
    assert asked == [(0, False), (1, False), (2, False)]  # no log line rendered: none is read


def test_an_observation_without_the_log_is_the_observation_of_the_whole_view():
    e = env(ROOT / "games/yokai_sketch.rules")
    e.reset(seed=7)
    rng = np.random.default_rng(7)
    for step, agent in enumerate(e.agent_iter()):
        observation, _, termination, truncation, _ = e.last()
        seat = e.seat_of[agent]
        whole = e.encoder.observation(e.game.view(seat), seat)
        assert (observation["observation"] == whole).all(), step
        if termination or truncation or step > 60:
            break
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert e.game.log  # the game has written lines the observations did not render


def test_same_seed_same_game():
    one = _play_to_end(env(ROOT / "games/yokai_sketch.rules"), seed=11)
    two = _play_to_end(env(ROOT / "games/yokai_sketch.rules"), seed=11)
    assert one.game.transcript() == two.game.transcript()


def test_render_is_the_screen_of_the_seat_to_act():
    e = env(ROOT / "examples/oh_hell.rules", players=3, render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    seat = e.agent_selection
    assert f"you are {seat}" in text
    hands = [line for line in text.splitlines() if line.startswith("P")]
    assert sum("face down" in line for line in hands) == 2  # the others' hands, not theirs


def test_single_agent_against_bots():
    g = single_agent_env(ROOT / "examples/tictactoe.rules", seat=1, opponents="first")
    _observation, info = g.reset(seed=0)
    assert g.aec.game.to_move == 1  # the bot (P1) has moved already
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _observation, reward, done, _truncated, info = g.step(action)
    assert reward in (-1.0, 0.0, 1.0) and "outcome" in info
    _observation, info = g.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _observation, reward, done, _truncated, info = g.step(illegal)
    assert done and reward == -1.0 and info["illegal_move"]
    with pytest.raises(RuntimeError, match="call reset"):
        g.step(0)


def test_single_agent_refuses_unknown_bots_and_seats():
    with pytest.raises(ValueError, match="opponents must be one of"):
        single_agent_env(ROOT / "examples/nim.rules", opponents="genius")
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        single_agent_env(ROOT / "examples/nim.rules", seat=2)
