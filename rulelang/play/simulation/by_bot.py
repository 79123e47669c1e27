"""Who wins by bot, when ``--rotate`` moves the bots round the seats game by game.

With ``Simulation.rotate`` game ``i`` seats the bots rotated by ``i`` (``Simulation.bots_of``),
so over ``players`` consecutive games each bot plays each seat as often: a bot's wins are
then its own, not its seat's. The bots are told apart by kind: two seats given ``random``
are one bot holding two seats, whose fair share is two seats of all the seats.
"""
from __future__ import annotations

from collections import Counter

import attrs

from rulelang.play.simulation import stats
from rulelang.play.simulation.stats import Rate


@attrs.frozen
class BotSeat:
    """One bot at one seat: of the games it sat there, those that seat won."""
    seat: str
    wins: Rate


@attrs.frozen
class BotFigures:
    """One bot kind over a rotated run."""
    bot: str  # its kind, as given (--bot P1=greedy, --bots random)
    seats: int  # the seats it holds in every game
    wins: Rate  # games won by one of its seats (a shared win counts for each winner's bot)
    by_seat: list  # BotSeat per seat, P1 first
    games: int  # games with exactly one winner
    won: Rate  # of those, the games it won
    fair_share: float  # its seats of all the seats: what no edge over the others would give
    test: str
    p_value: float
    significant: bool  # below 0.05: it wins more (or less) than its fair share
    # of the games with a first player in which one of its seats went first, those it won
    # (one of its seats won), and the same of the games it did not go first: its wins as
    # first player apart from its wins as a later one
    when_first: Rate | None = None
    when_not_first: Rate | None = None


@attrs.frozen
class BotShare:
    """One bot kind's share of yes answers to one kind of yes-or-no decision."""
    bot: str
    share: float


def rotated_kinds(simulation) -> list | None:
    """The bot kinds, in the order the seats were given, when ``simulation`` rotates bots of
    two kinds or more (else None: a seat's figures are its bot's, or every bot is the same)."""
    kinds = list(dict.fromkeys(simulation.bots))
    return kinds if simulation.rotate and len(kinds) >= 2 else None


def bot_yes(records: list, simulation) -> dict | None:
    """With rotated bots of two kinds or more: per kind of decision (its prompt), each bot
    kind's share of yes answers to it (BotShare, in the order the seats were given; the bots
    that had one), whichever seats it sat at; else None. A seat's share would mix the bots
    that sat there."""
    kinds = rotated_kinds(simulation)
    if kinds is None:
        return None
    asked: Counter = Counter()  # (prompt, kind) -> yes-or-no decisions
    yes: Counter = Counter()  # (prompt, kind) -> of those, the yes answers
    for record in records:
        here = simulation.bots_of(record.index)
        for prompt, tally in record.kinds.items():
            for seat, count in tally.seat_yes.items():
                asked[prompt, here[seat]] += count.asked
                yes[prompt, here[seat]] += count.yes
    prompts = dict.fromkeys(prompt for prompt, _ in asked)
    return {prompt: [BotShare(kind, yes[prompt, kind] / asked[prompt, kind])
                     for kind in kinds if asked[prompt, kind]] for prompt in prompts}


def by_bot(records: list, simulation) -> list | None:
    """Each bot kind's figures, in the order the seats were given, when ``simulation``
    rotates bots of two kinds or more (else None: each seat keeps its bot, or every seat's
    bot is the same and its figures are the game's)."""
    kinds = rotated_kinds(simulation)
    if kinds is None:
        return None
    players, n = simulation.players, len(records)
    names = [f"P{seat + 1}" for seat in range(players)]
    won: Counter = Counter()  # kind -> games one of its seats won
    sat: Counter = Counter()  # (kind, seat) -> games it sat there
    seat_won: Counter = Counter()  # (kind, seat) -> of those, the games that seat won
    alone: Counter = Counter()  # kind -> games with one winner, that winner its seat
    decided = 0
    first: Counter = Counter()  # (kind, went first) -> games with a first player
    first_won: Counter = Counter()  # (kind, went first) -> of those, the games it won
    for record in records:
        here = simulation.bots_of(record.index)
        if record.first is not None and 0 <= record.first < players:
            winners = {here[seat] for seat in record.winners if 0 <= seat < players}
            for kind in kinds:
                went = here[record.first] == kind
                first[kind, went] += 1
                first_won[kind, went] += kind in winners
        for seat, kind in enumerate(here):
            sat[kind, seat] += 1
        for seat in set(record.winners):
            if 0 <= seat < players:
                seat_won[here[seat], seat] += 1
        won.update({here[seat] for seat in record.winners if 0 <= seat < players})
        if len(record.winners) == 1 and 0 <= record.winners[0] < players:
            decided += 1
            alone[here[record.winners[0]]] += 1
    out = []
    for kind in kinds:
        seats = simulation.bots.count(kind)
        fair = seats / players
        p = stats.binomial_test(alone[kind], decided, fair)
        out.append(BotFigures(
            kind, seats, stats.wilson(won[kind], n),
            [BotSeat(name, stats.wilson(seat_won[kind, seat], sat[kind, seat]))
             for seat, name in enumerate(names)],
            decided, stats.wilson(alone[kind], decided), fair,
            "exact two-sided binomial test", p, p < stats.ALPHA,
            stats.wilson(first_won[kind, True], first[kind, True]),
            stats.wilson(first_won[kind, False], first[kind, False])))
    return out
