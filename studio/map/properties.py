"""The properties of the selected spaces: a form built from field metadata, never per game.

The rows are the space's own fields (name, kind, region, terrain, resources) and the props
the scenario's ruleset declares (``Ruleset.space_props``), each with the editor its type asks
for: a combo for an enum or a reference, a checkbox for a flag, a comma-separated line for a
list, a line for text and numbers. Props a file holds that the ruleset does not declare are
shown too, as text. With several spaces selected an edit changes all of them, as one undo
step; a value that cannot be read (letters in a number) is refused with a message and
changes nothing.
"""

from __future__ import annotations

import enum
import json
import typing
from typing import Any

import attrs
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_to_data
from engine.scenario.model import Scenario, Space
from engine.scenario.paths import MISSING, parse
from engine.scenario.references import references_to
from studio.cards.columns import (
    CHOICE,
    DECIMAL,
    FLAG,
    LIST,
    NUMBER,
    REFERENCE,
    Column,
    field_column,
    valid_ids,
)
from studio.document import ScenarioDocument

SPACE_FIELDS = ("id", "name", "kind", "region", "terrain", "resources", "isolated")
SEVERAL = "(several values)"


@attrs.frozen
class Row:
    """One line of the form: where the value lives below the space, and how it is edited."""

    column: Column
    suffix: str  # below board.spaces[x]: "kind", "props[no_fleet]"
    default: Any = None  # a prop equal to this is left out of the file
    is_prop: bool = False

    def read(self, space: Space) -> Any:
        if self.is_prop:
            return space.props.get(self.column.name, self.default)
        return getattr(space, self.column.name)

    def stored(self, value: Any) -> Any:
        """The value as the file keeps it: an enum prop as its text; a default prop as nothing."""
        if self.is_prop:
            if isinstance(value, enum.Enum):
                value = value.value
            if value is None or value == self.default or value == []:
                return MISSING
        return value


def space_rows(ruleset_id: str) -> list[Row]:
    """The form's rows for a space of this ruleset's scenarios."""
    hints = typing.get_type_hints(Space)
    fields = attrs.fields_dict(Space)
    rows = [Row(field_column(fields[name], hints[name], False), name) for name in SPACE_FIELDS]
    ruleset = get_ruleset(ruleset_id)
    props_type = getattr(ruleset, "space_props", None)
    if props_type is not None:
        prop_hints = typing.get_type_hints(props_type)
        for field in attrs.fields(props_type):
            default = field.default if field.default is not attrs.NOTHING else None
            if isinstance(default, enum.Enum):
                default = default.value
            rows.append(Row(field_column(field, prop_hints[field.name], False), f"props[{field.name}]", default, True))
    return rows


def free_row(name: str) -> Row:
    """A prop the ruleset does not declare: its value written as JSON (true, 3, text)."""
    return Row(Column(name, name, "A prop the ruleset does not declare", "free", False), f"props[{name}]",
               None, True)


class SpaceProperties(QWidget):
    """The form; ``show_spaces`` chooses what it edits, the document's signals keep it current."""

    message = Signal(str)  # why an entry was refused, for the status bar

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.space_ids: list[str] = []
        self._rows: list[Row] = []
        self._editors: dict[str, QWidget] = {}
        self._shape: tuple = ()
        self.heading = QLabel("No space selected")
        self.heading.setWordWrap(True)
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.form_host)
        self.refusal = QLabel()
        self.refusal.setStyleSheet("color: #b03a2e")
        self.refusal.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.refusal)

    def set_document(self, document: ScenarioDocument | None) -> None:
        if self.document is not None:
            self.document.space_renamed.disconnect(self._renamed)
            self.document.spaces_changed.disconnect(self._spaces_changed)
            self.document.changed.disconnect(self._changed)
        self.document = document
        self.space_ids = []
        if document is not None:
            document.space_renamed.connect(self._renamed)  # before changed: the form follows the space
            document.spaces_changed.connect(self._spaces_changed)
            document.changed.connect(self._changed)
        self.refresh()

    def show_spaces(self, space_ids: list[str]) -> None:
        self.space_ids = list(space_ids)
        self.refusal.clear()
        self.refresh()

    def _renamed(self, old: str, new: str) -> None:
        self.space_ids = [new if space_id == old else space_id for space_id in self.space_ids]

    def _changed(self, path: str) -> None:
        """Refilled when a field it shows of a shown space changed (not its outline or name's
        point, which a drag changes at every mouse move), or what its fields offer."""
        steps = parse(path)
        if [name for _, name in steps[:2]] == ["board", "spaces"]:
            shown = len(steps) == 3 or (len(steps) > 3 and steps[3][1] in (*SPACE_FIELDS, "props"))
            if len(steps) > 2 and steps[2][1] in self.space_ids and shown:  # not its outline: a drag
                self.refresh()
        elif path.startswith(("board.regions", "ruleset", "seats")):
            self.refresh()

    def _spaces_changed(self, _added: list[Space], removed: list[Space]) -> None:
        if {space.id for space in removed} & set(self.space_ids):
            self.refresh()

    # -- building and filling the form -----------------------------------------------------

    def spaces(self) -> list[Space]:
        if self.document is None:
            return []
        by_id = {space.id: space for space in self.document.scenario.board.spaces}
        return [by_id[space_id] for space_id in self.space_ids if space_id in by_id]

    def refresh(self) -> None:
        spaces = self.spaces()
        self.space_ids = [space.id for space in spaces]  # forget removed ones
        if not spaces or self.document is None:
            self._build([])
            self.heading.setText("No space selected: click one on the board")
            return
        scenario = self.document.scenario
        rows = space_rows(scenario.ruleset.id)
        declared = {row.column.name for row in rows if row.is_prop}
        extra = sorted({key for space in spaces for key in space.props} - declared)
        rows += [free_row(name) for name in extra]
        if len(spaces) > 1:
            rows = [row for row in rows if row.column.name not in {"id", "name"} or row.is_prop]
        shape = (tuple(row.suffix for row in rows), tuple(region.id for region in scenario.board.regions),
                 tuple(seat.id for seat in scenario.seats), len(spaces) > 1)
        if shape != self._shape:
            self._build(rows)
            self._shape = shape
        names = ", ".join(space.name for space in spaces[:4]) + (" …" if len(spaces) > 4 else "")
        self.heading.setText(f"<b>{names}</b>" if len(spaces) == 1 else f"<b>{len(spaces)} spaces</b>: {names}")
        for row in self._rows:
            values = [row.read(space) for space in spaces]
            self._fill(row, values[0] if all(value == values[0] for value in values) else SEVERAL)

    def _build(self, rows: list[Row]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self._rows, self._editors, self._shape = rows, {}, ()
        props_heading = False
        for row in rows:
            if row.is_prop and not props_heading:
                props_heading = True
                self.form.addRow(QLabel("<b>Props</b>"))
            editor = self._editor(row)
            editor.setToolTip(row.column.help)
            editor.setObjectName(f"field:{row.suffix}")
            label = QLabel(row.column.label)
            label.setToolTip(row.column.help)
            self.form.addRow(label, editor)
            self._editors[row.suffix] = editor

    def _editor(self, row: Row) -> QWidget:
        column = row.column
        if column.kind == FLAG:
            box = QCheckBox()
            box.toggled.connect(lambda on, row=row: self._commit(row, on))
            return box
        if column.kind in (CHOICE, REFERENCE):
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
            if column.optional or row.is_prop:
                combo.addItem("(none)", None)
            if column.kind == CHOICE:
                for value in column.choices:
                    combo.addItem(value, value)
            else:
                names = self._names(column.ref or "")
                for value in valid_ids(self.document.scenario, column.ref or ""):
                    combo.addItem(names.get(value, value), value)
            combo.activated.connect(lambda _, row=row, combo=combo: self._commit(row, combo.currentData()))
            return combo
        line = QLineEdit()
        line.editingFinished.connect(lambda row=row, line=line: self._entered(row, line))
        return line

    def _names(self, ref: str) -> dict[str, str]:
        scenario = self.document.scenario
        items = scenario.board.regions if ref == "region" else scenario.seats if ref == "seat" else []
        return {item.id: f"{item.name} ({item.id})" for item in items}

    def _fill(self, row: Row, value: Any) -> None:
        editor = self._editors[row.suffix]
        editor.blockSignals(True)
        if isinstance(editor, QCheckBox):
            editor.setTristate(value == SEVERAL)
            editor.setCheckState(Qt.CheckState.PartiallyChecked if value == SEVERAL else
                                 Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
        elif isinstance(editor, QComboBox):
            key = value.value if isinstance(value, enum.Enum) else value
            index = editor.findData(key)
            if index < 0 and value == SEVERAL:
                editor.insertItem(0, SEVERAL, SEVERAL)
                index = 0
            editor.setCurrentIndex(index)
        elif isinstance(editor, QLineEdit):
            editor.setText(_text(row, value))
            editor.setPlaceholderText(SEVERAL if value == SEVERAL else "")
            if value == SEVERAL:
                editor.clear()
        editor.blockSignals(False)

    # -- editing ---------------------------------------------------------------------------

    def _entered(self, row: Row, line: QLineEdit) -> None:
        text = line.text()
        spaces = self.spaces()
        if not spaces or (not text and line.placeholderText() == SEVERAL):
            return
        try:
            value = _parse(row, text)
        except ValueError as error:
            self._refuse(f"{row.column.label}: {error}")
            return
        self._commit(row, value)

    def _commit(self, row: Row, value: Any) -> None:
        if self.document is None or value == SEVERAL:
            return
        spaces = self.spaces()
        if row.column.name == "id":
            value = str(value).strip()
            problem = _bad_id(value, {space.id for space in self.document.scenario.board.spaces} - {spaces[0].id})
            if problem:
                self._refuse(problem)
                return
        if row.column.kind == CHOICE and not row.is_prop and value is not None:
            value = row.column.item(value)
        if isinstance(value, Qt.CheckState):
            value = value == Qt.CheckState.Checked
        self.refusal.clear()
        stored = row.stored(value)
        what = spaces[0].name if len(spaces) == 1 else f"{len(spaces)} spaces"
        values = {f"board.spaces[{space.id}].{row.suffix}": stored for space in spaces}
        if row.column.name == "id":  # the connections and placements follow the space
            values.update(_renamed(self.document.scenario, spaces[0].id, value))
        self.document.set_values(values, f"Set {row.column.label.lower()} of {what}", merge_key=None)

    def _refuse(self, text: str) -> None:
        self.refusal.setText(text)
        self.message.emit(text)
        self.refresh()


def _text(row: Row, value: Any) -> str:
    if value is None or value == SEVERAL:
        return ""
    if row.column.kind == LIST:
        return ", ".join(str(item) for item in value)
    if row.column.kind == "free":
        return value if isinstance(value, str) else json.dumps(value)
    return str(value)


def _parse(row: Row, text: str) -> Any:
    """The value the designer typed, or ValueError saying what was expected."""
    kind = row.column.kind
    text = text.strip()
    if kind == LIST:
        return [part.strip() for part in text.split(",") if part.strip()]
    if kind in (NUMBER, DECIMAL):
        if not text:
            if row.column.optional or row.is_prop:
                return None
            raise ValueError("a number is needed")
        try:
            return int(text) if kind == NUMBER else float(text)
        except ValueError:
            raise ValueError(f"expected a {'whole ' if kind == NUMBER else ''}number, found '{text}'") from None
    if kind == "free":
        if not text:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            return text
        return value if isinstance(value, str | int | float | bool) else text
    if not text and row.column.name == "name":
        raise ValueError("a space needs a name")
    return text if text or not row.is_prop else None


def _renamed(scenario: Scenario, old: str, new: str) -> dict[str, str]:
    """Every reference to space ``old`` (connection ends, placements, card data), pointed at ``new``."""
    ruleset = get_ruleset(scenario.ruleset.id)
    card_types = ruleset.card_type_map() if ruleset is not None else {}
    raw = scenario_to_data(scenario, get_ruleset)
    return {path: new for path in references_to(raw, card_types, "space", old)}


def _bad_id(value: str, taken: set[str]) -> str:
    if not value:
        return "Id: a space needs an id"
    if any(character in value for character in "[].") or value != value.strip():
        return f"Id: '{value}' may not contain brackets or dots"
    if value in taken:
        return f"Id: another space is already called '{value}'"
    return ""
