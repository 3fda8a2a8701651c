"""``epoch simulate`` and ``sweep``: many games between bots, on local workers or a cluster."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.cli import players as seats_playing
from engine.core.text import plural
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, source_name
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
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """A Dask cluster's executor with --scheduler, a local process pool with --workers 2 or
    more, else none (the games are played in this process); with the chunks to keep in flight,
    two a worker. Local workers leave Ctrl-C to this process, which stops them."""
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs Dask distributed: pip install 'epoch-studio[cluster]'") from None
        with Client(args.scheduler) as client:
            yield client.get_executor(), 2 * max(1, sum(client.nthreads().values()))
    elif args.workers > 1:
        import multiprocessing
        import signal
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        pool = ProcessPoolExecutor(args.workers, context, initializer=signal.signal,
                                   initargs=(signal.SIGINT, signal.SIG_IGN))
        try:
            yield pool, 2 * args.workers
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    else:
        yield None, 1


def _stopped(results: Path | None, sweep: bool = False) -> str:
    """What a Ctrl-C kept, and how to go on."""
    if results is None:
        where = "DIR" if sweep else "FILE"
        return f"stopped: no game was kept; add --resume {where} to keep finished games across a stop"
    figures = "" if sweep else f", or see the figures so far with: epoch summarise {results}"
    return f"stopped: the finished games are kept in {results}; run the same command again to play the rest{figures}"


def _report_folder(args: argparse.Namespace) -> None:
    """The --report folder made before anything is played: found unusable after the games, the
    run's figures were lost with a bare "[Errno 17] File exists"."""
    if not getattr(args, "report", None):
        return
    folder = Path(args.report)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--report {source_name(folder)}: something other than a folder is there; name a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"--report {source_name(folder)}: cannot make the folder ({error.strerror or error})") from None


def _plan(args: argparse.Namespace) -> tuple[Plan, Scenario, list[tuple[str, Any]]]:
    """The run the arguments ask for, its scenario checked with every --set change applied."""
    from engine.balance.run import Plan
    from engine.scenario.overrides import parse_assignment

    _report_folder(args)
    overrides = [parse_assignment(text) for text in args.set]
    scenario = load_scenario(args.scenario, get_ruleset, overrides)
    players = seats_playing(args, scenario)
    plan = Plan(str(Path(args.scenario).resolve()), players, args.seed, args.games, _bots(args.bots, players),
                args.max_turns or None, tuple(overrides), args.rotate)
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
    from engine.balance.run import finished, run
    from engine.balance.summary import summarise

    plan, scenario, overrides = _plan(args)
    seats = [seat.name for seat in scenario.seats[:plan.players]]
    results = Path(args.resume) if args.resume else None
    before = set(finished(results, plan))
    update, close = _progress(args, plan.total, scenario.meta.title)
    started = time.perf_counter()
    try:
        with _executor(args) as (executor, slots):
            try:
                records = run(plan, executor, results, args.chunk, update, seconds=args.chunk_seconds or None,
                              in_flight=slots)
            finally:
                close()
    except KeyboardInterrupt:
        print(_stopped(results), file=sys.stderr)
        return 130
    seconds = time.perf_counter() - started
    summary = summarise(records, seats, args.delta)
    _show(args, summary, scenario.meta.title, scenario.ruleset.id, plan, overrides)
    if not (args.json or args.csv):
        now = [record for record in records if record.index not in before]
        kept = f"; {plural(len(before), 'game')} read from {results}" if before else ""
        if now:
            actions = sum(record.actions for record in now)
            print(f"{actions / seconds if seconds else 0:,.0f} actions per second over the {plural(len(now), 'game')} "
                  f"played now ({seconds:.2f} s, {'the cluster' if args.scheduler else plural(args.workers, 'worker')})"
                  f"{kept}")
        else:
            print(f"no game played now{kept}")
    return 0


def _show(args: argparse.Namespace, summary: Any, title: str, ruleset: str, plan: Plan,
          overrides: Sequence[tuple[str, Any]], source: str = "") -> None:
    """The figures as --json, --csv or a table; then the report when asked for, so a report
    that cannot be drawn never takes the printed figures with it."""
    from engine.balance.summary import csv_text, text

    if args.json:
        print(json.dumps({"scenario": title, "ruleset": ruleset, "scenario_file": plan.scenario, "seed": plan.seed,
                          "bots": list(plan.bots), "max_turns": plan.max_turns, "planned_games": plan.total,
                          "rotate": plan.rotate, "overrides": [list(pair) for pair in overrides],
                          **summary.as_data()}, indent=2))
    elif args.csv:
        print(csv_text(summary), end="")
    else:
        changes = "".join(f", {path}={json.dumps(value)}" for path, value in overrides)
        games = f"{summary.games} of {plan.total}" if summary.games != plan.total else f"{plan.total}"
        rotated = f" ({plan.games} seeds, each once per rotation of the bots over the seats)" if plan.rotate else ""
        cap = f", capped at {plan.max_turns:,} turns" if plan.max_turns else ""
        print(f"{games} games{rotated} of {title}{source}, {plan.players} players, seed {plan.seed}, "
              f"bots {', '.join(plan.bots)}{changes}{cap}")
        print(text(summary))
    if getattr(args, "report", None):
        from engine.balance.report import write_report

        page = write_report(summary, Path(args.report), title, plan.settings(summary.seats, len(summary.capped), summary.games))
        print(f"wrote {page}", file=sys.stderr if args.json or args.csv else sys.stdout)


def summarise(args: argparse.Namespace) -> int:
    """The figures of a results file alone: a stopped run's games, without playing any."""
    from engine.balance.run import load_planned, read_results, record_from
    from engine.balance.summary import summarise as figures
    from engine.scenario.problems import ScenarioError

    _report_folder(args)
    plan, done = read_results(Path(args.results))
    if plan is None:
        raise ValueError(f"{args.results} is empty: no run has written to it")
    if not done:
        raise ValueError(f"{args.results} holds no finished game yet")
    try:
        scenario = load_planned(plan)
        title, ruleset = scenario.meta.title, scenario.ruleset.id
        seats = [seat.name for seat in scenario.seats[:plan.players]]
    except (ScenarioError, OSError, ValueError):  # moved or changed since: the figures need no names
        title, ruleset = Path(plan.scenario).name, ""
        seats = [f"seat {seat + 1}" for seat in range(plan.players)]
    records = [record_from(done[index]) for index in sorted(done)]
    _show(args, figures(records, seats, args.delta), title, ruleset, plan, plan.overrides,
          f" (from {args.results})")
    return 0


def sweep(args: argparse.Namespace) -> int:
    from engine.balance.sweep import (
        as_data,
        csv_rows,
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
    quiet = args.json or args.csv
    if not quiet:
        print(f"{len(variants)} variants of {scenario.meta.title}, {plural(plan.total, 'game')} each, "
              f"{plan.players} players, "
              f"seed {plan.seed}, bots {', '.join(plan.bots)}", flush=True)

    def progress(variant: int, done: int, total: int) -> None:
        if not quiet and done == total:
            print(f"  variant {variant} done", file=sys.stderr, flush=True)

    resume = Path(args.resume) if args.resume else None
    try:
        with _executor(args) as (executor, slots):
            results = sweep(plan, variants, seats, args.delta, executor, resume, args.chunk, progress,
                            seconds=args.chunk_seconds or None, in_flight=slots)
    except KeyboardInterrupt:
        print(_stopped(resume, sweep=True), file=sys.stderr)
        return 130
    ranked = influence(results, [entry.path for entry in scenario.meta.provisional], fixed)
    if args.json:
        print(json.dumps({"scenario": scenario.meta.title, "seed": plan.seed, "bots": list(plan.bots),
                          "skipped": skipped, **as_data(results, ranked, fixed)}, indent=2))
    elif args.csv:
        print(csv_rows(results, ranked, fixed), end="")
    else:
        print(table(results, fixed))
        print(ranking_text(ranked))
        for line in skipped:
            print(f"  not varied: {line}")
    if args.report:
        from engine.balance.report import write_sweep_report

        settings = [*plan.settings(seats), ("variants", str(len(variants)))]
        page = write_sweep_report(results, ranked, Path(args.report), scenario.meta.title, settings, fixed)
        print(f"wrote {page}", file=sys.stderr if quiet else sys.stdout)
    if all(result.summary is None for result in results):
        print("every variant was refused by the scenario (see above): nothing was played", file=sys.stderr)
        return 1
    return 0
