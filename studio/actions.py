"""Every command of the window in one place: its words, shortcut, icon and tip.

The catalogue only makes the QActions; the window and the modes connect them to what they do
and enable them. Menus, toolbars and tests all use these same objects, so a shortcut or a tip
is written once. Shortcuts follow the platform's standard keys, and Tiled or Inkscape where a
map tool has a customary one.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

from studio.icons import icon

Key = QKeySequence.StandardKey
Pixmap = QStyle.StandardPixmap


class ActionCatalogue:
    def __init__(self, owner: QWidget) -> None:
        self._owner = owner
        # File
        self.new_scenario = self._make("&New Scenario…", Key.New, "document-new",
                                       "Start a scenario: blank, for a ruleset, or a copy of a shipped one")
        self.open = self._make("&Open…", Key.Open, Pixmap.SP_DialogOpenButton, "Open a scenario or a saved playtest")
        self.save = self._make("&Save", Key.Save, Pixmap.SP_DialogSaveButton, "Save the scenario or the playtest")
        self.save_as = self._make("Save &As…", Key.SaveAs)
        self.close = self._make("&Close", Key.Close,
                                tip="Close the playtest, or the scenario when no playtest is open")
        self.quit = self._make("&Quit", Key.Quit)
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)
        # Edit
        self.undo = self._make("Undo", Key.Undo, Pixmap.SP_ArrowBack)
        self.redo = self._make("Redo", Key.Redo, Pixmap.SP_ArrowForward)
        self.bookmark = self._make("Add &Bookmark…", "Ctrl+B", tip="Name the current step")
        self.note = self._make("Edit &Note…", "Ctrl+Shift+E", tip="Write a note on the current step")
        # Scenario
        self.settings = self._make("&Settings…", "Ctrl+Shift+,",
                                   tip="Title, author, seats, ruleset and options, board size, decks, provisional "
                                       "values")
        # View
        self.fit = self._make("&Fit to Window", "Ctrl+0")
        self.zoom_in = self._make("Zoom &In", Key.ZoomIn)
        self.zoom_out = self._make("Zoom &Out", Key.ZoomOut)
        self.map_mode = self._make("&Map", "Ctrl+1", tip="Edit the board: spaces, regions, connections (Ctrl+1)")
        self.cards_mode = self._make("&Cards", "Ctrl+2", tip="The scenario's decks and cards (Ctrl+2)")
        self.playtest_mode = self._make("&Playtest", "Ctrl+3", tip="The playtest being played (Ctrl+3)")
        for action in (self.map_mode, self.cards_mode, self.playtest_mode):
            action.setCheckable(True)
        # Play
        self.new_playtest = self._make("&New Playtest…", "Ctrl+Shift+N", Pixmap.SP_FileIcon,
                                       "Start a playtest of the scenario, unsaved edits included")
        self.step = self._make("&Step", "F10", Pixmap.SP_MediaSkipForward,
                               "Let the bot (or chance) take the next step; a person's seat waits for "
                               "its person (F10)")
        self.step_again = self._make("Step With &Another Draw", "Shift+F10",
                                     tip="Let the bot or chance take the next step, drawing afresh "
                                         "rather than as the seed gave it (Shift+F10)")
        self.roll = self._make("&Roll", "F9", tip="Let the seeded generator decide the chance step: the same "
                                                  "outcome every time at this step (F9)")
        self.roll_again = self._make("Roll &Again", "Shift+F9",
                                     tip="Draw the chance step afresh: what if the dice came out otherwise? "
                                         "(Shift+F9)")
        self.turn = self._make("Play to End of &Turn", "F11", Pixmap.SP_MediaSeekForward,
                               "Step until another seat is to play (F11)")
        self.round = self._make("Play to End of R&ound", "Shift+F11",
                                tip="Step until the round (an epoch, say) changes (Shift+F11)")
        self.bots = self._make("Let &Bots Play", "F5", Pixmap.SP_MediaPlay,
                               "Step until a seat played by a person must choose (F5)")
        self.pause = self._make("&Pause", "F6", Pixmap.SP_MediaPause, "Stop playing on (F6)")
        self.balance = self._make("&Balance…", "Ctrl+Shift+B",
                                  tip="Simulate many games of the saved scenario between bots: win rates, "
                                      "first-player advantage, length, cards (Ctrl+Shift+B)")
        # Help
        self.guide = self._make("&Guide", Key.HelpContents, tip="How to make, draw, write and playtest a scenario")
        self.keys = self._make("&Keyboard Shortcuts", tip="Every key of every mode")
        self.about = self._make("&About Epoch Studio")

    def _make(self, text: str, shortcut: QKeySequence.StandardKey | str | None = None,
              picture: QStyle.StandardPixmap | str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self._owner)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if isinstance(picture, str):
            action.setIcon(icon(picture))
        elif picture is not None:
            action.setIcon(self._owner.style().standardIcon(picture))
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        return action

    def tool(self, text: str, picture: str, shortcut: str | None, tip: str) -> QAction:
        """A checkable map tool; its icon ships in assets/icons."""
        action = self._make(text, shortcut, picture, tip)
        action.setCheckable(True)
        return action
