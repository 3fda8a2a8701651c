"""Headless simulation: many seeded games between bots, summarised per seat.

Game ``i`` of a run with seed ``S`` draws its chance outcomes and bot choices from a
generator seeded with ``S:i`` alone, so the figures do not depend on how many worker
processes share the games, nor in which order they finish.

A game ends by its rules alone. Games between random bots can wander for a very long time
(Antike Duellum has no turn limit, §5.3), so a run may cap them at a number of turns; a
capped game is unfinished: counted and listed in the summary, never scored as a win.
A turn is a run of choices by one seat, as the balance lab counts it.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from attrs import frozen

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.core.ruleset import Ruleset
from engine.play.drive import Endless, drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario

MAX_STEPS = 1_000_000


@frozen
class GameResult:
    scores: tuple[float, ...]  # the final scores; empty for a capped game
    winners: tuple[int, ...]  # empty for a capped game
    actions: int  # decisions taken by seats
    steps: int  # actions plus chance steps
    turns: int = 0  # runs of choices by one seat
    capped: bool = False  # stopped at the run's turn cap before the rules ended it


def opening(ruleset: Ruleset, scenario: Scenario, players: int) -> Any:
    """The state before the first decision: the same for every game, as ``start`` takes no seed,
    so it is made once and cloned for each game."""
    return ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)


def play_game(
    ruleset: Ruleset, initial: Any, seed: str, bot: str = "random", max_turns: int | None = None
) -> GameResult:
    """One game to its end, or stopped as turn ``max_turns + 1`` begins (then unfinished)."""
    state = ruleset.clone(initial)
    actions = steps = turns = 0
    actor: int | None = None
    try:
        for taken in drive(ruleset, state, [BOTS[bot]] * ruleset.max_players, random.Random(seed), MAX_STEPS):
            steps += 1
            if isinstance(taken.decision, Choice):
                actions += 1
                if taken.decision.seat != actor:
                    actor = taken.decision.seat
                    turns += 1
                    if max_turns is not None and turns > max_turns:
                        return GameResult((), (), actions, steps, max_turns, capped=True)
    except Endless:
        raise RuntimeError(f"game {seed} did not end within {MAX_STEPS} steps") from None
    end = ruleset.decision(state)
    return GameResult(tuple(end.scores), tuple(end.winners), actions, steps, turns)


_worker: tuple[Ruleset, Any] | None = None


def _init_worker(scenario: Scenario, players: int) -> None:
    """Each worker process gets the checked scenario itself (with any --set applied), not
    its path: what was validated is what is played."""
    global _worker
    ruleset = get_ruleset(scenario.ruleset.id)
    _worker = (ruleset, opening(ruleset, scenario, players))


def _play_indexed(args: tuple[int, int, int | None]) -> GameResult:
    index, seed, max_turns = args
    assert _worker is not None
    ruleset, initial = _worker
    return play_game(ruleset, initial, f"{seed}:{index}", max_turns=max_turns)


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
    max_turns: int | None
    finished: int  # games the rules ended; wins, rates and scores count only these
    unfinished: tuple[int, ...]  # the numbers of the games stopped at the turn cap
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
    scenario: Scenario, games: int, players: int, seed: int, workers: int, max_turns: int | None
) -> Iterable[GameResult]:
    jobs = [(index, seed, max_turns) for index in range(games)]
    if workers <= 1:
        _init_worker(scenario, players)
        yield from map(_play_indexed, jobs)
        return
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(workers, context, _init_worker, (scenario, players)) as pool:
        yield from pool.map(_play_indexed, jobs, chunksize=max(1, games // (workers * 8)))


def simulate(
    scenario: Scenario,
    games: int,
    seed: int,
    players: int,
    workers: int = 1,
    progress: bool = True,
    max_turns: int | None = None,
) -> Summary:
    """``scenario`` is a loaded, checked scenario."""
    if games < 1 or workers < 1 or (max_turns is not None and max_turns < 1):
        raise ValueError("games, workers and the turn cap must each be 1 or more")
    ruleset = get_ruleset(scenario.ruleset.id)
    if ruleset is None:
        raise ValueError(f"unknown ruleset {scenario.ruleset.id!r}")
    if not ruleset.min_players <= players <= min(ruleset.max_players, len(scenario.seats)):
        raise ValueError(
            f"{ruleset.title} in this scenario takes {ruleset.min_players} to "
            f"{min(ruleset.max_players, len(scenario.seats))} players, not {players}"
        )
    started = time.perf_counter()
    results = _results(scenario, games, players, seed, workers, max_turns)
    if progress:
        from tqdm import tqdm

        results = tqdm(results, total=games, unit="game", desc=scenario.meta.title, leave=False)
    results = list(results)
    seconds = time.perf_counter() - started
    finished = [r for r in results if not r.capped]
    seats = []
    for seat in range(players):
        scores = [r.scores[seat] for r in finished] or [0.0]
        won = [r for r in finished if seat in r.winners]
        seats.append(
            SeatSummary(
                seat=scenario.seats[seat].name,
                wins=sum(len(r.winners) == 1 for r in won),
                shared_wins=sum(len(r.winners) > 1 for r in won),
                win_rate=sum(1 / len(r.winners) for r in won) / len(finished) if finished else 0.0,
                mean_score=sum(scores) / len(scores),
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
        max_turns=max_turns,
        finished=len(finished),
        unfinished=tuple(index for index, r in enumerate(results) if r.capped),
        seats=tuple(seats),
        shared_games=sum(len(r.winners) > 1 for r in finished),
        mean_actions=actions / games,
        mean_steps=steps / games,
        seconds=seconds,
        actions_per_second=actions / seconds if seconds else 0.0,
        steps_per_second=steps / seconds if seconds else 0.0,
    )
