"""Played by test_value.py in a fresh interpreter with ``EPOCH_CHECK_VALUES=1``, where every
value is built frozen: every value type of the core and of every registered ruleset must refuse
assignment, and seeded games of every registered ruleset at every player count, played through
a session (bot steps, labels, prompts, log lines and views read, undo, a branch, goto, a
playtest saved and replayed), must never assign to one. Prints what it played."""

from __future__ import annotations

import tempfile
from pathlib import Path

import attrs
import tiny_ruleset  # noqa: F401 (registers Dice Race; test_value.py puts tests/ on the path)

from engine.bots import BOTS
from engine.core.decision import Chance, Choice, End
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.value import CHECKED
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[3]
MAX_STEPS = 1_500  # an Antike Duellum game between random seats may never end
SCENARIOS = [*sorted((ROOT / "scenarios").glob("*.json")), ROOT / "tests" / "data" / "dice-race.json"]


def refuses_assignment(kind: type) -> bool:
    blank = object.__new__(kind)
    try:
        setattr(blank, attrs.fields(kind)[0].name, None)
    except attrs.exceptions.FrozenInstanceError:
        return True
    return False


def read_everything(session: Session) -> None:
    """What a frontend reads, as words made when read may run code over their arguments."""
    decision = session.decision()
    if isinstance(decision, (Choice, Chance)):
        assert isinstance(decision.prompt, str)
    for move in decision.actions if isinstance(decision, Choice) else ():
        assert isinstance(move.label, str) and move.id
    assert all(isinstance(event.text, str) for event in session.step.log)
    for seat in [None, *range(len(session.seats))]:
        session.view(seat)


def play(path: Path, players: int, folder: Path) -> int:
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    session = Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, players,
                      ["random"] * players, BOTS)
    while not isinstance(session.decision(), End) and session.current < MAX_STEPS:
        session.bot_step()
        if session.current % 40 == 0:
            read_everything(session)
    read_everything(session)
    session.undo()
    session.redo()
    session.goto(session.current // 2)
    session.bot_step(again=True)  # a branch beside the line
    session.goto(session.current // 3)
    save_playtest(session, folder / "checked.playtest.json", path)
    reopened, _, recorded = open_playtest(folder / "checked.playtest.json")
    assert check_replay(reopened, recorded) == [], path
    return len(session.steps)


def main() -> None:
    assert CHECKED, "run with EPOCH_CHECK_VALUES=1"
    kinds = {Outcome, Choice, Chance, End, Event}
    for ruleset in rulesets():
        kinds.update(ruleset.action_types)
    takes_assignment = sorted(kind.__qualname__ for kind in kinds if not refuses_assignment(kind))
    assert not takes_assignment, f"values that take assignment: {takes_assignment}"
    with tempfile.TemporaryDirectory() as folder:
        for path in SCENARIOS:
            scenario = load_scenario(path, get_ruleset)
            ruleset = get_ruleset(scenario.ruleset.id)
            for players in range(ruleset.min_players, min(ruleset.max_players, len(scenario.seats)) + 1):
                print(f"{path.stem} {players}p: {play(path, players, Path(folder))} steps")


if __name__ == "__main__":
    main()
