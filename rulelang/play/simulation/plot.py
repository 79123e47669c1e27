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


def plot_comparison(comparison, head: list[str], path: str) -> None:
    """``compare --plot``: each figure compared, one panel each, every variant's value with
    its 95% interval (a share's Wilson interval; a mean's, 1.96 standard errors either side),
    the variants that differ from the baseline (Holm-adjusted) in red."""
    import math
    import textwrap

    import matplotlib
    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt

    figures, labels = comparison.figures, comparison.labels
    columns = max(1, min(3, len(figures)))
    rows = max(1, -(-len(figures) // columns))
    figure, axes = plt.subplots(rows, columns, squeeze=False,
                                figsize=(5 * columns, (1.2 + 0.4 * len(labels)) * rows + 1.2))
    for ax, shown in zip(axes.flat, figures):
        scale = 100 if shown.measure in ("share", "fair share", "mean share") else 1
        for row, (value, diff) in enumerate(zip(shown.values, shown.differences)):
            if value is None:
                continue
            if hasattr(value, "share"):  # a rate: its Wilson interval
                mid, low, high = value.share, value.low, value.high
            else:  # a spread: its mean, give or take 1.96 standard errors
                half = 1.96 * value.sd / math.sqrt(value.games) if value.games > 1 else 0.0
                mid, low, high = value.mean, value.mean - half, value.mean + half
            differs = diff is not None and diff.significant
            if shown.measure == "fair share" and diff is not None:  # red: apart from its fair
                # share (1 in P players), marked with a grey bar, not from the baseline's
                ax.plot(scale * (value.share - diff.difference), row, marker="|",
                        markersize=16, color="grey", gid="fair share")
            ax.errorbar(scale * mid, row, xerr=[[scale * (mid - low)], [scale * (high - mid)]],
                        fmt="o", capsize=4, color="tab:red" if differs else "tab:blue")
        ax.set_yticks(range(len(labels)), labels)
        ax.set_ylim(len(labels) - 0.5, -0.5)  # the baseline on top
        unit = " (%)" if scale == 100 else ""
        if shown.measure == "fair share":
            unit = " (%; grey: its fair share, 1 in P; red: apart from it)"
        ax.set_title("\n".join(textwrap.wrap(shown.name + unit, 45)), fontsize=10)
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(figures):]:
        ax.set_visible(False)
    key = ("95% intervals (shares: Wilson; means: 1.96 standard errors); red: differs from the "
           "baseline (the first), Holm-adjusted p below 0.05")
    lines = [part for line in [*head, key] for part in textwrap.wrap(line, 40 * columns)]
    figure.suptitle("\n".join(lines), fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
