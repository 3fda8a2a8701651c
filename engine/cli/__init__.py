"""The ``epoch`` command: validate, inspect, play, replay and simulate scenarios headless.

This module builds the parser and nothing more: each command's code is in a module of its
own (scenario_commands, play_commands, balance_commands), imported when that command runs,
so ``epoch --help`` and a mistyped argument answer at once (issue 27).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from engine.balance import MAX_TURNS, MOST_GAMES, MOST_WORKERS
from engine.export.names import FORCE_HELP

if TYPE_CHECKING:
    from engine.scenario.model import Scenario


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


def _real(within: Callable[[float], bool], wanted: str, bound: str) -> Callable[[str], float]:
    """An argument type: a number for which ``within`` holds (nan never does); ``wanted`` and
    ``bound`` say what was expected, e.g. "a number of seconds" and "0 or more seconds"."""
    def parse(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {wanted}, found {text!r}") from None
        if not within(number):
            raise argparse.ArgumentTypeError(f"must be {bound}, found {text}")
        return number
    return parse


_seconds = _real(lambda n: 0 <= n < math.inf, "a number of seconds", "0 or more seconds")
# --provisional's step (0 varied nothing, inf no number), --idle's seconds (0 closed every
# connection at once, nan none ever)
_above_zero = _real(lambda n: 0 < n < math.inf, "a number above 0", "a finite number above 0")
_share = _real(lambda n: 0 <= n <= 1, "a number between 0 and 1", "between 0 and 1")  # --delta


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``low`` (and at most ``high``)."""
    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None
        if high is None and number < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, found {number}")
        if high is not None and not low <= number <= high:
            raise argparse.ArgumentTypeError(f"must be {low:,} to {high:,}, found {number:,}")
        return number
    return parse


_count = _whole(0)  # a count that may be none
_positive = _whole(1)  # a count where 0 or less means nothing sensible
_games = _whole(1, MOST_GAMES)  # the bound every run, reader and widget keeps
_workers = _whole(1, MOST_WORKERS)
_port = _whole(0, 65535)  # 0: the system picks a free one


def _seed(text: str) -> int:
    """A seed within the bound every reader of a seed keeps, so a saved playtest reopens (the
    bound is read when a seed is given: the parser is built without the engine's core)."""
    from engine.core.randomness import SEED_MAX, SEED_MIN

    return _whole(SEED_MIN, SEED_MAX)(text)


def players(args: argparse.Namespace, scenario: Scenario) -> int:
    """The seats that play: --players, or the ruleset's fewest; within what the ruleset and the
    scenario's seats allow, for every command that plays."""
    from engine.rulesets.registry import get_ruleset

    ruleset = get_ruleset(scenario.ruleset.id)
    chosen = args.players or ruleset.min_players
    most = min(ruleset.max_players, len(scenario.seats))
    if not ruleset.min_players <= chosen <= most:
        raise ValueError(f"{ruleset.title} in this scenario takes {ruleset.min_players} to {most} players, "
                         f"not {chosen}")
    return chosen


def _balance_arguments(command: argparse.ArgumentParser) -> None:
    """What simulate and sweep share: the games, the bots, the cap, the changes, the workers."""
    command.add_argument("scenario", help="the scenario file (.json) to play")
    command.add_argument("--games", type=_games, default=100, metavar="N",
                         help=f"how many games to play (default: 100; at most {MOST_GAMES:,})")
    command.add_argument("--seed", type=_seed, default=1,
                         help="game i is seeded with SEED:i, so a run can be repeated exactly (default: 1)")
    command.add_argument("--players", type=_positive, metavar="N", help="how many seats play (default: the ruleset's fewest)")
    command.add_argument("--bots", default="random", metavar="BOTS",
                         help="the bot of every seat, or one per seat separated by commas: random, greedy, "
                              "search[:ITERATIONS[:DEPTH]] (tree iterations per choice; greedy choices played on from each new "
                              "leaf before scoring it), each optionally -without-X+Y to forbid an action type "
                              "or card (default: random)")
    command.add_argument("--max-turns", type=_count, default=MAX_TURNS, metavar="N",
                         help="stop a game after N turns (a turn: a run of choices by one seat); it is reported "
                              "as capped with the seed that replays it and never scored, so a game random bots "
                              f"never end cannot sink the run (default: {MAX_TURNS:,}, far past any shipped "
                              "game's length; 0: every game plays to its rules' end)")
    command.add_argument("--rotate", action="store_true",
                         help="play each seed once per rotation of the bots over the seats (GAMES x players "
                              "games) and report each bot pooled over the seats it sat in, beside each seat")
    command.add_argument("--set", action="append", default=[], metavar="PATH=VALUE",
                         help="change a ruleset option (coin_supply=12) or a scenario value "
                              "(board.spaces[gaul].props.wall=2) for this run; checked like the file. Repeatable")
    command.add_argument("--delta", type=_share, default=0.1, metavar="D",
                         help="warn when a seat's win rate lies outside 1/n ± D (default: 0.1)")
    command.add_argument("--workers", type=_workers, default=1, metavar="N",
                         help=f"local processes sharing the games; the figures do not depend on it (default: 1; at "
                              f"most {MOST_WORKERS})")
    command.add_argument("--scheduler", metavar="ADDRESS",
                         help="run the games on a Dask cluster (tcp://host:8786) instead; needs the 'cluster' "
                              "extra, and the scenario at the same path on every worker")
    command.add_argument("--chunk-seconds", type=_seconds, default=10.0, metavar="S",
                         help="games go to a worker, and into the --resume file, in chunks of about S seconds of "
                              "play, so a stopped run keeps all but its last seconds (default: 10; 0: chunks of --chunk games)")
    command.add_argument("--chunk", type=_positive, default=500, metavar="N",
                         help="at most N games in a chunk (default: 500)")
    command.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="epoch", description="Epoch Studio's headless rules engine.")
    commands = main.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check scenario files, listing every problem")
    validate.add_argument("files", nargs="+", metavar="SCENARIO", help="scenario files (.json) to check")
    validate.set_defaults(run="scenario_commands:validate")
    info = commands.add_parser("info", help="summarise a scenario")
    info.add_argument("file", metavar="SCENARIO", help="the scenario file (.json)")
    info.set_defaults(run="scenario_commands:info")
    play = commands.add_parser("play", help="step through a game in the terminal")
    play.add_argument("scenario", help="the scenario file (.json) to play")
    play.add_argument("--players", type=_positive, metavar="N", help="how many seats play (default: the ruleset's fewest)")
    play.add_argument("--seed", type=_seed, default=1,
                      help="seeds the dice, draws and bots: the same seed and moves give the same game (default: 1)")
    play.add_argument("--bots", metavar="SEATS", help="seats played by the random bot, numbered from 1, e.g. 2,3")
    play.add_argument("--embed", action="store_true",
                      help="saved playtests hold a copy of the scenario, so they open in any folder")
    play.set_defaults(run="play_commands:play")
    replay = commands.add_parser("replay", help="replay a playtest and check it reproduces its states")
    replay.add_argument("playtest", help="a playtest file, or a game record (.jsonl) to check")
    replay.add_argument("scenario", nargs="?", help="the scenario a .jsonl game record is checked against")
    replay.add_argument("--jsonl", metavar="OUT", help="also write the current line as a portable game record")
    replay.add_argument("--force", action="store_true", help=FORCE_HELP)
    replay.set_defaults(run="play_commands:replay")
    sim = commands.add_parser("simulate", help="play many games between bots and print the balance figures")
    _balance_arguments(sim)
    sim.add_argument("--csv", action="store_true", help="print the figures as CSV rows (figure, subject, value, "
                                                        "interval, count) instead of a table")
    sim.add_argument("--report", metavar="DIR", help="also write an HTML report with plots (and each plot as PNG) "
                                                     "into DIR")
    sim.add_argument("--resume", metavar="FILE", help="write each finished chunk of games to FILE (JSON lines) and "
                                                      "play only the games not already in it")
    sim.set_defaults(run="balance_commands:simulate")
    summary = commands.add_parser("summarise", help="the balance figures of a --resume file's games, finished "
                                                    "or not, without playing any")
    summary.add_argument("results", metavar="FILE", help="the results file a simulate --resume run wrote")
    summary.add_argument("--delta", type=_share, default=0.1, metavar="D",
                         help="warn when a seat's win rate lies outside 1/n ± D (default: 0.1)")
    summary.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    summary.add_argument("--csv", action="store_true", help="print the figures as CSV rows instead of a table")
    summary.add_argument("--report", metavar="DIR", help="also write an HTML report with plots (and each plot as "
                                                         "PNG) into DIR, as simulate --report does")
    summary.set_defaults(run="balance_commands:summarise")
    sweep = commands.add_parser("sweep", help="the same games under several values of options or scenario values")
    _balance_arguments(sweep)
    sweep.add_argument("--vary", action="append", default=[], metavar="PATH=V1,V2,...",
                       help="a ruleset option (coin_supply=0,10,20) or scenario value "
                            "(decks[empires].cards[e1-sumerians].data.armies=10,12) and the values to try; "
                            "repeatable: every combination is played")
    sweep.add_argument("--provisional", type=_above_zero, nargs="?", const=1.0, metavar="STEP",
                       help="also vary every single number listed in meta.provisional one STEP down and up "
                            "(default step: 1), one value at a time")
    sweep.add_argument("--one-at-a-time", action="store_true",
                       help="vary one path at a time from the file's values instead of every combination")
    sweep.add_argument("--csv", action="store_true", help="print every variant's figures as CSV rows (variant, "
                                                          "label, figure, subject, value, interval, count), then "
                                                          "each path's paired difference")
    sweep.add_argument("--report", metavar="DIR", help="also write an HTML report (settings, Balance per variant with "
                                                       "its interval, the table and the ranking) into DIR")
    sweep.add_argument("--resume", metavar="DIR", help="write each variant's finished games into DIR and play "
                                                       "only those not already there")
    sweep.set_defaults(run="balance_commands:sweep")
    golden = commands.add_parser("playthrough", help="write a seeded game's decisions as text")
    golden.add_argument("scenario", help="the scenario file (.json) to play")
    golden.add_argument("--steps", type=_positive, default=300, metavar="N", help="stop after this many steps (default: 300)")
    golden.add_argument("--seed", type=_seed, default=1, help="seeds the dice, draws and bots (default: 1)")
    golden.add_argument("--players", type=_positive, metavar="N", help="how many seats play (default: the ruleset's fewest)")
    golden.set_defaults(run="play_commands:playthrough")
    schema = commands.add_parser("schema", help="print the JSON Schema (2020-12) of scenario or playtest files")
    schema.add_argument("--ruleset", help="only this ruleset's card types, options and moves (default: every "
                                          "shipped one)")
    schema.add_argument("--playtest", action="store_true", help="the schema of playtest files instead of scenarios")
    schema.add_argument("--write", metavar="DIR", help="write every schema file, scenarios' and playtests', into DIR "
                                                       "(as docs/schema/ holds them)")
    schema.set_defaults(run="scenario_commands:schema")
    cards = commands.add_parser("cards", help="a deck as a spreadsheet: a row per card, a column per field")
    card_commands = cards.add_subparsers(dest="cards_command", required=True)
    sheet_out = card_commands.add_parser("export", help="write a deck as CSV or XLSX (by the file's extension)")
    sheet_out.add_argument("scenario", help="the scenario file (.json) holding the deck")
    sheet_out.add_argument("--deck", required=True, help="the deck's id")
    sheet_out.add_argument("--out", required=True, metavar="FILE.csv|FILE.xlsx",
                           help="the spreadsheet to write; its extension picks the format")
    sheet_out.add_argument("--force", action="store_true", help=FORCE_HELP)
    sheet_out.set_defaults(run="scenario_commands:cards_export")
    sheet_in = card_commands.add_parser("import", help="read a deck from CSV or XLSX: every cell checked, a per-card diff")
    sheet_in.add_argument("scenario", help="the scenario file (.json) whose deck is replaced")
    sheet_in.add_argument("file", metavar="FILE.csv|FILE.xlsx", help="the spreadsheet to read")
    sheet_in.add_argument("--deck", required=True, help="the deck the sheet replaces")
    sheet_in.add_argument("--apply", action="store_true", help="write the scenario (without it the diff is a preview)")
    sheet_in.set_defaults(run="scenario_commands:cards_import")
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
    for command in (tts, vassal):
        command.add_argument("--force", action="store_true", help=FORCE_HELP)
    export.set_defaults(run="scenario_commands:export")
    board_map = commands.add_parser("map", help="the board's geometry")
    map_commands = board_map.add_subparsers(dest="map_command", required=True)
    derive = map_commands.add_parser("adjacency", help="connections from the drawn borders, as a diff "
                                                       "(added, removed, kept) with the board's own")
    derive.add_argument("scenario", type=Path, help="the scenario whose board is read")
    derive.add_argument("--tolerance", action="append", metavar="KIND-KIND=PX",
                        help="the gap allowed between two kinds of spaces, e.g. land-sea=30 (repeatable)")
    derive.add_argument("--json", action="store_true", help="print the diff as JSON")
    derive.set_defaults(run="scenario_commands:map_adjacency")
    serve = commands.add_parser("serve", help="speak JSON-RPC 2.0 on stdio (docs/protocol.md)")
    serve.add_argument("--ws", type=_port, metavar="PORT", help="listen on a WebSocket instead (0 picks a free port)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to bind with --ws (default: localhost only)")
    serve.add_argument("--root", type=Path, default=Path.cwd(),
                       help="the one folder whose files clients may read and write (default: the current folder)")
    serve.add_argument("--allow-origin", action="append", metavar="ORIGIN",
                       help="a web page origin allowed to connect with --ws, e.g. http://localhost:8000 (repeatable; "
                            "default: pages opened from a file and clients outside a browser)")
    serve.add_argument("--web", type=_port, metavar="PORT",
                       help="with --ws, also serve the example web client (examples/web) on this localhost port "
                            "(0 picks a free one) and admit its page; prints the address to open")
    serve.add_argument("--idle", type=_above_zero, default=30 * 60, metavar="SECONDS",
                       help="close a WebSocket connection and its sessions after this long without a request "
                            "(default: 1800)")
    serve.set_defaults(run="play_commands:serve")
    openrpc = commands.add_parser("openrpc", help="print the OpenRPC description of `epoch serve` (what rpc.discover "
                                                  "answers)")
    openrpc.add_argument("--write", metavar="FILE", help="write it into FILE (as docs/protocol.openrpc.json holds it)")
    openrpc.set_defaults(run="play_commands:openrpc")
    return main


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from engine.scenario.problems import ScenarioError

    run = args.run
    if isinstance(run, str):  # "module:function" in this package; a plugin's command is its function
        module, name = run.split(":")
        run = getattr(import_module(f"engine.cli.{module}"), name)
    try:
        return run(args)
    except ScenarioError as error:
        print("\n".join(error.lines()), file=sys.stderr)
        return 1
    except OSError as error:  # a file: named, with the system's words, not "[Errno 22] ...: '/dev/full'"
        said = f"{error.filename}: {error.strerror}" if error.filename and error.strerror else error
        print(f"epoch {args.command}: {said}", file=sys.stderr)
        return 1
    except (ValueError, RuntimeError) as error:  # a bad argument, or an endless game
        print(f"epoch {args.command}: {error}", file=sys.stderr)
        return 1
