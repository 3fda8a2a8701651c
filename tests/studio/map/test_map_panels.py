"""The Map mode's data docks in the window: problems found live and clicked to their space,
regions painted, connections derived as a diff accepted in part."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QApplication, QCheckBox

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, save_scenario
from engine.scenario.map_check import MapCheck
from studio.board import style
from studio.map.adjacency_dialog import AdjacencyDialog

SCENARIOS = Path(__file__).parents[3] / "scenarios"


def problems_panel(window):
    return window.map_mode.panels.problems


def wait_checked(qtbot, window):
    qtbot.waitUntil(problems_panel(window).idle, timeout=20000)


def test_the_map_docks_show_with_the_map_mode(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    for name in ("space", "regions", "problems"):
        assert window.map_mode.docks[name].isVisibleTo(window)  # regions: a tab beside space
    wait_checked(qtbot, window)
    assert problems_panel(window).summary.text() == "No problems"
    window.show_mode("cards")
    assert not window.map_mode.docks["problems"].isVisibleTo(window)


def test_a_problem_appears_as_you_edit_and_clicking_it_selects_the_space(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    document = window.documents.document
    wait_checked(qtbot, window)
    gaul = document.scenario.board.space("gaul")
    corners = list(gaul.polygon)
    corners[0], corners[1] = corners[1], corners[0]  # the outline now crosses itself
    document.set_value("board.spaces[gaul].polygon", corners)
    document.set_value("board.spaces[iberia].region", "no-such-region")
    wait_checked(qtbot, window)
    panel = problems_panel(window)
    texts = [str(problem) for problem in panel.problems()]
    assert any(text.startswith("board.spaces[gaul].polygon: the outline crosses itself") for text in texts)
    assert "board.spaces[iberia].region: unknown region 'no-such-region'" in texts  # the file's own check
    row = next(i for i in range(panel.tree.topLevelItemCount())
               if panel.tree.topLevelItem(i).text(0) == "gaul · polygon")
    panel.tree.itemClicked.emit(panel.tree.topLevelItem(row), 0)
    assert window.map_mode.panels.properties.space_ids == ["gaul"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    wait_checked(qtbot, window)
    assert panel.problems() == []


def test_painting_spaces_into_a_new_region_is_one_step_each_and_undoes(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    document = window.documents.document
    regions = window.map_mode.panels.regions
    before = document.text()
    regions.add_region()
    region = document.scenario.board.regions[-1]
    assert regions.current() == region.id and region.name == f"Region {len(document.scenario.board.regions)}"
    item = regions.list.currentItem()
    item.setText("Gallic lands")
    assert region.name == "Gallic lands"
    regions.paint_button.setChecked(True)
    for space_id in ("gaul", "iberia"):
        window.map_mode.view.space_clicked.emit(space_id, None)
    assert [s.id for s in document.scenario.board.spaces if s.region == region.id] == ["gaul", "iberia"]
    viewport, middle = regions.list.viewport(), regions.list.visualItemRect(regions.list.currentItem()).center()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, middle, viewport.mapToGlobal(middle)))
    assert regions.list.currentItem().toolTip() == f"{region.id}: 2 spaces"  # counted when the tooltip shows
    regions.choose_colour(QColor("#123456"))
    assert region.colour == "#123456"
    regions.delete_region()
    assert region not in document.scenario.board.regions
    assert document.scenario.board.space("gaul").region is None
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.text() == before


def test_derived_connections_are_a_diff_accepted_in_part(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    document = window.documents.document
    board = document.scenario.board
    land = [c for c in board.connections if c.kind.value == "land"][:2]
    for connection in land:  # two borders forgotten
        document.remove("board.connections", str(board.connections.index(connection)))
    strait = next(c for c in board.connections if c.kind.value == "strait")
    dialog = AdjacencyDialog(document)
    qtbot.addWidget(dialog)
    added = dialog.tree.topLevelItem(0)
    assert added.text(0).startswith("Added (") and added.childCount() >= 2
    assert strait in dialog.result_diff.kept
    for index in range(added.childCount()):  # tick only the first of what is offered
        added.child(index).setCheckState(0, Qt.CheckState.Checked if index == 0 else Qt.CheckState.Unchecked)
    removed = dialog.tree.topLevelItem(1)
    removed.setCheckState(0, Qt.CheckState.Unchecked)
    count = len(board.connections)
    assert dialog.apply() == 1
    assert len(board.connections) == count + 1 and board.connections[-1] == dialog.result_diff.added[0]
    document.undo_stack.undo()
    assert len(board.connections) == count


def test_opening_a_file_does_not_wait_for_its_checks_and_the_dock_fills_in_after(window, hotw_path, tmp_path,
                                                                                qtbot, monkeypatch):
    """The map check is held until the test lets it go: opening returns meanwhile (it would
    hang here if the check ran on the UI thread), the dock says it is checking, and the
    problem appears once the check answers. An edit made while it runs makes that answer
    stale: it is dropped, and the map is checked again as it stands."""
    scenario = load_scenario(hotw_path, get_ruleset)
    gaul = scenario.board.space("gaul")
    gaul.polygon[0], gaul.polygon[1] = gaul.polygon[1], gaul.polygon[0]  # the outline crosses itself
    path = tmp_path / "crossed.json"
    save_scenario(scenario, path, get_ruleset)
    release, threads = threading.Event(), []
    original = MapCheck.problems

    def held(check):
        threads.append(threading.current_thread())
        release.wait(30)
        return original(check)

    monkeypatch.setattr(MapCheck, "problems", held)
    assert window.open(path)
    panel = problems_panel(window)
    assert not panel.idle() and panel.map_problems == []
    assert panel.summary.text().startswith("Checking the map")
    qtbot.waitUntil(lambda: bool(threads))
    assert threads[0] is not threading.main_thread()
    release.set()
    wait_checked(qtbot, window)
    assert any(str(problem).startswith("board.spaces[gaul].polygon: the outline crosses itself")
               for problem in panel.problems())
    assert not panel.summary.text().startswith("Checking")

    release.clear()
    answers = []
    panel._map.answered.connect(answers.append)
    panel.check()  # held again; meanwhile the outline is mended
    document = window.documents.document
    corners = list(document.scenario.board.space("gaul").polygon)
    corners[0], corners[1] = corners[1], corners[0]
    document.set_value("board.spaces[gaul].polygon", corners)
    release.set()
    wait_checked(qtbot, window)
    assert answers and all(not any("crosses itself" in str(problem) for problem in answer) for answer in answers)
    assert panel.problems() == []


def test_a_schematic_board_and_an_isolated_space_are_told_to_the_map_check(window, qtbot):
    """After the Flood's board is boxes joined by lines, and Dilmun is reached only by sending
    workers there (digest §3): opened, it shows no problem; either mark taken off, the problems
    it hid come back, and an undo puts the mark back."""
    assert window.open(SCENARIOS / "after-the-flood.json")
    document = window.documents.document
    panel = problems_panel(window)
    wait_checked(qtbot, window)
    assert panel.problems() == [] and window.map_mode.schematic_action.isChecked()
    window.map_mode.schematic_action.trigger()
    wait_checked(qtbot, window)
    far = [str(problem) for problem in panel.problems()]
    assert not document.scenario.board.schematic and len(far) == 19
    assert all("a land connection between" in text and "units apart" in text for text in far)
    document.undo_stack.undo()
    wait_checked(qtbot, window)
    assert panel.problems() == [] and window.map_mode.schematic_action.isChecked()

    window.map_mode.select(["dilmun"])
    isolated = window.map_mode.panels.properties.findChild(QCheckBox, "field:isolated")
    assert isolated.isChecked()
    isolated.click()
    wait_checked(qtbot, window)
    assert not document.scenario.board.space("dilmun").isolated
    assert [str(problem) for problem in panel.problems()] == [
        "board.spaces[dilmun]: no connection: nothing can reach this space (mark it isolated if a rule reaches it)"]


def test_a_regions_new_colour_recolours_its_names_ink_at_once_without_a_new_board(window, hotw_path, qtbot):
    """Issue 28.3, item 4: a name stays legible on its region's new fill, and the board is
    patched (the same scene and space items), not rebuilt."""
    assert window.open(hotw_path)
    document, mode = window.documents.document, window.map_mode
    regions = mode.panels.regions
    scene = mode.board
    gaul = document.scenario.board.space("gaul")
    item = scene.spaces["gaul"]
    regions.list.setCurrentRow(next(i for i, region in enumerate(document.scenario.board.regions)
                                    if region.id == gaul.region))
    assert regions.current() == gaul.region
    for colour in ("#141414", "#f4f0e6", "#1d3b6e"):
        regions.choose_colour(QColor(colour))
        assert mode.board is scene and scene.spaces["gaul"] is item
        fill = item.base_fill
        assert fill.name() == colour
        assert style.contrast(scene.names.ink("gaul"), fill) >= style.NAME_CONTRAST, colour
    document.undo_stack.undo()
    assert style.contrast(scene.names.ink("gaul"), item.base_fill) >= style.NAME_CONTRAST


def test_a_long_problem_is_shown_whole_on_wrapped_lines(window, hotw_path, qtbot):
    """The Problems column cut long messages with "..." at the dock's width (the tooltip alone
    had them whole): each row is now as tall as its message wrapped at the column's width."""
    assert window.open(hotw_path)
    document = window.documents.document
    wait_checked(qtbot, window)
    document.set_value("board.spaces[iberia].region", "a-region-whose-name-runs-on-" * 4)
    wait_checked(qtbot, window)
    tree = problems_panel(window).tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                if "unknown region" in tree.topLevelItem(i).text(1))
    metrics = tree.fontMetrics()
    width = tree.columnWidth(1)
    assert metrics.horizontalAdvance(item.text(1)) > width, "the message is longer than its column"
    wrapped = metrics.boundingRect(0, 0, width - 8, 100_000, Qt.TextFlag.TextWordWrap, item.text(1))
    assert tree.visualItemRect(item).height() >= wrapped.height() > 2 * metrics.height()
