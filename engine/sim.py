"""Headless simulation: many seeded games between bots, summarised per seat.

Game ``i`` of a run with seed ``S`` draws its chance outcomes and bot choices from a
generator seeded with ``S:i`` alone, so the figures do not depend on how many worker
processes share the games, nor in which order they finish.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from attrs import frozen

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.core.ruleset import Ruleset
from engine.play.drive import Endless, drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Scenario

MAX_STEPS = 1_000_000


@frozen
class GameResult:
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int  # decisions taken by seats
    steps: int  # actions plus chance steps


def opening(ruleset: Ruleset, scenario: Scenario, players: int) -> Any:
    """The state before the first decision: the same for every game, as ``start`` takes no seed,
    so it is made once and cloned for each game."""
    return ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)


def play_game(ruleset: Ruleset, initial: Any, seed: str, bot: str = "random") -> GameResult:
    state = ruleset.clone(initial)
    actions = steps = 0
    try:
        for taken in drive(ruleset, state, [BOTS[bot]] * ruleset.max_players, random.Random(seed), MAX_STEPS):
            steps += 1
            actions += isinstance(taken.decision, Choice)
    except Endless:
        raise RuntimeError(f"game {seed} did not end within {MAX_STEPS} steps") from None
    end = ruleset.decision(state)
    return GameResult(end.scores, end.winners, actions, steps)


_worker: tuple[Ruleset, Any] | None = None


def _init_worker(scenario_path: str, players: int) -> None:
    global _worker
    scenario = load_scenario(scenario_path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    _worker = (ruleset, opening(ruleset, scenario, players))


def _play_indexed(args: tuple[int, int]) -> GameResult:
    index, seed = args
    assert _worker is not None
    ruleset, initial = _worker
    return play_game(ruleset, initial, f"{seed}:{index}")


@frozen
class SeatSummary:
    """``wins`` are games won alone, ``shared_wins`` games won jointly with another seat.

    ``win_rate`` gives a shared win to its winners in equal parts (a win shared by two counts
    half to each), so the seats' rates add up to the share of games someone won, never more.
    """

    seat: str
    wins: int
    shared_wins: int
    win_rate: float
    mean_score: float
    min_score: float
    max_score: float


@frozen
class Summary:
    scenario: str
    ruleset: str
    games: int
    players: int
    seed: int
    workers: int
    seats: tuple[SeatSummary, ...]
    shared_games: int  # games won jointly by two or more seats
    mean_actions: float
    mean_steps: float
    seconds: float
    actions_per_second: float
    steps_per_second: float

    def as_data(self) -> dict[str, Any]:
        from attrs import asdict

        return asdict(self)


def _results(
    scenario_path: Path, games: int, players: int, seed: int, workers: int
) -> Iterable[GameResult]:
    jobs = [(index, seed) for index in range(games)]
    if workers <= 1:
        _init_worker(str(scenario_path), players)
        yield from map(_play_indexed, jobs)
        return
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(workers, context, _init_worker, (str(scenario_path), players)) as pool:
        yield from pool.map(_play_indexed, jobs, chunksize=max(1, games // (workers * 8)))


def simulate(
    scenario_path: Path, games: int, seed: int, players: int, workers: int = 1, progress: bool = True
) -> Summary:
    scenario = load_scenario(scenario_path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    assert ruleset is not None  # load_scenario checked it
    if not ruleset.min_players <= players <= min(ruleset.max_players, len(scenario.seats)):
        raise ValueError(
            f"{ruleset.title} in this scenario takes {ruleset.min_players} to "
            f"{min(ruleset.max_players, len(scenario.seats))} players, not {players}"
        )
    started = time.perf_counter()
    results = _results(scenario_path, games, players, seed, workers)
    if progress:
        from tqdm import tqdm

        results = tqdm(results, total=games, unit="game", desc=scenario.meta.title, leave=False)
    results = list(results)
    seconds = time.perf_counter() - started
    seats = []
    for seat in range(players):
        scores = [r.scores[seat] for r in results]
        won = [r for r in results if seat in r.winners]
        seats.append(
            SeatSummary(
                seat=scenario.seats[seat].name,
                wins=sum(len(r.winners) == 1 for r in won),
                shared_wins=sum(len(r.winners) > 1 for r in won),
                win_rate=sum(1 / len(r.winners) for r in won) / games,
                mean_score=sum(scores) / games,
                min_score=min(scores),
                max_score=max(scores),
            )
        )
    actions = sum(r.actions for r in results)
    steps = sum(r.steps for r in results)
    return Summary(
        scenario=scenario.meta.title,
        ruleset=ruleset.id,
        games=games,
        players=players,
        seed=seed,
        workers=workers,
        seats=tuple(seats),
        shared_games=sum(len(r.winners) > 1 for r in results),
        mean_actions=actions / games,
        mean_steps=steps / games,
        seconds=seconds,
        actions_per_second=actions / seconds if seconds else 0.0,
        steps_per_second=steps / seconds if seconds else 0.0,
    )
