"""The ``epoch`` command: validate, inspect, play, replay and simulate scenarios headless."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.bots import BOTS
from engine.core.decision import Chance, Choice, End
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.core.picture import SeatPanel
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import HUMAN, Session, Step
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario import adjacency
from engine.scenario.io import load_scenario, source_name
from engine.scenario.model import Scenario, SpaceKind
from engine.scenario.problems import ScenarioError

if TYPE_CHECKING:
    from engine.balance.run import Plan


def _count(number: int, noun: str) -> str:
    """"1 state", "2 states": a count a person reads aloud."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _validate(args: argparse.Namespace) -> int:
    """Every file is checked, whatever the one before it did."""
    failed = False
    for file in args.files:
        try:
            load_scenario(file, get_ruleset)
            print(f"{source_name(file)}: ok")
        except ScenarioError as error:
            failed = True
            print("\n".join(error.lines()))
        except (OSError, ValueError, RuntimeError) as error:
            failed = True
            print(f"{source_name(file)}: {error}")
    return 1 if failed else 0


def _info(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.file, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    board = scenario.board
    kinds = Counter(space.kind.value for space in board.spaces)
    print(f"{scenario.meta.title} (version {scenario.meta.version})")
    if scenario.meta.author:
        print(f"by {scenario.meta.author}")
    print(f"ruleset: {ruleset.title} [{ruleset.id}], {ruleset.min_players}-{ruleset.max_players} players")
    print(f"board: {len(board.regions)} regions, {len(board.spaces)} spaces "
          f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), {len(board.connections)} connections")
    for deck in scenario.decks:
        print(f"deck {deck.id}: {deck.name}, {len(deck.cards)} cards")
    print(f"seats: {', '.join(seat.name for seat in scenario.seats)}")
    print(f"provisional values: {len(scenario.meta.provisional)}")
    return 0


def _panel_line(panel: SeatPanel) -> str:
    """One seat's panel on a line: score, resources, hand and whatever else it lists."""
    parts = [f"score {panel.score:g}", *(f"{name} {amount}" for name, amount in panel.resources.items())]
    if panel.hand is not None:
        parts.append("hand: " + (", ".join(panel.hand) if panel.hand else "empty"))
    elif panel.hand_size is not None:  # None: the game has no hands
        parts.append(f"hand: {_count(panel.hand_size, 'card')}, hidden")
    return "; ".join([*parts, *panel.lines])


def _show_decision(session: Session, out: Callable[[str], None]) -> None:
    """The step, every seat's score, the acting seat's own panel (as that seat sees it), and
    the numbered choices."""
    picture = session.view(None)
    decision = session.decision()
    out(f"\n[step {session.current}] {picture.status}")
    out("  scores: " + " · ".join(f"{panel.name} {panel.score:g}" for panel in picture.panels))
    if isinstance(decision, Choice):
        own = next((p for p in session.view(decision.seat).panels if p.seat == decision.seat), None)
        if own is not None:
            out(f"  {own.name}: {_panel_line(own)}")
        out(f"{session.seats[decision.seat].name}: {decision.prompt}")
        for number, action in enumerate(decision.actions, 1):
            out(f"  {number}. {action}")
    elif isinstance(decision, Chance):
        out(f"chance: {decision.prompt} (Enter rolls; a number forces that outcome)")
        for number, outcome in enumerate(decision.outcomes, 1):
            out(f"  {number}. {outcome}")
    else:
        out("game over: " + ", ".join(
            f"{session.seats[seat].name} {decision.scores[seat]:g}" for seat in decision.ranking))


def _show_step(session: Session, step: Step, out: Callable[[str], None]) -> None:
    """What a step did: who chose what, then each thing that changed on the table."""
    if step.seat is None:
        who = "chance (forced)" if step.forced else "chance"
    else:
        bot = "" if session.controllers[step.seat] == HUMAN else " (bot)"
        who = f"{session.seats[step.seat].name}{bot}"
    out(f"  {who}: {step.move}")
    for event in step.log:
        out(f"    {event.text}")


PLAY_KEYS = "a number chooses that line, Enter rolls the dice or draws, u undo, r redo, s FILE saves, q quits"


def _players(args: argparse.Namespace, scenario: Scenario) -> int:
    """The seats that play: --players, or the ruleset's fewest; within what the ruleset and the
    scenario's seats allow, for every command that plays."""
    ruleset = get_ruleset(scenario.ruleset.id)
    players = args.players or ruleset.min_players
    most = min(ruleset.max_players, len(scenario.seats))
    if not ruleset.min_players <= players <= most:
        raise ValueError(f"{ruleset.title} in this scenario takes {ruleset.min_players} to {most} players, "
                         f"not {players}")
    return players


def _play(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    players = _players(args, scenario)
    bots = {int(n) - 1 for n in args.bots.split(",") if n} if args.bots else set()
    controllers = ["random" if seat in bots else HUMAN for seat in range(players)]
    session = Session(
        scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, args.seed, controllers, BOTS
    )
    print(f"keys: {PLAY_KEYS}; undo goes back to your last decision")
    show = True
    while True:
        while session.is_bot_turn() and isinstance(session.decision(), Choice):
            _show_step(session, session.bot_step(), print)
        if show:
            _show_decision(session, print)
        show = True
        try:
            line = input("> ").strip()
        except EOFError:
            return 0
        try:
            if line == "q":
                return 0
            decision = session.decision()
            choices = decision.actions if isinstance(decision, Choice) else getattr(decision, "outcomes", ())
            if line == "u":
                session.undo_to_person()
            elif line == "r":
                session.redo_to_person()
            elif line == "s" or line.startswith("s "):
                target = line[1:].strip()
                if not target:
                    print("s needs a file name, e.g. s game.playtest.json")
                    show = False
                    continue
                save_playtest(session, target, None if args.embed else Path(args.scenario))
                print(f"saved {target}")
            elif line == "" and isinstance(decision, Chance):
                _show_step(session, session.roll(), print)
            elif line.isdigit() and choices:
                if not 1 <= int(line) <= len(choices):
                    print(f"{line} is not on the list: choose 1 to {len(choices)}")
                    show = False
                    continue
                move = choices[int(line) - 1]
                _show_step(session, session.play(move, forced=isinstance(move, Outcome)), print)
            else:
                expected = f"a number from 1 to {len(choices)}" if choices else "u, r, s FILE or q (the game is over)"
                if isinstance(decision, Chance):
                    expected += ", or Enter to roll"
                print(f"not understood: {line!r}. Type {expected} (u undo, r redo, s FILE saves, q quits)")
                show = False
        except IllegalAction as error:
            print(f"not possible: {error}")


def _replay(args: argparse.Namespace) -> int:
    if args.playtest.endswith(".jsonl"):
        return _check_record(args)
    session, _, recorded = open_playtest(args.playtest)
    problems = check_replay(session, recorded)
    for problem in problems:
        print(f"{source_name(args.playtest)}: {problem}")
    if problems:
        return 1
    decision = session.decision()
    result = "the game is over" if isinstance(decision, End) else f"at step {session.current}"
    print(f"{source_name(args.playtest)}: replayed {_count(len(session.steps) - 1, 'step')}, "
          f"{_count(len(recorded.digests), 'state')} identical; {result}")
    if args.jsonl:
        from engine.export.game_record import write_record

        steps = write_record(session, Path(args.jsonl))
        print(f"wrote {args.jsonl}: {steps} steps of the current line")
    return 0


def _check_record(args: argparse.Namespace) -> int:
    from engine.export.game_record import check_record

    if args.scenario is None:
        raise ValueError("a game record is checked against its scenario: epoch replay RECORD.jsonl SCENARIO")
    replayed, problems = check_record(Path(args.playtest), load_scenario(args.scenario, get_ruleset))
    for problem in problems:
        print(f"{args.playtest}: {problem}")
    if problems:
        return 1
    print(f"{args.playtest}: replayed {replayed} steps, every state identical")
    return 0


def _cards_export(args: argparse.Namespace) -> int:
    from engine.scenario.card_sheet import card_types_of, deck_table, write_sheet
    from engine.scenario.io import parse_json, read_text

    scenario = load_scenario(args.scenario, get_ruleset)
    raw, _ = parse_json(read_text(Path(args.scenario)))
    deck = next((d for d in raw["decks"] if d["id"] == args.deck), None)
    if deck is None:
        raise ValueError(f"no deck {args.deck!r} in {args.scenario} (decks: {', '.join(d.id for d in scenario.decks)})")
    types = card_types_of(get_ruleset(scenario.ruleset.id).card_type_map(), deck)
    header, rows = deck_table(deck, types)
    write_sheet(Path(args.out), header, rows)
    print(f"wrote {args.out}: {len(rows)} cards, {len(header)} columns")
    return 0


def _cards_import(args: argparse.Namespace) -> int:
    from engine.scenario.card_sheet import import_sheet, read_sheet
    from engine.scenario.io import parse_json, read_text, save_scenario

    scenario = load_scenario(args.scenario, get_ruleset)
    raw, _ = parse_json(read_text(Path(args.scenario)))
    header, rows = read_sheet(Path(args.file))
    ruleset = get_ruleset(scenario.ruleset.id)
    result = import_sheet(raw, args.deck, header, rows, ruleset.card_type_map(), Path(args.scenario).parent,
                          get_ruleset)
    for problem in result.problems:
        print(f"{args.file}: {problem}")
    if result.problems:
        return 1
    for change in result.changes:
        fields = f": {', '.join(change.fields)}" if change.fields else ""
        print(f"  {change.kind} {change.card}{fields}")
    if not result.changes:
        print(f"{args.file}: no change to deck {args.deck}")
        return 0
    if not args.apply:
        print(f"{len(result.changes)} cards would change; nothing written (add --apply to write {args.scenario})")
        return 0
    save_scenario(result.scenario, args.scenario, get_ruleset)
    print(f"wrote {args.scenario}: {len(result.changes)} cards changed")
    return 0


def _export(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario, get_ruleset)
    if args.format == "tts":
        from engine.export.tabletop_simulator import export_tts

        print(f"wrote {export_tts(scenario, Path(args.out), args.base_url)}")
    else:
        from engine.export.vassal import export_vassal

        print(f"wrote {export_vassal(scenario, Path(args.out))}")
    return 0


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
    players = _players(args, scenario)
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


def _simulate(args: argparse.Namespace) -> int:
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
          f"{'the cluster' if args.scheduler else _count(args.workers, 'worker')})")
    return 0


def _sweep(args: argparse.Namespace) -> int:
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


def _playthrough(args: argparse.Namespace) -> int:
    from engine.playthrough import playthrough

    scenario = load_scenario(args.scenario, get_ruleset)
    players = _players(args, scenario)
    sys.stdout.write(playthrough(scenario, players, args.seed, args.steps))
    return 0


def _schema(args: argparse.Namespace) -> int:
    from engine.play.playtest_file import playtest_schema, playtest_schema_files
    from engine.scenario.atomic import write_atomic
    from engine.scenario.schema import scenario_schema, schema_files, schema_text

    chosen = rulesets()
    if args.ruleset is not None:
        chosen = [ruleset for ruleset in chosen if ruleset.id == args.ruleset]
        if not chosen:
            raise ValueError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(r.id for r in rulesets())})")
    if args.write is None:
        print(schema_text(playtest_schema(chosen) if args.playtest else scenario_schema(chosen)), end="")
        return 0
    folder = Path(args.write)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{folder} is a file, not a folder to write the schemas into")
    folder.mkdir(parents=True, exist_ok=True)
    for name, schema in {**schema_files(chosen), **playtest_schema_files(chosen)}.items():
        write_atomic(Path(args.write) / name, schema_text(schema))
        print(f"wrote {Path(args.write) / name}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from engine.service.methods import EngineService
    from engine.service.transport import serve_stdio, serve_websocket

    service = EngineService()
    if args.ws is None:
        serve_stdio(service)
    else:
        serve_websocket(service, args.host, args.ws)
    return 0


def _plugins(groups: dict[str, argparse._SubParsersAction]) -> None:
    """Commands other installed packages add (the studio's Qt-drawn card outputs), found
    through the ``epoch.commands`` entry point so the engine itself imports no frontend."""
    from importlib.metadata import entry_points

    for entry in entry_points(group="epoch.commands"):
        try:
            register = entry.load()
        except ImportError:  # the package is installed without what it needs (e.g. no Qt)
            continue
        register(groups)


def _tolerances(values: list[str]) -> dict[str, float]:
    """``land-sea=30`` pairs; the kinds are put in the same order as the defaults'."""
    tolerances = {}
    for value in values:
        pair, _, number = value.partition("=")
        kinds = pair.split("-")
        try:
            tolerances["-".join(sorted(SpaceKind(kind).value for kind in kinds))] = float(number)
        except ValueError:
            raise ValueError(f"--tolerance {value}: expected KIND-KIND=PX, e.g. land-sea=30") from None
        if len(kinds) != 2:
            raise ValueError(f"--tolerance {value}: expected two kinds, e.g. land-sea=30")
        if not 0 <= float(number) <= adjacency.TOLERANCE_MAX:  # NaN fails too
            raise ValueError(f"--tolerance {value}: a gap of 0 to {adjacency.TOLERANCE_MAX:g} board units")
    return tolerances


def _map_adjacency(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario, get_ruleset)
    board = scenario.board
    found = adjacency.diff(board, adjacency.derive(board, _tolerances(args.tolerance or [])))
    groups = {"added": found.added, "removed": found.removed, "kept": found.kept}
    if args.json:
        print(json.dumps({name: [{"a": c.a, "b": c.b, "kind": c.kind.value, "manual": adjacency.is_manual(c)}
                                 for c in connections] for name, connections in groups.items()}, indent=2))
        return 0
    names = {space.id: space.name for space in board.spaces}
    for name, connections in groups.items():
        print(f"{name}: {len(connections)}")
        if name != "kept":
            for c in connections:
                print(f"  {c.kind.value}: {names.get(c.a, c.a)} – {names.get(c.b, c.b)}")
    return 0


def _positive(text: str) -> int:
    """A whole number of at least 1, for counts where 0 or less means nothing sensible."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, found {number}")
    return number


def _seed(text: str) -> int:
    """A seed within the bound every reader of a seed keeps, so a saved playtest reopens."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None
    if not SEED_MIN <= number <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"must be {SEED_MIN:,} to {SEED_MAX:,}, found {number:,}")
    return number


def _balance_arguments(command: argparse.ArgumentParser) -> None:
    """What simulate and sweep share: the games, the bots, the cap, the changes, the workers."""
    command.add_argument("scenario", help="the scenario file (.json) to play")
    command.add_argument("--games", type=_positive, default=100, metavar="N", help="how many games to play (default: 100)")
    command.add_argument("--seed", type=_seed, default=1,
                         help="game i is seeded with SEED:i, so a run can be repeated exactly (default: 1)")
    command.add_argument("--players", type=_positive, metavar="N", help="how many seats play (default: the ruleset's fewest)")
    command.add_argument("--bots", default="random", metavar="BOTS",
                         help="the bot of every seat, or one per seat separated by commas: random, greedy, "
                              "search[:ITERATIONS[:DEPTH]] (tree iterations per choice; greedy choices played on from each new "
                              "leaf before scoring it), each optionally -without-X+Y to forbid an action type "
                              "or card (default: random)")
    command.add_argument("--max-turns", type=_positive, metavar="N",
                         help="stop a game after N turns (a turn: a run of choices by one seat); it is reported "
                              "as capped with the seed that replays it and never scored. Without it every game "
                              "plays to its rules' end")
    command.add_argument("--set", action="append", default=[], metavar="PATH=VALUE",
                         help="change a ruleset option (coin_supply=12) or a scenario value "
                              "(board.spaces[gaul].props.wall=2) for this run; checked like the file. Repeatable")
    command.add_argument("--delta", type=float, default=0.1, metavar="D",
                         help="warn when a seat's win rate lies outside 1/n ± D (default: 0.1)")
    command.add_argument("--workers", type=_positive, default=1, metavar="N",
                         help="local processes sharing the games; the figures do not depend on it (default: 1)")
    command.add_argument("--scheduler", metavar="ADDRESS",
                         help="run the games on a Dask cluster (tcp://host:8786) instead; needs the 'cluster' "
                              "extra, and the scenario at the same path on every worker")
    command.add_argument("--chunk", type=_positive, default=20, metavar="N",
                         help="games sent to a worker at once and written to the results when done (default: 20)")
    command.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="epoch", description="Epoch Studio's headless rules engine.")
    commands = main.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check scenario files, listing every problem")
    validate.add_argument("files", nargs="+", metavar="SCENARIO", help="scenario files (.json) to check")
    validate.set_defaults(run=_validate)
    info = commands.add_parser("info", help="summarise a scenario")
    info.add_argument("file", metavar="SCENARIO", help="the scenario file (.json)")
    info.set_defaults(run=_info)
    play = commands.add_parser("play", help="step through a game in the terminal")
    play.add_argument("scenario", help="the scenario file (.json) to play")
    play.add_argument("--players", type=_positive, metavar="N", help="how many seats play (default: the ruleset's fewest)")
    play.add_argument("--seed", type=_seed, default=1,
                      help="seeds the dice, draws and bots: the same seed and moves give the same game (default: 1)")
    play.add_argument("--bots", metavar="SEATS", help="seats played by the random bot, numbered from 1, e.g. 2,3")
    play.add_argument("--embed", action="store_true",
                      help="saved playtests hold a copy of the scenario, so they open in any folder")
    play.set_defaults(run=_play)
    replay = commands.add_parser("replay", help="replay a playtest and check it reproduces its states")
    replay.add_argument("playtest", help="a playtest file, or a game record (.jsonl) to check")
    replay.add_argument("scenario", nargs="?", help="the scenario a .jsonl game record is checked against")
    replay.add_argument("--jsonl", metavar="OUT", help="also write the current line as a portable game record")
    replay.set_defaults(run=_replay)
    sim = commands.add_parser("simulate", help="play many games between bots and print the balance figures")
    _balance_arguments(sim)
    sim.add_argument("--csv", action="store_true", help="print the figures as CSV rows (figure, subject, value, "
                                                        "interval, count) instead of a table")
    sim.add_argument("--report", metavar="DIR", help="also write an HTML report with plots (and each plot as PNG) "
                                                     "into DIR")
    sim.add_argument("--resume", metavar="FILE", help="write each finished chunk of games to FILE (JSON lines) and "
                                                      "play only the games not already in it")
    sim.set_defaults(run=_simulate)
    sweep = commands.add_parser("sweep", help="the same games under several values of options or scenario values")
    _balance_arguments(sweep)
    sweep.add_argument("--vary", action="append", default=[], metavar="PATH=V1,V2,...",
                       help="a ruleset option (coin_supply=0,10,20) or scenario value "
                            "(decks[empires].cards[e1-sumerians].data.armies=10,12) and the values to try; "
                            "repeatable: every combination is played")
    sweep.add_argument("--provisional", type=float, nargs="?", const=1.0, metavar="STEP",
                       help="also vary every single number listed in meta.provisional one STEP down and up "
                            "(default step: 1), one value at a time")
    sweep.add_argument("--one-at-a-time", action="store_true",
                       help="vary one path at a time from the file's values instead of every combination")
    sweep.add_argument("--resume", metavar="DIR", help="write each variant's finished games into DIR and play "
                                                       "only those not already there")
    sweep.set_defaults(run=_sweep)
    golden = commands.add_parser("playthrough", help="write a seeded game's decisions as text")
    golden.add_argument("scenario", help="the scenario file (.json) to play")
    golden.add_argument("--steps", type=_positive, default=300, metavar="N", help="stop after this many steps (default: 300)")
    golden.add_argument("--seed", type=_seed, default=1, help="seeds the dice, draws and bots (default: 1)")
    golden.add_argument("--players", type=_positive, metavar="N", help="how many seats play (default: the ruleset's fewest)")
    golden.set_defaults(run=_playthrough)
    schema = commands.add_parser("schema", help="print the JSON Schema (2020-12) of scenario or playtest files")
    schema.add_argument("--ruleset", help="only this ruleset's card types, options and moves (default: every "
                                          "shipped one)")
    schema.add_argument("--playtest", action="store_true", help="the schema of playtest files instead of scenarios")
    schema.add_argument("--write", metavar="DIR", help="write every schema file, scenarios' and playtests', into DIR "
                                                       "(as docs/schema/ holds them)")
    schema.set_defaults(run=_schema)
    cards = commands.add_parser("cards", help="a deck as a spreadsheet: a row per card, a column per field")
    card_commands = cards.add_subparsers(dest="cards_command", required=True)
    sheet_out = card_commands.add_parser("export", help="write a deck as CSV or XLSX (by the file's extension)")
    sheet_out.add_argument("scenario", help="the scenario file (.json) holding the deck")
    sheet_out.add_argument("--deck", required=True, help="the deck's id")
    sheet_out.add_argument("--out", required=True, metavar="FILE.csv|FILE.xlsx",
                           help="the spreadsheet to write; its extension picks the format")
    sheet_out.set_defaults(run=_cards_export)
    sheet_in = card_commands.add_parser("import", help="read a deck from CSV or XLSX: every cell checked, a per-card diff")
    sheet_in.add_argument("scenario", help="the scenario file (.json) whose deck is replaced")
    sheet_in.add_argument("file", metavar="FILE.csv|FILE.xlsx", help="the spreadsheet to read")
    sheet_in.add_argument("--deck", required=True, help="the deck the sheet replaces")
    sheet_in.add_argument("--apply", action="store_true", help="write the scenario (without it the diff is a preview)")
    sheet_in.set_defaults(run=_cards_import)
    _plugins({"": commands, "cards": card_commands})
    export = commands.add_parser("export", help="hand a scenario to another frontend")
    formats = export.add_subparsers(dest="format", required=True)
    tts = formats.add_parser("tts", help="a Tabletop Simulator save with its images, in OUT_DIR")
    tts.add_argument("scenario", help="the scenario file (.json) to export")
    tts.add_argument("out", metavar="OUT_DIR", help="the folder to write the save and its images into")
    tts.add_argument("--base-url", help="where the images will be hosted (default: the folder's file URL)")
    vassal = formats.add_parser("vassal", help="a VASSAL module (.vmod)")
    vassal.add_argument("scenario", help="the scenario file (.json) to export")
    vassal.add_argument("out", metavar="OUT.vmod", help="the module file to write")
    export.set_defaults(run=_export)
    board_map = commands.add_parser("map", help="the board's geometry")
    map_commands = board_map.add_subparsers(dest="map_command", required=True)
    derive = map_commands.add_parser("adjacency", help="connections from the drawn borders, as a diff "
                                                       "(added, removed, kept) with the board's own")
    derive.add_argument("scenario", type=Path, help="the scenario whose board is read")
    derive.add_argument("--tolerance", action="append", metavar="KIND-KIND=PX",
                        help="the gap allowed between two kinds of spaces, e.g. land-sea=30 (repeatable)")
    derive.add_argument("--json", action="store_true", help="print the diff as JSON")
    derive.set_defaults(run=_map_adjacency)
    serve = commands.add_parser("serve", help="speak JSON-RPC 2.0 on stdio (docs/protocol.md)")
    serve.add_argument("--ws", type=int, metavar="PORT", help="listen on a WebSocket instead (0 picks a free port)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to bind with --ws (default: localhost only)")
    serve.set_defaults(run=_serve)
    return main


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except ScenarioError as error:
        print("\n".join(error.lines()), file=sys.stderr)
        return 1
    except (ValueError, OSError, RuntimeError) as error:  # a bad argument, file, or endless game
        print(f"epoch {args.command}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
