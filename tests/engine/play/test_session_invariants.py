"""The session's invariants on every game: the tiny Dice Race and the shipped games."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.core.moves import Outcome
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[3]
GAMES = {
    "dice-race": (ROOT / "tests" / "data" / "dice-race.json", 3, {"target": 10**6, "rounds": 10**6}),
    "history-of-the-world": (ROOT / "scenarios" / "history-of-the-world.json", 4, {}),
    "antike-duellum": (ROOT / "scenarios" / "antike-duellum-carthage-rome.json", 2, {}),
    "civilization": (ROOT / "scenarios" / "civilization.json", 3, {}),
    "a-brief-history-of-the-world": (ROOT / "scenarios" / "a-brief-history-of-the-world.json", 2, {}),
    "after-the-flood": (ROOT / "scenarios" / "after-the-flood.json", 3, {}),
}


@pytest.fixture(params=sorted(GAMES))
def game(request):
    path, players, options = GAMES[request.param]
    scenario = load_scenario(path, get_ruleset)
    scenario.ruleset.options = attrs.evolve(scenario.ruleset.options, **options)
    return path, scenario, players


def new_session(game, seed: int = 3) -> Session:
    _, scenario, players = game
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:players]
    return Session(scenario, ruleset, seats, scenario.ruleset.options, seed, ["random"] * players, BOTS)


def advance(session: Session, steps: int) -> list[str]:
    digests = []
    for _ in range(steps):
        session.bot_step()
        digests.append(session.digest())
    return digests


def moves(session: Session) -> tuple:
    decision = session.decision()
    return decision.actions if isinstance(decision, Choice) else decision.outcomes


def other_move(session: Session):
    taken = {step.move for step in session.branches()}
    return next(move for move in moves(session) if move not in taken)


def play_other(session: Session) -> None:
    """Another move than those played here; a chance outcome so chosen is forced."""
    move = other_move(session)
    session.play(move, forced=isinstance(move, Outcome))


def test_undo_to_the_root_gives_the_initial_state(game):
    session = new_session(game)
    initial = session.digest()
    advance(session, 150)
    while session.can_undo():
        session.undo()
    assert session.digest() == initial


def test_undo_and_redo_give_identical_states(game):
    session = new_session(game)
    digests = [session.digest(), *advance(session, 120)]
    for expected in reversed(digests[:-1]):
        session.undo()
        assert session.digest() == expected
    for expected in digests[1:]:
        session.redo()
        assert session.digest() == expected


def test_a_branch_keeps_both_lines(game):
    session = new_session(game)
    advance(session, 60)
    old_tip, old_digest = session.current, session.digest()
    session.goto(30)
    while len(moves(session)) < 2:
        session.bot_step()
    fork = session.current
    play_other(session)
    advance(session, 40)
    new_tip, new_digest = session.current, session.digest()
    assert len(session.branches(fork)) == 2
    session.goto(old_tip)
    assert session.digest() == old_digest
    session.goto(new_tip)
    assert session.digest() == new_digest


def test_save_open_and_replay_give_identical_states(game, tmp_path):
    session = new_session(game)
    advance(session, 80)
    session.goto(40)
    play_other(session)
    advance(session, 20)
    playtest = tmp_path / "game.playtest.json"
    save_playtest(session, playtest, None)  # embedded: the game's options differ from the file's
    reopened, _, digests = open_playtest(playtest)
    assert check_replay(reopened, digests) == []
    for step in range(0, len(session.steps), 7):
        session.goto(step)
        reopened.goto(step)
        assert reopened.digest() == session.digest()
