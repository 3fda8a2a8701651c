"""Undo, redo and goto latency at history depths 100, 1,000 and 10,000, the memory of a
10,000-step history, and what a session step costs beside a raw engine step. Targets: undo
and redo median under 1 ms, goto under 20 ms, memory under 100 MB, a session step at most
1.5x a raw step.

    python benchmarks/session_history.py [SCENARIO] [--depths 100 1000 10000] [--rounds 5] [--games 2]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc

import attrs
from _support import DICE_RACE, ROOT, report, timings

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.play.drive import Endless, drive
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario


def endless_session(path, depth: int) -> Session:
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    options = scenario.ruleset.options
    if hasattr(options, "target"):  # Dice Race: make the game long enough for any depth
        options = attrs.evolve(options, target=10**9, rounds=10**9)
    players = scenario.seats[: ruleset.min_players]
    session = Session(scenario, ruleset, players, options, 1, ["random"] * len(players), BOTS)
    while session.current < depth and session.is_bot_turn():
        session.bot_step()
    if session.current < depth:
        sys.exit(f"the game ended after {session.current} steps, before depth {depth}")
    return session


def whole_game(path, players: int) -> Session:
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:players]
    session = Session(scenario, ruleset, seats, scenario.ruleset.options, 1, ["random"] * players, BOTS)
    while session.is_bot_turn():
        session.bot_step()
    return session


def measure(session: Session) -> None:
    tip = session.current
    count = min(tip, 200)
    report("  undo", timings(session.undo, count), 0.001)
    report("  redo", timings(session.redo, count), 0.001)
    rng = random.Random(tip)
    report("  goto (random step)", timings(lambda: session.goto(rng.randrange(tip + 1)), 200), 0.020)


# Random seats can stall an Antike Duellum game for ever (docs/antike-duellum.md, "The game's
# other end"), so a game stops after this many steps: the comparison needs steps, not an end.
MAX_STEPS = 20_000


def session_game(scenario, ruleset, players: int, seed: int, opening) -> tuple[Session, float]:
    """One game played through a session's own loop (is it a bot's turn? then the bot's whole
    step: the decision, the bot's choice with the step's seeded generator, the offered-move
    check, apply, the step tree and checkpoints), to its end or MAX_STEPS, and its seconds.
    It plays on a clone of ``opening`` (equal to the session's own start), as the driven game
    does: a ruleset may fill its tables in lazily as play reaches them (History of the World's
    cached properties and memos, about a fifth of its instructions in a game started afresh),
    which is the game's cost, not the session's, so both sides play on the same warm tables."""
    session = Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, seed,
                      ["random"] * players, BOTS)
    session.state = ruleset.clone(opening)
    # A full collection owed to what was loaded before (the scenario, the previous games) is not
    # the session's cost; the collections its own steps cause are counted.
    gc.collect()
    steps = 0
    started = time.perf_counter()
    while steps < MAX_STEPS and session.is_bot_turn():
        session.bot_step()
        steps += 1
    return session, time.perf_counter() - started


def draws_for(ruleset, initial, moves: list) -> list[float]:
    """The generator's draws that make the random bot and chance take ``moves`` from ``initial``:
    one draw a step, inside the interval of the option the move is (uniform or weighted)."""
    state = ruleset.clone(initial)
    draws = []
    for move in moves:
        decision = ruleset.decision(state)
        options = decision.actions if isinstance(decision, Choice) else decision.outcomes
        index = options.index(move)
        weights = getattr(decision, "weights", None) or [1] * len(options)
        below = sum(weights[:index])
        draws.append((below + weights[index] / 2) / sum(weights))
        ruleset.apply(state, move)
    return draws


def drive_game(ruleset, opening, draws: list[float]) -> tuple[object, float]:
    """The same game as a headless simulation plays it: ``drive``'s loop (the decision, the random
    bot's choice or chance's draw with one generator, apply) on a clone of the opening, as
    ``sim.play_game`` does, the generator replaying the session game's draws (a C call a draw,
    as ``random.Random.random`` is), and its seconds."""
    state = ruleset.clone(opening)
    rng = random.Random()
    rng.random = iter(draws).__next__
    bots = [BOTS["random"]] * ruleset.max_players
    gc.collect()
    started = time.perf_counter()
    try:
        for _ in drive(ruleset, state, bots, rng, len(draws)):
            pass
    except Endless:  # stopped at MAX_STEPS, as the session game was
        pass
    return state, time.perf_counter() - started


def same_game(scenario, ruleset, initial, players: int, seed: int) -> tuple[int, float, float]:
    """One seed played both ways: steps, session seconds, drive seconds. The final states must
    agree, or the two did not play the same moves."""
    session, session_seconds = session_game(scenario, ruleset, players, seed, initial)
    moves = [step.move for step in session.line()[1:]]
    state, drive_seconds = drive_game(ruleset, initial, draws_for(ruleset, initial, moves))
    if ruleset.digest(state) != session.digest():
        sys.exit(f"seed {seed}: the driven game did not replay the session's game")
    return len(moves), session_seconds, drive_seconds


def old_session_game(scenario, ruleset, players: int, seed: int) -> tuple[list[int], float]:
    """The measure used before: only ``bot_step`` timed, after ``is_bot_turn`` had worked the
    decision out untimed; which option each step took."""
    session = Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, seed,
                      ["random"] * players, BOTS)
    gc.collect()
    taken, seconds = [], 0.0
    while session.is_bot_turn() and len(taken) < MAX_STEPS:
        decision = session.decision()
        started = time.perf_counter()
        step = session.bot_step()
        seconds += time.perf_counter() - started
        options = decision.actions if isinstance(decision, Choice) else decision.outcomes
        taken.append(next(i for i, option in enumerate(options) if option is step.move))
    return taken, seconds


def old_raw_game(ruleset, initial, taken: list[int]) -> float:
    """The raw step used before: the decision and apply, no bot's choice and no generator."""
    state = ruleset.clone(initial)
    started = time.perf_counter()
    for index in taken:
        decision = ruleset.decision(state)
        options = decision.actions if isinstance(decision, Choice) else decision.outcomes
        ruleset.apply(state, options[index])
    return time.perf_counter() - started


def session_vs_raw(path, players: int, rounds: int, games: int) -> None:
    """The same games played both ways, alternating, round after round; each round gives a
    ratio of the time per step, and the median of those is the figure (the machine is shared
    and noisy). The old measure's line follows, for the record."""
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    initial = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
    try:  # an untimed game first, so lazily filled tables are as warm for the first game as for the rest
        for _ in drive(ruleset, ruleset.clone(initial), [BOTS["random"]] * players, random.Random(-1), MAX_STEPS):
            pass
    except Endless:
        pass
    raw_per_step, session_per_step, ratios = [], [], []
    old_raw, old_session, old_ratios = [], [], []
    for round_ in range(rounds):
        seeds = range(round_ * games, (round_ + 1) * games)
        played = [same_game(scenario, ruleset, initial, players, seed) for seed in seeds]
        steps = sum(count for count, _, _ in played)
        raw_per_step.append(sum(seconds for _, _, seconds in played) / steps)
        session_per_step.append(sum(seconds for _, seconds, _ in played) / steps)
        ratios.append(session_per_step[-1] / raw_per_step[-1])
        old = [old_session_game(scenario, ruleset, players, seed) for seed in seeds]
        steps = sum(len(taken) for taken, _ in old)
        old_raw.append(sum(old_raw_game(ruleset, initial, taken) for taken, _ in old) / steps)
        old_session.append(sum(seconds for _, seconds in old) / steps)
        old_ratios.append(old_session[-1] / old_raw[-1])
    ratio = statistics.median(ratios)
    print(f"{scenario.meta.title}, {players} players ({rounds} rounds of {games} games each): "
          f"drive step {statistics.median(raw_per_step) * 1e6:.1f} us, session step "
          f"{statistics.median(session_per_step) * 1e6:.1f} us, session/drive {ratio:.2f}x  "
          f"target <= 1.5x: {'met' if ratio <= 1.5 else 'MISSED'}")
    print(f"  old measure, for the record (decision untimed in the session, no bot choice in the raw "
          f"step): raw {statistics.median(old_raw) * 1e6:.1f} us, session "
          f"{statistics.median(old_session) * 1e6:.1f} us, {statistics.median(old_ratios):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=DICE_RACE)
    parser.add_argument("--depths", type=int, nargs="+", default=[100, 1_000, 10_000])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the session/raw comparison")
    parser.add_argument("--games", type=int, default=2, help="games of each kind per round")
    parser.add_argument("--steps-only", action="store_true", help="only the session step beside the raw step")
    args = parser.parse_args()
    hotw = ROOT / "scenarios" / "history-of-the-world.json"
    if not args.steps_only:
        history(args, hotw)
    print("a session step beside a raw engine step: the session's loop (is_bot_turn, bot_step) against the "
          "headless simulation's (drive) on the same moves, both timed whole, decision and the random "
          "bot's choice included; random bots and chance, whole games")
    session_vs_raw(hotw, 4, args.rounds, args.games)
    session_vs_raw(ROOT / "scenarios" / "antike-duellum-carthage-rome.json", 2, args.rounds, args.games)


def history(args: argparse.Namespace, hotw) -> None:
    """Undo, redo, goto and memory."""
    print(f"session history benchmark on {args.scenario}")
    for depth in args.depths:
        print(f"depth {depth:,}")
        measure(endless_session(args.scenario, depth))
    session = whole_game(hotw, players=6)
    print(f"History of the World, a whole 6-player game ({session.current} steps)")
    measure(session)
    tracemalloc.start()
    long = endless_session(args.scenario, max(args.depths))
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    verdict = "met" if current < 100 * 2**20 else "MISSED"
    print(f"memory of a {len(long.steps) - 1:,}-step history: {current / 2**20:.1f} MB  "
          f"target < 100 MB: {verdict}")


if __name__ == "__main__":
    main()
