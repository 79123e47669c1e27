"""A simulation's summary as the plain text ``rulelang simulate`` prints."""
from __future__ import annotations

import textwrap
from typing import cast

from rulelang.play.simulation.playing import oracle_note
from rulelang.play.simulation.stats import ALPHA, LEVEL, Rate, Spread
from rulelang.play.simulation.summary import FirstPlayer, Summary

WIDTH = 100  # characters a line, at most, where text wraps


def percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def interval(rate: Rate) -> str:
    return f"{100 * rate.low:.1f} to {100 * rate.high:.1f}%"


def number(value: float) -> str:
    """Whole numbers without decimals, others with one or two."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}" if abs(value) < 10 else f"{value:,.1f}"


def games(n: int) -> str:
    return f"{n:,} game" if n == 1 else f"{n:,} games"


def p_text(p: float) -> str:
    """p with three decimals, or more where three would put it on the wrong side of the
    0.05 that significance is judged by (0.0503 is not "p = 0.050")."""
    if p < 0.001:
        return "p < 0.001"
    limit, decimals = round(ALPHA, 10), 3  # (ALPHA is 1 - 0.95: 0.05 and a little)
    while decimals < 8 and ((round(p, decimals) < limit) != (p < limit)
                            or (round(p, decimals) == limit and p != limit)):
        decimals += 1
    return f"p = {p:.{decimals}f}"


def spread_text(s: Spread) -> str:
    return (f"{number(s.mean)} on average (spread {number(s.sd)}; "
            f"from {number(s.low)} to {number(s.high)}, median {number(s.median)})")


def seeds_text(summary: Summary) -> str:
    """The seeds of the games the figures are about: those asked for, or (a run stopped
    early) those finished."""
    runs = summary.seeds_played if summary.stopped else [
        [summary.first_seed, summary.first_seed + summary.games_asked - 1]]
    if not runs:
        return "no seed finished"
    if len(runs) > 3:  # the workers' chunks finished out of order: too many runs to list
        return f"{summary.games:,} of the seeds {runs[0][0]} to {runs[-1][1]}"
    if len(runs) == 1 and runs[0][0] == runs[0][1]:
        return f"seed {runs[0][0]}"
    return "seeds " + ", ".join(str(a) if a == b else f"{a} to {b}" for a, b in runs)


def header(summary: Summary) -> list[str]:
    bots = ", ".join(f"{seat} {kind}" for seat, kind in summary.bots.items())
    seeds = seeds_text(summary)
    lines = [f"{summary.title}: {games(summary.games)} ({seeds}), "
             f"{summary.players} players: {bots}"]
    if summary.rotate:
        lines += textwrap.wrap("--rotate: the bots sit as given in the first game, then each "
                               "game moves every bot one seat on (the last seat's to P1)", WIDTH)
    note = oracle_note(summary.bots, summary.rotate)
    if note is not None:
        lines += textwrap.wrap(note, WIDTH)
    if summary.stopped:
        lines.append(f"stopped early: {summary.games:,} of {games(summary.games_asked)} "
                     "finished; the figures below are theirs")
    if summary.think is not None:
        lines += textwrap.wrap(
            f"--think {summary.think:g}: the bots thought for a time, not a fixed budget: their "
            "moves depend on the machine's speed, and these figures do not replay exactly", WIDTH)
    if summary.options:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in summary.options.items()))
    return lines


NONE_WON_AFTER = 10  # games a team lost every one of before the report says what that may mean


def _none_won(summary: Summary) -> list[str]:
    """A team that won none of its games: the rules may be too hard, or the bots too weak
    (a designer reading 0% should know which); the oracle tells them apart."""
    if all(kind == "oracle" for kind in summary.bots.values()):
        return ["  the team won none, with every card face up: these bots do not win these",
                "  rules even seeing everything"]
    lines = ["  the team won none: these bots may not be able to win these rules; --bots",
             "  oracle (every card face up) winning some would say how much is the bots'"]
    if "random" in summary.bots.values():
        lines.append("  (random bots play at random, not for the team: --bots mcts or --bots "
                     "advice do)")
    return lines


RANDOM_PLAY = ("every seat played at random: these are the figures of random play, not of "
               "players who aim to win (--bots greedy or --bots mcts do; compare --bots random "
               "--bots greedy shows how far the figures move)")


def render(summary: Summary) -> str:
    lines = header(summary)
    if not summary.cooperative and set(summary.bots.values()) == {"random"}:
        lines += textwrap.wrap(RANDOM_PLAY, WIDTH)
    if summary.games == 0:
        lines.append("no game finished")
        return "\n".join(lines) + "\n"
    level = f"{100 * LEVEL:.0f}%"
    if summary.cooperative:
        lines += ["", f"The team (cooperative game; {level} intervals, Wilson)"]
        wins = cast(Rate, summary.team_wins)  # a cooperative game's
        lines.append(f"  wins   {percent(wins.share):>6}  "
                     f"({interval(wins)})  {games(wins.count)}")
        for count in summary.results:  # lost (lose), and ended with the score (end): no verdict
            word = {"loss": "losses", "score": "scored"}.get(count.label)
            if word is not None:
                lines.append(f"  {word:<6} {percent(count.rate.share):>6}  "
                             f"({interval(count.rate)})  {games(count.rate.count)}")
        if wins.count == 0 and summary.games >= NONE_WON_AFTER:
            lines += _none_won(summary)
        if summary.team_score is not None:
            lines.append(f"  score  {spread_text(summary.team_score)}")
            lines += _count_lines(summary.team_scores, "score ")
    else:
        lines += ["", f"Who wins ({level} intervals, Wilson; a shared win counts for each winner)"]
        for seat in summary.seats:
            lines.append(f"  {seat.seat:<6} wins {percent(seat.wins.share):>6}  "
                         f"({interval(seat.wins)})  {games(seat.wins.count)}")
        draws = cast(Rate, summary.draws)  # a competitive game's
        lines.append(f"  draws       {percent(draws.share):>6}  "
                     f"({interval(draws)})  {games(draws.count)}")
        if summary.tiebreaks is not None:  # wins the score alone left tied
            tied = summary.tiebreaks
            lines.append(f"  tiebreak    {percent(tied.share):>6}  "
                         f"({interval(tied)})  {games(tied.count)} won on the tiebreak, the "
                         "score tied")
        shared = summary.shared_wins
        by = "sides" if summary.sides is not None else "seats"
        if shared is not None:  # why the wins can add up to more than every game
            lines.append(f"  shared wins {percent(shared.share):>6}  "
                         f"({interval(shared)})  {games(shared.count)} won by two {by} or more")
        if summary.sides is not None:  # partners (team p = ...): a side's win counts once
            lines += ["", f"Who wins by side ({level} intervals, Wilson; partners by the rules' "
                          "team, a side's win counted once)"]
            width = max(6, *(len(side.side) for side in summary.sides))
            for side in summary.sides:
                lines.append(f"  {side.side:<{width}} wins {percent(side.wins.share):>6}  "
                             f"({interval(side.wins)})  {games(side.wins.count)}")
        lines += _bot_lines(summary, level)
        lines += ["", "Scores"]
        for seat in summary.seats:
            if seat.score is not None:
                lines.append(f"  {seat.seat:<6} {spread_text(seat.score)}")
        lines += _first_player_lines(summary)
    lines += _length_lines(summary)
    lines += _kind_lines(summary)
    lines += ["", "How games ended (each reason as the rules write it; in one built in play, "
                  "numbers are #)"]
    lines += _count_lines(summary.reasons)
    for report in summary.reports:
        lines += ["", f"Report \"{report.name}\""]
        if report.per_seat:  # each seat's figures, not every combination of the seats' values
            width = max(6, *(len(s.seat) for s in report.per_seat))
            lines += [f"  {s.seat:<{width}} {spread_text(s.numbers)}" for s in report.per_seat]
            continue
        if report.numbers is not None:
            lines.append(f"  {spread_text(report.numbers)}")
        if report.sizes is not None:
            lines.append(f"  items in the list: {spread_text(report.sizes)}")
        if report.item_numbers is not None:
            lines.append(f"  each item: {spread_text(report.item_numbers)}")
        if report.items:
            lines.append("  games where the list holds each item:")
            lines += _count_lines(report.items)
            lines.append("  the whole lists, most common first:")
        lines += _count_lines(report.values)
    return "\n".join(lines) + "\n"


def _bot_lines(summary: Summary, level: str) -> list[str]:
    """With --rotate: each bot's wins, at each seat, and against its fair share."""
    if not summary.by_bot:
        return []
    width = max(6, *(len(bot.bot) for bot in summary.by_bot))
    lines = ["", f"Who wins by bot (--rotate: each bot sat at each seat in turn; {level} "
                 "intervals, Wilson)"]
    for bot in summary.by_bot:
        lines.append(f"  {bot.bot:<{width}} wins {percent(bot.wins.share):>6}  "
                     f"({interval(bot.wins)})  {games(bot.wins.count)}")
    seats = [cell.seat for cell in summary.by_bot[0].by_seat]
    lines.append("  by seat (of the games the bot sat there, the wins of that seat)")
    lines.append(f"  {'':<{width}} " + "".join(f"{seat:>18}" for seat in seats))
    for bot in summary.by_bot:
        lines.append(f"  {bot.bot:<{width}} " + "".join(
            f"{percent(c.wins.share) + ' of ' + f'{c.wins.total:,}':>18}" for c in bot.by_seat))
    for bot in summary.by_bot:
        if bot.games == 0:
            lines.append(f"  {bot.bot}: no game had a single winner: nothing to test")
            continue
        verdict = ("more than its fair share" if bot.significant and bot.won.share > bot.fair_share
                   else "less than its fair share" if bot.significant
                   else "no significant difference from its fair share")
        lines += textwrap.wrap(
            f"{bot.bot} won {bot.won.count:,} of the {bot.games:,} games with one winner: "
            f"{percent(bot.won.share)} ({interval(bot.won)}), its fair share {percent(bot.fair_share)}"
            f" ({bot.seats} of {summary.players} seats): {verdict} ({bot.test}, "
            f"{p_text(bot.p_value)})", WIDTH, initial_indent="  ", subsequent_indent="    ")
    return lines


def _first_player_lines(summary: Summary) -> list[str]:
    if summary.all_at_once:
        return ["", "First player",
                "  none: every decision is made by each player at once (choose ... by each),",
                "  so no seat moves first and there is no first-player advantage to test"]
    if summary.first_at_once:
        return ["", "First player",
                "  none: the first decision is made by each player at once (choose ... by each),",
                "  so no seat moves first and there is no first-player advantage to test"]
    lines = ["", "First player (the seat whose turn came first; in rules without turns, the first "
             "to decide)"]
    lines.append("  went first: " + ", ".join(
        f"{s.seat} {percent(s.went_first.share)}" for s in summary.seats))
    fp = summary.first_player
    if fp is None:
        return lines
    if fp.by_side:
        return lines + _first_side_lines(summary, fp)
    if fp.games == 0:
        lines.append("  no game had a single winner: nothing to test")
        return lines
    lines.append(f"  the first player won {fp.wins.count:,} of the {fp.games:,} games with one "
                 f"winner: {percent(fp.wins.share)} ({interval(fp.wins)})")
    lines.append(f"  going first without an advantage would win {percent(fp.even_chance)} of them")
    return lines + _verdict_lines(summary, fp) + _turn_order_lines(summary)


def _turn_order_lines(summary: Summary) -> list[str]:
    """Three players or more: each place in the turn order's share of the wins, and whether
    the places differ (a third player who wins less is no first-player advantage)."""
    order = summary.turn_order
    if order is None or order.games == 0:
        return []
    places = ", ".join(f"{_ordinal(i + 1)} {percent(rate.share)}"
                       for i, rate in enumerate(order.wins))
    verdict = "the places differ" if order.significant else "no significant difference"
    return textwrap.wrap(f"wins by place in the turn order (1st: the first player): {places}",
                         WIDTH, initial_indent="  ", subsequent_indent="    ") + [
        f"  {verdict} (chi-square test of the {order.games:,} games with one winner, "
        f"{p_text(order.p_value)})"]


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _first_side_lines(summary: Summary, fp: FirstPlayer) -> list[str]:
    """The first player's test with partners: does the first player's side win more than
    its share of the games one side won?"""
    sides = summary.sides or []
    lines = ["  went first, by side: " + ", ".join(
        f"{s.side} {percent(s.went_first.share)}" for s in sides)]
    if fp.games == 0:
        lines.append("  no game was won by a single side: nothing to test")
        return lines
    lines.append(f"  the first player's side won {fp.wins.count:,} of the {fp.games:,} games "
                 f"one side won: {percent(fp.wins.share)} ({interval(fp.wins)})")
    lines.append(f"  going first without an advantage would win {percent(fp.even_chance)} of them")
    return lines + _verdict_lines(summary, fp)


def _verdict_lines(summary: Summary, fp: FirstPlayer) -> list[str]:
    lines: list[str] = []
    who = "the first player's side" if fp.by_side else "the first player"
    verdict = (f"an advantage for {who}" if fp.significant and fp.wins.share > fp.even_chance
               else f"a disadvantage for {who}" if fp.significant
               else "no significant difference")
    test = f"({fp.test}, {p_text(fp.p_value)}; significant below 0.05)"
    if len(verdict) + len(test) + 3 <= WIDTH:
        lines.append(f"  {verdict} {test}")
    else:  # the test under its verdict, within the line's width
        lines += [f"  {verdict}", f"    {test}"]
    kinds = set(summary.bots.values())
    if len(kinds) > 1 and summary.rotate:
        lines.append("  the bots were rotated round the seats: each bot's own figures are under "
                     "Who wins by bot")
        lines += _first_by_bot_lines(summary)
    elif len(kinds) > 1:  # a seat that goes first more often brings its bot to the test
        lines.append("  the seats' bots differ: this measures the bot of the seat that goes "
                     "first as much as going first")
    return lines


def _first_by_bot_lines(summary: Summary) -> list[str]:
    """With --rotate: each bot's wins when it went first and when it did not, which tells
    going first apart from the bot that went first."""
    bots = [bot for bot in summary.by_bot or () if bot.when_first is not None]
    if not bots:
        return []
    width = max(6, *(len(bot.bot) for bot in bots))
    lines = ["  each bot's wins when it went first and when it did not (a shared win counts for "
             "each winner)",
             f"  {'':<{width}} {'went first':>18}{'did not':>18}"]
    for bot in bots:
        cells = [cast(Rate, rate) for rate in (bot.when_first, bot.when_not_first)]
        lines.append(f"  {bot.bot:<{width}} " + "".join(
            f"{percent(c.share) + ' of ' + f'{c.total:,}':>18}" for c in cells))
    return lines


def _length_lines(summary: Summary) -> list[str]:
    lines = ["", "Length"]
    if summary.turns is not None:
        lines.append(f"  turns      {spread_text(summary.turns)}")
    if summary.decisions is not None:
        lines.append(f"  decisions  {spread_text(summary.decisions)}")
    lines.append(f"  branching  {number(summary.branching)} legal moves per decision on average "
                 f"({number(summary.branching_with_choice)} when there is a choice)")
    lines.append(f"  forced     {percent(summary.forced.share)} of decisions had a single "
                 "legal move")
    return lines


def _kind_lines(summary: Summary) -> list[str]:
    if not summary.kinds:
        return []
    width = min(40, max(len(k.kind) for k in summary.kinds))
    lines = ["", "Decisions by kind (prompts as the rules write them)",
             f"  {'kind':<{width}}  per game  share  moves  forced  passed"]
    for k in summary.kinds:
        lines.append(f"  {_cut(k.kind, width):<{width}}  {k.per_game:>8.1f}  "
                     f"{percent(k.share):>5}  {k.options:>5.1f}  {percent(k.forced):>6}  "
                     f"{percent(k.passed):>6}")
    named = [f'"{k.pass_word}" ({_cut(k.kind, 30)})' for k in summary.kinds if k.pass_word]
    if named:  # (passed is the pass move, whatever the rules call it)
        lines += textwrap.wrap("passed: the pass move, which these rules call " + ", ".join(named),
                               WIDTH, initial_indent="  ", subsequent_indent="    ")
    answered = [f"{_cut(k.kind, 30)} {percent(k.yes)}" + _yes_by(summary, k)
                for k in summary.kinds if k.yes is not None]
    if answered:  # (a yes-or-no question: how often the bots said yes, roll again, draw more)
        lines += textwrap.wrap("answered yes (of its yes-or-no decisions): " + ", ".join(answered),
                               WIDTH, initial_indent="  ", subsequent_indent="    ")
    return lines


def _yes_by(summary: Summary, kind) -> str:
    """Where the seats' bots differ (mcts against advice), how far each pushes: bot by bot
    when --rotate moved them round the seats (a seat's share would mix them), else seat by
    seat; nothing where every seat's bot is the same."""
    if kind.bot_yes is not None:
        return " (" + ", ".join(f"{b.bot} {percent(b.share)}" for b in kind.bot_yes) + ")"
    if len(set(summary.bots.values())) > 1:
        return " (" + ", ".join(f"{s.seat} {percent(s.share)}" for s in kind.seat_yes or []) + ")"
    return ""


def _count_lines(counts, prefix: str = "") -> list[str]:
    """Count, share, then the label: long labels (end reasons) wrap under themselves."""
    lines = []
    for c in counts:
        lead = f"  {c.rate.count:>7,}  {percent(c.rate.share):>6}  "
        wrapped = textwrap.wrap(prefix + c.label, WIDTH - len(lead)) or [""]
        lines.append(lead + wrapped[0])
        lines += [" " * len(lead) + more for more in wrapped[1:]]
    return lines


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."


def seconds_text(seconds: float) -> str:
    """A run's time: a tenth of a second from one second up, two significant digits below
    (a fast run's 0.04 s, not 0.0 s)."""
    return f"{seconds:.1f} s" if seconds >= 0.95 else f"{seconds:.2g} s"


def speed(run) -> str:
    decisions = sum(r.decisions for r in run.records)
    seconds = max(run.elapsed, 1e-9)
    where = f"Ray ({run.workers} CPUs)" if run.backend == "ray" else (
        "1 worker" if run.workers == 1 else f"{run.workers} workers")
    return (f"{games(len(run.records))} in {seconds_text(run.elapsed)} on {where}: "
            f"{len(run.records) / seconds:,.1f} games/s, {decisions / seconds:,.0f} decisions/s")
