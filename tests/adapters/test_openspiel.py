"""rulelang.adapters.openspiel: every ruleset as a pyspiel game, checked by OpenSpiel itself.

OpenSpiel's own random simulation test (legal actions sorted and masked, clone,
serialization round trips, chance probabilities, returns within the declared
utilities, game length) runs on every ruleset in games/ and examples/; then the
parts OpenSpiel cannot check: chance is the rules' chance with the right
probabilities, observations come from the seat's view only, MCTS plays a game.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from rulelang.adapters.openspiel import RolloutEvaluator, load_game
from rulelang.language.errors import RulesError
from support import ROOT, declared_players, openspiel_step, soak

RULESETS = sorted(ROOT.glob("games/*.rules")) + sorted(ROOT.glob("examples/*.rules"))
CHANCE = pyspiel.PlayerId.CHANCE
# Random games per ruleset at its fewest players, as CI's soak step plays them (one at its
# most, and one at each in the everyday run: tests/support/soak.py): the slow ones once (a
# game of Yokai Sketch through OpenSpiel's checks takes seconds: every step is cloned,
# compared, and now and then serialized and replayed).
SIMS = {"yokai_sketch": 1, "yami": 1, "yokai": 4}


def _cases():
    for path in RULESETS:  # read from the players line: loading each took seconds in every worker
        for players in sorted(set(declared_players(path))):
            yield pytest.param(path, players, id=f"{path.stem}-{players}")


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_absolute() else str(path)


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("path,players", list(_cases()))
def test_openspiel_random_simulation_test(path, players):
    game = load_game(path, players=players)
    counts = _counts(path)
    assert declared_players(path) == (min(counts), max(counts))  # the cases are all there
    sims = soak.games(1, SIMS.get(path.stem, 3)) if players == min(counts) else 1
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _counts(path):
    import rulelang
    return rulelang.load(path).player_counts


def test_game_loads_by_name_and_says_what_it_is():
    game = pyspiel.load_game(f"rulelang(rules={ROOT / 'examples/tictactoe.rules'},players=2)")
    kind = game.get_type()
    assert kind.short_name == "rulelang" and "Tic-tac-toe" in kind.long_name
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == \
        ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    assert state.legal_actions() == list(range(9))


def test_kinds_of_game():
    yokai = load_game(ROOT / "games/yokai.rules", players=2)  # cooperative, secrets, chance
    kind = yokai.get_type()
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = _random_to_end(yokai, seed=3)
    assert len(set(state.returns())) == 1
    pig = load_game(ROOT / "examples/pig.rules", players=3)  # public, but dice
    assert pig.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert pig.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def _random_to_end(game, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        openspiel_step(state, rng)
    return state


def test_a_shuffle_is_decided_card_by_card_and_alike_cards_are_one_outcome():
    """Yokai lays out 16 cards, four alike of each of four kinds: 'shuffle deck' offers
    four outcomes, a quarter each; after a Kappa, the Kappas are 3 in 15."""
    state = load_game(ROOT / "games/yokai.rules", players=2).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    names = {state.action_to_string(CHANCE, a): p for a, p in outcomes}
    assert names == pytest.approx({"shuffle deck: Kitsune": 0.25, "shuffle deck: Kappa": 0.25,
                                   "shuffle deck: Rokurokubi": 0.25, "shuffle deck: Oni": 0.25})
    kappa = next(a for a, _ in outcomes if state.action_to_string(CHANCE, a).endswith("Kappa"))
    state.apply_action(kappa)
    after = {state.action_to_string(CHANCE, a): p for a, p in state.chance_outcomes()}
    assert after["shuffle deck: Kappa"] == pytest.approx(3 / 15)
    assert after["shuffle deck: Oni"] == pytest.approx(4 / 15)
    # Once the cards left are all alike the shuffle is over: at most 12 decided steps.
    steps = 1
    while state.action_to_string(CHANCE, state.chance_outcomes()[0][0]).startswith("shuffle deck"):
        state.apply_action(state.chance_outcomes()[0][0])
        steps += 1
    assert steps <= 12


def test_a_random_pick_is_one_node_with_an_outcome_per_item():
    # (ask_first off: the first roll of a turn is not asked for, so the game starts with it)
    state = load_game(ROOT / "examples/pig.rules", players=2,
                      options={"ask_first": False}).new_initial_state()
    assert state.is_chance_node()  # the first roll of the first turn
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(CHANCE, a) for a, _ in outcomes] == \
        [f"die: {n}" for n in range(1, 7)]
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    state.apply_action(outcomes[0][0])  # a 1: the turn is over, the next player rolls
    assert state.is_chance_node()
    state.apply_action(outcomes[3][0])  # a 4: P2 decides whether to roll again
    assert state.current_player() == 1
    assert [state.action_to_string(1, a) for a in state.legal_actions()] == ["yes", "no"]


def test_serialized_in_the_middle_of_a_shuffle_it_comes_back_the_same():
    game = load_game(ROOT / "examples/oh_hell.rules", players=3, options={"tricks": 2})
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.chance_outcomes()[3][0])
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.chance_outcomes() == state.chance_outcomes()


def _deal_oh_hell(cards, dealer=2):
    """Three players, one trick each, the dealer P3: P1, P2, P3 get the first three
    cards off the top, the fourth is turned up."""
    game = load_game(ROOT / "examples/oh_hell.rules", players=3, options={"tricks": 1})
    state = game.new_initial_state()
    order = list(cards)
    while state.is_chance_node():
        names = {state.action_to_string(CHANCE, a): a for a, _ in state.chance_outcomes()}
        event = next(iter(names)).split(": ")[0]
        if event == "shuffle deck":
            wanted = order.pop(0) if order else next(iter(names)).split(": ")[1]
            state.apply_action(names[f"shuffle deck: {wanted}"])
        else:  # a pick's outcome is the item's index in the list: players, in seat order
            state.apply_action(dealer)
    return game, state


def test_observations_come_from_the_seats_view_only():
    """Two deals that differ only in P2's and P3's cards: P1 cannot tell them apart
    (same strings, same tensors, as information state and as observation); P2 can."""
    _, one = _deal_oh_hell(["AS", "KS", "QS", "2C"])
    _, two = _deal_oh_hell(["AS", "QS", "KS", "2C"])
    assert one.current_player() == two.current_player() == 0
    for state in (one, two):
        state.apply_action(state.legal_actions()[0])  # P1 bids; P2 to bid
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.observation_string(0) == two.observation_string(0)
    assert one.information_state_tensor(0) == two.information_state_tensor(0)
    assert one.observation_tensor(0) == two.observation_tensor(0)
    assert one.information_state_string(1) != two.information_state_string(1)
    assert one.observation_tensor(1) != two.observation_tensor(1)
    assert "KS" in one.observation_string(1) and "KS" not in one.observation_string(0)
    view = json.loads(one.observation_string(0))
    assert view["seat"] == 0 and "seed" not in view


def test_a_seat_s_information_state_asked_again_is_the_one_worked_out_anew():
    """The encoder keeps each seat's last information state (OpenSpiel asks for it again and
    again): at every step of a random game, asked for in turn, again, and after the other
    seats', every seat's tensor is the one a fresh encoder works out."""
    from rulelang.adapters.encoding import Encoder

    game = load_game(ROOT / "examples/pig.rules", players=3)
    encoder = game.encoder
    rng = np.random.RandomState(5)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal():
        views = [state.seat_view(seat) for seat in range(3)]
        if views[0] is not None:
            for seat in (0, 1, 2, 1, 1, 0, 2):
                fresh = Encoder.__new__(Encoder)
                fresh.__dict__.update(encoder.__dict__, _last_information={},
                                      _last_observation=None, _line_places={})
                kept = encoder.information(views[seat], seat)
                assert kept.tobytes() == fresh.information(views[seat], seat).tobytes()
                kept[:] = 7  # the caller's own copy: what is kept is not changed
                checked += 1
        openspiel_step(state, rng)
    assert checked > 50


def test_an_observation_tensor_is_the_encoding_of_the_whole_view():
    """A tensor observation asks for its seat's view without the log's lines (none of them is
    read there): at every step of a seeded game, every seat's tensor is the encoding of the
    whole view."""
    game = load_game(ROOT / "games/yokai_sketch.rules", players=2)
    rng = np.random.RandomState(3)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal() and checked < 120:
        if not state.is_chance_node():
            for seat in (0, 1):
                whole = game.encoder.observation(state.seat_view(seat), seat)
                assert np.array_equal(np.asarray(state.observation_tensor(seat)), whole)
                checked += 1
        openspiel_step(state, rng)
    assert checked >= 120 and state.seat_view(0)["log"]  # lines the tensors did not render


def test_a_host_view_is_refused_as_an_observation():
    game = load_game(ROOT / "examples/oh_hell.rules", players=3)
    every = pyspiel.IIGObservationType(perfect_recall=False,
                                       private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(Exception, match="one seat's own view"):
        game.make_observer(every, {})


def test_action_ids_are_the_same_every_time():
    first = load_game(ROOT / "examples/oh_hell.rules", players=4, options={"tricks": 3})
    again = load_game(ROOT / "examples/oh_hell.rules", players=4, options={"tricks": 3})
    notations = [first.new_initial_state().action_to_string(0, a)
                 for a in range(first.num_distinct_actions())]
    assert notations == [again.new_initial_state().action_to_string(0, a)
                         for a in range(again.num_distinct_actions())]
    assert notations[:4] == ["0", "1", "2", "3"] and notations[4:6] == ["2C", "3C"]


def test_bad_input_is_a_clear_error():
    with pytest.raises(RulesError, match="no such file"):
        load_game(ROOT / "examples/no_such_game.rules")
    with pytest.raises(RulesError, match="tricks=99 is not allowed"):
        load_game(ROOT / "examples/oh_hell.rules", players=3, options={"tricks": 99})
    with pytest.raises(RulesError, match="for 3 to 5 players"):
        load_game(ROOT / "examples/oh_hell.rules", players=2)
    with pytest.raises(RulesError, match="returns must be win or score"):
        load_game(ROOT / "examples/nim.rules", returns="money")


@pytest.mark.slow
def test_mcts_plays_yokai_sketch_against_a_random_bot():
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random
    game = load_game(ROOT / "games/yokai_sketch.rules", players=2)
    rng = np.random.RandomState(7)
    searcher = mcts.MCTSBot(game, uct_c=2, max_simulations=4,
                            evaluator=RolloutEvaluator(1, rng), random_state=rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(),
                                          [searcher, uniform_random.UniformRandomBot(1, rng)], rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_adapters_doc_samples_run(tmp_path, monkeypatch, capsys):
    """docs/adapters.md stays true: each Python sample runs from the repository root,
    and a sample followed by a text block prints that text."""
    import re
    monkeypatch.chdir(ROOT)
    doc = (ROOT / "docs" / "adapters.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```(?:\n\n```text\n(.*?)```)?", doc, re.S)
    assert len(blocks) >= 4
    for code, shown in blocks:
        exec(compile(code, "docs/adapters.md", "exec"), {})
        printed = capsys.readouterr().out
        if shown:
            assert printed == shown


def test_the_example_script_plays_a_game():
    import importlib.util
    spec = importlib.util.spec_from_file_location("learn", ROOT / "examples/learn_yokai_sketch.py")
    learn = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(learn)
    from open_spiel.python.bots import uniform_random
    game = load_game(learn.RULES, players=2)
    rng = np.random.RandomState(1)
    returns = learn.play(game, [uniform_random.UniformRandomBot(p, rng) for p in (0, 1)], rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_interpreters_chance_source_decides_every_draw():
    """new_game(chance=f): f is asked for each draw nothing fixed, and its answer is the
    outcome (a shuffle's cards in their new order, top last; a pick's item)."""
    import rulelang
    asked = []

    def chance(game, event, items):
        asked.append((event, len(items)))
        if event == "shuffle deck":
            return sorted(items, key=lambda card: card.label == "AS")  # the ace of spades on top
        return items[0]  # the dealer: P1
    rules = rulelang.load(ROOT / "examples/oh_hell.rules")
    game = rules.new_game(players=3, options={"tricks": 1}, chance=chance)
    assert asked == [("shuffle deck", 52), ("dealer", 3)]
    assert "P2 holds AS" in game.transcript(seat=1)  # left of the dealer: the top card
