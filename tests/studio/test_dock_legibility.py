"""Every dock is legible at the window's default size (1360 x 860): no label, button or check
box is squeezed below the room its text needs or cut by the dock's edge, in the Map mode (a
space selected, each tab of the Space, Regions and Background group, the Problems dock) and in
the Playtest mode."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QDockWidget,
    QLabel,
    QScrollArea,
    QWidget,
)

from studio.main_window import MainWindow

SHORT_FORM = 320  # pixels: a form this short is shown whole, not scrolled through


def cramped(dock: QDockWidget) -> list[str]:
    """The texts in the dock that a person cannot read whole."""
    found = []
    visible = QRect(QPoint(0, 0), dock.size())
    for widget in dock.findChildren(QWidget):
        if not isinstance(widget, (QLabel, QAbstractButton)) or not widget.isVisible():
            continue
        text = widget.text()
        if not text or widget.width() == 0:
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            squeezed = widget.height() < widget.heightForWidth(widget.width())
        else:
            squeezed = widget.width() < widget.minimumSizeHint().width()
        where = QRect(widget.mapTo(dock, QPoint(0, 0)), widget.size())
        cut = where.right() > visible.right() + 1
        if squeezed or cut:
            found.append(f"{dock.windowTitle()}: {text!r} ({'squeezed' if squeezed else 'cut by the edge'})")
    for scroll in dock.findChildren(QScrollArea):  # a form (no list of its own to scroll) shown whole
        form = scroll.widget()
        if form is None or not scroll.isVisible() or form.findChildren(QAbstractScrollArea):
            continue
        wanted = form.sizeHint().height()
        if wanted <= SHORT_FORM and scroll.viewport().height() < wanted:
            found.append(f"{dock.windowTitle()}: a {wanted} px form shown in {scroll.viewport().height()} px")
    return found


def shown(window: MainWindow, qtbot) -> list[QDockWidget]:
    """The docks on screen: a tab behind another is left out (it is checked when raised)."""
    qtbot.wait(200)  # the default sizes are set once the docks are laid out
    return [dock for dock in window.findChildren(QDockWidget)
            if dock.isVisible() and not dock.visibleRegion().isEmpty()]


def test_the_map_modes_docks_are_legible_at_the_default_size(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    window.map_mode.select(["gaul"])
    docks = window.map_mode.docks
    problems = []
    for tab in ("space", "regions", "background"):
        docks[tab].raise_()
        for dock in shown(window, qtbot):
            if dock is docks[tab] or dock.windowTitle() in ("Problems", "Undo History"):
                problems += cramped(dock)
    assert sorted(set(problems)) == []


def test_the_playtest_modes_docks_are_legible_at_the_default_size(window, dice_race_path, qtbot):
    from test_app import start_dice_race

    start_dice_race(window, dice_race_path)
    window.actions.step.trigger()
    problems = []
    for tab in window.playtest_mode.docks.values():
        tab.raise_()
        problems += [line for dock in shown(window, qtbot) for line in cramped(dock)]
    assert sorted(set(problems)) == []


def test_no_other_modes_tab_strip_stays_over_the_board(window, qtbot):
    """Qt left the map's "Space | Regions | Background" strip over the playtest's board once a
    playtest had been closed and opened again: every strip on screen belongs to a dock shown."""
    from pathlib import Path

    from PySide6.QtWidgets import QTabBar

    playtest = Path(__file__).parents[1] / "data" / "playtests" / "dice-race.playtest.json"
    assert window.open(playtest.parent.parent / "dice-race.json")  # the map's docks laid out
    assert window.open(playtest)
    window.actions.close.trigger()  # the playtest: the map's docks show again
    assert window.open(playtest)
    qtbot.wait(50)
    docks = {dock.windowTitle() for dock in window.findChildren(QDockWidget) if dock.isVisible()}
    strips = [[bar.tabText(i) for i in range(bar.count())] for bar in window.findChildren(QTabBar)
              if bar.parent() is window and bar.isVisible() and bar.count()]
    assert strips and all(set(tabs) <= docks for tabs in strips), (strips, docks)
