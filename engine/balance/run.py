"""Many seeded games on any ``concurrent.futures.Executor``, written as they finish.

Game ``i`` of a run with seed ``S`` draws everything from ``"{S}:{i}"`` alone, so the figures
are the same whatever executor runs the games, in whatever order they finish: a local
process pool, one process, or a Dask cluster through ``Client.get_executor()``. Games go
out in chunks; each finished chunk is appended to the results file (JSON lines), so a
killed run resumes without replaying finished games. Workers load the scenario once per
process and keep it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from operator import attrgetter
from pathlib import Path
from typing import Any

import attrs
from attrs import define, frozen

from engine.balance import MOST_GAMES
from engine.balance.figures import GameRecord
from engine.bots.random_bot import RandomBot
from engine.bots.restricted import RestrictedBot, named, text_fields
from engine.bots.search import DEEPEST, MOST_PLAYOUTS, GreedyBot, SearchBot
from engine.core.bot import Played, Table, seated
from engine.core.decision import Chance, Choice, End
from engine.core.moves import Outcome
from engine.core.ruleset import Ruleset
from engine.play.drive import Endless, drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import MAX_FILE_BYTES, load_scenario, parse_json
from engine.scenario.locate import quoted
from engine.scenario.model import Scenario
from engine.scenario.reading import Unreadable, read_regular

RESULTS_KIND = "epoch-balance-run"


@frozen
class Plan:
    """What to play: everything a worker needs, small enough to send to another machine."""

    scenario: str  # path of the scenario file
    players: int
    seed: int
    games: int
    bots: tuple[str, ...]  # one bot name per seat: random, greedy, search[:ITERATIONS[:DEPTH]], NAME-without-X
    max_turns: int | None = None  # the simulation's cap; a capped game is reported, never scored
    # (path, value) changes to the scenario for this run (``--set``, a sweep's variant), applied
    # and checked by every worker as the file itself would be
    overrides: tuple[tuple[str, Any], ...] = ()

    # play each seed once per rotation of the bots over the seats: seat s takes bots[(s + r) % n]
    rotate: bool = False

    @property
    def rotations(self) -> int:
        return self.players if self.rotate else 1

    @property
    def total(self) -> int:
        """How many games the plan plays: each seed once per rotation."""
        return self.games * self.rotations

    def game(self, index: int) -> tuple[str, tuple[str, ...]]:
        """Game ``index``'s seed and bot per seat: seed ``S:i`` for ``i = index // rotations``,
        turned ``index % rotations`` places, so every bot sits in every seat on the same seeds."""
        number, turn = divmod(index, self.rotations)
        n = len(self.bots)
        return f"{self.seed}:{number}", tuple(self.bots[(seat + turn) % n] for seat in range(n))

    def settings(self, seats: Sequence[str], capped: int | None = None,
                 played: int | None = None) -> list[tuple[str, str]]:
        """The run's settings as a report states them, so its figures can be read alone; a run
        stopped or read back before its end says how many of its games it holds."""
        try:  # bounded: a results file from elsewhere may name /dev/zero as its scenario
            digest = hashlib.sha256(read_regular(Path(self.scenario), MAX_FILE_BYTES, "a scenario")).hexdigest()[:16]
        except (Unreadable, OSError):
            digest = "the file is no longer readable"
        rows = [("scenario", self.scenario), ("scenario digest (SHA-256)", digest), ("players", str(self.players)),
                ("bots", self._bots_in_words(seats)),
                ("rotated over the seats", "yes" if self.rotate else "no"), ("seed", str(self.seed)),
                ("games", (f"{played} of " if played is not None and played != self.total else "")
                 + f"{self.total}" + (f" ({self.games} seeds)" if self.rotate else "")),
                ("turn cap", f"{self.max_turns:,}" if self.max_turns else "none"),
                ("changes (--set)", "; ".join(f"{path}={json.dumps(value)}" for path, value in self.overrides)
                 or "none")]
        if capped is not None:
            rows.append(("capped games", str(capped)))
        return rows

    def _bots_in_words(self, seats: Sequence[str]) -> str:
        """Each seat's bot; rotated, the bots in their first seats, as every seat had each in turn."""
        seated = ", ".join(f"{seat}: {bot}" for seat, bot in zip(seats, self.bots))
        if not self.rotate:
            return seated
        return f"{', '.join(self.bots)}, each in every seat in turn (the first game of a seed: {seated})"

    def key(self) -> dict[str, Any]:
        """The plan as a results file's header holds it (JSON: tuples read back as lists)."""
        return json.loads(json.dumps(attrs.asdict(self)))


def make_bot(name: str) -> Any:
    """A bot from its name: ``random``, ``greedy``, ``search``, ``search:32`` (tree iterations
    per choice) or ``search:32:4`` (and 4 greedy choices played on from each new leaf before
    the evaluation scores it), any of them ``...-without-A+B`` to forbid action types or card
    ids A and B."""
    base, _, forbidden = name.partition("-without-")
    kind, *budget = base.split(":")
    if kind == "random" and not budget:
        bot: Any = RandomBot()
    elif kind == "greedy" and not budget:
        bot = GreedyBot()
    elif kind == "search" and len(budget) <= 2 and all(part.isdigit() for part in budget):
        numbers = dict(zip(("playouts", "depth"), (int(part) if len(part) < 10 else 10**9 for part in budget)))
        if not 1 <= numbers.get("playouts", 1) <= MOST_PLAYOUTS or numbers.get("depth", 0) > DEEPEST:
            raise ValueError(f"bot {quoted(name)}: a search takes 1 to {MOST_PLAYOUTS:,} iterations and a depth of "
                             f"0 to {DEEPEST}")
        bot = SearchBot(**{"playouts": 32, **numbers}, name=base)
    else:
        raise ValueError(f"unknown bot {quoted(name)}: random, greedy, search[:ITERATIONS[:DEPTH]], each optionally "
                         "-without-X+Y")
    if forbidden:
        parts = set(forbidden.split("+"))
        types = {p for p in parts if p[:1].isupper()}
        bot = RestrictedBot(bot, action_types=types, cards=parts - types)
    return bot


def card_ids(scenario: Scenario) -> frozenset[str]:
    return frozenset(card.id for deck in scenario.decks for card in deck.cards)


def play_recorded(ruleset: Ruleset, initial: Any, bots: Sequence[Any], seed: str, cards: frozenset[str],
                  max_turns: int | None = None, moves: list[Any] | None = None,
                  known: dict[Any, tuple[str, ...]] | None = None) -> GameRecord:
    """One game through the engine's one driving loop, recording what the figures read:
    turns (a run of choices by one seat), every seat's score after each turn, the cards each
    seat played or picked; and every move into ``moves`` when given, to open the game as a
    playtest. Bots that look ahead are seated at the game's table. ``known`` keeps the cards
    each move named across the games of one scenario (a worker keeps one per plan)."""
    state = ruleset.clone(initial)
    history: list[Played] = []
    table = Table(ruleset, state, history, initial)
    at_table = [seated(bot, table) for bot in bots]
    # only a bot that looks ahead reads the history: without one, none is kept
    keeps_history = any(seat is not bot for seat, bot in zip(at_table, bots))
    players = len(bots)
    actions = turns = options = decisions = 0
    order: tuple[int, ...] = ()  # the rules' turn order, asked for at each turn until they tell it
    acted: list[int] = []  # else the seats in the order they first took a turn
    actor: int | None = None
    trajectory: list[tuple[float, ...]] = []
    played: list[tuple[int, str]] = []
    if known is None:
        known = {}
    elif len(known) > KNOWN_MOVES:
        known.clear()
    scores = ruleset.scores
    readers: dict[type, Callable[[Any], Any]] = {}  # per move type: its text fields' values (attrgetter)
    try:
        for decision, move, _ in drive(ruleset, state, at_table, random.Random(seed)):
            if decision.__class__ is Choice:
                seat = decision.seat
                offered = len(decision.actions)
                options += offered
                decisions += offered > 1
                if seat != actor:
                    if actor is not None:
                        trajectory.append(scores(state))
                    actor = seat
                    turns += 1
                    if not order:
                        order = ruleset.turn_order(state)
                    if seat not in acted:
                        acted.append(seat)
                if cards:
                    values = readers.get(move.__class__)
                    if values is None:
                        fields = text_fields(move.__class__)
                        values = readers[move.__class__] = attrgetter(*fields) if fields else _OWN_TYPE
                    key = values(move)
                    found = known.get(key)
                    if found is None:  # the same values name the same cards, whatever the move
                        found = known[key] = tuple(value for value in named(move) if value in cards)
                    if found:  # a move naming no card adds nothing: the loop is not begun
                        for card in found:
                            played.append((seat, card))
                actions += 1
            if keeps_history:
                history.append(Played(move, decision.seen_by if isinstance(decision, Chance) else None))
            if moves is not None:
                moves.append(move)
            if max_turns is not None and turns > max_turns:
                return _record(seed, scores(state), (), actions, turns - 1, True, trajectory, played,
                               ruleset.factions(state)[:players], order or _completed(acted, players), options,
                               decisions)
    except Endless:  # a game its bots never end even within the turn cap's steps: capped, not lost
        return _record(seed, scores(state), (), actions, turns, True, trajectory, played,
                       ruleset.factions(state)[:players], order or _completed(acted, players), options, decisions)
    end = ruleset.decision(state)
    assert isinstance(end, End)
    trajectory.append(tuple(end.scores))
    return _record(seed, tuple(end.scores), tuple(end.winners), actions, turns, False, trajectory, played,
                   ruleset.factions(state)[:players], order or _completed(acted, players), options, decisions)


def _completed(acted: list[int], players: int) -> tuple[int, ...]:
    """The seats in the order they first took a turn, any that never did after them by seat
    number from the last that did."""
    if not acted:
        return tuple(range(players))
    rest = [(acted[-1] + step) % players for step in range(1, players)]
    return tuple(acted + [seat for seat in rest if seat not in acted])


def _record(seed: str, scores: tuple[float, ...], winners: tuple[int, ...], actions: int, turns: int, capped: bool,
            trajectory: list, played: list, factions: tuple[str, ...], order: tuple[int, ...], options: int,
            decisions: int) -> GameRecord:
    return GameRecord(seed, scores, winners, actions, turns, order[0], capped, tuple(trajectory), tuple(played),
                      factions, order=order, options=options, decisions=decisions)


# -- workers ------------------------------------------------------------------------------

# A move type without text fields names no card: its values' key is the type itself, read in C
# (a function returning () was a call at about a third of a simulation's choices).
_OWN_TYPE = attrgetter("__class__")


KNOWN_MOVES = 200_000  # moves whose cards a worker remembers before it starts afresh
_loaded: dict[tuple, tuple[Ruleset, Any, frozenset[str], dict[Any, tuple[str, ...]]]] = {}


def load_planned(plan: Plan) -> Scenario:
    """The plan's scenario with its overrides, checked; raises ScenarioError naming each problem."""
    return load_scenario(plan.scenario, get_ruleset, plan.overrides)


def _worker_game(plan: Plan) -> tuple[Ruleset, Any, frozenset[str], dict[Any, tuple[str, ...]]]:
    """The scenario loaded once per worker process and plan, then kept."""
    key = (plan.scenario, plan.players, json.dumps(plan.overrides))
    if key not in _loaded:
        scenario = load_planned(plan)
        ruleset = get_ruleset(scenario.ruleset.id)
        initial = ruleset.start(scenario, scenario.seats[:plan.players], scenario.ruleset.options)
        _loaded[key] = (ruleset, initial, card_ids(scenario), {})
    return _loaded[key]


def play_chunk(plan: Plan, indexes: Sequence[int]) -> list[dict[str, Any]]:
    """Play games ``indexes`` of ``plan``; plain data, to cross process and machine borders."""
    ruleset, initial, cards, known = _worker_game(plan)
    made = {name: make_bot(name) for name in set(plan.bots)}
    out = []
    for index in indexes:
        seed, names = plan.game(index)
        record = play_recorded(ruleset, initial, [made[name] for name in names], seed, cards, plan.max_turns,
                               known=known)
        out.append({**attrs.asdict(record, recurse=False), "index": index, "bots": names})
    return out


def record_from(data: dict[str, Any]) -> GameRecord:
    """A record from ``play_chunk``'s data, as played (tuples) or read back from JSON (lists)."""
    fields = dict(data)
    if isinstance(fields["trajectory"], list):
        for name in ("scores", "winners", "factions", "bots", "order"):
            fields[name] = tuple(fields.get(name, ()))
        fields["trajectory"] = tuple(tuple(t) for t in fields["trajectory"])
        fields["cards"] = tuple(tuple(c) for c in fields["cards"])
    return GameRecord(**fields)


# -- running -------------------------------------------------------------------------------


# A game's line is under a kilobyte: a million games, and room to spare.
MAX_RESULTS_BYTES = 2**30


def _results_text(results: Path) -> str:
    """The results file's text; ValueError, naming the file, for a device, a pipe, a folder or
    a file past MAX_RESULTS_BYTES (``--resume /dev/zero`` read for ever)."""
    try:
        return read_regular(results, MAX_RESULTS_BYTES, "a results file").decode("utf-8")
    except (Unreadable, UnicodeDecodeError) as error:
        raise ValueError(f"{results}: {error}") from None


def read_results(results: Path, text: str | None = None) -> tuple[Plan | None, dict[int, dict[str, Any]]]:
    """A results file's plan (None for an empty file) and its games by index, from ``text``
    when the caller has read the file already. The half-written last line of a run killed while
    writing it (no newline after it) is skipped; any other line that does not read is refused,
    naming the file and the line, rather than its game silently missing from the figures."""
    if text is None:
        text = _results_text(results)
    lines = text.splitlines()
    if not lines:
        return None, {}
    try:
        header, problems = parse_json(lines[0])
        if problems or header.get("kind") != RESULTS_KIND:
            raise ValueError
        key = header["plan"]
        plan = Plan(**{**key, "bots": tuple(key["bots"]), "overrides": tuple(map(tuple, key["overrides"]))})
    except (ValueError, KeyError, TypeError, AttributeError):
        raise ValueError(f"{results} is not the results file of an epoch simulate run") from None
    if not (isinstance(plan.games, int) and 1 <= plan.games <= MOST_GAMES
            and isinstance(plan.players, int) and 1 <= plan.players == len(plan.bots)):
        raise ValueError(f"{results}, line 1: its plan's games ({plan.games!r}) or seats ({plan.players!r}) are "
                         f"not a run's (1 to {MOST_GAMES:,} games, one bot per seat)")
    done = {}
    for number, line in enumerate(lines[1:], start=2):
        entry, problems = parse_json(line)
        if problems and number == len(lines) and not text.endswith("\n"):
            continue  # the last line of a run killed while writing it
        if problems:
            raise ValueError(f"{results}, line {number}: not a game of an epoch simulate run (it does not read as JSON)")
        try:
            record_from(entry)
            done[int(entry["index"])] = entry
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError(f"{results}, line {number}: not a game of an epoch simulate run") from None
    return plan, done


def finished(results: Path | None, plan: Plan, text: str | None = None) -> dict[int, dict[str, Any]]:
    """Games already in the results file of the same plan (read from ``text`` when given); a
    different plan is refused."""
    if results is None or not results.exists():
        return {}
    held, done = read_results(results, text)
    if held is None:
        return {}
    if held.key() != plan.key():
        theirs, ours = held.key(), plan.key()
        differ = "; ".join(f"{name} {theirs.get(name)!r} there, {value!r} here" for name, value in ours.items()
                           if theirs.get(name) != value)
        raise ValueError(f"{results} holds another run ({differ}): resume with its settings, or choose another file")
    return done


@define
class ChunkSizes:
    """Games per chunk: about ``seconds`` of play each once the pace is known (one game until
    then), so a killed run loses at most that much; never more than ``most``. Without
    ``seconds``, always ``most``."""

    most: int
    seconds: float | None = None
    games: int = 0
    spent: float = 0.0

    def next(self) -> int:
        if self.seconds is None:
            return self.most
        if not self.games:
            return 1
        pace = self.spent / self.games
        return max(1, min(self.most, int(self.seconds / pace))) if pace > 0 else self.most

    def took(self, games: int, seconds: float) -> None:
        self.games += games
        self.spent += seconds


def run(plan: Plan, executor: Executor | None = None, results: Path | None = None, chunk: int = 20,
        progress: Callable[[int, int], None] | None = None, cancelled: Callable[[], bool] = lambda: False,
        seconds: float | None = None, in_flight: int = 4) -> list[GameRecord]:
    """Play every game of ``plan`` not already in ``results``; the records in game order.
    Chunks hold ``chunk`` games, or with ``seconds`` about that much play (at most ``chunk``
    games); an executor has at most ``in_flight`` chunks at once."""
    text = _results_text(results) if results is not None and results.exists() else ""  # read once, up to 1 GB
    done = finished(results, plan, text)
    todo = [index for index in range(plan.total) if index not in done]
    out = None
    if results is not None:
        out = results.open("a", encoding="utf-8")
        if not text.strip():
            out.write(json.dumps({"kind": RESULTS_KIND, "plan": plan.key()}) + "\n")
        elif not text.endswith("\n"):  # a killed run's half-written line: the games go after its last whole one
            out.truncate(len(text[:text.rfind("\n") + 1].encode("utf-8")))
    sizes = ChunkSizes(chunk, seconds)

    def take() -> list[int]:
        size = sizes.next()
        part = todo[:size]
        del todo[:size]
        return part

    try:
        if executor is None:
            while todo and not cancelled():
                part = take()
                started = time.perf_counter()
                entries = play_chunk(plan, part)
                sizes.took(len(part), time.perf_counter() - started)
                _collect(entries, done, out, progress, plan.total)
        else:
            pending: dict[Future, tuple[int, float]] = {}
            while todo or pending:
                while todo and len(pending) < in_flight and not cancelled():
                    part = take()
                    pending[executor.submit(play_chunk, plan, part)] = (len(part), time.perf_counter())
                if not pending:
                    break
                ready, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in ready:
                    games, started = pending.pop(future)
                    sizes.took(games, time.perf_counter() - started)
                    _collect(future.result(), done, out, progress, plan.total)
                if cancelled():
                    for future in pending:
                        future.cancel()
                    break
    finally:
        if out is not None:
            out.close()
    return [record_from(done[index]) for index in sorted(done)]


def _collect(entries: list[dict[str, Any]], done: dict[int, dict[str, Any]], out, progress, total: int) -> None:
    for entry in entries:
        done[entry["index"]] = entry
        if out is not None:
            out.write(json.dumps(entry) + "\n")
    if out is not None:
        out.flush()
        os.fsync(out.fileno())
    if progress is not None:
        progress(len(done), total)


def playtest_of(plan: Plan, index: int) -> Any:
    """Game ``index`` of ``plan`` as a playtest session at its end, every step undoable: the
    same moves the run played, replayed through a session seeded with the run's seed."""
    from engine.bots import BOTS
    from engine.play.session import HUMAN, Session

    if not 0 <= index < plan.total:
        raise ValueError(f"the run has games 0 to {plan.total - 1}, not {index}")
    scenario = load_planned(plan)
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:plan.players]
    initial = ruleset.start(scenario, seats, scenario.ruleset.options)
    moves: list[Any] = []
    seed, names = plan.game(index)
    play_recorded(ruleset, initial, [make_bot(name) for name in names], seed, card_ids(scenario), plan.max_turns,
                  moves=moves)
    session = Session(scenario, ruleset, seats, scenario.ruleset.options, plan.seed, [HUMAN] * plan.players,
                      BOTS)
    for move in moves:
        decision = session.decision()
        options = decision.actions if isinstance(decision, Choice) else decision.outcomes
        # the run's generator drew these outcomes, not the session's seed: they are forced,
        # so a saved playtest of the game does not claim its seed rolls them
        session.play(next(option for option in options if option == move), forced=isinstance(move, Outcome))
    return session
