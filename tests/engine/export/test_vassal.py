"""`epoch export vassal`: a module whose zones are the scenario's spaces."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.export.vassal import BOARD_PIXELS, build_file, zone_path
from engine.rulesets.registry import get_ruleset
from engine.scenario.converter import value_problem
from engine.scenario.io import load_scenario

ROOT = Path(__file__).resolve().parents[3]
P = "VASSAL.build."


def test_the_module_has_one_zone_per_space_whose_path_is_its_polygon(tmp_path):
    source = ROOT / "scenarios" / "antike-duellum-carthage-rome.json"
    out = tmp_path / "game.vmod"
    assert main(["export", "vassal", str(source), str(out)]) == 0
    scenario = load_scenario(source, get_ruleset)
    with zipfile.ZipFile(out) as archive:
        names = set(archive.namelist())
        build = ET.fromstring(archive.read("buildFile.xml"))
        ET.fromstring(archive.read("moduledata"))
    zones = build.findall(f".//{P}module.map.boardPicker.board.mapgrid.Zone")
    drawn = [space for space in scenario.board.spaces if len(space.polygon) >= 3]
    assert [zone.get("name") for zone in zones] == [space.id for space in drawn]
    scale = BOARD_PIXELS / scenario.board.width
    for zone, space in zip(zones, drawn):
        assert zone.get("path") == zone_path(space.polygon, scale)
        points = [tuple(map(int, pair.split(","))) for pair in zone.get("path").split(";")]
        assert points == [(round(x * scale), round(y * scale)) for x, y in space.polygon]
    board = build.find(f".//{P}module.map.boardPicker.Board")
    assert f"images/{board.get('image')}" in names
    piles = build.findall(f".//{P}module.map.DrawPile")
    assert [pile.get("name") for pile in piles] == [deck.name for deck in scenario.decks]
    for pile, deck in zip(piles, scenario.decks):
        slots = pile.findall(f"{P}widget.CardSlot")
        assert [slot.get("entryName") for slot in slots] == [card.name for card in deck.cards]
        for slot in slots:
            image = slot.text.split(";")[3]
            assert f"images/{image}" in names
    sides = [entry.text for entry in build.find(f"{P}module.PlayerRoster").findall("entry")]
    assert sides == [seat.name for seat in scenario.seats]
    gpids = [slot.get("gpid") for slot in build.iter(f"{P}widget.CardSlot")]
    assert len(gpids) == len(set(gpids))


def test_an_unwritable_target_leaves_nothing_behind(tmp_path):
    source = ROOT / "scenarios" / "antike-duellum-carthage-rome.json"
    assert main(["export", "vassal", str(source), str(tmp_path / "missing" / "game.vmod")]) == 1
    assert list(tmp_path.iterdir()) == []


# Text a scenario may hold: each character the converter's own check lets through.
TEXT = st.lists(st.characters() | st.sampled_from(["\n", "\t", "\ufffe", "<", "&", '"']), max_size=30).map(
    lambda chars: "".join(char for char in chars if value_problem(char) is None))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(title=TEXT, seat=TEXT, space=TEXT, card=TEXT)
def test_any_names_a_scenario_holds_make_a_build_file_xml_reads_back(dice_race, title, seat, space, card):
    """Issue 25: what the export writes, an XML reader (VASSAL's) reads; the names come back."""
    scenario = attrs.evolve(dice_race, meta=attrs.evolve(dice_race.meta, title=title))
    scenario.seats[0].name = seat
    drawn = next(s for s in scenario.board.spaces if len(s.polygon) >= 3)
    drawn.name = space
    scenario.decks[0].cards[0].name = card
    text, _ = build_file(scenario)
    build = ET.fromstring(text.split("\n", 1)[1])
    assert build.get("name") == title
    assert (build.find(f"{P}module.PlayerRoster/entry").text or "") == seat
    zone = build.find(f".//{P}module.map.boardPicker.board.mapgrid.Zone[@name='{drawn.id}']")
    assert zone.get("locationFormat") == space
    assert build.find(f".//{P}widget.CardSlot").get("entryName") == card
