"""The widget a card field's metadata calls for, shared by the table's cells and the form.

An enum is a combo of its values, a reference a combo of the ids it may name (editable, so a
wrong id shows as written and the validator marks it), a number a spin box held within the
field's declared bounds, a flag a checkbox, a list a list editor of items typed the same way,
anything else a line of text. Three functions read, show and listen to any of them, so the
table's delegate and the form need not know which widget a field has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from engine.scenario.converter import LARGEST_NUMBER
from engine.scenario.layout import shown
from studio.cards.columns import (
    DECIMAL,
    FLAG,
    LIST,
    NUMBER,
    Column,
    valid_ids,
)
from studio.cards.list_editor import ListEditor
from studio.document import ScenarioDocument

LARGEST = LARGEST_NUMBER  # where a field declares no bound: the largest number a file may hold


def editor_for(column: Column, document: ScenarioDocument | None, parent: QWidget | None) -> QWidget:
    """The editor of one field; a list gets a list editor whose items use ``item_editor``."""
    if column.kind == LIST:
        item = item_editor(column, document, None)
        editor: QWidget = ListEditor(item, lambda: column.item_value(editor_value(item)),
                                     lambda value: set_editor_value(item, value), parent)
    else:
        editor = item_editor(column, document, parent)
    editor.setToolTip("\n".join(text for text in (column.help, _bounds(column)) if text))
    return editor


def item_editor(column: Column, document: ScenarioDocument | None, parent: QWidget | None) -> QWidget:
    """The editor of one value of the field (the field itself, or one item of its list)."""
    scenario = document.scenario if document is not None else None
    if column.choices or column.ref:
        combo = QComboBox(parent)
        combo.setEditable(not column.choices)  # a wrong id stays visible as written
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(8)  # narrow enough for the form beside the table
        names = list(column.choices) if column.choices else valid_ids(scenario, column.ref) if scenario else []
        combo.addItems(([""] if column.optional and column.kind != LIST else []) + names)
        return combo
    if column.kind == FLAG:
        return QCheckBox(parent)
    if column.kind in (NUMBER, DECIMAL) or (column.kind == LIST and column.item in (int, float)):
        whole = column.item is int
        box: QAbstractSpinBox = QSpinBox(parent) if whole else QDoubleSpinBox(parent)
        low = column.low if column.low is not None else -LARGEST
        high = column.high if column.high is not None else LARGEST
        if whole:
            box.setRange(int(low), int(high))
        else:
            box.setDecimals(2)
            box.setRange(low, high)
        box.setKeyboardTracking(False)  # one change when the number is typed, not per digit
        return box
    return QLineEdit(parent)


def _bounds(column: Column) -> str:
    """The bounds a number (or each number of a list) is held within, in words."""
    if column.low is not None and column.high is not None:
        return f"From {column.low:g} to {column.high:g}"
    if column.low is not None:
        return f"At least {column.low:g}"
    return f"At most {column.high:g}" if column.high is not None else ""


def set_editor_value(editor: QWidget, value: Any) -> None:
    """Show ``value`` in ``editor``; a value of the wrong kind shows as its text."""
    if isinstance(editor, ListEditor):
        editor.set_items(value)
    elif isinstance(editor, QCheckBox):
        editor.setChecked(value is True)
    elif isinstance(editor, QComboBox):
        editor.setCurrentText(shown(value))
        if not editor.isEditable():
            editor.setCurrentIndex(editor.findText(shown(value)))
    elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            editor.setValue(value)
        else:  # text in a number's place: shown as written, for the designer to replace
            editor.lineEdit().setText(shown(value))
    elif isinstance(editor, QLineEdit):
        editor.setText(shown(value))


def editor_value(editor: QWidget) -> Any:
    if isinstance(editor, ListEditor):
        return list(editor.items)
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QComboBox):
        return editor.currentText()
    if isinstance(editor, (QSpinBox, QDoubleSpinBox)):
        return editor.value() if editor.hasAcceptableInput() else editor.lineEdit().text()
    if isinstance(editor, QLineEdit):
        return editor.text()
    raise TypeError(f"not a card field editor: {type(editor).__name__}")


def value_edited(editor: QWidget, slot: Callable[[], None]) -> None:
    """Call ``slot`` when the designer has finished one change in ``editor`` (a pick, a
    click, a number or a line of text entered, an action on a list)."""
    if isinstance(editor, ListEditor):
        editor.changed.connect(lambda _items: slot())
    elif isinstance(editor, QCheckBox):
        editor.clicked.connect(lambda _checked: slot())
    elif isinstance(editor, QComboBox):
        editor.textActivated.connect(lambda _text: slot())
        if editor.isEditable():
            editor.lineEdit().editingFinished.connect(slot)
    elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
        editor.valueChanged.connect(lambda _value: slot())  # arrows, wheel, a number entered
    elif isinstance(editor, QLineEdit):
        editor.editingFinished.connect(slot)
