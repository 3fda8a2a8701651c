"""Every key does one thing where it works: Qt drops a shortcut two enabled actions share in one
place ("Ambiguous shortcut overload") and neither runs, as Ctrl++ did for Zoom In and Merge."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from studio.help import KeysDialog, shortcuts

WINDOW_WIDE = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)


def scope(action: QAction, window: QWidget) -> list[QWidget]:
    """The widgets in which the action's key works: the window, or the widgets it was added to."""
    if action.shortcutContext() in WINDOW_WIDE:
        return [window]
    return [w for w in action.associatedObjects() if isinstance(w, QWidget) and not type(w).__name__.startswith("QMenu")]


def overlaps(a: list[QWidget], b: list[QWidget]) -> bool:
    return any(x is y or x.isAncestorOf(y) or y.isAncestorOf(x) for x in a for y in b)


def test_no_two_actions_share_a_key_where_both_work(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    for mode in ("cards", "map"):  # each mode's actions are made when it first shows
        window.show_mode(mode)
    actions = [a for a in window.findChildren(QAction) if any(not k.isEmpty() for k in a.shortcuts())]
    assert len(actions) > 40
    clashes = []
    for index, first in enumerate(actions):
        for second in actions[index + 1:]:
            shared = {k.toString() for k in first.shortcuts()} & {k.toString() for k in second.shortcuts()}
            if shared and overlaps(scope(first, window), scope(second, window)):
                clashes.append((sorted(shared), first.text(), second.text()))
    assert clashes == []


def test_the_keyboard_reference_lists_every_key_the_window_has(window, hotw_path, qtbot):
    assert window.open(hotw_path)
    dialog = KeysDialog(window)
    listed = {dialog.table.item(row, 1).text() for row in range(dialog.table.rowCount())}
    assert {"Zoom In", "Merge Spaces", "Save As", "Let Bots Play", "Add Bookmark"} <= listed
    assert ("Ctrl+M", "Merge Spaces") in {(key, name) for key, name, _ in shortcuts(window)}
    dialog.close()


def test_help_guide_opens_from_the_menu(window, qtbot):
    window.actions.guide.trigger()
    guides = [w for w in window.findChildren(QWidget) if w.windowTitle() == "Epoch Studio Guide" and w.isVisible()]
    assert guides and "Draw the map" in guides[0].browser.toPlainText()
    guides[0].close()
