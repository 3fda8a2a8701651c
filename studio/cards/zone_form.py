"""The selected zone's values as a form, built from the Zone model's field metadata.

A number gets a spin box bounded by the field's ``min`` and ``max``, a flag a check box, a
choice a combo box, and text (content, font, colours, show_if) a line; each finished edit is
one undo step on the document. The form is filled again from the document whenever the
selection or the layout changes, so an undo shows here too.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from typing import Any

import attrs
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from engine.scenario.model import Zone
from studio.document import ScenarioDocument

OPTIONAL_TEXT = {"fill", "fill_from", "colour_from", "show_if"}  # an empty line means none


class ZoneForm(QWidget):
    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.path: str | None = None  # the zone shown, e.g. layouts[x].zones[3]
        self.editors: dict[str, QWidget] = {}
        form = QFormLayout(self)
        hints = typing.get_type_hints(Zone)
        for field in attrs.fields(Zone):
            editor = self._editor(field, hints[field.name])
            editor.setToolTip(field.metadata.get("help", ""))
            self.editors[field.name] = editor
            form.addRow(field.metadata.get("label", field.name), editor)
        self.show_zone(None, None)

    def _editor(self, field: attrs.Attribute, hint: Any) -> QWidget:
        commit: Callable[[Any], None] = lambda value: self._commit(field, value)
        if hint is float:
            spin = QDoubleSpinBox()
            spin.setRange(field.metadata.get("min", -1e6), field.metadata.get("max", 1e6))
            spin.setSingleStep(0.5)
            spin.setDecimals(2)
            spin.editingFinished.connect(lambda: commit(spin.value()))
            return spin
        if hint is bool:
            box = QCheckBox()
            box.clicked.connect(commit)
            return box
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            combo = QComboBox()
            combo.addItems([member.value for member in hint])
            combo.activated.connect(lambda _: commit(hint(combo.currentText())))
            return combo
        line = QLineEdit()
        line.editingFinished.connect(lambda: commit(line.text() or (None if field.name in OPTIONAL_TEXT else "")))
        return line

    def show_zone(self, path: str | None, zone: Zone | None) -> None:
        """Fill the form with ``zone`` (at ``path``), or empty and off for none."""
        self.path = path if zone is not None else None
        self.setEnabled(zone is not None)
        for name, editor in self.editors.items():
            value = getattr(zone, name) if zone is not None else None
            editor.blockSignals(True)
            if isinstance(editor, QDoubleSpinBox):
                editor.setValue(float(value or 0))
            elif isinstance(editor, QCheckBox):
                editor.setChecked(bool(value))
            elif isinstance(editor, QComboBox):
                editor.setCurrentText(value.value if isinstance(value, enum.Enum) else "")
            elif isinstance(editor, QLineEdit):
                editor.setText("" if value is None else str(value))
            editor.blockSignals(False)

    def _commit(self, field: attrs.Attribute, value: Any) -> None:
        if self.path is not None:
            label = field.metadata.get("label", field.name).lower()
            self.document.set_value(f"{self.path}.{field.name}", value, f"Change zone {label}", merge_key=None)
