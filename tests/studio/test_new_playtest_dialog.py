"""New playtest: the options form is generated from the ruleset's options class."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QPushButton, QSpinBox

from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import load_scenario
from studio.playtest.new_playtest_dialog import NewPlaytestDialog

ROOT = Path(__file__).resolve().parents[2]


def test_every_option_gets_an_editor_labelled_from_its_metadata(qtbot, hotw_path):
    scenario = load_scenario(hotw_path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    dialog = NewPlaytestDialog(scenario, ruleset)
    qtbot.addWidget(dialog)
    fields = attrs.fields(type(scenario.ruleset.options))
    assert [editor.field.name for editor in dialog.editors] == [field.name for field in fields]
    first = dialog.editors[0]
    assert isinstance(first.widget, QCheckBox)
    assert first.widget.text() == fields[0].metadata["label"]
    assert first.widget.toolTip() == f"{fields[0].metadata['help']} [rules: §10.1]"
    assert dialog.setup().options == scenario.ruleset.options

    first.widget.setChecked(not first.widget.isChecked())
    dialog.players.setValue(4)
    dialog.controllers[3].setCurrentIndex(dialog.controllers[3].findData("human"))
    dialog.seed.setValue(42)
    setup = dialog.setup()
    assert getattr(setup.options, fields[0].name) != getattr(scenario.ruleset.options, fields[0].name)
    assert [seat.id for seat in setup.seats] == [seat.id for seat in scenario.seats[:4]]
    assert setup.controllers == ("human", "random", "random", "human") and setup.seed == 42
    assert (dialog.players.minimum(), dialog.players.maximum()) == (ruleset.min_players, ruleset.max_players)
    assert not dialog.controllers[4].isEnabled()
    dialog.restore_defaults()
    assert dialog.setup().options == scenario.ruleset.options


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda ruleset: ruleset.id)
def test_option_help_speaks_to_a_designer_and_tags_the_rules_digest(qtbot, ruleset):
    """The dialog shows each option's help: what on and off do at the table. The digest's
    ambiguity number is a short tag at the end, never the start of the text, and the digest's
    own notes on the rulebook's wording stay in the digest."""
    attrs.resolve_types(ruleset.options_type)
    for field in attrs.fields(ruleset.options_type):
        help_text = field.metadata["help"]
        assert help_text, field.name
        assert not re.match(r"\(?(A\d+|§)", help_text), (field.name, help_text)
        assert not any(word in help_text.lower() for word in ("garbled", "main text", "digest", "glossary")), field.name


def test_whole_numbers_get_spin_boxes(qtbot, dice_race):
    dialog = NewPlaytestDialog(dice_race, get_ruleset("dice-race"))
    qtbot.addWidget(dialog)
    target = next(editor for editor in dialog.editors if editor.field.name == "target")
    assert isinstance(target.widget, QSpinBox) and target.widget.value() == 20
    target.widget.setValue(35)
    assert dialog.setup().options.target == 35


def test_the_seed_box_holds_the_engines_seed_bound_and_draws_within_it(qtbot, dice_race):
    """Issue 25: the dialog drew seeds up to 2**31 that the loader refused. Its range is now
    the engine's one declaration, and every seed it draws is one a playtest file keeps."""
    dialog = NewPlaytestDialog(dice_race, get_ruleset("dice-race"))
    qtbot.addWidget(dialog)
    assert (dialog.seed.minimum(), dialog.seed.maximum()) == (SEED_MIN, SEED_MAX)
    new_seed = next(button for button in dialog.findChildren(QPushButton) if button.text() == "New Seed")
    for _ in range(20):
        new_seed.click()
        assert 0 <= dialog.setup().seed <= SEED_MAX


def _dialog(qtbot, name: str) -> NewPlaytestDialog:
    scenario = load_scenario(ROOT / "scenarios" / name, get_ruleset)
    dialog = NewPlaytestDialog(scenario, get_ruleset(scenario.ruleset.id))
    qtbot.addWidget(dialog)
    return dialog


def _editor(dialog: NewPlaytestDialog, name: str):
    return next(editor for editor in dialog.editors if editor.field.name == name)


def test_option_widgets_offer_only_what_the_options_declare(qtbot):
    """Issue 25: the widgets read the same bounds and choices as the loader and the schema."""
    antike = _dialog(qtbot, "antike-duellum-carthage-rome.json")
    rondel = _editor(antike, "rondel_order").widget
    assert isinstance(rondel, QComboBox) and [rondel.itemData(i) for i in range(rondel.count())] == ["A", "B"]
    coins = _editor(antike, "coin_supply").widget
    assert isinstance(coins, QSpinBox) and coins.minimum() == 0
    civilization = _dialog(qtbot, "civilization.json")
    choice = _editor(civilization, "civ_choice").widget
    assert [choice.itemData(i) for i in range(choice.count())] == ["random", "seat_order"]
    assert _editor(civilization, "offer_rounds").widget.minimum() == 0
    assert _editor(_dialog(qtbot, "a-brief-history-of-the-world.json"), "forts").widget.minimum() == 0


def test_a_trade_table_not_of_its_form_keeps_the_dialog_open_and_says_why(qtbot):
    dialog = _dialog(qtbot, "after-the-flood.json")
    _editor(dialog, "trade_table").widget.setText("grain > wheat")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.problem.text().startswith("Trade table: must be written as 'give|give > get|get; ...'")
    _editor(dialog, "trade_table").widget.setText("grain | wood > gold; tools > lapis")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and not dialog.problem.isVisibleTo(dialog)
