"""The Balance window's sweep, on Dice Race: the paths offered, the variants played in the
background with progress and Cancel, the per-variant table, the ranking of what moved
Balance, and a variant's game opened as a playtest at its seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.balance.report import plots
from engine.balance.run import playtest_of
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, scenario_to_data
from studio.balance.sweep_panel import known_paths, proposed_values
from studio.balance.window import BalanceWindow

ROOT = Path(__file__).resolve().parents[3]
BONUS = "decks[bonus].cards[b3].data.value"


@pytest.fixture
def race(tmp_path) -> Path:
    """Sudden death (target 1): the first player's edge shows in Balance; b3's bonus, a
    provisional guess, decides the game for its holder once it is large."""
    data = json.loads((ROOT / "tests" / "data" / "dice-race.json").read_text(encoding="utf-8"))
    data["ruleset"]["options"] = {"target": 1, "rounds": 10_000}
    data["meta"]["provisional"].append({"path": BONUS, "note": "a guess"})
    path = tmp_path / "race.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _window(qtbot, path: Path) -> BalanceWindow:
    window = BalanceWindow(load_scenario(path, get_ruleset), path)
    qtbot.addWidget(window)
    window.workers.setValue(1)
    return window


def _vary(window: BalanceWindow, rows: dict[str, str]) -> None:
    for path, values in rows.items():
        window.vary.add(path)
        window.vary.rows.item(window.vary.rows.rowCount() - 1, 1).setText(values)


def test_the_paths_offered_are_the_options_and_the_single_provisional_numbers(race):
    """The wildcard entry names many values and a whole card is no number, so neither is
    offered; the b3 guess is."""
    data = json.loads(race.read_text(encoding="utf-8"))
    data["meta"]["provisional"].append({"path": "decks[bonus].cards[b4]", "note": "the whole card"})
    race.write_text(json.dumps(data), encoding="utf-8")
    scenario = load_scenario(race, get_ruleset)
    assert known_paths(scenario, scenario_to_data(scenario, get_ruleset)) == ["target", "rounds", BONUS]
    assert proposed_values(3) == "2, 3, 4" and proposed_values(0) == "0, 1"
    assert proposed_values(True) == "false, true"


def test_added_paths_start_from_the_scenario_values(qtbot, race):
    window = _window(qtbot, race)
    window.vary.add(BONUS)
    window.vary.add("rounds")
    cells = [[window.vary.rows.item(r, c).text() for c in range(2)] for r in range(window.vary.rows.rowCount())]
    assert cells == [[BONUS, "2, 3, 4"], ["rounds", "9999, 10000, 10001"]]


def test_a_sweep_in_the_background_fills_the_variants_the_ranking_and_each_variants_games(qtbot, race):
    window = _window(qtbot, race)
    window.games.setValue(40)
    _vary(window, {"target": "1, 40", BONUS: "0, 30"})
    with qtbot.waitSignal(window.runner_done, timeout=120_000):
        window.sweep_button.click()
    assert window.progress.maximum() == window.progress.value() == 160, window.status.text()
    view = window.sweep_view
    assert view.variants.rowCount() == 4
    labels = [view.variants.item(row, 0).text() for row in range(4)]
    assert labels == ["target=1, " + f"{BONUS}=0", f"target=1, {BONUS}=30", f"target=40, {BONUS}=0",
                      f"target=40, {BONUS}=30"]
    # Balance with its bootstrap interval, the length with its interval and spread (issue 29, item 5)
    headers = [view.variants.horizontalHeaderItem(column).text() for column in range(view.variants.columnCount())]
    summary = window.sweep_results[0].summary
    assert view.variants.item(0, 1).text() == f"{summary.balance:.3f} {summary.balance_interval}"
    turns = view.variants.item(0, headers.index("Turns: mean [95%] (sd; 5%/50%/95%)")).text()
    assert turns == str(summary.turns) and "(sd " in turns
    ranked = {view.ranking.item(row, 0).text(): view.ranking.item(row, 1).text() for row in range(2)}
    assert ranked == {"target": "", BONUS: "yes"}
    swings = [float(view.ranking.item(row, 2).text()) for row in range(2)]
    noise = [view.ranking.item(row, 3).text().startswith("not distinguishable") for row in range(2)]
    # what is beyond noise ranks first, then by the spread
    assert list(zip(noise, [-swing for swing in swings])) == sorted(zip(noise, [-swing for swing in swings]))
    assert max(swings) > 0 and all("over 40 seeds" in view.ranking.item(row, 3).text() for row in range(2))
    # the first variant is shown; choosing another shows its figures and games
    assert window.figures.toPlainText().startswith(f"Variant 0: {labels[0]}")
    view.variants.selectRow(2)
    assert window.figures.toPlainText().startswith(f"Variant 2: {labels[2]}")
    assert window.list.rowCount() == 40
    assert window.plots.count() == len(plots(window.sweep_results[2].summary)) > 0
    assert "4 variants, 160 games played" in window.status.text()
    with qtbot.waitSignal(window.open_game) as opened:
        window.list.cellDoubleClicked.emit(3, 0)
    plan, index = opened.args
    assert index == 3 and dict(plan.overrides) == {"target": 40, BONUS: 0}
    record = window.sweep_results[2].records[3]
    end = playtest_of(plan, index).decision()
    assert tuple(end.winners) == record.winners and tuple(end.scores) == record.scores


def test_a_row_that_does_not_read_starts_nothing_and_a_refused_variant_says_why(qtbot, race):
    window = _window(qtbot, race)
    window.games.setValue(10)
    _vary(window, {"target": "5"})
    window.sweep_button.click()
    assert window.thread is None and window.sweep_button.isEnabled()
    assert "row 1" in window.status.text() and "at least two values" in window.status.text()
    window.vary.rows.item(0, 1).setText("0, 40")
    window.vary.one_at_a_time.setChecked(True)
    with qtbot.waitSignal(window.runner_done, timeout=120_000):
        window.sweep_button.click()
    view = window.sweep_view
    cells = [view.variants.item(row, 1).text() for row in range(3)]
    assert [view.variants.item(row, 0).text() for row in range(3)] == ["as the file is", "target=0", "target=40"]
    assert cells[1].startswith("refused:") and "target" in cells[1]
    assert not cells[0].startswith("refused") and not cells[2].startswith("refused")


def test_cancel_stops_the_sweep_and_keeps_what_was_played(qtbot, race):
    window = _window(qtbot, race)
    window.games.setValue(100_000)
    _vary(window, {"target": "1, 2"})
    with qtbot.waitSignal(window.runner_done, timeout=120_000):
        window.sweep_button.click()
        qtbot.waitUntil(lambda: window.progress.value() > 0, timeout=60_000)
        window.cancel()
    assert window.sweep_view.variants.rowCount() == 1
    assert 0 < window.list.rowCount() < 100_000
    assert "(cancelled)" in window.status.text()
