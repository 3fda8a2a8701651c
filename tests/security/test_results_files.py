"""A results file may come from elsewhere: the scenario its plan names is read bounded, so a
plan naming a device that never ends ("/dev/zero") is reported as unreadable, not read until
memory runs out (summarise --report hashed it whole for the report's digest)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from engine.balance.run import Plan, run
from engine.cli import main

ROOT = Path(__file__).parents[2]
DICE_RACE = ROOT / "tests" / "data" / "dice-race.json"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs a device that never ends")
@pytest.mark.skipif(not importlib.util.find_spec("matplotlib"), reason="the report draws with matplotlib")
def test_a_plan_naming_an_endless_device_is_summarised_with_its_scenario_unreadable(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    run(Plan(str(DICE_RACE), players=2, seed=1, games=4, bots=("random", "random")), results=results)
    header, *games = results.read_text(encoding="utf-8").splitlines()
    plan = json.loads(header)
    plan["plan"]["scenario"] = "/dev/zero"
    results.write_text("\n".join([json.dumps(plan), *games]) + "\n", encoding="utf-8")
    assert main(["summarise", str(results), "--report", str(tmp_path / "report")]) == 0
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "<th>scenario</th><td>/dev/zero</td>" in page
    assert "<th>scenario digest (SHA-256)</th><td>the file is no longer readable</td>" in page
    assert "4 games: 4 finished" in capsys.readouterr().out


def test_a_plan_beyond_what_a_run_plays_is_refused_where_it_stands(tmp_path, capsys):
    """A plan of 10**15 games would have a resumed run list them all (a MemoryError); the
    reader refuses it, naming the file's first line, as --games refuses such a count."""
    results = tmp_path / "run.jsonl"
    run(Plan(str(DICE_RACE), players=2, seed=1, games=2, bots=("random", "random")), results=results)
    header, *games = results.read_text(encoding="utf-8").splitlines()
    for change in ({"games": 10**15}, {"games": 0}, {"players": 10**6}, {"games": "many"}):
        plan = json.loads(header)
        plan["plan"].update(change)
        results.write_text("\n".join([json.dumps(plan), *games]) + "\n", encoding="utf-8")
        assert main(["summarise", str(results)]) == 1
        assert f"{results}, line 1: its plan's games" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:
        main(["simulate", str(DICE_RACE), "--games", str(10**12)])
    assert refused.value.code == 2 and "argument --games: must be 1 to 1,000,000" in capsys.readouterr().err
