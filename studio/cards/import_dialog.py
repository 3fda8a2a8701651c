"""What importing a spreadsheet into a deck would change, shown before anything changes.

The engine's ``import_sheet`` reads and checks the sheet against the whole scenario; this
dialog lists its per-card diff (added, changed fields, removed) or its located problems, and
Apply is offered only when there are no problems.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.text import plural
from engine.rulesets.registry import get_ruleset
from engine.scenario.card_sheet import SheetError, SheetImport, import_sheet, read_sheet
from engine.scenario.io import scenario_to_data
from engine.scenario.problems import Problem
from studio.document import ScenarioDocument
from studio.plain import plain_label


def read_import(document: ScenarioDocument, deck_id: str, path: Path) -> SheetImport:
    """The import of ``path`` into the deck, checked; an unreadable file, or one past the sheet
    limits, is one located problem, which the import dialog lists."""
    try:
        header, rows = read_sheet(path)
    except SheetError as error:
        return SheetImport(None, [], [Problem("", str(error))])
    except OSError as error:
        return SheetImport(None, [], [Problem("", f"{path.name}: cannot read the sheet ({error.strerror or error})")])
    scenario = document.scenario
    raw = scenario_to_data(scenario, get_ruleset)
    card_types = get_ruleset(scenario.ruleset.id).card_type_map()
    result = import_sheet(raw, deck_id, header, rows, card_types, document.base_dir, get_ruleset)
    located = [Problem(p.path, p.message) if not p.path else p for p in result.problems]
    return SheetImport(result.scenario, result.changes, located)


def apply_import(document: ScenarioDocument, deck_id: str, result: SheetImport, name: str) -> None:
    """The deck's cards become the sheet's, as one undo step."""
    cards = result.scenario.deck(deck_id).cards
    document.set_value(f"decks[{deck_id}].cards", cards, f"Import {name} into {deck_id}", merge_key=None)


class ImportDialog(QDialog):
    def __init__(self, path: Path, deck_id: str, result: SheetImport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Import {path.name} into {deck_id}")
        self.resize(560, 420)
        layout = QVBoxLayout(self)
        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        if result.problems:
            summary = f"{plural(len(result.problems), 'problem')}: nothing can be imported until the sheet is fixed."
            self.list.setHeaderLabels(["Where", "Problem"])
            for problem in result.problems:
                self.list.addTopLevelItem(QTreeWidgetItem([problem.path or path.name, problem.message]))
        else:
            counts = {kind: sum(1 for c in result.changes if c.kind == kind) for kind in ("added", "changed", "removed")}
            summary = (f"{counts['added']} added, {counts['changed']} changed, {counts['removed']} removed"
                       if result.changes else "The sheet matches the deck: nothing to change.")
            self.list.setHeaderLabels(["Card", "Change", "Fields"])
            for change in result.changes:
                self.list.addTopLevelItem(QTreeWidgetItem([change.card, change.kind, ", ".join(change.fields)]))
        self.list.resizeColumnToContents(0)
        self.summary = plain_label(summary)
        self.summary.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setEnabled(not result.problems and bool(result.changes))
        self.apply_button.clicked.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(self.summary)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
