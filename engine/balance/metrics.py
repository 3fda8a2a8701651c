"""The measures designers compare games by, after Ludii's evaluation set (Browne 2008;
Stephenson et al., "General Game Evaluation"), each from the games' records alone.

Per game, over the turns recorded (every seat's score after each turn, the last row the
final scores), with W the winners and best(t) the highest score after turn t:

- completion: finished games / games (Wilson interval); timeouts: capped games / games.
- drawishness: finished games won jointly / finished games (Wilson interval).
- decisiveness: 1 − (turn from which the winners led for good) / turns; 0 when they never did.
- lead change: changes of the sole leader / (turns − 1) (``figures.lead_change_rate``).
- drama: mean over the turns the winners did not lead of (best(t) − winner's score) / best(t).
- stability: share of turn boundaries at which no seat's rank changed.
- uncertainty: mean over turns of 1 − (best(t) − second best(t)) / best(t): 1 is a dead heat.
- branching factor: legal actions offered per choice; decision moves: choices offering more
  than one action, per turn.
- margin: the winner's final score less the best other seat's.

Every mean is given with its interval, sd and percentiles (``figures.Spread``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from attrs import frozen

from engine.balance.figures import (
    GameRecord,
    Rate,
    Spread,
    decisive_turn,
    lead_change_rate,
    spread,
)


@frozen
class Metrics:
    completion: Rate
    timeouts: Rate
    drawishness: Rate
    decisiveness: Spread
    lead_change: Spread
    drama: Spread
    stability: Spread
    uncertainty: Spread
    branching: Spread
    decisions_per_turn: Spread
    margin: Spread


def _share(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


def decisiveness(record: GameRecord) -> float:
    turn = decisive_turn(record)
    return 0.0 if turn is None else 1.0 - _share(turn, len(record.trajectory))


def drama(record: GameRecord) -> float:
    behind = [_share(max(scores) - max(scores[seat] for seat in record.winners), max(scores))
              for scores in record.trajectory if not any(scores[seat] == max(scores) for seat in record.winners)]
    return sum(behind) / len(behind) if behind else 0.0


def stability(record: GameRecord) -> float:
    ranks = [tuple(sorted(range(len(scores)), key=lambda seat: -scores[seat])) for scores in record.trajectory]
    boundaries = list(itertools.pairwise(ranks))
    return _share(sum(before == after for before, after in boundaries), len(boundaries)) if boundaries else 1.0


def uncertainty(record: GameRecord) -> float:
    closeness = []
    for scores in record.trajectory:
        first, second = sorted(scores, reverse=True)[:2]
        closeness.append(1.0 - _share(first - second, first))
    return sum(closeness) / len(closeness) if closeness else 0.0


def margin(record: GameRecord) -> float:
    others = [score for seat, score in enumerate(record.scores) if seat not in record.winners]
    best = max(record.scores[seat] for seat in record.winners)
    return best - max(others) if others else 0.0


def metrics(records: Sequence[GameRecord]) -> Metrics:
    finished = [r for r in records if not r.capped]
    won = [r for r in finished if r.winners]
    return Metrics(
        completion=Rate(len(finished), len(records)),
        timeouts=Rate(len(records) - len(finished), len(records)),
        drawishness=Rate(sum(len(r.winners) > 1 for r in finished), len(finished)),
        decisiveness=spread([decisiveness(r) for r in won]),
        lead_change=spread([lead_change_rate(r) for r in finished]),
        drama=spread([drama(r) for r in won]),
        stability=spread([stability(r) for r in finished]),
        uncertainty=spread([uncertainty(r) for r in finished]),
        branching=spread([_share(r.options, r.actions) for r in records if r.actions]),
        decisions_per_turn=spread([_share(r.decisions, r.turns) for r in records if r.turns]),
        margin=spread([margin(r) for r in won]),
    )


def lines(found: Metrics) -> list[str]:
    """The measures as the terminal shows them, each named as the module's docstring defines it."""
    return [
        "game measures (after Ludii; formulas in engine/balance/metrics.py):",
        f"  completion {found.completion}; timeouts {found.timeouts}; drawishness {found.drawishness}",
        f"  decisiveness {found.decisiveness}",
        f"  lead changes per turn (Ludii's LeadChange) {found.lead_change}",
        f"  drama {found.drama}",
        f"  stability {found.stability}",
        f"  uncertainty {found.uncertainty}",
        f"  branching factor {found.branching}",
        f"  decision moves per turn {found.decisions_per_turn}",
        f"  winner's margin over the runner-up {found.margin}",
    ]
