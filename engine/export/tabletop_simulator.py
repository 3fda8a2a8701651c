"""A Tabletop Simulator save: the board as a custom tile with a snap point on every space,
the setup's pieces on their spaces in their owners' colours, and one deck per scenario deck,
from deck-sheet images beside the save.

Tabletop Simulator finds images by URL; ``base_url`` is where the images will be hosted
(``https://...``: anyone can load the save), or by default the folder's own file URL, which
only the exporting machine can load (README, "Exports"). A card's id is ``key * 100 +
index`` where ``key`` names its sheet in ``CustomDeck``.

The board tile lies at the table's centre turned as Tabletop Simulator turns an object to face
the first seat (rotation y 180°): the image's top away from that seat, its left on the seat's
left. ``board_to_world`` is that mapping, and a snap point sits at each space's label point
through it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from engine.export.images import (
    SHEET_COLUMNS,
    SHEET_ROWS,
    board_image,
    card_back,
    card_face,
    deck_sheets,
    label_point,
)
from engine.export.names import file_names, refuse_existing
from engine.export.setup import setup_pieces
from engine.scenario.atomic import replacing, write_atomic
from engine.scenario.model import Scenario
from engine.scenario.naming import names_of

BOARD_WIDTH = 40.0  # world units across the table the board tile spans (about the table's size)
TILE_HEIGHT = 1.0  # the tile's top in world units, where snap points sit
BOARD_TURN = 180.0  # the tile's rotation about y: upright for the first seat
PIECE_STEP = 0.6  # world units between pieces on one space, and between copies in a stack
MOST_COPIES = 10  # a piece of a larger count is a stack of this many, its count in its name
URL_SCHEMES = ("http://", "https://", "file://")


def board_to_world(x: float, y: float, width: float, height: float) -> tuple[float, float]:
    """A board point (pixels, y down) on the table: world x grows to the first seat's right,
    world z away from it; the board's centre is the table's."""
    per_unit = BOARD_WIDTH / width
    return (x - width / 2) * per_unit, (height / 2 - y) * per_unit


def _guid(*parts: str) -> str:
    """Six hex digits like Tabletop Simulator's own, stable for the same scenario."""
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:6]


def _transform(x: float = 0.0, y: float = TILE_HEIGHT, z: float = 0.0, scale: float = 1.0) -> dict[str, float]:
    return {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": BOARD_TURN, "rotZ": 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _rgb(colour: str) -> dict[str, float]:
    return {key: int(colour[i:i + 2], 16) / 255 for key, i in (("r", 1), ("g", 3), ("b", 5))}


def _pieces(scenario: Scenario) -> list[dict[str, Any]]:
    """The setup's pieces, each at its space's snap point (several on a space side by side), a
    pawn for what moves and a block for the rest, in the owner's colour."""
    board = scenario.board
    centres = {space.id: label_point(space.polygon, space.label) for space in board.spaces}
    on_space: dict[str, int] = {}
    objects = []
    for placed in setup_pieces(scenario):
        piece = placed.piece
        x, z = board_to_world(*centres[piece.space], board.width, board.height)
        place = on_space[piece.space] = on_space.get(piece.space, -1) + 1
        name = f"{piece.kind} ({placed.owner})" if placed.owner else piece.kind
        copies = min(piece.count, MOST_COPIES)
        for copy in range(copies):
            objects.append({
                "GUID": _guid(scenario.meta.title, "piece", piece.space, str(place), str(copy)),
                "Name": "PlayerPawn" if placed.pawn else "BlockSquare",
                "Nickname": name if piece.count == 1 else f"{name} x{piece.count}",
                "Description": piece.label,
                "ColorDiffuse": _rgb(placed.colour),
                "Tags": [f"space:{piece.space}"],
                "Transform": {**_transform(x + PIECE_STEP * place, TILE_HEIGHT + 0.5 + PIECE_STEP * copy, z),
                              "scaleX": 0.5, "scaleY": 0.5, "scaleZ": 0.5},
            })
    return objects


def _save_image(image, folder: Path, name: str, base_url: str) -> str:
    with replacing(folder / name) as temporary:
        image.save(temporary, format="PNG")
    return f"{base_url.rstrip('/')}/{quote(name)}"  # an id's space or # would end a bare URL


def _sheet_names(scenario: Scenario) -> dict[str, list[str]]:
    """Each deck's sheet image names, checked before anything is drawn or written."""
    per_sheet = SHEET_COLUMNS * SHEET_ROWS
    sheets = [(deck.id, number) for deck in scenario.decks for number in range(1, -(-len(deck.cards) // per_sheet) + 1)]
    names = file_names(((f"decks[{deck}]", ("deck", deck, str(number))) for deck, number in sheets), ".png")
    by_deck: dict[str, list[str]] = {deck.id: [] for deck in scenario.decks}
    for (deck, _), name in zip(sheets, names):
        by_deck[deck].append(name)
    return by_deck


def export_tts(scenario: Scenario, out_dir: Path, base_url: str | None = None, force: bool = False,
               progress: Callable[[int, int], None] = lambda done, total: None) -> Path:
    """Write the save and its images into ``out_dir``; returns the save's path. Files already
    there are refused (``OutputExists``) unless ``force``. ``progress(done, total)`` is told
    after each image."""
    if base_url is not None and not base_url.startswith(URL_SCHEMES):
        raise ValueError(f"--base-url {base_url!r}: must begin with https://, http:// or file://")
    sheet_names = _sheet_names(scenario)
    names = ["board.png", "back.png", "save.json", *(name for names in sheet_names.values() for name in names)]
    refuse_existing((out_dir / name for name in names), force)
    out_dir.mkdir(parents=True, exist_ok=True)
    base_url = base_url or out_dir.resolve().as_uri()
    board = scenario.board
    title = scenario.meta.title
    images, done = len(names) - 1, []  # every file but the save is an image

    def saved(image, name: str) -> str:
        url = _save_image(image, out_dir, name, base_url)
        done.append(name)
        progress(len(done), images)
        return url

    board_url = saved(board_image(board), "board.png")
    snap_points = []
    for space in board.spaces:
        x, z = board_to_world(*label_point(space.polygon, space.label), board.width, board.height)
        snap_points.append({
            "Position": {"x": x, "y": TILE_HEIGHT, "z": z},
            "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0},
            "Tags": [f"space:{space.id}"],
        })
    objects: list[dict[str, Any]] = [{
        "GUID": _guid(title, "board"),
        "Name": "Custom_Tile",
        "Nickname": f"{title}: board",
        "Transform": _transform(scale=BOARD_WIDTH / 2),
        "CustomImage": {"ImageURL": board_url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                        "WidthScale": 0.0,
                        "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}},
        "Locked": True,
    }, *_pieces(scenario)]
    back_url = saved(card_back(title), "back.png")
    key = 1
    names = names_of(scenario)
    for position, deck in enumerate(scenario.decks):
        faces = [card_face(card, deck.name, names) for card in deck.cards]
        custom: dict[str, Any] = {}
        contained = []
        deck_ids = []
        for sheet_number, (sheet, columns, rows) in enumerate(deck_sheets(faces)):
            url = saved(sheet, sheet_names[deck.id][sheet_number])
            custom[str(key)] = {"FaceURL": url, "BackURL": back_url, "NumWidth": columns, "NumHeight": rows,
                                "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            first = sheet_number * 70
            for index, card in enumerate(deck.cards[first:first + columns * rows]):
                card_id = key * 100 + index
                deck_ids.append(card_id)
                contained.append({
                    "GUID": _guid(title, deck.id, card.id), "Name": "Card", "Nickname": card.name,
                    "Description": card.text, "CardID": card_id, "Transform": _transform(),
                    "CustomDeck": {str(key): custom[str(key)]},
                    "GMNotes": card.id,
                })
            key += 1
        if not contained:
            continue
        objects.append({
            "GUID": _guid(title, deck.id), "Name": "Deck", "Nickname": deck.name,
            "Transform": _transform(x=BOARD_WIDTH / 2 + 4 + 3 * (position % 3), z=-8 + 5 * (position // 3)),
            "DeckIDs": deck_ids, "CustomDeck": custom, "ContainedObjects": contained,
        })
    save = {
        "SaveName": title, "GameMode": title, "Date": "", "VersionNumber": "", "GameType": "", "Tags": [],
        "Gravity": 0.5, "PlayArea": 0.5, "Table": "Table_RPG", "Sky": "", "Note": scenario.meta.description,
        "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
        "SnapPoints": snap_points,
        "ObjectStates": objects,
    }
    path = out_dir / "save.json"
    write_atomic(path, json.dumps(save, indent=2, ensure_ascii=False) + "\n")
    return path
