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

import _random
import random
import threading
from typing import Any

# A game's generator is shared by the game's copies until one of them draws: copying one
# (625 numbers out of it and into another) cost about as much as the rest of copying a
# game, and most copies (a look-ahead, OpenSpiel's copy of each state) never draw. The
# generator counts the games that may hold it (``users``, absent: 1); a game draws only
# from a generator it holds alone (``own``), copying it first if need be. A game dropped
# without drawing leaves the count high: one copy more later, never a draw shared.
_SHARING = threading.Lock()  # copies and draws in threads (a host's bots) count exactly


def share(rng: random.Random) -> random.Random:
    """The generator, now held by one game more (a copy of the game that holds it)."""
    with _SHARING:
        rng.users = getattr(rng, "users", 1) + 1  # type: ignore[attr-defined]
    return rng


def own(rng: random.Random) -> random.Random:
    """The generator to draw from, for a game holding ``rng``: ``rng`` if no other game
    may hold it, else a copy of it, the game's own from now on."""
    if getattr(rng, "users", 1) == 1:
        return rng
    with _SHARING:
        if rng.users == 1:  # type: ignore[attr-defined]  # the others copied theirs meanwhile
            return rng
        twin = copied(rng)
        rng.users -= 1  # type: ignore[attr-defined]
    return twin


def copied(rng: random.Random) -> random.Random:
    """An independent generator in the same state, held by no one yet (made without
    seeding: ``Random()`` reads the system's entropy, to be overwritten at once)."""
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


class Unseeded(random.Random):
    """``random.Random(seed)`` that seeds itself when first used: seeding costs about as much
    as the rest of copying a small game, and most look-ahead copies given a fresh seed (a
    bot's playouts and samples) never draw. The first draw, ``getstate``, ``setstate`` or
    ``seed`` makes it a plain ``random.Random`` seeded with ``seed`` (then as that one in
    every draw and state, tests/runtime/test_draws.py)."""

    def __init__(self, seed: int) -> None:  # (not seeded: ``Random.__new__`` only allocates)
        self.unseeded, self.gauss_next = seed, None  # (``gauss`` reads it before drawing)

    def _wake(self) -> None:
        if type(self) is Unseeded:  # (a method bound before waking may be called after)
            self.__class__ = random.Random  # type: ignore[assignment]
            seed = self.__dict__.pop("unseeded")
            if type(seed) is int:  # what ``Random.seed`` does with a whole number, less Python
                _random.Random.seed(self, seed)  # (its gauss_next is None already)
            else:
                random.Random.seed(self, seed)

    def random(self) -> float:
        Unseeded._wake(self)
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        Unseeded._wake(self)
        return random.Random.getrandbits(self, k)

    def randbytes(self, n: int) -> bytes:
        Unseeded._wake(self)
        return random.Random.randbytes(self, n)

    def getstate(self) -> tuple[Any, ...]:
        Unseeded._wake(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        Unseeded._wake(self)
        random.Random.setstate(self, state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        if type(self) is Unseeded:  # seeded anew: the seed given is never needed
            self.__class__ = random.Random  # type: ignore[assignment]
            del self.unseeded
        random.Random.seed(self, *args, **kwargs)


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
    plan = _plan(len(items))
    if type(rng) is Unseeded and plan:  # woken first: its own getrandbits bound, not the waking one
        Unseeded._wake(rng)
    getrandbits = rng.getrandbits
    for i, bound, bits in plan:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n > 0 (the caller sees to it)."""
    if type(rng) is Unseeded:
        Unseeded._wake(rng)
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
