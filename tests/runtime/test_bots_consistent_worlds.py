"""A bot's worlds agree with what its seat saw happen (runtime/consistency.py): the public
history replayed in a sample, a sample that contradicts it is drawn again (a few tries), and
nothing of the real hidden state is read doing it.

The game: each seat hides a spot (1 to 5) privately in setup, then the seats guess the
other's spot in turn, a guess's result disclosed. P1 missed at 1, 2 and 3: in every world P1
searches, P2's spot is 4 or 5 (a sample without the replay draws it anywhere)."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter.bots.mcts import MctsBot
from interpreter.runtime.knowledge import seat_knowledge

SPOT = '''game "Hidden spot"
players 2

var spot[player]: int = 0, owner
var tried[player]: list of int = []

setup {
  choose s in 1..5 by each p in players privately prompt "hide at"
  for p, x in s { spot[p] = x }
}

turn {
  let other = next(current)
  choose g in 1..5 prompt "guess"
  if disclose(g == spot[other]) { win current "found it" }
  tried[other] += [g]
}
score p = 0
'''


@pytest.fixture(scope="module")
def spot_rules(tmp_path_factory):
    path = tmp_path_factory.mktemp("spot") / "spot.rules"
    path.write_text(SPOT)
    return rulelang.load(path)


def missed_thrice(rules, hidden: str):
    """P2 hid at ``hidden``; P1 and P2 both guessed 1, 2 and 3, all misses; P1 to move."""
    game = rules.new_game(players=2, seed=1)
    seat_knowledge(game, 0)  # (a bots' game: it keeps the latest decisions from now on)
    game.play("5", seat=0)
    game.play(hidden, seat=1)
    for guess in ("1", "2", "3"):
        game.play(guess)
        game.play(guess)
    assert game.to_move == 0 and not game.is_over
    return game


def spots(game, consistent: bool, seed: int = 5) -> list[int]:
    knowledge = seat_knowledge(game)
    knowledge.consistent = consistent
    worlds = knowledge.worlds(random.Random(seed), 16)
    return [world.vars["spot"][world.players[1]] for world in worlds]


def test_worlds_agree_with_the_guesses_the_game_disclosed(spot_rules):
    game = missed_thrice(spot_rules, "4")
    assert set(spots(game, consistent=True)) <= {4, 5}
    assert set(spots(game, consistent=False)) & {1, 2, 3}  # (before: drawn anywhere)


def test_the_replay_reads_nothing_of_the_real_hidden_spot(spot_rules):
    """P2 hid at 4 in one game and 5 in the other, the public history the same: P1's worlds
    and its bot's moves are the same in both (the replay puts the world's spot in)."""
    at4, at5 = missed_thrice(spot_rules, "4"), missed_thrice(spot_rules, "5")
    for seed in range(6):
        assert spots(at4, True, seed) == spots(at5, True, seed)
        moves = [MctsBot(seed, playouts=16).choose(seat_knowledge(g)).notation
                 for g in (at4, at5)]
        assert moves[0] == moves[1]


def test_a_bot_that_searches_consistent_worlds_finds_the_spot_it_narrowed_down(spot_rules):
    """Its worlds hold P2's spot at 4 or 5 (2 in 5 samples fit: 8 worlds of 32 tries), so
    its search guesses one of them, every seed; a search in worlds drawn as before guessed
    1, 2 or 3 (a guess already missed) for some seed."""
    game = missed_thrice(spot_rules, "5")
    before = []
    for seed in range(6):
        bot = MctsBot(seed, playouts=16)
        assert bot.choose(seat_knowledge(game)).notation in ("4", "5")
        assert bot.unfitted < 8  # (a world short now and then: counted)
        blind = MctsBot(seed, playouts=16, consistent=False)
        before.append(blind.choose(seat_knowledge(game)).notation)
    assert set(before) - {"4", "5"}, before


def yokai_sketch_after_20_decisions():
    from support import load
    game = load("games/yokai_sketch.rules").new_game(players=2, seed=3)
    bots = [MctsBot(seat, playouts=4) for seat in range(2)]
    for _ in range(20):
        seat = game.to_move
        game.play(bots[seat].choose(seat_knowledge(game)).notation, seat=seat)
    return game


def test_rules_that_show_nothing_by_word_replay_nothing(monkeypatch):
    """Yokai Sketch has no disclose, reveal or tell, and no decision kept showed a seat a card
    it no longer knows (a shuffle that loses sight of cards empties the trail): no replay
    could be compared, so none is played (15,576 in a few games, none telling anything,
    halved its playouts a CPU second) and the worlds are those drawn without the replay."""
    from interpreter.runtime import consistency
    game = yokai_sketch_after_20_decisions()
    assert game.trail  # (decisions kept, which a replay would play)
    replays: list[int] = []
    monkeypatch.setattr(consistency.History, "fits", lambda self, world: replays.append(1))
    faces = []
    for consistent in (True, False):
        knowledge = seat_knowledge(game)
        knowledge.consistent = consistent
        worlds = knowledge.worlds(random.Random(1), 8)
        faces.append([[c.label for c in w.cards] for w in worlds])
    assert not replays and faces[0] == faces[1]


def test_a_decision_that_disclosed_nothing_is_not_viewed_again(monkeypatch):
    """Where moves disclose nothing (a card a seat saw stays known to it), the worlds replay
    the latest decisions without working out a view (each cost 3 ms: a mcts:16 decision's
    worlds took 30 ms, its search about 20), and after the first worlds, without replaying
    them (``SETTLED``): Yokai Sketch's, its replays forced (it shows nothing by word)."""
    from interpreter.runtime import consistency
    game = yokai_sketch_after_20_decisions()
    monkeypatch.setattr(consistency, "may_tell", lambda program: True)  # replayed
    viewed: list[int] = []
    monkeypatch.setattr(type(game), "view", lambda g, *a, **k: viewed.append(1))
    played: list[int] = []
    real_fits = consistency.History.fits

    def fits(self, world):
        played.append(sum(1 for n in self.agreed if n < consistency.SETTLED))
        return real_fits(self, world)
    monkeypatch.setattr(consistency.History, "fits", fits)
    knowledge = seat_knowledge(game)
    knowledge.worlds(random.Random(1), 8)
    assert not viewed and knowledge.unfitted == 0
    assert played[0] > 0 and played[-1] == 0  # the first worlds replay them, the last none


CALLS = '''game "Private calls"
players 3

var spot[player]: int = 0, owner

setup {
  choose s in 1..5 by each p in players privately prompt "hide at"
  for p, x in s { spot[p] = x }
}

turn {
  let other = next(current)
  choose g in 1..5 privately prompt "call the next spot"
  if disclose(g == spot[other]) { win current "found it" }
}
score p = 0
'''


def test_another_seats_private_choice_is_not_replayed_with_its_real_answer(tmp_path):
    """P1 calls P2's spot privately and misses: P3 sees a miss, not the number called. P3's
    worlds are the same whether P1 called 3 or 5 (a replay of P1's real answer kept only
    worlds in which P2's spot is not the number P1 called)."""
    path = tmp_path / "calls.rules"
    path.write_text(CALLS)
    rules = rulelang.load(path)

    def after_p1_called(call: str):
        game = rules.new_game(players=3, seed=1)
        seat_knowledge(game, 0)  # (a bots' game: it keeps the latest decisions from now on)
        for seat, spot in enumerate(("1", "4", "2")):
            game.play(spot, seat=seat)
        game.play(call, seat=0)  # P1 calls P2's spot (4) privately: a miss
        game.play("1", seat=1)  # P2 calls P3's (2): a miss
        assert game.to_move == 2 and not game.is_over
        return game

    at3, at5 = after_p1_called("3"), after_p1_called("5")
    assert at3.view(2) == at5.view(2)  # (what P3 may know: the same)
    for seed in range(4):
        spots = []
        for game in (at3, at5):
            worlds = seat_knowledge(game).worlds(random.Random(seed), 16)
            spots.append([world.vars["spot"][world.players[1]] for world in worlds])
        assert spots[0] == spots[1]


def test_a_disclose_only_in_a_score_or_report_still_makes_worlds_replay():
    """A replay that ends a game shows its scores: rules whose only `disclose` is in a `score`
    or a `report` can tell a seat something by word too (the gate read blocks, rules,
    triggers, functions and end conditions only)."""
    from interpreter.runtime.consistency import may_tell
    plain = SPOT.replace("if disclose(g == spot[other])", "if g == spot[other]")
    assert not may_tell(rulelang.loads(plain, "plain.rules").program)
    for tail in ("score p = disclose(spot[p])\n", 'report "spots" p = disclose(spot[p])\n'):
        rules = rulelang.loads(plain.replace("score p = 0\n", tail), "scored.rules")
        assert may_tell(rules.program), tail


TEAM = '''game "Team spot"
players 2
cooperative

var spot[player]: int = 0, owner

setup {
  choose s in 1..5 by each p in players privately prompt "hide at"
  for p, x in s { spot[p] = x }
}

turn {
  let other = next(current)
  choose g in 1..5 prefer g prompt "guess"
  if disclose(g == spot[other]) { win team "found it" }
}
score = 0
'''


def test_unfitted_counts_the_worlds_given_not_the_partner_models_candidates():
    """In a cooperative game the partner model draws twice as many worlds as it gives (each
    weighed by a partner's move): ``unfitted`` counts those it gives that contradict the
    history (P1 missed at 1 to 4: a world with P2's spot elsewhere than 5), not the misfits
    among its candidates, nor those of an earlier call (a SeatKnowledge used again)."""
    from interpreter.bots.mcts import Policy
    game = rulelang.loads(TEAM, "team.rules").new_game(players=2, seed=1)
    seat_knowledge(game, 0)  # (a bots' game: it keeps the latest decisions from now on)
    game.play("5", seat=0)
    game.play("5", seat=1)
    for guess in ("1", "2", "3", "4"):
        game.play(guess)
        game.play(guess)
    counted = []
    for seed in range(4):
        knowledge = seat_knowledge(game)
        assert knowledge._partners_recent()  # (the partner model weighs the worlds)
        for again in range(2):
            worlds = knowledge.worlds(random.Random(seed + again), 8, Policy(random.Random(seed)))
            wrong = sum(1 for w in worlds if w.vars["spot"][w.players[1]] != 5)
            assert knowledge.unfitted == wrong, (seed, again)
            counted.append(wrong)
    assert any(counted)  # (some worlds given contradict it: the count is tried)
