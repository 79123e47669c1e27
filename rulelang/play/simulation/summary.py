"""The figures of a simulation: who wins, how long games last, what happens in them.

``summarize`` turns the records of a run (in game order) into a ``Summary``:
named records of plain numbers and words, the same for the printed report and
for ``--json``. Nothing in it depends on timing or on the number of workers.
"""
from __future__ import annotations

from collections import Counter
from typing import cast

import attrs

from rulelang.play.simulation import stats
from rulelang.play.simulation.by_bot import bot_yes, by_bot
from rulelang.play.simulation.playing import KindTally, YesCount
from rulelang.play.simulation.stats import Rate, Spread

MOST_SHOWN = 12  # values, reasons and kinds listed one by one; the rest add up to "other"
NO_REASON = "no reason given"


@attrs.frozen
class Count:
    label: str
    rate: Rate


@attrs.frozen
class SeatFigures:
    seat: str
    wins: Rate  # a shared win counts for each winner
    score: Spread | None
    went_first: Rate  # games in which this seat made the first decision


@attrs.frozen
class SideFigures:
    """Partners by ``team p = ...``: a side's wins count once (not once per partner)."""
    side: str  # its seats: "P1+P3"
    wins: Rate
    went_first: Rate  # games in which one of its seats made the first decision


@attrs.frozen
class FirstPlayer:
    """Does the seat that decides first win more often than an even share?"""
    games: int  # games with exactly one winner (and a first decision)
    wins: Rate  # of those, the games the first seat won
    even_chance: float  # 1 / players: what no advantage would give
    test: str
    p_value: float
    significant: bool
    by_side: bool = False  # partners declared: the first player's side, among games one side won


@attrs.frozen
class TurnOrder:
    """Three players or more: does a place in the turn order (1st, 2nd, ... counted from the
    first player) win more than another? Pearson's chi-square test of the wins by place."""
    games: int  # games with exactly one winner (and a first player)
    wins: list  # Rate per place, 1st first: of those games, the share that place won
    p_value: float
    significant: bool


@attrs.frozen
class KindFigures:
    """One kind of decision: a prompt as the rules write it."""
    kind: str
    decisions: int
    per_game: float
    share: float  # of all decisions
    options: float  # legal moves on average
    forced: float  # share with a single legal move
    passed: float  # share answered with "pass"
    pass_word: str = ""  # what the rules call the pass move there, when not "pass"
    yes: float | None = None  # of its yes-or-no decisions, the share answered yes (none: None)
    seat_yes: list | None = None  # SeatShare: that share, seat by seat (the seats that had one)
    # --rotate with bots of two kinds or more: that share bot by bot (by_bot.BotShare), as a
    # seat's would mix the bots that sat there
    bot_yes: list | None = None


@attrs.frozen
class SeatShare:
    seat: str
    share: float


@attrs.frozen
class SeatNumber:
    seat: str
    numbers: Spread


@attrs.frozen
class ReportFigures:
    """One ``report "NAME"`` of the rules, over every game."""
    name: str
    values: list  # Count: most common values first, the rest as "other"
    numbers: Spread | None  # when every value is a number
    per_seat: list | None  # SeatNumber: when every value lists one number per player
    # when every value is a list (and not one number per player): how long the lists are,
    # and each item: in how many games it was in the list (Count, most common first);
    # for lists of numbers, the items' spread instead
    sizes: Spread | None = None
    items: list | None = None
    item_numbers: Spread | None = None


@attrs.frozen
class Summary:
    title: str
    players: int
    options: dict  # option name -> value as shown
    bots: dict  # seat -> bot kind
    first_seed: int
    games_asked: int
    games: int  # games finished (fewer than asked when stopped)
    stopped: bool
    cooperative: bool
    results: list  # Count per result: win, draw, loss
    seats: list  # SeatFigures (competitive games)
    draws: Rate | None  # competitive games
    tiebreaks: Rate | None  # competitive games whose rules declare a tiebreak: games it decided
    first_player: FirstPlayer | None  # competitive games of two players or more
    team_wins: Rate | None  # cooperative games
    team_score: Spread | None
    team_scores: list  # Count per score value (cooperative games)
    turns: Spread | None  # None when the rules have no turns
    decisions: Spread | None
    branching: float  # legal moves per decision, on average
    branching_with_choice: float  # the same over decisions with two moves or more
    forced: Rate  # decisions with a single legal move, of all decisions
    kinds: list  # KindFigures
    reasons: list  # Count per end reason as written in the rules; they add up to ``games``
    reports: list  # ReportFigures
    # every decision of the rules is made by each player at once (choose ... by each): no
    # seat moves first, so there is no first player to test
    all_at_once: bool = False
    # the first decision is made by each player at once, in rules without turns: no seat
    # moves first either (later decisions may be one seat's: a row to take)
    first_at_once: bool = False
    shared_wins: Rate | None = None  # competitive games: games won by more than one seat
    # the seeds of the games finished, as [first, last] runs of consecutive seeds (fewer than
    # asked when a run was stopped: the workers' chunks need not finish in order)
    seeds_played: list = attrs.Factory(list)
    think: float | None = None  # --think: seconds a decision, not a fixed budget (no replay)
    sides: list | None = None  # SideFigures: rules that declare partners (team p = ...)
    turn_order: TurnOrder | None = None  # competitive games of 3 players or more, no partners
    rotate: bool = False  # --rotate: game i moved every bot i seats on (Simulation.bots_of)
    by_bot: list | None = None  # BotFigures (by_bot.py): rotated bots of two kinds or more


def summarize(run, title: str, options: dict, cooperative: bool) -> Summary:
    sim, records = run.simulation, run.records
    n = len(records)
    seat_names = [f"P{p + 1}" for p in range(sim.players)]
    results = Counter(r.result for r in records)
    decisions = sum(r.decisions for r in records)
    offered = sum(r.options for r in records)
    forced = sum(r.forced for r in records)
    firsts = Counter(r.first for r in records)
    seats, draws, first_player, tiebreaks, shared_wins = [], None, None, None, None
    turn_order = None
    sides = None
    all_at_once = _all_at_once(sim.program)
    first_at_once = (not all_at_once and bool(records)
                     and all(r.first is None and r.decisions for r in records))
    team_wins = team_score = None
    team_scores = []
    if cooperative:
        team_wins = stats.wilson(results["win"], n)
        team_score = stats.spread(r.scores[0] for r in records if r.scores)
        team_scores = _counts(Counter(_number_text(r.scores[0]) for r in records if r.scores), n,
                              by_value=True)
    else:
        wins = Counter(p for r in records for p in r.winners)
        for p, name in enumerate(seat_names):
            seats.append(SeatFigures(name, stats.wilson(wins[p], n),
                                     stats.spread(r.scores[p] for r in records),
                                     stats.wilson(firsts[p], n)))
        draws = stats.wilson(results["draw"], n)
        if any(d.which == "tiebreak" for d in sim.program.scores):
            tiebreaks = stats.wilson(sum(r.tiebreak for r in records), n)
        if records and all(r.sides is not None for r in records):
            sides = _sides(records, n)
            shared_wins = stats.wilson(sum(1 for r in records if len(_won(r)) > 1), n)
            if sim.players > 1 and not all_at_once and not first_at_once:
                first_player = _first_side(records)
        else:
            shared_wins = stats.wilson(sum(1 for r in records if len(r.winners) > 1), n)
            if sim.players > 1 and not all_at_once and not first_at_once:
                first_player = _first_player(records, sim.players)
            if sim.players > 2 and not all_at_once:
                turn_order = _turn_order(records, sim.players)
    turns = [r.turns for r in records]
    return Summary(
        title=title, players=sim.players, options=dict(options),
        bots=dict(zip(seat_names, sim.bots)),
        first_seed=sim.first_seed, games_asked=sim.games, games=n, stopped=run.stopped,
        cooperative=cooperative,
        results=[Count(k, stats.wilson(v, n)) for k, v in sorted(results.items())],
        seats=seats, draws=draws, tiebreaks=tiebreaks, first_player=first_player,
        team_wins=team_wins, team_score=team_score, team_scores=team_scores,
        turns=stats.spread(turns) if any(turns) else None,
        decisions=stats.spread(r.decisions for r in records),
        branching=offered / decisions if decisions else 0.0,
        branching_with_choice=((offered - forced) / (decisions - forced)
                               if decisions > forced else 0.0),
        forced=stats.wilson(forced, decisions),
        kinds=_kinds(records, decisions, n, bot_yes(records, sim)),
        reasons=_reasons(records, n),
        reports=_reports(records, seat_names, n), all_at_once=all_at_once and not cooperative,
        first_at_once=first_at_once and not cooperative,
        shared_wins=shared_wins, seeds_played=_runs(r.seed for r in records),
        think=sim.think, sides=sides, turn_order=turn_order, rotate=sim.rotate,
        by_bot=None if cooperative else by_bot(records, sim))


def _all_at_once(program) -> bool:
    """Whether every ``choose`` of the rules is made by each player at once (and there is
    one): then no seat decides before another."""
    from rulelang.language import ast
    chooses = [n for n in program.body_nodes() if isinstance(n, ast.Choose)]
    return bool(chooses) and all(n.each is not None for n in chooses)


def _runs(seeds) -> list:
    """Seeds in order as [first, last] runs of consecutive seeds: 0, 1, 2, 5 -> [0, 2], [5, 5]."""
    runs: list[list[int]] = []
    for seed in sorted(seeds):
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return runs


def _first_player(records, players) -> FirstPlayer:
    """The exact binomial test: in games with one winner, would the first seat win 1 in
    ``players`` of them if going first made no difference?"""
    decided = [r for r in records if len(r.winners) == 1 and r.first is not None]
    won = sum(1 for r in decided if r.winners[0] == r.first)
    p = stats.binomial_test(won, len(decided), 1 / players)
    return FirstPlayer(len(decided), stats.wilson(won, len(decided)), 1 / players,
                       "exact two-sided binomial test", p, p < stats.ALPHA)


def _turn_order(records, players) -> TurnOrder:
    """The wins of each place in the turn order (the first player's seat is 1st, the next
    seat 2nd...), in games with one winner, and whether they differ (chi-square)."""
    decided = [r for r in records if len(r.winners) == 1 and r.first is not None]
    places = Counter((r.winners[0] - r.first) % players for r in decided)
    counts = [places[i] for i in range(players)]
    p = stats.chi_square_even(counts)
    return TurnOrder(len(decided), [stats.wilson(c, len(decided)) for c in counts], p,
                     p < stats.ALPHA)


def _side_names(record) -> list[str]:
    """Each seat's side by its seats' names ("P1+P3"), as a record's ``sides`` numbers them."""
    members: dict[int, list[str]] = {}
    for seat, side in enumerate(record.sides):
        members.setdefault(side, []).append(f"P{seat + 1}")
    return ["+".join(members[side]) for side in record.sides]


def _won(record) -> set[str]:
    """The sides (by name) with a winner in them."""
    names = _side_names(record)
    return {names[w] for w in record.winners if w < len(names)}


def _sides(records, n) -> list:
    """Each side's wins, a side's win counted once, and how often it went first (sides met
    in any game, in the order first met)."""
    wins: Counter = Counter()
    firsts: Counter = Counter()
    order: dict[str, None] = {}
    for r in records:
        names = _side_names(r)
        order.update(dict.fromkeys(names))
        wins.update(_won(r))
        if r.first is not None and r.first < len(names):
            firsts[names[r.first]] += 1
    return [SideFigures(side, stats.wilson(wins[side], n), stats.wilson(firsts[side], n))
            for side in order]


def _first_player_sides(records) -> list:
    return [r for r in records if len(_won(r)) == 1 and r.first is not None
            and r.first < len(r.sides)]


def _first_side(records) -> FirstPlayer:
    """With partners: in games one side won, would the first player's side win its share
    (its seats of all the seats) if going first made no difference?"""
    decided = _first_player_sides(records)
    won = sum(1 for r in decided if _side_names(r)[r.first] in _won(r))
    chance = (sum(r.sides.count(r.sides[r.first]) / len(r.sides) for r in decided)
              / len(decided)) if decided else 0.5
    p = stats.binomial_test(won, len(decided), chance)
    return FirstPlayer(len(decided), stats.wilson(won, len(decided)), chance,
                       "exact two-sided binomial test", p, p < stats.ALPHA, by_side=True)


def _kinds(records, decisions, n, bots_yes: dict | None = None) -> list:
    totals: dict[str, KindTally] = {}
    for record in records:
        for kind, tally in record.kinds.items():
            total = totals.setdefault(kind, KindTally())
            total.decisions += tally.decisions
            total.options += tally.options
            total.forced += tally.forced
            total.passed += tally.passed
            total.pass_word = total.pass_word or tally.pass_word
            total.yes_no += tally.yes_no
            total.yes += tally.yes
            for seat, count in tally.seat_yes.items():
                mine = total.seat_yes.setdefault(seat, YesCount())
                mine.asked += count.asked
                mine.yes += count.yes
    out = [KindFigures(kind, t.decisions, t.decisions / n, t.decisions / decisions,
                       t.options / t.decisions, t.forced / t.decisions, t.passed / t.decisions,
                       t.pass_word, t.yes / t.yes_no if t.yes_no else None,
                       [SeatShare(f"P{seat + 1}", c.yes / c.asked)
                        for seat, c in sorted(t.seat_yes.items())] if t.yes_no else None,
                       bots_yes.get(kind) if bots_yes is not None and t.yes_no else None)
           for kind, t in totals.items()]
    out.sort(key=lambda k: (-k.decisions, k.kind))
    if len(out) > MOST_SHOWN:
        rest = out[MOST_SHOWN - 1:]
        d = sum(k.decisions for k in rest)
        out = out[:MOST_SHOWN - 1] + [KindFigures(
            f"other ({len(rest)} kinds)", d, d / n, d / decisions,
            sum(k.options * k.decisions for k in rest) / d,
            sum(k.forced * k.decisions for k in rest) / d,
            sum(k.passed * k.decisions for k in rest) / d)]
    return out


def _reasons(records, n) -> list:
    kinds = Counter(r.reason_kind if r.reason_kind is not None else NO_REASON for r in records)
    return _counts(kinds, n)


def _reports(records, seat_names, n) -> list:
    names = list(dict.fromkeys(k for r in records for k in r.reports))
    out = []
    for name in names:
        values = [r.reports.get(name) for r in records]
        numbers = None
        if all(_is_number(v) for v in values):
            numbers = stats.spread(values)
        per_seat = None
        if values and all(isinstance(v, dict) and list(v) == seat_names for v in values):
            values = [list(v.values()) for v in values]  # one per player, by name: in seat order
        if all(isinstance(v, list) and len(v) == len(seat_names) and all(map(_is_number, v))
               for v in values):
            # a spread of each seat's numbers (there are some: a game reported them)
            per_seat = [SeatNumber(seat, cast(Spread, stats.spread(v[p] for v in values)))
                        for p, seat in enumerate(seat_names)]
        sizes = items = item_numbers = None
        if per_seat is None and values and all(isinstance(v, list) for v in values):
            sizes = stats.spread(len(v) for v in values)
            every = [x for v in values for x in v]
            if every and all(map(_is_number, every)):
                item_numbers = stats.spread(every)
            elif every:
                items = _counts(Counter(t for v in values for t in {value_text(x) for x in v}), n)
        counted = Counter(value_text(v) for v in values)
        out.append(ReportFigures(name, _counts(counted, n, by_value=numbers is not None),
                                 numbers, per_seat, sizes, items, item_numbers))
    return out


def _counts(counter: Counter, n: int, by_value: bool = False) -> list:
    """Counts as rates, most common first (or in the values' order), the rest as one 'other'."""
    if by_value:
        items = sorted(counter.items(), key=lambda kv: _sort_key(kv[0]))
    else:
        items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    if len(items) > MOST_SHOWN:
        if by_value:  # keep the order, lose the rarest
            kept = {label for label, _ in sorted(items, key=lambda kv: -kv[1])[:MOST_SHOWN - 1]}
            rest = [kv for kv in items if kv[0] not in kept]
            items = [kv for kv in items if kv[0] in kept]
        else:
            items, rest = items[:MOST_SHOWN - 1], items[MOST_SHOWN - 1:]
        items.append((f"other ({len(rest)} values)", sum(c for _, c in rest)))
    return [Count(label, stats.wilson(count, n)) for label, count in items]


def _sort_key(label: str):
    try:
        return (0, float(label), "")
    except ValueError:
        return (1, 0.0, label)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def value_text(value) -> str:
    """A reported value in plain words: yes/no, not True/False; lists without brackets."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _is_number(value):
        return _number_text(value)
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value) if value else "(empty)"
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items()) or "(empty)"
    return str(value)


def to_json(summary) -> dict:
    """The summary (or a comparison's figures) as JSON-ready data, numbers rounded so the
    file reads well."""
    data = attrs.asdict(summary)
    if "sides" in data and data["sides"] is None:  # no partners declared: as they always were
        del data["sides"]
    for key in ("rotate", "by_bot"):  # without --rotate: as they always were
        if key in data and not data[key]:
            del data[key]
    for kind in data.get("kinds") or ():  # (a comparison's kinds are the bots' names)
        if isinstance(kind, dict) and kind.get("bot_yes", 0) is None:
            del kind["bot_yes"]  # no rotated bots of two kinds: as it always was
    return _rounded(data)


def _rounded(data):
    if isinstance(data, float):
        return round(data, 6)
    if isinstance(data, dict):
        return {k: _rounded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_rounded(v) for v in data]
    return data
