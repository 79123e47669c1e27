"""``simulate --plot``: score and length distributions drawn to a PNG (matplotlib)."""
from __future__ import annotations


def plot(run, summary, path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    records = run.records
    panels = [("Team score" if summary.cooperative else "Scores", _score_series(records, summary))]
    if summary.turns is not None:
        panels.append(("Turns per game", {"games": [r.turns for r in records]}))
    panels.append(("Decisions per game", {"games": [r.decisions for r in records]}))
    figure, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4), squeeze=False)
    for ax, (title, series) in zip(axes[0], panels):
        everything = [v for values in series.values() for v in values]
        bins = _bins(everything)
        for label, values in series.items():
            if not values:
                continue
            ax.hist(values, bins=bins, weights=[100 / len(values)] * len(values),
                    histtype="step" if len(series) > 1 else "bar", linewidth=1.5,
                    alpha=1 if len(series) > 1 else 0.8, label=f"{label} (mean {_mean(values)})")
        ax.set_title(title)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel("% of games")
        ax.grid(alpha=0.3)
        ax.legend()
    figure.suptitle(caption(summary, width=40 * len(panels)))
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def caption(summary, width: int = 120) -> str:
    """What the chart shows, as the report's head says it (a PNG kept apart from the report
    still names its bots, options and seeds), and a team's wins: a team score alone does
    not say how often the team won."""
    import textwrap

    from rulelang.play.simulation.report import header, interval, percent
    lines = header(summary)
    if summary.cooperative and summary.team_wins is not None:
        wins = summary.team_wins
        lines.append(f"the team won {percent(wins.share)} ({interval(wins)}, 95% Wilson) of "
                     f"{summary.games:,} games")
    return "\n".join(part for line in lines for part in textwrap.wrap(line, width))


def _score_series(records, summary) -> dict:
    if summary.cooperative:
        return {"team": [r.scores[0] for r in records if r.scores]}
    return {seat.seat: [r.scores[p] for r in records]
            for p, seat in enumerate(summary.seats)}


def _bins(values, most: int = 30):
    """Whole-number bins: one per value when there are few, else about ``most`` of them."""
    if not values:
        return 1
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // most))  # ceiling division
    edges, edge = [], low - 0.5
    while edge <= high + 0.5:
        edges.append(edge)
        edge += width
    edges.append(edge)
    return edges


def _mean(values) -> str:
    return f"{sum(values) / len(values):.1f}"
