"""The properties panel: a form from field metadata, every edit one undo step."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit

from engine.rulesets.antike_duellum.tables import TECHS
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Scenario, SpaceKind
from studio.document import ScenarioDocument
from studio.map.properties import SpaceProperties


@pytest.fixture
def document(hotw_path, qtbot):
    return ScenarioDocument(load_scenario(hotw_path, get_ruleset), hotw_path)


@pytest.fixture
def panel(document, qtbot):
    panel = SpaceProperties()
    qtbot.addWidget(panel)
    panel.set_document(document)
    return panel


def editor(panel, suffix):
    return panel.findChild(object, f"field:{suffix}")


def type_into(line: QLineEdit, text: str) -> None:
    line.setText(text)
    line.editingFinished.emit()


def shipped_panel(qtbot, name: str) -> tuple[Scenario, ScenarioDocument, SpaceProperties]:
    """A Space panel editing the shipped scenario ``name``."""
    scenario = load_scenario(Path(__file__).parents[3] / "scenarios" / f"{name}.json", get_ruleset)
    document = ScenarioDocument(scenario)
    panel = SpaceProperties()
    qtbot.addWidget(panel)
    panel.set_document(document)
    return scenario, document, panel


def every_prop_declared(scenario: Scenario) -> bool:
    """No prop the scenario's spaces carry is left as an undeclared one of its ruleset."""
    declared = set(attrs.fields_dict(get_ruleset(scenario.ruleset.id).space_props))
    return {key for space in scenario.board.spaces for key in space.props} <= declared


def test_the_form_shows_the_space_and_the_rulesets_declared_props(panel, document):
    panel.show_spaces(["north-sea"])
    assert editor(panel, "name").text() == "North Sea"
    kind = editor(panel, "kind")
    assert isinstance(kind, QComboBox) and kind.currentText() == "sea"
    assert [kind.itemText(i) for i in range(kind.count())] == [k.value for k in SpaceKind]
    assert isinstance(editor(panel, "props[no_fleet]"), QCheckBox)  # History of the World declares it
    region = editor(panel, "region")
    assert region.itemData(0) is None and region.count() == len(document.scenario.board.regions) + 1
    assert editor(panel, "props[no_fleet]").toolTip().startswith("No fleet may be placed")


def test_edits_go_through_the_undo_stack_and_a_default_prop_leaves_the_file(panel, document):
    panel.show_spaces(["north-sea"])
    space = document.scenario.board.space("north-sea")
    editor(panel, "props[no_fleet]").setChecked(True)
    assert space.props == {"no_fleet": True}
    editor(panel, "props[no_fleet]").setChecked(False)
    assert space.props == {}  # false is the default: not written
    type_into(editor(panel, "terrain"), "mountain,  forest")
    assert space.terrain == ["mountain", "forest"]
    assert document.undo_stack.count() == 3
    for _ in range(3):
        document.undo_stack.undo()
    assert space.terrain == [] and space.props == {}


def test_several_spaces_change_together_in_one_step(panel, document):
    ids = ["gaul", "iberia", "italia"]
    panel.show_spaces(ids)
    assert editor(panel, "name") is None  # names differ per space: not offered for several
    region = editor(panel, "region")
    target = document.scenario.board.regions[0].id
    region.setCurrentIndex(region.findData(target))
    region.activated.emit(region.currentIndex())
    assert {document.scenario.board.space(i).region for i in ids} == {target}
    assert document.undo_stack.count() == 1


def test_a_number_that_is_no_number_is_refused_and_changes_nothing(qtbot):
    scenario, document, panel = shipped_panel(qtbot, "antike-duellum-greece-persia")
    cell = next(s for s in scenario.board.spaces if "position" in s.props)
    panel.show_spaces([cell.id])
    before = cell.props["position"]
    type_into(editor(panel, "props[position]"), "third")
    assert cell.props["position"] == before and document.undo_stack.count() == 0
    assert panel.refusal.text() == "Position: expected a whole number, found 'third'"
    type_into(editor(panel, "props[position]"), "7")
    assert cell.props["position"] == 7


def test_renaming_a_space_takes_its_connections_along_and_undo_brings_all_back(panel, document):
    panel.show_spaces(["gaul"])
    before = document.text()
    type_into(editor(panel, "id"), "gallia")
    board = document.scenario.board
    assert board.space("gallia").name == "Gaul"
    assert not any("gaul" in (c.a, c.b) for c in board.connections)
    assert document.problems() == []
    type_into(editor(panel, "id"), "iberia")  # taken
    assert panel.refusal.text() == "Id: another space is already called 'iberia'"
    document.undo_stack.undo()
    assert document.text() == before


def test_a_checkbox_state_for_several_spaces_that_differ_is_partial(panel, document):
    document.set_value("board.spaces[north-sea].props[no_fleet]", True)
    panel.show_spaces(["north-sea", "black-sea"])
    assert editor(panel, "props[no_fleet]").checkState() == Qt.CheckState.PartiallyChecked


def test_civilization_declares_its_squares_and_culture_track_props(qtbot):
    """A culture track space (§6.3.10) edits its reward and age as choices and its costs as numbers;
    a map square its grid place; no prop of the shipped scenario is left as an undeclared one."""
    scenario, document, panel = shipped_panel(qtbot, "civilization")
    panel.show_spaces(["culture-20"])
    reward = editor(panel, "props[reward]")
    assert isinstance(reward, QComboBox) and reward.currentText() == "win"
    assert [reward.itemText(i) for i in range(reward.count())] == ["(none)", "start", "event", "great_person", "win"]
    assert editor(panel, "props[age]").currentText() == "modern"
    assert editor(panel, "props[cost_culture]").text() == "7"
    assert editor(panel, "props[cost_trade]").toolTip().startswith("The trade a player also pays")
    track = scenario.board.space("culture-20")
    type_into(editor(panel, "props[cost_trade]"), "many")
    assert track.props["cost_trade"] == 2 and panel.refusal.text() == "Trade cost: expected a whole number, found 'many'"
    reward.setCurrentIndex(reward.findData("great_person"))
    reward.activated.emit(reward.currentIndex())
    assert track.props["reward"] == "great_person" and document.undo_stack.count() == 1
    panel.show_spaces(["sq-3-5"])
    assert (editor(panel, "props[col]").text(), editor(panel, "props[row]").text()) == ("3", "5")
    assert every_prop_declared(scenario)


def test_the_form_follows_its_spaces_fields_but_not_their_outlines(panel, document, monkeypatch):
    """A corner drag rewrites the outline at every mouse move: the form, which shows no
    outline, is not refilled for it; a changed name is shown at once."""
    panel.show_spaces(["gaul"])
    refills = []
    original = SpaceProperties.refresh
    monkeypatch.setattr(SpaceProperties, "refresh", lambda self: (refills.append(1), original(self)))
    gaul = document.scenario.board.space("gaul")
    for step in range(1, 4):
        corners = [(x + step, y) for x, y in gaul.polygon]
        document.set_values({"board.spaces[gaul].polygon": corners, "board.spaces[gaul].label": corners[0]},
                            "Move corner", "drag")
    assert refills == []
    document.set_value("board.spaces[gaul].name", "Gallia")
    assert refills == [1] and editor(panel, "name").text() == "Gallia"

def test_a_brief_history_declares_its_circles_gold_track_and_dial_props(qtbot):
    """A region circle (§3.1) names its region from the map's regions and its place in the scoring
    spiral as a number; a Gold track cell and a dial position show their numbers; no prop of the
    shipped scenario is left as an undeclared one."""
    scenario, document, panel = shipped_panel(qtbot, "a-brief-history-of-the-world")
    panel.show_spaces(["circle-india"])
    region = editor(panel, "props[region]")
    assert isinstance(region, QComboBox) and region.currentText() == "India (india)"
    assert {region.itemData(i) for i in range(region.count())} >= {r.id for r in scenario.board.regions}
    order = editor(panel, "props[order]")
    assert isinstance(order, QLineEdit) and order.text() == "7"
    assert order.toolTip().startswith("The circle's place in the spiral")
    type_into(order, "seventh")
    circle = scenario.board.space("circle-india")
    assert circle.props["order"] == 7 and panel.refusal.text() == "Scoring order: expected a whole number, found 'seventh'"
    type_into(order, "8")
    assert circle.props["order"] == 8 and document.undo_stack.count() == 1
    panel.show_spaces(["gold-42"])
    assert editor(panel, "props[gold]").text() == "42"
    panel.show_spaces(["dial-3"])
    assert editor(panel, "props[dial]").text() == "3"
    assert every_prop_declared(scenario)


def test_after_the_flood_declares_its_city_abilities_points_and_special_areas(qtbot):
    """A Sumerian area's city ability (§6.1) is a choice of the abilities; a foreign area's
    end-game points (§8.4) a number; Dilmun, emptied at every decline (§5.3), a checkbox; no prop
    of the shipped scenario is left as an undeclared one."""
    scenario, document, panel = shipped_panel(qtbot, "after-the-flood")
    panel.show_spaces(["ur"])
    ability = editor(panel, "props[city_ability]")
    assert isinstance(ability, QComboBox) and ability.currentText() == "ur"
    assert {ability.itemData(i) for i in range(ability.count())} >= {"eridu", "babylon", "none"}
    ability.setCurrentIndex(ability.findData("nippur"))
    ability.activated.emit(ability.currentIndex())
    assert scenario.board.space("ur").props["city_ability"] == "nippur" and document.undo_stack.count() == 1
    panel.show_spaces(["dilmun"])
    assert editor(panel, "props[vp]").text() == "4"
    assert editor(panel, "props[clear_all_on_decline]").checkState() == Qt.CheckState.Checked
    type_into(editor(panel, "props[vp]"), "four")
    assert scenario.board.space("dilmun").props["vp"] == 4
    assert panel.refusal.text() == "Points: expected a whole number, found 'four'"
    assert every_prop_declared(scenario)


def test_a_prop_with_declared_choices_is_a_list_of_them(qtbot):
    """Antike Duellum's technology cell sells one of the five technologies (the choices the
    loader and the schema take), so the form offers those and nothing else."""
    scenario, _, panel = shipped_panel(qtbot, "antike-duellum-carthage-rome")
    cell = next(space for space in scenario.board.spaces if "tech" in space.props)
    panel.show_spaces([cell.id])
    tech = editor(panel, "props[tech]")
    assert isinstance(tech, QComboBox) and tech.currentData() == cell.props["tech"]
    assert [tech.itemData(i) for i in range(tech.count())] == [None, *TECHS]
