"""The Balance window runs a simulation in the background, shows the figures and plots, and
opens a listed game as a playtest at its seed."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from engine.balance.run import Plan, playtest_of, run
from engine.core.randomness import SEED_MAX
from engine.play.playtest import open_playtest, save_playtest
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from studio.balance.window import BalanceWindow

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def sudden_death(tmp_path) -> Path:
    data = json.loads((ROOT / "tests" / "data" / "dice-race.json").read_text(encoding="utf-8"))
    data["ruleset"]["options"] = {"target": 1, "rounds": 10_000}
    path = tmp_path / "sudden-death.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


HISTORY = ROOT / "scenarios" / "history-of-the-world.json"


def test_a_run_in_the_background_fills_figures_plots_and_games(qtbot):
    window = BalanceWindow(load_scenario(HISTORY, get_ruleset), HISTORY)
    qtbot.addWidget(window)
    window.games.setValue(80)
    window.workers.setValue(2)
    with qtbot.waitSignal(window.runner_done, timeout=60_000):
        window.start()
    assert window.progress.value() == 80
    assert window.list.rowCount() == 80
    assert "by position in turn order" in window.figures.toPlainText()
    assert window.plots.count() == 7  # win rates, first player, length, lead changes, decisive turn, scores, cards
    shown = window.figures.toPlainText()
    assert "bots: " in shown and "seed: 1" in shown and "turn cap: 5,000" in shown and "scenario digest" in shown
    assert window.start_button.isEnabled() and not window.cancel_button.isEnabled()
    with qtbot.waitSignal(window.open_game) as opened:
        window.list.cellDoubleClicked.emit(5, 0)
    plan, index = opened.args
    assert index == 5 and plan.games == 80


def test_cancel_stops_before_every_game_is_played(qtbot):
    window = BalanceWindow(load_scenario(HISTORY, get_ruleset), HISTORY)
    qtbot.addWidget(window)
    window.games.setValue(100_000)
    window.workers.setValue(1)
    with qtbot.waitSignal(window.runner_done, timeout=60_000):
        window.start()
        qtbot.waitUntil(lambda: window.progress.value() > 0, timeout=30_000)
        window.cancel()
    assert 0 < window.list.rowCount() < 100_000
    assert "(cancelled)" in window.status.text()
    assert f"games: {window.list.rowCount()} of 100000\n" in window.figures.toPlainText()  # the settings say so


def test_a_listed_game_opens_as_a_playtest_that_reaches_the_same_end(sudden_death):
    from engine.balance.run import Plan, run

    plan = Plan(str(sudden_death), 2, 4, 10, ("random", "random"))
    record = run(plan)[3]
    session = playtest_of(plan, 3)
    end = session.decision()
    assert tuple(end.winners) == record.winners and tuple(end.scores) == record.scores
    assert session.can_undo()


def test_play_balance_opens_for_the_saved_scenario_and_a_game_opens_as_a_playtest(qtbot, window, tmp_path):
    import shutil

    copy = tmp_path / "world.json"
    shutil.copy(HISTORY, copy)
    assert window.open(copy)
    balance = window.open_balance()
    assert balance is not None and balance.scenario_path == copy
    qtbot.addWidget(balance)
    plan = Plan(str(copy), 3, 9, 4, ("random", "greedy", "random"))
    assert window.open_simulated_game(plan, 2)
    session = window.playtest.session
    assert session.decision().__class__.__name__ == "End"
    assert session.can_undo() and session.controllers == ["human"] * 3


def test_plots_replaced_or_closed_release_their_figures(qtbot, sudden_death):
    """A long session shows plots again and again: the ones replaced, and a closed window's,
    are freed, and none is left in pyplot's registry (matplotlib warned past 20 figures)."""
    import matplotlib.pyplot as plt

    records = run(Plan(sudden_death, players=2, seed=2, games=40, bots=("random", "random")))
    window = BalanceWindow(load_scenario(sudden_death, get_ruleset), sudden_death)
    qtbot.addWidget(window)
    shown = []
    for _ in range(6):  # 24 figures: past the 20 at which pyplot warned
        window.show_records(records)
        shown += [weakref.ref(window.plots.widget(tab).figure) for tab in range(window.plots.count())]

    def alive() -> int:
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
        return sum(ref() is not None for ref in shown)

    assert window.plots.count() == 6 and alive() == 6 and plt.get_fignums() == []  # no cards: six plots
    window.close()
    assert alive() == 0


def test_a_run_seed_is_one_a_playtest_of_its_games_can_keep(qtbot, sudden_death, tmp_path):
    """Issue 25: the window took seeds up to 2**31 - 1, and a listed game opened as a playtest
    at such a seed saved a file the loader refused. Its range is the engine's seed bound."""
    window = BalanceWindow(load_scenario(HISTORY, get_ruleset), HISTORY)
    qtbot.addWidget(window)
    assert window.seed.maximum() == SEED_MAX
    session = playtest_of(Plan(str(sudden_death), players=2, seed=SEED_MAX, games=1, bots=("random", "random")), 0)
    save_playtest(session, tmp_path / "game.playtest.json", sudden_death)
    assert open_playtest(tmp_path / "game.playtest.json")[0].seed == SEED_MAX


def test_a_bot_per_seat_rotated_gives_each_bot_pooled(qtbot, sudden_death):
    """Issue 29, item 3: the window sets a bot per seat and rotates them over the seats."""
    window = BalanceWindow(load_scenario(sudden_death, get_ruleset), sudden_death)
    qtbot.addWidget(window)
    window.players.setValue(3)
    assert len(window.seat_bots) == 3
    window.players.setValue(2)
    assert len(window.seat_bots) == 2
    window.seat_bots[1].setCurrentText("greedy")
    window.rotate.setChecked(True)
    window.games.setValue(6)
    window.workers.setValue(1)
    plan = window.plan_from_form()
    assert plan.bots == ("random", "greedy") and plan.rotate and plan.total == 12
    with qtbot.waitSignal(window.runner_done, timeout=60_000):
        window.start()
    assert window.list.rowCount() == 12
    assert "by bot (pooled over the seats it sat in" in window.figures.toPlainText()
