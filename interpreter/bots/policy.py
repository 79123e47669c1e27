"""How a bot plays where it does not search: the rules' advice, else at random.

The rules may give bots advice on a decision (``choose ... prefer VALUE``: a number or a
yes/no for each option, higher preferred; several clauses break ties in order). The policy
plays an advised move (one of the best, at random among them), and now and then, with
probability ``explore``, any move at random, so that a playout is not always the same
line. With no advice it plays at random. It reads the game it is given: bots give it
their samples and the games played on from them, never the host's game.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from random import Random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Decision
    from interpreter.runtime.engine import Game


def _pending(game: Game) -> Decision:
    pending = game.pending
    assert pending is not None  # the policy is asked only where a decision waits
    return pending


class Policy:
    def __init__(self, rng: Random, explore: float = 0.1, most: int = 40):
        self.rng, self.explore, self.most = rng, explore, most

    def pick(self, game: Game) -> int:
        """The index of the move to play at ``game``'s pending decision. Of a decision with
        more than ``most`` moves (a tile's hundreds of places), the best advised of
        ``most`` of them taken at random: a playout's move, cheaply."""
        rng, pending = self.rng, _pending(game)
        n = len(pending.values)
        if n == 1:
            return 0
        if pending.site.prefer is None or rng.random() < self.explore:
            return rng.randrange(n)
        among: Sequence[int]
        if n > self.most:
            among = rng.sample(range(n), self.most)
            advice = game.advice(only=among)
        else:
            among, advice = range(n), game.advice()
        if advice is None:  # (a site with advice always gives some)
            return rng.randrange(n)
        best = max(advice)
        top = [among[i] for i, a in enumerate(advice) if a == best]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]

    def ranked(self, game: Game) -> list[Hashable] | None:
        """The keys of the pending decision's moves (``Decision.keys``: their notations, or
        what stands for them on the lean path), best advised first (ties in a random order),
        or None when the decision has no advice."""
        pending = _pending(game)
        advice = game.advice() if pending.site.prefer is not None else None
        if advice is None:
            return None
        keys = [(a, self.rng.random()) for a in advice]
        order = sorted(range(len(advice)), key=lambda i: keys[i], reverse=True)
        named = pending.move_keys()
        return [named[i] for i in order]

    def chooses(self, game: Game, index: int) -> float:
        """How likely this policy was to play move ``index`` at ``game``'s decision (the
        partner model weighs worlds by it)."""
        pending = _pending(game)
        n = len(pending.values)
        advice = game.advice() if pending.site.prefer is not None else None
        if advice is None:
            return 1.0 / n
        best = max(advice)
        top = sum(1 for a in advice if a == best)
        return self.explore / n + ((1 - self.explore) / top if advice[index] == best else 0.0)
