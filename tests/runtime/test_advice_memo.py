"""What only bots read (a ``prefer`` clause's advice, the heuristic) calls the rules' functions
as their advice copies, which keep a call's result for the same arguments while the game
does not change (compiler ``ModuleBuilder.memoizable``, ``SHORTCUTS.advice_memo``). Against
the same rules compiled without: seeded random games of every ruleset that gives advice or
a heuristic, played side by side, must give the same advice (all of it, and for a few moves
only, as the policy asks), the same heuristic for every seat, and count the same work
(``Game.work``: a bot's playouts stop on it, so a search goes exactly as far)."""
from __future__ import annotations

import random

import pytest

from interpreter.bots import MctsBot
from interpreter.bots.scoring import heuristic
from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.runtime.knowledge import seat_knowledge
from support import differential

PATHS = ("games/yami.rules", "games/yokai.rules", "games/yokai_sketch.rules",
         "examples/hanabi.rules", "examples/liars_dice.rules")
ADVISED = ("games/yami.rules", "games/yokai.rules", "examples/hanabi.rules")  # the others:
# a heuristic only
MAX_MOVES = 60


def both(path):
    """The ruleset compiled with the advice copies kept, and without them."""
    kept = differential.compiled(path)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "advice_memo", False)
        general = differential.compiled(path)
        general.lean()  # compiled now, without them
    return kept, general


def read(game, rng_seed):
    """All a bot may read of the decision at hand, and the work it counted."""
    out = []
    game.work = 0
    out.append(("advice", game.advice(), game.work))
    n = len(game.pending.values)
    only = random.Random(rng_seed).sample(range(n), min(n, 3))
    out.append(("some", game.advice(only=only), game.work))
    for seat in range(len(game.players)):
        out.append(("heuristic", heuristic(game, seat), game.work))
    return out


@pytest.mark.parametrize("path", PATHS)
def test_advice_and_heuristic_are_the_same_with_calls_kept(path):
    # the configurations made here, not at collection: every worker collects
    configs = [c for c in differential.configurations() if c.path == path]
    assert configs
    kept, general = both(path)
    assert "afn_" in kept.lean().source() and "afn_" not in general.lean().source()
    for config in configs:
        compare_one_game(config, kept, general)


def compare_one_game(config, kept, general):
    games = [rules.lean().new_game(players=config.players, seed=config.seed,
                                   options=dict(config.options)) for rules in (kept, general)]
    rng = random.Random(config.seed)
    advised = valued = 0
    for step in range(MAX_MOVES):
        if games[0].is_over:
            break
        seen = [read(game, step) for game in games]
        assert seen[0] == seen[1], (config, step)
        advised += seen[0][0][1] is not None
        valued += any(value for kind, value, _ in seen[0] if kind == "heuristic")
        n = len(games[0].pending.values)
        assert len(games[1].pending.values) == n
        move = rng.randrange(n)
        for game in games:
            game.work = 0
            game.play(move)
    assert games[1].is_over == games[0].is_over
    if config.path != "examples/liars_dice.rules":  # (0 until a player is out)
        assert valued, f"{config}: the heuristic was 0 all along"
    if config.path in ADVISED:
        assert advised, f"{config}: no decision gave advice"


# the advice copies' own shortcuts (compiler/advice_calls.py, inline.goes_through): each
# switched off gives the same advice and counts the same work, in the rulesets where it
# changes the code
ADVICE_SHORTCUTS = {"advice_through": "(afn_9(g, M, s0) is None)", "advice_once": "def ofn_",
                    "advice_sets": "kept_in(g, M, ", "advice_hoist": "M[('fn_9', s0,)][1]"}


@pytest.mark.parametrize("shortcut", ADVICE_SHORTCUTS)
@pytest.mark.parametrize("path", ("games/yami.rules", "games/yokai.rules"))
def test_advice_is_the_same_with_each_advice_shortcut_switched_off(shortcut, path):
    kept = differential.rules_of(path)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, shortcut, False)
        general = differential.compiled(path)
        general.lean()  # compiled now, without it
    if path == "games/yami.rules":  # (where each of them is taken)
        assert ADVICE_SHORTCUTS[shortcut] in kept.lean().source()
        assert ADVICE_SHORTCUTS[shortcut] not in general.lean().source()
    configs = [c for c in differential.configurations() if c.path == path]
    for config in configs[:3]:
        compare_one_game(config, kept, general)


def test_kept_in_answers_and_counts_as_in_kept():
    """``kept_in`` (what the advice copies ask ``x in p`` of, for a parameter ``p``) gives
    in_kept's answers and work, for lists seen once, twice and more, and for what is no
    list (a tuple, none); the memo entries it leaves serve in_kept too."""
    from interpreter.runtime.advice_memo import in_kept, kept_in
    game = differential.rules_of("games/yokai.rules").new_game(players=2, seed=0, log=False)
    lists = [[1, 2, 3], ["a", "b"], [(1, 2), (3, 4)], [[1], [2]], [], None, (1, 2)]
    memo: dict = {}
    for _ in range(3):  # the lists seen once (as they are), then again (as sets)
        for coll in lists:
            for together in ([coll], [coll, lists[0]], [lists[1], coll]):
                found = kept_in(game, memo, *together)
                assert len(found) == 2 * len(together)
                for (asked, size), coll_now in zip(zip(found[::2], found[1::2]), together):
                    for x in (1, 2, 5, True, "a", (3, 4), None):
                        game.work = 0
                        expected = in_kept(game, {}, x, coll_now)
                        work = game.work
                        game.work = 0
                        try:
                            answer = x in asked
                        except TypeError:  # (an item no set holds: the compiler asks
                            continue  # kept_in only of items of types a set holds)
                        assert answer == expected, (x, coll_now)
                        assert size + game.work == work, (x, coll_now)  # (a tuple: in_any's)
    assert any(type(entry[0]) is frozenset for key, entry in memo.items() if type(key) is int)
    game.work = 0
    assert in_kept(game, memo, 2, lists[0]) and game.work == 3  # its entry: in_kept's own


def test_a_search_goes_as_far_and_chooses_the_same_with_calls_kept():
    """The tree search bot on Yōkai (advice at every decision, playouts stopped by their
    work): the same move, playouts and work either way."""
    chosen = []
    for rules in both("games/yokai.rules"):
        game = rules.new_game(players=3, seed=2, options={"levels": [1]}, log=False)
        rng = random.Random(2)
        for _ in range(5):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        bot = MctsBot(2, playouts=12, work=400_000)
        move = bot.choose(seat_knowledge(game))
        chosen.append((str(move), bot.played, bot.worked))
    assert chosen[0] == chosen[1]
    assert chosen[0][2] >= 400_000  # the work stopped it: it counted the same either way


def test_a_list_asked_again_as_a_set_answers_and_counts_as_in_list():
    from interpreter.runtime.advice_memo import in_kept
    from interpreter.runtime.helpers import in_list
    game = differential.rules_of("games/yokai.rules").new_game(players=2, seed=0, log=False)
    lists = [[1, 2, 3], ["a", "b"], [(1, 2), (3, 4)], [[1], [2]], [], None, (1, 2)]
    memo: dict = {}
    for _ in range(3):  # asked once (the list), then again (made a set), then as a set
        for coll in lists:
            for x in (1, 2, 5, True, "a", (3, 4), [1], None):
                game.work = 0
                try:
                    expected = in_list(game, x, coll)
                except TypeError:
                    continue
                work = game.work
                game.work = 0
                assert in_kept(game, memo, x, coll) == expected, (x, coll)
                assert game.work == work
    assert any(entry[0] is not None for entry in memo.values())  # some were made sets
