"""The lean game's fast paths, written out, against the general code they stand for:
``LeanGame.offer_cards``, ``offer_distinct`` and ``offer_texts`` against ``offer_any``
(each option named as the full path names it, alike ones merged, the first kept, then
``_offer`` and ``_pend``). Seeded random games
of rulesets that offer every kind these do (cards the chooser knows, alike or not, and cards
it does not; numbers, members, yes/no, texts; a pass move; choices at once), each played
both ways, must offer the same
seats the same moves under the same keys, draw the same chance and end in the same state,
outcome or error."""
from __future__ import annotations

import json
import random

import pytest

import rulelang
from interpreter.runtime.lean_game import LeanGame
from rulelang import RulesError
from support import differential
from support import lean_differential as both

PATHS = ("games/yokai_sketch.rules", "examples/kuhn_poker.rules", "examples/oh_hell.rules",
         "examples/hanabi.rules", "examples/no_thanks.rules", "examples/goofspiel.rules",
         "examples/love_letter.rules", "examples/liars_dice.rules")
SEEDS = range(2000, 2002)
MAX_MOVES = 200


def general_offer(self, frame, site, seat, passing, prompt, options):
    LeanGame.offer_any(self, frame, site, seat, passing, prompt, options)


def played(config, seed):
    rng, seen, error, game = random.Random(seed), [], None, None
    try:
        game = both.lean_rules(config.path).new_game(players=config.players, seed=seed,
                                                     options=dict(config.options))
        while not game.is_over and len(seen) < MAX_MOVES:
            pending = game.pending
            keys = tuple(pending.move_keys()) if game.group is None else None
            i = rng.randrange(game.move_count)
            seen.append((int(pending.seat), keys, pending.passing, i))
            game.play(i)
    except RulesError as failure:
        error = f"{type(failure).__name__}: {failure}"
    if game is None:
        return seen, error, None, None
    state = json.loads(game.save())
    for part in both.NOT_COMPARED:
        state.pop(part, None)
    return seen, error, state, game.outcome


def configs():
    """Made when the test runs, not at collection: every worker collects every file."""
    return [c for c in differential.configurations() if c.path.endswith(PATHS)]


def test_the_written_out_offers_go_as_the_general_code():
    chosen = configs()
    fast = {(c, s): played(c, s) for c in chosen for s in SEEDS}
    with pytest.MonkeyPatch.context() as patch:
        for name in ("offer_cards", "offer_distinct", "offer_texts"):
            patch.setattr(LeanGame, name, general_offer)
        general = {(c, s): played(c, s) for c in chosen for s in SEEDS}
    differ = [f"{c.path} {c.players}p {dict(c.options)} seed {s}"
              for (c, s), seen in fast.items() if seen != general[c, s]]
    assert differ == []
    decisions = sum(len(seen[0]) for seen in fast.values())
    assert decisions > 1000  # the games really were played


TEXTS = """
game "Texts"
players 2
var word: text = none
play {
  choose w in [word, "none", "yes"] prompt "a word"
  choose v in ["a", "b", "a"] prompt "another"
  end
}
"""


def test_texts_are_merged_as_the_full_path_names_them_none_among_them():
    """A text is its own notation, so texts are offered as distinct values; but none is
    named "none" too, so a list holding none is merged by notation (offer_any)."""
    rules = rulelang.loads(TEXTS, "texts.rules")
    full, lean = rules.new_game(players=2, seed=1, log=False), rules.lean().new_game(players=2, seed=1)
    assert "offer_texts" in rules.lean().source()
    for _ in range(2):
        names = list(map(str, full.legal_moves()))
        assert [lean.notation(i) for i in lean.legal_moves()] == names
        assert list(lean.pending.move_keys()) == names
        full.play(full.legal_moves()[0])
        lean.play(0)
    assert names == ["a", "b"] and lean.is_over and full.is_over
