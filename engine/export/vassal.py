"""A VASSAL module (.vmod): a zip holding ``buildFile.xml``, ``moduledata`` and images.

The module has one map whose board is the rendered board image, one zone per space whose
path is the space's polygon (in the image's pixels), a draw pile per deck holding its cards,
and a side per seat. The XML is written with the standard library: pywargame, the kept
library for this format, does not import on Python 3.11 (0.8.0 uses 3.12 f-string syntax)
and pulls in Sphinx and ImageMagick bindings for what is a few dozen elements here.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

from engine.export.images import board_image, board_scale, card_face
from engine.export.names import file_names, refuse_existing
from engine.scenario.atomic import replacing
from engine.scenario.model import Scenario
from engine.scenario.naming import names_of

VASSAL_VERSION = "3.7.0"
BOARD_PIXELS = 2048
P = "VASSAL.build."


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def zone_path(polygon, scale: float) -> str:
    """VASSAL's zone path: ``x,y;x,y;...`` in whole pixels of the board image."""
    return ";".join(f"{round(x * scale)},{round(y * scale)}" for x, y in polygon)


def card_piece(image: str, name: str, gpid: int) -> str:
    """A card as VASSAL encodes a piece to add: one BasicPiece (type: clone key, delete
    key, image, name; state: map, x, y, gpid, property count)."""
    def clean(text: str) -> str:
        return text.replace(";", ",").replace("/", "-").replace("\t", " ")

    return f"+/null/piece;;;{image};{clean(name)}/null;0;0;{gpid};0"


def build_file(scenario: Scenario) -> tuple[str, dict[str, bytes]]:
    """The buildFile.xml text and the images it names."""
    board = scenario.board
    scale = board_scale(board, BOARD_PIXELS)  # the image's own: a very tall board is drawn narrower
    images = {"images/board.png": _png(board_image(board, BOARD_PIXELS))}
    module = ET.Element(P + "GameModule", name=scenario.meta.title, version=scenario.meta.version,
                        VassalVersion=VASSAL_VERSION, description=scenario.meta.description,
                        nextPieceSlotId="1")
    ET.SubElement(module, P + "module.BasicCommandEncoder")
    ET.SubElement(module, P + "module.Documentation")
    roster = ET.SubElement(module, P + "module.PlayerRoster", buttonText="Retire", buttonToolTip="Switch sides")
    for seat in scenario.seats:
        ET.SubElement(roster, "entry").text = seat.name
    ET.SubElement(module, P + "module.GlobalOptions", autoReport="Always", centerOnMove="Use Preferences Setting",
                  nonOwnerUnmaskable="Use Preferences Setting", playerIdFormat="$PlayerName$")
    main = ET.SubElement(module, P + "module.Map", mapName="Board", allowMultiple="false", markMoved="Never")
    picker = ET.SubElement(main, P + "module.map.BoardPicker", title="Choose Boards", addColumnText="Add column",
                           addRowText="Add row")
    surface = ET.SubElement(picker, P + "module.map.boardPicker.Board", name="Board", image="board.png",
                            reversible="false", width="0", height="0")
    grid = ET.SubElement(surface, P + "module.map.boardPicker.board.ZonedGrid")
    for space in board.spaces:
        if len(space.polygon) < 3:
            continue
        ET.SubElement(grid, P + "module.map.boardPicker.board.mapgrid.Zone", name=space.id,
                      path=zone_path(space.polygon, scale), locationFormat=space.name,
                      useHighlight="false", useParentGrid="false")
    ET.SubElement(main, P + "module.map.StackMetrics", bottom="-1", disabled="false", exSepX="6", exSepY="18",
                  top="-1", unexSepX="8", unexSepY="16")
    names = iter(file_names(((f"decks[{deck.id}].cards[{card.id}]", ("card", deck.id, card.id))
                             for deck in scenario.decks for card in deck.cards), ".png"))
    gpid = 1
    card_names = names_of(scenario)
    for position, deck in enumerate(scenario.decks):
        pile = ET.SubElement(main, P + "module.map.DrawPile", name=deck.name, owningBoard="Board",
                             x=str(round(board.width * scale) + 150 + 200 * (position % 3)),
                             y=str(150 + 250 * (position // 3)), width="125", height="175",
                             faceDown="Always", shuffle="Always", draw="true", reshufflable="false",
                             allowMultiple="false", allowSelect="false", reversible="false")
        for card in deck.cards:
            name = next(names)
            images[f"images/{name}"] = _png(card_face(card, deck.name, card_names))
            slot = ET.SubElement(pile, P + "widget.CardSlot", entryName=card.name, gpid=str(gpid),
                                 height="0", width="0")
            slot.text = card_piece(name, card.name, gpid)
            gpid += 1
    module.set("nextPieceSlotId", str(gpid))
    ET.indent(module)
    text = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(module, encoding="unicode")
    return text + "\n", images


def module_data(scenario: Scenario) -> str:
    data = ET.Element("data", version="1")
    ET.SubElement(data, "version").text = scenario.meta.version
    ET.SubElement(data, "VassalVersion").text = VASSAL_VERSION
    ET.SubElement(data, "name").text = scenario.meta.title
    ET.SubElement(data, "description").text = scenario.meta.description
    ET.indent(data)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(data, encoding="unicode") + "\n"


def export_vassal(scenario: Scenario, out: Path, force: bool = False) -> Path:
    """Write the module atomically: beside the target first, then replace it; an existing
    module is refused (``OutputExists``) unless ``force``."""
    refuse_existing([out], force)
    build, images = build_file(scenario)
    with replacing(out) as temporary, zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build)
        archive.writestr("moduledata", module_data(scenario))
        for name, data in images.items():
            archive.writestr(name, data)
    return out
