"""``epoch simulate`` and ``sweep``: many games between bots, on local workers or a cluster."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.cli import players as seats_playing
from engine.core.text import plural
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Scenario

if TYPE_CHECKING:
    from engine.balance.run import Plan


def _bots(text: str, players: int) -> tuple[str, ...]:
    """One bot name for every seat, or a comma-separated name per seat; each checked."""
    from engine.balance.run import make_bot

    names = [name.strip() for name in text.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots {text}: give one bot for every seat or one per seat ({players} seats)")
    for name in names:
        make_bot(name)  # raises ValueError naming the bots there are
    return tuple(names)


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """A Dask cluster's executor with --scheduler, a local process pool with --workers 2 or
    more, else none (the games are played in this process)."""
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs Dask distributed: pip install 'epoch-studio[cluster]'") from None
        with Client(args.scheduler) as client:
            yield client.get_executor()
    elif args.workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with ProcessPoolExecutor(args.workers, context) as pool:
            yield pool
    else:
        yield None


def _plan(args: argparse.Namespace) -> tuple[Plan, Scenario, list[tuple[str, Any]]]:
    """The run the arguments ask for, its scenario checked with every --set change applied."""
    from engine.balance.run import Plan
    from engine.scenario.overrides import parse_assignment

    overrides = [parse_assignment(text) for text in args.set]
    scenario = load_scenario(args.scenario, get_ruleset, overrides)
    players = seats_playing(args, scenario)
    plan = Plan(str(Path(args.scenario).resolve()), players, args.seed, args.games, _bots(args.bots, players),
                args.max_turns, tuple(overrides))
    return plan, scenario, overrides


def _progress(args: argparse.Namespace, total: int, title: str):
    """A progress bar on stderr while a table is printed; nothing under --json or --csv."""
    if args.json or getattr(args, "csv", False):
        return None, lambda: None
    from tqdm import tqdm

    bar = tqdm(total=total, unit="game", desc=title, leave=False, file=sys.stderr)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def simulate(args: argparse.Namespace) -> int:
    from engine.balance.run import run
    from engine.balance.summary import csv_text, summarise, text

    plan, scenario, overrides = _plan(args)
    seats = [seat.name for seat in scenario.seats[:plan.players]]
    update, close = _progress(args, plan.games, scenario.meta.title)
    started = time.perf_counter()
    with _executor(args) as executor:
        try:
            records = run(plan, executor, Path(args.resume) if args.resume else None, args.chunk, update)
        finally:
            close()
    seconds = time.perf_counter() - started
    summary = summarise(records, seats, args.delta)
    if args.report:
        from engine.balance.report import write_report

        page = write_report(summary, Path(args.report), scenario.meta.title)
        print(f"wrote {page}", file=sys.stderr if args.json or args.csv else sys.stdout)
    if args.json:
        print(json.dumps({"scenario": scenario.meta.title, "ruleset": scenario.ruleset.id, "seed": plan.seed,
                          "bots": list(plan.bots), "max_turns": plan.max_turns,
                          "overrides": [list(pair) for pair in overrides], **summary.as_data()}, indent=2))
        return 0
    if args.csv:
        print(csv_text(summary), end="")
        return 0
    changes = "".join(f", {path}={json.dumps(value)}" for path, value in overrides)
    print(f"{plan.games} games of {scenario.meta.title}, {plan.players} players, seed {plan.seed}, "
          f"bots {', '.join(plan.bots)}{changes}")
    print(text(summary))
    actions = sum(record.actions for record in records)
    print(f"{actions / seconds if seconds else 0:,.0f} actions per second ({seconds:.2f} s, "
          f"{'the cluster' if args.scheduler else plural(args.workers, 'worker')})")
    return 0


def sweep(args: argparse.Namespace) -> int:
    from engine.balance.sweep import (
        as_data,
        grid,
        influence,
        one_at_a_time,
        parse_vary,
        provisional_varies,
        ranking_text,
        sweep,
        table,
    )

    plan, scenario, overrides = _plan(args)
    varies = [parse_vary(text) for text in args.vary]
    skipped: list[str] = []
    if args.provisional is not None:
        found, skipped = provisional_varies(args.scenario, args.provisional)
        varies += found
    if not varies:
        raise ValueError("nothing to vary: give --vary PATH=V1,V2,... or --provisional")
    fixed = tuple(overrides)
    variants = one_at_a_time(varies, fixed) if args.one_at_a_time or args.provisional is not None \
        else grid(varies, fixed)
    seats = [seat.name for seat in scenario.seats[:plan.players]]
    quiet = args.json
    if not quiet:
        print(f"{len(variants)} variants of {scenario.meta.title}, {plan.games} games each, {plan.players} players, "
              f"seed {plan.seed}, bots {', '.join(plan.bots)}", flush=True)

    def progress(variant: int, done: int, total: int) -> None:
        if not quiet and done == total:
            print(f"  variant {variant} done", file=sys.stderr, flush=True)

    with _executor(args) as executor:
        results = sweep(plan, variants, seats, args.delta, executor, Path(args.resume) if args.resume else None,
                        args.chunk, progress)
    ranked = influence(results, [entry.path for entry in scenario.meta.provisional], fixed)
    if args.json:
        print(json.dumps({"scenario": scenario.meta.title, "seed": plan.seed, "bots": list(plan.bots),
                          "skipped": skipped, **as_data(results, ranked, fixed)}, indent=2))
        return 0
    print(table(results, fixed))
    print(ranking_text(ranked))
    for line in skipped:
        print(f"  not varied: {line}")
    return 0
