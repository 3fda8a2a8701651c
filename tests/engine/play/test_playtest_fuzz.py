"""Hostile playtest files (hypothesis): whatever is done to a saved playtest, opening and
checking its replay raise nothing; a refusal lists located problems; a file that opens
and replays cleanly saves and opens again to the same tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mutations import ENDINGS, FUZZ, as_text, mutated, report

from engine.bots import BOTS
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.problems import ScenarioError

ROOT = Path(__file__).parents[3]
WHOLE_FILE = ("invalid JSON", "not an Epoch Studio playtest file", "cannot read the file")


@pytest.fixture(scope="module")
def playtests(tmp_path_factory) -> tuple[Path, dict[str, dict]]:
    """A Dice Race playtest referring to its scenario, one embedding it, and a History of the
    World one, each a few dozen steps long with a branch."""
    folder = tmp_path_factory.mktemp("fuzz")
    found = {}
    for name, path, players, steps, embed in (
        ("dice-path", ROOT / "tests" / "data" / "dice-race.json", 3, 60, False),
        ("dice-embedded", ROOT / "tests" / "data" / "dice-race.json", 2, 40, True),
        ("hotw-path", ROOT / "scenarios" / "history-of-the-world.json", 3, 40, False),
    ):
        scenario = load_scenario(path, get_ruleset)
        ruleset = get_ruleset(scenario.ruleset.id)
        session = Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, 7,
                          ["random"] * players, BOTS)
        for _ in range(steps):
            if not session.is_bot_turn():
                break
            session.bot_step()
        session.goto(steps // 2)
        if session.is_bot_turn():
            session.bot_step(again=True)
        target = folder / f"{name}.playtest.json"
        save_playtest(session, target, None if embed else path)
        found[name] = json.loads(target.read_text())
    yield folder, found
    report()


@FUZZ
@given(st.data())
def test_a_mutated_playtest_is_refused_with_located_problems_or_replays(playtests, data):
    folder, sources = playtests
    name = data.draw(st.sampled_from(sorted(sources)))
    path = folder / "mutated.playtest.json"
    path.write_text(as_text(data.draw(mutated(sources[name]))))
    try:
        session, _, recorded = open_playtest(path)
    except ScenarioError as error:
        ENDINGS["playtest: refused"] += 1
        for problem in error.problems:
            assert problem.path or problem.message.startswith(WHOLE_FILE), problem
        return
    problems = check_replay(session, recorded)
    for problem in problems:
        assert problem.path, problem
    if problems:
        ENDINGS["playtest: opened, replay differs"] += 1
        return
    ENDINGS["playtest: opened, replays exactly"] += 1
    again = folder / "again.playtest.json"
    save_playtest(session, again, None)
    reopened, _, recorded = open_playtest(again)
    assert check_replay(reopened, recorded) == []
    assert [s.move for s in reopened.steps] == [s.move for s in session.steps]
    assert reopened.current == session.current
