"""Yokai Sketch written directly in Python: the yardstick for the interpreter's speed.

The issue asks that random games of games/yokai_sketch.rules run at least a
tenth as fast as a careful hand-written engine for the same rules. This is
that engine: plain lists and ints, no notation, no log, no views. It makes the
same kinds of decisions as the .rules file (card, colour, abilities, passing)
at random. Run it beside benchmarks/speed.py:

    python benchmarks/yokai_sketch_by_hand.py [--seconds 3]
"""
from __future__ import annotations

import argparse
import random
import time

COLOURS = range(4)
PAIRS = [(a, b) for a in COLOURS for b in COLOURS if a < b]
PLAIN, CALL, DISTRACT = 0, 1, 2


def new_deck():
    deck = []
    for a, b in PAIRS:
        deck += [(a, b, PLAIN)] * 4 + [(a, b, CALL), (a, b, DISTRACT)]
    return deck


def play_one(seed):
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    discard = []
    hands = [[deck.pop() for _ in range(3)], [deck.pop() for _ in range(3)]]
    stacks = []
    for _c in COLOURS:
        stack = [3, 4, 5, 6, 7]
        rng.shuffle(stack)
        stacks.append(stack)  # top is the last
    sides = [[[], []] for _ in COLOURS]  # sides[colour][player] = [(card, showing)]
    notebooks = [[], []]  # (value, colour)
    last = [None, None]
    player = rng.randrange(2)
    decisions = 0

    def over():
        return any(not s for s in stacks)

    def check(c):
        stack = stacks[c]
        if not stack:
            return
        a, b = len(sides[c][0]), len(sides[c][1])
        if a + b < stack[-1]:
            return
        if a == b:
            stack.insert(0, stack.pop())
            for p in (0, 1):
                discard.extend(card for card, _ in sides[c][p])
                sides[c][p] = []
        else:
            w = 0 if a > b else 1
            notebooks[w].append((stack.pop(), c))
            discard.extend(card for card, _ in sides[c][w])
            sides[c][w] = []

    while True:
        if not deck and discard:
            deck, discard[:] = discard[:], []
            rng.shuffle(deck)
        if deck:
            hands[player].append(deck.pop())
        must = len(hands[player]) >= 4
        for n in range(3):
            hand = hands[player]
            if not hand:
                break
            options = list(dict.fromkeys(hand)) + ([None] if not (must and n == 0) else [])
            decisions += 1
            card = options[rng.randrange(len(options))]
            if card is None:
                break
            hand.remove(card)
            decisions += 1
            colour = card[rng.randrange(2)]
            last[player] = (card, colour)
            sides[colour][player].append(last[player])
            check(colour)
            if over():
                return notebooks, decisions
            if card[2] == CALL:
                sources = [c for c in COLOURS if c != colour and len(stacks[c]) >= 2]
                if sources:
                    decisions += 1
                    pick = rng.randrange(len(sources) + 1)
                    if pick < len(sources):
                        stacks[colour].append(stacks[sources[pick]].pop())
                        check(colour)
            elif card[2] == DISTRACT:
                other = 1 - player
                target = last[other]
                if target is not None:
                    where = target[1]
                    if target in sides[where][other]:
                        decisions += 1
                        if rng.randrange(2):
                            card2 = target[0]
                            to = card2[1] if target[1] == card2[0] else card2[0]
                            sides[where][other].remove(target)
                            last[other] = (card2, to)
                            sides[to][other].append(last[other])
                            check(to)
            if over():
                return notebooks, decisions
        player = 1 - player


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    games = decisions = seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        _, made = play_one(seed)
        games, decisions, seed = games + 1, decisions + made, seed + 1
    elapsed = time.perf_counter() - started
    print(f"Yokai Sketch by hand: {games / elapsed:.1f} games/s, {decisions / elapsed:.0f} decisions/s")


if __name__ == "__main__":
    main()
