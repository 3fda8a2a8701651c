"""Figures from finished games, each with its count and a 95% interval, never bare.

Following Ludii's metrics (Balance, AdvantageP1, Completion, LeadChange, Decisiveness,
durations) and catanatron's per-seat reports. A figure is computed from ``GameRecord``s,
which say everything about one game that the figures read, so the same code serves one
run, a sweep's variants and a resumed run read back from disk.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

from attrs import field, frozen

Z95 = 1.959963984540054


@frozen
class GameRecord:
    """One simulated game as the figures need it (and as a resumable run stores it)."""

    seed: str
    scores: tuple[float, ...]
    winners: tuple[int, ...]  # empty when the game was capped
    actions: int
    turns: int
    first: int = 0  # the seat first in turn order: position 0
    capped: bool = False
    trajectory: tuple[tuple[float, ...], ...] = ()  # every seat's score after each turn
    cards: tuple[tuple[int, str], ...] = ()  # (seat, card id) for every card a seat played or picked
    factions: tuple[str, ...] = ()  # what each seat played as, in the ruleset's words (empire, nation...)
    index: int = 0  # the game's number in its run
    bots: tuple[str, ...] = ()  # the bot in each seat
    order: tuple[int, ...] = ()  # the seats in turn order, first player first (empty in older results)
    options: int = 0  # legal actions offered, summed over the seats' choices (the branching factor's numerator)
    decisions: int = 0  # choices that offered more than one action


@frozen
class Rate:
    """A share with its count and 95% Wilson interval. A shared win adds 1/k to each of its k
    winners' hits, so hits may be fractional; Wilson's formula takes them as they are."""

    hits: float
    trials: int
    low: float = field(init=False)
    high: float = field(init=False)

    def __attrs_post_init__(self) -> None:
        low, high = wilson(self.hits, self.trials)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)

    @property
    def value(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    def __str__(self) -> str:
        return f"{self.short()} of {self.trials}"

    def short(self) -> str:
        """The rate and its interval without the count, for rows that share one count."""
        return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"


def wilson(hits: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval: honest at small counts and near 0 or 1, unlike p ± z·se."""
    if trials <= 0:
        return 0.0, 1.0
    p = hits / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


@frozen
class Spread:
    """A distribution's summary: mean with its 95% interval (mean ± 1.96·sd/√n, within the
    values' range: the figures are counts and shares, bounded and often skewed, and a normal
    interval about a mean near a bound would leave it, as "0.13 [-0.00, 0.27]" lead changes did),
    standard deviation and percentiles."""

    count: int
    mean: float
    stdev: float
    p5: float
    p50: float
    p95: float
    minimum: float
    maximum: float
    mean_low: float = 0.0
    mean_high: float = 0.0

    def __str__(self) -> str:
        """The mean, its interval and the spread, as the tables print them: all to one precision,
        fine enough that a small figure (lead changes per turn, sd 0.01) keeps two significant
        digits of its sd rather than reading "0.02 [0.02, 0.02]"."""
        places = _places(self.stdev)
        return (f"{self.mean:.{places}f} [{self.mean_low:.{places}f}, {self.mean_high:.{places}f}] "
                f"(sd {self.stdev:.{places}f}; 5%/50%/95% {self.p5:.{places}f}/{self.p50:.{places}f}/"
                f"{self.p95:.{places}f})")


def _places(stdev: float) -> int:
    """Decimal places that show a spread's sd to two significant digits: 2 at least, 4 at most."""
    if stdev <= 0:
        return 2
    return min(4, max(2, 1 - math.floor(math.log10(stdev))))


def spread(values: Sequence[float]) -> Spread:
    if not values:
        return Spread(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    ordered = sorted(values)

    def percentile(q: float) -> float:
        position = q * (len(ordered) - 1)
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    stdev = statistics.stdev(ordered) if len(ordered) > 1 else 0.0
    mean = statistics.fmean(ordered)
    margin = Z95 * stdev / math.sqrt(len(ordered))
    return Spread(len(ordered), mean, stdev, percentile(0.05), percentile(0.5), percentile(0.95), ordered[0],
                  ordered[-1], max(mean - margin, ordered[0]), min(mean + margin, ordered[-1]))


def win_share(record: GameRecord, seat: int) -> float:
    """A shared win counts as 1/k to each of its k winners, so the shares add up to the games."""
    return 1 / len(record.winners) if seat in record.winners else 0.0


def seat_win_rates(records: Sequence[GameRecord], players: int) -> list[Rate]:
    finished = [r for r in records if not r.capped]
    return [Rate(sum(win_share(r, seat) for r in finished), len(finished)) for seat in range(players)]


def position_win_rates(records: Sequence[GameRecord], players: int) -> list[Rate]:
    """Win rate by position in turn order (position 0 is the first player): first-player
    advantage. The order is the rules' (``Ruleset.turn_order``) as each game recorded it;
    records without one count on by seat number from the first player."""
    finished = [r for r in records if not r.capped]

    def seat(record: GameRecord, position: int) -> int:
        return record.order[position] if record.order else (record.first + position) % players

    return [Rate(sum(win_share(r, seat(r, position)) for r in finished), len(finished)) for position in range(players)]


def balance(rates: Sequence[Rate]) -> float:
    """Ludii's Balance: 1 − the largest difference between two seats' win rates."""
    values = [rate.value for rate in rates]
    return 1.0 - (max(values) - min(values)) if values else 1.0


def shared_wins(records: Sequence[GameRecord]) -> int:
    return sum(len(r.winners) > 1 for r in records if not r.capped)


def leaders(record: GameRecord) -> list[tuple[int, ...]]:
    """The leading seats after each turn."""
    return [tuple(seat for seat, score in enumerate(scores) if score == max(scores)) for scores in record.trajectory]


def lead_changes(record: GameRecord) -> int:
    """How often the lead passed from one seat to another: a turn led by one seat other than
    the last seat to lead alone counts once; a shared lead neither starts nor ends a change,
    so entering and leaving a tie is not counted twice."""
    changes = 0
    last: int | None = None
    for led in leaders(record):
        if len(led) == 1:
            changes += last is not None and led[0] != last
            last = led[0]
    return changes


def lead_change_rate(record: GameRecord) -> float:
    """Ludii's LeadChange, normalised: lead changes over the turn boundaries that could hold
    one (turns recorded − 1), so long and short games compare."""
    boundaries = len(record.trajectory) - 1
    return lead_changes(record) / boundaries if boundaries > 0 else 0.0


def decisive_turn(record: GameRecord) -> int | None:
    """The turn from which the winners led for good (0-based), None if they never did. A
    turn where every seat shares the best score is a tie, not a lead."""
    led = leaders(record)
    if not record.winners or not led:
        return None
    seats = len(record.scores)
    turn = None
    for index in range(len(led) - 1, -1, -1):
        if not (set(led[index]) <= set(record.winners) and len(led[index]) < seats):
            break
        turn = index
    return turn


def _win_rates_by(records: Sequence[GameRecord], names: Callable[[GameRecord], Sequence[str]]) -> dict[str, Rate]:
    """Wins (shares of shared ones) over seats played, pooled by what ``names`` calls each seat."""
    plays: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for record in records:
        if record.capped:
            continue
        for seat, name in enumerate(names(record)):
            plays[name] += 1
            wins[name] += win_share(record, seat)
    return {name: Rate(wins[name], plays[name]) for name in sorted(plays)}


def faction_win_rates(records: Sequence[GameRecord]) -> dict[str, Rate]:
    """Per faction (empire, nation, colour: whatever each seat played as)."""
    return _win_rates_by(records, lambda record: record.factions)


def bot_win_rates(records: Sequence[GameRecord]) -> dict[str, Rate]:
    """Per bot, pooled over the seats it sat in: its wins (shares of shared ones) over the
    seats it played. Fair share is 1/n, as for a seat; with --rotate every bot sat everywhere."""
    return _win_rates_by(records, lambda record: record.bots)


@frozen
class CardFigure:
    card: str
    played: int  # in how many games some seat played or picked it
    win_rate_when_played: Rate  # of the seats that played it, how often they won


def card_figures(records: Sequence[GameRecord]) -> list[CardFigure]:
    games: Counter[str] = Counter()
    seat_plays: Counter[str] = Counter()
    seat_wins: Counter[str] = Counter()
    for record in records:
        if record.capped:
            continue
        seen = set()
        for seat, card in set(record.cards):
            seat_plays[card] += 1
            seat_wins[card] += win_share(record, seat)
            seen.add(card)
        games.update(seen)
    return [CardFigure(card, games[card], Rate(seat_wins[card], seat_plays[card])) for card in sorted(games)]


def outliers(rates: Sequence[Rate], players: int, delta: float) -> list[int]:
    """Seats whose win rate lies outside [1/n − δ, 1/n + δ] beyond noise: their 95% interval
    excludes the fair share 1/n as well."""
    fair = 1 / players
    return [seat for seat, rate in enumerate(rates)
            if not fair - delta <= rate.value <= fair + delta and not rate.low <= fair <= rate.high]
