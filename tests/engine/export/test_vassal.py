"""`epoch export vassal`: a module whose zones are the scenario's spaces, whose cards are masked
pieces with a back, whose piles lie on the board and whose setup stands in at-start stacks.

VASSAL itself cannot run here; the module is checked against VASSAL's own names instead: every
element is a class of VASSAL's source and every attribute one that class (or a superclass)
names, as read from vassalengine/vassal at 17fb917c5 (the KNOWN table below), and every piece
definition decodes as VASSAL's SequenceEncoder and BasicCommandEncoder read it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

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
            image = piece_definition(slot.text)[0][-1][3]
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


# Each element class the export writes, and the attributes VASSAL's source gives it (checked
# with a script against vassal-app/src/main/java at 17fb917c5: the class exists and each
# attribute is a string constant of it or a superclass).
KNOWN = {
    "GameModule": {"name", "version", "VassalVersion", "description", "nextPieceSlotId"},
    "module.BasicCommandEncoder": set(),
    "module.Documentation": set(),
    "module.PlayerRoster": {"buttonText", "buttonToolTip"},
    "module.GlobalOptions": {"autoReport", "centerOnMove", "nonOwnerUnmaskable", "playerIdFormat"},
    "module.Map": {"mapName", "allowMultiple", "markMoved"},
    "module.map.BoardPicker": {"title", "addColumnText", "addRowText"},
    "module.map.boardPicker.Board": {"name", "image", "reversible", "width", "height"},
    "module.map.boardPicker.board.ZonedGrid": set(),
    "module.map.boardPicker.board.mapgrid.Zone": {"name", "path", "locationFormat", "useHighlight",
                                                  "useParentGrid"},
    "module.map.StackMetrics": {"bottom", "disabled", "exSepX", "exSepY", "top", "unexSepX", "unexSepY"},
    "module.map.DrawPile": {"name", "owningBoard", "x", "y", "width", "height", "faceDown", "shuffle", "draw",
                            "reshufflable", "allowMultiple", "allowSelect", "reversible"},
    "widget.CardSlot": {"entryName", "gpid", "height", "width"},
    "module.map.SetupStack": {"name", "owningBoard", "x", "y", "useGridLocation", "location"},
    "widget.PieceSlot": {"entryName", "gpid", "height", "width"},
}


def decode(text: str, delimiter: str) -> list[str]:
    """VASSAL's SequenceEncoder.Decoder: split at each delimiter not escaped by a backslash."""
    tokens, token, index = [], "", 0
    while index < len(text):
        if text[index] == "\\" and text[index + 1:index + 2] == delimiter:
            token += delimiter
            index += 2
            continue
        if text[index] == delimiter:
            tokens.append(token)
            token = ""
        else:
            token += text[index]
        index += 1
    tokens.append(token)
    return [t[1:-1] if len(t) > 1 and t[0] == t[-1] == "'" else t for t in tokens]


def piece_definition(text: str) -> tuple[list[list[str]], list[list[str]]]:
    """An add-piece command's traits: each trait's type fields and state fields, outermost first."""
    assert text.startswith("+/")
    piece_id, type_, state = decode(text[2:], "/")
    assert piece_id == "null"
    return [decode(t, ";") for t in decode(type_, "\t")], [decode(s, ";") for s in decode(state, "\t")]


def _module(tmp_path, source):
    out = tmp_path / "game.vmod"
    assert main(["export", "vassal", str(source), str(out)]) == 0
    archive = zipfile.ZipFile(out)
    return archive, ET.fromstring(archive.read("buildFile.xml"))


def test_every_element_and_attribute_is_vassals_own(tmp_path):
    _, build = _module(tmp_path, ROOT / "scenarios" / "antike-duellum-carthage-rome.json")
    for element in build.iter():
        if element.tag == "entry":  # PlayerRoster's side names
            continue
        tag = element.tag.removeprefix(P)
        assert tag in KNOWN, tag
        assert set(element.attrib) <= KNOWN[tag], (tag, set(element.attrib) - KNOWN[tag])


def test_every_card_is_masked_with_a_back_and_its_pile_lies_on_the_board(tmp_path):
    raw = json.loads((ROOT / "tests" / "data" / "dice-race.json").read_text(encoding="utf-8"))
    raw["decks"][0]["cards"][0]["name"] = "Tab\tsemi;slash/back\\quote'"
    source = tmp_path / "scenario.json"
    source.write_text(json.dumps(raw), encoding="utf-8")
    archive, build = _module(tmp_path, source)
    names = set(archive.namelist())
    width, height = Image.open(archive.open("images/board.png")).size
    slots = list(build.iter(f"{P}widget.CardSlot"))
    assert len(slots) == sum(len(deck["cards"]) for deck in raw["decks"])
    for slot in slots:
        (mask, basic), (mask_state, basic_state) = piece_definition(slot.text)
        assert mask[0] == "obs" and mask[1] == "70,130" and mask[3] == "Flip"
        assert f"images/{mask[2]}" in names and mask_state == ["null", ""]
        assert basic[0] == "piece" and f"images/{basic[3]}" in names
        assert basic[4] == slot.get("entryName")
        assert basic_state == ["null", "0", "0", slot.get("gpid"), "0"]
    assert piece_definition(slots[0].text)[0][1][4] == "Tab\tsemi;slash/back\\quote'"
    for pile in build.iter(f"{P}module.map.DrawPile"):
        x, y = int(pile.get("x")), int(pile.get("y"))
        half_w, half_h = int(pile.get("width")) // 2, int(pile.get("height")) // 2
        assert 0 <= x - half_w and x + half_w <= width and 0 <= y - half_h and y + half_h <= height
        assert pile.get("faceDown") == "Always"


def test_the_setup_stands_in_at_start_stacks_on_its_spaces(tmp_path):
    """Antike Duellum: each side starts with its three cities, a legion and a galley (rules §2)."""
    source = ROOT / "scenarios" / "antike-duellum-carthage-rome.json"
    archive, build = _module(tmp_path, source)
    scenario = load_scenario(source, get_ruleset)
    scale = BOARD_PIXELS / scenario.board.width
    centres = {space.id: space for space in scenario.board.spaces}
    stacks = build.findall(f".//{P}module.map.SetupStack")
    assert len(stacks) == 12
    assert sum("city" in stack.get("name") for stack in stacks) == 6
    seen = set()
    for stack in stacks:
        space_id = stack.get("name").rsplit(" at ", 1)[1]
        (slot,) = stack.findall(f"{P}widget.PieceSlot")
        ((basic,), _) = piece_definition(slot.text)
        assert basic[0] == "piece" and f"images/{basic[3]}" in archive.namelist()
        if space_id not in seen:  # the first piece of a space stands on its label point
            seen.add(space_id)
            from engine.export.images import label_point

            space = centres[space_id]
            x, y = label_point(space.polygon, space.label)
            assert (int(stack.get("x")), int(stack.get("y"))) == (round(x * scale), round(y * scale))


def test_the_export_tells_its_progress_card_by_card(tmp_path):
    """`epoch export vassal` draws a face per card, most of its second: its bar counts them."""
    from engine.export.vassal import export_vassal

    scenario = load_scenario(ROOT / "scenarios" / "after-the-flood.json", get_ruleset)
    told = []
    export_vassal(scenario, tmp_path / "m.vmod", progress=lambda *step: told.append(step))
    cards = sum(len(deck.cards) for deck in scenario.decks)
    assert told == [(done, cards) for done in range(1, cards + 1)]
