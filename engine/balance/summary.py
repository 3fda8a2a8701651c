"""All the figures of one run, as a table for the terminal, JSON, CSV and the report."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from typing import Any

from attrs import asdict, frozen

from engine.balance.bootstrap import Interval, balance_interval
from engine.balance.figures import (
    CardFigure,
    GameRecord,
    Rate,
    Spread,
    balance,
    bot_win_rates,
    card_figures,
    decisive_turn,
    faction_win_rates,
    lead_change_rate,
    lead_changes,
    outliers,
    position_win_rates,
    seat_win_rates,
    shared_wins,
    spread,
)
from engine.balance.metrics import Metrics, lines, metrics


@frozen
class Summary:
    players: int
    seats: tuple[str, ...]
    games: int
    finished: int
    capped: tuple[str, ...]  # the seeds of games the simulation capped, each replayable
    seat_win: tuple[Rate, ...]
    won_alone: tuple[int, ...]  # per seat: games it won alone
    won_shared: tuple[int, ...]  # per seat: games it won jointly with another seat
    final_scores: tuple[Spread, ...]  # per seat: its score at the end of the finished games
    position_win: tuple[Rate, ...]
    balance: float
    balance_interval: Interval  # bootstrap 95% over the games
    shared_wins: int
    turns: Spread
    actions: Spread
    lead_changes: Spread
    lead_change_rate: Spread  # lead changes per turn boundary (Ludii's LeadChange)
    decisive_turn: Spread
    factions: dict[str, Rate]
    by_bot: dict[str, Rate]  # per bot, pooled over the seats it sat in
    cards: tuple[CardFigure, ...]
    delta: float
    outliers: tuple[int, ...]
    mean_scores: tuple[tuple[float, ...], ...]  # per turn, every seat's mean score
    turns_histogram: dict[int, int]  # game length in turns: how many games lasted each
    lead_change_counts: dict[int, int]  # lead changes in a finished game: how many games had each
    decisive_turns: dict[int, int]  # the turn the winner led from for good: how many games had each
    measures: Metrics  # Ludii's evaluation set

    def as_data(self) -> dict[str, Any]:
        data = asdict(self, recurse=True)
        for key in ("seat_win", "position_win"):
            data[key] = [_rate(rate) for rate in getattr(self, key)]
        data["factions"] = {name: _rate(rate) for name, rate in self.factions.items()}
        data["by_bot"] = {name: _rate(rate) for name, rate in self.by_bot.items()}
        for name in ("completion", "timeouts", "drawishness"):
            data["measures"][name] = _rate(getattr(self.measures, name))
        data["cards"] = [{"card": c.card, "played": c.played, "win_rate_when_played": _rate(c.win_rate_when_played)}
                         for c in self.cards]
        return data


def _rate(rate: Rate) -> dict[str, float]:
    return {"wins": rate.hits, "games": rate.trials, "rate": rate.value, "low": rate.low, "high": rate.high}


def _mean_scores(records: Sequence[GameRecord], players: int) -> tuple[tuple[float, ...], ...]:
    longest = max((len(r.trajectory) for r in records), default=0)
    means = []
    for turn in range(longest):
        rows = [r.trajectory[min(turn, len(r.trajectory) - 1)] for r in records if r.trajectory]
        means.append(tuple(sum(row[seat] for row in rows) / len(rows) for seat in range(players)))
    return tuple(means)


def summarise(records: Sequence[GameRecord], seats: Sequence[str], delta: float = 0.1) -> Summary:
    players = len(seats)
    finished = [r for r in records if not r.capped]
    seat_win = seat_win_rates(records, players)
    turns_to_lead = [turn for r in finished if (turn := decisive_turn(r)) is not None]
    return Summary(
        players=players,
        seats=tuple(seats),
        games=len(records),
        finished=len(finished),
        capped=tuple(r.seed for r in records if r.capped),
        seat_win=tuple(seat_win),
        won_alone=tuple(sum(r.winners == (seat,) for r in finished) for seat in range(players)),
        won_shared=tuple(sum(seat in r.winners and len(r.winners) > 1 for r in finished) for seat in range(players)),
        final_scores=tuple(spread([r.scores[seat] for r in finished]) for seat in range(players)),
        position_win=tuple(position_win_rates(records, players)),
        balance=balance(seat_win),
        balance_interval=balance_interval(records, players),
        shared_wins=shared_wins(records),
        turns=spread([r.turns for r in records]),
        actions=spread([r.actions for r in records]),
        lead_changes=spread([lead_changes(r) for r in finished]),
        lead_change_rate=spread([lead_change_rate(r) for r in finished]),
        decisive_turn=spread(turns_to_lead),
        factions=faction_win_rates(records),
        by_bot=bot_win_rates(records),
        cards=tuple(card_figures(records)),
        delta=delta,
        outliers=tuple(outliers(seat_win, players, delta)) if finished else (),
        mean_scores=_mean_scores(records, players),
        turns_histogram=dict(sorted(Counter(r.turns for r in records).items())),
        lead_change_counts=dict(sorted(Counter(lead_changes(r) for r in finished).items())),
        decisive_turns=dict(sorted(Counter(turns_to_lead).items())),
        measures=metrics(records),
    )


def text(summary: Summary) -> str:
    """The figures as the terminal shows them: every rate with its interval and count, every
    mean with its interval and spread."""
    out = [(f"{summary.games} games: {summary.finished} finished, {len(summary.capped)} capped by the simulation "
           f"(not scored); {summary.shared_wins} shared wins (a shared win counts 1/k to each of its k winners "
           "in the win rate and, as a fractional win, in its Wilson interval, so the rates add up to 100%)")]
    if not summary.finished:
        out.append(f"no game finished, so there are no wins to count: raise the turn cap (length: "
                   f"{summary.turns.mean:.1f} turns, {summary.actions.mean:.1f} actions on average)")
        out.append("capped games (replay with their seed): " + ", ".join(summary.capped[:20]))
        return "\n".join(out)
    out.append(f"{'seat':<14}{'win rate [95% interval]':>34}{'alone':>7}{'shared':>8}{'mean score':>12}{'sd':>7}"
               f"{'5%':>7}{'95%':>7}")
    for seat, (name, rate) in enumerate(zip(summary.seats, summary.seat_win)):
        score = summary.final_scores[seat]
        out.append(f"{name:<14}{rate!s:>34}{summary.won_alone[seat]:>7}{summary.won_shared[seat]:>8}"
                   f"{score.mean:>12.2f}{score.stdev:>7.2f}{score.p5:>7.1f}{score.p95:>7.1f}")
    out.append("by position in turn order (first player = 1):")
    for position, rate in enumerate(summary.position_win, start=1):
        out.append(_rate_row(str(position), rate))
    out.append(f"Balance (1 - largest win-rate gap): {summary.balance:.3f} {summary.balance_interval} "
               "(95%, a bootstrap band over the games)")
    out.append(f"length in turns: {summary.turns}")
    out.append(f"length in actions: {summary.actions}")
    out.append(f"lead changes per game: {summary.lead_changes}")
    led = summary.decisive_turn
    out.append(f"the winner led for good from turn: {led} over {led.count} games" if led.count
               else "no winner led for good before the end")
    fair = 1 / summary.players
    if summary.outliers:
        names = ", ".join(summary.seats[s] for s in summary.outliers)
        out.append(f"WARNING: win rate outside 1/{summary.players} ± {summary.delta:g} for {names}, beyond noise "
                   f"(the 95% interval excludes {fair:.1%})")
    else:
        strays = [name for name, rate in zip(summary.seats, summary.seat_win)
                  if not fair - summary.delta <= rate.value <= fair + summary.delta]
        if strays:
            out.append(f"within noise: {', '.join(strays)} outside 1/{summary.players} ± {summary.delta:g}, but the "
                       f"95% interval still holds {fair:.1%}; play more games to tell")
    out += lines(summary.measures)
    if len(summary.factions) > 1:
        out.append("by faction:")
        out += [_rate_row(name, rate) for name, rate in summary.factions.items()]
    if len(summary.by_bot) > 1:
        out.append("by bot (pooled over the seats it sat in; fair share 1/n):")
        out += [_rate_row(name, rate) for name, rate in summary.by_bot.items()]
    if summary.cards:
        out.append(f"cards: {len(summary.cards)} played or picked; least played: "
                   + ", ".join(f"{c.card} ({c.played})" for c in sorted(summary.cards, key=lambda c: c.played)[:5]))
    if summary.capped:
        out.append("capped games (replay with their seed): " + ", ".join(summary.capped[:20]))
    return "\n".join(out)


def _rate_row(name: str, rate: Rate) -> str:
    """A named rate under a heading, its parts in columns so that rows of different counts line up."""
    interval = f"[{rate.low:.1%}, {rate.high:.1%}]"
    return f"  {name:<24}{rate.value:>6.1%} {interval:<16} of {rate.trials}"


def csv_text(summary: Summary) -> str:
    """One row per figure: what, for whom, value, interval, count."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["figure", "subject", "value", "low", "high", "count"])
    for name, rate in zip(summary.seats, summary.seat_win):
        writer.writerow(["win_rate", name, f"{rate.value:.6f}", f"{rate.low:.6f}", f"{rate.high:.6f}", rate.trials])
    for position, rate in enumerate(summary.position_win, start=1):
        writer.writerow(["win_rate_by_position", position, f"{rate.value:.6f}", f"{rate.low:.6f}",
                         f"{rate.high:.6f}", rate.trials])
    for name, rate in summary.factions.items():
        writer.writerow(["faction_win_rate", name, f"{rate.value:.6f}", f"{rate.low:.6f}", f"{rate.high:.6f}",
                         rate.trials])
    for name, rate in summary.by_bot.items():
        writer.writerow(["bot_win_rate", name, f"{rate.value:.6f}", f"{rate.low:.6f}", f"{rate.high:.6f}",
                         rate.trials])
    for card in summary.cards:
        rate = card.win_rate_when_played
        writer.writerow(["card_win_rate_when_played", card.card, f"{rate.value:.6f}", f"{rate.low:.6f}",
                         f"{rate.high:.6f}", rate.trials])
    interval = summary.balance_interval
    writer.writerow(["balance", "", f"{summary.balance:.6f}", f"{interval.low:.6f}", f"{interval.high:.6f}",
                     summary.finished])
    writer.writerow(["shared_wins", "", summary.shared_wins, "", "", summary.finished])
    writer.writerow(["capped", "", len(summary.capped), "", "", summary.games])
    for figure in ("turns", "actions", "lead_changes", "lead_change_rate", "decisive_turn"):
        values = getattr(summary, figure)
        writer.writerow([f"{figure}_mean", "", f"{values.mean:.4f}", f"{values.mean_low:.4f}",
                         f"{values.mean_high:.4f}", values.count])
        writer.writerow([f"{figure}_sd", "", f"{values.stdev:.4f}", "", "", values.count])
        writer.writerow([f"{figure}_p5_p95", "", f"{values.p50:g}", f"{values.p5:g}", f"{values.p95:g}",
                         values.count])
    return buffer.getvalue()
