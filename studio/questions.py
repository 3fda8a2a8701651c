"""What the window asks the designer: save the changes, replace files, where a file goes, and the
problems a file has. Each is one method, so a test replaces it with an answer."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QGridLayout,
    QMessageBox,
    QWidget,
)

from engine.scenario.problems import Problem
from studio.problems_dialog import ProblemsDialog


class Answer(Enum):
    """The answer to "save the changes?" before something would throw them away."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Questions:
    """Mixed into ``MainWindow``: every question the window and its modes ask the designer."""

    def ask_unsaved(self, name: str) -> Answer:
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {name} before closing it?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save,
        )
        return {buttons.Save: Answer.SAVE, buttons.Discard: Answer.DISCARD}.get(answer, Answer.CANCEL)

    def ask_replace(self, title: str, paths: list[Path]) -> bool:
        """True when the designer agrees to replace files an export would overwrite."""
        shown = "\n".join(path.name for path in paths[:10]) + (f"\n… and {len(paths) - 10} more" if len(paths) > 10 else "")
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self, title, f"These files in {paths[0].parent} already exist:\n{shown}\n\n"
                                      "Replace them?", buttons.Yes | buttons.No, buttons.No)
        return answer == buttons.Yes

    def ask_save_first(self, question: str) -> bool:
        buttons = QMessageBox.StandardButton
        return QMessageBox.question(self, "Save first", question, buttons.Save | buttons.Cancel,
                                    buttons.Save) == buttons.Save

    def ask_path(self, title: str, start: Path, file_filter: str, saving: bool,
                 extra: QWidget | None = None) -> Path | None:
        """``extra``, a choice that goes with the file (embed the scenario), is shown under the
        file list; that needs Qt's own dialog rather than the desktop's."""
        if extra is None:
            if saving:
                chosen, _ = QFileDialog.getSaveFileName(self, title, str(start), file_filter)
            else:
                chosen, _ = QFileDialog.getOpenFileName(self, title, str(start), file_filter)
            return Path(chosen) if chosen else None
        dialog = QFileDialog(self, title, str(start), file_filter)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if saving else QFileDialog.AcceptMode.AcceptOpen)
        layout = dialog.layout()
        if isinstance(layout, QGridLayout):
            layout.addWidget(extra, layout.rowCount(), 0, 1, layout.columnCount())
        accepted = dialog.exec() == QDialog.DialogCode.Accepted and dialog.selectedFiles()
        chosen = Path(dialog.selectedFiles()[0]) if accepted else None
        extra.setParent(None)  # the caller reads it after the dialog is gone
        return chosen

    def run_dialog(self, dialog: QDialog) -> bool:
        return dialog.exec() == QDialog.DialogCode.Accepted

    def show_problems(self, title: str, summary: str, problems: list[Problem], warning_only: bool = False,
                      go_there: tuple[str, Callable[[], object]] | None = None) -> None:
        """Non-modal, so the window stays usable and a test can read the list."""
        if self.problems_dialog is not None:
            self.problems_dialog.close()
        self.problems_dialog = ProblemsDialog(title, summary, problems, self, warning_only, go_there)
        self.problems_dialog.open()
