"""``epoch play``, ``replay``, ``playthrough`` and ``serve``: the commands that run a game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from engine.bots import BOTS
from engine.cli import players as seats_playing
from engine.core.decision import Chance, Choice, End
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.core.picture import SeatPanel
from engine.core.text import plural
from engine.export.names import refuse_existing
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import HUMAN, Session, Step
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, source_name


def _panel_line(panel: SeatPanel) -> str:
    """One seat's panel on a line: score, resources, hand and whatever else it lists."""
    parts = [f"score {panel.score:g}", *(f"{name} {amount}" for name, amount in panel.resources.items())]
    if panel.hand is not None:
        parts.append("hand: " + (", ".join(panel.hand) if panel.hand else "empty"))
    elif panel.hand_size is not None:  # None: the game has no hands
        parts.append(f"hand: {plural(panel.hand_size, 'card')}, hidden")
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
        names = [seat.name for seat in session.seats]
        out("game over: " + ", ".join(f"{names[seat]} {decision.scores[seat]:g}" for seat in decision.ranking)
            + f"; {decision.verdict(names)}")


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


def play(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    players = seats_playing(args, scenario)
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
                try:
                    save_playtest(session, target, None if args.embed else Path(args.scenario))
                except OSError as error:  # the game goes on: a failed save loses nothing
                    print(f"not saved: {target}: {error.strerror or error}")
                    show = False
                    continue
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


def replay(args: argparse.Namespace) -> int:
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
    print(f"{source_name(args.playtest)}: replayed {plural(len(session.steps) - 1, 'step')}, "
          f"{plural(len(recorded.digests), 'state')} identical; {result}")
    if args.jsonl:
        from engine.export.game_record import write_record

        refuse_existing([Path(args.jsonl)], args.force)
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


def playthrough(args: argparse.Namespace) -> int:
    from engine.playthrough import playthrough

    scenario = load_scenario(args.scenario, get_ruleset)
    players = seats_playing(args, scenario)
    sys.stdout.write(playthrough(scenario, players, args.seed, args.steps))
    return 0


def serve(args: argparse.Namespace) -> int:
    from engine.service.folder import Folder
    from engine.service.methods import EngineService
    from engine.service.transport import (
        DEFAULT_ORIGINS,
        Tokens,
        serve_stdio,
        serve_websocket,
    )

    if not args.root.is_dir():
        raise ValueError(f"--root {args.root}: not a folder")
    folder = Folder(args.root)
    if args.web is not None and args.ws is None:
        raise ValueError("--web serves the page of a WebSocket server: give --ws PORT too")
    if args.ws is None:
        serve_stdio(EngineService(folder=folder))
    else:
        origins = [*DEFAULT_ORIGINS, *(args.allow_origin or [])]
        serve_websocket(folder, args.host, args.ws, Tokens(), origins=origins, idle=args.idle,
                        web=args.web)
    return 0


def openrpc(args: argparse.Namespace) -> int:
    from engine.scenario.atomic import write_atomic
    from engine.scenario.schema import schema_text
    from engine.service.openrpc import description

    text = schema_text(description())
    if args.write is None:
        print(text, end="")
    else:
        write_atomic(Path(args.write), text)
    return 0
