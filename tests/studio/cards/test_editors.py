"""The editor a field's metadata calls for, and the list editor's items typed the same way."""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import define
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QLineEdit, QSpinBox

from engine.scenario.converter import LARGEST_NUMBER
from engine.scenario.model import CardData, described
from studio.cards.columns import columns_for
from studio.cards.editors import editor_for, editor_value, set_editor_value
from studio.cards.list_editor import ListEditor


class Terrain(enum.Enum):
    FOREST = "forest"
    DESERT = "desert"


@define
class Survey(CardData):
    """A made-up card type with one list of each item kind."""

    type_name: ClassVar[str] = "survey"
    yields: list[int] = described("Yields", "Food by season", factory=list)
    weights: list[float] = described("Weights", factory=list)
    terrain: list[Terrain] = described("Terrain", factory=list)
    spaces: list[str] = described("Spaces", ref="space", factory=list)
    notes: list[str] = described("Notes", factory=list)


@define
class Outpost(CardData):
    """A made-up card type whose numbers declare bounds, as the hardened model's fields do."""

    type_name: ClassVar[str] = "outpost"
    level: int = described("Level", "1 to 5", min=1, max=5)
    weight: float = described("Weight", min=0.5, max=2)
    distances: list[int] = described("Distances", min=0, max=9, factory=list)
    free: int = described("Free", default=0)


def column(name: str):
    return next(c for c in columns_for([Survey, Outpost]) if c.name == name)


def list_editor(qtbot, name: str) -> ListEditor:
    editor = editor_for(column(name), None, None)
    qtbot.addWidget(editor)
    assert isinstance(editor, ListEditor)
    return editor


def test_each_list_gets_items_typed_from_its_metadata(qtbot):
    assert isinstance(list_editor(qtbot, "yields").item_editor, QSpinBox)
    assert isinstance(list_editor(qtbot, "weights").item_editor, QDoubleSpinBox)
    terrain = list_editor(qtbot, "terrain").item_editor
    assert isinstance(terrain, QComboBox) and not terrain.isEditable()
    assert [terrain.itemText(i) for i in range(terrain.count())] == ["forest", "desert"]
    spaces = list_editor(qtbot, "spaces").item_editor
    assert isinstance(spaces, QComboBox) and spaces.isEditable()  # a wrong id stays as written
    assert isinstance(list_editor(qtbot, "notes").item_editor, QLineEdit)


def test_add_replace_remove_and_move_each_say_the_whole_new_list_once(qtbot):
    editor = list_editor(qtbot, "yields")
    said = []
    editor.changed.connect(said.append)
    editor.set_items([1, 2])
    assert said == []  # showing a value is not an edit
    editor.list.setCurrentRow(0)
    editor.item_editor.setValue(7)
    editor.add()
    assert said[-1] == [1, 7, 2] and isinstance(said[-1][1], int)
    editor.move(1)
    assert said[-1] == [1, 2, 7] and editor.list.currentRow() == 2
    editor.remove()
    assert said[-1] == [1, 2]
    editor.list.setCurrentRow(0)
    editor.move(-1)  # already first: nothing happens
    assert len(said) == 3
    assert not editor.up_button.isEnabled() and editor.down_button.isEnabled()
    assert editor.item_editor.value() == 1  # the selected item's value, ready to change
    editor.item_editor.setValue(5)
    assert len(said) == 3  # typing in the entry is not yet an edit
    editor.replace()
    assert said[-1] == [5, 2]
    assert editor_value(editor) == [5, 2]


def test_an_enum_item_is_picked_and_text_that_is_not_a_value_stays_text(qtbot):
    terrain = list_editor(qtbot, "terrain")
    said = []
    terrain.changed.connect(said.append)
    terrain.item_editor.setCurrentIndex(1)
    terrain.add()
    assert said == [[Terrain.DESERT]]
    yields = column("yields")
    assert yields.item_value("3") == 3 and yields.item_value("three") == "three"


def test_set_editor_value_shows_a_wrong_kind_as_text(qtbot):
    box = editor_for(column("yields"), None, None).item_editor
    set_editor_value(box, "ten")
    assert box.lineEdit().text() == "ten" and editor_value(box) == "ten"
    set_editor_value(box, 4)
    assert editor_value(box) == 4


def test_spin_boxes_hold_numbers_within_the_bounds_their_fields_declare(qtbot):
    level = editor_for(column("level"), None, None)
    assert isinstance(level, QSpinBox) and (level.minimum(), level.maximum()) == (1, 5)
    assert "From 1 to 5" in level.toolTip()
    level.setValue(9)
    assert editor_value(level) == 5
    weight = editor_for(column("weight"), None, None)
    assert isinstance(weight, QDoubleSpinBox) and (weight.minimum(), weight.maximum()) == (0.5, 2.0)
    items = editor_for(column("distances"), None, None).item_editor
    assert (items.minimum(), items.maximum()) == (0, 9)  # each item of a list within the field's bounds
    free = editor_for(column("free"), None, None)
    assert (free.minimum(), free.maximum()) == (-LARGEST_NUMBER, LARGEST_NUMBER)  # no bound: what a file may hold
