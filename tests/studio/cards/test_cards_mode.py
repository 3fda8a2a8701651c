"""The Cards mode as a designer uses it: a deck of a new card type, cells edited (a bad value
shows its located message), undo and redo on the shared stack, pasted blocks, sheets in and
out through the preview, and the live face of the selected card."""

from __future__ import annotations

import csv
import html
import threading
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from studio.cards.list_editor import ListEditor
from studio.cards.table import INVALID
from studio.document import ScenarioDocument


def cell(mode, card_id: str, name: str):
    return mode.model.index(mode.model.row_of(card_id), mode.model.column_named(name))


def edit(mode, card_id: str, name: str, text: object) -> None:
    assert mode.model.setData(cell(mode, card_id, name), text)
    mode.validate()


def test_a_deck_of_a_new_card_type_is_made_edited_checked_undone_and_redone(cards):
    stack = cards.document.undo_stack
    cards.ask_card_type = lambda names: "empire" if "empire" in names else None
    cards.new_deck()
    assert [deck.id for deck in cards.document.scenario.decks][-1] == "empire"
    assert stack.count() == 1 and cards.model.deck_id == "empire"
    names = [column.name for column in cards.model.columns]
    assert names[:6] == ["id", "name", "copies", "type", "text", "art"] and "armies" in names
    (card,) = cards.model.deck.cards
    edit(cards, card.id, "name", "Atlanteans")
    edit(cards, card.id, "armies", "5")
    edit(cards, card.id, "start_provinces", "gaul, tigris")
    assert (card.name, card.data.armies, card.data.start_provinces) == ("Atlanteans", 5, ["gaul", "tigris"])
    assert stack.count() == 4  # each cell one step on the document's stack

    edit(cards, card.id, "armies", "ten")
    index = cell(cards, card.id, "armies")
    assert index.data(Qt.ItemDataRole.BackgroundRole) == INVALID
    message = html.unescape(index.data(Qt.ItemDataRole.ToolTipRole))  # escaped: a file's text is never markup
    assert f"decks[empire].cards[{card.id}].data.armies" in message and "'ten'" in message
    assert cell(cards, card.id, "name").data(Qt.ItemDataRole.BackgroundRole) is None
    assert any("data.armies" in cards.problems.item(row).text() for row in range(cards.problems.count()))

    edit(cards, card.id, "start_provinces", "atlantis")
    tooltip = cell(cards, card.id, "start_provinces").data(Qt.ItemDataRole.ToolTipRole)
    assert "atlantis" in tooltip

    stack.undo()
    stack.undo()
    cards.validate()
    assert card.data.armies == 5 and card.data.start_provinces == ["gaul", "tigris"]
    assert cell(cards, card.id, "armies").data(Qt.ItemDataRole.BackgroundRole) is None
    stack.redo()
    cards.validate()
    assert card.data.armies == "ten"
    assert cell(cards, card.id, "armies").data(Qt.ItemDataRole.BackgroundRole) == INVALID
    while stack.canUndo():
        stack.undo()
    assert "empire" not in [deck.id for deck in cards.document.scenario.decks]


def test_flags_are_checkboxes_and_lists_are_checked_cell_by_cell(cards):
    capital = cell(cards, "e1-sumerians", "capital")
    assert capital.flags() & Qt.ItemFlag.ItemIsUserCheckable
    assert capital.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert cards.model.setData(capital, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert cards.document.scenario.deck("empires").cards[0].data.capital is False
    assert not cell(cards, "e1-sumerians", "type").flags() & Qt.ItemFlag.ItemIsEditable


def test_a_pasted_block_of_cells_is_one_undo_step(cards):
    deck = cards.document.scenario.deck("empires")
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-sumerians", "name")))
    written = cards.paste_text("Sumer\t2\nEgypt\t3\n")  # name, copies of the first two cards
    assert written == 4
    assert [(c.name, c.copies) for c in deck.cards[:2]] == [("Sumer", 2), ("Egypt", 3)]
    assert cards.document.undo_stack.count() == 1
    cards.document.undo_stack.undo()
    assert [(c.name, c.copies) for c in deck.cards[:2]] == [("Sumerians", 1), ("Egyptians", 1)]


def test_cards_are_added_duplicated_moved_and_deleted_as_undo_steps(cards):
    deck = cards.document.scenario.deck("empires")
    stack = cards.document.undo_stack
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-egyptians", "name")))
    cards.duplicate_cards()
    assert [c.id for c in deck.cards[1:3]] == ["e1-egyptians", "e1-egyptians-1"]
    assert deck.cards[2].name == "Egyptians" and deck.cards[2] is not deck.cards[1]
    cards.move_card(-1)
    assert [c.id for c in deck.cards[:3]] == ["e1-sumerians", "e1-egyptians-1", "e1-egyptians"]
    cards.add_card()
    assert deck.cards[2].name == "New card" and type(deck.cards[2].data).type_name == "empire"
    cards.delete_cards()
    cards.delete_cards()
    assert len(deck.cards) == 40 and stack.count() == 5
    assert cards.tabs.tabText(0) == "Empire cards (40)"
    while stack.canUndo():
        stack.undo()
    assert [c.id for c in deck.cards[:3]] == ["e1-sumerians", "e1-egyptians", "e1-minoans"]


def test_the_search_box_filters_and_the_preview_follows_each_edit(cards):
    cards.search.setText("carthag")
    assert cards.proxy.rowCount() == 1
    cards.search.setText("")
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-sumerians", "name")))
    before = cards.preview.pixmap().toImage()
    edit(cards, "e1-sumerians", "name", "Akkadians")
    assert cards.preview.pixmap().toImage() != before
    edit(cards, "e1-sumerians", "text", "A very long rule text that goes on. " * 40)
    faces = [cards.problems.item(row).text() for row in range(cards.problems.count())]
    assert any("overflows its zone" in text for text in faces)


def read_rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def test_export_then_import_unchanged_and_an_import_with_an_error_and_a_change(cards, tmp_path):
    window = cards.window
    sheet = tmp_path / "empires.csv"
    window.ask_path = lambda *args, **kwargs: sheet
    text_before = cards.document.text()
    cards.export_cards()
    dialogs = []
    window.run_dialog = lambda dialog: dialogs.append(dialog) or True
    cards.import_cards()
    assert "nothing to change" in dialogs[-1].summary.text()
    assert not dialogs[-1].apply_button.isEnabled()
    assert cards.document.text() == text_before and cards.document.undo_stack.count() == 0

    rows = read_rows(sheet)
    header = rows[0]
    rows[1][header.index("name")] = "Sumer"  # one change
    rows[2][header.index("armies")] = "ten"  # one error
    write_rows(sheet, rows)
    cards.import_cards()
    listed = [dialogs[-1].list.topLevelItem(i).text(1) for i in range(dialogs[-1].list.topLevelItemCount())]
    assert len(listed) == 1 and "'ten'" in listed[0]
    column = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[header.index("armies")]
    assert f"row 3, column {column}" in listed[0]
    assert dialogs[-1].list.topLevelItem(0).text(0) == "decks[empires].cards[e1-egyptians].data.armies"
    assert not dialogs[-1].apply_button.isEnabled()
    assert cards.document.text() == text_before  # nothing applied

    rows[2][header.index("armies")] = "9"  # the error fixed: two changes
    write_rows(sheet, rows)
    cards.import_cards()
    changes = {dialogs[-1].list.topLevelItem(i).text(0): dialogs[-1].list.topLevelItem(i).text(2)
               for i in range(dialogs[-1].list.topLevelItemCount())}
    assert changes == {"e1-sumerians": "name", "e1-egyptians": "data.armies"}
    deck = cards.document.scenario.deck("empires")
    assert deck.cards[0].name == "Sumer" and deck.cards[1].data.armies == 9
    assert cards.document.undo_stack.count() == 1
    cards.document.undo_stack.undo()
    assert cards.document.text() == text_before


def test_a_list_field_is_edited_item_by_item_in_the_form_each_action_one_undo_step(cards):
    stack = cards.document.undo_stack
    sumerians = cards.document.scenario.deck("empires").cards[0]
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-sumerians", "name")))
    editor = cards.form.editors[cards.model.column_named("start_provinces")]
    assert isinstance(editor, ListEditor) and editor.items == ["tigris"]
    spaces = [editor.item_editor.itemText(i) for i in range(editor.item_editor.count())]
    assert "nile" in spaces and "tigris" in spaces  # the board's spaces to pick from
    editor.item_editor.setCurrentText("nile")
    editor.add_button.click()
    assert sumerians.data.start_provinces == ["tigris", "nile"] and stack.count() == 1
    editor.up_button.click()
    assert sumerians.data.start_provinces == ["nile", "tigris"] and stack.count() == 2
    editor.list.setCurrentRow(1)
    editor.remove_button.click()
    assert sumerians.data.start_provinces == ["nile"] and stack.count() == 3
    stack.undo()
    assert editor.items == ["nile", "tigris"]  # the form follows the document
    shown = cell(cards, "e1-sumerians", "start_provinces")
    assert shown.data() == "Nile, Tigris"  # the spaces' names; the ids the file writes in the tooltip
    assert "As written: nile, tigris" in shown.data(Qt.ItemDataRole.ToolTipRole)
    stack.undo()
    stack.undo()
    assert sumerians.data.start_provinces == ["tigris"] and editor.items == ["tigris"]


def test_a_list_cell_opens_the_list_editor_and_commits_each_action(cards, qtbot):
    stack = cards.document.undo_stack
    index = cards.proxy.mapFromSource(cell(cards, "e1-egyptians", "fleets"))
    cards.table.setCurrentIndex(index)
    cards.table.edit(index)
    editor = cards.table.indexWidget(index) or cards.table.findChild(ListEditor)
    assert isinstance(editor, ListEditor) and editor.height() >= 150  # room over the rows below
    editor.item_editor.setCurrentText("mediterranean-sea")
    editor.add_button.click()
    egyptians = cards.document.scenario.deck("empires").cards[1]
    assert egyptians.data.fleets[-1] == "mediterranean-sea" and stack.count() == 1
    editor.item_editor.setCurrentText("atlantis")  # not a space: kept, and marked
    editor.add_button.click()
    cards.validate()
    assert stack.count() == 2 and "atlantis" in cell(cards, "e1-egyptians", "fleets").data(Qt.ItemDataRole.ToolTipRole)
    assert cell(cards, "e1-egyptians", "fleets").data(Qt.ItemDataRole.BackgroundRole) == INVALID


def test_a_paste_longer_than_the_rows_below_adds_cards_in_one_undo_step(cards):
    deck = cards.document.scenario.deck("empires")
    stack = cards.document.undo_stack
    last = deck.cards[-1]
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, last.id, "name")))
    written = cards.paste_text("Last\t2\nAtlanteans\t1\nLemurians\t3\n")
    assert written == 6 and len(deck.cards) == 42
    assert [(c.name, c.copies) for c in deck.cards[-3:]] == [("Last", 2), ("Atlanteans", 1), ("Lemurians", 3)]
    assert type(deck.cards[-1].data) is type(last.data)  # the new cards are of the type above them
    assert stack.count() == 1 and "2 new cards" in stack.text(0)
    assert cards.tabs.tabText(0) == "Empire cards (42)"
    stack.undo()
    assert len(deck.cards) == 40 and deck.cards[-1].name == last.name


def test_cards_sort_by_value_and_moving_waits_for_the_decks_own_order(cards):
    deck = cards.document.scenario.deck("empires")
    armies = cards.model.column_named("armies")
    cards.table.sortByColumn(armies, Qt.SortOrder.AscendingOrder)
    shown = [cards.proxy.index(row, armies).data() for row in range(cards.proxy.rowCount())]
    assert [int(text) for text in shown] == sorted(card.data.armies for card in deck.cards)  # 10 after 9
    first = cards.proxy.mapToSource(cards.proxy.index(0, 0)).row()
    assert cards.proxy.headerData(0, Qt.Orientation.Vertical) == first + 1  # the deck's place still shows
    assert not cards.up_action.isEnabled() and not cards.down_action.isEnabled()
    assert "sorted by Armies" in cards.up_action.toolTip()
    order = [card.id for card in deck.cards]
    cards.table.setCurrentIndex(cards.proxy.index(3, 1))
    cards.move_card(-1)  # a shortcut that slipped through changes nothing, and says why
    assert [card.id for card in deck.cards] == order and cards.document.undo_stack.count() == 0
    assert "sorted by Armies" in cards.window.statusBar().currentMessage()
    assert cards.deck_order_action.isEnabled()
    cards.deck_order_action.trigger()
    assert cards.proxy.index(0, 0).data() == deck.cards[0].id
    assert cards.up_action.isEnabled() and not cards.deck_order_action.isEnabled()
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-egyptians", "name")))
    cards.move_card(-1)
    assert deck.cards[0].id == "e1-egyptians"


def test_number_editors_honour_the_bounds_in_the_fields_metadata(cards):
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-sumerians", "name")))
    copies = cards.form.editors[cards.model.column_named("copies")]
    epoch = cards.form.editors[cards.model.column_named("epoch")]
    assert isinstance(copies, QSpinBox) and (copies.minimum(), copies.maximum()) == (1, 1000)
    assert (epoch.minimum(), epoch.maximum()) == (1, 5)  # History of the World's epochs I to V
    epoch.setValue(4)  # as the arrows or a typed number do: one undo step
    deck = cards.document.scenario.deck("empires")
    assert deck.cards[0].data.epoch == 4 and cards.document.undo_stack.count() == 1
    index = cards.proxy.mapFromSource(cell(cards, "e1-sumerians", "armies"))
    cards.table.setCurrentIndex(index)
    cards.table.edit(index)
    editor = cards.table.findChild(QSpinBox)
    assert editor is not None and editor.minimum() == 1  # a card starts with at least one army
    # Text from a paste or a sheet is not clamped: it is kept and marked with the bound it breaks.
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e1-egyptians", "copies")))
    cards.paste_text("0")
    cards.validate()
    message = html.unescape(cell(cards, "e1-egyptians", "copies").data(Qt.ItemDataRole.ToolTipRole))
    assert "decks[empires].cards[e1-egyptians].copies" in message and "at least 1" in message
    assert cell(cards, "e1-egyptians", "copies").data(Qt.ItemDataRole.BackgroundRole) == INVALID


def test_search_in_one_column_and_show_only_the_cards_with_problems(cards):
    cards.search.setText("e1-")
    assert cards.proxy.rowCount() == 8  # the ids of epoch I's empires, in every column
    cards.search_column.setCurrentText("In Name")
    assert cards.proxy.rowCount() == 0  # no empire's name says e1-
    cards.search.setText("an")
    names = [cards.proxy.index(row, cards.model.column_named("name")).data() for row in range(cards.proxy.rowCount())]
    assert names and all("an" in name.lower() for name in names)
    cards.search.setText("")
    cards.search_column.setCurrentIndex(0)
    cards.problems_only.setChecked(True)
    assert cards.proxy.rowCount() == 0  # the shipped deck has none
    edit(cards, "e2-celts", "armies", "ten")
    assert cards.proxy.rowCount() == 1 and cards.proxy.index(0, 0).data() == "e2-celts"
    cards.document.undo_stack.undo()
    cards.validate()
    assert cards.proxy.rowCount() == 0
    cards.problems_only.setChecked(False)
    assert cards.proxy.rowCount() == 40


def test_with_a_search_on_a_card_moves_past_the_next_card_found(cards):
    deck = cards.document.scenario.deck("empires")
    cards.search_column.setCurrentText("In Order")
    cards.search.setText("1")  # the first empire of each epoch: deck rows 0, 8, 16, 24, 32
    assert cards.proxy.rowCount() == 5
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cell(cards, "e3-guptas", "name")))
    cards.move_card(-1)
    assert [c.id for c in deck.cards[7:10]] == ["e1-greeks", "e3-guptas", "e2-persians"]
    assert cards.proxy.index(1, 0).data() == "e3-guptas"  # seen to move, and still selected
    assert cards.selected_card().id == "e3-guptas"
    cards.move_card(1)  # back past the Persians, the next card found below
    assert [c.id for c in deck.cards[7:10]] == ["e1-greeks", "e2-persians", "e3-guptas"]
    cards.document.undo_stack.undo()
    cards.document.undo_stack.undo()
    assert deck.cards[16].id == "e3-guptas" and deck.cards[8].id == "e2-persians"


def test_an_edit_is_checked_off_the_ui_thread_and_the_marks_follow(cards, qtbot, monkeypatch):
    """The whole-file check after a cell edit (half a second on a 1,000-card deck) is held
    until the test lets it go: the edit returns meanwhile, unmarked, and the bad value is
    marked once the check answers. A check answering for an edited document is dropped."""
    qtbot.waitUntil(cards.idle)
    release, threads = threading.Event(), []
    original = ScenarioDocument.problems

    def held(document):
        threads.append(threading.current_thread())
        release.wait(30)
        return original(document)

    monkeypatch.setattr(ScenarioDocument, "problems", held)
    assert cards.model.setData(cell(cards, "e2-celts", "armies"), "ten")
    qtbot.waitUntil(lambda: bool(threads))
    assert threads[0] is not threading.main_thread()
    assert cell(cards, "e2-celts", "armies").data(Qt.ItemDataRole.BackgroundRole) is None  # not checked yet
    assert cards.model.setData(cell(cards, "e2-celts", "armies"), "eleven")  # edited while the check runs
    release.set()
    qtbot.waitUntil(cards.idle)
    assert cell(cards, "e2-celts", "armies").data(Qt.ItemDataRole.BackgroundRole) == INVALID
    message = html.unescape(cell(cards, "e2-celts", "armies").data(Qt.ItemDataRole.ToolTipRole))
    assert "'eleven'" in message and "'ten'" not in message  # the stale answer was not shown
    cards.document.undo_stack.undo()
    cards.document.undo_stack.undo()
    qtbot.waitUntil(cards.idle)
    assert cell(cards, "e2-celts", "armies").data(Qt.ItemDataRole.BackgroundRole) is None


def test_an_unreadable_sheet_is_listed_in_the_import_dialog_and_changes_nothing(cards, tmp_path):
    window = cards.window
    sheet = tmp_path / "empires.xlsx"
    sheet.write_text("id,name,type\n", encoding="utf-8")  # a CSV saved under an XLSX name: not a zip
    window.ask_path = lambda *args, **kwargs: sheet
    dialogs = []
    window.run_dialog = lambda dialog: dialogs.append(dialog) or True
    text_before = cards.document.text()
    cards.import_cards()
    (dialog,) = dialogs
    assert dialog.list.topLevelItemCount() == 1
    assert dialog.list.topLevelItem(0).text(1).startswith("empires.xlsx: not a readable XLSX workbook (BadZipFile")
    assert not dialog.apply_button.isEnabled()
    assert cards.document.text() == text_before


def test_a_space_renamed_on_the_map_shows_by_its_new_name_in_the_table(cards):
    window = cards.window
    window.show_mode("map")
    cards.document.set_value("board.spaces[tigris].name", "Tigris River", "Rename", merge_key=None)
    window.show_mode("cards")
    assert cell(cards, "e1-sumerians", "start_provinces").data() == "Tigris River"
