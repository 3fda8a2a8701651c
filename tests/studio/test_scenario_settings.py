"""Scenario ▸ Settings' Epochs tab: each epoch's number, name and colour, so a card zone coloured
from ``{epoch}`` has a colour to take (issue 31, item 1: "a colour from a field (an epoch's or
region's colour)")."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from engine.rulesets.registry import get_ruleset
from engine.scenario.converter import LONGEST_TEXT
from engine.scenario.io import load_scenario
from engine.scenario.model import Epoch
from studio.scenario_settings import ScenarioSettingsDialog


@pytest.fixture
def dialog(qtbot, hotw_path):
    dialog = ScenarioSettingsDialog(load_scenario(hotw_path, get_ruleset))
    qtbot.addWidget(dialog)
    return dialog


def test_the_tab_lists_the_epochs_and_nothing_changes_until_something_is_edited(dialog):
    assert dialog.epochs.rows()[0] == (1, ["1", "Epoch I", "#8c6d3f"])
    swatch = dialog.epochs.table.item(0, 2)
    assert swatch.background().color().name() == "#8c6d3f"
    assert swatch.foreground().color().name() == "#ffffff"  # legible on the dark brown
    assert dialog.changes() == {}


def test_a_colour_chosen_for_the_selected_epoch_is_the_only_change(dialog):
    dialog.epochs.table.setCurrentCell(2, 0)
    dialog.choose_epoch_colour(QColor("#12ab34"))
    changes = dialog.changes()
    assert list(changes) == ["epochs"]
    assert changes["epochs"][2] == Epoch(3, "Epoch III", "#12ab34")
    assert changes["epochs"][:2] == dialog.scenario.epochs[:2]
    assert dialog.epochs.table.item(2, 2).background().color().name() == "#12ab34"


def test_an_epoch_added_follows_the_last_and_one_removed_is_gone(dialog):
    dialog.add_epoch()
    assert dialog.changes()["epochs"][-1] == Epoch(6, "Epoch 6", "#808080")
    dialog.epochs.remove()
    dialog.epochs.table.setCurrentCell(0, 0)
    dialog.epochs.remove()
    assert [epoch.number for epoch in dialog.changes()["epochs"]] == [2, 3, 4, 5]


def test_epochs_renumbered_are_followed_by_the_cards_that_name_them(dialog, qtbot):
    """Two epochs' numbers swapped: each card of epoch IV now names 5, each of epoch V names 4, so
    every card keeps its epoch (its colour and name), as a renamed seat keeps its cards."""
    from studio.document import ScenarioDocument

    scenario = dialog.scenario
    fourth = {card.id for deck in scenario.decks for card in deck.cards if card.data.epoch == 4}
    fifth = {card.id for deck in scenario.decks for card in deck.cards if card.data.epoch == 5}
    dialog.epochs.table.item(3, 0).setText("5")
    dialog.epochs.table.item(4, 0).setText("4")
    changes = dialog.changes()
    assert len(changes) == 1 + len(fourth) + len(fifth)
    assert changes["decks[empires].cards[e4-mongols].data.epoch"] == 5
    document = ScenarioDocument(scenario)
    document.set_values(changes, "Change scenario settings")
    assert document.undo_stack.count() == 1
    by_number = {epoch.number: epoch.name for epoch in scenario.epochs}
    assert by_number == {1: "Epoch I", 2: "Epoch II", 3: "Epoch III", 5: "Epoch IV", 4: "Epoch V"}
    assert {card.id for deck in scenario.decks for card in deck.cards if card.data.epoch == 5} == fourth
    assert {card.id for deck in scenario.decks for card in deck.cards if card.data.epoch == 4} == fifth
    assert document.problems() == []


@pytest.mark.parametrize(("row", "column", "text", "message"), [
    (1, 0, "two", "Epochs: 'two' is not an epoch number (a whole number, 1 to 1000)"),
    (1, 0, "0", "Epochs: '0' is not an epoch number (a whole number, 1 to 1000)"),
    (1, 0, "1", "Epochs: two epochs are numbered 1"),
    (1, 2, "green", "Epochs: epoch 2: colour 'green' is not #rrggbb"),
])
def test_a_bad_number_or_colour_is_refused_with_its_reason(dialog, row, column, text, message):
    dialog.epochs.table.item(row, column).setText(text)
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        dialog.changes()
    dialog.accept()  # refused: the reason is shown and the dialog stays
    assert dialog.error.text() == message and dialog.result() == 0


def test_text_the_files_reader_would_refuse_is_refused_here_before_it_is_saved(dialog):
    """A description pasted from a 12,000-character file, or a seat's name holding an escape
    character, would be saved and the scenario would then not reopen (the reader bounds text at
    LONGEST_TEXT and refuses control characters): the dialog names it and changes nothing."""
    dialog.description.setPlainText("x" * (LONGEST_TEXT + 1))
    with pytest.raises(ValueError, match=r"^About: text of 10,001 characters \(at most 10,000\)"):
        dialog.changes()
    dialog.description.setPlainText("A fine description")
    dialog.seats.table.item(0, 1).setText("Red\x1b[31m")
    with pytest.raises(ValueError, match=r"^Seats: text holds a control character \(U\+001B\)"):
        dialog.changes()
    assert dialog.title.maxLength() == LONGEST_TEXT
