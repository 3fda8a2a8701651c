"""Bootstrap intervals for the figures no formula covers: Balance, and the difference a
sweep's change made to it, paired by seed.

The games are drawn again with replacement many times (seeded, so the same games always give
the same interval) and a figure is computed on each draw. Balance is 1 − the largest gap
between two seats' win rates, a shared win counting 1/k to each of its k winners.

Balance's interval is a simultaneous band, not the middle 95% of the draws' Balance. A draw's
largest gap is the largest of several noisy gaps, so it sits above the true one, and the
middle 95% of the draws lies below the true Balance: in 300 simulated runs of a fair 3- or
4-seat game (20 to 1,000 games each) that interval never held the true 1.0, and it read
"0.950 [0.500, 0.950]" for a run of After the Flood. The band takes the 95th percentile c of the
largest error any draw makes in a difference between two seats' rates; with 95% confidence
every difference, so the largest gap, lies within c of the run's. In the same simulations,
fair and lopsided games of 2 to 5 seats, it held the true Balance in 92% to 100% of runs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import frozen

from engine.balance.figures import GameRecord, win_share

ROUNDS = 1000  # draws per interval, fewer for very many games (below), never under MIN_ROUNDS
MIN_ROUNDS = 200
BUDGET = 2_000_000  # games drawn in all for one interval: keeps a 100,000-game run to seconds


@frozen
class Interval:
    """A 95% interval."""

    low: float
    high: float

    def excludes(self, value: float) -> bool:
        return not self.low <= value <= self.high

    def __str__(self) -> str:
        return f"[{self.low:.3f}, {self.high:.3f}]"


Shares = tuple[float, ...] | None  # a game's win share per seat; None for a capped game


def shares(record: GameRecord, players: int) -> Shares:
    return None if record.capped else tuple(win_share(record, seat) for seat in range(players))


def win_rates(games: Sequence[Shares], picks: Sequence[int], players: int) -> tuple[float, ...] | None:
    """Each seat's win rate over the finished games among ``picks``; None if none finished."""
    totals = [0.0] * players
    finished = 0
    for pick in picks:
        game = games[pick]
        if game is not None:
            finished += 1
            for seat in range(players):
                totals[seat] += game[seat]
    return tuple(total / finished for total in totals) if finished else None


def balance_of(games: Sequence[Shares], picks: Sequence[int], players: int) -> float:
    """Balance of the games ``picks`` (indexes into ``games``, repeats allowed)."""
    rates = win_rates(games, picks, players)
    return 1.0 if rates is None else 1.0 - (max(rates) - min(rates))


def _percentiles(values: list[float]) -> Interval:
    values.sort()
    last = len(values) - 1
    return Interval(values[round(0.025 * last)], values[round(0.975 * last)])


def _draws(count: int, seed: str) -> list[list[int]]:
    rng = random.Random(seed)
    rounds = max(MIN_ROUNDS, min(ROUNDS, BUDGET // max(1, count)))
    population = range(count)
    return [rng.choices(population, k=count) for _ in range(rounds)]


def balance_interval(records: Sequence[GameRecord], players: int) -> Interval:
    """Balance's 95% interval: the run's largest gap ± the band every difference between two
    seats' rates keeps to over the draws (see the module's docstring). Capped games are drawn
    too, and left out of a draw's rates as of the run's; a draw of only capped games counts as
    the largest error there is."""
    games = [shares(record, players) for record in records]
    observed = win_rates(games, range(len(games)), players)
    if observed is None:
        return Interval(0.0, 1.0)
    errors = []
    for picks in _draws(len(games), "balance"):
        drawn = win_rates(games, picks, players)
        if drawn is None:
            errors.append(1.0)
            continue
        error = [rate - seen for rate, seen in zip(drawn, observed)]
        errors.append(max(error) - min(error))
    errors.sort()
    band = errors[round(0.95 * (len(errors) - 1))]
    gap = max(observed) - min(observed)
    return Interval(1.0 - min(1.0, gap + band), 1.0 - max(0.0, gap - band))


@frozen
class Difference:
    """How much higher Balance is under ``a`` than under ``b`` on the same seeds, with its
    paired 95% bootstrap interval; beyond noise when the interval excludes 0."""

    value: float
    interval: Interval
    pairs: int  # seeds played under both

    @property
    def distinguishable(self) -> bool:
        return self.interval.excludes(0.0)


def paired_difference(a: Sequence[Sequence[Shares]], b: Sequence[Sequence[Shares]], players: int) -> Difference:
    """Balance under ``a`` minus under ``b``, each given per game index as the shares of the
    variants taken together (several variants may hold one value); a seed is drawn for both
    sides at once, so what the seeds share cancels out."""
    count = min(len(a), len(b))
    if not count:
        return Difference(0.0, Interval(-1.0, 1.0), 0)
    left = [_pooled(games) for games in a[:count]]
    right = [_pooled(games) for games in b[:count]]
    everything = range(count)
    value = balance_of(left, everything, players) - balance_of(right, everything, players)
    values = [balance_of(left, picks, players) - balance_of(right, picks, players)
              for picks in _draws(count, "paired")]
    return Difference(value, _percentiles(values), count)


def _pooled(games: Sequence[Shares]) -> Shares:
    """One seed's shares over several variants: their mean over the finished ones."""
    finished = [game for game in games if game is not None]
    if not finished:
        return None
    return tuple(sum(column) / len(finished) for column in zip(*finished))
