"""Variants of a game side by side: every figure that matters, tested against the first.

The first variant is the baseline. Each figure of each other variant is tested
against it: shares (win rates, draws, the first player's wins) with Fisher's
exact test, means (scores, lengths, numbers the rules report) with Welch's
test. Many figures are tested at once, so the p-values are adjusted with
Holm's method over all of them before a difference is called significant. Where the
variants' player counts differ, a seat's share of the wins (P1's, the first player's) is
tested in each variant against its fair share, 1/P, not against the baseline's.
"""
from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, cast

import attrs

from rulelang.play.simulation import stats
from rulelang.play.simulation.playing import oracle_note
from rulelang.play.simulation.report import (
    NONE_WON_AFTER,
    WIDTH,
    interval,
    number,
    p_text,
    percent,
)
from rulelang.play.simulation.stats import Difference, Rate, Spread

if TYPE_CHECKING:
    from rulelang.play.simulation.runner import Run
    from rulelang.play.simulation.summary import Summary


@attrs.frozen
class Variant:
    label: str  # "tricks=3"
    run: Run
    summary: Summary


@attrs.frozen
class Figure:
    """One figure in every variant, and each variant's difference from the baseline."""
    name: str
    measure: str  # "share" (of games), "mean" (per game), "mean share" (a share per game) or
    # "answer share" (a game's share of yes answers to one question);
    # "fair share": a seat's share of the wins where the variants' player counts differ, each
    # variant's tested against its own fair share (1/P), not against the baseline's
    values: list  # Rate or Spread per variant (None where the variant has no such figure)
    differences: list  # Difference per variant (None for the baseline, or nothing to test)


@attrs.frozen
class Comparison:
    title: str
    varying: str  # what differs between the variants: an option's name, or "players"
    labels: list
    games: list  # games finished per variant
    stopped: bool
    figures: list  # Figure
    oracle: str | None = None  # the oracle's line (playing.oracle_note), when it played
    alike: str | None = None  # how every game of every variant ended, when that was one way
    none_won: tuple = ()  # the variants whose team won none of NONE_WON_AFTER games or more
    kinds: tuple = ()  # the bots that played (each kind once), for what the warnings suggest


# the shares of games that may never happen in a game: left out where no variant had one
RARE = ("draws", "tiebreaks", "shared wins")


def compare(title: str, varying: str, variants: list[Variant]) -> Comparison:
    names = _figure_names(variants)
    counts = [v.summary.players for v in variants]
    figures = []
    for name, measure in names:
        values = [_value(v, name, measure) for v in variants]
        if all(value is None for value in values):
            continue  # no variant has it (no first player where everyone decides at once)
        if measure == "share" and len(set(counts)) > 1 and _seat_share(name):
            # 50% of 2 players against 33% of 3 is the player count, not the game: each
            # against what it would be with no seat favoured
            fair = [_fair_share(v, name) for v in variants]
            figures.append(Figure(name, "fair share", values, [
                None if value is None or share is None
                else stats.against_share(cast(Rate, value), share)
                for value, share in zip(values, fair)]))
            continue
        if measure != "share" and _constant(values):
            continue  # the same number in every game of every variant: nothing to compare
        if name in RARE and all(v is None or cast(Rate, v).count == 0 for v in values):
            continue  # no draw (tiebreak, shared win) in any variant: nothing to compare
        base = values[0]
        differences: list[Difference | None] = [None]
        for value in values[1:]:
            if base is None or value is None or (measure != "share" and _constant([base, value])):
                differences.append(None)  # (the same number in every game of both: untested,
                # and not counted among the comparisons Holm's method adjusts)
            elif measure == "share":  # shares are Rates, the other measures Spreads
                differences.append(stats.proportions(cast(Rate, base), cast(Rate, value)))
            else:
                differences.append(stats.welch(cast(Spread, base), cast(Spread, value)))
        figures.append(Figure(name, measure, values, differences))
    # Holm over every difference of every figure: they are all tested together
    flat = [(i, j) for i, f in enumerate(figures) for j, d in enumerate(f.differences)
            if d is not None]
    adjusted = stats.holm([figures[i].differences[j] for i, j in flat])
    for (i, j), d in zip(flat, adjusted):
        figures[i].differences[j] = d
    return Comparison(title, varying, [v.label for v in variants],
                      [v.summary.games for v in variants],
                      any(v.summary.stopped for v in variants), figures,
                      _oracle(variants), _alike(variants), _none_won(variants),
                      tuple(dict.fromkeys(k for v in variants for k in v.summary.bots.values())))


def _oracle(variants) -> str | None:
    """The oracle's line: of every variant where bots are what varies (--bots oracle beside
    honest bots), the variant's label before it when only some played it."""
    notes = [(v.label, oracle_note(v.summary.bots, v.summary.rotate)) for v in variants]
    played = [(label, note) for label, note in notes if note is not None]
    if not played or len(played) == len(notes):
        return played[0][1] if played else None
    return "; ".join(f"{label}: {note}" for label, note in played)


def _none_won(variants) -> tuple:
    """The variants of a cooperative game whose team won none of its games (ten or more): a
    0% there may be the bots', not the rules' (simulate says so too). Where every game of
    every variant was lost, the warning of ``_alike`` says it instead."""
    if not variants[0].summary.cooperative or _alike(variants) is not None:
        return ()
    return tuple(v.label for v in variants if v.summary.team_wins is not None
                 and v.summary.games >= NONE_WON_AFTER and v.summary.team_wins.count == 0)


def _fair_share(variant: Variant, name: str) -> float | None:
    """What a seat's share of the wins would be with no seat favoured: 1/P; the first
    player's, as its test counts it (with partners, its side's among the sides); a seat's
    with partners: not known here (a side's size varies), so not tested."""
    summary = variant.summary
    first = summary.first_player
    if name.startswith("bot "):  # its seats of all the seats
        bot = _bot(summary, name)
        return bot.fair_share if bot is not None else None
    if name.startswith("first player") and first is not None:
        return first.even_chance
    if summary.sides:
        return None
    return 1 / summary.players


def _seat_share(name: str) -> bool:
    """A figure that is one seat's share of the wins (fair at 1/P of them)."""
    return name.startswith(("first player wins", "bot ")) or (
        name.endswith(" wins") and name[:1] == "P" and name.split()[0][1:].isdigit())


def _alike(variants) -> str | None:
    """How every game of every variant ended, if that was one way (the team always lost, P1
    always won...): then no figure about who wins can differ. None otherwise."""
    ends = {(r.result, tuple(int(w) for w in r.winners)) for v in variants for r in v.run.records}
    if len(ends) != 1:
        return None
    result, winners = next(iter(ends))
    if variants[0].summary.cooperative:
        words = {"win": "the team won every game", "loss": "the team lost every game"}
        return words.get(result)  # (ended with a score, no verdict: scores may still differ)
    if result == "draw" or not winners:
        return "every game was a draw"
    return "every game was won by " + " and ".join(f"P{w + 1}" for w in winners)


def _figure_names(variants) -> list[tuple[str, str]]:
    """The figures worth comparing, in reading order, over every variant."""
    names = []
    cooperative = variants[0].summary.cooperative
    most_players = max(v.summary.players for v in variants)
    if cooperative:
        names += [("team wins", "share"), ("team score", "mean")]
    else:
        names += [(f"P{p + 1} wins", "share") for p in range(most_players)]
        names += [("draws", "share"), ("tiebreaks", "share"), ("shared wins", "share"),
                  ("first player wins (games with one winner)", "share")]
        # --rotate: each bot's wins (by_bot.py), whichever seats it sat at
        names += list(dict.fromkeys((f"bot {b.bot} wins", "share") for v in variants
                                    for b in v.summary.by_bot or ()))
        names += [(f"P{p + 1} score", "mean") for p in range(most_players)]
    if any(v.summary.turns is not None for v in variants):
        names.append(("turns", "mean"))
    names += [("decisions", "mean"), ("legal moves per decision", "mean"),
              ("forced decisions (a single legal move)", "mean share")]
    for v in variants:  # how often each yes-or-no question was answered yes (roll again)
        for kind in v.summary.kinds:
            name = f'answered yes: "{kind.kind}"'
            if kind.yes is not None and (name, "answer share") not in names:
                names.append((name, "answer share"))
    for v in variants:
        for report in v.summary.reports:
            name = f'report "{report.name}"'
            wanted = [name] if report.numbers is not None else []
            # a report kept per player: each seat's number, compared as a mean of its own
            wanted += [f"{name} {s.seat}" for s in report.per_seat or []]
            names += [(n, "mean") for n in wanted if (n, "mean") not in names]
    return names


def _value(variant: Variant, name: str, measure: str) -> Rate | Spread | None:
    summary, records = variant.summary, variant.run.records
    if name.startswith("report "):  # first: a report's own name may end in " wins"
        return _report_value(summary, name)
    if name.startswith("answered yes: "):  # a game's share of yes, where it was asked
        kind = name[len('answered yes: "'):-1]
        return stats.spread(t.yes / t.yes_no for r in records
                            if (t := r.kinds.get(kind)) is not None and t.yes_no)
    if name == "team wins":
        return summary.team_wins
    if name == "draws":
        return summary.draws
    if name == "tiebreaks":
        return summary.tiebreaks
    if name == "shared wins":
        return summary.shared_wins
    if name.startswith("bot "):
        bot = _bot(summary, name)
        return bot.wins if bot is not None else None
    if name.startswith("first player wins"):
        fp = summary.first_player
        return fp.wins if fp is not None else None
    if name.endswith(" wins"):
        return _seat(summary.seats, name).wins if _seat(summary.seats, name) else None
    if name.endswith(" score"):
        if name == "team score":
            return summary.team_score
        seat = _seat(summary.seats, name)
        return seat.score if seat else None
    if name == "turns":
        return summary.turns
    if name == "decisions":
        return summary.decisions
    if name == "legal moves per decision":
        return stats.spread(r.options / r.decisions for r in records if r.decisions)
    if name.startswith("forced decisions"):
        return stats.spread(r.forced / r.decisions for r in records if r.decisions)
    raise ValueError(f"no figure {name!r}")


def _report_value(summary: Summary, name: str) -> Spread | None:
    """``report "NAME"``: the report's numbers; ``report "NAME" P2``: one seat's, of a
    report kept per player (None where the variant has no such report, or no such seat)."""
    for report in summary.reports:
        whole = f'report "{report.name}"'
        if name == whole:
            return cast("Spread | None", report.numbers)
        if name.startswith(whole + " "):
            seat = name[len(whole) + 1:]
            return next((s.numbers for s in report.per_seat or [] if s.seat == seat), None)
    return None


def _constant(spreads) -> bool:
    present = [s for s in spreads if s is not None]
    return all(s.sd == 0 and s.mean == present[0].mean for s in present)


def _bot(summary: Summary, name: str):
    """The BotFigures of the figure ``bot KIND wins``, where that bot played (else None)."""
    return next((b for b in summary.by_bot or () if name == f"bot {b.bot} wins"), None)


def _seat(seats, name):
    wanted = name.split()[0]
    return next((s for s in seats if s.seat == wanted), None)


def _try_instead(alike: str, kinds: tuple) -> str:
    """What to try when every game ended one way: other bots than those that played (a
    team that won every game needs no stronger ones)."""
    if alike == "the team won every game":
        return ("The game may be too easy for these bots, or the games too few to tell the "
                "variants apart: try more games (-n), harder variants, or weaker bots "
                "(--bots advice or --bots random).")
    cooperative = alike.startswith("the team")
    others = [f"--bots {kind}" for kind in (("mcts", "advice") if cooperative
                                            else ("greedy", "mcts")) if kind not in kinds]
    if "oracle" in kinds:
        return ("The bots played with every card face up: the game may be too hard (or too "
                "one-sided) even without its hidden information.")
    if not others:
        tried = "try more games (-n), "
    elif cooperative and "--bots mcts" in others:
        tried = f"try {' or '.join(others)} (mcts plays for the team), "
    else:
        tried = f"try {' or '.join(others)}, "
    return (f"The bots may be too weak (or too strong) for the game: {tried}or --bots oracle "
            "to see the game without its hidden information.")


def render(comparison: Comparison) -> str:
    width = max(len(label) for label in comparison.labels)
    lines = []
    if comparison.oracle is not None:
        lines += ["", *textwrap.wrap(comparison.oracle, WIDTH - 1)]
    if comparison.alike is not None:
        lines += ["", *textwrap.wrap(
            f"WARNING: {comparison.alike}, in every variant: who wins cannot differ between "
            f"them. {_try_instead(comparison.alike, comparison.kinds)}", WIDTH - 1)]
    if comparison.none_won:
        which = ", ".join(comparison.none_won)
        why = ("a team of oracles, every card face up, that does not win those rules even "
               "seeing everything" if comparison.oracle is not None else
               "these bots may not be able to win those rules, so a difference there may be "
               "the bots' more than the rules'. --bots mcts (it plays for the team), or --bots "
               "oracle (every card face up) winning some, would say how much is the bots'")
        lines += ["", *textwrap.wrap(
            f"NOTE: the team won none of the games of {which}: {why}.", WIDTH - 1)]
    for figure in comparison.figures:
        suffix = {"mean": " (mean per game)", "mean share": " (share of a game's decisions)",
                  "answer share": " (share of its answers in a game)",
                  "fair share": " (each against its fair share, 1 in P players)"}
        if figure.measure == "fair share" and figure.name.startswith("bot "):
            suffix["fair share"] = " (each against its fair share, its seats of the P)"
        lines += ["", figure.name + suffix.get(figure.measure, "")]
        rows = []
        for label, value, diff in zip(comparison.labels, figure.values, figure.differences):
            shown = "-" if value is None else _shown(value, figure.measure)
            said = ""
            if value is not None and diff is None and label == comparison.labels[0]:
                said = "(baseline)"
            elif diff is not None:
                said = _difference(diff, figure.measure)
            elif value is not None and figure.values[0] is not None:
                said = "the same in every game of both: nothing to test"
            rows.append((f"  {label:<{width}}  {shown:<28}", said))
        # a difference too wide for its line goes under its value, the figure's others too
        under = any(len(line) + 2 + len(said) >= WIDTH for line, said in rows)
        lead = " " * (4 + width)
        for line, said in rows:
            if under and said and said != "(baseline)":
                lines.append(line.rstrip())
                lines += textwrap.wrap(said, WIDTH - 1, initial_indent=lead,
                                       subsequent_indent=lead + "  ")
            else:
                lines.append((line + ("  " + said if said else "")).rstrip())
    # the comparisons Holm's method adjusted: those with a p-value (not "too few games to test")
    tested = sum(1 for f in comparison.figures for d in f.differences
                 if d is not None and d.adjusted_p is not None)
    made = "the comparison made" if tested == 1 else f"the {tested} comparisons made"
    lines += [""] + textwrap.wrap(
        "The first variant is the baseline. Shares are compared with Fisher's exact test, "
        f"means with Welch's test (normal approximation, needs {stats.MIN_FOR_MEANS} games a "
        f"variant); p is adjusted with Holm's method for {made}, and "
        "'differs' means the adjusted p is below 0.05 (the 95% intervals are not adjusted)."
        + (" The player counts differ, so each seat's wins and the first player's are not "
           "compared with the baseline's: each variant's is tested against its fair share, "
           "1 in P players (the exact binomial test)."
           if any(f.measure == "fair share" for f in comparison.figures) else ""),
        WIDTH - 1)
    return "\n".join(lines) + "\n"


def _shown(value, measure) -> str:
    if measure in ("share", "fair share"):
        return f"{percent(value.share)} ({interval(value)})"
    if measure in ("mean share", "answer share"):
        return f"{percent(value.mean)} (spread {100 * value.sd:.1f} points)"
    return f"{number(value.mean)} (spread {number(value.sd)})"


def _difference(diff: Difference, measure: str) -> str:
    if diff.p_value is None:
        return "too few games to test"
    in_points = measure in ("share", "mean share", "answer share", "fair share")
    unit = " points" if in_points else ""
    scale = 100 if in_points else 1

    def signed(x):
        x = scale * x + 0.0  # (-0.0 is 0)
        # a difference, or an end of its interval, that is not 0 never shows as 0
        fewest = 1 if in_points else 2
        if x != 0 and round(x, fewest) == 0:
            text = f"{x:.{1 - math.floor(math.log10(abs(x)))}f}"  # two significant digits
        else:
            text = f"{x:.1f}" if in_points else number(x)
        return ("+" if x > 0 else "") + text

    span = ""
    if diff.low is not None and diff.high is not None:
        # the interval is the test's before Holm's adjustment: where it and the verdict
        # disagree (an interval without 0 beside "no clear difference"), the line says so
        without_zero = diff.low > 0 or diff.high < 0
        unadjusted = ", not adjusted" if without_zero != diff.significant else ""
        span = f" ({signed(diff.low)} to {signed(diff.high)}{unadjusted})"
    verdict = "differs" if diff.significant else "no clear difference"
    adjusted = cast(float, diff.adjusted_p)  # set by Holm's method for every tested difference
    if measure == "fair share":
        verdict = "differs from it" if diff.significant else "no clear difference from it"
        unit += " from fair"
    return f"{signed(diff.difference)}{unit}{span}, {p_text(adjusted)}: {verdict}"
