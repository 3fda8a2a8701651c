"""The window's frame: opening files, broken files, the screenshot, settings, the close question."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsPolygonItem, QWidget

from studio.app import main
from studio.main_window import MainWindow
from studio.playtest.controller import PlaytestController
from studio.playtest.new_playtest_dialog import PlaytestSetup
from studio.questions import Answer
from studio.settings import StudioSettings

ROOT = Path(__file__).parents[2]


def start_dice_race(window: MainWindow, dice_race_path, controllers=("human", "random")) -> None:
    assert window.open(dice_race_path)
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats[:len(controllers)]), controllers,
                                               scenario.ruleset.options, 5))


def test_opening_a_scenario_draws_every_space(window, dice_race_path):
    assert window.pages.currentWidget() is window.start_page
    assert window.open(dice_race_path)
    polygons = [i for i in window.view.scene().items() if isinstance(i, QGraphicsPolygonItem)]
    assert len(polygons) == 21
    assert window.windowTitle() == "dice-race.json[*] — Epoch Studio"
    assert not window.isWindowModified()
    assert "Dice Race · 21 spaces · 6 cards" in window.statusBar().currentMessage()
    assert window.pages.currentWidget() is window.view
    assert not window.docks["decision"].isVisible()  # the playtest docks wait for a playtest


def test_a_broken_scenario_lists_its_problems_and_changes_nothing(window, dice_race_path, tmp_path):
    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    board, playtest, title = window.board, window.playtest, window.windowTitle()
    steps = len(playtest.session.steps)
    broken = tmp_path / "broken.json"
    broken.write_text(dice_race_path.read_text().replace('"kind": "track"', '"kind": "swamp"', 2))
    assert not window.open(broken)
    dialog = window.problems_dialog
    assert dialog is not None and dialog.isVisible()
    assert "2 problems" in dialog.summary.text() and "Nothing has changed" in dialog.summary.text()
    assert any(line.startswith("board.spaces[t0].kind: text 'swamp'") for line in dialog.lines())
    assert dialog.table.topLevelItemCount() == 2
    assert dialog.table.topLevelItem(0).text(0) == "board.spaces[t0].kind"
    assert window.board is board and window.view.scene() is board
    assert window.playtest is playtest and len(playtest.session.steps) == steps
    assert window.windowTitle() == title and window.docks["decision"].isVisible()


def test_a_broken_playtest_and_a_missing_file_are_problems_too(window, dice_race_path, tmp_path):
    shutil.copy(dice_race_path, tmp_path / "dice-race.json")  # a playtest names its scenario from its folder
    assert window.open(tmp_path / "dice-race.json")
    bad = tmp_path / "bad.playtest.json"
    bad.write_text(json.dumps({
        "format_version": 1, "kind": "epoch-playtest", "scenario": {"path": "dice-race.json"},
        "ruleset": "dice-race", "options": {"target": 20, "rounds": 30},
        "seats": [{"id": "red", "name": "Red", "colour": "#c0392b", "controller": "human"},
                  {"id": "blue", "name": "Blue", "colour": "#2f5fb3", "controller": "human"}],
        "seed": 1, "steps": [{"parent": None, "move": None}, {"parent": 0, "move": {"action": "Fly"}}],
        "current": 0,
    }))
    assert not window.open(bad)
    assert any(line.startswith("steps[1].move: unknown action 'Fly'") for line in window.problems_dialog.lines())
    assert not window.open(tmp_path / "gone.json")
    assert window.problems_dialog.lines() == ["file not found"]
    assert window.scenario is not None and window.playtest is None


def test_screenshot_renders_a_picture_that_is_not_blank(tmp_path, hotw_path):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), str(hotw_path)]) == 0
    image = QImage(str(out))
    assert image.width() > 600 and image.height() > 400
    colours = {image.pixel(x, y) for x in range(0, image.width(), 9) for y in range(0, image.height(), 9)}
    assert len(colours) > 50  # a board of many colours, not an empty window


def test_screenshot_of_a_saved_playtest_shows_its_docks(window, tmp_path, dice_race_path, monkeypatch):
    """A playtest is pictured in the Playtest mode (its game in progress) unless --mode says
    otherwise; a scenario in the Map mode."""
    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    window.ask_path = lambda *args, **kwargs: tmp_path / "p.playtest.json"
    window.actions.save.trigger()
    pictured = []
    monkeypatch.setattr(MainWindow, "grab", lambda self: (pictured.append(self.mode.name), QWidget.grab(self))[1])
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), str(tmp_path / "p.playtest.json")]) == 0
    assert QImage(str(out)).width() > 1000
    assert main(["--screenshot", str(out), "--mode", "map", str(tmp_path / "p.playtest.json")]) == 0
    # A scenario has no playtest to show: pictured in the Map mode, and the command says why it failed.
    assert main(["--screenshot", str(out), "--mode", "playtest", str(dice_race_path)]) == 1
    assert pictured == ["playtest", "map", "map"]


def test_screenshot_of_a_broken_file_still_writes_the_window_and_fails(tmp_path, capsys, dice_race_path):
    out = tmp_path / "shot.png"
    broken = tmp_path / "broken.json"
    broken.write_text(dice_race_path.read_text().replace('"kind": "track"', '"kind": "swamp"', 2))
    assert main(["--screenshot", str(out), str(broken)]) == 1
    assert QImage(str(out)).width() > 600
    # The located problems on stderr, as epoch validate prints them.
    errors = capsys.readouterr().err.splitlines()
    located = [line for line in errors if line.startswith(f"{broken}: board.spaces[")]
    assert len(located) == 2 and "kind: text 'swamp'" in located[0]


def simulate_missing(monkeypatch, *names: str) -> None:
    """The dynamic linker finds every X11 library but ``names``; the session looks like X11."""
    import studio.platform_check

    def load(name: str) -> None:
        if name in names:
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")

    monkeypatch.setattr(studio.platform_check, "load_library", load)
    monkeypatch.setattr(studio.platform_check.sys, "platform", "linux")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)


def test_missing_x11_libraries_are_named_with_their_install_command_before_qt_starts(
        monkeypatch, capsys, hotw_path):
    simulate_missing(monkeypatch, "libxcb-cursor.so.0", "libxcb-keysyms.so.1")

    def no_window(*args, **kwargs):
        raise AssertionError("the window must not be made: Qt would abort")

    monkeypatch.setattr("studio.main_window.MainWindow.__init__", no_window)
    assert main([str(hotw_path)]) == 1
    errors = capsys.readouterr().err.strip().splitlines()
    assert errors == [(
        "epoch-studio: the Qt desktop (X11) needs system libraries that are missing: libxcb-cursor.so.0, "
        "libxcb-keysyms.so.1. Install them with: sudo apt-get install libxcb-cursor0 libxcb-keysyms1"
    )]


def test_the_screenshot_needs_no_x11_library(monkeypatch, tmp_path, hotw_path):
    simulate_missing(monkeypatch, "libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), str(hotw_path)]) == 0
    assert QImage(str(out)).width() > 600


def test_only_an_x11_start_is_checked():
    from studio.platform_check import uses_xcb

    assert uses_xcb({}, "linux")
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "wayland;xcb"}, "linux")
    assert not uses_xcb({"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not uses_xcb({}, "darwin") and not uses_xcb({}, "win32")


def test_layout_and_recent_files_are_remembered(qtbot, settings_file, dice_race_path, hotw_path):
    from PySide6.QtCore import QSettings

    def fresh() -> MainWindow:
        window = MainWindow(StudioSettings(QSettings(str(settings_file), QSettings.Format.IniFormat)))
        qtbot.addWidget(window)
        return window

    first = fresh()
    first.show()
    first.resize(720, 530)
    assert first.open(dice_race_path) and first.open(hotw_path)
    first.close()

    second = fresh()
    assert second.settings.recent_files() == [hotw_path.resolve(), dice_race_path.resolve()]
    assert [a.text() for a in second.recent_menu.actions()][:2] == ["&1 history-of-the-world.json",
                                                                     "&2 dice-race.json"]
    assert second.start_page.recent.count() == 2
    second.show()
    assert (second.width(), second.height()) == (720, 530)
    second.recent_menu.actions()[1].trigger()
    assert second.scenario_path == dice_race_path.resolve()


def test_dock_layout_of_playtests_is_remembered(qtbot, settings_file, dice_race_path):
    from PySide6.QtCore import QSettings

    window = MainWindow(StudioSettings(QSettings(str(settings_file), QSettings.Format.IniFormat)))
    qtbot.addWidget(window)
    window.show()
    start_dice_race(window, dice_race_path)
    window.docks["log"].close()
    window.ask_unsaved = lambda name: Answer.DISCARD
    window.close()
    again = MainWindow(StudioSettings(QSettings(str(settings_file), QSettings.Format.IniFormat)))
    qtbot.addWidget(again)
    again.show()
    start_dice_race(again, dice_race_path)
    assert again.docks["decision"].isVisible() and not again.docks["log"].isVisible()


def test_closing_with_an_unsaved_playtest_asks_first(window, dice_race_path, tmp_path):
    start_dice_race(window, dice_race_path)
    assert not window.isWindowModified()
    window.actions.step.trigger()
    assert window.isWindowModified()
    questions = []
    window.ask_unsaved = lambda name: questions.append(name) or Answer.CANCEL
    assert not window.close()
    assert window.isVisible() and questions == ["the untitled playtest"]
    target = tmp_path / "kept.playtest.json"
    window.ask_path = lambda *args, **kwargs: target
    window.ask_unsaved = lambda name: Answer.SAVE
    assert window.close_document()
    assert target.exists() and window.playtest is None and window.scenario is not None
    window.close_document()
    assert window.scenario is None and window.pages.currentWidget() is window.start_page


def test_opening_another_file_over_an_unsaved_playtest_asks_and_can_be_cancelled(window, dice_race_path, hotw_path):
    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    playtest = window.playtest
    window.ask_unsaved = lambda name: Answer.CANCEL
    assert not window.open(hotw_path)
    assert window.playtest is playtest and window.scenario_path == dice_race_path
    window.ask_unsaved = lambda name: Answer.DISCARD
    assert window.open(hotw_path) and window.playtest is None


def test_going_back_to_the_saved_step_clears_the_modified_mark(window, dice_race_path, tmp_path):
    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    window.actions.step.trigger()
    window.ask_path = lambda *args, **kwargs: tmp_path / "p.playtest.json"
    window.actions.save.trigger()
    assert window.windowTitle() == "p.playtest.json[*] — Epoch Studio" and not window.isWindowModified()
    window.actions.undo.trigger()
    assert window.isWindowModified()  # the file records the current step
    window.actions.redo.trigger()
    assert not window.isWindowModified()
    window.actions.undo.trigger()  # back past both draws: no person has decided anything yet
    assert window.playtest.session.current == 0
    window.actions.step.trigger()  # the same moves again: the existing steps, nothing new
    window.actions.step.trigger()
    assert not window.isWindowModified()


def test_save_waits_for_something_to_save(window, dice_race_path):
    """An unchanged scenario can be saved as a copy, but Save itself waits for an edit."""
    assert not window.actions.save_as.isEnabled() and not window.actions.save.isEnabled()
    assert window.open(dice_race_path)
    assert window.actions.save_as.isEnabled() and not window.actions.save.isEnabled()
    window.documents.document.set_value("board.spaces[0].name", "Renamed")
    assert window.actions.save.isEnabled()
    window.actions.undo.trigger()
    start_dice_race(window, dice_race_path)
    assert window.actions.save_as.isEnabled() and window.actions.save.isEnabled()
    window.actions.close.trigger()
    window.actions.close.trigger()
    assert not window.actions.save_as.isEnabled()


def test_the_default_playtest_layout_leaves_the_board_most_of_the_window(window, qtbot, dice_race_path):
    start_dice_race(window, dice_race_path)
    qtbot.waitUntil(lambda: window.view.width() > 0)
    board = window.view.width() * window.view.height()
    assert board > 0.6 * window.width() * window.height()
    assert window.view.height() > 0.85 * window.centralWidget().height()  # the full height
    # Seats, history, log and cards share one place as tabs; the decision stays in view above them.
    assert set(window.tabifiedDockWidgets(window.docks["seats"])) == {window.docks["history"], window.docks["log"],
                                                                       window.docks["cards"]}
    assert window.docks["decision"].isVisible() and window.docks["seats"].isVisible()


def test_undo_goes_back_to_the_persons_decision_past_the_bots_steps(window, qtbot, dice_race_path):
    """Red is a person, Blue a bot. After Red holds and Blue's bot and its dice play on, Edit ▸
    Undo takes back Red's hold, named so, and the bot does not move again by itself."""
    start_dice_race(window, dice_race_path)
    playtest = window.playtest
    session = playtest.session
    window.actions.roll.trigger()
    window.actions.roll.trigger()
    red_to_choose = session.current
    hold = next(a for a in playtest.decision().actions if str(a) == "hold")
    assert playtest.play(hold)
    window.actions.bots.trigger()
    qtbot.waitUntil(lambda: not playtest.running, timeout=10_000)
    assert session.current - red_to_choose > 2  # Blue's bot moved, and chance
    assert window.actions.undo.text() == "Undo hold"
    window.actions.undo.trigger()
    assert session.current == red_to_choose
    qtbot.wait(50)
    assert session.current == red_to_choose  # nothing replays by itself
    assert window.actions.redo.text() == "Redo hold"


def test_the_status_bar_says_who_acts_after_undo_and_redo(window, qtbot, dice_race_path):
    """A message left from before the travel named the seat that had to choose then (the
    Civilization journey showed "Red (a person) must choose" beside Blue's turn): after Undo and
    Redo the status bar names what was taken back or again and who acts at the step reached."""
    start_dice_race(window, dice_race_path)
    playtest = window.playtest
    window.actions.roll.trigger()
    window.actions.roll.trigger()
    hold = next(a for a in playtest.decision().actions if str(a) == "hold")
    assert playtest.play(hold)
    after = playtest.decision()
    window.actions.undo.trigger()
    assert window.statusBar().currentMessage() == "Undone: hold. Red (a person) must choose."
    window.actions.redo.trigger()
    assert playtest.decision() == after
    said = window.statusBar().currentMessage()
    assert said.startswith("Redone: hold. ")
    assert said.endswith(playtest.whose_turn() + ".") and "Red (a person)" not in said


def test_roll_again_draws_afresh_and_is_saved(window, qtbot, dice_race_path, tmp_path):
    start_dice_race(window, dice_race_path)
    playtest = window.playtest
    session = playtest.session
    window.actions.roll.trigger()
    seeded = session.current
    window.actions.undo.trigger()
    window.actions.roll.trigger()
    assert session.current == seeded  # Roll: the seeded draw again
    drawn = set()
    for _ in range(6):
        window.actions.undo.trigger()
        assert window.actions.roll_again.isEnabled()
        window.actions.roll_again.trigger()
        drawn.add(session.step.move)
    assert len(session.steps[0].children) > 2 and len(drawn) > 2
    assert session.step.draw >= 1 and window.playtest_mode.history_panel.item_of(session.current).text(0).endswith(
        f"(draw {session.step.draw + 1})")
    window.ask_path = lambda *args, **kwargs: tmp_path / "p.playtest.json"
    window.actions.save.trigger()
    reopened, mismatches = PlaytestController.open(tmp_path / "p.playtest.json")
    assert mismatches == []
    assert [s.draw for s in reopened.session.steps] == [s.draw for s in session.steps]


def test_save_can_embed_the_scenario_so_the_playtest_opens_in_another_folder(window, dice_race_path, tmp_path):
    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    asked = {}

    def choose(title, start, file_filter, saving, extra=None):
        asked["choice"] = extra.text()
        extra.setChecked(True)  # the designer ticks "Embed a copy of the scenario"
        return tmp_path / "sent" / "game.playtest.json"

    (tmp_path / "sent").mkdir()
    window.ask_path = choose
    window.actions.save_as.trigger()
    assert asked["choice"].startswith("Embed a copy of the scenario")
    (tmp_path / "elsewhere").mkdir()
    moved = tmp_path / "elsewhere" / "game.playtest.json"
    moved.write_text((tmp_path / "sent" / "game.playtest.json").read_text())
    assert window.open(moved)
    assert window.playtest.scenario_path is None and window.playtest.session.current == 1


def test_a_moved_playtest_without_its_scenario_says_which_is_missing_and_where_it_looked(window, dice_race_path,
                                                                                         tmp_path):
    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    window.ask_path = lambda *args, **kwargs: tmp_path / "game.playtest.json"
    window.actions.save_as.trigger()  # by reference, the default for a scenario with a file
    (tmp_path / "mail").mkdir()
    moved = tmp_path / "mail" / "game.playtest.json"
    moved.write_text((tmp_path / "game.playtest.json").read_text())
    assert not window.open(moved)
    [line] = window.problems_dialog.lines()
    assert line.startswith("scenario.path: the scenario ") and "is missing: it is not at" in line
    assert f"nor beside the playtest in {tmp_path / 'mail'}" in line


def dock_toggles(window: MainWindow) -> dict[str, bool]:
    """The docks View lists now, by title, and whether each can be toggled."""
    listed = {action for action in window.view_menu.actions() if action.isVisible()}
    return {dock.windowTitle(): dock.toggleViewAction().isEnabled() for dock in window.docks.values()
            if dock.toggleViewAction() in listed}


def test_view_lists_every_dock_of_the_mode_and_each_mode_remembers_its_layout(qtbot, settings_file,
                                                                             dice_race_path):
    from PySide6.QtCore import QSettings

    def new_window() -> MainWindow:
        window = MainWindow(StudioSettings(QSettings(str(settings_file), QSettings.Format.IniFormat)))
        window.ask_unsaved = lambda name: Answer.DISCARD
        qtbot.addWidget(window)
        window.show()
        return window

    window = new_window()
    assert dock_toggles(window) == {"Undo History": False}  # nothing open: nothing to show in it
    start_dice_race(window, dice_race_path)
    assert dock_toggles(window) == {"Decision": True, "Seats": True, "History": True, "Log": True,
                                    "Cards": True}
    window.show_mode("map")
    assert dock_toggles(window) == {"Undo History": True, "Space": True, "Regions": True, "Background": True,
                                    "Problems": True}
    problems, space = window.docks["problems"], window.docks["space"]
    assert problems.isVisible() and space.isVisible()
    problems.toggleViewAction().trigger()  # View ▸ Problems
    assert not problems.isVisible()
    window.show_mode("cards")
    assert dock_toggles(window) == {"Undo History": True}
    window.docks["undo"].toggleViewAction().trigger()
    assert not window.docks["undo"].isVisible()
    window.show_mode("map")
    assert not problems.isVisible() and space.isVisible() and window.docks["undo"].isVisible()
    window.show_mode("cards")
    assert not window.docks["undo"].isVisible()  # the cards mode kept its own layout
    window.show_mode("map")
    problems.toggleViewAction().trigger()
    problems.toggleViewAction().trigger()  # shown and hidden again from the menu
    window.close()

    again = new_window()
    assert again.open(dice_race_path)
    assert not again.docks["problems"].isVisible() and again.docks["space"].isVisible()
    assert again.docks["regions"].toggleViewAction().isChecked()  # a tab beside Space: shown, not hidden
    again.docks["problems"].toggleViewAction().trigger()
    assert again.docks["problems"].isVisible()


def test_the_status_bar_names_a_scenario_and_its_rules_once_each(window, tmp_path):
    """Civilization's scenario is titled as its ruleset, and the summary read "Sid Meier's
    Civilization: The Board Game · Sid Meier's Civilization: The Board Game · 277 spaces"."""
    shipped = ROOT / "scenarios" / "civilization.json"
    assert window.open(shipped)
    said = window.statusBar().currentMessage()
    assert said.count("Civilization") == 1 and " spaces · " in said
    data = json.loads(shipped.read_text(encoding="utf-8"))
    data["meta"]["title"] = "Civ for two"
    variant = tmp_path / "civ-for-two.json"
    variant.write_text(json.dumps(data), encoding="utf-8")
    assert window.open(variant)
    assert window.statusBar().currentMessage().startswith("Civ for two · Sid Meier's Civilization: The Board Game · ")
