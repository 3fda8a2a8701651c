"""`epoch export tts`: a Tabletop Simulator save that matches the scenario it came from."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from PIL import Image

from engine.cli import main
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    assert main(["export", "tts", str(HISTORY), str(out), "--base-url", "https://example.org/game/"]) == 0
    return out, json.loads((out / "save.json").read_text(encoding="utf-8"))


def test_one_snap_point_per_space_tagged_with_its_id(export):
    _, save = export
    scenario = load_scenario(HISTORY, get_ruleset)
    tags = [point["Tags"] for point in save["SnapPoints"]]
    assert tags == [[f"space:{space.id}"] for space in scenario.board.spaces]


def test_the_board_is_a_custom_tile_with_the_rendered_map(export):
    out, save = export
    board = save["ObjectStates"][0]
    assert board["Name"] == "Custom_Tile"
    assert board["CustomImage"]["ImageURL"] == "https://example.org/game/board.png"
    width, height = Image.open(out / "board.png").size
    scenario = load_scenario(HISTORY, get_ruleset)
    assert abs(width / height - scenario.board.width / scenario.board.height) < 0.01


def test_decks_have_unique_keys_and_card_ids_matching_their_sheets(export):
    out, save = export
    scenario = load_scenario(HISTORY, get_ruleset)
    decks = [o for o in save["ObjectStates"] if o["Name"] == "Deck"]
    assert [d["Nickname"] for d in decks] == [deck.name for deck in scenario.decks]
    keys = [key for deck in decks for key in deck["CustomDeck"]]
    assert len(keys) == len(set(keys))
    card_ids = [card["CardID"] for deck in decks for card in deck["ContainedObjects"]]
    assert len(card_ids) == len(set(card_ids)) == sum(len(deck.cards) for deck in scenario.decks)
    guids = [o["GUID"] for o in save["ObjectStates"]] + [c["GUID"] for d in decks for c in d["ContainedObjects"]]
    assert len(guids) == len(set(guids))
    for deck in decks:
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        for key, sheet in deck["CustomDeck"].items():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            image = Image.open(out / sheet["FaceURL"].rsplit("/", 1)[1])
            assert image.size[0] % sheet["NumWidth"] == 0 and image.size[1] % sheet["NumHeight"] == 0
            assert image.size[0] // sheet["NumWidth"] * 7 == image.size[1] // sheet["NumHeight"] * 5
            indexes = [c["CardID"] % 100 for c in deck["ContainedObjects"] if c["CardID"] // 100 == int(key)]
            assert max(indexes) < sheet["NumWidth"] * sheet["NumHeight"]


def test_a_deck_of_more_than_seventy_cards_takes_a_second_sheet(tmp_path):
    from engine.export.images import card_face, deck_sheets
    from engine.rulesets.registry import get_ruleset

    scenario = load_scenario(HISTORY, get_ruleset)
    card = scenario.decks[0].cards[0]
    sheets = deck_sheets([card_face(card, "big")] * 75)
    assert [(columns, rows) for _, columns, rows in sheets] == [(10, 7), (5, 1)]


def test_a_deck_id_with_a_space_or_hash_names_its_sheet_by_a_working_url(tmp_path):
    raw = json.loads((ROOT / "tests" / "data" / "dice-race.json").read_text(encoding="utf-8"))
    copy = json.loads(json.dumps(raw["decks"][0]))
    copy.update(id="bonus #2", name="Second bonus")
    for card in copy["cards"]:
        card["id"] = "second-" + card["id"]
    raw["decks"].append(copy)
    source = tmp_path / "scenario.json"
    source.write_text(json.dumps(raw), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["export", "tts", str(source), str(out), "--base-url", "https://example.org/game/"]) == 0
    save = json.loads((out / "save.json").read_text(encoding="utf-8"))
    (deck,) = [o for o in save["ObjectStates"] if o.get("Nickname") == "Second bonus"]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["FaceURL"] == "https://example.org/game/deck-bonus%20%232-1.png"
    assert (out / "deck-bonus #2-1.png").is_file()


def test_an_exported_face_prints_a_reference_by_its_name():
    from engine.export.images import _values
    from engine.scenario.naming import names_of

    scenario = load_scenario(HISTORY, get_ruleset)
    sumerians = scenario.deck("empires").cards[0]
    assert "Start provinces: Tigris" in _values(sumerians, names_of(scenario))


CARTHAGE_ROME = ROOT / "scenarios" / "antike-duellum-carthage-rome.json"


def _tile_point(save, out, u_px: float, v_px: float) -> tuple[float, float]:
    """A pixel of board.png on the table through the save's own transform of the tile. The
    model of a Custom_Tile (stretched to its image's aspect): at rotation 0 and scale s its
    image spans x from +s (the image's left) to -s and z from -s*h/w (the top) to +s*h/w, as
    Tabletop Simulator shows an unturned object upside down to the first seat."""
    tile = save["ObjectStates"][0]["Transform"]
    width, height = Image.open(out / "board.png").size
    local_x = (0.5 - u_px / width) * 2 * tile["scaleX"]
    local_z = (v_px / height - 0.5) * 2 * tile["scaleZ"] * height / width
    turn = math.radians(tile["rotY"])
    return (tile["posX"] + local_x * math.cos(turn) + local_z * math.sin(turn),
            tile["posZ"] - local_x * math.sin(turn) + local_z * math.cos(turn))


@pytest.mark.parametrize("source", [HISTORY, CARTHAGE_ROME], ids=lambda p: p.stem)
def test_each_spaces_centre_on_the_tile_lands_on_its_snap_point(tmp_path, source):
    from engine.export.images import label_point

    assert main(["export", "tts", str(source), str(tmp_path)]) == 0
    save = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    scenario = load_scenario(source, get_ruleset)
    width = Image.open(tmp_path / "board.png").size[0]
    per_pixel = width / scenario.board.width
    for space, point in zip(scenario.board.spaces, save["SnapPoints"]):
        x, y = label_point(space.polygon, space.label)
        world_x, world_z = _tile_point(save, tmp_path, x * per_pixel, y * per_pixel)
        assert point["Position"]["x"] == pytest.approx(world_x, abs=0.01), space.id
        assert point["Position"]["z"] == pytest.approx(world_z, abs=0.01), space.id
    # the right way up: the board's top-left corner is at the first seat's far left
    assert _tile_point(save, tmp_path, 0, 0)[0] < 0 < _tile_point(save, tmp_path, 0, 0)[1]


def test_the_setup_pieces_stand_on_their_spaces_in_their_owners_colours(tmp_path):
    """Antike Duellum: each side starts with its three cities, a legion and a galley (rules §2)."""
    assert main(["export", "tts", str(CARTHAGE_ROME), str(tmp_path)]) == 0
    save = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    scenario = load_scenario(CARTHAGE_ROME, get_ruleset)
    snaps = {point["Tags"][0]: point["Position"] for point in save["SnapPoints"]}
    pieces = [o for o in save["ObjectStates"] if o["Name"] in ("PlayerPawn", "BlockSquare")]
    assert len(pieces) == 12
    colours = {seat.name: seat.colour for seat in scenario.seats}
    for piece in pieces:
        owner = piece["Nickname"].rsplit("(", 1)[1].rstrip(")")
        colour = piece["ColorDiffuse"]
        assert "#" + "".join(f"{round(colour[c] * 255):02x}" for c in "rgb") == colours[owner]
        snap = snaps[piece["Tags"][0]]
        assert abs(piece["Transform"]["posX"] - snap["x"]) < 2 and piece["Transform"]["posZ"] == snap["z"]
    cities = [p["Nickname"] for p in pieces if p["Name"] == "BlockSquare" and "city" in p["Nickname"]]
    assert len(cities) == 6 and sum("legion" in p["Nickname"] for p in pieces) == 2


def test_images_default_to_the_folders_file_url_and_a_base_url_needs_a_scheme(tmp_path, capsys):
    assert main(["export", "tts", str(HISTORY), str(tmp_path / "a")]) == 0
    save = json.loads((tmp_path / "a" / "save.json").read_text(encoding="utf-8"))
    assert save["ObjectStates"][0]["CustomImage"]["ImageURL"] == (tmp_path / "a" / "board.png").resolve().as_uri()
    assert main(["export", "tts", str(HISTORY), str(tmp_path / "b"), "--base-url", "javascript:alert(1)"]) == 1
    assert "--base-url 'javascript:alert(1)': must begin with" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def test_the_export_tells_its_progress_image_by_image(tmp_path):
    from engine.export.tabletop_simulator import export_tts

    told = []
    export_tts(load_scenario(HISTORY, get_ruleset), tmp_path, progress=lambda *step: told.append(step))
    images = sorted(path.name for path in tmp_path.glob("*.png"))
    assert told == [(done, len(images)) for done in range(1, len(images) + 1)]
    assert {"board.png", "back.png"} <= set(images) and len(images) >= 3
