"""Paths a file names stay where they belong: a playtest's ``scenario.path`` is relative to the
playtest and read only as a scenario (a file that is none is refused without a word of its
content), and a card layout's images lie inside the scenario's folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.play.playtest import open_playtest
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_from_data
from engine.scenario.problems import ScenarioError

ROOT = Path(__file__).parents[2]
RECORDED = ROOT / "tests" / "data" / "playtests" / "dice-race.playtest.json"
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
SECRET = "s3cr3t-t0ken"


def problems_naming(tmp_path: Path, scenario_path: str) -> list[str]:
    folder = tmp_path / "playtests"
    folder.mkdir(exist_ok=True)
    data = json.loads(RECORDED.read_text())
    data["scenario"] = {"path": scenario_path}
    path = folder / "game.playtest.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as raised:
        open_playtest(path)
    return [str(problem) for problem in raised.value.problems]


@pytest.mark.parametrize("content", [
    {"token": SECRET},  # JSON, but no scenario
    {"format_version": 2, "token": SECRET, "seats": [{"id": SECRET}]},  # a scenario's key, and values
    f"user:{SECRET}:0:0:/root:/bin/sh\n",  # not JSON at all
])
def test_a_file_that_is_no_scenario_is_refused_without_its_content(tmp_path, content):
    (tmp_path / "token.json").write_text(content if isinstance(content, str) else json.dumps(content))
    problems = problems_naming(tmp_path, "../token.json")
    assert problems == [("scenario.path: ../token.json is not an Epoch Studio scenario file "
                         "(a JSON object with format_version, ruleset and meta)")]
    assert SECRET not in "".join(problems)


def test_an_absolute_scenario_path_is_refused(tmp_path):
    assert problems_naming(tmp_path, "/etc/passwd") == [
        ("scenario.path: /etc/passwd is not relative to the playtest's folder: a playtest names its scenario "
         "from where it lies")]


def test_a_layout_image_outside_the_scenario_folder_is_located():
    data = json.loads(HISTORY.read_text(encoding="utf-8"))
    data["layouts"] = [{"id": "a", "card_type": "empire", "zones": [
        {"kind": "image", "content": "/etc/passwd"},
        {"kind": "image", "content": "../../secret.png"},
        {"kind": "image", "content": "art\\..\\..\\x.png"},
        {"kind": "icons", "content": "{resources}", "icon_prefix": "../icons/"},
        {"kind": "image", "content": "art/{id}.png"},  # inside the folder: no problem of this kind
        {"kind": "image", "content": "builtin:resource/gold"},
    ]}]
    _, problems = scenario_from_data(data, HISTORY.parent, get_ruleset)
    assert [p.path for p in problems if "leaves the scenario's folder" in p.message] == [
        "layouts[a].zones[0].content", "layouts[a].zones[1].content", "layouts[a].zones[2].content",
        "layouts[a].zones[3].icon_prefix"]
