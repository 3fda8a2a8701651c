"""An HTML report of a run or a sweep: the figures with their plots, SVG inside the page and
PNG beside it, so it opens in any browser and the pictures travel on their own."""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from engine.balance.figures import Rate
from engine.balance.summary import Summary, text
from engine.scenario.atomic import replacing, write_atomic

if TYPE_CHECKING:
    from engine.balance.sweep import Influence, VariantResult


def _errors(rates: list[Rate]) -> list[list[float]]:
    """Each rate's distance to its interval's ends, as error bars (never below 0: at a rate
    of 0 or 1 rounding can put an end a hair past the rate)."""
    return [[max(0.0, rate.value - rate.low) for rate in rates], [max(0.0, rate.high - rate.value) for rate in rates]]


def plain(words: str) -> str:
    """Text matplotlib draws as it is: a pair of ``$`` would start its mathtext (a seat named
    "Red $x^{$" fails the drawing), so each is escaped."""
    return words.replace("$", r"\$")


def plots(summary: Summary) -> dict[str, Figure]:
    """The figures drawn with matplotlib, by name, for the caller to save or show. Made as plain
    ``Figure`` objects, not through pyplot, whose registry would keep every figure ever drawn
    alive until closed: these go when their last holder lets them go."""
    figures = {}
    fair = 1 / summary.players

    def rates(name: str, labels: list[str], values, title: str) -> None:
        figure = Figure(figsize=(6, 3.2))
        axes = figure.subplots()
        centres = [rate.value for rate in values]
        errors = _errors(values)
        axes.bar(labels, centres, yerr=errors, capsize=4, color="#5b7fb0")
        axes.axhline(fair, color="#aa3333", linestyle="--", linewidth=1, label=f"fair share 1/{summary.players}")
        axes.set_ylim(0, 1)
        axes.set_ylabel("win rate (95% interval)")
        axes.set_title(title)
        axes.legend(loc="upper right", fontsize=8)
        figure.tight_layout()
        figures[name] = figure

    rates("win-rates", [plain(seat) for seat in summary.seats], summary.seat_win, f"Win rate per seat ({summary.finished} games)")
    rates("first-player", [f"{n}." for n in range(1, summary.players + 1)], summary.position_win,
          "Win rate by position in turn order")
    if len(summary.by_bot) > 1:
        rates("by-bot", [plain(bot) for bot in summary.by_bot], list(summary.by_bot.values()),
              "Win rate per bot, pooled over the seats it sat in")
    figure = Figure(figsize=(6, 3.2))
    axes = figure.subplots()
    axes.set_title(f"Game length in turns (mean {summary.turns.mean:.1f})")
    if summary.turns_histogram:
        _histogram(axes, summary.turns_histogram, "#6a9a5b")
    axes.set_xlabel("turns")
    axes.set_ylabel("games")
    figure.tight_layout()
    figures["length"] = figure
    for name, counts, title, label in (
            ("lead-changes", summary.lead_change_counts, f"Lead changes per game (mean {summary.lead_changes.mean:.2f})",
             "times the lead passed"),
            ("decisive-turn", summary.decisive_turns,
             f"Turn from which the winner led for good ({summary.decisive_turn.count} games)", "turn")):
        figure = Figure(figsize=(6, 3.2))
        axes = figure.subplots()
        axes.set_title(title)
        if counts:
            _histogram(axes, counts, "#8a6bb0")
        axes.set_xlabel(label)
        axes.set_ylabel("games")
        figure.tight_layout()
        figures[name] = figure
    figure = Figure(figsize=(6, 3.2))
    axes = figure.subplots()
    for seat, name in enumerate(summary.seats):
        axes.plot([scores[seat] for scores in summary.mean_scores], label=plain(name))
    axes.set_title("Mean score over the game")
    axes.set_xlabel("turn")
    axes.set_ylabel("score")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figures["scores"] = figure
    if summary.cards:
        cards = sorted(summary.cards, key=lambda c: c.played)[:30]
        rates = [c.win_rate_when_played for c in cards]
        figure = Figure(figsize=(6.5, max(3.2, 0.24 * len(cards))))
        axes = figure.subplots()
        axes.barh([plain(f"{c.card} ({c.played})") for c in cards], [rate.value for rate in rates],
                  xerr=_errors(rates),
                  capsize=2, error_kw={"elinewidth": 0.8}, color="#b08a5b")
        axes.axvline(fair, color="#aa3333", linestyle="--", linewidth=1)
        axes.set_xlim(0, 1)
        axes.set_xlabel("win rate of the seat that played it (95% interval)")
        axes.set_title("The 30 least-played cards (games played in)")
        axes.tick_params(axis="y", labelsize=7)
        figure.tight_layout()
        figures["cards"] = figure
    return figures


MOST_BINS = 30


def _histogram(axes, counts: dict[int, int], colour: str) -> None:
    """How many games had each value, in at most ``MOST_BINS`` bars: a bar per value (lead changes
    0 to 3) when they span few, else ranges of values, or games hundreds of turns long show as a
    comb of one-game lines."""
    values = list(counts)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    if max(values) - min(values) < MOST_BINS:
        axes.bar(values, list(counts.values()), color=colour)
    else:
        axes.hist(values, bins=MOST_BINS, weights=list(counts.values()), color=colour)


def write_report(summary: Summary, out_dir: Path, title: str, settings: Sequence[tuple[str, str]] = ()) -> Path:
    """index.html with the run's settings, the figures and every plot inline as SVG, and each
    plot as a PNG beside it."""
    return _page(out_dir, f"{title}: balance", settings, text(summary), plots(summary))


def _page(out_dir: Path, heading: str, settings: Sequence[tuple[str, str]], body: str,
          figures: dict[str, Figure]) -> Path:
    """The page: settings as a table, the text wrapping, every figure as SVG inline and PNG beside."""
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = "".join(f"<tr><th>{html.escape(name)}</th><td>{html.escape(value)}</td></tr>" for name, value in settings)
    sections = []
    for name, figure in figures.items():
        with replacing(out_dir / f"{name}.png") as temporary:
            figure.savefig(temporary, dpi=110, format="png")
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg")
        svg = buffer.getvalue()
        sections.append(f'<figure id="{name}">{svg[svg.index("<svg"):]}<figcaption><a href="{name}.png">'
                        f"{name}.png</a></figcaption></figure>")
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(heading)}</title>
<style>body{{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}}
pre{{background:#f4f4f4;padding:1rem;white-space:pre-wrap;overflow-wrap:anywhere}}
th{{text-align:left;padding-right:1rem;vertical-align:top}} td{{overflow-wrap:anywhere}}</style></head>
<body><h1>{html.escape(heading)}</h1>
<table class="settings">{rows}</table>
<pre>{html.escape(body)}</pre>
{"".join(sections)}
</body></html>
"""
    path = out_dir / "index.html"
    write_atomic(path, page)
    return path


def write_sweep_report(results: Sequence[VariantResult], ranked: Sequence[Influence], out_dir: Path, title: str,
                       settings: Sequence[tuple[str, str]] = (), fixed: Sequence[tuple[str, object]] = ()) -> Path:
    """index.html for a sweep: its settings, each variant's Balance with its bootstrap interval
    drawn, the table and the ranking (paired by seed) as text; the plot as PNG beside it."""
    from engine.balance.sweep import ranking_text, table

    played = [(number, r) for number, r in enumerate(results) if r.summary is not None]
    figure = Figure(figsize=(7, max(3.2, 0.35 * len(played))))
    axes = figure.subplots()
    values = [r.summary.balance for _, r in played]
    errors = [[max(0.0, r.summary.balance - r.summary.balance_interval.low) for _, r in played],
              [max(0.0, r.summary.balance_interval.high - r.summary.balance) for _, r in played]]
    axes.barh([plain(f"{number}. {r.label(tuple(fixed))}") for number, r in played], values, xerr=errors,
              capsize=3, color="#5b7fb0")
    axes.set_xlim(0, 1)
    axes.set_xlabel("Balance (bootstrap 95% interval)")
    axes.set_title("Balance per variant")
    axes.invert_yaxis()
    figure.tight_layout()
    body = table(results, tuple(fixed)) + "\n\n" + ranking_text(ranked)
    return _page(out_dir, f"{title}: sweep", settings, body, {"balance-per-variant": figure})
