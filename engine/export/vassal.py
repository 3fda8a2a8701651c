"""A VASSAL module (.vmod): a zip holding ``buildFile.xml``, ``moduledata`` and images.

The module has one map whose board is the rendered board image with a strip on its right for
the decks, one zone per space whose path is the space's polygon (in the image's pixels), a
draw pile per deck on that strip holding its cards face down (each card a piece with a Mask
trait whose image is the card back), the setup's pieces as at-start stacks on their spaces,
and a side per seat. The XML is written with the standard library: pywargame, the kept
library for this format, does not import on Python 3.11 (0.8.0 uses 3.12 f-string syntax)
and pulls in Sphinx and ImageMagick bindings for what is a few dozen elements here.

Pieces are encoded as VASSAL encodes them (checked against its source, vassalengine/vassal at
17fb917c5): ``BasicCommandEncoder``'s add-piece command ``+/id/type/state`` whose type and
state are a ``Decorator`` chain joined by tabs, each part escaped as ``SequenceEncoder`` does.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree as ET

from PIL import Image, ImageDraw

from engine.export.images import (
    BACKGROUND,
    board_image,
    board_scale,
    card_back,
    card_face,
    label_point,
)
from engine.export.names import file_name, file_names, refuse_existing
from engine.export.setup import Placed, setup_pieces
from engine.scenario.atomic import replacing
from engine.scenario.model import Scenario
from engine.scenario.naming import names_of

VASSAL_VERSION = "3.7.0"
BOARD_PIXELS = 2048
P = "VASSAL.build."
PILE_SIZE = (125, 175)  # a draw pile's outline in pixels, a card's proportions
PILE_STEP = (200, 250)  # between piles on the strip, three to a row
PIECE_PIXELS = 40
MOST_COPIES = 10  # a piece of a larger count is a stack of this many
MASK_KEY = "70,130"  # Ctrl+F: VASSAL's key code and modifiers, as NamedHotKeyConfigurer writes them
BACK = "back.png"


def sequence(parts: list[str], delimiter: str) -> str:
    """VASSAL's ``SequenceEncoder``: the parts joined by ``delimiter``, each occurrence of it
    inside a part escaped with a backslash, and a part that begins with a backslash (or is
    quoted) wrapped in quotes."""
    encoded = []
    for part in parts:
        escaped = part.replace(delimiter, "\\" + delimiter)
        quoted = part[:1] == "\\" or part[:1] == part[-1:] == "'"
        encoded.append(f"'{escaped}'" if quoted else escaped)
    return delimiter.join(encoded)


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def zone_path(polygon, scale: float) -> str:
    """VASSAL's zone path: ``x,y;x,y;...`` in whole pixels of the board image."""
    return ";".join(f"{round(x * scale)},{round(y * scale)}" for x, y in polygon)


def _basic(image: str, name: str, gpid: int) -> tuple[str, str]:
    """A BasicPiece's type (``piece;`` clone key, delete key, image, name) and state (map, x,
    y, gpid, property count)."""
    return "piece;" + sequence(["", "", image, name], ";"), sequence(["null", "0", "0", str(gpid), "0"], ";")


def _add(type_: str, state: str) -> str:
    return "+/" + sequence(["null", type_, state], "/")


def card_piece(image: str, name: str, gpid: int) -> str:
    """A card: a Mask trait (Obscurable: key, mask image, command, display style, mask name,
    access, peek command, description, auto-peek, deal key, deal expression; state: not
    masked) around a BasicPiece, so a face-down pile shows the back."""
    mask = "obs;" + sequence([MASK_KEY, BACK, "Flip", "I", "Card", "player:", "Peek", "", "true", "", ""], ";")
    basic_type, basic_state = _basic(image, name, gpid)
    return _add(sequence([mask, basic_type], "\t"), sequence(["null;", basic_state], "\t"))


def piece_image(placed: Placed) -> Image.Image:
    """A pawn (a disc) or a block (a square) in the owner's colour."""
    image = Image.new("RGBA", (PIECE_PIXELS, PIECE_PIXELS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    box = (3, 3, PIECE_PIXELS - 4, PIECE_PIXELS - 4)
    (draw.ellipse if placed.pawn else draw.rectangle)(box, fill=placed.colour, outline="#202020", width=2)
    return image


def _board_with_strip(scenario: Scenario) -> tuple[Image.Image, int]:
    """The board image and, right of it, a strip of table for the draw piles; the strip's x."""
    board = board_image(scenario.board, BOARD_PIXELS)
    rows = -(-len(scenario.decks) // 3)
    width = board.width + (3 * PILE_STEP[0] + 50 if scenario.decks else 0)
    image = Image.new("RGB", (width, max(board.height, rows * PILE_STEP[1] + 100)), BACKGROUND)
    image.paste(board, (0, 0))
    return image, board.width


def build_file(scenario: Scenario, progress: Callable[[int, int], None] = lambda done, total: None
               ) -> tuple[str, dict[str, bytes]]:
    """The buildFile.xml text and the images it names; ``progress(done, total)`` is told after
    each card's face is drawn (what takes the time)."""
    board = scenario.board
    scale = board_scale(board, BOARD_PIXELS)  # the image's own: a very tall board is drawn narrower
    surface_image, strip = _board_with_strip(scenario)
    images = {"images/board.png": _png(surface_image), f"images/{BACK}": _png(card_back(scenario.meta.title))}
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
    cards = sum(len(deck.cards) for deck in scenario.decks)
    for position, deck in enumerate(scenario.decks):
        pile = ET.SubElement(main, P + "module.map.DrawPile", name=deck.name, owningBoard="Board",
                             x=str(strip + 125 + PILE_STEP[0] * (position % 3)),
                             y=str(150 + PILE_STEP[1] * (position // 3)),
                             width=str(PILE_SIZE[0]), height=str(PILE_SIZE[1]),
                             faceDown="Always", shuffle="Always", draw="true", reshufflable="false",
                             allowMultiple="false", allowSelect="false", reversible="false")
        for card in deck.cards:
            name = next(names)
            images[f"images/{name}"] = _png(card_face(card, deck.name, card_names))
            progress(len(images) - 2, cards)  # less the board and the back
            slot = ET.SubElement(pile, P + "widget.CardSlot", entryName=card.name, gpid=str(gpid),
                                 height="0", width="0")
            slot.text = card_piece(name, card.name, gpid)
            gpid += 1
    gpid = _setup_stacks(main, scenario, scale, images, gpid)
    module.set("nextPieceSlotId", str(gpid))
    ET.indent(module)
    text = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(module, encoding="unicode")
    return text + "\n", images


def _setup_stacks(main: ET.Element, scenario: Scenario, scale: float, images: dict[str, bytes], gpid: int) -> int:
    """The setup's pieces as at-start stacks, one per piece, at its space's label point (the
    pieces of one space side by side); returns the next free gpid."""
    centres = {space.id: label_point(space.polygon, space.label) for space in scenario.board.spaces}
    on_space: dict[str, int] = {}
    for placed in setup_pieces(scenario):
        piece = placed.piece
        image = file_name(f"setup piece {piece.kind!r} of {placed.owner or 'no seat'}", "piece", piece.kind,
                          placed.colour.lstrip("#"), "pawn" if placed.pawn else "block", suffix=".png")
        images.setdefault(f"images/{image}", _png(piece_image(placed)))
        place = on_space[piece.space] = on_space.get(piece.space, -1) + 1
        x, y = centres[piece.space]
        name = f"{piece.kind} ({placed.owner})" if placed.owner else piece.kind
        stack = ET.SubElement(main, P + "module.map.SetupStack", name=f"{name} at {piece.space}",
                              owningBoard="Board", x=str(round(x * scale) + place * PIECE_PIXELS),
                              y=str(round(y * scale)), useGridLocation="false", location="")
        for _ in range(min(piece.count, MOST_COPIES)):
            slot = ET.SubElement(stack, P + "widget.PieceSlot", entryName=name, gpid=str(gpid), height="0",
                                 width="0")
            slot.text = _add(*_basic(image, name, gpid))
            gpid += 1
    return gpid


def module_data(scenario: Scenario) -> str:
    data = ET.Element("data", version="1")
    ET.SubElement(data, "version").text = scenario.meta.version
    ET.SubElement(data, "VassalVersion").text = VASSAL_VERSION
    ET.SubElement(data, "name").text = scenario.meta.title
    ET.SubElement(data, "description").text = scenario.meta.description
    ET.indent(data)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(data, encoding="unicode") + "\n"


def export_vassal(scenario: Scenario, out: Path, force: bool = False,
                  progress: Callable[[int, int], None] = lambda done, total: None) -> Path:
    """Write the module atomically: beside the target first, then replace it; an existing
    module is refused (``OutputExists``) unless ``force``. ``progress`` as for ``build_file``."""
    refuse_existing([out], force)
    build, images = build_file(scenario, progress)
    with replacing(out) as temporary, zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build)
        archive.writestr("moduledata", module_data(scenario))
        for name, data in images.items():
            archive.writestr(name, data)
    return out
