"""A playtest's header (its seats, their ids and controllers, its options) is part of what its
digests protect: a file whose header was changed after saving is refused where it changed,
and a playtest saved before the header was digested (format 1) still opens and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.bots import BOTS
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import Session
from engine.scenario.problems import ScenarioError

DATA = Path(__file__).parents[1] / "data"


def swap_ids(data):
    first, second = data["seats"][0], data["seats"][1]
    first["id"], second["id"] = second["id"], first["id"]


TAMPERED = {
    "swapped seat ids": (swap_ids, ["seats[blue]", "seats[red]"]),
    "an unused seat": (lambda data: data["seats"][1].update(id="yellow"), ["seats[yellow]"]),
    "a person made a bot": (lambda data: data["seats"][0].update(controller="greedy"), ["seats[red]"]),
    "a seat renamed": (lambda data: data["seats"][2].update(name="Verde"), ["seats[green]"]),
    "another option": (lambda data: data["options"].update(target=25), ["options"]),
    "a digest left out": (lambda data: data["header"].pop("seats[1]"), ["seats[blue]"]),
    "no header": (lambda data: data.pop("header"), ["header"]),
}


@pytest.mark.parametrize(("change", "where"), TAMPERED.values(), ids=TAMPERED.keys())
def test_a_changed_header_is_refused_where_it_changed(dice_race, ruleset, dice_race_path, tmp_path, change, where):
    session = Session(dice_race, ruleset, dice_race.seats[:3], dice_race.ruleset.options, 5,
                      ["human", "random", "random"], BOTS)
    for _ in range(12):
        if session.decision().__class__.__name__ != "End":
            session.bot_step()
    path = tmp_path / "game.playtest.json"
    save_playtest(session, path, dice_race_path)
    reopened, _, recorded = open_playtest(path)
    assert check_replay(reopened, recorded) == []  # untouched: identical
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as raised:
        open_playtest(path)
    assert [problem.path for problem in raised.value.problems] == where
    assert all(line.startswith(f"{path}: ") for line in raised.value.lines())


@pytest.mark.parametrize("path", sorted((DATA / "playtests").glob("*.playtest.json")), ids=lambda p: p.stem)
def test_a_playtest_saved_before_the_header_was_digested_still_replays(path):
    assert json.loads(path.read_text())["format_version"] == 1
    session, _, recorded = open_playtest(path)
    assert check_replay(session, recorded) == []
