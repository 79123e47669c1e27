"""``draws.Unseeded``: a generator seeded only when first used gives exactly what
``random.Random(seed)`` gives, whatever is asked of it first."""
from __future__ import annotations

import json
import random

import pytest

from interpreter.runtime import draws

SEEDS = [0, 1, 7919, 2**62 + 5, 2**63 - 1]

FIRST_USES = {
    "random": lambda r: [r.random() for _ in range(5)],
    "getrandbits": lambda r: [r.getrandbits(k) for k in (1, 7, 63, 200)],
    "randrange": lambda r: [r.randrange(n) for n in (1, 2, 10, 1000)],
    "shuffle": lambda r: (lambda xs: (r.shuffle(xs), xs)[1])(list(range(40))),
    "draws.shuffle": lambda r: (lambda xs: (draws.shuffle(r, xs), xs)[1])(list(range(40))),
    "draws.below": lambda r: [draws.below(r, n) for n in (3, 17, 52)],
    "gauss": lambda r: [r.gauss(0, 1) for _ in range(3)],
    "randbytes": lambda r: r.randbytes(9),
    "getstate": lambda r: r.getstate(),
    "copied": lambda r: draws.copied(r).getstate(),
    "bound before waking": lambda r: (lambda bits: [bits(5) for _ in range(40)])(r.getrandbits),
}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("use", FIRST_USES)
def test_an_unseeded_generator_draws_as_one_seeded_at_once(seed, use):
    lazy, plain = draws.Unseeded(seed), random.Random(seed)
    assert FIRST_USES[use](lazy) == FIRST_USES[use](plain)
    assert type(lazy) is random.Random
    assert lazy.getstate() == plain.getstate()
    assert [lazy.random() for _ in range(3)] == [plain.random() for _ in range(3)]


@pytest.mark.parametrize("seed", SEEDS)
def test_an_unseeded_generator_seeded_anew_or_set_forgets_its_seed(seed):
    lazy = draws.Unseeded(seed)
    lazy.seed(12345)
    assert lazy.getstate() == random.Random(12345).getstate()
    lazy = draws.Unseeded(seed)
    lazy.setstate(random.Random(99).getstate())
    assert lazy.getstate() == random.Random(99).getstate()


def test_a_shared_unseeded_generator_is_copied_before_a_draw():
    lazy = draws.share(draws.Unseeded(5))  # held by two games
    own = draws.own(lazy)
    assert own is not lazy
    assert own.random() == random.Random(5).random()
    assert draws.own(lazy) is lazy  # the other holds it alone now
    assert lazy.random() == random.Random(5).random()



@pytest.mark.parametrize("seed", [3, 2**40 + 1])
def test_a_game_copied_with_a_fresh_seed_draws_and_saves_as_one_seeded_at_once(seed):
    # look-ahead copies (bots' samples, greedy) take a fresh seed: their generator is
    # seeded only when drawn from, with the same draws, state and save as a seeded one
    from support import load
    game = load("games/yokai_sketch.rules").new_game(seed=1)
    drawn, saved = game.copy(seed=seed), game.copy(seed=seed)
    assert type(drawn.rng) is draws.Unseeded and drawn.seed == seed
    seeded = random.Random(seed)
    assert [draws.below(drawn.rng, 52) for _ in range(6)] == [
        draws.below(seeded, 52) for _ in range(6)]
    rng_saved = json.loads(saved.save())["rng"]  # (saving seeds it)
    assert saved.rng.getstate() == random.Random(seed).getstate()
    assert rng_saved == json.loads(game.copy(seed=seed).save())["rng"]
    assert rng_saved != json.loads(game.save())["rng"]
