"""Drawing from a game's generator: exactly the draws ``random.Random`` makes itself
(the same numbers asked of it in the same order, so the same outcomes and the same
generator state after), with less Python around each one.

``Random.shuffle`` calls ``_randbelow`` once per card, each call a Python function
that calls ``getrandbits``; a shuffle of a 52-card deck spent about as much as the rest
of starting a game. Here the loop asks ``getrandbits`` directly, with each step's
bound and bit count worked out once per deck size. At import the two are compared
on a few decks: should a Python version draw differently, ``Random``'s own are used.
"""
from __future__ import annotations

import random
from typing import Any

# deck size -> [(i, i + 1, bits of i + 1)], from the top down
_plans: dict[int, list[tuple[int, int, int]]] = {}


def _plan(size: int) -> list[tuple[int, int, int]]:
    plan = _plans.get(size)
    if plan is None:
        plan = [(i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]
        if len(_plans) < 1000:
            _plans[size] = plan
    return plan


def _shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, written out (see the module's docstring)."""
    getrandbits = rng.getrandbits
    for i, bound, bits in _plan(len(items)):
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n > 0 (the caller sees to it)."""
    getrandbits, bits = rng.getrandbits, n.bit_length()
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


def _same_as_random() -> bool:
    """Whether these draws are ``Random``'s own on this Python."""
    # private methods, which typeshed does not declare:
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]
        return False
    for seed, size in ((1, 52), (7, 5), (12345, 200), (3, 2), (4, 1), (5, 0)):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        _shuffle(ours, a)
        theirs.shuffle(b)
        if a != b or _below(ours, size + 3) != theirs.randrange(size + 3) \
                or ours.getstate() != theirs.getstate():
            return False
    return True


if _same_as_random():
    shuffle, below = _shuffle, _below
else:  # pragma: no cover - a Python whose Random draws otherwise
    def shuffle(rng: random.Random, items: list[Any]) -> None:
        rng.shuffle(items)

    def below(rng: random.Random, n: int) -> int:
        return rng.randrange(n)
